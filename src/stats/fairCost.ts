/**
 * Turning fitted logit effects β_p into points, with delta-method SEs.
 *
 * A part's effect is in logits; its price is in budget points. The exchange
 * rate λ_c (logits per point in budget category c) is not something the
 * matches can reveal on their own, so it is fixed by an anchor: the parts of
 * an anchor set A_c are assumed fairly priced on average,
 *   λ_c = Σ_{q∈A_c} β_q / Σ_{q∈A_c} cost_q,   fair_p = β_p / λ_c.
 * Then Σ_{q∈A_c} fair_q = Σ_{q∈A_c} cost_q exactly: prices are judged
 * relative to the anchor set, never in absolute terms. `partEffects` chooses
 * A_c (every estimated part of c, or the unflagged ones), or, with the
 * `robust` anchor, takes λ_c from the readings most of c's parts agree on
 * (pointValue.ts), which a few badly priced parts cannot move far.
 *
 * λ_c depends on β, so SEs use the full covariance of β, not just Var(β_p).
 */
import { quadForm } from './linalg.js';
import { robustPointValue } from './pointValue.js';
import { poolPointValues, type Pooling } from './pooledPointValue.js';

/** Value of one point in a category. */
export interface CategoryPoint {
  readonly category: string;
  /** λ_c in logits per point, and its SE; NaN when the design cannot identify it. */
  readonly pointValue: number;
  readonly pointValueSe: number;
  /** Parts in the anchor set A_c, and their listed total cost. */
  readonly parts: number;
  readonly listedTotal: number;
  /** λ_c pooled with the other categories' (pooledPointValue.ts) and its SE about the true value; NaN when not pooled. */
  readonly pooledValue: number;
  readonly pooledSe: number;
}

/** What `priceEffects` needs: a fit over k coefficients, of which the first `cost.length` are parts. */
export interface PricingInput {
  readonly coef: Float64Array;
  /** k×k row-major covariance of `coef`. */
  readonly cov: Float64Array;
  readonly k: number;
  /** Listed cost, category and anchor membership of each part coefficient. */
  readonly cost: readonly number[];
  readonly category: readonly string[];
  readonly anchor: readonly boolean[];
  /** Whether the linear combination gᵀβ is identified by the design. */
  readonly estimable: (g: Float64Array) => boolean;
  /** λ_c by the Huber point value of the category's parts (pointValue.ts) rather than the anchor's sums, where at least two of its parts are identified. */
  readonly robust?: boolean;
}

/** Why a modelled part has no fair-cost test. */
export type PricingReason = 'not-identifiable' | 'point-value-not-positive' | 'alone-in-category';

/** The price of one part coefficient. */
export interface PartPrice {
  /** β_p / λ_c and its SE; NaN when `reason` is 'not-identifiable' or 'point-value-not-positive'. */
  readonly fairCost: number;
  readonly fairCostSe: number;
  /** β_p − λ_c·cost_p (logits): value above price, identified even when λ_c is not. */
  readonly excess: number;
  readonly excessSe: number;
  readonly reason: PricingReason | null;
  /** β_p and λ_c with their variances and covariance, for a Fieller interval of β_p / λ_c (null when λ_c is not identified). */
  readonly ratio: Ratio | null;
  /** The same with the category's pooled point value (pooledPointValue.ts), β_p / λ̃_c with its delta-method SE; null when there is none. */
  readonly pooled: { readonly ratio: Ratio; readonly fairCost: number; readonly fairCostSe: number } | null;
}

/** A ratio b / l of two estimates: b, l, Var(b), Var(l), Cov(b, l). */
export interface Ratio {
  readonly b: number;
  readonly l: number;
  readonly vb: number;
  readonly vl: number;
  readonly cbl: number;
}

/**
 * Fieller's interval for b / l at normal quantile z: the r with
 * (b − r·l)² ≤ z²·Var(b − r·l). Bounded exactly when l is significantly
 * positive or negative at that level (l² > z²·Var(l)); else null — the set is
 * the whole line or two rays, and no ratio is determined. At r = a listed
 * cost, the inequality is the linear test of b − cost·l, so the interval at
 * a test's level holds the cost exactly when that test does not reject.
 */
export function fieller(q: Ratio, z: number): { lo: number; hi: number } | null {
  const z2 = z * z;
  const a = q.l * q.l - z2 * q.vl;
  if (!(a > 0)) return null;
  const h = q.b * q.l - z2 * q.cbl;
  const disc = h * h - a * (q.b * q.b - z2 * q.vb);
  const root = Math.sqrt(Math.max(0, disc));
  return { lo: (h - root) / a, hi: (h + root) / a };
}

/**
 * What Fieller's set says of b / l when l is positive but not significantly
 * so at quantile z (`fieller` gives null), taking l > 0 as given: a point of
 * a budget is worth something. The set is then two rays, one for l > 0 and
 * one for l < 0; the one for l > 0 is kept. With b significantly positive at
 * that level it is [lo, ∞): the ratio is at least lo (a part worth at least
 * lo points, however little a point turns out to be worth); with b
 * significantly negative it is (−∞, hi]. Null when b is not significant
 * either (the set then holds 0 and every ratio of either sign), when l is
 * significant (use `fieller`), or when l is not positive.
 */
export function fiellerBound(q: Ratio, z: number): { lo: number; hi: number } | null {
  const z2 = z * z;
  const a = q.l * q.l - z2 * q.vl;
  const c = q.b * q.b - z2 * q.vb;
  if (a > 0 || !(q.l > 0) || !(c > 0)) return null;
  const h = q.b * q.l - z2 * q.cbl;
  // The roots of a·r² − 2h·r + c = 0, written as c / (h ± root): with a ≤ 0, root ≥ |h|, so neither loses digits.
  const root = Math.sqrt(h * h - a * c);
  if (q.b > 0) {
    const lo = c / (h + root);
    return lo > 0 && Number.isFinite(lo) ? { lo, hi: Number.POSITIVE_INFINITY } : null;
  }
  const hi = c / (h - root);
  return hi < 0 && Number.isFinite(hi) ? { lo: Number.NEGATIVE_INFINITY, hi } : null;
}

/**
 * What a part's worth is at normal quantile z. Fieller's interval in its category's own point value; where
 * that is not determined (or the own value is not positive), in the category's value pooled with the
 * others' (pooledPointValue.ts), at the same level. Where neither is determined, the bound of
 * `fiellerBound` in the point value last tried — the pooled one where there is one, so a part's "at least"
 * is in the same points as its category's priced parts' worths. `from` names that point value (null: the
 * part has neither, as a part alone in its category or one the design cannot price).
 */
export function worthAt(pr: Pick<PartPrice, 'ratio' | 'pooled' | 'reason'>, z: number): {
  interval: { lo: number; hi: number } | null;
  from: 'own' | 'pooled' | null;
  bound: { lo: number; hi: number } | null;
  undetermined: boolean;
} {
  const own = pr.ratio ? fieller(pr.ratio, z) : null;
  if (own) return { interval: own, from: 'own', bound: null, undetermined: false };
  const pooling = pr.pooled !== null && (pr.ratio !== null || pr.reason === 'point-value-not-positive');
  const pooled = pooling ? fieller(pr.pooled!.ratio, z) : null;
  if (pooled) return { interval: pooled, from: 'pooled', bound: null, undetermined: false };
  const ratio = pooling ? pr.pooled!.ratio : pr.ratio;
  if (!ratio) return { interval: null, from: null, bound: null, undetermined: false };
  return { interval: null, from: pooling ? 'pooled' : 'own', bound: fiellerBound(ratio, z), undetermined: true };
}

/** A category's point value as a linear form of β near the estimate: λ_c and ∂λ_c/∂β (zero off the category). */
interface CategoryLine {
  readonly members: number[];
  readonly total: number;
  readonly value: number;
  readonly g: Float64Array;
  readonly ok: boolean;
}

/**
 * λ_c of each category: the Huber point value of its parts (pointValue.ts)
 * with `robust` and at least two parts of it identified one by one; else the
 * anchor's sum of effects over its sum of listed costs (a category whose
 * parts are only identified against each other, as NHM's CPUs are: every
 * machine has exactly one).
 */
function categoryLines(input: PricingInput): Map<string, CategoryLine> {
  const { coef, cov, k, cost, category, anchor, estimable } = input;
  const out = new Map<string, CategoryLine>();
  const unit = (p: number) => {
    const g = new Float64Array(k);
    g[p] = 1;
    return g;
  };
  for (const c of new Set(category)) {
    if (input.robust) {
      const members = cost.map((_, p) => p).filter((p) => category[p] === c && cost[p]! > 0 && estimable(unit(p)));
      const covariance = Float64Array.from({ length: members.length * members.length }, (_, i) => cov[members[Math.floor(i / members.length)]! * k + members[i % members.length]!]!);
      const pv = members.length >= 2 ? robustPointValue({ beta: members.map((p) => coef[p]!), variance: members.map((p) => cov[p * k + p]!), cost: members.map((p) => cost[p]!), covariance }) : null;
      if (pv) {
        const g = new Float64Array(k);
        members.forEach((p, j) => (g[p] = pv.gradient[j]!));
        out.set(c, { members, total: members.reduce((s, p) => s + cost[p]!, 0), value: pv.value, g, ok: true });
        continue;
      }
    }
    const members = cost.map((_, p) => p).filter((p) => category[p] === c && anchor[p]);
    const total = members.reduce((s, p) => s + cost[p]!, 0);
    const g = new Float64Array(k);
    for (const p of members) g[p] = 1 / total;
    const ok = members.length > 0 && total > 0 && estimable(g);
    out.set(c, { members, total, value: members.reduce((s, p) => s + coef[p]!, 0) / total, g, ok });
  }
  return out;
}

/**
 * Prices every part coefficient against its category's point value and
 * returns per-part prices (in input order) and per-category point values.
 */
export function priceEffects(input: PricingInput): { parts: PartPrice[]; categories: CategoryPoint[]; pooling: Pooling | null } {
  const { coef, cov, k, cost, category, estimable } = input;
  const nan = Number.NaN;
  const se = (g: Float64Array) => Math.sqrt(Math.max(0, quadForm(cov, k, g)));
  const lines = categoryLines(input);
  const names = [...lines.keys()];
  // Every category's own point value, pooled: used for a part's fair cost where its own is not determined (partEffects).
  const pooling = poolPointValues(names.map((c) => {
    const l = lines.get(c)!;
    return l.ok && l.members.length > 1 ? { value: l.value, variance: quadForm(cov, k, l.g), gradient: l.g } : null;
  }));
  const pooledOf = new Map(names.map((c, i) => [c, pooling?.categories[i] ?? null]));
  const categories: CategoryPoint[] = [...lines].map(([c, l]) => ({
    category: c,
    pointValue: l.ok ? l.value : nan,
    pointValueSe: l.ok ? se(l.g) : nan,
    parts: l.members.length,
    listedTotal: l.total,
    pooledValue: pooledOf.get(c)?.value ?? nan,
    pooledSe: Math.sqrt(pooledOf.get(c)?.variance ?? nan),
  }));

  const parts = cost.map((costP, p): PartPrice => {
    const { members, total, value, g, ok } = lines.get(category[p]!)!;
    const beta = coef[p]!;
    // excess = β_p − cost_p·λ_c: linear in β through λ_c's gradient.
    const gExcess = new Float64Array(k);
    for (let q = 0; q < k; q++) gExcess[q] = -costP * g[q]!;
    gExcess[p]! += 1;
    const excessOk = total > 0 && estimable(gExcess);
    const excess = excessOk ? beta - costP * value : nan;
    const excessSe = excessOk ? se(gExcess) : nan;
    // fair = β_p/λ_c: ∂/∂β = e_p/λ_c − (fair/λ_c)·∂λ_c/∂β.
    const fair = beta / value;
    const gFair = new Float64Array(k);
    for (let q = 0; q < k; q++) gFair[q] = (-fair / value) * g[q]!;
    gFair[p]! += 1 / value;
    const pooled = pooledRatio(p, beta, pooledOf.get(category[p]!) ?? null);
    if (ok && !(value > 0)) return { fairCost: nan, fairCostSe: nan, excess, excessSe, reason: 'point-value-not-positive', ratio: null, pooled };
    if (!ok || !estimable(gFair)) return { fairCost: nan, fairCostSe: nan, excess, excessSe, reason: 'not-identifiable', ratio: null, pooled: null };
    if (members.length === 1 && members[0] === p) return { fairCost: costP, fairCostSe: 0, excess, excessSe, reason: 'alone-in-category', ratio: null, pooled: null };
    // β_p and λ_c: Var(λ) = gᵀΣg, Cov(β_p, λ) = Σ_q Σ_pq g_q.
    let cbl = 0;
    for (let q = 0; q < k; q++) cbl += cov[p * k + q]! * g[q]!;
    const ratio: Ratio = { b: beta, l: value, vb: cov[p * k + p]!, vl: quadForm(cov, k, g), cbl };
    return { fairCost: fair, fairCostSe: se(gFair), excess, excessSe, reason: null, ratio, pooled };
  });
  return { parts, categories, pooling };

  /** β_p over its category's pooled point value: the ratio for Fieller's interval (Var(λ̃) its posterior variance) and the delta-method SE. */
  function pooledRatio(p: number, beta: number, pv: { value: number; variance: number; gradient: Float64Array } | null): PartPrice['pooled'] {
    if (!pv || !(pv.value > 0)) return null;
    let cbl = 0;
    for (let q = 0; q < k; q++) cbl += cov[p * k + q]! * pv.gradient[q]!;
    const ratio: Ratio = { b: beta, l: pv.value, vb: cov[p * k + p]!, vl: pv.variance, cbl };
    const f = beta / pv.value;
    // Var(b/l) by the delta method: (vb − 2f·cbl + f²·vl) / l².
    return { ratio, fairCost: f, fairCostSe: Math.sqrt(Math.max(0, ratio.vb - 2 * f * cbl + f * f * ratio.vl)) / pv.value };
  }
}
