/**
 * Writing replays. `recordMatch` plays a match and returns its replay lines;
 * `startReplay` gives a tracer to put into a `playMatch` call of one's own and
 * turns its records into lines when the match is over.
 *
 * A match is a pure function of its header except for one thing: a bot that
 * overran its time budget. Re-recording a match that was played without a
 * recorder (say, because it ended in a fault) therefore takes the original
 * fault log, and replays its timeouts instead of timing the bots again.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, sep } from 'node:path';
import { type BotContext, DEFAULT_BUDGET } from '../core/bot.js';
import { FACINGS, squareName } from '../core/grid.js';
import { playMatch, type AnyBotFactory, type FaultRecord, type MatchOptions, type MatchResult } from './match.js';
import type { AnyGameModule, Recorder } from '../core/game.js';
import { packageRoot } from '../core/paths.js';
import { Game } from '../rules/nhm/game.js';
import { HavocError } from '../core/errors.js';
import { loadoutKey } from '../rules/nhm/loadout.js';
import type { Notation } from '../rules/nhm/programs.js';
import type { StepRecord } from '../rules/nhm/record.js';
import type { State } from '../rules/nhm/state.js';
import { RULES_VERSION } from '../rules/version.js';
import { REPLAY_FORMAT, replayLines, type MinefieldEntry, type ReplayHeader, type ReplayResult, type ReplayStep } from './replayFormat.js';

/** What a header needs beyond the game: the bots by name, the seed, and where the match came from. */
export interface ReplayInfo {
  /** Bot per seat as `loadBot` takes it (built-in name or path). One entry is used for every seat. */
  botSpecs: readonly string[];
  seed: string;
  notation?: Notation;
  budget?: { ms: number; sims: number };
  /** Catalogue file the game's catalogue came from; default its `source`. */
  catalogue?: string;
  match?: ReplayHeader['match'];
}

/** The header line of a game's replay. */
export function replayHeader(game: Game, info: ReplayInfo): ReplayHeader {
  const b = game.board;
  const budget = info.budget ?? DEFAULT_BUDGET;
  const header: ReplayHeader = {
    format: REPLAY_FORMAT,
    ruleset: game.rulesetId,
    rulesVersion: RULES_VERSION,
    catalogueHash: game.catalogue.hash,
    catalogue: portablePath(info.catalogue ?? game.catalogue.source),
    board: { width: b.width, height: b.height },
    turnLimit: game.turnLimit,
    repairAllSlots: game.repairAllSlots,
    notation: info.notation ?? defaultNotation(game),
    machines: game.names.map((name, m) => ({
      name,
      loadout: loadoutKey(game.loadouts[m]),
      loadoutName: game.loadouts[m].name,
      square: squareName(b, game.startSq[m]),
      facing: FACINGS[game.startFacing[m]],
      hearts: game.startHearts[m],
      shields: game.startShields[m],
    })),
    bots: game.names.map((_, m) => info.botSpecs[Math.min(m, info.botSpecs.length - 1)] ?? ''),
    seed: info.seed,
    budget: { ms: budget.ms, sims: budget.sims },
  };
  if (info.match) header.match = info.match;
  return header;
}

/** An NHM-engine game's notation is its ruleset's id (`nhm`, `rbp`). */
export const defaultNotation = (game: Game): Notation => game.rulesetId as Notation;

/** A catalogue path written so the same run gives the same bytes on any machine: relative to the package root when inside it. */
function portablePath(p: string): string {
  if (!isAbsolute(p)) return p.split(sep).join('/');
  const rel = relative(packageRoot(), p);
  return rel.startsWith('..') || isAbsolute(rel) ? p : rel.split(sep).join('/');
}

/** The mines on the board, by square then owner. */
export function minefield(st: State): MinefieldEntry[] {
  const g = st.game, out: MinefieldEntry[] = [];
  for (let s = 0; s < g.size; s++) {
    const own = st.mineOwner[s];
    if (!own) continue;
    for (let m = 0; m < g.n; m++) if (own & (1 << m)) out.push({ owner: g.names[m], square: squareName(g.board, s), armed: (st.mineArmed[s] & (1 << m)) !== 0 });
  }
  return out;
}

/** The result line of a match. */
export function replayResult(game: Game, r: MatchResult): ReplayResult {
  return {
    winner: r.winner === null ? null : game.names[r.winner],
    reason: r.reason,
    turns: r.turns,
    dealt: r.figures[0],
    faults: r.faults,
    faultLog: r.faultLog.map((f) => ({ seat: f.seat, turn: f.turn, kind: f.kind, message: f.message })),
  };
}

/** A replay being recorded: put `record` into playMatch, then `finish` with its result. */
export interface ReplayRecorder {
  readonly header: ReplayHeader;
  readonly record: (st: () => unknown) => Recorder;
  /** The steps recorded so far. */
  readonly steps: ReplayStep[];
  /** The file's lines (header, steps, result). */
  finish(result: MatchResult): string[];
}

/**
 * Starts recording a replay of `game`. `onStep` also sees every step as the
 * engine's StepRecord (for drawing the board while recording).
 */
export function startReplay(mod: AnyGameModule, gameOf: unknown, info: ReplayInfo, onStep?: (rec: StepRecord, st: State) => void): ReplayRecorder {
  // The replay format is the NHM engine's (board, machines, step records).
  if (!(gameOf instanceof Game)) throw new HavocError('ERR_REPLAY', mod.id, 'replay files hold games of the NHM engine (nhm, rbp) only, for now');
  const game = gameOf;
  const header = replayHeader(game, info);
  const steps: ReplayStep[] = [];
  return {
    header,
    steps,
    record: (st) =>
      mod.recorder(st, (r) => {
        const rec = r as StepRecord, now = st() as State;
        onStep?.(rec, now);
        steps.push({ ...rec, minefield: minefield(now) });
      }),
    finish: (result) => replayLines({ header, steps, result: replayResult(game, result) }),
  };
}

export interface RecordOptions extends Omit<MatchOptions, 'record'>, Omit<ReplayInfo, 'seed' | 'notation' | 'budget'> {
  /**
   * The fault log of an earlier play of this match: its timeouts are replayed
   * (the bots are not timed), so a re-recording matches the original exactly.
   */
  faultLog?: readonly Pick<FaultRecord, 'seat' | 'turn' | 'kind'>[] | readonly { seat: number; turn: number; kind: string }[];
}

/** Plays a match and returns its result and its replay's lines (write them with `writeReplay`). */
export function recordMatch(opts: RecordOptions): { result: MatchResult; lines: string[] } {
  const rec = startReplay(opts.module, opts.game, {
    botSpecs: opts.botSpecs,
    seed: opts.seed,
    budget: opts.budget,
    catalogue: opts.catalogue,
    match: opts.match,
  });
  const timing = opts.faultLog ? replayTimeouts(opts.bots, opts.faultLog, opts.budget?.ms ?? DEFAULT_BUDGET.ms) : null;
  const result = playMatch({
    ...opts,
    bots: timing ? timing.bots : opts.bots,
    clock: timing ? timing.clock : opts.clock,
    record: rec.record,
  });
  return { result, lines: rec.finish(result) };
}

/** Writes replay lines to a file, making its folder. */
export function writeReplay(path: string, lines: readonly string[]): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, lines.join('\n') + '\n');
}

/** The file name of match `id`'s replay in a run folder: `replays/match-<id>.jsonl`. */
export const replayFileName = (id: string | number): string => `match-${id}.jsonl`;

/** Where match `id`'s replay lives in run folder `dir`. */
export const replayPath = (dir: string, id: string | number): string => join(dir, 'replays', replayFileName(id));

/**
 * Bots and a clock that reproduce the timeouts of a fault log: each decision
 * takes no time, except those that timed out, which take the budget plus one
 * millisecond. The bots are wrapped only to know whose decision is being timed.
 */
export function replayTimeouts(bots: readonly AnyBotFactory[], faultLog: readonly { seat: number; turn: number; kind: string }[], budgetMs: number): { bots: AnyBotFactory[]; clock: () => number } {
  const late = new Set(faultLog.filter((f) => f.kind === 'timeout').map((f) => `${f.seat}:${f.turn}`));
  let current = '';
  let calls = 0;
  // playMatch reads the clock twice per timed decision (a program): before asking the bot, and after.
  const clock = (): number => (calls++ % 2 === 0 ? 0 : late.has(current) ? budgetMs + 1 : 0);
  const wrapped = bots.map<AnyBotFactory>((factory) => (ctx: BotContext) => {
    const bot = factory(ctx) as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const name of methodNames(bot)) {
      const fn = bot[name] as (...a: unknown[]) => unknown;
      out[name] =
        name === 'program'
          ? (obs: { turn: number }, ...rest: unknown[]) => {
              current = `${ctx.seat}:${obs.turn + 1}`;
              return fn.call(bot, obs, ...rest);
            }
          : fn.bind(bot);
    }
    return out;
  });
  return { bots: wrapped, clock };
}

/** A bot's method names, its own and its classes' (a bot may be a class instance). */
function methodNames(bot: object): string[] {
  const names = new Set<string>();
  for (let o: object | null = bot; o && o !== Object.prototype; o = Object.getPrototypeOf(o) as object | null)
    for (const k of Object.getOwnPropertyNames(o)) if (k !== 'constructor' && typeof (bot as Record<string, unknown>)[k] === 'function') names.add(k);
  return [...names];
}
