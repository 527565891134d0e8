/**
 * A sandboxed bot's CPU clock on a machine loaded by busy loops this file
 * starts (docs/contest.md, "Limits and what a fault costs"): alone, so no
 * other file's load is in its figures, and its loops in no other file's.
 * The clocks on any machine, and the wall-clock backstop, are
 * test/e2e/decision-clocks.test.ts; the run's other limits (start-up,
 * memory, output) are test/e2e/sandbox-limits.test.ts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { botFolder, burn, play } from '../../isolated-bots.js';

const { bot, remove } = botFolder('limits-');
afterAll(remove);

describe('a decision timed by the CPU clock or the wall clock, on a loaded machine', () => {
  it('on a machine loaded by busy loops, a bot within its CPU limit is not faulted under the CPU clock; under the wall clock it is', () => {
    // Each busy loop in a session of its own, so the scheduler's autogroups share the cores among them and the bot.
    const hogs: ChildProcess[] = Array.from({ length: 6 }, () => spawn(process.execPath, ['-e', 'for (;;);'], { stdio: 'ignore', detached: true }));
    try {
      const steady = bot('steady', burn(150));
      const cpu = play(steady, { ms: 250, sims: 1, clock: 'cpu' }, 4);
      const wall = play(steady, { ms: 250, sims: 1, clock: 'wall' }, 4);
      expect(cpu.faults, `CPU: ${cpu.decisionMs.toFixed(0)} ms a decision`).toEqual([]);
      expect(wall.faults.length, `wall: ${wall.decisionMs.toFixed(0)} ms a decision`).toBeGreaterThanOrEqual(3);
      expect(wall.faults[0].message).toMatch(/by the wall clock, budget 250 ms$/);
    } finally {
      for (const h of hogs) h.kill('SIGKILL');
    }
  });
});
