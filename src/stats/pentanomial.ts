/**
 * A duel's seat-swapped pairs counted as a pentanomial, and what they say of
 * the first bot's strength: its score, Elo (logistic and normalised) with a
 * 95% interval, and the likelihood of superiority (LOS).
 *
 * A pair is two games on one seed with the seats swapped, so the pair's two
 * results are correlated (a seed that favours a seat favours it in both
 * games). Counting pairs, not games, keeps that correlation in the variance:
 * the pair is the independent observation (the "pentanomial model" of
 * fishtest and fastchess). A pair's score is the mean of its two games' in
 * [0, 1]: 0 (LL), ¼ (LD), ½ (WL or DD), ¾ (WD), 1 (WW).
 */
import { normalCdf, Z95 } from './normal.js';

/** Pairs by their two results for the first bot (WL and DD kept apart; both score ½). */
export interface Pentanomial {
  readonly ll: number;
  readonly ld: number;
  readonly wl: number;
  readonly dd: number;
  readonly wd: number;
  readonly ww: number;
}

export const EMPTY_PENTANOMIAL: Pentanomial = { ll: 0, ld: 0, wl: 0, dd: 0, wd: 0, ww: 0 };

/** The five pair scores, in the order of `pentanomialCounts`. */
export const PAIR_SCORES = [0, 0.25, 0.5, 0.75, 1] as const;

/** Which cell a pair of game scores (each 0, ½ or 1, in either order) falls in. */
export function pairKind(a: number, b: number): keyof Pentanomial {
  const [lo, hi] = a <= b ? [a, b] : [b, a];
  if (lo === 0) return hi === 0 ? 'll' : hi === 0.5 ? 'ld' : 'wl';
  if (lo === 0.5) return hi === 0.5 ? 'dd' : 'wd';
  return 'ww';
}

/** The pentanomial with one more pair. */
export const addPair = (p: Pentanomial, a: number, b: number): Pentanomial => {
  const k = pairKind(a, b);
  return { ...p, [k]: p[k] + 1 };
};

/** The counts of the five pair scores [0, ¼, ½, ¾, 1] (WL and DD together). */
export const pentanomialCounts = (p: Pentanomial): [number, number, number, number, number] => [p.ll, p.ld, p.wl + p.dd, p.wd, p.ww];

export const pairCount = (p: Pentanomial): number => p.ll + p.ld + p.wl + p.dd + p.wd + p.ww;

/** Elo of an expected score, on the logistic scale (400 points: ten to one). */
export const scoreToElo = (s: number): number => -400 * Math.log10(1 / s - 1);

/** The expected score of an Elo difference, on the logistic scale. */
export const eloToScore = (elo: number): number => 1 / (1 + Math.pow(10, -elo / 400));

/** Normalised Elo's unit: the logistic Elo's slope at an even score, per unit of score (800 / ln 10). */
export const NELO_UNIT = 800 / Math.LN10;

/** What a pentanomial says of the first bot. */
export interface DuelEstimate {
  readonly pairs: number;
  /** Mean score per game, in [0, 1]. */
  readonly score: number;
  /** Logistic Elo and its 95% interval (±Infinity at a score of 1 or 0). */
  readonly elo: number;
  readonly eloLo: number;
  readonly eloHi: number;
  /**
   * Normalised Elo (fastchess, Van den Bergh): the score's distance from ½ in
   * standard deviations of a pair's score, scaled so that it matches logistic
   * Elo near a draw-free even score; NaN while the pairs do not vary.
   */
  readonly nelo: number;
  /** Half-width of normalised Elo's 95% interval. */
  readonly neloPm: number;
  /** Likelihood of superiority: the chance, on a flat prior, that the first bot is the stronger. */
  readonly los: number;
}

/**
 * The estimate from the pairs: the mean pair score and its variance over the
 * pairs (their sample distribution, as fastchess computes it), the interval
 * mean ± 1.96·sd/√n mapped to Elo, and LOS = Φ((mean − ½)/(sd/√n)).
 */
export function estimate(p: Pentanomial): DuelEstimate {
  const counts = pentanomialCounts(p);
  const n = pairCount(p);
  if (n === 0) return { pairs: 0, score: 0.5, elo: 0, eloLo: -Infinity, eloHi: Infinity, nelo: Number.NaN, neloPm: Number.NaN, los: 0.5 };
  let mean = 0;
  for (let i = 0; i < 5; i++) mean += (counts[i] / n) * PAIR_SCORES[i];
  let variance = 0;
  for (let i = 0; i < 5; i++) variance += (counts[i] / n) * (PAIR_SCORES[i] - mean) ** 2;
  const se = Math.sqrt(variance / n);
  const clamp = (s: number): number => Math.min(1, Math.max(0, s));
  const sd = Math.sqrt(variance);
  return {
    pairs: n,
    score: mean,
    elo: scoreToElo(mean),
    eloLo: scoreToElo(clamp(mean - Z95 * se)),
    eloHi: scoreToElo(clamp(mean + Z95 * se)),
    nelo: sd > 0 ? ((mean - 0.5) / (Math.SQRT2 * sd)) * NELO_UNIT : Number.NaN,
    neloPm: sd > 0 ? (Z95 / Math.sqrt(2 * n)) * NELO_UNIT : Number.NaN,
    los: se > 0 ? normalCdf((mean - 0.5) / se) : mean > 0.5 ? 1 : mean < 0.5 ? 0 : 0.5,
  };
}
