/**
 * α-Rank (Omidshafiei, Papadimitriou, Piliouras, Tuyls et al., "α-Rank:
 * Multi-Agent Evaluation by Evolution", Scientific Reports 9, 9937, 2019),
 * single-population form for a symmetric game, as OpenSpiel's `alpharank.py`
 * computes it with its local selection model.
 *
 * A population of m players all use one strategy s; a mutant r appears and
 * takes over with the Moran process's fixation probability
 *
 *   ρ(r → s) = (1 − e^{−x}) / (1 − e^{−m x}),   x = α (payoff[r][s] − payoff[s][r])   (1/m when x = 0).
 *
 * The Markov chain over the K strategies moves from s to r with probability
 * ρ/(K − 1) and stays otherwise; α-Rank's masses are its stationary
 * distribution π (πC = π), found with ml-matrix's linear solver. Large α
 * (strong selection) puts the mass on the sink components of the response
 * graph; unlike a Nash equilibrium it is unique and needs no solver
 * tie-break. Hand-written: no maintained JavaScript α-Rank exists; the
 * formula is the paper's, the tests check it on games whose answer is known.
 */
import { Matrix, solve } from 'ml-matrix';

export interface AlphaRankOptions {
  /** Selection intensity (default 10: with payoff differences in [−1, 1], close to α-Rank's large-α limit without underflow). */
  readonly alpha?: number;
  /** Population size (default 50). */
  readonly m?: number;
}

export const ALPHA_RANK_DEFAULTS = { alpha: 10, m: 50 } as const;

/** The fixation probability of a mutant whose fitness advantage, times α, is `x`, in a population of m (written to avoid overflow). */
export function fixation(x: number, m: number): number {
  if (x === 0) return 1 / m;
  if (x > 0) return -Math.expm1(-x) / -Math.expm1(-m * x);
  const y = -x;
  return Math.exp(-(m - 1) * y) * (-Math.expm1(-y) / -Math.expm1(-m * y));
}

/** The α-Rank masses of the K strategies of the symmetric game `payoff` (payoff[i][j]: what i gains against j). */
export function alphaRank(payoff: readonly (readonly number[])[], opts: AlphaRankOptions = {}): number[] {
  const alpha = opts.alpha ?? ALPHA_RANK_DEFAULTS.alpha, m = opts.m ?? ALPHA_RANK_DEFAULTS.m;
  const k = payoff.length;
  if (k === 1) return [1];
  // Rows of Cᵀ − I: entry (r, s) is the rate of moving s → r; the diagonal is minus what leaves s (exact, not 1 − Σ − 1).
  const a = new Matrix(k, k);
  for (let s = 0; s < k; s++)
    for (let r = 0; r < k; r++) {
      if (r === s) continue;
      const p = fixation(alpha * (payoff[r][s] - payoff[s][r]), m) / (k - 1);
      a.set(r, s, p);
      a.set(s, s, a.get(s, s) - p);
    }
  // π is defined up to scale: the last balance equation is replaced by Σ π = 1.
  const b = Matrix.zeros(k, 1);
  for (let s = 0; s < k; s++) a.set(k - 1, s, 1);
  b.set(k - 1, 0, 1);
  const pi = solve(a, b).getColumn(0).map((v) => Math.max(0, v));
  const sum = pi.reduce((x, y) => x + y, 0);
  return pi.map((v) => v / sum);
}
