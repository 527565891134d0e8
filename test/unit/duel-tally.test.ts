/** A duel's checks (src/run/duel/tally.ts): the test taken every 10 pairs and at the cap, never between, and the first that decides ends it. */
import { describe, expect, it } from 'vitest';
import { checkPoints, runChecks, type DuelPair } from '../../src/run/duel/tally.js';
import { pentanomialLlr } from '../../src/stats/pentanomialSprt.js';

const pair = (i: number, a: number, b: number): DuelPair => ({ pair: i, seed: String(i), loadouts: ['x', 'y'], scores: [a, b], reasons: ['kill', 'kill'] });
const spec = { elo0: 0, elo1: 10, alpha: 0.05, beta: 0.05, model: 'logistic' as const };

describe('a duel taken at its checks', () => {
  it('checks every `every` pairs and at the cap, up to the pairs played', () => {
    expect(checkPoints(10, 100, 35)).toEqual([10, 20, 30]);
    expect(checkPoints(10, 25, 1000)).toEqual([10, 20, 25]);
    expect(checkPoints(10, 100, 9)).toEqual([]);
  });

  it('every pair won: the LLR grows by ln(s1/s0) a pair, H1 at the first check past ln(19), the counts at that check', () => {
    const pairs = Array.from({ length: 200 }, (_, i) => pair(i, 1, 1));
    const checks = runChecks(pairs, spec, 10, 10000);
    const last = checks[checks.length - 1];
    // ln(19) / ln(0.514387 / 0.5) = 104.1 pairs: decided at the check of 110, not at 105 and not later.
    expect(checks.map((c) => c.pairs)).toEqual([10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110]);
    expect(last.verdict).toBe('H1');
    expect(last).toMatchObject({ games: 220, wins: 220, draws: 0, losses: 0, penta: { ww: 110, ll: 0 } });
    expect(last.llr).toBeCloseTo(pentanomialLlr(last.penta, spec), 12);
    expect(checks[9].verdict).toBe('continue');
  });

  it('even pairs: H0 at a check; undecided pairs stop at the cap as max-games', () => {
    const even = Array.from({ length: 300 }, (_, i) => pair(i, i % 2, 1 - (i % 2)));
    const h0 = runChecks(even, spec, 10, 10000);
    expect(h0[h0.length - 1]).toMatchObject({ verdict: 'H0', pairs: 110, wins: 110, losses: 110 });
    const capped = runChecks(even, spec, 10, 45);
    expect(capped.map((c) => c.pairs)).toEqual([10, 20, 30, 40, 45]);
    expect(capped[4].verdict).toBe('max-games');
  });
});
