/**
 * Fair time (issue 49 item 5), for bots in the arena's own thread: under the
 * budget's `cpu` clock a decision costs the thread's CPU time, as an isolated
 * bot's costs its processes' (so a loaded machine charges it nothing), and
 * every decision timed by CPU is also held to a wall-clock cap.
 */
import { describe, expect, it } from 'vitest';
import type { AnyBotFactory, Budget } from '../../src/core/bot.js';
import { playMatch, wallCapMs } from '../../src/match/loop.js';
import { loadRuleset } from '../../src/rules/registry.js';
import random from '../../bots/random.js';

const sleep = (ms: number): void => void Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
const burn = (ms: number): void => {
  const t = process.cpuUsage();
  for (;;) {
    let x = 0;
    for (let i = 0; i < 1e5; i++) x += i;
    const u = process.cpuUsage(t);
    if (x < 0 || u.user + u.system >= ms * 1000) return;
  }
};

/** A random bot that first does `before` at each decision; seat 0's faults over a few turns. */
async function faultsOf(before: () => void, budget: Budget): Promise<{ kind: string; message: string }[]> {
  const mod = await loadRuleset('rbp');
  const game = mod.makeGame({ builds: mod.builds.sample(2, 'fair'), turnLimit: 3 });
  const slowBot: AnyBotFactory = (ctx) => {
    const b = random(ctx as never) as { program: (o: unknown, v: unknown) => unknown };
    return { program: (o: unknown, v: unknown) => (before(), b.program(o, v)) };
  };
  const r = playMatch({ module: mod, game, bots: [slowBot, random as AnyBotFactory], seed: 'fair', budget });
  return r.faultLog.filter((f) => f.seat === 0);
}

describe('a bot in the arena\'s thread, timed by CPU', () => {
  it('a bot that spends 15 ms of CPU against a 20 ms limit is not faulted, however long the wall clock says it took (its wait for a CPU is not held against it)', async () => {
    expect(await faultsOf(() => burn(15), { ms: 20, sims: 1, clock: 'cpu' })).toEqual([]);
  });

  it('that waits (no CPU) past its limit but under the wall-clock cap is not faulted: waiting is what a loaded machine does to it', async () => {
    expect(await faultsOf(() => sleep(60), { ms: 20, sims: 1, clock: 'cpu' })).toEqual([]);
  });

  it('that spends CPU past its limit is faulted, the fault naming CPU time', async () => {
    const f = await faultsOf(() => burn(60), { ms: 20, sims: 1, clock: 'cpu' });
    expect(f.length).toBeGreaterThan(0);
    expect(f[0]).toMatchObject({ kind: 'timeout', message: expect.stringMatching(/^took \d+\.\d ms of CPU time, budget 20 ms$/) });
  });

  it('that waits past the wall-clock cap (4 times its limit, at least 250 ms over it) is faulted every decision', async () => {
    expect(wallCapMs(20)).toBe(270);
    expect(wallCapMs(1000)).toBe(4000);
    const f = await faultsOf(() => sleep(400), { ms: 20, sims: 1, clock: 'cpu' });
    expect(f.length).toBeGreaterThanOrEqual(2);
    for (const x of f) expect(x).toMatchObject({ kind: 'timeout', message: expect.stringMatching(/^took \d+\.\d ms by the wall clock \(\d+\.\d ms of CPU time, \d+\.\d ms waiting for a CPU\), over its wall-clock cap of 270 ms \(4 times its limit, at least 250 ms over it\)$/) });
  });

  it('under the wall clock, waiting past the limit is a fault as before', async () => {
    const f = await faultsOf(() => sleep(60), { ms: 20, sims: 1, clock: 'wall' });
    expect(f.length).toBeGreaterThan(0);
    expect(f[0].message).toMatch(/by the wall clock, budget 20 ms$/);
  });
});
