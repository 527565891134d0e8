/**
 * Measuring a bot's decisions from outside it (havoc check-bot, the bench's
 * ladder and decision times): a factory whose bots report, for every method
 * call that answers, what was measured around it. A null answer is a
 * question the bot leaves to the rulebook's default (NHM's Dodge and
 * Auto-Target) and is not counted; any decision name is measured, whatever
 * the ruleset calls it.
 */
import { BOT_CPU, DEFAULT_CLOCK, type AnyBotFactory, type Budget } from '../core/bot.js';

/** Wraps `f`: `start()` before each call, `done(mark)` after each that answered. */
export function measuredBot<T>(f: AnyBotFactory, start: () => T, done: (mark: T) => void): AnyBotFactory {
  return (ctx) => {
    const bot = f(ctx) as Record<string | symbol, unknown> | null;
    if (!bot) return bot;
    return new Proxy(bot, {
      get(target, prop) {
        const method = target[prop];
        if (typeof method !== 'function' || typeof prop !== 'string') return method;
        return (...args: unknown[]) => {
          const mark = start();
          const out = (method as (...a: unknown[]) => unknown).apply(target, args);
          if (out !== null && out !== undefined) done(mark);
          return out;
        };
      },
    });
  };
}

/** Decisions' times of one seat: ms each by the budget's clock, and by the wall clock. */
export interface DecisionTimes {
  readonly times: number[];
  /** How many of them are by the wall clock (the others are CPU times the bot's process reported). */
  wall: number;
  /** Each decision by the wall clock around the call, the protocol's round trip included (the same as `times` when `wall` is all of them). */
  readonly wallMs: number[];
}

/** No decisions yet. */
export const noDecisions = (): DecisionTimes => ({ times: [], wall: 0, wallMs: [] });

/** `cpu` when every time is the CPU time the bot's process reported (the budget's cpu clock), else `wall`. */
export const clockOf = (t: DecisionTimes): 'cpu' | 'wall' => (t.times.length > 0 && t.wall === 0 ? 'cpu' : 'wall');

/**
 * `f` with each answered decision's milliseconds pushed to `into` (rounded to
 * the microsecond) by the clock the match times it by: under the cpu clock
 * the CPU time an isolated bot reports (BOT_CPU), else the wall clock's
 * around the call, the protocol's round trip included (kept too, in
 * `wallMs`: a process's CPU time comes in the kernel's 10 ms ticks). Used by
 * check-bot, a contest's run and the contest server alike.
 */
export function timedBot(f: AnyBotFactory, budget: Budget, into: DecisionTimes): AnyBotFactory {
  const byCpu = (budget.clock ?? DEFAULT_CLOCK) === 'cpu';
  let made: { [BOT_CPU]?: () => number | null } | null = null;
  return measuredBot((ctx) => (made = f(ctx) as typeof made), () => performance.now(), (t0) => {
    const wall = Math.round((performance.now() - t0) * 1000) / 1000;
    const cpu = byCpu ? made?.[BOT_CPU]?.() : null;
    if (typeof cpu !== 'number') into.wall++;
    into.times.push(typeof cpu === 'number' ? Math.round(cpu * 1000) / 1000 : wall);
    into.wallMs.push(wall);
  });
}
