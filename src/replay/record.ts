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
import { DEFAULT_BUDGET } from '../core/bot.js';
import { FACINGS, squareName } from '../core/grid.js';
import { playMatch, type FaultRecord, type MatchOptions, type MatchResult } from '../arena/match.js';
import type { BotFactory } from '../rules/nhm/botApi.js';
import { packageRoot } from '../core/paths.js';
import type { Game } from '../rules/nhm/game.js';
import { loadoutKey } from '../rules/nhm/loadout.js';
import type { Notation } from '../rules/nhm/programs.js';
import { RecordingTracer, type StepRecord } from '../rules/nhm/record.js';
import type { State } from '../rules/nhm/state.js';
import type { Tracer } from '../rules/nhm/trace.js';
import { RULES_VERSION } from '../rules/version.js';
import { REPLAY_FORMAT, replayLines, type MinefieldEntry, type ReplayHeader, type ReplayResult, type ReplayStep } from './format.js';

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

export const defaultNotation = (game: Game): Notation => (game.rulesetId === 'rbp' ? 'rbp' : 'nhm');

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
    dealt: r.dealt,
    faults: r.faults,
    faultLog: r.faultLog.map((f) => ({ seat: f.seat, turn: f.turn, kind: f.kind, message: f.message })),
  };
}

/** A replay being recorded: put `tracer` into playMatch, then `finish` with its result. */
export interface ReplayRecorder {
  readonly header: ReplayHeader;
  readonly tracer: (st: () => State) => Tracer;
  /** The steps recorded so far. */
  readonly steps: ReplayStep[];
  /** The file's lines (header, steps, result). */
  finish(result: MatchResult): string[];
}

/**
 * Starts recording a replay of `game`. `onStep` also sees every step as the
 * engine's StepRecord (for drawing the board while recording).
 */
export function startReplay(game: Game, info: ReplayInfo, onStep?: (rec: StepRecord, st: State) => void): ReplayRecorder {
  const header = replayHeader(game, info);
  const steps: ReplayStep[] = [];
  return {
    header,
    steps,
    tracer: (st) =>
      new RecordingTracer(st, header.notation, (rec) => {
        onStep?.(rec, st());
        steps.push({ ...rec, minefield: minefield(st()) });
      }),
    finish: (result) => replayLines({ header, steps, result: replayResult(game, result) }),
  };
}

export interface RecordOptions extends Omit<MatchOptions, 'tracer'>, Omit<ReplayInfo, 'seed' | 'notation' | 'budget'> {
  /**
   * The fault log of an earlier play of this match: its timeouts are replayed
   * (the bots are not timed), so a re-recording matches the original exactly.
   */
  faultLog?: readonly Pick<FaultRecord, 'seat' | 'turn' | 'kind'>[] | readonly { seat: number; turn: number; kind: string }[];
}

/** Plays a match and returns its result and its replay's lines (write them with `writeReplay`). */
export function recordMatch(opts: RecordOptions): { result: MatchResult; lines: string[] } {
  const rec = startReplay(opts.game, {
    botSpecs: opts.botSpecs,
    seed: opts.seed,
    notation: opts.notation,
    budget: opts.budget,
    catalogue: opts.catalogue,
    match: opts.match,
  });
  const timing = opts.faultLog ? replayTimeouts(opts.bots, opts.faultLog, opts.budget?.ms ?? DEFAULT_BUDGET.ms) : null;
  const result = playMatch({
    ...opts,
    notation: rec.header.notation,
    bots: timing ? timing.bots : opts.bots,
    clock: timing ? timing.clock : opts.clock,
    tracer: rec.tracer,
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
export function replayTimeouts(bots: readonly BotFactory[], faultLog: readonly { seat: number; turn: number; kind: string }[], budgetMs: number): { bots: BotFactory[]; clock: () => number } {
  const late = new Set(faultLog.filter((f) => f.kind === 'timeout').map((f) => `${f.seat}:${f.turn}`));
  let current = '';
  let calls = 0;
  // playMatch reads the clock twice per decision: before asking the bot, and after.
  const clock = (): number => (calls++ % 2 === 0 ? 0 : late.has(current) ? budgetMs + 1 : 0);
  const wrapped = bots.map<BotFactory>((factory) => (ctx) => {
    const bot = factory(ctx);
    return {
      program: (obs, view) => {
        current = `${ctx.seat}:${obs.turn + 1}`;
        return bot.program(obs, view);
      },
      autoTarget: bot.autoTarget ? bot.autoTarget.bind(bot) : undefined,
      dodge: bot.dodge ? bot.dodge.bind(bot) : undefined,
    };
  });
  return { bots: wrapped, clock };
}
