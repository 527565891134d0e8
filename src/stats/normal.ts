/**
 * The distributions the tests need: the standard normal (CDF, two-sided
 * p-values, quantiles) and the chi-squared upper tail. They come from
 * stdlib (@stdlib/*, the well-kept numerical library for JavaScript:
 * double-precision ports of the Cephes and Boost algorithms), accurate to
 * ~1e-15 so that Holm-corrected levels like 0.05/40 (and the z values they
 * imply) and p-values far in a tail are exact enough to print.
 */
import stdNormalCdf from '@stdlib/stats-base-dists-normal-cdf';
import erfcinv from '@stdlib/math-base-special-erfcinv';
import stdErfc from '@stdlib/math-base-special-erfc';
import gammainc from '@stdlib/math-base-special-gammainc';

/** Two-sided 95% normal quantile, the default `z` everywhere in `src/stats`. */
export const Z95 = 1.959963984540054;

/** Standard normal CDF Φ(x), accurate in both tails. */
export function normalCdf(x: number): number {
  return stdNormalCdf(x, 0, 1);
}

/** Two-sided p-value of a z statistic: P(|Z| >= |z|). */
export function twoSidedP(z: number): number {
  return stdErfc(Math.abs(z) / Math.SQRT2);
}

/**
 * Quantile of the standard normal, Φ⁻¹(q) for q in (0, 1); −∞ and ∞ at 0 and 1, NaN outside. Through
 * erfcinv of the smaller tail (Φ⁻¹(q) = −√2 erfc⁻¹(2q)), not erf⁻¹(2q − 1): that form loses the digits of
 * a small q to rounding (stdlib's own normal quantile is off by 1e-8 at q = 1e-10).
 */
export function normalQuantile(q: number): number {
  if (!(q >= 0 && q <= 1)) return Number.NaN;
  return q < 0.5 ? -Math.SQRT2 * erfcinv(2 * q) : Math.SQRT2 * erfcinv(2 * (1 - q));
}

/** Complementary error function. */
export function erfc(x: number): number {
  return stdErfc(x);
}

/**
 * P(X ≥ x) for X chi-squared with `df` degrees of freedom: the regularised
 * upper incomplete gamma function Q(df/2, x/2), computed directly so that a
 * tiny p-value keeps its digits (1 − CDF would round it to 0).
 */
export function chiSquareSurvival(x: number, df: number): number {
  if (!(df > 0)) return Number.NaN;
  if (!(x > 0)) return 1;
  return gammainc(x / 2, df / 2, true, true);
}
