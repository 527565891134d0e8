/**
 * Holm–Bonferroni step-down correction for a family of two-sided z tests,
 * expressed as a per-test level so that callers can draw corrected intervals.
 *
 * Holm (1979) controls the family-wise error rate at α like Bonferroni but
 * rejects more: the test with the largest |z| is judged at α/m, the next at
 * α/(m − 1), and so on until the first test that fails; it and every later
 * test are not rejected. Here every test after the stop is given the failing
 * step's level, so "the estimate's corrected interval excludes the null" and
 * "Holm rejects" are the same statement for every test.
 */
import { normalQuantile, twoSidedP } from './normal.js';

/** The verdict for one test of the family, in input order. */
export interface HolmTest {
  /** The level this test was judged at, and the two-sided normal quantile for it. */
  readonly level: number;
  readonly zCrit: number;
  /** Unadjusted two-sided p-value, and Holm's adjusted p-value (reject iff adjustedP <= α). */
  readonly pValue: number;
  readonly adjustedP: number;
  readonly reject: boolean;
}

/**
 * Applies Holm's procedure at family-wise rate `alpha` to z statistics. NaN
 * entries are not part of the family (they get NaN levels and no rejection).
 */
export function holm(z: readonly number[], alpha = 0.05): HolmTest[] {
  if (!(alpha > 0 && alpha < 1)) throw new RangeError(`holm: alpha must be in (0, 1), got ${alpha}`);
  const family = z.map((_, i) => i).filter((i) => !Number.isNaN(z[i]!));
  // Largest |z| first: the same order as ascending p-values, without their underflow at |z| > 38.
  family.sort((i, j) => Math.abs(z[j]!) - Math.abs(z[i]!));
  const m = family.length;
  const out: HolmTest[] = z.map(() => ({ level: NaN, zCrit: NaN, pValue: NaN, adjustedP: NaN, reject: false }));
  let stopLevel = NaN;
  let running = 0;
  family.forEach((i, rank) => {
    const zi = Math.abs(z[i]!);
    const step = alpha / (m - rank);
    const stepCrit = normalQuantile(1 - step / 2);
    if (Number.isNaN(stopLevel) && !(zi > stepCrit)) stopLevel = step;
    const level = Number.isNaN(stopLevel) ? step : stopLevel;
    const pValue = twoSidedP(zi);
    running = Math.max(running, Math.min(1, (m - rank) * pValue)); // adjusted p-values never decrease
    out[i] = {
      level,
      zCrit: level === step ? stepCrit : normalQuantile(1 - level / 2),
      pValue,
      adjustedP: running,
      reject: Number.isNaN(stopLevel),
    };
  });
  return out;
}
