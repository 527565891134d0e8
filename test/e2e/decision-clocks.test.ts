/**
 * A sandboxed bot's decision clock, for real (docs/contest.md, "Limits and
 * what a fault costs"): a decision timed by its processes' CPU time or by
 * the wall clock (budget.clock), and the wall-clock backstop that stops a bot
 * that sleeps. Each holds whatever else the machine runs: a bot that burns
 * 250 ms of CPU spends 250 ms of CPU time however busy the cores, and one
 * that sleeps 800 ms is past a 300 ms wall-clock budget all the more on a
 * busy machine. The CPU clock on a machine loaded by busy loops is
 * test/e2e/alone/limits.test.ts; the run's other limits (start-up, memory,
 * output) are test/e2e/sandbox-limits.test.ts.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { botFolder, burn, play, sleep } from '../isolated-bots.js';

const { bot, remove } = botFolder('clocks-');
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
});
