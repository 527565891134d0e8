/**
 * Confidence intervals for a win rate, and for the difference of two win rates.
 *
 * Callers count a draw as half a win, so `successes` may be fractional.
 * `wilson` and `newcombeDiff` are the binomial intervals; with draws the true
 * variance of a game's score is smaller than p(1 − p) and they are too wide
 * (about 30% with a third of games drawn). `scoreInterval` takes the draws
 * into the variance.
 */

import { Z95 } from './normal.js';

/** A proportion with an interval: `lo <= p <= hi`, all in [0, 1]. */
export interface Interval {
  readonly p: number;
  readonly lo: number;
  readonly hi: number;
}

/** Throws unless `0 <= successes <= n` and both are finite. */
function check(successes: number, n: number, z: number): void {
  if (!Number.isFinite(n) || n < 0) throw new RangeError(`wilson: n must be finite and >= 0, got ${n}`);
  if (!Number.isFinite(successes) || successes < 0 || successes > n * (1 + 1e-12)) {
    throw new RangeError(`wilson: successes must be in [0, n=${n}], got ${successes}`);
  }
  if (!(z > 0) || !Number.isFinite(z)) throw new RangeError(`wilson: z must be finite and > 0, got ${z}`);
}

/**
 * Wilson score interval for a proportion (Wilson 1927; Newcombe 1998, method 3).
 *
 * Unlike the Wald interval it stays inside [0, 1] and does not collapse to a
 * point at 0/n or n/n, which matters for parts that never (or always) win.
 *
 * `p` is the observed proportion `successes / n`, not the interval's centre.
 * With `n = 0` there is no information: the result is `{p: 0.5, lo: 0, hi: 1}`
 * (0.5 is the interval's own limit centre as n → 0, and keeps NaN out of
 * tables and sorts). The bounds are clamped exactly to 0 and 1 at the
 * extremes, where rounding would otherwise give 0.9999999999999999.
 */
export function wilson(successes: number, n: number, z: number = Z95): Interval {
  check(successes, n, z);
  if (n === 0) return { p: 0.5, lo: 0, hi: 1 };
  const s = Math.min(successes, n); // absorb the 1e-12 slack allowed by check()
  const p = s / n;
  const z2 = z * z;
  const denom = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denom;
  const half = (z / denom) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return {
    p,
    lo: s === 0 ? 0 : Math.max(0, centre - half),
    hi: s === n ? 1 : Math.min(1, centre + half),
  };
}

/**
 * A score rate (wins and half the draws, over n games) with Wilson's
 * interval built on the score's own variance: a game scored 1, ½ or 0 with
 * draw probability d has variance p(1 − p) − d/4, so the interval is the set
 * of p with (p̂ − p)² ≤ z²(p(1 − p) − d/4)/n, a quadratic in p (with no draws,
 * exactly Wilson's). d is taken at the low end of its own Wilson interval,
 * so a handful of drawn games does not shrink the interval to a point.
 */
export function scoreInterval(wins: number, draws: number, n: number, z: number = Z95): Interval {
  if (!(draws >= 0) || !(wins >= 0) || wins + draws > n * (1 + 1e-12)) throw new RangeError(`scoreInterval: need 0 <= wins + draws <= n, got ${wins} + ${draws} of ${n}`);
  const base = wilson(wins + draws / 2, n, z);
  if (n === 0 || draws === 0) return base;
  const d = wilson(draws, n, z).lo;
  const p = base.p, z2 = z * z;
  // (n + z²)p² − (2np̂ + z²)p + (np̂² + z²d/4) = 0; its discriminant is ≥ 0 as d ≤ observed draw rate ≤ 4p̂(1 − p̂).
  const b = 2 * n * p + z2, a = n + z2;
  const disc = Math.max(0, 4 * n * z2 * (p * (1 - p) - d / 4) + z2 * z2 * (1 - d));
  return { p, lo: Math.max(0, (b - Math.sqrt(disc)) / (2 * a)), hi: Math.min(1, (b + Math.sqrt(disc)) / (2 * a)) };
}

/** A difference of two proportions with an interval. */
export interface DiffInterval {
  /** p1 − p2. */
  readonly diff: number;
  readonly lo: number;
  readonly hi: number;
}

/**
 * Interval for p1 − p2 from two independent samples by Newcombe's hybrid score
 * method (Newcombe 1998, method 10), built from the two Wilson intervals.
 *
 * Chosen over the Wald difference because it behaves at 0% and 100% win
 * rates and with small samples, and it needs nothing beyond `wilson`.
 * Either sample empty gives `{diff: NaN, lo: -1, hi: 1}`.
 */
export function newcombeDiff(s1: number, n1: number, s2: number, n2: number, z: number = Z95): DiffInterval {
  const a = wilson(s1, n1, z);
  const b = wilson(s2, n2, z);
  if (n1 === 0 || n2 === 0) return { diff: Number.NaN, lo: -1, hi: 1 };
  const diff = a.p - b.p;
  return {
    diff,
    lo: Math.max(-1, diff - Math.hypot(a.p - a.lo, b.hi - b.p)),
    hi: Math.min(1, diff + Math.hypot(a.hi - a.p, b.p - b.lo)),
  };
}
