/**
 * A decision timed by its thread's CPU is charged at most the wall time it
 * took: the kernel brings a thread's run time up to date in steps, so two
 * readings of /proc/thread-self/schedstat around a short decision can differ
 * by more than the decision ran (a 1 ms decision of a skilled sweep was once
 * charged 1001.0 ms and faulted). Here the readings are scripted: each
 * decision's second reading is a second after its first.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';

// Not hoisted (vi.doMock) and undone after: the unit tier's files share their processes and module cache, and the
// other files must get the real readings.
vi.resetModules();
vi.doMock('../../src/core/threadCpu.js', () => {
  const threadTimes = new Float64Array(2);
  let cpu = 0;
  return {
    threadTimes,
    readThreadTimes: () => {
      cpu += 1000;
      threadTimes[0] = cpu;
      threadTimes[1] = 0;
      return true;
    },
  };
});
afterAll(() => {
  vi.doUnmock('../../src/core/threadCpu.js');
  vi.resetModules();
});

const { playMatch } = await import('../../src/match/loop.js');
const { loadRuleset } = await import('../../src/rules/registry.js');
const random = (await import('../../bots/random.js')).default;

describe('a decision in the arena\'s thread, timed by CPU, read across a step of the thread\'s run time', () => {
  it('is charged its wall time, not the step: a quick bot is never faulted for a second it did not run', async () => {
    const mod = await loadRuleset('rbp');
    const game = mod.makeGame({ builds: mod.builds.sample(2, 'step'), turnLimit: 4 });
    // Slow enough by the wall clock (past SLOW_MS) that the loop reads the thread's CPU around each decision.
    const slow = (ctx: unknown) => {
      const b = random(ctx as never) as { program: (o: unknown, v: unknown) => unknown };
      return { program: (o: unknown, v: unknown) => (Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 30), b.program(o, v)) };
    };
    const r = playMatch({ module: mod, game, bots: [slow as never, slow as never], seed: 'step', budget: { ms: 500, sims: 1, clock: 'cpu' } });
    expect(r.faultLog).toEqual([]);
    expect(r.turns).toBe(4);
  });
});
