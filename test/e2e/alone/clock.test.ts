/**
 * The wall clock of in-thread decisions (src/arena/clock.ts) and the
 * watchdog's looks (src/arena/watchdog.ts): neither reads a clock in the
 * worker at every call.
 */
import { describe, expect, it } from 'vitest';
import { decisionClock, MIN_LIMIT_MS, startTicker, TICK_MS, tickerRunning } from '../../../src/match/clock.js';
import { playMatch } from '../../../src/match/loop.js';
import { SlotGuard, Watchdog } from '../../../src/run/watchdog.js';
import type { AnyBotFactory } from '../../../src/core/bot.js';
import { defaultCatalogue } from '../../../src/rules/nhm/catalogue.js';
import { rulesetById } from '../../../src/rules/registry.js';
import { rbpGame } from '../../../src/rules/rbp/index.js';

const spin = (ms: number): void => {
  const end = performance.now() + ms;
  while (performance.now() < end);
};

/** This thread's ticked clock, once its ticker has written the time. */
async function tickedClock(): Promise<() => number> {
  startTicker();
  for (let i = 0; i < 200 && !tickerRunning(); i++) {
    await new Promise((r) => setTimeout(r, 10));
    decisionClock(1000);
  }
  expect(tickerRunning()).toBe(true);
  return decisionClock(1000);
}

describe('the decision clock', () => {
  it('is performance.now until the thread reads it often; the ticked clock keeps time with it, and a budget tighter than MIN_LIMIT_MS keeps the precise one', async () => {
    const ticked = await tickedClock();
    expect(decisionClock(MIN_LIMIT_MS - 1)).not.toBe(ticked);
    expect(decisionClock(MIN_LIMIT_MS)).toBe(ticked);
    // Milliseconds since the epoch, as every thread counts them: behind performance's by less than a few ticks.
    for (let i = 0; i < 5; i++) {
      const lag = performance.timeOrigin + performance.now() - ticked();
      expect(lag).toBeGreaterThan(-1); // (each thread has its own time origin: they agree to well under a millisecond)
      expect(lag).toBeLessThan(20 * TICK_MS);
      spin(7);
    }
    const t0 = ticked();
    spin(60);
    const took = ticked() - t0;
    expect(took).toBeGreaterThan(60 - 20 * TICK_MS);
    expect(took).toBeLessThan(60 + 20 * TICK_MS);
  });

  it('times a match by the ticked clock: a decision over the budget is a timeout, the others are not', async () => {
    await tickedClock();
    const game = rbpGame(defaultCatalogue(), { turnLimit: 4 });
    let n = 0;
    // Turn 2's decision takes 120 ms against a 60 ms budget; the others a few microseconds.
    const slow: AnyBotFactory = () => ({ program: () => (++n === 2 && spin(120), 'F F F F F') });
    const quick: AnyBotFactory = () => ({ program: () => 'F F F F F' });
    const r = playMatch({ module: rulesetById('rbp'), game, bots: [slow, quick], seed: 's', budget: { ms: 60, sims: 1, clock: 'wall' } });
    expect(r.faultLog.map((f) => [f.seat, f.turn, f.kind])).toEqual([[0, 2, 'timeout']]);
    expect(r.faultLog[0].message).toMatch(/^took 1\d\d\.\d ms by the wall clock, budget 60 ms$/);
    expect(r.decisionMs[1]).toBeLessThan(5);
  });
});

describe('the watchdog', () => {
  const slotted = (): { dog: Watchdog; guard: SlotGuard; slot: number } => {
    const dog = new Watchdog(2), slot = dog.acquire();
    return { dog, slot, guard: new SlotGuard(dog.shared, slot, 100) };
  };

  it('stops a call found running longer ago than its limit (10 x budget, at least 5 s, for a decision)', () => {
    const { dog, guard, slot } = slotted();
    guard.match(7);
    guard.enter(1, 'decision');
    expect(dog.hung(slot, 1_000)).toBeNull(); // first found here
    expect(dog.hung(slot, 6_000)).toBeNull();
    expect(dog.hung(slot, 6_001)).toEqual({ match: 7, seat: 1 });
  });

  it('times each call afresh: a new call, or none running, restarts the count', () => {
    const { dog, guard, slot } = slotted();
    guard.match(3);
    guard.enter(0, 'decision');
    expect(dog.hung(slot, 0)).toBeNull();
    guard.exit();
    guard.enter(1, 'decision'); // another call since the last look
    expect(dog.hung(slot, 4_000)).toBeNull();
    expect(dog.hung(slot, 9_000)).toBeNull();
    expect(dog.hung(slot, 9_001)).toEqual({ match: 3, seat: 1 });
    guard.exit();
    expect(dog.hung(slot, 20_000)).toBeNull();
  });

  it('gives making a bot 100 x budget, at least 60 s', () => {
    const { dog, guard, slot } = slotted();
    guard.match(-1);
    guard.enter(-1, 'factory');
    expect(dog.hung(slot, 0)).toBeNull();
    expect(dog.hung(slot, 60_000)).toBeNull();
    expect(dog.hung(slot, 60_001)).toEqual({ match: -1, seat: -1 });
  });
});
