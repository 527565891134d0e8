/**
 * The balance tester's fair-cost estimate for catalogue parts.
 *
 * Model: logit P(A beats B) = h + Σ_p β_p (x_Ap − x_Bp), x = copies of part p
 * in a side's loadout, h an optional seat advantage, draws = half a win.
 *
 * Points: for each budget category c, the value of one point is
 *   λ_c = Σ_{p∈c} β_p / Σ_{p∈c} cost_p,
 * i.e. the category's estimated parts are fairly priced on average, and a
 * part's fair cost is β_p / λ_c. So fair costs in c always sum to the listed
 * total of c: the method ranks parts within a category and cannot say that a
 * whole category is over- or underpriced. (The alternative, one λ for all
 * categories, would test the budgets against each other but assumes a weapon
 * point and a CPU point are worth the same, which the rules do not promise.)
 * Intervals are by the delta method with the full covariance of β (λ_c
 * depends on β too), at Holm–Bonferroni-corrected levels across all parts
 * tested.
 */
import { logisticRegression, type LogisticRow } from './logistic.js';
import { nullSpace } from './eigen.js';
import { quadForm } from './linalg.js';
import { holm } from './holm.js';
import { twoSidedP, Z95 } from './normal.js';
import { newcombeDiff } from './wilson.js';

/** One match (or `weight` identical ones) between loadouts A and B. */
export interface PartMatch {
  /** Part keys of side A's loadout; a key listed twice counts as two copies. */
  readonly a: readonly string[];
  readonly b: readonly string[];
  /** From A's side: 1 A wins, 0 B wins, 0.5 draw. */
  readonly score: number;
  /** Default 1. */
  readonly weight?: number;
}

/** A part as listed in the catalogue. */
export interface PartListing {
  readonly cost: number;
  /** Budget category (`weapon`, `armour-engine`, `cpu`, …); any string. */
  readonly category: string;
}

/** Options for `partEffects`. */
export interface PartEffectsOptions {
  /** Fit the seat-advantage intercept h. Default true: it costs one parameter and protects against seat bias. */
  readonly seatAdvantage?: boolean;
  /** Ridge for the logistic fit. Default 1e-6. */
  readonly ridge?: number;
  /** Family-wise error rate for the mispricing flags. Default 0.05. */
  readonly alpha?: number;
  /** Normal quantile for the raw win-rate difference intervals. Default 1.959964. */
  readonly rawZ?: number;
}

/** Why a part has no test: see `PartEffect.reason`. */
export type PartReason =
  | 'unseen' // in no match
  | 'no-contrast' // always the same number of copies on both sides: β_p has no data
  | 'not-identifiable' // fair cost is not estimable from this design (see docs on full-budget sweeps)
  | 'point-value-not-positive' // λ_c <= 0: the category's parts lose games on average
  | 'alone-in-category'; // fair cost = listed cost by construction

/** Descriptive statistics of a part, per side-game (each match has two sides). */
export interface PartRawStats {
  /** Side-games (weighted) whose loadout has the part, and those without it. */
  readonly nWith: number;
  readonly nWithout: number;
  /** Mean score of those sides (draw = 0.5); 0.5 when there are none. */
  readonly winRateWith: number;
  readonly winRateWithout: number;
  /** winRateWith − winRateWithout with a Newcombe (Wilson-based) interval; NaN if either side is empty. */
  readonly diff: number;
  readonly diffLo: number;
  readonly diffHi: number;
}

/** The verdict on one part. Estimates are NaN when `reason` is set (except for 'alone-in-category'). */
export interface PartEffect {
  readonly key: string;
  readonly category: string;
  readonly listedCost: number;
  /** Effect of one copy on the log-odds of winning, and its SE. */
  readonly beta: number;
  readonly betaSe: number;
  /** Fair cost β_p / λ_c in points, and its delta-method SE. */
  readonly fairCost: number;
  readonly fairCostSe: number;
  /** Value above price in logits, β_p − λ_c·cost_p, and its SE: identified even when fair cost is not. */
  readonly excess: number;
  readonly excessSe: number;
  /** (fairCost − listedCost) / fairCostSe, its two-sided p-value, and the Holm-adjusted p-value. */
  readonly z: number;
  readonly pValue: number;
  readonly adjustedP: number;
  /** The Holm level this part was tested at, and the matching two-sided normal quantile. */
  readonly level: number;
  readonly zCrit: number;
  /** fairCost ± zCrit·fairCostSe. */
  readonly lo: number;
  readonly hi: number;
  /** 'under': fair cost above the listed cost (the part is too cheap); 'over': the reverse. */
  readonly mispriced: 'under' | 'over' | null;
  readonly reason: PartReason | null;
  readonly raw: PartRawStats;
}

/** Value of one point in a category. */
export interface CategoryPoint {
  readonly category: string;
  /** λ_c in logits per point, and its SE; NaN if it is not identifiable. */
  readonly pointValue: number;
  readonly pointValueSe: number;
  /** Parts of c with estimates, and their listed total cost. */
  readonly parts: number;
  readonly listedTotal: number;
}

/** Everything `partEffects` returns. */
export interface PartEffectsResult {
  /** One per catalogue part, in catalogue order. */
  readonly parts: PartEffect[];
  readonly categories: CategoryPoint[];
  readonly seatAdvantage: { readonly value: number; readonly se: number } | null;
  /** Parts in the Holm family, and the family-wise rate. */
  readonly tested: number;
  readonly alpha: number;
  readonly logLik: number;
  readonly converged: boolean;
  readonly matches: number;
}

/** Counts copies of each part key in a loadout. */
function countParts(keys: readonly string[], catalogue: ReadonlyMap<string, PartListing>): Map<string, number> {
  const m = new Map<string, number>();
  for (const key of keys) {
    if (!catalogue.has(key)) throw new RangeError(`partEffects: part '${key}' is not in the catalogue`);
    m.set(key, (m.get(key) ?? 0) + 1);
  }
  return m;
}

/**
 * Estimates each part's fair cost from match results and flags parts whose
 * listed cost falls outside the Holm-corrected interval (family-wise rate
 * `alpha` over all parts tested).
 */
export function partEffects(
  matches: Iterable<PartMatch>,
  catalogue: ReadonlyMap<string, PartListing> | Readonly<Record<string, PartListing>>,
  opts: PartEffectsOptions = {},
): PartEffectsResult {
  const cat: ReadonlyMap<string, PartListing> = catalogue instanceof Map ? catalogue : new Map(Object.entries(catalogue));
  const alpha = opts.alpha ?? 0.05;
  const keys = [...cat.keys()];
  const col = new Map(keys.map((k, i) => [k, i]));
  const P = keys.length;

  // Pass 1: per-part raw tallies and differenced rows over all catalogue parts.
  const nWith = new Float64Array(P);
  const sWith = new Float64Array(P);
  const contrast = new Uint8Array(P);
  let totalW = 0;
  let nMatches = 0;
  const diffs: { idx: number[]; val: number[]; y: number; w: number }[] = [];
  for (const m of matches) {
    const w = m.weight ?? 1;
    if (!(m.score >= 0 && m.score <= 1)) throw new RangeError(`partEffects: score must be in [0, 1], got ${m.score}`);
    if (!(w >= 0) || !Number.isFinite(w)) throw new RangeError(`partEffects: bad weight ${w}`);
    const a = countParts(m.a, cat);
    const b = countParts(m.b, cat);
    if (w === 0) continue;
    nMatches++;
    totalW += w;
    for (const [side, score] of [[a, m.score], [b, 1 - m.score]] as const) {
      for (const key of side.keys()) {
        nWith[col.get(key)!]! += w;
        sWith[col.get(key)!]! += w * score;
      }
    }
    const idx: number[] = [];
    const val: number[] = [];
    for (const key of new Set([...a.keys(), ...b.keys()])) {
      const d = (a.get(key) ?? 0) - (b.get(key) ?? 0);
      if (d === 0) continue;
      contrast[col.get(key)!] = 1;
      idx.push(col.get(key)!);
      val.push(d);
    }
    diffs.push({ idx, val, y: m.score, w });
  }

  // Model columns: parts with contrast; then the seat intercept.
  const model = keys.map((_, i) => i).filter((i) => contrast[i]);
  const colOf = new Int32Array(P).fill(-1);
  model.forEach((p, j) => (colOf[p] = j));
  const nf = model.length;
  const seat = opts.seatAdvantage ?? true;
  const k = nf + (seat ? 1 : 0);
  const rows: LogisticRow[] = diffs.map((d) => ({ x: { idx: d.idx.map((p) => colOf[p]!), val: d.val }, y: d.y, w: d.w }));
  const fit = logisticRegression(rows, nf, { intercept: seat, ridge: opts.ridge });

  // Structural null space of the design (ignores p(1−p), so separation is not mistaken for it).
  const gram = new Float64Array(k * k);
  for (const r of rows) {
    const x = r.x as { idx: number[]; val: number[] };
    const ii = seat ? [...x.idx, nf] : x.idx;
    const vv = seat ? [...x.val, 1] : x.val;
    for (let s = 0; s < ii.length; s++) for (let t = 0; t < ii.length; t++) gram[ii[s]! * k + ii[t]!]! += r.w! * vv[s]! * vv[t]!;
  }
  const nulls = nullSpace(gram, k, 1e-10);
  const estimable = (g: Float64Array) => {
    const norm = Math.hypot(...g);
    return nulls.every((v) => Math.abs(v.reduce((s, vi, i) => s + vi * g[i]!, 0)) <= 1e-7 * norm);
  };

  // Point values per category, from the modelled parts of that category.
  const categories: CategoryPoint[] = [];
  // `value` is kept even when not estimable: β_p − cost_p·λ_c can still be (see `excess`).
  const lambda = new Map<string, { value: number; ok: boolean; total: number; members: number[] }>();
  for (const c of new Set(keys.map((key) => cat.get(key)!.category))) {
    const members = model.filter((p) => cat.get(keys[p]!)!.category === c);
    const total = members.reduce((s, p) => s + cat.get(keys[p]!)!.cost, 0);
    const g = new Float64Array(k);
    for (const p of members) g[colOf[p]!] = 1 / total;
    const value = members.reduce((s, p) => s + fit.coef[colOf[p]!]!, 0) / total;
    const ok = members.length > 0 && total > 0 && estimable(g);
    lambda.set(c, { value, ok, total, members });
    categories.push({
      category: c,
      pointValue: ok ? value : Number.NaN,
      pointValueSe: ok ? Math.sqrt(quadForm(fit.cov, k, g)) : Number.NaN,
      parts: members.length,
      listedTotal: total,
    });
  }

  // Per part: estimates, delta-method SEs, z statistics.
  type Draft = Omit<PartEffect, 'adjustedP' | 'level' | 'zCrit' | 'lo' | 'hi' | 'mispriced'>;
  const rawZ = opts.rawZ ?? Z95;
  const drafts: Draft[] = keys.map((key, p) => {
    const { cost, category } = cat.get(key)!;
    const d = newcombeDiff(sWith[p]!, nWith[p]!, totalW - sWith[p]!, 2 * totalW - nWith[p]!, rawZ);
    const raw: PartRawStats = {
      nWith: nWith[p]!,
      nWithout: 2 * totalW - nWith[p]!,
      winRateWith: nWith[p]! > 0 ? sWith[p]! / nWith[p]! : 0.5,
      winRateWithout: 2 * totalW - nWith[p]! > 0 ? (totalW - sWith[p]!) / (2 * totalW - nWith[p]!) : 0.5,
      diff: d.diff,
      diffLo: d.lo,
      diffHi: d.hi,
    };
    const nan = Number.NaN;
    const blank = { key, category, listedCost: cost, beta: nan, betaSe: nan, fairCost: nan, fairCostSe: nan, excess: nan, excessSe: nan, z: nan, pValue: nan, raw };
    if (nWith[p] === 0) return { ...blank, reason: 'unseen' };
    if (colOf[p]! < 0) return { ...blank, reason: 'no-contrast' };
    const j = colOf[p]!;
    const L = lambda.get(category)!;
    const beta = fit.coef[j]!;
    const withBeta = { ...blank, beta, betaSe: fit.se[j]! };
    // Gradients of fair = C·β_p/S and excess = β_p − cost_p·S/C, with S = Σ_{q∈c} β_q, C = listed total.
    const S = L.value * L.total;
    const fair = beta / L.value;
    const gFair = new Float64Array(k);
    const gExcess = new Float64Array(k);
    for (const q of L.members) {
      gFair[colOf[q]!] = -fair / S;
      gExcess[colOf[q]!] = -cost / L.total;
    }
    gFair[j]! += L.total / S;
    gExcess[j]! += 1;
    const excessOk = L.total > 0 && estimable(gExcess);
    const excess = excessOk ? beta - cost * L.value : nan;
    const excessSe = excessOk ? Math.sqrt(quadForm(fit.cov, k, gExcess)) : nan;
    const withExcess = { ...withBeta, excess, excessSe };
    if (!L.ok || !estimable(gFair)) return { ...withExcess, reason: 'not-identifiable' };
    if (!(L.value > 0)) return { ...withExcess, reason: 'point-value-not-positive' };
    if (L.members.length === 1) return { ...withExcess, fairCost: cost, fairCostSe: 0, reason: 'alone-in-category' };
    const fairCostSe = Math.sqrt(quadForm(fit.cov, k, gFair));
    const z = (fair - cost) / fairCostSe;
    return { ...withExcess, fairCost: fair, fairCostSe, z, pValue: twoSidedP(z), reason: null };
  });

  // Holm across every part with a test; flags then read off the corrected intervals.
  const verdicts = holm(drafts.map((d) => (d.reason === null && Number.isFinite(d.z) ? d.z : Number.NaN)), alpha);
  const parts: PartEffect[] = drafts.map((d, i) => {
    const { level, zCrit, adjustedP } = verdicts[i]!;
    const lo = d.fairCost - zCrit * d.fairCostSe;
    const hi = d.fairCost + zCrit * d.fairCostSe;
    const mispriced = Number.isNaN(level) ? null : d.listedCost < lo ? 'under' : d.listedCost > hi ? 'over' : null;
    return { ...d, adjustedP, level, zCrit, lo, hi, mispriced };
  });
  return {
    parts,
    categories,
    seatAdvantage: seat ? { value: fit.coef[nf]!, se: fit.se[nf]! } : null,
    tested: verdicts.filter((v) => !Number.isNaN(v.level)).length,
    alpha,
    logLik: fit.logLik,
    converged: fit.converged,
    matches: nMatches,
  };
}
