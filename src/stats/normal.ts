/**
 * The standard normal distribution: CDF, two-sided p-values and quantiles,
 * accurate to ~1e-15 so that Holm-corrected levels like 0.05/40 (and the z
 * values they imply) are exact enough to print.
 */

/** Two-sided 95% normal quantile, the default `z` everywhere in `src/stats`. */
export const Z95 = 1.959963984540054;

/** Standard normal CDF Φ(x) = erfc(−x/√2)/2, accurate in both tails. */
export function normalCdf(x: number): number {
  return 0.5 * erfc(-x / Math.SQRT2);
}

/** Two-sided p-value of a z statistic: P(|Z| >= |z|). */
export function twoSidedP(z: number): number {
  return erfc(Math.abs(z) / Math.SQRT2);
}

/**
 * Quantile of the standard normal, Φ⁻¹(q) for q in (0, 1) (Acklam's rational
 * approximation refined by one Halley step, so ~1e-15 relative accuracy).
 */
export function normalQuantile(q: number): number {
  if (!(q > 0 && q < 1)) {
    if (q === 0) return -Infinity;
    if (q === 1) return Infinity;
    return Number.NaN;
  }
  const a = [-39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716, 2.506628277459239];
  const b = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572];
  const c = [-0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783];
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
  const lowTail = 0.02425;
  let x: number;
  if (q < lowTail || q > 1 - lowTail) {
    const t = Math.sqrt(-2 * Math.log(q < 0.5 ? q : 1 - q));
    x = (((((c[0]! * t + c[1]!) * t + c[2]!) * t + c[3]!) * t + c[4]!) * t + c[5]!) / ((((d[0]! * t + d[1]!) * t + d[2]!) * t + d[3]!) * t + 1);
    if (q > 0.5) x = -x;
  } else {
    const r = q - 0.5;
    const t = r * r;
    x = ((((((a[0]! * t + a[1]!) * t + a[2]!) * t + a[3]!) * t + a[4]!) * t + a[5]!) * r) /
      (((((b[0]! * t + b[1]!) * t + b[2]!) * t + b[3]!) * t + b[4]!) * t + 1);
  }
  // One Halley step on Φ(x) − q; the error is computed on the smaller tail to keep precision.
  const e = q < 0.5 ? normalCdf(x) - q : (1 - q) - normalCdf(-x);
  const u = e * Math.sqrt(2 * Math.PI) * Math.exp((x * x) / 2);
  return x - u / (1 + (x * u) / 2);
}

/**
 * Complementary error function. The usual 1e-7 Chebyshev fits are too coarse
 * for tail probabilities, so this sums the Taylor series of erf for |x| < 1
 * and the Laplace continued fraction (modified Lentz) beyond.
 */
export function erfc(x: number): number {
  if (Number.isNaN(x)) return Number.NaN;
  if (x < 0) return 2 - erfc(-x);
  if (x < 1) {
    // erf(x) = 2/√π Σ (−1)^n x^(2n+1) / (n! (2n+1)); below 1, 1 − erf loses under a digit.
    let term = x;
    let sum = x;
    const x2 = x * x;
    for (let n = 1; n < 100; n++) {
      term *= -x2 / n;
      const add = term / (2 * n + 1);
      sum += add;
      if (Math.abs(add) < 1e-17 * Math.abs(sum)) break;
    }
    return 1 - (2 / Math.sqrt(Math.PI)) * sum;
  }
  if (x > 27) return 0; // below the smallest double
  // erfc(x) = exp(−x²)/√π · 1/(x + 1/2/(x + 1/(x + 3/2/(x + …)))), evaluated by modified Lentz.
  const tiny = 1e-300;
  let f = x;
  let C = x;
  let D = 0;
  for (let n = 1; n < 5000; n++) {
    const an = n / 2;
    D = x + an * D;
    D = D === 0 ? tiny : 1 / D;
    C = x + an / C;
    if (C === 0) C = tiny;
    const delta = C * D;
    f *= delta;
    if (Math.abs(delta - 1) < 1e-16) break;
  }
  return Math.exp(-x * x) / (f * Math.sqrt(Math.PI));
}

/**
 * P(X ≥ x) for X chi-squared with `df` degrees of freedom, by the
 * Wilson–Hilferty cube-root normal approximation (good to about 1e-3 in p
 * for df ≥ 30, the additivity test's range: hundreds).
 */
export function chiSquareSurvival(x: number, df: number): number {
  if (!(df > 0)) return Number.NaN;
  if (!(x > 0)) return 1;
  const v = 2 / (9 * df);
  // The upper tail through erfc keeps tiny p-values (1 − Φ would round them to 0).
  return 0.5 * erfc((Math.cbrt(x / df) - (1 - v)) / Math.sqrt(v) / Math.SQRT2);
}
