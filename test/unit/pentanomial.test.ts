/**
 * A duel's statistics (src/stats/pentanomial.ts, pentanomialSprt.ts) against an independent computation:
 * test/unit/pentanomial_llr.py fits each hypothesis' most likely distribution with scipy's constrained optimiser
 * (not the closed forms the code solves) on recorded pair counts; its printed figures are copied here.
 */
import { describe, expect, it } from 'vitest';
import { addPair, EMPTY_PENTANOMIAL, estimate, pairKind, type Pentanomial } from '../../src/stats/pentanomial.js';
import { duelSprtProblem, duelVerdict, fixedSizeFor, pentanomialLlr, type DuelSprtSpec } from '../../src/stats/pentanomialSprt.js';
import { sprtBounds } from '../../src/stats/sprt.js';

/** Counts [LL, LD, WL+DD, WD, WW] as a pentanomial (WL+DD all as DD). */
const penta = ([ll, ld, dd, wd, ww]: readonly number[]): Pentanomial => ({ ll, ld, wl: 0, dd, wd, ww });
const spec = (elo0: number, elo1: number, model: DuelSprtSpec['model']): DuelSprtSpec => ({ elo0, elo1, alpha: 0.05, beta: 0.05, model });

// python3 test/unit/pentanomial_llr.py (numpy 2.4.6, scipy 1.17.1), rounded to 6 decimals.
const SCIPY = [
  { counts: [10, 30, 80, 35, 12], l010: 0.26366, lm55: 0.564106, n010: 0.244388, n05: 0.156709, score: 0.513473, elo: 9.364304, eloLo: -15.827537, eloHi: 34.655145, nelo: 13.854388, los: 0.766927 },
  { counts: [2, 15, 60, 40, 20], l010: 3.16463, lm55: 3.291307, n010: 2.302898, n05: 1.176822, score: 0.611314, elo: 78.666081, eloLo: 50.962643, eloHi: 107.391614, nelo: 118.959922, los: 0.999999993 },
  { counts: [30, 45, 70, 20, 5], l010: -3.706595, lm55: -3.547746, n010: -2.898755, n05: -1.416694, score: 0.389706, elo: -77.920889, eloLo: -106.078004, eloHi: -50.73774, nelo: -107.781272, los: 5.32e-9 },
  { counts: [0, 3, 20, 9, 1], l010: 0.909161, lm55: 0.947063, n010: 0.446125, n05: 0.228266, score: 0.560606, elo: 42.32149, eloLo: 3.425142, eloHi: 82.307737, nelo: 91.241055, los: 0.983557 },
  { counts: [412, 1630, 2611, 1687, 433], l010: -5.580906, lm55: 5.759122, n010: -1.556929, n05: 0.623672, score: 0.503654, elo: 2.539254, eloLo: -1.574236, eloHi: 6.653456, nelo: 3.611692, los: 0.886837 },
];

describe('pentanomial', () => {
  it('counts a pair by its two results, in either order', () => {
    expect(pairKind(0, 0)).toBe('ll');
    expect(pairKind(0.5, 0)).toBe('ld');
    expect(pairKind(1, 0)).toBe('wl');
    expect(pairKind(0, 1)).toBe('wl');
    expect(pairKind(0.5, 0.5)).toBe('dd');
    expect(pairKind(0.5, 1)).toBe('wd');
    expect(pairKind(1, 1)).toBe('ww');
    let p = EMPTY_PENTANOMIAL;
    for (const [a, b] of [[1, 1], [1, 0], [0.5, 0.5], [0, 0.5]]) p = addPair(p, a, b);
    expect(p).toEqual({ ll: 0, ld: 1, wl: 1, dd: 1, wd: 0, ww: 1 });
  });

  it('Elo, its interval, normalised Elo and LOS as scipy computes them', () => {
    for (const c of SCIPY) {
      const e = estimate(penta(c.counts));
      expect(e.score).toBeCloseTo(c.score, 5);
      expect(e.elo).toBeCloseTo(c.elo, 4);
      expect(e.eloLo).toBeCloseTo(c.eloLo, 4);
      expect(e.eloHi).toBeCloseTo(c.eloHi, 4);
      expect(e.nelo).toBeCloseTo(c.nelo, 4);
      expect(e.los).toBeCloseTo(c.los, 5);
    }
    // WL and DD both score a half: the estimate does not tell them apart.
    expect(estimate({ ll: 1, ld: 2, wl: 5, dd: 0, wd: 3, ww: 1 })).toEqual(estimate({ ll: 1, ld: 2, wl: 0, dd: 5, wd: 3, ww: 1 }));
    // Every pair won: the score is 1, the Elo infinite, LOS certain.
    const all = estimate(penta([0, 0, 0, 0, 12]));
    expect(all.elo).toBe(Infinity);
    expect(all.los).toBe(1);
  });

  it('the log likelihood ratio, logistic and normalised, as scipy fits it', () => {
    for (const c of SCIPY) {
      const p = penta(c.counts);
      expect(pentanomialLlr(p, spec(0, 10, 'logistic'))).toBeCloseTo(c.l010, 4);
      expect(pentanomialLlr(p, spec(-5, 5, 'logistic'))).toBeCloseTo(c.lm55, 4);
      expect(pentanomialLlr(p, spec(0, 10, 'normalized'))).toBeCloseTo(c.n010, 4);
      expect(pentanomialLlr(p, spec(0, 5, 'normalized'))).toBeCloseTo(c.n05, 4);
    }
    expect(pentanomialLlr(EMPTY_PENTANOMIAL, spec(0, 10, 'logistic'))).toBe(0);
  });

  it("verdicts at Wald's bounds, and a spec's problems", () => {
    const s = spec(0, 10, 'logistic');
    const { lower, upper } = sprtBounds(0.05, 0.05);
    expect(duelVerdict(upper, s)).toBe('H1');
    expect(duelVerdict(upper - 1e-9, s)).toBe('continue');
    expect(duelVerdict(lower, s)).toBe('H0');
    expect(duelSprtProblem(spec(10, 0, 'logistic'))).toMatch(/elo0 must be below elo1/);
    expect(duelSprtProblem({ ...s, alpha: 0.6 })).toMatch(/alpha/);
    expect(duelSprtProblem(s)).toBeNull();
  });

  it('the fixed-size duel of equal errors: ((z_a + z_b) sd / (s1 - s0))^2 pairs', () => {
    // sd 0.2 of a pair's score, 0 against 10 Elo (s1 - s0 = 0.014388), alpha = beta = 0.05 (z = 1.644854).
    const s1 = 1 / (1 + 10 ** (-10 / 400));
    expect(fixedSizeFor(spec(0, 10, 'logistic'), 0.2, true, 1.644854, 1.644854)).toBe(Math.ceil(((2 * 1.644854 * 0.2) / (s1 - 0.5)) ** 2));
    expect(fixedSizeFor(spec(0, 10, 'logistic'), 0.2, true, 1.644854, 1.644854)).toBe(2092); // 2091.3 by hand
    // Normalised Elo: 10 nElo is 10·sd·√2/(800/ln 10) of a pair's score, whatever the sd: n = ((z_a + z_b)/(√2·10/347.4))².
    expect(fixedSizeFor(spec(0, 10, 'normalized'), 0.2, true, 1.644854, 1.644854)).toBe(Math.ceil(((2 * 1.644854 * 800) / Math.LN10 / (Math.SQRT2 * 10)) ** 2));
    expect(fixedSizeFor(spec(0, 10, 'normalized'), 0.3, false, 1.644854, 1.644854)).toBe(Math.ceil(((2 * 1.644854 * 800) / Math.LN10 / 10) ** 2));
  });
});
