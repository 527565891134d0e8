/**
 * Playing a run into its folder: read which matches matches.csv already
 * holds (cutting off a torn last line), send the rest to the executor in
 * batches of consecutive ids, and append each batch's lines in id order as
 * soon as every batch before it is in. So matches.csv is the same bytes
 * however many workers played it, and a run killed at any moment resumes
 * with no match lost or counted twice.
 *
 * A batch whose worker dies (a bot that brings its thread down) is replayed
 * match by match; a match that still fails is recorded with reason `fault`
 * and its error goes to errors.log. Only a failure to set the run up in a
 * worker stops the run.
 */
import { keepSeatKey } from './seatKeyFile.js';
import { appendFileSync } from 'node:fs';
import { lockRunFolder } from '../store/lock.js';
import { idsProblem, rowsProblem } from './rowCheck.js';
import { runsTrustedFromPath } from '../match/bots.js';
import { join } from 'node:path';
import { canonicalJson } from '../core/json.js';
import { HavocError } from '../core/errors.js';
import { createHash } from 'node:crypto';
import { scheduleTotal } from '../config/total.js';
import type { RunConfig } from '../config/types.js';
import type { Executor } from './pool.js';
import { faultRow, type ReplayChoice } from './player.js';
import { ENVIRONMENT, refusedWrite } from '../core/environment.js';
import { csvLines, MatchesWriter, readMatches, rowFields } from '../store/records.js';
import { checkMatchSums } from '../store/matchSums.js';
import { figuresOf, makeSchedule, seatsOf, type Schedule } from './schedule.js';
import { inShard, shardSize, type Shard } from '../store/shard.js';
import { BatchSizer, batchesOf, fixedBatches, type IdRange } from './batches.js';
import type { BatchResult, BatchTask } from './worker.js';
import { BotHang, watchedExecutor } from './watchdog.js';
import { freshSample, statefulMatches } from './freshCheck.js';
import { DEFAULT_MAX_HANGS, hangRow, HangStreaks, settleRows, type HangState } from './hangs.js';

/** Replays a run saves unless told otherwise: its first 10 matches, enough for the report's viewer. */
export const DEFAULT_REPLAYS: ReplayChoice = 10;

/** What a progress report carries besides the counts (see PlayOptions.onProgress). */
export interface ProgressInfo {
  /** Matches played this session per second so far (0 before any is written). */
  readonly matchesPerSecond: number;
  /** Seconds left at that rate, or null while the rate is 0. */
  readonly secondsLeft: number | null;
}

/**
 * A progress report: `done` of the `total` matches in this folder's slice are
 * in matches.csv. Called once as the run starts (with the matches already
 * there) and after every batch written; the CLI draws its bar from these.
 */
export type ProgressListener = (done: number, total: number, info: ProgressInfo) => void;

export interface PlayOptions {
  readonly executor: Executor;
  /** Progress reports (none when absent). */
  readonly onProgress?: ProgressListener;
  /** Stops handing out batches; the ones under way are finished and written. */
  readonly signal?: AbortSignal;
  /** Warnings (a match that could not be played), one line each. */
  readonly warn?: (line: string) => void;
  /** Largest batch (default DEFAULT_MAX_BATCH matches; batches are sized to TARGET_BATCH_MS below that). */
  readonly maxBatch?: number;
  /** Which matches write replays (default the first 10; matches with a bot fault always do). */
  readonly saveReplays?: ReplayChoice;
  /** Bots named by path run in the workers' threads, trusted (`--unsafe-bots`), not isolated. */
  readonly trustBots?: boolean;
}

export interface PlayOutcome {
  /** Matches in this folder's slice of the run. */
  readonly scheduled: number;
  /** Of them, in matches.csv now. */
  readonly done: number;
  readonly playedNow: number;
  readonly seconds: number;
  readonly interrupted: boolean;
  /** Matches recorded as `fault` in this session. */
  readonly crashed: number;
  /** The workers' time playing the batches that came back whole, summed. */
  readonly workerSeconds: number;
  /** Matches of batches the executor had already (Executor.reusable), handed out as they were rather than played again. */
  readonly reused: number;
}

/** A short stable id of a run, for the workers' caches. */
export const runKey = (run: RunConfig): string => createHash('sha256').update(canonicalJson(run)).digest('hex').slice(0, 16);

/** Reads matches.csv (repairing a torn end); returns a bitmap of the ids done and their count, and tells `streaks` each row (in the file's order, which is id order). */
export function doneMatches(dir: string, run: RunConfig, shard: Shard | null, streaks?: HangStreaks): { done: Uint8Array; count: number } {
  const total = scheduleTotal(run);
  const done = new Uint8Array(total);
  let count = 0;
  const path = join(dir, 'matches.csv');
  checkMatchSums(path); // a row changed since it was written is refused before it counts
  readMatches(
    path,
    seatsOf(run),
    (r) => {
      if (r.id < 0 || r.id >= total || !inShard(shard, r.id)) throw new HavocError('ERR_MATCHES', path, `match ${r.id} is not part of this run${shard ? "'s shard" : ''}`);
      if (done[r.id]) throw new HavocError('ERR_MATCHES', path, `match ${r.id} appears twice`);
      done[r.id] = 1;
      count++;
      streaks?.seeRow(r);
    },
    true,
    figuresOf(run),
  );
  return { done, count };
}

/**
 * Plays what is left of a run into `dir` (whose config.json, and parts.json
 * if the ruleset reads data, exist); `data`: the folder's data as the ruleset
 * read it. The folder is locked while it plays (lock.ts): a second havoc on
 * the same folder refuses.
 */
export async function playRun(dir: string, run: RunConfig, shard: Shard | null, data: unknown, opts: PlayOptions): Promise<PlayOutcome> {
  const release = lockRunFolder(dir);
  try {
    return await playLocked(dir, run, shard, data, opts);
  } finally {
    release();
  }
}

async function playLocked(dir: string, run: RunConfig, shard: Shard | null, data: unknown, opts: PlayOptions): Promise<PlayOutcome> {
  const t0 = performance.now();
  keepSeatKey(dir, run.seed);
  const total = scheduleTotal(run);
  const scheduled = shardSize(shard, total);
  // Bots that hang, counted in id order as matches.csv is written, from its rows so far (hangs.ts).
  const streaks = new HangStreaks(run.maxHangs ?? DEFAULT_MAX_HANGS);
  const { done, count: already } = doneMatches(dir, run, shard, streaks);
  const todo = scheduled - already;
  const exec = opts.executor;
  const workers = Math.max(1, exec.workers);
  const key = runKey(run);
  const saveReplays = opts.saveReplays ?? DEFAULT_REPLAYS;
  // Batches the executor has already (a coordinator started again: the ones its predecessor enqueued) are handed out as they are.
  const fixed = fixedBatches((await exec.reusable?.({ key, run, dir, saveReplays, trustBots: opts.trustBots ?? false })) ?? [], done, shard);
  const reused = [...fixed.values()].reduce((n, b) => n + b.count, 0);
  const sizer = new BatchSizer(todo - reused, workers, opts.maxBatch, exec.batchMs);
  let writer!: MatchesWriter;
  refusedWrite(join(dir, 'matches.csv'), () => void (writer = new MatchesWriter(join(dir, 'matches.csv'), seatsOf(run), figuresOf(run)))); // its header, on a full disk
  /** A line for errors.log; a file the machine will not write (disk full) stops the run, located. */
  const log = (text: string): void => refusedWrite(join(dir, 'errors.log'), () => appendFileSync(join(dir, 'errors.log'), text + '\n'));
  let schedule: Schedule | null = null;
  let crashed = 0;
  let workerMs = 0;

  let playedNow = 0;
  const onProgress = opts.onProgress;
  /** Reports progress: the rate of this session's matches, and the time left at it. */
  const report = (listener: ProgressListener): void => {
    const secs = (performance.now() - t0) / 1000;
    const rate = secs > 0 ? playedNow / secs : 0;
    listener(already + playedNow, scheduled, { matchesPerSecond: rate, secondsLeft: rate > 0 ? (scheduled - already - playedNow) / rate : null });
  };
  if (onProgress) report(onProgress);

  const task = (b: IdRange, hangs: HangState): BatchTask => ({ key, run, dir, saveReplays, trustBots: opts.trustBots ?? false, hangs, ...b });
  /** What a worker may know of the hangs: only the bots dropped so far, unless every match before the batch is written. */
  const droppedSoFar = (): HangState => ({ streaks: [], dropped: [...streaks.dropped] });

  // The watchdog (worker threads only): a batch whose bot passes its deadline is stopped, its worker ended.
  const watched = watchedExecutor(exec, run);
  /** Runs one task; a hang comes back as a BotHang (or, while loading the bots, stops the run). */
  const runTask = (b: IdRange, known: HangState): Promise<BatchResult> => watched.run(task(b, known));
  /** What stops the run: a worker that could not set the run up, or the machine refusing a write. */
  const setupError = (r: Exclude<BatchResult, { ok: true }>): HavocError =>
    'environment' in r ? new HavocError(ENVIRONMENT, r.where, r.environment) : new HavocError('ERR_WORKER_SETUP', run.name, `could not set the run up in a worker: ${r.setup}`);
  /** Adds a batch's notes (bots that forfeited a match, and why) to errors.log. */
  const note = (notes: readonly string[]): void => {
    if (notes.length) log(notes.join('\n'));
  };
  // Bot code not ours in the workers' threads: every row is checked in full against the schedule (rowCheck.ts).
  const fullCheck = run.bots.some((b) => runsTrustedFromPath(b.bot, opts.trustBots ?? false));
  /** The batch's rows, checked (rowCheck.ts); an Error when they are not its matches'. */
  const checked = (bytes: Uint8Array, b: IdRange): Uint8Array => {
    let problem = idsProblem(bytes, b);
    if (!problem && fullCheck) {
      schedule ??= makeSchedule(run, data);
      problem = rowsProblem(bytes, b, schedule, seatsOf(run), figuresOf(run).length);
    }
    if (problem) throw new Error(`the worker returned rows that are not the batch's matches: ${problem}`);
    return bytes;
  };
  type Played = { bytes: Uint8Array; hangs: readonly (readonly [number, number])[] };
  /**
   * Plays a batch; if its worker fails (or returns rows that are not its
   * matches'), its matches one by one; a match that still fails becomes a
   * fault row, or a `hang` row charged to the seat the watchdog caught.
   */
  const playBatch = async (b: IdRange, hangs: HangState): Promise<Played> => {
    try {
      const r = await runTask(b, hangs);
      if (!r.ok) throw setupError(r);
      checked(r.bytes, b);
      sizer.measured(r.count, r.ms);
      workerMs += r.ms;
      note(r.notes);
      return { bytes: r.bytes, hangs: r.hangs };
    } catch (e) {
      if (e instanceof HavocError) throw e;
    }
    const lines: Uint8Array[] = [];
    const hung: (readonly [number, number])[] = [];
    for (let i = 0; i < b.count; i++) {
      const id = b.start + i * b.step;
      try {
        const r = await runTask({ start: id, step: 1, count: 1 }, droppedSoFar());
        if (!r.ok) throw setupError(r);
        note(r.notes);
        lines.push(checked(r.bytes, { start: id, step: 1, count: 1 }));
        hung.push(...r.hangs);
      } catch (e) {
        if (e instanceof HavocError) throw e;
        schedule ??= makeSchedule(run, data);
        const seat = e instanceof BotHang ? e.hang.seat : -1;
        const spec = schedule.spec(id);
        lines.push(Buffer.from(csvLines([rowFields(seat >= 0 ? hangRow(spec, seat, figuresOf(run).length) : faultRow(spec, figuresOf(run).length))])));
        if (seat >= 0) hung.push([id, 1 << seat]);
        else crashed++;
        const msg = `match ${id}: ${seat >= 0 ? 'lost by the bot that hung, reason hang' : 'could not be played, recorded as a fault'}: ${((e as Error)?.message ?? String(e)).split('\n')[0]}`;
        log(msg);
        opts.warn?.(msg);
      }
    }
    return { bytes: Buffer.concat(lines), hangs: hung };
  };
  /** A batch's rows as they are written, in id order (hangs.ts: streaks counted, a dropped bot's matches lost). */
  const settle = (b: IdRange, p: Played): Uint8Array => {
    const s = settleRows(streaks, p.bytes, b, p.hangs, (id) => (schedule ??= makeSchedule(run, data)).spec(id), figuresOf(run).length);
    for (const d of s.dropped) {
      const msg = `bot ${d.bot} is dropped from the run: it hung in ${d.matches.length} of its matches in a row (${d.matches.join(', ')}); its matches after ${d.matches[d.matches.length - 1]} are not played and count as lost (reason dropped)`;
      log(msg);
      opts.warn?.(msg);
    }
    return s.bytes;
  };

  let failure: unknown = null;
  let onAbort: (() => void) | null = null;
  try {
    await new Promise<void>((resolve) => {
      const gen = batchesOf(done, shard, () => sizer.next(), fixed);
      const pending = new Map<number, { played: Played; batch: IdRange }>();
      const window = workers * 4;
      let nextSeq = 0;
      let nextWrite = 0;
      let active = 0;
      let exhausted = false;
      const flush = (): void => {
        for (let p = pending.get(nextWrite); p; p = pending.get(nextWrite)) {
          const bytes = settle(p.batch, p.played);
          refusedWrite(writer.path, () => writer.append(bytes));
          playedNow += p.batch.count;
          pending.delete(nextWrite++);
        }
      };
      const pump = (): void => {
        while (!exhausted && !failure && !opts.signal?.aborted && active < workers * 2 && nextSeq < nextWrite + window) {
          const it = gen.next();
          if (it.done) {
            exhausted = true;
            break;
          }
          const b = it.value;
          const seq = nextSeq++;
          // Every match before this batch written: the worker can count the streaks on from here exactly.
          const hangs = active === 0 && pending.size === 0 ? streaks.state() : droppedSoFar();
          active++;
          playBatch(b, hangs).then(
            (played) => {
              active--;
              pending.set(seq, { played, batch: b });
              try {
                flush();
              } catch (e) {
                failure ??= e; // the machine refused a write: nothing more is handed out
              }
              if (onProgress) report(onProgress);
              pump();
            },
            (e) => {
              active--;
              failure ??= e;
              pump();
            },
          );
        }
        if (active === 0) resolve();
      };
      onAbort = () => pump();
      opts.signal?.addEventListener('abort', onAbort, { once: true });
      pump();
    });
  } finally {
    // A signal outlives the run (a contest plays one run after another on it): its listener goes with the run.
    if (onAbort) opts.signal?.removeEventListener('abort', onAbort);
    watched.stop();
    writer.close();
  }
  if (failure) throw failure;
  const finished = already + playedNow;
  // Bots not ours run in the workers' threads: a sample of their matches played again, each alone in a fresh thread (freshCheck.ts).
  if (fullCheck && playedNow > 0 && finished === scheduled && exec.workers > 0) {
    schedule ??= makeSchedule(run, data);
    const ids = freshSample(run, schedule, total, shard, true);
    const fresh = (id: number): BatchTask => ({ ...task({ start: id, step: 1, count: 1 }, droppedSoFar()), readOnly: true });
    for (const f of await statefulMatches(join(dir, 'matches.csv'), run, schedule, ids, fresh)) {
      const msg = `bot ${f.bots.join(' or ')} may keep state across matches (or play by the clock or Math.random): match ${f.id} played alone in a fresh thread gives ${f.alone}, the run gave ${f.row}; with --unsafe-bots its rows then depend on the number of workers and on what each thread played before`;
      log(msg);
      opts.warn?.(msg);
    }
  }
  const seconds = (performance.now() - t0) / 1000;
  return { scheduled, done: finished, playedNow, seconds, interrupted: finished < scheduled, crashed, workerSeconds: workerMs / 1000, reused };
}

/**
 * Plays matches `ids` of the run in `dir` again to save their replays, each a
 * batch of one on the pool under the watchdog, so a bot that never returns
 * ends its worker, not this thread; their rows are the run's already and
 * nothing is appended. Returns the ids whose match was played.
 */
export async function saveReplaysOf(dir: string, run: RunConfig, ids: readonly number[], opts: { executor: Executor; trustBots?: boolean }): Promise<number[]> {
  const watched = watchedExecutor(opts.executor, run);
  const key = runKey(run), played: number[] = [], queue = [...ids];
  // One match a worker at a time (the watchdog has a slot for each task under way).
  const lane = async (): Promise<void> => {
    for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
      try {
        const r = await watched.run({ key, run, dir, saveReplays: 'all', trustBots: opts.trustBots ?? false, start: id, step: 1, count: 1 });
        if (r.ok) played.push(id);
      } catch (e) {
        if (!(e instanceof BotHang)) throw e;
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.max(1, opts.executor.workers) }, lane));
  } finally {
    watched.stop();
  }
  return played.sort((a, b) => a - b);
}
