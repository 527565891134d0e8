/**
 * Measuring a bot's decisions from outside it (havoc check-bot, the bench's
 * ladder and decision times): a factory whose bots report, for every method
 * call that answers, what was measured around it. A null answer is a
 * question the bot leaves to the rulebook's default (NHM's Dodge and
 * Auto-Target) and is not counted; any decision name is measured, whatever
 * the ruleset calls it.
 */
import type { AnyBotFactory } from '../core/bot.js';

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
