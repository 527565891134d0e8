/**
 * One match between bots, for any ruleset: a pure function of the game, the
 * bots and the seed. The loop asks the state what it waits for (a decision
 * of several seats or one, chance, or the end) and asks each deciding seat's
 * bot through one path: a seat's view (its observation, and a state holding
 * only what it knows, with dice of its own), the bot's method named for the
 * decision, then parse and check. A bot that throws, answers with something
 * illegal or overruns its budget forfeits that decision and the fault is
 * recorded; the match goes on. Questions the rules ask in the middle of a step
 * (NHM's Dodge, Auto-Target) go through the same path: no answer, or one that
 * cannot be read, takes the rulebook's default; an illegal one is a fault and
 * the forfeit (docs/rules.md 7.3). Questions are not timed.
 *
 * A bot can also lose the whole match: when its process is gone (an isolated
 * bot that crashed, hung or wrote garbage: BotLost), or past `maxFaults`
 * faults. The match ends there, reason `forfeit` (`hang` when the bots that
 * lost it hung): they share the last place, the others the first (a draw
 * when every bot lost it).
 */
import { type AnyBot, type AnyBotFactory, BOT_BELIEF, BOT_CPU, BOT_WAIT, BOT_DONE, BOT_READY, SEAT_SEED, beliefOf, BotLost, type Budget, DEFAULT_BUDGET, DEFAULT_CLOCK, isMixed, isThenable, NoMethod, PROMISE_ANSWER, sampleMixed } from '../core/bot.js';
import { type AnyGameModule, nextDeciders, type Question, type Recorder, winnerOf } from '../core/game.js';
import { seatStreams } from '../core/seatStreams.js';
import { seatKeyOf, seatSeedsOf } from '../core/seatKey.js';
import { contextOf } from './botContext.js';
import { decisionClock } from './clock.js';
import { forfeitOutcome } from './forfeit.js';
import { SeatView } from './seatView.js';
import { readThreadTimes, threadTimes } from '../core/threadCpu.js';

export type { AnyBot, AnyBotFactory } from '../core/bot.js';

export interface MatchOptions {
  module: AnyGameModule;
  game: unknown;
  bots: readonly AnyBotFactory[];
  seed: string;
  budget?: Budget;
  /** Makes the ruleset's recorder of this match (traces, replays). */
  record?: (st: () => unknown) => Recorder;
  /** Called after every decision node is applied, with each seat's action in the ruleset's notation as played (a forfeit as the forfeit; null: the seat did not act). */
  onTurn?: (st: unknown, actions: (string | null)[]) => void;
  /**
   * Measures time for budgets; injected so tests (and re-recordings of a
   * match's timeouts) are exact, standing for the budget's clock. Default:
   * the budget's clock — under `cpu`, the CPU time a bot that lives elsewhere
   * reports (BOT_CPU), else the wall clock (clock.ts: ticked when the
   * thread reads it often, else performance.now).
   */
  clock?: () => number;
  /** Told when a seat's bot code starts running and when it returns (the arena's watchdog for bots that never return). */
  guard?: BotGuard;
  /** The run's seat key (core/seatKey.ts; default: the key of a run whose seed is the match seed). */
  seatKey?: string;
  /** A bot with more faults than this forfeits the match (default: never). */
  maxFaults?: number;
  /**
   * Given, each seat's bot is asked for its belief (BOT_BELIEF) after every
   * decision and a heat map it gives is passed here (replays keep it); absent,
   * no bot is asked. Untimed, and never a fault: a belief is not the match.
   */
  onBelief?: (seat: number, belief: Record<string, number>) => void;
}

/** Brackets every call into a bot's code: making the bot (which may warm up at length), or a decision or question. */
export interface BotGuard {
  enter(seat: number, call: 'factory' | 'decision'): void;
  exit(): void;
}

export interface FaultRecord {
  seat: number;
  turn: number;
  /** `crash`: the bot's process died or wrote garbage (it forfeits the match); `timeout` is also a process killed past its deadline. */
  kind: 'throw' | 'illegal' | 'timeout' | 'choice' | 'crash';
  message: string;
}

export interface MatchResult {
  /** The seat alone in first place, or null. */
  winner: number | null;
  /** Place per seat (0 first; shared places share the number). */
  ranks: readonly number[];
  reason: string;
  turns: number;
  /** The ruleset's per-seat figures, in its `figures` order. */
  figures: number[][];
  faults: number[];
  faultLog: FaultRecord[];
  /** Seats that lost the match by forfeit (reason `forfeit` or `hang`), in seat order. */
  forfeits: number[];
  /** Mean milliseconds per timed decision, per seat, by the clock each decision was timed by. */
  decisionMs: number[];
}

/**
 * A decision timed by CPU may take this many times its limit (and at least
 * WALL_CAP_SLACK_MS more than it) by the wall clock, and no more: past it,
 * a timeout fault. Generous, so a loaded machine (a bot spending 150 ms of
 * CPU took 643 ms by the wall with six busy loops on two cores) faults no
 * honest bot; a bot that sleeps to just under its process's deadline (five
 * times its longest decision, remoteBot.ts) is faulted every decision.
 */
export const WALL_CAP_TIMES = 4;
export const WALL_CAP_SLACK_MS = 250;
export const wallCapMs = (limitMs: number): number => Math.max(WALL_CAP_TIMES * limitMs, limitMs + WALL_CAP_SLACK_MS);

/**
 * A bot in this thread whose last decision took less than this by the wall
 * clock is not read this thread's CPU time for the next (a reading costs
 * microseconds, as much as a fast bot's whole decision): its decision is
 * judged by the wall clock, which only faults it past its whole limit.
 */
const SLOW_MS = 0.5;

/** What a bot that did not throw threw. */
const NOTHING = Symbol('nothing thrown');

/** Plays a match to its end. */
export function playMatch(opts: MatchOptions): MatchResult {
  const { module: mod, game, seed } = opts;
  const budget = opts.budget ?? DEFAULT_BUDGET;
  // The wall clock (clock.ts): ticked when this thread reads it often and the budget leaves room for a tick.
  const clock = opts.clock ?? decisionClock(Math.min(budget.ms, budget.firstMs ?? Infinity));
  /** Whether decisions are timed by the CPU time a bot reports (the injected clock, when given, stands for it). */
  const cpuClock = !opts.clock && (budget.clock ?? DEFAULT_CLOCK) === 'cpu';
  const injectedName = (budget.clock ?? DEFAULT_CLOCK) === 'cpu' ? 'of CPU time' : 'by the wall clock';
  const guard = opts.guard;
  const st = mod.newState(game, seed);
  const n = mod.seatCount(game);
  // Each seat's bot stream, and its view's dice (seeded once per match; four words drawn for every view, read or
  // not, so the draws do not depend on what a bot reads): the view's state is copied only when the bot reads it (SeatView).
  // Seeded from each seat's own seeds, derived with the run's seat key: no bot is handed the match seed or another's seed.
  const seatSeeds = seatSeedsOf(opts.seatKey ?? seatKeyOf(seed), seed, n);
  const viewDice = new Uint32Array(4 * n);
  const rngs = seatStreams(seatSeeds, viewDice);
  const bots: (AnyBot | null)[] = [];
  /** Every bot made, lost or not: each is let go at the end (an isolated bot's log is written then). */
  const made: AnyBot[] = [];
  const faults = new Array<number>(n).fill(0);
  const faultLog: FaultRecord[] = [];
  const maxFaults = opts.maxFaults ?? Infinity;
  /** Seats that lost the match (their process is gone, or too many faults). */
  const lost = new Array<boolean>(n).fill(false);
  /** Seats that lost it by hanging (the process killed at its deadline). */
  const hung = new Array<boolean>(n).fill(false);
  let anyLost = false;
  const fault = (seat: number, kind: FaultRecord['kind'], message: string): void => {
    faults[seat]++;
    faultLog.push({ seat, turn: mod.turns(st) + 1, kind, message });
    if (faults[seat] > maxFaults && !lost[seat]) {
      lost[seat] = anyLost = true;
      faultLog.push({ seat, turn: mod.turns(st) + 1, kind, message: `forfeits the match: ${faults[seat]} faults, more than ${maxFaults}` });
      faults[seat]++;
    }
  };
  /** A bot whose process is gone: the fault, and it loses the match. */
  const gone = (seat: number, e: BotLost): void => {
    bots[seat] = null;
    lost[seat] = anyLost = true;
    if (e.kind === 'timeout') hung[seat] = true;
    fault(seat, e.kind === 'timeout' ? 'timeout' : 'crash', `${e.message}; forfeits the match`);
  };
  const context = contextOf(mod, game);
  for (let s = 0; s < n; s++) {
    guard?.enter(s, 'factory');
    try {
      bots.push(opts.bots[s]({ seat: s, rng: rngs[s], budget, ...context, [SEAT_SEED]: seatSeeds.bots[s] }) as AnyBot);
      if (bots[s]) made.push(bots[s]!);
    } catch (e) {
      bots.push(null);
      if (e instanceof BotLost) gone(s, e);
      else fault(s, 'throw', `bot factory threw: ${(e as Error).message}`);
    } finally {
      guard?.exit();
    }
  }
  // Bots that live elsewhere finish starting (their processes start side by side), before any decision is timed.
  for (let s = 0; s < n; s++) {
    const ready = (bots[s] as { [BOT_READY]?: () => void } | null)?.[BOT_READY];
    if (typeof ready !== 'function') continue;
    guard?.enter(s, 'factory');
    try {
      ready.call(bots[s]);
    } catch (e) {
      if (e instanceof BotLost) gone(s, e);
      else (bots[s] = null), fault(s, 'throw', `bot start failed: ${(e as Error)?.message ?? e}`);
    } finally {
      guard?.exit();
    }
  }
  const views: SeatView[] = [];
  // A view's state is made from the seat's own view seed: nothing in it comes from the match seed.
  for (let m = 0; m < n; m++) views.push(new SeatView(mod, game, seatSeeds.views[m], st, m, viewDice));
  const spent = new Array<number>(n).fill(0);
  /** Each seat's overage bank: milliseconds left to pay for decisions over their limit. */
  const bank = new Array<number>(n).fill(budget.overageMs ?? 0);
  const decisions = new Array<number>(n).fill(0);
  const recorder = opts.record ? opts.record(() => st) : null;
  const onBelief = opts.onBelief;
  const actions: unknown[] = new Array(n).fill(null);

  // One decision node's working values, per seat (kept across nodes: a match decides tens of thousands of times).
  const kinds: string[] = new Array(n).fill('');
  const observations: unknown[] = new Array(n).fill(null);
  const answers: unknown[] = new Array(n).fill(null);
  /** What the seat's bot threw, or NOTHING. */
  const errors: unknown[] = new Array(n).fill(NOTHING);
  /** Milliseconds the seat's decision took by `clock`. */
  const took: number[] = new Array(n).fill(0);
  /** Under the CPU clock, a bot in this thread: the CPU milliseconds this thread spent in its decision (null: not read), and those it waited for a CPU. */
  const threadTook: (number | null)[] = new Array(n).fill(null);
  const threadWaited: number[] = new Array(n).fill(0);
  /** Whether the seat's last decision took long enough (SLOW_MS by the wall clock) that the next is timed by this thread's CPU time too. */
  const slow: boolean[] = new Array(n).fill(true);
  /** Seats whose bots report their own CPU time (isolated processes): never read here. */
  const reports = bots.map((b) => typeof (b as { [BOT_CPU]?: unknown } | null)?.[BOT_CPU] === 'function');

  /**
   * Asks each seat of `seats` for its decision, into `actions`: its action,
   * or null (a forfeit) after recording the fault. Every seat's view and
   * observation is made first and the bots are then called back to back, so
   * one clock reading ends a decision and starts the next (the clock costs
   * as much as a random bot's whole decision); each answer is checked after.
   */
  function decideAll(seats: readonly number[]): void {
    for (let i = 0; i < seats.length; i++) {
      const m = seats[i];
      kinds[m] = mod.decision(st, m);
      if (!bots[m]) continue;
      views[m].renew();
      observations[m] = mod.observe(st, m);
    }
    let t = clock();
    for (let i = 0; i < seats.length; i++) {
      const m = seats[i], b = bots[m];
      if (!b) continue;
      let ans: unknown = null, error: unknown = NOTHING;
      const read = cpuClock && slow[m] && !reports[m] && readThreadTimes();
      const cpu0 = threadTimes[0], wait0 = threadTimes[1];
      guard?.enter(m, 'decision');
      try {
        const method = b[kinds[m]];
        if (typeof method !== 'function') throw new Error(`the bot has no ${kinds[m]}() method`);
        ans = method.call(b, observations[m], views[m]);
        if (isThenable(ans)) throw new Error(PROMISE_ANSWER);
        if (isMixed(ans)) ans = sampleMixed(ans, rngs[m]);
      } catch (e) {
        error = e;
      } finally {
        guard?.exit();
      }
      const end = clock();
      took[m] = end - t;
      t = end;
      // A thread runs no longer than the wall time it took: the kernel brings a thread's run time up to date in steps
      // (a read 0.017 ms after another gave 12.9 ms more here), and a decision read across a late step was charged
      // time it never ran (a 1 ms decision "took 1001.0 ms of CPU time": 1 match of a 4,000-match sweep, in some runs and not others).
      if (read && readThreadTimes()) (threadTook[m] = Math.min(threadTimes[0] - cpu0, took[m])), (threadWaited[m] = threadTimes[1] - wait0);
      slow[m] = took[m] >= SLOW_MS;
      answers[m] = ans;
      errors[m] = error;
      observations[m] = null;
    }
    for (let i = 0; i < seats.length; i++) {
      const m = seats[i];
      actions[m] = bots[m] ? settle(m, kinds[m]) : null;
    }
  }

  /** Seat m's decision after its bot answered: the budget, faults, and the answer parsed and checked (null: a forfeit). */
  function settle(m: number, kind: string): unknown {
    const b = bots[m]!, error = errors[m];
    const ans = answers[m];
    let dt = took[m];
    answers[m] = null;
    const threw = error !== NOTHING;
    // The budget's clock: a bot's CPU time where it reports it (an isolated bot's processes), else the wall clock.
    let by = opts.clock ? injectedName : 'by the wall clock';
    /** Milliseconds of the decision's wall time it waited for a CPU (a loaded machine's doing, not the bot's). */
    let waited = 0;
    if (cpuClock) {
      const cpu = reports[m] ? (b as { [BOT_CPU]: () => number | null })[BOT_CPU]() : threadTook[m];
      waited = reports[m] ? ((b as { [BOT_WAIT]?: () => number | null })[BOT_WAIT]?.() ?? 0) : threadWaited[m];
      threadTook[m] = null;
      threadWaited[m] = 0;
      if (typeof cpu === 'number') (dt = cpu), (by = 'of CPU time');
    }
    spent[m] += dt;
    decisions[m]++;
    if (onBelief && !threw) askBelief(m, b);
    if (threw) {
      errors[m] = NOTHING;
      if (error instanceof BotLost) return gone(m, error), null;
      return fault(m, 'throw', error instanceof Error ? error.message : String(error)), null;
    }
    // A seat's first decision has its own limit; time over a limit is drawn from the seat's overage bank while it lasts.
    const limit = decisions[m] === 1 && budget.firstMs !== undefined ? budget.firstMs : budget.ms;
    // Timed by CPU, a decision is also held to a wall-clock cap: a bot that sleeps or blocks spends no CPU, and would
    // stretch the match. What it waited for a CPU (the machine's load) is not held against it.
    const stalled = took[m] - waited;
    if (by === 'of CPU time' && !opts.clock && dt <= limit && stalled > wallCapMs(limit + bank[m]))
      return fault(m, 'timeout', `took ${took[m].toFixed(1)} ms by the wall clock (${dt.toFixed(1)} ms of CPU time, ${waited.toFixed(1)} ms waiting for a CPU), over its wall-clock cap of ${wallCapMs(limit + bank[m]).toFixed(0)} ms (${WALL_CAP_TIMES} times its limit, at least ${WALL_CAP_SLACK_MS} ms over it)`), null;
    if (dt > limit) {
      if (bank[m] >= dt - limit) bank[m] -= dt - limit;
      else {
        const banked = budget.overageMs ? `, and its overage bank had ${bank[m].toFixed(1)} of ${budget.overageMs} ms left` : '';
        bank[m] = 0;
        return fault(m, 'timeout', `took ${dt.toFixed(1)} ms ${by}, budget ${limit} ms${decisions[m] === 1 && budget.firstMs !== undefined ? ' (a first decision)' : ''}${banked}`), null;
      }
    }
    if (ans === null || ans === undefined) return fault(m, 'illegal', `returned no ${kind} (${String(ans)})`), null;
    const p = mod.parse(st, m, kind, ans);
    if (!p.ok) return fault(m, 'illegal', p.error.message), null;
    const err = mod.check(st, m, kind, p.value);
    if (err) return fault(m, 'illegal', err.message), null;
    return p.value;
  }

  /** The bot's belief after its decision, to `onBelief` (a hook that is missing, throws or gives no heat map is passed over). */
  function askBelief(m: number, b: AnyBot): void {
    const hook = (b as { [BOT_BELIEF]?: () => unknown })[BOT_BELIEF];
    if (typeof hook !== 'function') return;
    let belief: Record<string, number> | null = null;
    guard?.enter(m, 'decision');
    try {
      const raw = hook.call(b);
      belief = isThenable(raw) ? null : beliefOf(raw);
    } catch {
      // (a belief is an annotation: the match goes on as if there were none)
    } finally {
      guard?.exit();
    }
    if (belief) onBelief!(m, belief);
  }

  /** A question of the rules: null (no bot, no method, no answer) is the default; unreadable is a fault and the default; illegal a fault and the forfeit. */
  function answer(q: Question): unknown {
    const m = q.seat, b = bots[m];
    if (!b) return null;
    let a: unknown;
    try {
      views[m].renew();
      const method = b[q.kind];
      // A bot without the method takes the default: no observation made for it (most bots answer no questions).
      if (typeof method !== 'function') return null;
      const obs = mod.observe(st, m);
      guard?.enter(m, 'decision');
      try {
        a = method.call(b, obs, views[m], ...q.args);
        if (isThenable(a)) throw new Error(PROMISE_ANSWER);
        if (isMixed(a)) a = sampleMixed(a, rngs[m]);
      } finally {
        guard?.exit();
      }
    } catch (e) {
      if (e instanceof NoMethod) return null;
      if (e instanceof BotLost) return gone(m, e), null;
      fault(m, 'choice', `${q.kind}: ${(e as Error)?.message ?? String(e)}`);
      return null;
    }
    if (a === null || a === undefined) return null;
    const p = mod.parse(st, m, q.kind, a);
    if (!p.ok) return fault(m, 'choice', `${q.kind}: ${p.error.message}`), null;
    const err = mod.check(st, m, q.kind, p.value);
    if (!err) return p.value;
    fault(m, 'choice', `${q.kind}: ${err.message}`);
    return mod.forfeit(st, m, q.kind);
  }

  /** Each seat's action as played, in the ruleset's notation. */
  function played(st: unknown, seats: readonly number[], acts: readonly unknown[]): (string | null)[] {
    const shown: (string | null)[] = new Array(n).fill(null);
    for (const m of seats) {
      const kind = mod.decision(st, m);
      shown[m] = mod.format(st, m, kind, acts[m] ?? mod.forfeit(st, m, kind));
    }
    return shown;
  }

  let told: { ranks: readonly number[]; reason: string } = { ranks: [], reason: 'error' };
  try {
    for (;;) {
      if (anyLost) break;
      const seats = nextDeciders(mod, st);
      if (!seats) break;
      for (let m = 0; m < n; m++) actions[m] = null; // not fill: Array fill is a call into the runtime
      decideAll(seats);
      if (anyLost) break; // a bot lost the match deciding: the turn is not played
      const shown = opts.onTurn ? played(st, seats, actions) : null;
      mod.apply(st, actions, answer, recorder);
      if (shown) opts.onTurn!(st, shown);
    }
    const out = anyLost ? forfeitOutcome(lost, hung) : mod.result(st)!;
    told = { ranks: out.ranks, reason: out.reason };
    return {
      winner: winnerOf(out),
      ranks: out.ranks,
      reason: out.reason,
      turns: mod.turns(st),
      figures: mod.figureValues(st),
      faults,
      faultLog,
      forfeits: anyLost ? lost.flatMap((l, s) => (l ? [s] : [])) : [],
      decisionMs: spent.map((t, m) => (decisions[m] ? t / decisions[m] : 0)),
    };
  } finally {
    // Bots that live elsewhere (isolated processes) are told the result and let go, however the match ended;
    // every one of them, even when letting one go fails (its log cannot be written): the first failure is thrown after.
    let failed: unknown = null;
    for (const b of made) {
      const done = (b as { [BOT_DONE]?: (r: unknown) => void })[BOT_DONE];
      try {
        if (typeof done === 'function') done.call(b, told);
      } catch (e) {
        failed ??= e;
      }
    }
    if (failed) throw failed;
  }
}
