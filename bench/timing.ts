/** Timing bots' decisions for the benchmarks: wall and CPU milliseconds of every program decision. */
import { readFileSync } from 'node:fs';
import type { BotFactory } from '../src/rules/nhm/botApi.js';

const SCHEDSTAT = '/proc/thread-self/schedstat';

/** CPU milliseconds of the calling thread (Linux: its schedstat run time, in ns), or null where that cannot be read. */
function threadCpuMs(): number | null {
  try {
    return Number(readFileSync(SCHEDSTAT, 'latin1').split(' ', 1)[0]) / 1e6;
  } catch {
    return null;
  }
}

/**
 * What `cpu` means in the figures: the deciding thread's own CPU time where
 * the system tells it (a decision runs on one thread, and the process's CPU
 * time also counts V8's background threads, whose collections and compiles
 * can add tens of milliseconds to a decision that took less in all), else the
 * whole process's.
 */
export const CPU_CLOCK = threadCpuMs() !== null ? "the deciding thread's CPU time" : "its process's CPU time";

/**
 * Wraps a factory so every decision reports its wall and CPU milliseconds to
 * `onDecision`: every method call that answers (a null answer is a question
 * the bot leaves to the rulebook's default, NHM's Dodge and Auto-Target, and
 * is not counted), whatever the ruleset calls its decisions.
 */
export function timedBot(f: BotFactory, onDecision: (wallMs: number, cpuMs: number) => void): BotFactory {
  const perThread = threadCpuMs() !== null;
  const cpuNow = (): number => {
    if (perThread) return threadCpuMs()!;
    const c = process.cpuUsage();
    return (c.user + c.system) / 1000;
  };
  return (ctx) => {
    const bot = f(ctx) as unknown as Record<string | symbol, unknown>;
    return new Proxy(bot, {
      get(target, prop) {
        const method = target[prop];
        if (typeof method !== 'function' || typeof prop !== 'string') return method;
        return (...args: unknown[]) => {
          const c0 = cpuNow(), t0 = performance.now();
          const out = (method as (...a: unknown[]) => unknown).apply(target, args);
          const dt = performance.now() - t0;
          if (out !== null && out !== undefined) onDecision(dt, cpuNow() - c0);
          return out;
        };
      },
    }) as unknown as ReturnType<BotFactory>;
  };
}
