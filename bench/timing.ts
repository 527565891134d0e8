/** Timing bots' decisions for the benchmarks: wall and CPU milliseconds of every program decision. */
import type { BotFactory } from '../src/rules/nhm/botApi.js';

/** Wraps a factory so every program decision reports its wall and CPU milliseconds to `onDecision`. */
export function timedBot(f: BotFactory, onDecision: (wallMs: number, cpuMs: number) => void): BotFactory {
  return (ctx) => {
    const bot = f(ctx);
    return {
      program: (obs, view) => {
        const c0 = process.cpuUsage(), t0 = performance.now();
        const out = bot.program(obs, view);
        const dt = performance.now() - t0, c = process.cpuUsage(c0);
        onDecision(dt, (c.user + c.system) / 1000);
        return out;
      },
      autoTarget: bot.autoTarget?.bind(bot),
      dodge: bot.dodge?.bind(bot),
    };
  };
}
