/**
 * The part effects' variance when the additive model's two idealisations
 * fail (issue 22, item 3):
 *
 * - **Loadouts worth more or less than their parts.** Under skilled play a
 *   loadout has a value of its own, u_l ~ N(0, σ²), beyond the sum of its
 *   parts. The additive fit still estimates β, but a loadout's games share
 *   its u, so its games are not independent: the fit's Wald SEs are too
 *   narrow. With S = X̃ᵀr the score, r = w(y − p) the residuals, the
 *   estimator's variance is I⁻¹ Var(S) I⁻¹ = φI⁻¹ + σ² G Gᵀ, where
 *   M = X̃ᵀWZ (k × loadouts; Z the ±1 loadout-difference matrix, W =
 *   w p(1 − p)) and G = I⁻¹M. This is the marginal variance of a loadout
 *   random-effect model, evaluated at the additive fit.
 * - **Draws.** A game scored 1, ½ or 0 with draw probability d has variance
 *   p(1 − p) − d/4, less than the binomial p(1 − p) the fit assumes; with
 *   a third of games drawn the Wald SEs are about 25% too wide. φ = (Σ W −
 *   draws/4) / Σ W is the quasi-likelihood dispersion from the observed
 *   draws (exact in expectation: E(y − p)² = p(1 − p) − d/4).
 *
 * σ² is estimated by moments from the loadouts' residual scores s = Zᵀr:
 * E[sᵀs] = φ tr(Ĵ) + σ² tr(Ĵ²), Ĵ = J − MᵀI⁻¹M, J = ZᵀWZ (derivation in
 * docs/statistics.md), then corrected for the logistic attenuation. No loadout is fitted on its own, so an undefeated
 * loadout does not break it, and σ̂² = 0 when the residuals are no more
 * spread than chance (clamped: a variance is not negative).
 */

/** c² in the logistic-normal approximation E σ(η + N(0, τ²)) ≈ σ(η / √(1 + c²τ²)), c = 16√3 / (15π). */
const ATTENUATION = ((16 * Math.sqrt(3)) / (15 * Math.PI)) ** 2;

/** A design row of the additive model with the loadouts it came from. */
export interface SpreadRow {
  /** Model columns (intercept excluded) and their values x_A − x_B. */
  readonly cols: ArrayLike<number>;
  readonly val: ArrayLike<number>;
  readonly y: number;
  readonly w: number;
  /** Weighted draws among the row's w games (0 when unknown). */
  readonly draws: number;
  /** Loadout ids of sides A and B (any integers; -1: unknown, no loadout effect from this row). */
  readonly la: number;
  readonly lb: number;
}

export interface Spread {
  /** Dispersion φ (1: binomial; below 1 with draws). */
  readonly dispersion: number;
  /** σ̂: the loadouts' own spread in logits (0 when not seen, or no loadout ids). */
  readonly sigma: number;
  /** φ I⁻¹ + σ̂² G Gᵀ, k × k row-major. */
  readonly cov: Float64Array;
}

/**
 * The adjusted covariance of the additive fit `coef` (k columns; the
 * intercept, when `intercept`, is column k − 1 with value 1 in every row),
 * given the fit's inverse information `invInfo`.
 */
export function loadoutSpread(rows: readonly SpreadRow[], coef: Float64Array, invInfo: Float64Array, k: number, intercept: boolean): Spread {
  // Loadout ids → 0..L-1.
  const ids = new Map<number, number>();
  const lid = (x: number): number => {
    if (x < 0) return -1;
    let i = ids.get(x);
    if (i === undefined) ids.set(x, (i = ids.size));
    return i;
  };
  const rowL = rows.map((r) => [lid(r.la), lid(r.lb)] as const);
  const L = ids.size;

  let sumW = 0, draws = 0;
  const M = new Float64Array(k * L); // M[c * L + l]
  const s = new Float64Array(L); // residual score per loadout
  const diag = new Float64Array(L); // J's diagonal
  const off = new Map<number, number>(); // J's off-diagonal, key a * L + b with a < b
  const x = new Float64Array(k);
  rows.forEach((r, n) => {
    let eta = intercept ? coef[k - 1]! : 0;
    for (let t = 0; t < r.cols.length; t++) eta += r.val[t]! * coef[r.cols[t]!]!;
    const p = 1 / (1 + Math.exp(-eta));
    const v = r.w * p * (1 - p);
    sumW += v;
    draws += r.draws;
    const [a, b] = rowL[n]!;
    if (a < 0 || b < 0 || a === b) return;
    const res = r.w * (r.y - p);
    s[a]! += res;
    s[b]! -= res;
    diag[a]! += v;
    diag[b]! += v;
    const key = a < b ? a * L + b : b * L + a;
    off.set(key, (off.get(key) ?? 0) - v);
    x.fill(0);
    for (let t = 0; t < r.cols.length; t++) x[r.cols[t]!]! += r.val[t]!;
    if (intercept) x[k - 1] = 1;
    for (let c = 0; c < k; c++) {
      if (x[c] === 0) continue;
      M[c * L + a]! += v * x[c]!;
      M[c * L + b]! -= v * x[c]!;
    }
  });
  const dispersion = sumW > 0 ? Math.max(0, (sumW - draws / 4) / sumW) : 1;

  // G = I⁻¹M (k × L); GMᵀ (k × k); JMᵀ (L × k) from J's sparse entries.
  const G = new Float64Array(k * L);
  for (let i = 0; i < k; i++)
    for (let j = 0; j < k; j++) {
      const a = invInfo[i * k + j]!;
      if (a === 0) continue;
      for (let l = 0; l < L; l++) G[i * L + l]! += a * M[j * L + l]!;
    }
  const GMt = new Float64Array(k * k);
  for (let i = 0; i < k; i++)
    for (let j = 0; j < k; j++) {
      let t = 0;
      for (let l = 0; l < L; l++) t += G[i * L + l]! * M[j * L + l]!;
      GMt[i * k + j] = t;
    }
  const JMt = new Float64Array(L * k);
  for (let l = 0; l < L; l++) for (let c = 0; c < k; c++) JMt[l * k + c] = diag[l]! * M[c * L + l]!;
  let trJ2 = 0, trJ = 0;
  for (let l = 0; l < L; l++) {
    trJ += diag[l]!;
    trJ2 += diag[l]! * diag[l]!;
  }
  for (const [key, v] of off) {
    const a = Math.floor(key / L), b = key % L;
    trJ2 += 2 * v * v;
    for (let c = 0; c < k; c++) {
      JMt[a * k + c]! += v * M[c * L + b]!;
      JMt[b * k + c]! += v * M[c * L + a]!;
    }
  }
  // tr(Ĵ) = tr J − tr(GMᵀ); tr(Ĵ²) = tr J² − 2 tr(G·JMᵀ) + tr((GMᵀ)²).
  let trGMt = 0, trGJMt = 0, trGMt2 = 0;
  for (let i = 0; i < k; i++) {
    trGMt += GMt[i * k + i]!;
    for (let l = 0; l < L; l++) trGJMt += G[i * L + l]! * JMt[l * k + i]!;
    for (let j = 0; j < k; j++) trGMt2 += GMt[i * k + j]! * GMt[j * k + i]!;
  }
  const trHat = trJ - trGMt;
  const trHat2 = trJ2 - 2 * trGJMt + trGMt2;
  let sts = 0;
  for (let l = 0; l < L; l++) sts += s[l]! * s[l]!;
  const linear = trHat2 > 0 ? Math.max(0, (sts - dispersion * trHat) / trHat2) : 0;
  // Linearised at the fitted (marginal) probabilities, the moment estimate sees the spread shrunk as
  // a logistic-normal marginal shrinks it, by about 1 / (1 + c²τ²) with τ² = 2σ² the variance of a
  // game's two loadouts (Zeger, Liang & Albert 1988). Undone to first order: σ̂ is then the spread of
  // the loadouts' own values on the logit scale, and the SEs built on it err on the wide side (the
  // calibration in docs/statistics.md: without this, 6.9% false flags at sd 0.58 instead of ≤ 5%).
  const sigma2 = linear * (1 + 2 * ATTENUATION * linear);

  const cov = new Float64Array(k * k);
  for (let i = 0; i < k; i++)
    for (let j = 0; j < k; j++) {
      let t = 0;
      if (sigma2 > 0) for (let l = 0; l < L; l++) t += G[i * L + l]! * G[j * L + l]!;
      cov[i * k + j] = dispersion * invInfo[i * k + j]! + sigma2 * t;
    }
  return { dispersion, sigma: Math.sqrt(sigma2), cov };
}
