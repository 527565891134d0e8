/** Timing bots' decisions for the benchmarks: wall and CPU milliseconds of every program decision. */
import { readFileSync } from 'node:fs';
import type { AnyBotFactory } from '../src/core/bot.js';
import { measuredBot } from '../src/match/measuredBot.js';
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
 * Wraps a factory so every decision that answers reports its wall and CPU
 * milliseconds to `onDecision` (src/arena/measuredBot.ts: any decision name;
 * a null answer, a question left to the default, is not counted).
 */
export function timedBot(f: BotFactory, onDecision: (wallMs: number, cpuMs: number) => void): BotFactory {
  const perThread = threadCpuMs() !== null;
  const cpuNow = (): number => {
    if (perThread) return threadCpuMs()!;
    const c = process.cpuUsage();
    return (c.user + c.system) / 1000;
  };
  return measuredBot(
    f as AnyBotFactory,
    () => [cpuNow(), performance.now()] as const,
    ([c0, t0]) => {
      const wall = performance.now() - t0;
      onDecision(wall, cpuNow() - c0);
    },
  ) as unknown as BotFactory;
}
