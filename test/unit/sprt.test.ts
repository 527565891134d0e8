/** The sequential test (src/stats/sprt.ts): its bounds, and its error rates and stopping times by simulation. */
import { describe, expect, it } from 'vitest';
import { makeRng, type Rng } from '../../src/core/rng.js';
import { Sprt, sprtBounds, sprtLlr, type SprtSpec } from '../../src/stats/sprt.js';

/** A game's score with mean p: a fifth of games drawn, the rest won with the chance that makes the mean p. */
const game = (rng: Rng, p: number): number => (rng.next() < 0.2 ? 0.5 : rng.next() < (p - 0.1) / 0.8 ? 1 : 0);
/** A seat-swapped pair's score: the mean of two games. */
const pair = (rng: Rng, p: number): number => (game(rng, p) + game(rng, p)) / 2;

/** Runs `runs` tests on observations drawn by `draw`; the share of each decision and the mean observations spent. */
function simulate(spec: SprtSpec, runs: number, seed: string, draw: (rng: Rng) => number): { H0: number; H1: number; cap: number; meanN: number } {
  const rng = makeRng(seed);
  const count = { H0: 0, H1: 0, cap: 0 };
  let spent = 0;
  for (let r = 0; r < runs; r++) {
    const t = new Sprt(spec);
    while (t.state === 'continue') t.push(draw(rng));
    count[t.state as 'H0' | 'H1' | 'cap']++;
    spent += t.n;
  }
  return { H0: count.H0 / runs, H1: count.H1 / runs, cap: count.cap / runs, meanN: spent / runs };
}

describe('sprt', () => {
  it("Wald's bounds", () => {
    const b = sprtBounds(0.05, 0.05);
    expect(b.upper).toBeCloseTo(Math.log(19), 12);
    expect(b.lower).toBeCloseTo(-Math.log(19), 12);
    expect(() => sprtBounds(0, 0.05)).toThrow(RangeError);
    expect(() => new Sprt({ mu0: 0.5, mu1: 0.5, alpha: 0.05, beta: 0.05 })).toThrow(RangeError);
  });

  it('the normal log likelihood ratio: zero halfway between the means, of the sign of the evidence', () => {
    // Observations 0 and 1 alternating around 0.525, halfway between 0.5 and 0.55.
    expect(sprtLlr(4, 2.1, 2.1 * 1, 0.5, 0.55)).toBeCloseTo(0, 12);
    expect(sprtLlr(10, 7, 7, 0.5, 0.55)).toBeGreaterThan(0);
    expect(sprtLlr(10, 3, 3, 0.5, 0.55)).toBeLessThan(0);
    // Identical observations: the floored variance gives a large, finite ratio.
    expect(Number.isFinite(sprtLlr(10, 0, 0, 0, 0.1))).toBe(true);
    expect(sprtLlr(10, 0, 0, 0, 0.1)).toBeLessThan(sprtBounds(0.05, 0.05).lower);
  });

  it('game scores (draws among them): errors near alpha and beta at the two hypotheses', () => {
    const spec = { mu0: 0.5, mu1: 0.6, alpha: 0.05, beta: 0.05 };
    const at0 = simulate(spec, 2000, 'sprt-h0', (rng) => game(rng, 0.5));
    const at1 = simulate(spec, 2000, 'sprt-h1', (rng) => game(rng, 0.6));
    // Wald's bounds hold the errors to about alpha and beta; the variance estimated as the test goes lifts alpha a little
    // (measured 0.066 over 4,000 runs at 16 observations before a decision). 2,000 runs give about ±1 point.
    expect(at0.H1).toBeLessThan(0.08);
    expect(at1.H0).toBeLessThan(0.065);
    expect(at0.H1).toBeGreaterThan(0.01); // the test is not just refusing to decide
    // Far from the hypotheses it decides fast and right.
    const far = simulate(spec, 500, 'sprt-far', (rng) => game(rng, 0.8));
    expect(far.H1).toBeGreaterThan(0.99);
    expect(far.meanN).toBeLessThan(at1.meanN / 2);
  });

  it('differences of paired pair scores (the optimizer\'s comparison): errors near alpha and beta', () => {
    const spec = { mu0: 0, mu1: 0.1, alpha: 0.05, beta: 0.1 };
    const same = simulate(spec, 2000, 'diff-h0', (rng) => pair(rng, 0.5) - pair(rng, 0.5));
    const better = simulate(spec, 2000, 'diff-h1', (rng) => pair(rng, 0.55) - pair(rng, 0.45));
    expect(same.H1).toBeLessThan(0.085);
    expect(better.H0).toBeLessThan(0.12);
    expect(same.H0 + same.H1 + same.cap).toBeCloseTo(1, 12);
  });

  it('a cap stops an undecided test', () => {
    const spec = { mu0: 0.5, mu1: 0.55, alpha: 0.05, beta: 0.05, maxN: 20 };
    const r = simulate(spec, 300, 'cap', (rng) => game(rng, 0.525));
    expect(r.cap).toBeGreaterThan(0.5);
    expect(r.meanN).toBeLessThanOrEqual(20);
  });
});
