/**
 * One match of a served contest, as a worker plays it: the game from the
 * contest's build, each seat's bot sandboxed (its stderr kept), every
 * decision timed, the replay always written (every game can be watched and
 * checked with `havoc replay --verify`, which plays it again from its seed),
 * and the result with each seat's decision times and faults (their causes
 * and places: faults.ts). And a submission's check: its bot loads in the
 * sandbox, then plays a few games against `random` the same way.
 */
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { deriveSeed } from '../core/rng.js';
import type { AnyGameModule } from '../core/game.js';
import { loadRuleset, rulesetById } from '../rules/registry.js';
import { loadBotModule } from '../match/bots.js';
import { clockOf, noDecisions, timedBot, type DecisionTimes } from '../match/measuredBot.js';
import { playMatch } from '../match/loop.js';
import { matchFactory } from '../sandbox/remoteBot.js';
import { isolationOf } from '../sandbox/limits.js';
import { botModuleProblem } from '../config/bots.js';
import { parseData, withRunData } from '../config/data.js';
import { HavocError } from '../core/errors.js';
import type { RunConfig } from '../config/types.js';
import { startReplay, writeReplay } from '../store/replays.js';
import { buildResolver } from '../run/schedule.js';
import { faultsOf, withoutPaths, type Fault } from '../report/faultCauses.js';

/** A seat's bot: the entrant's name, its spec, and its submission's folder (null: a house bot). */
export interface SeatBot {
  readonly name: string;
  readonly spec: string;
  readonly root: string | null;
}

/** What every match of the contest shares (a worker keeps its ruleset and builds per contest). */
export interface ContestSetup {
  /** Identifies the contest for the worker's cache. */
  readonly key: string;
  readonly run: RunConfig;
  /** The text of the run's data file (parsed once per worker: it travels as text, to threads and to other machines), or null. */
  readonly dataText: string | null;
  /** The storage's folder (replays and scratch logs go there). */
  readonly storage: string;
}

export interface PlayTask extends ContestSetup {
  readonly kind: 'play';
  readonly id: string;
  readonly seed: string;
  readonly seats: readonly [SeatBot, SeatBot];
}

export interface CheckTask extends ContestSetup {
  readonly kind: 'check';
  readonly submission: number;
  readonly bot: SeatBot;
  readonly games: number;
}

/** A seat of a played match: its decision times (ms by `clock`: match/measuredBot.ts timedBot) and its faults. */
export interface SeatDetail {
  readonly times: readonly number[];
  /** What the times are by (absent in matches played before it was recorded: the wall clock's). */
  readonly clock?: 'cpu' | 'wall';
  /** By the wall clock (absent before it was recorded). */
  readonly wallMs?: readonly number[];
  readonly faults: readonly Fault[];
}

export interface PlayResult {
  readonly winner: number;
  readonly reason: string;
  readonly turns: number;
  readonly faults: readonly number[];
  readonly seats: readonly SeatDetail[];
  /** Each seat's stderr (the submission's folder taken out), null when it wrote none. */
  readonly logs: readonly (string | null)[];
  /** The replay's file, relative to the storage. */
  readonly replay: string;
}

export interface CheckResult {
  readonly ok: boolean;
  /** Why it cannot play at all (it does not load, compile or start), or null. */
  readonly problem: string | null;
  readonly games: readonly { readonly seat: number; readonly result: 'win' | 'draw' | 'loss'; readonly reason: string; readonly turns: number; readonly faults: readonly Fault[]; readonly log: string | null }[];
  readonly meanMs: number;
  readonly maxMs: number;
  readonly decisions: number;
  /** What the milliseconds are by (absent in checks made before it was recorded: the wall clock's). */
  readonly clock?: 'cpu' | 'wall';
}

const setups = new Map<string, { module: AnyGameModule; build: (name: string) => unknown }>();

async function setupOf(c: ContestSetup): Promise<{ module: AnyGameModule; build: (name: string) => unknown }> {
  let s = setups.get(c.key);
  if (!s) {
    if (c.run.rulesetModule) await loadRuleset(c.run.rulesetModule);
    const base = rulesetById(c.run.ruleset);
    const data = c.dataText !== null && base.data ? parseData(base.data, 'the contest\'s data', () => c.dataText!) : undefined;
    if (data instanceof HavocError) throw data;
    const module = withRunData(base, data?.value);
    s = { module, build: buildResolver(c.run, module) };
    setups.set(c.key, s);
  }
  return s;
}

/** The file of a match's replay under the storage. */
export const replayFile = (id: string): string => join('replays', `${id}.jsonl`);

/** Plays one match into the storage (its replay) and returns its result. */
export async function playOne(t: ContestSetup & { id: string; seed: string; seats: readonly SeatBot[]; saveReplay: boolean }): Promise<PlayResult> {
  const { module: mod, build } = await setupOf(t);
  const run = t.run;
  const loadout = run.loadouts[0]?.name ?? mod.builds.fixed?.name;
  const game = mod.makeGame({ builds: t.seats.map(() => build(loadout!)), turnLimit: run.turnLimit });
  const iso = isolationOf(run.limits);
  const scratch = join(t.storage, 'tmp');
  mkdirSync(scratch, { recursive: true });
  const logs = t.seats.map((_, s) => join(scratch, `${t.id}-${s}.txt`));
  for (const l of logs) rmSync(l, { force: true });
  const times: DecisionTimes[] = t.seats.map(() => noDecisions());
  const bots = await Promise.all(
    t.seats.map(async (seat, s) => {
      const m = await loadBotModule(seat.spec, false);
      const f = matchFactory(m, mod, game, iso, m.isolated ? logs[s] : null);
      return timedBot(f, run.budget, times[s]);
    }),
  );
  const rec = startReplay(mod, game, {
    botSpecs: t.seats.map((s) => s.spec),
    seed: t.seed,
    budget: run.budget,
    maxFaults: run.maxFaults,
    ...(run.rulesetModule ? { rulesetModule: run.rulesetModule } : {}),
  });
  const r = playMatch({ module: mod, game, bots, seed: t.seed, budget: run.budget, maxFaults: run.maxFaults, record: t.saveReplay ? rec.record : undefined });
  const replay = replayFile(t.id);
  if (t.saveReplay) writeReplay(join(t.storage, replay), rec.finish(r));
  const roots = t.seats.map((s) => s.root).filter((x): x is string => x !== null);
  // Faults are placed from the logs as written (their paths in the submission's folder), then the folders taken out.
  const raw = logs.map((l) => (existsSync(l) ? readFileSync(l, 'utf8') : null));
  for (const l of logs) rmSync(l, { force: true });
  return {
    winner: r.winner ?? -1,
    reason: r.reason,
    turns: r.turns,
    faults: r.faults,
    seats: t.seats.map((seat, s) => ({
      times: times[s].times,
      clock: clockOf(times[s]),
      wallMs: times[s].wallMs,
      faults: faultsOf(r.faultLog.filter((f) => f.seat === s), raw[s], seat.root, roots),
    })),
    logs: raw.map((t) => (t === null ? null : withoutPaths(t, roots))),
    replay,
  };
}

/** Checks a submission: it loads in the sandbox, then plays `games` seat-swapped games against random. */
export async function checkOne(t: CheckTask): Promise<CheckResult> {
  const iso = isolationOf(t.run.limits);
  const problem = await botModuleProblem(t.bot.spec, false, iso);
  const fail = (p: string): CheckResult => ({ ok: false, problem: withoutPaths(p, t.bot.root ? [t.bot.root] : []), games: [], meanMs: 0, maxMs: 0, decisions: 0 });
  if (problem) return fail(problem);
  const random: SeatBot = { name: 'random', spec: 'random', root: null };
  const games: CheckResult['games'][number][] = [];
  const all: number[] = [];
  let clock: 'cpu' | 'wall' = 'cpu';
  for (let g = 0; g < t.games; g++) {
    const seat = g % 2;
    const seats = seat === 0 ? [t.bot, random] : [random, t.bot];
    let r: PlayResult;
    try {
      r = await playOne({ ...t, id: `check-${t.submission}-${g}`, seed: deriveSeed(t.run.seed, 'check', t.submission, g >> 1), seats, saveReplay: false });
    } catch (e) {
      return fail((e as Error).message);
    }
    all.push(...r.seats[seat].times);
    if (r.seats[seat].clock !== 'cpu') clock = 'wall';
    games.push({ seat, result: r.winner === seat ? 'win' : r.winner === -1 ? 'draw' : 'loss', reason: r.reason, turns: r.turns, faults: r.seats[seat].faults, log: r.logs[seat] });
  }
  const faulted = games.some((g) => g.faults.length > 0);
  return {
    ok: !faulted,
    problem: faulted ? 'it faulted in its check games against random (below): fix them and submit again' : null,
    games,
    meanMs: all.length ? all.reduce((a, b) => a + b, 0) / all.length : 0,
    maxMs: all.length ? Math.max(...all) : 0,
    decisions: all.length,
    clock: all.length ? clock : 'wall',
  };
}
