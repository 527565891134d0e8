/**
 * The sequential test of a duel on its pentanomial (fishtest's and
 * fastchess's GSPRT): H0 "the first bot is elo0 stronger" against H1 "elo1
 * stronger", in logistic or normalised Elo. The log likelihood ratio is that
 * of the two distributions over the five pair scores closest to the observed
 * one (maximum likelihood) under each hypothesis' constraint:
 *
 *   LLR = N · Σ p̂ᵢ · ln(p1ᵢ / p0ᵢ)
 *
 * - logistic: the constraint is a mean score s = 1/(1 + 10^(−elo/400)); the
 *   closest distribution is pᵢ = p̂ᵢ / (1 + θ(aᵢ − s)) with θ the root of
 *   Σ p̂ᵢ (aᵢ − s)/(1 + θ(aᵢ − s)) = 0 (Van den Bergh, "Comments on
 *   Normalized Elo", proposition 1.1);
 * - normalised: the constraint is (mean − ½)/sd = t with t = √2·elo/(800/ln 10)
 *   for pairs; the same form with φᵢ in place of aᵢ − s, iterated to a fixed
 *   point (section 4.1 there).
 *
 * Empty cells count 1e-3 pairs (as fastchess: the ratio stays finite). The
 * roots are found by bisection to machine precision: five terms, a monotone
 * function, no library needed. Wald's bounds are `sprtBounds` (sprt.ts).
 * Checked against a constrained maximum-likelihood fit by scipy in
 * test/unit/pentanomial.test.ts.
 */
import { eloToScore, NELO_UNIT, PAIR_SCORES, pentanomialCounts, type Pentanomial } from './pentanomial.js';
import { sprtBounds } from './sprt.js';

/** A duel's test: the Elo of each hypothesis, the error rates, the Elo scale. */
export interface DuelSprtSpec {
  readonly elo0: number;
  readonly elo1: number;
  readonly alpha: number;
  readonly beta: number;
  readonly model: 'logistic' | 'normalized';
}

export const DEFAULT_DUEL_SPRT: DuelSprtSpec = { elo0: 0, elo1: 10, alpha: 0.05, beta: 0.05, model: 'logistic' };

/** Where a duel's test stands. */
export type DuelVerdict = 'H0' | 'H1' | 'continue';

/** The root of a decreasing function on (lo, hi), by bisection until the interval stops shrinking. */
function root(f: (x: number) => number, lo: number, hi: number): number {
  for (let i = 0; i < 200; i++) {
    const mid = (lo + hi) / 2;
    if (mid <= lo || mid >= hi) break;
    if (f(mid) > 0) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/** The distribution closest to `phat` (most likely) among those with Σ pᵢ·φᵢ = 0. */
function tilted(phat: readonly number[], phi: readonly number[]): number[] {
  const u = Math.min(...phi), v = Math.max(...phi);
  // 1 + θφᵢ > 0 for every i: θ in (−1/v, −1/u).
  const theta = root((x) => phat.reduce((s, p, i) => s + (p * phi[i]) / (1 + x * phi[i]), 0), -1 / v, -1 / u);
  return phat.map((p, i) => p / (1 + theta * phi[i]));
}

/** The most likely distribution over the pair scores whose mean is `s`. */
function withMean(phat: readonly number[], s: number): number[] {
  return tilted(
    phat,
    PAIR_SCORES.map((a) => a - s),
  );
}

/** The most likely distribution over the pair scores with (mean − ½)/sd = t, by fixed-point iteration from the uniform one. */
function withNormalised(phat: readonly number[], t: number): number[] {
  let p = phat.map(() => 1 / phat.length);
  for (let it = 0; it < 100; it++) {
    const mu = p.reduce((s, q, i) => s + q * PAIR_SCORES[i], 0);
    const sd = Math.sqrt(p.reduce((s, q, i) => s + q * (PAIR_SCORES[i] - mu) ** 2, 0));
    const phi = PAIR_SCORES.map((a) => a - 0.5 - 0.5 * t * sd * (1 + ((a - mu) / sd) ** 2));
    const next = tilted(phat, phi);
    const moved = Math.max(...next.map((q, i) => Math.abs(q - p[i])));
    p = next;
    if (moved < 1e-12) break;
  }
  return p;
}

/** The GSPRT log likelihood ratio of H1 against H0 on the pairs so far (0 before any). */
export function pentanomialLlr(p: Pentanomial, spec: DuelSprtSpec): number {
  const counts = pentanomialCounts(p).map((c) => (c === 0 ? 1e-3 : c));
  const n = counts.reduce((s, c) => s + c, 0);
  if (counts.every((c) => c === 1e-3)) return 0;
  const phat = counts.map((c) => c / n);
  const [p0, p1] =
    spec.model === 'logistic'
      ? [withMean(phat, eloToScore(spec.elo0)), withMean(phat, eloToScore(spec.elo1))]
      : [withNormalised(phat, (Math.SQRT2 * spec.elo0) / NELO_UNIT), withNormalised(phat, (Math.SQRT2 * spec.elo1) / NELO_UNIT)];
  return n * phat.reduce((s, q, i) => s + q * (Math.log(p1[i]) - Math.log(p0[i])), 0);
}

/** The test's verdict for a log likelihood ratio. */
export function duelVerdict(llr: number, spec: DuelSprtSpec): DuelVerdict {
  const { lower, upper } = sprtBounds(spec.alpha, spec.beta);
  return llr >= upper ? 'H1' : llr <= lower ? 'H0' : 'continue';
}

/** Checks a spec: elo0 below elo1, alpha and beta in (0, 0.5); a message, or null. */
export function duelSprtProblem(spec: DuelSprtSpec): string | null {
  if (!(Number.isFinite(spec.elo0) && Number.isFinite(spec.elo1) && spec.elo0 < spec.elo1)) return `elo0 must be below elo1 (got ${spec.elo0}, ${spec.elo1})`;
  if (!(spec.alpha > 0 && spec.alpha < 0.5)) return `alpha must be in (0, 0.5) (got ${spec.alpha})`;
  if (!(spec.beta > 0 && spec.beta < 0.5)) return `beta must be in (0, 0.5) (got ${spec.beta})`;
  return null;
}

/**
 * Observations a fixed-size duel needs for the same errors: a one-sided
 * z-test of the mean score at alpha whose power at elo1 is 1 − beta, given
 * the observations' standard deviation (a pair's score, `perPair`; or a
 * game's, as a tournament that does not pair its games would count):
 *   n = ((z_{1−α} + z_{1−β}) · sd / (s1 − s0))²
 * with s the expected score of elo (logistic), or ½ + elo·sd·k/(800/ln 10)
 * (normalised: k = √2 for pairs, 1 for games, as fastchess converts). The
 * SPRT's saving is measured against this.
 */
export function fixedSizeFor(spec: DuelSprtSpec, sd: number, perPair: boolean, zAlpha: number, zBeta: number): number {
  const k = perPair ? Math.SQRT2 : 1;
  const score = (elo: number): number => (spec.model === 'logistic' ? eloToScore(elo) : 0.5 + (k * elo * sd) / NELO_UNIT);
  return Math.ceil((((zAlpha + zBeta) * sd) / (score(spec.elo1) - score(spec.elo0))) ** 2);
}
