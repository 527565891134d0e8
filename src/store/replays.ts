/**
 * Writing replays (format: replayFormat.ts), for any ruleset. `recordMatch`
 * plays a match and returns its replay lines; `startReplay` gives a recorder
 * to put into a `playMatch` call of one's own and turns its records into
 * lines when the match is over. The ruleset owns what is its own: the game's
 * description (`describeGame`) and its records (`recorder`, `replayRecord`).
 *
 * A match is a pure function of its header except for one thing: a bot that
 * overran its time budget. Re-recording a match that was played without a
 * recorder (say, because it ended in a fault) therefore takes the original
 * fault log, and replays its timeouts instead of timing the bots again.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { type BotContext, type Budget, budgetFields, DEFAULT_BUDGET } from '../core/bot.js';
import type { AnyGameModule, Recorder } from '../core/game.js';
import { refusedWrite } from '../core/environment.js';
import { winningSideName } from '../core/sides.js';
import { playMatch, type AnyBotFactory, type FaultRecord, type MatchOptions, type MatchResult } from '../match/loop.js';
import { REPLAY_FORMAT, type ReplayHeader, type ReplayResult, withBeliefs } from './replayFormat.js';

/** What a header needs beyond the game: the bots by name, the seed, and where the match came from. */
export interface ReplayInfo {
  /** Bot per seat as `loadBot` takes it (built-in name or path). One entry is used for every seat. */
  botSpecs: readonly string[];
  seed: string;
  budget?: Budget;
  /** The run's `maxFaults`, when it sets one (a bot past it forfeits the match). */
  maxFaults?: number;
  match?: ReplayHeader['match'];
  /** The ruleset's module path, when it was loaded by path (`loadRuleset(path)`); made absolute by the caller. */
  rulesetModule?: string;
}

/** The header line of a game's replay. */
export function replayHeader(mod: AnyGameModule, game: unknown, info: ReplayInfo): ReplayHeader {
  const budget = info.budget ?? DEFAULT_BUDGET;
  const seats = Array.from({ length: mod.seatCount(game) }, (_, s) => mod.seatName(game, s));
  return {
    format: REPLAY_FORMAT,
    ruleset: mod.id,
    ...(info.rulesetModule ? { rulesetModule: info.rulesetModule } : {}),
    rulesVersion: mod.version,
    seats,
    bots: seats.map((_, s) => info.botSpecs[Math.min(s, info.botSpecs.length - 1)] ?? ''),
    seed: info.seed,
    budget: budgetFields(budget),
    ...(info.maxFaults !== undefined ? { maxFaults: info.maxFaults } : {}),
    ...(info.match ? { match: info.match } : {}),
    game: mod.describeGame ? mod.describeGame(game) : null,
  };
}

/** The result line of a match. */
export function replayResult(mod: AnyGameModule, game: unknown, r: MatchResult): ReplayResult {
  const sided = mod.sides ? { winner_side: winningSideName(mod, game, { ranks: r.ranks, reason: r.reason }) } : {};
  return {
    winner: r.winner === null ? null : mod.seatName(game, r.winner),
    ...sided,
    ranks: [...r.ranks],
    reason: r.reason,
    turns: r.turns,
    figures: Object.fromEntries(mod.figures.map((f, i) => [f, r.figures[i]])),
    faults: r.faults,
    faultLog: r.faultLog.map((f) => ({ seat: f.seat, turn: f.turn, kind: f.kind, message: f.message })),
  };
}

/** A replay being recorded: put `record` (and `belief`, as `onBelief`) into playMatch, then `finish` with its result. */
export interface ReplayRecorder {
  readonly header: ReplayHeader;
  readonly record: (st: () => unknown) => Recorder;
  /** Keeps a seat's belief (BOT_BELIEF) as an annotation of the next record (replayFormat.ts: `beliefs`). */
  readonly belief: (seat: number, belief: Record<string, number>) => void;
  /** The file's lines (header, records, result). */
  finish(result: MatchResult): string[];
}

/**
 * Starts recording a replay of `game`. `onRecord` also sees every record as
 * the ruleset's recorder made it, with the state after it (for drawing the
 * match while recording).
 */
export function startReplay(mod: AnyGameModule, game: unknown, info: ReplayInfo, onRecord?: (rec: object, st: unknown) => void): ReplayRecorder {
  const header = replayHeader(mod, game, info);
  const head = JSON.stringify({ header });
  // Records are written out as they come: a recorder may reuse its objects.
  const lines: string[] = [];
  // Beliefs given at a decision, by seat name, for the record that decision makes.
  let beliefs: Record<string, Record<string, number>> | null = null;
  return {
    header,
    record: (st) =>
      mod.recorder(st, (r) => {
        const now = st();
        onRecord?.(r, now);
        const line = JSON.stringify(mod.replayRecord ? mod.replayRecord(now, r) : r);
        lines.push(beliefs ? withBeliefs(line, beliefs) : line);
        beliefs = null;
      }),
    belief: (seat, b) => {
      (beliefs ??= {})[header.seats[seat] ?? String(seat)] = b;
    },
    finish: (result) => [head, ...lines, JSON.stringify({ result: replayResult(mod, game, result) })],
  };
}

export interface RecordOptions extends Omit<MatchOptions, 'record' | 'onBelief'>, Omit<ReplayInfo, 'seed' | 'budget'> {
  /** Whether the bots' beliefs are kept (default true); `havoc replay --verify` leaves them out, comparing the match alone. */
  beliefs?: boolean;
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
    maxFaults: opts.maxFaults,
    match: opts.match,
    rulesetModule: opts.rulesetModule,
  });
  const mod = opts.module;
  const timing = opts.faultLog ? replayTimeouts(opts.bots, opts.faultLog, opts.budget?.ms ?? DEFAULT_BUDGET.ms, (st) => mod.turns(st)) : null;
  const result = playMatch({
    ...opts,
    bots: timing ? timing.bots : opts.bots,
    clock: timing ? timing.clock : opts.clock,
    record: rec.record,
    onBelief: opts.beliefs === false ? undefined : rec.belief,
  });
  return { result, lines: rec.finish(result) };
}

/** Writes replay lines to a file, making its folder; a HavocError (ENVIRONMENT, environment.ts) naming the file when the machine refuses. */
export function writeReplay(path: string, lines: readonly string[]): void {
  refusedWrite(
    path,
    () => {
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, lines.join('\n') + '\n');
    },
    'the replay',
  );
}

/** The file name of match `id`'s replay in a run folder: `replays/match-<id>.jsonl`. */
export const replayFileName = (id: string | number): string => `match-${id}.jsonl`;

/** Where match `id`'s replay lives in run folder `dir`. */
export const replayPath = (dir: string, id: string | number): string => join(dir, 'replays', replayFileName(id));

/**
 * Bots and a clock that reproduce the timeouts of a fault log: each decision
 * takes no time, except those that timed out, which take the budget plus one
 * millisecond. The bots are wrapped only to know whose decision is being
 * timed: the seat, and the turn from `turns` of the seat's view state (a bot
 * method is called with an observation and its view `{seat, state}`; without
 * `turns`, the observation's `turn`).
 */
export function replayTimeouts(
  bots: readonly AnyBotFactory[],
  faultLog: readonly { seat: number; turn: number; kind: string }[],
  budgetMs: number,
  turns?: (state: unknown) => number,
): { bots: AnyBotFactory[]; clock: () => number } {
  const late = new Set(faultLog.filter((f) => f.kind === 'timeout').map((f) => `${f.seat}:${f.turn}`));
  let current = '';
  let called = false;
  let time = 0;
  // A decision's time is the difference of the clock's readings around it (playMatch's decisions of one node
  // share readings: one ends a decision and starts the next). The clock moves on at the first reading after a
  // bot was called: past the budget when that call was a late decision. A question (asked mid-step, not timed)
  // moves it only before a reading that starts a decision, where a jump changes no difference.
  const clock = (): number => {
    if (called && late.has(current)) time += budgetMs + 1;
    called = false;
    return time;
  };
  const turnOf = (obs: unknown, view: unknown): number => {
    const st = (view as { state?: unknown } | undefined)?.state;
    if (turns && st !== undefined) return turns(st) + 1;
    return ((obs as { turn?: number } | null)?.turn ?? 0) + 1;
  };
  // A proxy, not a copy of the bot's methods: an isolated bot (isolation/remoteBot.ts) has a method for every name.
  const wrapped = bots.map<AnyBotFactory>((factory) => (ctx: BotContext) => {
    const bot = factory(ctx) as Record<string | symbol, unknown>;
    return new Proxy(bot, {
      get(target, key) {
        const v = target[key];
        if (typeof key !== 'string' || typeof v !== 'function') return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
        return (obs: unknown, view: unknown, ...rest: unknown[]) => {
          current = `${ctx.seat}:${turnOf(obs, view)}`;
          called = true;
          return (v as (...a: unknown[]) => unknown).call(target, obs, view, ...rest);
        };
      },
    });
  });
  return { bots: wrapped, clock };
}
