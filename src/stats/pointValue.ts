/**
 * What one point of a budget category is worth in logits, read from the
 * parts the bulk of the category agree on (the `robust` anchor).
 *
 * Each part's effect per listed point, r_p = β_p / cost_p, is a reading of
 * the point value λ_c. The mean of the readings (the `all` anchor) rests on
 * the listed prices being right on average: one badly priced part moves it
 * as far as it likes, and so every other verdict of its category. Here λ_c
 * is a Huber M-estimate of the readings' centre (Huber 1964): readings within
 * c = 1.345 of their own standard errors of λ_c count in full, those further
 * out only as far as c, so a part priced far off has its pull capped and a
 * catalogue in which most of a category is fairly priced gets the point value
 * of that majority, however badly the rest are priced. (The weighted median
 * starts the iterations; 1.345 keeps 95% of the mean's efficiency when every
 * part is fair.)
 *
 * A reading's standard error is its effect's, over its cost, widened by τ,
 * the spread of fairly priced parts' readings about λ_c (prices are whole
 * points, so even fair parts differ): τ² is DerSimonian and Laird's moment
 * estimate over the readings the first pass keeps, so a far-off part does not
 * widen it. The estimate is linear in β near the solution, with weight
 * ψ′(u_p)/s_p² on each reading (0 for one beyond c), which gives the
 * gradient the delta method needs for λ_c's variance and its covariance
 * with each part (fairCost.ts).
 */

/** Huber's tuning constant: 95% efficiency at the normal. */
export const HUBER_C = 1.345;

/** A category's readings: each part's effect, its variance, and its listed cost (> 0). */
export interface Readings {
  readonly beta: readonly number[];
  readonly variance: readonly number[];
  readonly cost: readonly number[];
}

/** The point value, and ∂λ/∂β_p for each reading (0 for a reading beyond c); null when no reading has weight. */
export interface PointValue {
  readonly value: number;
  readonly gradient: number[];
  /** The spread τ of fair parts' readings (logits a point), and which readings count in full. */
  readonly tau: number;
  readonly inlier: boolean[];
}

/** The Huber point value of `readings` (see the file's comment). */
export function robustPointValue(readings: Readings): PointValue | null {
  const { beta, variance, cost } = readings;
  const m = beta.length;
  if (m === 0) return null;
  const r = beta.map((b, p) => b / cost[p]);
  const v = variance.map((x, p) => x / (cost[p] * cost[p]));
  if (v.some((x) => !(x > 0) || !Number.isFinite(x))) return null;
  let fit = huber(r, v, dersimonianLaird(r, v, r.map(() => true)));
  fit = huber(r, v, dersimonianLaird(r, v, fit.inlier));
  return fit.total > 0 ? { value: fit.value, gradient: fit.a.map((a, p) => a / fit.total / cost[p]), tau: Math.sqrt(fit.tau2), inlier: fit.inlier } : null;
}

/** DerSimonian–Laird τ² of the readings marked `keep`. */
function dersimonianLaird(r: readonly number[], v: readonly number[], keep: readonly boolean[]): number {
  let sw = 0, sw2 = 0, swr = 0;
  for (let p = 0; p < r.length; p++) if (keep[p]) (sw += 1 / v[p]), (sw2 += 1 / (v[p] * v[p])), (swr += r[p] / v[p]);
  const kept = keep.filter(Boolean).length;
  if (kept < 2) return 0;
  const mean = swr / sw;
  let q = 0;
  for (let p = 0; p < r.length; p++) if (keep[p]) q += (r[p] - mean) ** 2 / v[p];
  return Math.max(0, (q - (kept - 1)) / (sw - sw2 / sw));
}

/** The Huber centre of `r` with variances v + τ², by reweighting from the weighted median. */
function huber(r: readonly number[], v: readonly number[], tau2: number): { value: number; a: number[]; total: number; inlier: boolean[]; tau2: number } {
  const s = v.map((x) => Math.sqrt(x + tau2));
  let value = weightedMedian(r, s.map((x) => 1 / (x * x)));
  for (let it = 0; it < 100; it++) {
    let sw = 0, swr = 0;
    for (let p = 0; p < r.length; p++) {
      const u = Math.abs(r[p] - value) / s[p];
      const w = (u <= HUBER_C ? 1 : HUBER_C / u) / (s[p] * s[p]);
      sw += w;
      swr += w * r[p];
    }
    const next = swr / sw;
    const done = Math.abs(next - value) <= 1e-12 * (1 + Math.abs(value));
    value = next;
    if (done) break;
  }
  const inlier = r.map((x, p) => Math.abs(x - value) / s[p] <= HUBER_C);
  const a = r.map((_, p) => (inlier[p] ? 1 / (s[p] * s[p]) : 0));
  return { value, a, total: a.reduce((x, y) => x + y, 0), inlier, tau2 };
}

/** The weighted median of `x` (the lower one at a tie of halves). */
function weightedMedian(x: readonly number[], w: readonly number[]): number {
  const order = x.map((_, i) => i).sort((i, j) => x[i] - x[j] || i - j);
  const half = w.reduce((a, b) => a + b, 0) / 2;
  let acc = 0;
  for (const i of order) if ((acc += w[i]) >= half) return x[i];
  return x[order[order.length - 1]];
}
