/**
 * What one point of a budget category is worth in logits, read from the
 * parts the bulk of the category agree on (the `robust` anchor).
 *
 * Each part's effect per listed point, r_p = β_p / cost_p, is a reading of
 * the point value λ_c. The mean of the readings (the `all` anchor) rests on
 * the listed prices being right on average: one badly priced part moves it
 * as far as it likes, and so every other verdict of its category. Here λ_c
 * is an M-estimate of the readings' centre, so a catalogue in which most of
 * a category is fairly priced gets the point value of that majority,
 * however badly the rest are priced: first Huber's (Huber 1964; readings
 * within c = 1.345 of their errors count in full, those further out only as
 * far as c; the weighted median starts it), then, from there, Tukey's
 * biweight (c = 3.5: BIWEIGHT_C), which gives a reading far off no weight at
 * all. Huber's cap alone still let each far reading pull by 1.345 of its
 * errors: three weapons underpriced by a logit moved the weapons' point
 * value up by 0.4 to 0.7 of its error, and 5.2% of the calibration's sweeps
 * with planted parts flagged a fairly priced part (issue 47).
 *
 * A reading's distance from λ_c is standardised by that distance's own
 * variance (residualScale: a category's effects share the error of the
 * comparison with an emptier slot, which moves the readings together and
 * leaves their distances alone) and τ², the spread of fairly priced parts'
 * readings about λ_c (prices are whole points, so even fair parts differ):
 * τ² is DerSimonian and Laird's moment estimate over the readings Huber's
 * first pass keeps, so a far-off part does not widen it. The weights are
 * 1/(v_p + τ²). The estimate is linear in β near the solution, with weight
 * ψ′(u_p)/s_p² on each reading (0 for one beyond c), which gives the
 * gradient the delta method needs for λ_c's variance and its covariance
 * with each part (fairCost.ts).
 */

/** Huber's tuning constant: 95% efficiency at the normal. */
export const HUBER_C = 1.345;

/** A category's readings: each part's effect, its variance, and its listed cost (> 0); optionally the effects' covariance (m×m, row-major). */
export interface Readings {
  readonly beta: readonly number[];
  readonly variance: readonly number[];
  readonly cost: readonly number[];
  readonly covariance?: Float64Array;
}

/** The point value, and ∂λ/∂β_p for each reading (0 for a reading beyond c); null when no reading has weight. */
export interface PointValue {
  readonly value: number;
  readonly gradient: number[];
  /** The spread τ of fair parts' readings (logits a point), and which readings count (|u| below the ψ's constant). */
  readonly tau: number;
  readonly inlier: boolean[];
}

/** The robust point value of `readings` (see the file's comment). */
export function robustPointValue(readings: Readings): PointValue | null {
  const { beta, variance, cost } = readings;
  const m = beta.length;
  if (m === 0) return null;
  const r = beta.map((b, p) => b / cost[p]);
  const v = variance.map((x, p) => x / (cost[p] * cost[p]));
  if (v.some((x) => !(x > 0) || !Number.isFinite(x))) return null;
  // The readings' covariance: the effects' scaled by the costs, or, without it, independent readings.
  const V = new Float64Array(m * m);
  for (let p = 0; p < m; p++)
    for (let q = 0; q < m; q++) V[p * m + q] = readings.covariance ? readings.covariance[p * m + q]! / (cost[p] * cost[q]) : p === q ? v[p] : 0;
  const scale = residualScale(V, m);
  let fit = huber(r, v, scale, dersimonianLaird(r, v, scale, r.map(() => true)));
  fit = huber(r, v, scale, dersimonianLaird(r, v, scale, fit.inlier));
  fit = biweight(r, v, scale, fit) ?? fit;
  return fit.total > 0 ? { value: fit.value, gradient: fit.a.map((a, p) => a / fit.total / cost[p]), tau: Math.sqrt(fit.tau2), inlier: fit.inlier } : null;
}

/**
 * The variance of each reading's distance from a weighted centre āᵀr, Var(r_p − āᵀr) = V_pp − 2(Vā)_p + āᵀVā:
 * what tells a reading far off from one merely uncertain. A category's effects share the error of the
 * comparison with an emptier slot, which moves every reading together and so leaves their distances
 * from the centre alone; standardising by V_pp, as if the readings were independent, counts that shared
 * error as room to stray and lets a badly priced part pass for a fair one.
 */
function residualScale(V: Float64Array, m: number): (abar: readonly number[]) => number[] {
  return (abar) => {
    const Va = new Array<number>(m).fill(0);
    for (let p = 0; p < m; p++) for (let q = 0; q < m; q++) Va[p] += V[p * m + q]! * abar[q]!;
    const aVa = abar.reduce((t, a, p) => t + a * Va[p]!, 0);
    return Va.map((x, p) => Math.max(1e-300, V[p * m + p]! - 2 * x + aVa));
  };
}

/** DerSimonian–Laird τ² of the readings marked `keep`: Q about their precision-weighted mean less what their distances' own variances give it. */
function dersimonianLaird(r: readonly number[], v: readonly number[], scale: (abar: readonly number[]) => number[], keep: readonly boolean[]): number {
  let sw = 0, sw2 = 0, swr = 0;
  for (let p = 0; p < r.length; p++) if (keep[p]) (sw += 1 / v[p]), (sw2 += 1 / (v[p] * v[p])), (swr += r[p] / v[p]);
  const kept = keep.filter(Boolean).length;
  if (kept < 2) return 0;
  const mean = swr / sw;
  const rho2 = scale(r.map((_, p) => (keep[p] ? 1 / v[p] / sw : 0)));
  let q = 0, expected = 0;
  for (let p = 0; p < r.length; p++) if (keep[p]) (q += (r[p] - mean) ** 2 / v[p]), (expected += rho2[p]! / v[p]);
  return Math.max(0, (q - expected) / (sw - sw2 / sw));
}

type Fit = { value: number; a: number[]; total: number; inlier: boolean[]; tau2: number };

/** The Huber centre of `r` with weights 1/(v + τ²), each reading's distance standardised by its own variance (residualScale) and τ², by reweighting from the weighted median. */
function huber(r: readonly number[], v: readonly number[], scale: (abar: readonly number[]) => number[], tau2: number): Fit {
  const s2 = v.map((x) => x + tau2);
  let value = weightedMedian(r, s2.map((x) => 1 / x));
  let abar = normalise(s2.map((x) => 1 / x));
  let rho = scale(abar).map((x) => Math.sqrt(x + tau2));
  for (let it = 0; it < 100; it++) {
    const w = r.map((x, p) => {
      const u = Math.abs(x - value) / rho[p]!;
      return (u <= HUBER_C ? 1 : HUBER_C / u) / s2[p]!;
    });
    const next = w.reduce((t, wp, p) => t + wp * r[p], 0) / w.reduce((t, x) => t + x, 0);
    const done = Math.abs(next - value) <= 1e-12 * (1 + Math.abs(value));
    value = next;
    abar = normalise(w);
    rho = scale(abar).map((x) => Math.sqrt(x + tau2));
    if (done) break;
  }
  const inlier = r.map((x, p) => Math.abs(x - value) / rho[p]! <= HUBER_C);
  const a = r.map((_, p) => (inlier[p] ? 1 / s2[p]! : 0));
  return { value, a, total: a.reduce((x, y) => x + y, 0), inlier, tau2 };
}

const normalise = (w: readonly number[]): number[] => {
  const t = w.reduce((a, b) => a + b, 0);
  return w.map((x) => x / t);
};

/**
 * Tukey's biweight constant. 4.685, the textbook's (95% efficiency at the normal), leaves a reading 3 to
 * 4.7 of its errors off a part weight and a negative slope: in the calibration's badly priced catalogue
 * (minigun and flame-thrower 1.2 logits over their 3 points, about 3.6 errors off) they pulled the
 * weapons' point value 0.38 of its error down and 6.0% of sweeps flagged a fair part; at 3.5 none of the
 * eight cases passes 3.0% (bench/calibrate.ts, docs/statistics.md).
 */
export const BIWEIGHT_C = 3.5;

/**
 * Tukey's biweight centre of `r` from the Huber fit, with the same τ²: a reading beyond BIWEIGHT_C of its
 * distance's standard errors has no weight at all, where Huber's still pulls by HUBER_C of them. Its
 * gradient weights are ψ′(u)/s² (negative between c/√5 and c: a reading there moving away pulls less).
 * Null when they sum to no more than 0 (the fit then stays Huber's).
 */
function biweight(r: readonly number[], v: readonly number[], scale: (abar: readonly number[]) => number[], start: Fit): Fit | null {
  const { tau2 } = start;
  const s2 = v.map((x) => x + tau2);
  let value = start.value;
  let rho = scale(normalise(start.a.some((x) => x > 0) ? start.a : s2.map((x) => 1 / x))).map((x) => Math.sqrt(x + tau2));
  for (let it = 0; it < 200; it++) {
    const w = r.map((x, p) => {
      const u = (x - value) / rho[p]! / BIWEIGHT_C;
      return Math.abs(u) < 1 ? (1 - u * u) ** 2 / s2[p]! : 0;
    });
    const sw = w.reduce((t, x) => t + x, 0);
    if (!(sw > 0)) return null;
    const next = w.reduce((t, wp, p) => t + wp * r[p], 0) / sw;
    const done = Math.abs(next - value) <= 1e-12 * (1 + Math.abs(value));
    value = next;
    rho = scale(normalise(w)).map((x) => Math.sqrt(x + tau2));
    if (done) break;
  }
  const u = r.map((x, p) => (x - value) / rho[p]! / BIWEIGHT_C);
  const a = u.map((x, p) => (Math.abs(x) < 1 ? ((1 - x * x) * (1 - 5 * x * x)) / s2[p]! : 0));
  const total = a.reduce((x, y) => x + y, 0);
  return total > 0 ? { value, a, total, inlier: u.map((x) => Math.abs(x) < 1), tau2 } : null;
}

/** The weighted median of `x` (the lower one at a tie of halves). */
function weightedMedian(x: readonly number[], w: readonly number[]): number {
  const order = x.map((_, i) => i).sort((i, j) => x[i] - x[j] || i - j);
  const half = w.reduce((a, b) => a + b, 0) / 2;
  let acc = 0;
  for (const i of order) if ((acc += w[i]) >= half) return x[i];
  return x[order[order.length - 1]];
}
