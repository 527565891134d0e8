/**
 * A category's point value pooled with the other categories' (a hierarchical
 * prior), for the categories whose own point value the matches cannot pin
 * down.
 *
 * A category's own point value λ̂_c (pointValue.ts) rests on the machines
 * that spend less than their whole budget of it: every effect of the category
 * is measured against an emptier slot, so the effects share that comparison's
 * error, and however many parts the category has, λ̂_c is no surer than it
 * (on npm start's sweep 289 of 399 builds spend all 4 weapon points: the
 * weapons' point value is 0.21 ± 0.071, where the parts' readings alone would
 * give ± 0.031). The categories' own values come from different slots, so
 * their errors are nearly independent (correlations 0.06 or less there).
 *
 * The assumption: the categories' true point values λ_c are exchangeable
 * draws about a catalogue-wide one, λ_c = μ + u_c with u_c of spread ω — a
 * designer prices every budget on one idea of what a point should buy, and
 * how far the categories depart from it is measured, not assumed. ω² is
 * DerSimonian and Laird's moment estimate from the categories' own values and
 * their standard errors s_c (Q on C − 1 degrees of freedom; with Q ≤ C − 1
 * the categories agree within their errors and ω² = 0). The pooled value is
 * the usual shrinkage (empirical Bayes) estimate
 *   λ̃_c = μ̂ + B_c (λ̂_c − μ̂),  B_c = ω² / (ω² + s_c²),
 * μ̂ the random-effects mean (weights 1 / (s_c² + ω²)), and its variance
 * about the category's true value is the posterior's,
 *   V_c = B_c s_c² + (1 − B_c)² Var(μ̂),
 * which is s_c² when the categories differ far beyond their errors (no
 * pooling) and Var(μ̂) when they agree (the categories' common value).
 * λ̃_c is linear in the own values (ω² held), so in the part effects: its
 * gradient serves the delta method and Fieller's interval as λ̂_c's does.
 */

/** One category's own point value: its estimate, variance and gradient ∂λ̂_c/∂β. */
export interface OwnPointValue {
  readonly value: number;
  readonly variance: number;
  readonly gradient: Float64Array;
}

/** A category's pooled point value, with its variance about the true value and its gradient. */
export interface PooledPointValue {
  readonly value: number;
  readonly variance: number;
  readonly gradient: Float64Array;
  /** The weight B_c its own value keeps (1: not pooled at all). */
  readonly own: number;
}

/** The spread of the categories' point values, and the test that they agree. */
export interface Pooling {
  /** ω (logits a point), Cochran's Q and its degrees of freedom (categories − 1), and the random-effects mean μ̂ with its SE. */
  readonly omega: number;
  readonly q: number;
  readonly df: number;
  readonly mean: number;
  readonly meanSe: number;
  readonly categories: readonly (PooledPointValue | null)[];
}

/** Points of the grid over ω the posterior is summed on (midpoints, even in the half-Cauchy's probability). */
const GRID = 400;

/** The pooled point values of `own` (null entries take no part and get none); null when fewer than two categories have one. */
export function poolPointValues(own: readonly (OwnPointValue | null)[]): Pooling | null {
  const idx = own.map((o, i) => i).filter((i) => {
    const o = own[i];
    return o !== null && Number.isFinite(o.value) && o.variance > 0 && Number.isFinite(o.variance);
  });
  if (idx.length < 2) return null;
  const C = idx.length;
  const x = idx.map((i) => own[i]!.value), s2 = idx.map((i) => own[i]!.variance);
  // Cochran's Q about the fixed-effect mean: the test that the categories agree.
  const w = s2.map((v) => 1 / v);
  const sw = w.reduce((a, b) => a + b, 0);
  const fixed = x.reduce((a, xi, j) => a + w[j]! * xi, 0) / sw;
  const q = x.reduce((a, xi, j) => a + w[j]! * (xi - fixed) ** 2, 0);
  // ω's posterior on a grid even in the half-Cauchy prior's probability (ω = scale·tan(πu/2)), μ integrated out
  // under a flat prior; each ω gives each category's shrinkage estimate, mixed by the posterior.
  const scale = Math.max(Math.abs(fixed), Math.sqrt(Math.max(...s2)));
  const logL: number[] = [], omegas: number[] = [];
  const at = (omega2: number) => {
    const ws = s2.map((v) => 1 / (v + omega2));
    const sws = ws.reduce((a, b) => a + b, 0);
    const mu = x.reduce((a, xi, j) => a + ws[j]! * xi, 0) / sws;
    return { ws, sws, mu };
  };
  for (let i = 0; i < GRID; i++) {
    const omega = scale * Math.tan((Math.PI / 2) * ((i + 0.5) / GRID));
    const { ws, sws, mu } = at(omega * omega);
    omegas.push(omega);
    logL.push(0.5 * ws.reduce((a, b) => a + Math.log(b), 0) - 0.5 * Math.log(sws) - 0.5 * x.reduce((a, xi, j) => a + ws[j]! * (xi - mu) ** 2, 0));
  }
  const top = Math.max(...logL);
  const post = logL.map((l) => Math.exp(l - top));
  const total = post.reduce((a, b) => a + b, 0);
  const m = new Array<number>(C).fill(0), m2 = new Array<number>(C).fill(0), b = new Array<number>(C).fill(0);
  const G = Array.from({ length: C }, () => new Array<number>(C).fill(0));
  let omegaMean = 0, mean = 0, mean2 = 0, meanVar = 0;
  omegas.forEach((omega, i) => {
    const pi = post[i]! / total, omega2 = omega * omega;
    const { ws, sws, mu } = at(omega2);
    omegaMean += pi * omega;
    mean += pi * mu;
    mean2 += pi * mu * mu;
    meanVar += pi / sws;
    for (let c = 0; c < C; c++) {
      const bc = omega2 / (omega2 + s2[c]!);
      const mc = mu + bc * (x[c]! - mu), vc = bc * s2[c]! + ((1 - bc) ** 2) / sws;
      m[c]! += pi * mc;
      m2[c]! += pi * (vc + mc * mc);
      b[c]! += pi * bc;
      for (let d = 0; d < C; d++) G[c]![d]! += pi * ((c === d ? bc : 0) + ((1 - bc) * ws[d]!) / sws);
    }
  });
  const k = own[idx[0]!]!.gradient.length;
  const categories = own.map((o, i): PooledPointValue | null => {
    const c = idx.indexOf(i);
    if (c < 0) return null;
    const gradient = new Float64Array(k);
    idx.forEach((j, d) => {
      const g = own[j]!.gradient;
      for (let t = 0; t < k; t++) gradient[t]! += G[c]![d]! * g[t]!;
    });
    return { value: m[c]!, variance: Math.max(0, m2[c]! - m[c]! * m[c]!), gradient, own: b[c]! };
  });
  return { omega: omegaMean, q, df: C - 1, mean, meanSe: Math.sqrt(meanVar + mean2 - mean * mean), categories };
}
