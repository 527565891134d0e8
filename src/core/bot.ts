/**
 * The shape every bot shares, whatever the game: a module exporting a factory
 * that, given its seat, an RNG of its own and a budget, makes a bot; the bot
 * answers each turn's observation with an action or a mixed strategy.
 */
import type { AnyGameModule } from './game.js';
import type { Rng } from './rng.js';

/** How much a bot may think per decision. */
export interface Budget {
  /** Milliseconds per decision by `clock`; going over is a fault (unless the overage bank pays for it). */
  readonly ms: number;
  /** Simulated turns per decision a bot should plan for (a hint, not enforced). */
  readonly sims: number;
  /** Milliseconds a seat's first decision of a match may take instead of `ms` (a bot's warm-up, CodinGame's first-turn limit); default `ms`. */
  readonly firstMs?: number;
  /**
   * Milliseconds per seat per match that pay for decisions over their limit
   * (kaggle-environments' overage time): a decision over its limit draws the
   * excess from the bank, and is a timeout fault only when the bank cannot
   * pay. Default 0.
   */
  readonly overageMs?: number;
  /**
   * What a decision's milliseconds are (`ms`, `firstMs` and the bank alike):
   * `cpu`, the CPU time of a sandboxed bot's processes, so load on the machine
   * does not decide matches (a bot in the arena's own threads has no CPU time
   * of its own and is timed by the wall clock); or `wall`, the round trip's
   * wall-clock time. Default DEFAULT_CLOCK.
   */
  readonly clock?: DecisionClock;
}

export type DecisionClock = 'cpu' | 'wall';

/** A budget's clock when it names none. */
export const DEFAULT_CLOCK: DecisionClock = 'cpu';

/** A budget as JSON: its limits, the optional ones only when set (so a budget without them writes as it always did). */
export const budgetFields = (b: Budget): Budget => ({
  ms: b.ms,
  sims: b.sims,
  ...(b.firstMs !== undefined ? { firstMs: b.firstMs } : {}),
  ...(b.overageMs !== undefined ? { overageMs: b.overageMs } : {}),
  ...(b.clock !== undefined ? { clock: b.clock } : {}),
});

/** The most a decision of a budget may take: its limit plus a whole overage bank. */
export const longestDecisionMs = (b: Budget): number => Math.max(b.ms, b.firstMs ?? 0) + (b.overageMs ?? 0);

export const DEFAULT_BUDGET: Budget = { ms: 1000, sims: 2000 };

/** A distribution over actions; the arena samples it with the seat's RNG. */
export interface Mixed<A> {
  readonly mixed: readonly { readonly action: A; readonly p: number }[];
}

export function isMixed<A>(x: unknown): x is Mixed<A> {
  return typeof x === 'object' && x !== null && Array.isArray((x as Mixed<A>).mixed);
}

/**
 * The fault of a decision answered with a Promise (an `async` method): the
 * arena asks synchronously and never waits, so the bot must return its
 * action itself.
 */
export const PROMISE_ANSWER =
  'returned a Promise (is the method async?): decisions are synchronous, so return the action itself, not a Promise; the arena does not wait for it';

/** Whether an answer is a Promise or another thenable; a rejection it may bring later is caught, so it cannot end the process. */
export function isThenable(x: unknown): boolean {
  if ((typeof x !== 'object' && typeof x !== 'function') || x === null || typeof (x as { then?: unknown }).then !== 'function') return false;
  try {
    (x as PromiseLike<unknown>).then(undefined, () => undefined);
  } catch {
    // (a thenable whose then throws is still not an answer)
  }
  return true;
}

/** Samples a mixed strategy with an RNG (probabilities need not sum to exactly 1). */
export function sampleMixed<A>(m: Mixed<A>, rng: Rng): A {
  let total = 0;
  for (const e of m.mixed) total += Math.max(0, e.p);
  if (!(total > 0)) throw new Error('a mixed strategy needs a positive total probability');
  let u = rng.next() * total;
  for (const e of m.mixed) {
    u -= Math.max(0, e.p);
    if (u < 0) return e.action;
  }
  return m.mixed[m.mixed.length - 1].action;
}

/**
 * The rules a bot plays by, for a bot written against the game interface
 * alone (`mcts`): the ruleset's module (bound to the run's data) and the
 * match's game. With them and its view's state a bot can simulate: `copy`,
 * `node`, `apply`, `result`, `seatState` (a fresh determinization of its view).
 */
export interface BotRules {
  readonly module: AnyGameModule;
  readonly game: unknown;
}

/** What a bot is told when it is made: its seat, an RNG of its own, its budget, the rules, and what its ruleset adds (NHM: `game`, `notation`). */
export interface BotContext {
  readonly seat: number;
  readonly rng: Rng;
  readonly budget: Budget;
  /** The rules (absent only where a caller makes a bot by hand without them). */
  readonly rules?: BotRules;
  readonly [more: string]: unknown;
}

/** A seat's view: the state the seat may simulate (its knowledge only, dice of its own), rebuilt before every question. */
export interface SeatView<S = unknown> {
  readonly seat: number;
  readonly state: S;
}

/**
 * A bot, for any ruleset: one method per kind of decision it makes, named as
 * the ruleset names the decision (NHM: `program`, and optionally `autoTarget`
 * and `dodge`; Kuhn poker: `bet`). Each gets the seat's observation and view
 * (and a question's own arguments) and answers in the ruleset's notation, or
 * with a mixed strategy.
 */
export type AnyBot = { readonly [decision: string]: unknown };

/** A bot module's default export. (Method syntax, so a ruleset's factory taking its richer context is one too.) */
export type AnyBotFactory = { make(ctx: BotContext): unknown }['make'];

/**
 * Thrown by a bot that lives elsewhere (another process) when it has no
 * method for a decision: the arena treats it as a method that is not there.
 */
export class NoMethod extends Error {}

/**
 * Thrown by a bot whose process is gone: it crashed, was killed (out of
 * memory, out of CPU time), passed its deadline, or wrote something that is
 * not the protocol. The bot forfeits the match.
 */
export class BotLost extends Error {
  constructor(
    readonly kind: 'crash' | 'timeout' | 'garbage',
    message: string,
  ) {
    super(message);
  }
}

/** A bot's optional start hook, called once every seat's bot is made and before any decision is timed: an isolated bot waits there for its process to be ready, so its start never counts against its budget. */
export const BOT_READY: unique symbol = Symbol('havoc.botReady');

/**
 * In a bot's context: its seat's own seed, the one its RNG was made from
 * (core/seatKey.ts). An isolated bot's process is handed it to seed the bot's
 * RNG there; never the match seed, from which every seat's streams came once.
 */
export const SEAT_SEED: unique symbol = Symbol('havoc.seatSeed');

/**
 * A bot's optional wait hook, beside BOT_CPU: the milliseconds its processes
 * spent runnable but waiting for a CPU in the call that just returned (the
 * machine's load), which the match loop does not hold against its wall-clock cap.
 */
export const BOT_WAIT: unique symbol = Symbol('havoc.botWait');

/**
 * A bot's optional CPU hook: the milliseconds of CPU time its processes used
 * for the call that just returned, or null when the OS does not say (an
 * isolated bot: isolation/processCpu.ts). The match loop reads it after each
 * decision when the budget's clock is `cpu`.
 */
export const BOT_CPU: unique symbol = Symbol('havoc.botCpu');

/** A bot's optional end-of-match hook (a symbol, so no decision's name can clash with it): an isolated bot's process is told the result and let go. */
export const BOT_DONE: unique symbol = Symbol('havoc.botDone');

/**
 * A bot's optional belief hook, for replays only: called after each of its
 * decisions while a replay is being recorded (never otherwise, so it costs a
 * match nothing), it returns what the bot believes of the hidden state as a
 * heat map, cell name (`a1`) → non-negative weight, or null. The replay keeps
 * it as an annotation of the decision's record and the report's viewer shades
 * the seat's view by it; it never changes the match. A registered symbol
 * (`Symbol.for`), so a bot file can define it without importing havoc. Only
 * bots in the arena's thread (built-in, or trusted with --unsafe-bots) are
 * asked: a sandboxed bot's process is not.
 */
export const BOT_BELIEF: unique symbol = Symbol.for('havoc.belief');

/** A belief heat map: cell → weight (What Blind Ninjas?' tracker: the expected enemy ninjas on each square). */
export type Belief = Readonly<Record<string, number>>;

/** A belief as a replay keeps it: the cells of positive finite weight, rounded to 3 decimals; null when it is not a heat map or has none. */
export function beliefOf(raw: unknown): Record<string, number> | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  const out: Record<string, number> = {};
  let any = false;
  for (const [cell, w] of Object.entries(raw)) {
    if (typeof w !== 'number' || !Number.isFinite(w)) return null;
    const r = Math.round(w * 1000) / 1000;
    if (r > 0) (out[cell] = r), (any = true);
  }
  return any ? out : null;
}
