/**
 * Decision limits (src/arena/match.ts, Budget in src/core/bot.ts): the
 * per-decision limit, a seat's first-decision limit, and the overage bank
 * that pays for decisions over their limit — timed by an injected clock, so
 * every figure is exact (it stands for the budget's clock: CPU time unless
 * the budget says wall). The real clocks and a sandboxed bot's limits:
 * test/e2e/alone/limits.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { playMatch } from '../../src/match/loop.js';
import type { AnyBotFactory, Budget } from '../../src/core/bot.js';
import { defaultCatalogue } from '../../src/rules/nhm/catalogue.js';
import { rulesetById } from '../../src/rules/registry.js';
import { rbpGame } from '../../src/rules/rbp/index.js';

const game = rbpGame(defaultCatalogue());
const mod = rulesetById(game.rulesetId);

/** Plays 5 turns where seat A's decisions take `times` ms by the clock (B's take none); A's fault log. */
function faultsOf(times: number[], budget: Budget) {
  let now = 0;
  let i = 0;
  const slow: AnyBotFactory = () => ({ program: () => ((now += times[i++] ?? 0), 'TL TR TL TR TL') });
  const idle: AnyBotFactory = () => ({ program: () => 'TL TR TL TR TL' });
  const g = mod.makeGame({ builds: [game.loadouts[0], game.loadouts[1]], turnLimit: times.length });
  const r = playMatch({ module: mod, game: g, bots: [slow, idle], seed: 'budget', budget, clock: () => now });
  return r.faultLog.filter((f) => f.seat === 0).map((f) => [f.turn, f.kind, f.message]);
}

describe('decision limits', () => {
  it('a decision over the limit is a timeout fault (no bank, no first-decision limit)', () => {
    expect(faultsOf([5, 11, 10, 30], { ms: 10, sims: 1 })).toEqual([
      [2, 'timeout', 'took 11.0 ms of CPU time, budget 10 ms'],
      [4, 'timeout', 'took 30.0 ms of CPU time, budget 10 ms'],
    ]);
  });

  it('a seat\'s first decision has its own limit', () => {
    expect(faultsOf([40, 10, 11], { ms: 10, sims: 1, firstMs: 50 })).toEqual([[3, 'timeout', 'took 11.0 ms of CPU time, budget 10 ms']]);
    expect(faultsOf([60, 10], { ms: 10, sims: 1, firstMs: 50 })).toEqual([[1, 'timeout', 'took 60.0 ms of CPU time, budget 50 ms (a first decision)']]);
  });

  it('the overage bank pays for time over the limit until it runs out; then the decision is a timeout and the bank is empty', () => {
    // 12: 2 over, bank 15 -> 13; 20: 10 over -> 3; 14: 4 over, the bank has 3: a fault, bank 0; 11: 1 over, a fault.
    expect(faultsOf([40, 12, 20, 14, 11, 10], { ms: 10, sims: 1, firstMs: 50, overageMs: 15 })).toEqual([
      [4, 'timeout', 'took 14.0 ms of CPU time, budget 10 ms, and its overage bank had 3.0 of 15 ms left'],
      [5, 'timeout', 'took 11.0 ms of CPU time, budget 10 ms, and its overage bank had 0.0 of 15 ms left'],
    ]);
  });
});

describe('a config\'s budget', () => {
  it('carries firstMs and overageMs into the run, and leaves them out when not given', async () => {
    const { checkConfig } = await import('../../src/config/index.js');
    const plan = (budget: unknown) => checkConfig({ ruleset: 'rbp', bots: ['random', 'greedy'], budget, schedule: { type: 'round-robin', games: 2 } }, 'configs/t.json').runs[0].run.budget;
    expect(plan({ ms: 50, firstMs: 2000, overageMs: 500 })).toEqual({ ms: 50, sims: 2000, firstMs: 2000, overageMs: 500 });
    expect(plan({ ms: 50 })).toEqual({ ms: 50, sims: 2000 });
    expect(plan({ ms: 50, clock: 'wall' })).toEqual({ ms: 50, sims: 2000, clock: 'wall' });
  });

  it('names the clock a fault was timed by', () => {
    expect(faultsOf([5, 11], { ms: 10, sims: 1, clock: 'wall' })).toEqual([[2, 'timeout', 'took 11.0 ms by the wall clock, budget 10 ms']]);
  });

  it('a bad clock or limits field is a located error', async () => {
    const { checkConfig } = await import('../../src/config/index.js');
    const problems = (extra: Record<string, unknown>) => {
      try {
        checkConfig({ ruleset: 'rbp', bots: ['random', 'greedy'], schedule: { type: 'round-robin', games: 2 }, ...extra }, 'configs/x.json');
        return '';
      } catch (e) {
        return (e as Error).message;
      }
    };
    expect(problems({ budget: { clock: 'cpu-time' } })).toContain('configs/x.json: budget.clock: must be "cpu" or "wall"');
    expect(problems({ limits: { memoryMb: 1.5 } })).toContain('configs/x.json: limits.memoryMb: must be a positive integer (megabytes)');
    expect(problems({ limits: { outputKb: 0, startupMs: -1 } })).toMatch(/limits\.startupMs: must be a positive integer \(milliseconds\)[^]*limits\.outputKb: must be a positive integer \(kibibytes\)/);
    expect(problems({ limits: { cpuSeconds: 3 } })).toContain('configs/x.json: limits.cpuSeconds: unknown field (expected startupMs, memoryMb, outputKb)');
    expect(problems({ limits: 'lots' })).toContain('configs/x.json: limits: must be {"startupMs"');
  });

  it('carries limits into the run (every field, defaults filled in) only when the config gives them', async () => {
    const { checkConfig } = await import('../../src/config/index.js');
    const run = (extra: Record<string, unknown>) => checkConfig({ ruleset: 'rbp', bots: ['random', 'greedy'], schedule: { type: 'round-robin', games: 2 }, ...extra }, 'configs/t.json').runs[0].run;
    expect(run({}).limits).toBeUndefined();
    expect(run({ limits: { memoryMb: 1024 } }).limits).toEqual({ startupMs: 20_000, memoryMb: 1024, outputKb: 4096 });
  });
});
