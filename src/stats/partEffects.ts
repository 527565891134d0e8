/**
 * The balance tester's fair-cost estimate for catalogue parts.
 *
 * Model: logit P(A beats B) = h + Σ_p β_p (x_Ap − x_Bp), x = copies of part p
 * in a side's loadout, h an optional seat advantage, draws = half a win.
 * Effects are turned into points per budget category by `fairCost.ts`:
 * λ_c = Σ β / Σ cost over an anchor set of c's parts, fair_p = β_p / λ_c, so
 * fair costs are relative to the anchor set and never say that a whole
 * category is over- or underpriced. (One λ for all categories would test the
 * budgets against each other, but assumes a weapon point and a CPU point are
 * worth the same, which the rules do not promise.)
 *
 * Anchor sets: by default all estimated parts of the category ("fairly priced
 * on average"). Then one badly underpriced part raises λ_c and makes every
 * other part of c look a little overpriced; with enough games that drift is
 * flagged too. `anchor: 'unflagged'` instead re-anchors on the parts not
 * flagged and repeats until the flags settle ("most parts are fairly priced").
 *
 * Flags come from delta-method intervals at Holm–Bonferroni-corrected levels
 * across all parts tested (`holm.ts`).
 */
import { logisticRegression, type LogisticRow } from './logistic.js';
import { estimableTest, nullSpace } from './eigen.js';
import { priceEffects, worthAt, type CategoryPoint } from './fairCost.js';
import { holm } from './holm.js';
import { settleAnchor } from './anchor.js';
import { twoSidedP, Z95 } from './normal.js';
import { loadoutSpread } from './loadoutSpread.js';
import { buildPartDesign, rawStats, type PartMatch, type PartRawStats } from './partDesign.js';

export type { PartMatch, PartRawStats };

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
  /** Which parts of a category fix its point value: 'all' (default), 'unflagged' (iterated) or 'robust' (the Huber point value of all of them, pointValue.ts). */
  readonly anchor?: 'all' | 'unflagged' | 'robust';
}

/** Why a part has no test: see `PartEffect.reason`. */
export type PartReason =
  | 'unseen' // in no match
  | 'no-contrast' // always the same number of copies on both sides: β_p has no data
  | 'not-identifiable' // fair cost not estimable, e.g. every loadout spends the same on c, so λ_c is unknown
  | 'point-value-not-positive' // λ_c <= 0: the category's parts lose games on average
  | 'point-value-not-determined' // λ_c not significantly positive at the part's level: its fair cost's (Fieller) interval is unbounded
  | 'alone-in-category'; // fair cost = listed cost by construction

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
  /**
   * Where the point value is not determined (`reason` 'point-value-not-determined') but is estimated
   * above 0: what the part is worth if a point is worth anything (fairCost.ts fiellerBound), at the
   * part's test level — at least `lo` points (hi +∞) or at most `hi` (lo −∞); in the pooled point value
   * where `pointValueFrom` is 'pooled', as the priced parts' worths are. Null otherwise.
   */
  readonly bound: { readonly lo: number; readonly hi: number } | null;
  /**
   * Which point value the fair cost or the bound is in, or fails to be determined in: the category's own
   * ('own'), or, where the own one is not determined at the part's level (or not positive), the category's
   * value pooled with the other categories' ('pooled', pooledPointValue.ts); null for a part without a
   * test. The verdict always rests on the own one.
   */
  readonly pointValueFrom: 'own' | 'pooled' | null;
  /** 'under': fair cost above the listed cost (the part is too cheap); 'over': the reverse. */
  readonly mispriced: 'under' | 'over' | null;
  readonly reason: PartReason | null;
  /** Whether the part is in its category's anchor set (helps fix λ_c). */
  readonly anchor: boolean;
  readonly raw: PartRawStats;
}

/** Everything `partEffects` returns. */
export interface PartEffectsResult {
  /** One per catalogue part, in catalogue order. */
  readonly parts: PartEffect[];
  readonly categories: readonly CategoryPoint[];
  /** How the categories' point values were pooled (pooledPointValue.ts): their spread ω, Cochran's Q on df; null with fewer than two categories. */
  readonly pooling: { readonly omega: number; readonly q: number; readonly df: number } | null;
  readonly seatAdvantage: { readonly value: number; readonly se: number } | null;
  /** The dispersion φ the SEs carry (1 binomial; below 1 with draws), and σ̂, the loadouts' own spread in logits (loadoutSpread.ts). */
  readonly dispersion: number;
  readonly loadoutSpread: number;
  /** Parts in the Holm family, and the family-wise rate. */
  readonly tested: number;
  readonly alpha: number;
  readonly logLik: number;
  /** Parameters the design identifies (part effects and the seat advantage, less the directions it cannot see). */
  readonly rank: number;
  readonly converged: boolean;
  readonly matches: number;
  /** Pricing rounds run (1 with anchor 'all'), and whether the anchor sets stopped changing. */
  readonly anchorRounds: number;
  readonly anchorStable: boolean;
  /**
   * The anchor the verdicts rest on: 'unflagged' when its rounds settled; else 'all' — the unflagged
   * anchor went round in a cycle (or ran out of rounds), and no verdict is published from a state it
   * merely stopped in.
   */
  readonly anchorUsed: 'all' | 'unflagged' | 'robust';
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
  const P = keys.length;
  const design = buildPartDesign(matches, keys);
  const { nWith, contrast } = design;
  const diffs = design.rows;

  // Model columns: parts with contrast; then the seat intercept.
  const model = keys.map((_, i) => i).filter((i) => contrast[i]);
  const colOf = new Int32Array(P).fill(-1);
  model.forEach((p, j) => (colOf[p] = j));
  const nf = model.length;
  const seat = opts.seatAdvantage ?? true;
  const k = nf + (seat ? 1 : 0);
  const cols = diffs.map((d) => d.idx.map((p) => colOf[p]!));
  const rows: LogisticRow[] = diffs.map((d, r) => ({ x: { idx: cols[r]!, val: d.val }, y: d.y, w: d.w }));
  const fit = logisticRegression(rows, nf, { intercept: seat, ridge: opts.ridge });
  // The fit's Wald covariance assumes binomial games between additive loadouts; widen it for the
  // loadouts' own spread and narrow it for draws (loadoutSpread.ts).
  const spread = loadoutSpread(
    diffs.map((d, r) => ({ cols: cols[r]!, val: d.val, y: d.y, w: d.w, draws: d.draws, la: d.la, lb: d.lb })),
    fit.coef,
    fit.cov,
    k,
    seat,
  );
  const cov = spread.cov;
  const se = Float64Array.from({ length: k }, (_, i) => Math.sqrt(cov[i * k + i]!));

  // Structural null space of the design (ignores p(1−p), so separation is not mistaken for it).
  const gram = new Float64Array(k * k);
  for (const d of diffs) {
    const m = d.idx.length;
    for (let s = 0; s < m; s++) {
      const i = colOf[d.idx[s]!]!;
      const wv = d.w * d.val[s]!;
      for (let t = 0; t < m; t++) gram[i * k + colOf[d.idx[t]!]!]! += wv * d.val[t]!;
      if (seat) {
        gram[i * k + nf]! += wv;
        gram[nf * k + i]! += wv;
      }
    }
    if (seat) gram[nf * k + nf]! += d.w;
  }
  const estimable = estimableTest(gram, k);
  const rank = k - nullSpace(gram, k).length;

  const rawZ = opts.rawZ ?? Z95;
  const raws = keys.map((_, p) => rawStats(design, p, rawZ));
  const listing = (p: number) => cat.get(keys[p]!)!;

  // Price, test, and (with anchor 'unflagged') re-anchor on the unflagged parts until the set settles
  // (anchor.ts: a cycle ends the rounds, and the verdicts are then the first round's, on all parts).
  const iterate = (opts.anchor ?? 'all') === 'unflagged';
  const price = (anchor: readonly boolean[]): { result: { parts: PartEffect[]; categories: readonly CategoryPoint[]; pooling: PartEffectsResult['pooling'] }; next: boolean[] } => {
    const priced = priceEffects({
      coef: fit.coef,
      cov,
      k,
      cost: model.map((p) => listing(p).cost),
      category: model.map((p) => listing(p).category),
      anchor: [...anchor],
      estimable,
      robust: opts.anchor === 'robust',
    });
    // The verdict is the linear test of value above price, β_p − λ_c·cost_p = 0: identified whenever
    // the excess is (even when λ_c is not), and not capped by the point value's own precision as the
    // ratio's z is.
    const z = model.map((_, j) => {
      const pr = priced.parts[j]!;
      return Number.isFinite(pr.excess) && pr.excessSe > 0 ? pr.excess / pr.excessSe : Number.NaN;
    });
    const verdicts = holm(z, alpha);
    const parts = keys.map((key, p): PartEffect => {
      const { cost, category } = listing(p);
      const j = colOf[p]!;
      const nan = Number.NaN;
      const pr = j < 0 ? { fairCost: nan, fairCostSe: nan, excess: nan, excessSe: nan, reason: null, ratio: null, pooled: null } : priced.parts[j]!;
      const v = j < 0 ? { level: nan, zCrit: nan, adjustedP: nan, reject: false } : verdicts[j]!;
      const zj = j < 0 ? nan : z[j]!;
      // The fair cost's interval is Fieller's at the part's test level (95% when untested): it holds the
      // listed cost exactly when the linear test does not flag the part. Unbounded: no fair cost.
      const zAt = Number.isNaN(v.zCrit) ? Z95 : v.zCrit;
      // Where the category's own point value is not determined (or not positive), the pooled one (fairCost.ts worthAt).
      const { interval, from, bound, undetermined } = worthAt(pr, zAt);
      const pooled = interval !== null && from === 'pooled';
      const reason: PartReason | null = nWith[p] === 0 ? 'unseen' : j < 0 ? 'no-contrast' : undetermined ? 'point-value-not-determined' : pooled ? null : pr.reason;
      const fairCost = pooled ? pr.pooled!.fairCost : undetermined ? nan : pr.fairCost;
      const lo = interval ? interval.lo : nan;
      const hi = interval ? interval.hi : nan;
      return {
        key,
        category,
        listedCost: cost,
        beta: j < 0 ? nan : fit.coef[j]!,
        betaSe: j < 0 ? nan : se[j]!,
        fairCost,
        fairCostSe: pooled ? pr.pooled!.fairCostSe : undetermined ? nan : pr.fairCostSe,
        excess: pr.excess,
        excessSe: pr.excessSe,
        z: zj,
        pValue: Number.isNaN(zj) ? nan : twoSidedP(zj),
        adjustedP: v.adjustedP,
        level: v.level,
        zCrit: v.zCrit,
        lo,
        hi,
        bound,
        pointValueFrom: from,
        // Holm rejects the linear test (holm.ts): the sign of the value above price says which way.
        mispriced: !v.reject ? null : pr.excess > 0 ? 'under' : 'over',
        reason,
        anchor: j >= 0 && anchor[j]!,
        raw: raws[p]!,
      };
    });
    const next = model.map((p) => parts[p]!.mispriced === null);
    // A category whose parts would all leave the anchor keeps its current set.
    for (const c of new Set(model.map((p) => listing(p).category))) {
      const js = model.map((p, j) => j).filter((j) => listing(model[j]!).category === c);
      if (!js.some((j) => next[j])) for (const j of js) next[j] = anchor[j]!;
    }
    const pooling = priced.pooling ? { omega: priced.pooling.omega, q: priced.pooling.q, df: priced.pooling.df } : null;
    return { result: { parts, categories: priced.categories, pooling }, next };
  };
  const settledRounds = settleAnchor(model.map(() => true), price, iterate);
  const { parts, categories, pooling } = settledRounds.result;
  return {
    parts,
    categories,
    pooling,
    seatAdvantage: seat ? { value: fit.coef[nf]!, se: se[nf]! } : null,
    dispersion: spread.dispersion,
    loadoutSpread: spread.sigma,
    tested: parts.filter((p) => !Number.isNaN(p.level)).length,
    alpha,
    logLik: fit.logLik,
    rank,
    converged: fit.converged,
    matches: design.matches,
    anchorRounds: settledRounds.rounds,
    anchorStable: settledRounds.settled,
    anchorUsed: opts.anchor === 'robust' ? 'robust' : iterate && settledRounds.settled ? 'unflagged' : 'all',
  };
}
