/**
 * Bradley–Terry ratings of bots or loadouts from pairwise results:
 * logit P(a beats b) = r_a − r_b (+ h, an optional advantage of the first-named
 * side). Fitted as a logistic regression on difference indicators, so draws
 * count as half a win for each side, exactly as in `logistic.ts`.
 *
 * Identifiability: only differences of ratings are estimable. Every entity
 * gets a column and the ridge resolves the free shift: the penalised optimum
 * is the one with ratings summing to zero (on each connected group of
 * entities). By default ratings are reported that way, and `se` is the SE of
 * a sum-to-zero rating; `opts.reference` fixes one entity at 0 instead. An
 * entity that always wins (or loses) gets a large but finite rating set by
 * the ridge, with a correspondingly huge SE. Entities in groups that never
 * meet each other also get huge SEs: their relative level is unknown.
 */
import { logisticRegression, sigmoid, type LogisticRow } from './logistic.js';
import { normalCdf, Z95 } from './normal.js';

/** One game, or several identical ones when `weight` > 1. */
export interface PairGame {
  /** Entity indices in [0, n), a ≠ b. */
  readonly a: number;
  readonly b: number;
  /** From a's side: 1 a wins, 0 b wins, 0.5 draw (a mean score is fine with a weight). */
  readonly score: number;
  /** Default 1. */
  readonly weight?: number;
}

/** Options for `bradleyTerry`. */
export interface BradleyTerryOptions {
  /** L2 penalty on ratings (and h); see `LogisticOptions.ridge`. Default 1e-6. */
  readonly ridge?: number;
  /** Fit an advantage h for the side named `a` (first mover, seat A). Default false. */
  readonly firstMoverAdvantage?: boolean;
  /**
   * Report ratings relative to this entity (fixed at 0) instead of summing to
   * zero. Use it when one entity is a natural baseline, or when an entity
   * that always wins or loses would put its huge uncertainty into the mean
   * and so into every sum-to-zero SE (differences are unaffected either way).
   */
  readonly reference?: number;
  /** Normal quantile for `lo`/`hi`. Default 1.959964 (95%). */
  readonly z?: number;
  /**
   * Virtual draws added between every pair of entities that met (half in each
   * seat order), the prior of BayesElo: an entity that won or lost every game
   * gets a finite rating and a finite interval, while pairs with many games
   * barely move. Default 0 (maximum likelihood).
   */
  readonly priorDraws?: number;
}

/** Ratings on the logit scale, summing to zero (or 0 at `reference`). */
export interface BradleyTerryFit {
  readonly rating: Float64Array;
  readonly se: Float64Array;
  readonly lo: Float64Array;
  readonly hi: Float64Array;
  /** Covariance of the ratings, n×n row-major; Var(rᵢ − rⱼ) = Cᵢᵢ + Cⱼⱼ − 2Cᵢⱼ whatever the anchor. */
  readonly cov: Float64Array;
  /** First-mover advantage h on the logit scale, when fitted. */
  readonly advantage: { readonly value: number; readonly se: number } | null;
  /** Games (total weight) each entity took part in. */
  readonly games: Float64Array;
  readonly logLik: number;
  readonly converged: boolean;
  readonly iterations: number;
}

/** Elo points per logit: 400 / ln 10 ≈ 173.72, so a 400-point gap is 10:1 odds. */
export const ELO_PER_LOGIT = 400 / Math.LN10;

/**
 * Fits Bradley–Terry ratings for `n` entities from `games`.
 * Games between the same ordered pair are merged before fitting (exact).
 */
export function bradleyTerry(n: number, games: Iterable<PairGame>, opts: BradleyTerryOptions = {}): BradleyTerryFit {
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`bradleyTerry: n must be a positive integer, got ${n}`);
  const z = opts.z ?? Z95;
  const played = new Float64Array(n);
  // Merge by ordered pair up front: cheaper than the generic row merge and it
  // keeps the first-mover column meaningful (a and b are not interchangeable then).
  const pairs = new Map<number, { w: number; s: number }>();
  for (const g of games) {
    const w = g.weight ?? 1;
    for (const e of [g.a, g.b]) {
      if (!Number.isInteger(e) || e < 0 || e >= n) throw new RangeError(`bradleyTerry: entity ${e} out of range [0, ${n})`);
    }
    if (g.a === g.b) throw new RangeError(`bradleyTerry: entity ${g.a} plays itself`);
    if (!(g.score >= 0 && g.score <= 1)) throw new RangeError(`bradleyTerry: score must be in [0, 1], got ${g.score}`);
    if (!(w >= 0) || !Number.isFinite(w)) throw new RangeError(`bradleyTerry: bad weight ${w}`);
    if (w === 0) continue;
    played[g.a]! += w;
    played[g.b]! += w;
    const key = g.a * n + g.b;
    const acc = pairs.get(key) ?? { w: 0, s: 0 };
    acc.w += w;
    acc.s += w * g.score;
    pairs.set(key, acc);
  }
  const prior = opts.priorDraws ?? 0;
  if (!(prior >= 0) || !Number.isFinite(prior)) throw new RangeError(`bradleyTerry: bad priorDraws ${prior}`);
  if (prior > 0) {
    const met = new Set<number>();
    for (const key of pairs.keys()) {
      const a = Math.floor(key / n), b = key % n;
      met.add(Math.min(a, b) * n + Math.max(a, b));
    }
    for (const key of [...met].sort((x, y) => x - y)) {
      const a = Math.floor(key / n), b = key % n;
      for (const k2 of [a * n + b, b * n + a]) {
        const acc = pairs.get(k2) ?? { w: 0, s: 0 };
        acc.w += prior / 2;
        acc.s += prior / 4;
        pairs.set(k2, acc);
      }
    }
  }
  const rows: LogisticRow[] = [];
  for (const [key, { w, s }] of pairs) {
    const a = Math.floor(key / n);
    const b = key % n;
    rows.push({ x: { idx: [a, b], val: [1, -1] }, y: Math.min(1, s / w), w });
  }
  const fit = logisticRegression(rows, n, {
    intercept: opts.firstMoverAdvantage ?? false,
    ridge: opts.ridge,
    aggregate: false,
  });
  const k = fit.k;

  // Ratings r = β − (aᵀβ)1 with a = 1/n (sum to zero) or the reference's unit vector; the
  // ridge already centres β, so the mean version only removes rounding drift. Covariance
  // A C Aᵀ with A = I − 1aᵀ drops the unestimable common shift, whose variance is ~1/ridge.
  const ref = opts.reference;
  if (ref !== undefined && !(Number.isInteger(ref) && ref >= 0 && ref < n)) throw new RangeError(`bradleyTerry: bad reference ${ref}`);
  const a = Float64Array.from({ length: n }, (_, i) => (ref === undefined ? 1 / n : i === ref ? 1 : 0));
  const shift = a.reduce((s, ai, i) => s + ai * fit.coef[i]!, 0);
  const rating = Float64Array.from({ length: n }, (_, i) => fit.coef[i]! - shift);
  const ca = Float64Array.from({ length: n }, (_, i) => a.reduce((s, aj, j) => s + fit.cov[i * k + j]! * aj, 0));
  const aca = a.reduce((s, ai, i) => s + ai * ca[i]!, 0);
  const cov = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) cov[i * n + j] = fit.cov[i * k + j]! - ca[i]! - ca[j]! + aca;
  }
  if (ref !== undefined) {
    rating[ref] = 0; // exactly, and with exactly zero variance
    for (let i = 0; i < n; i++) cov[i * n + ref] = cov[ref * n + i] = 0;
  }
  const se = Float64Array.from({ length: n }, (_, i) => Math.sqrt(Math.max(0, cov[i * n + i]!)));
  return {
    rating,
    se,
    lo: Float64Array.from(rating, (r, i) => r - z * se[i]!),
    hi: Float64Array.from(rating, (r, i) => r + z * se[i]!),
    cov,
    advantage: fit.hasIntercept ? { value: fit.coef[n]!, se: fit.se[n]! } : null,
    games: played,
    logLik: fit.logLik,
    converged: fit.converged,
    iterations: fit.iterations,
  };
}

/** Ratings on an Elo-like scale. */
export interface EloRatings {
  readonly rating: Float64Array;
  readonly se: Float64Array;
  readonly lo: Float64Array;
  readonly hi: Float64Array;
}

/**
 * Converts a fit to Elo points: rating·400/ln 10 + `anchor`, so the average
 * entity sits at `anchor` (default 1500) and SEs scale by the same factor.
 */
export function toElo(fit: BradleyTerryFit, anchor = 1500): EloRatings {
  const f = (v: number) => v * ELO_PER_LOGIT + anchor;
  return {
    rating: fit.rating.map(f),
    se: fit.se.map((v) => v * ELO_PER_LOGIT),
    lo: fit.lo.map(f),
    hi: fit.hi.map(f),
  };
}

/**
 * Likelihood of superiority: the posterior probability that entity i is
 * stronger than entity j, Φ((rᵢ − rⱼ) / SD(rᵢ − rⱼ)), from the fit's
 * covariance (as fastchess and BayesElo print it for neighbours).
 */
export function superiority(fit: BradleyTerryFit, i: number, j: number): number {
  const { value: d, se } = difference(fit, i, j);
  return se > 0 ? normalCdf(d / se) : d > 0 ? 1 : d < 0 ? 0 : 0.5;
}

/**
 * rᵢ − rⱼ in logits and its SE from the fit's covariance. Each rating's own SE
 * is about the distance from the average entrant, so it carries everyone's
 * uncertainty (one winless entrant widens them all); the difference of two
 * neighbours is what a reader compares, and its SE is often much smaller.
 */
export function difference(fit: BradleyTerryFit, i: number, j: number): { value: number; se: number } {
  const n = fit.rating.length, c = fit.cov;
  const v = c[i * n + i]! + c[j * n + j]! - 2 * c[i * n + j]!;
  return { value: fit.rating[i]! - fit.rating[j]!, se: Math.sqrt(Math.max(0, v)) };
}

/** P(a beats b) implied by two logit ratings (draws counted as half). */
export function winProbability(ratingA: number, ratingB: number, advantage = 0): number {
  return sigmoid(ratingA - ratingB + advantage);
}
