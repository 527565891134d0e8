/**
 * The worker entry (piscina): plays a batch of match ids of a run and returns
 * their matches.csv lines as UTF-8 bytes. A batch names its ids as an
 * arithmetic range, and the worker rebuilds the specs from the run config, so
 * messages stay small. Bots are loaded here, once per worker and run.
 */
import { isMainThread } from 'node:worker_threads';
import { Piscina, workerData } from 'piscina';
import { useClockShare } from '../match/clock.js';
import type { RunConfig } from '../config/index.js';
import { loadRunRuleset } from '../config/rulesets.js';
import { folderData } from '../store/folder.js';
import { MatchPlayer, type ReplayChoice } from './player.js';
import { MatchLines } from '../store/records.js';
import { HavocError } from '../core/errors.js';
import { ENVIRONMENT } from '../core/environment.js';
import { longestDecisionMs } from '../core/bot.js';
import { SlotGuard } from './watchdog.js';
import type { IdRange } from './batches.js';
import { DEFAULT_MAX_HANGS, HangStreaks, hungSeats, type HangState } from './hangs.js';
import type { PoolData } from './pool.js';

// The pool's clock memory: one ticker for the process (clock.ts).
useClockShare((workerData as PoolData | undefined)?.clock);

/** A batch: ids start, start + step, … (count of them). */
export interface BatchTask extends IdRange {
  /** Identifies the run (its config's canonical JSON hash) for the worker's cache. */
  readonly key: string;
  readonly run: RunConfig;
  /** The run folder (its data file, parts.json, is read from there; replays go there). */
  readonly dir: string;
  /** Which matches write a replay into the run folder (matches with a bot fault always do). */
  readonly saveReplays: ReplayChoice;
  /** Bots named by path run in this thread, trusted, rather than isolated. */
  readonly trustBots: boolean;
  /** Writes nothing into the run folder, not even a faulty match's replay (a match played again to check it). */
  readonly readOnly?: boolean;
  /**
   * The run's hang streaks as of the batch's first match when the runner
   * knows them (every match before it written), else only the bots dropped
   * so far: the worker drops a bot as the runner would (hangs.ts), and the
   * runner settles the rows again as it writes them.
   */
  readonly hangs?: HangState;
  /** Where a bot named by path loads from, when not from its path (a queue worker's copy of it; the run still names the path). */
  readonly botFiles?: Readonly<Record<string, string>>;
  /** The watchdog's shared memory and this task's slot in it (absent when playing in the main thread). */
  readonly watch?: { readonly shared: SharedArrayBuffer; readonly slot: number };
}

export type BatchResult =
  /** `bytes`: the lines of matches.csv; `ms`: the worker's time for the batch, which the runner sizes the next batches by. */
  | {
      readonly ok: true;
      readonly bytes: Uint8Array;
      readonly count: number;
      readonly ms: number;
      readonly notes: readonly string[];
      /** Matches of the batch some bot hung in: id, and a bit per seat that hung. */
      readonly hangs: readonly (readonly [number, number])[];
    }
  /** The run could not be set up in the worker (not a match's fault): the run stops. */
  | { readonly ok: false; readonly setup: string }
  /** The machine failed the worker (a replay that cannot be written: disk full, permissions): the run stops; nothing of the batch is recorded. */
  | { readonly ok: false; readonly environment: string; readonly where: string };

const players = new Map<string, Promise<MatchPlayer>>();

const playerKey = (task: BatchTask): string => `${task.key}/${task.saveReplays}/${task.trustBots}/${task.readOnly === true}`;

async function playerFor(task: BatchTask): Promise<MatchPlayer> {
  const key = playerKey(task);
  let p = players.get(key);
  if (!p) {
    p = (async () => {
      await loadRunRuleset(task.run, task.dir);
      // The folder's copy, checked against the run's hash (a changed file stops the run).
      const data = folderData(task.dir, task.run);
      return MatchPlayer.create(task.run, data?.value, task.readOnly ? null : { dir: task.dir, save: task.saveReplays }, task.trustBots, task.botFiles);
    })();
    players.set(key, p);
  }
  return p;
}

/** Plays a batch in this thread. A match that throws rejects the whole batch (the runner retries its matches one by one). */
export async function playBatchHere(task: BatchTask): Promise<BatchResult> {
  const guard = task.watch ? new SlotGuard(task.watch.shared, task.watch.slot, longestDecisionMs(task.run.budget), task.run.limits?.startupMs) : undefined;
  let player: MatchPlayer;
  guard?.match(-1); // loading the bots' modules
  guard?.enter(-1, 'factory');
  try {
    player = await playerFor(task);
  } catch (e) {
    players.delete(playerKey(task));
    return { ok: false, setup: (e as Error)?.message ?? String(e) };
  } finally {
    guard?.exit();
  }
  const t0 = performance.now();
  // Each line goes into bytes as its match ends; the bytes are handed to the main thread, not copied.
  const out = new MatchLines(task.count);
  const streaks = new HangStreaks(task.run.maxHangs ?? DEFAULT_MAX_HANGS, task.hangs);
  const hangs: [number, number][] = [];
  for (let i = 0; i < task.count; i++) {
    const id = task.start + i * task.step;
    guard?.match(id);
    try {
      // Nothing to settle (no streak, no bot dropped) is the common case, and costs a string compare a match.
      if (!streaks.quiet && streaks.drops(player.schedule.spec(id).seats.map((s) => s.bot))) {
        out.add(player.dropped(id, streaks.dropped));
        continue;
      }
      const row = player.play(id, guard);
      const hung = hungSeats(row);
      if (hung) hangs.push([id, hung]);
      if (hung || !streaks.quiet) streaks.see(id, row.bots, hung);
      out.add(row);
    } catch (e) {
      if (e instanceof HavocError && e.code === ENVIRONMENT) return { ok: false, environment: e.problem, where: e.where };
      throw e;
    }
  }
  return { ok: true, bytes: out.done(), count: task.count, ms: performance.now() - t0, notes: player.takeNotes(), hangs };
}

/** The pool's entry: playBatchHere, its bytes moved to the main thread rather than copied. */
export default async function playBatch(task: BatchTask): Promise<BatchResult> {
  const r = await playBatchHere(task);
  if (isMainThread || !r.ok) return r;
  return Piscina.move({ [Piscina.transferableSymbol]: [r.bytes.buffer], [Piscina.valueSymbol]: r } as never) as unknown as BatchResult;
}
