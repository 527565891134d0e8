/**
 * A sandboxed bot's decision clock, for real (docs/contest.md, "Limits and
 * what a fault costs"): a decision timed by its processes' CPU time or by
 * the wall clock (budget.clock), the wall-clock backstop that stops a bot
 * that sleeps, and the CPU clock on a machine loaded by busy loops this file
 * starts: alone, so no other file's load is in its figures. The run's other
 * limits (start-up, memory, output) are test/e2e/sandbox-limits.test.ts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { botFolder, burn, play, sleep } from '../../isolated-bots.js';

const { bot, remove } = botFolder('limits-');
afterAll(remove);

const burner = bot('burner', burn(250));
const sleeper = bot('sleeper', sleep(800));

describe('a decision timed by the CPU clock or the wall clock', () => {
  it('a bot that burns CPU past its limit is faulted under both clocks, each fault naming its clock', () => {
    for (const clock of ['cpu', 'wall'] as const) {
      const r = play(burner, { ms: 100, sims: 1, clock }, 3);
      expect(r.faults.map((f) => f.kind), clock).toEqual(['timeout', 'timeout', 'timeout']);
      expect(r.faults[0].message).toMatch(clock === 'cpu' ? /^took (2[4-9]\d|[3-9]\d\d)\.0 ms of CPU time, budget 100 ms$/ : /^took \d+\.\d ms by the wall clock, budget 100 ms$/);
      if (clock === 'cpu') expect(r.decisionMs).toBeGreaterThanOrEqual(240); // the CPU time it spent, to 10 ms
    }
  });

  it('a bot that sleeps past its limit is not faulted under the CPU clock; under the wall clock it is', () => {
    const cpu = play(sleeper, { ms: 300, sims: 1, clock: 'cpu' }, 3);
    expect(cpu.faults).toEqual([]);
    expect(cpu.decisionMs).toBeLessThan(100);
    const wall = play(sleeper, { ms: 300, sims: 1, clock: 'wall' }, 3);
    expect(wall.faults.map((f) => f.kind)).toEqual(['timeout', 'timeout', 'timeout']);
    expect(wall.faults[0].message).toMatch(/^took (8\d\d|9\d\d|\d{4,})\.\d ms by the wall clock, budget 300 ms$/);
  });

  it('a bot that sleeps past the wall-clock backstop (5 times its longest decision, at least 2 s) is stopped under the CPU clock, and forfeits', () => {
    const r = play(bot('sleeps-long', sleep(10_000)), { ms: 300, sims: 1, clock: 'cpu' }, 3);
    expect(r.reason).toBe('hang');
    expect(r.forfeits).toEqual([0]);
    expect(r.faults.map((f) => f.message)).toEqual(['no answer to program #1: the process was killed at its deadline (2000 ms by the wall clock); forfeits the match']);
  });

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
