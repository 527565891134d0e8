/**
 * Weighted logistic regression by Newton–Raphson (IRLS) with an L2 ridge.
 *
 * Outcomes may be fractional: a draw (y = 0.5) with weight w has exactly the
 * likelihood, score and information of a win with weight w/2 plus a loss with
 * weight w/2, because the log-likelihood w·[y log p + (1 − y) log(1 − p)] is
 * linear in y. So draws need no special treatment beyond allowing y in [0, 1].
 * Rows are read, and identical ones merged, by `rows.ts`.
 */
import { cholesky, choleskySolve, inverseFromCholesky } from './linalg.js';
import { compileRows, type Csr, type LogisticRow } from './rows.js';

export type { LogisticRow, SparseRow } from './rows.js';

/** Options for `logisticRegression`. */
export interface LogisticOptions {
  /** Append an intercept as the last coefficient. Default false. */
  readonly intercept?: boolean;
  /**
   * L2 penalty λ: maximises logLik − λ/2·‖β‖², intercept included (so that a
   * seat that always wins still gets a finite estimate). Default 1e-6: far
   * below the information of any real data set, but enough to keep perfectly
   * separated data finite.
   */
  readonly ridge?: number;
  /** Stop when a full Newton step has every |Δβᵢ| <= tol·(1 + |βᵢ|) (or gains only rounding). Default 1e-10. */
  readonly tol?: number;
  /** Default 200; separated data approaches the ridge's optimum only linearly. */
  readonly maxIter?: number;
  /** Merge rows with identical features (exact). Default true. */
  readonly aggregate?: boolean;
}

/** A fitted model. `k` is `nFeatures`, plus one when there is an intercept. */
export interface LogisticFit {
  /** Coefficients, length k; the intercept, if any, is last. */
  readonly coef: Float64Array;
  /** Standard errors: square roots of the diagonal of `cov`. */
  readonly se: Float64Array;
  /** Covariance, k×k row-major: the inverse of the penalised information (Fisher + λI). */
  readonly cov: Float64Array;
  /** Fisher information Σ w p(1 − p) x xᵀ at `coef`, without the ridge, k×k row-major. */
  readonly information: Float64Array;
  /** Unpenalised log-likelihood at `coef`. */
  readonly logLik: number;
  readonly iterations: number;
  readonly converged: boolean;
  readonly k: number;
  readonly hasIntercept: boolean;
  readonly ridge: number;
  /** Rows given with positive weight, and distinct rows after merging. */
  readonly nRows: number;
  readonly nDistinct: number;
  readonly totalWeight: number;
}

/** log(1 + eˣ) without overflow or loss of precision for large |x|. */
function softplus(x: number): number {
  return x > 0 ? x + Math.log1p(Math.exp(-x)) : Math.log1p(Math.exp(x));
}

/** The logistic function 1 / (1 + e⁻ˣ), safe for any x. */
export function sigmoid(x: number): number {
  if (x >= 0) return 1 / (1 + Math.exp(-x));
  const e = Math.exp(x);
  return e / (1 + e);
}

/**
 * Log-likelihood at β and, when `derivs` is given, the score and information
 * into its buffers (overwritten), in one pass over the rows. With a thousand
 * coefficients the information is 8 MB: a fit writes it into the same buffer
 * at every step rather than making a new one.
 */
function evaluate(d: Csr, beta: Float64Array, k: number, derivs: { grad: Float64Array; info: Float64Array } | null): number {
  let ll = 0;
  const wantDerivs = derivs !== null;
  const grad = derivs?.grad ?? EMPTY, info = derivs?.info ?? EMPTY;
  grad.fill(0);
  info.fill(0);
  const n = d.y.length;
  for (let r = 0; r < n; r++) {
    const a = d.ptr[r]!;
    const b = d.ptr[r + 1]!;
    let eta = 0;
    for (let t = a; t < b; t++) eta += d.val[t]! * beta[d.idx[t]!]!;
    const y = d.y[r]!;
    const w = d.w[r]!;
    // log p = −softplus(−η), log(1 − p) = −softplus(η): no log(0) even when p rounds to 0 or 1.
    ll -= w * (y * softplus(-eta) + (1 - y) * softplus(eta));
    if (!wantDerivs) continue;
    const p = sigmoid(eta);
    const resid = w * (y - p);
    const curv = w * p * (1 - p);
    for (let s = a; s < b; s++) {
      const i = d.idx[s]!;
      const vi = d.val[s]!;
      grad[i]! += resid * vi;
      const cv = curv * vi;
      for (let t = a; t <= s; t++) info[i * k + d.idx[t]!]! += cv * d.val[t]!;
    }
  }
  if (wantDerivs) {
    // Only one triangle was accumulated (row indices are sorted, so it is the lower one); mirror it.
    for (let i = 0; i < k; i++) for (let j = 0; j < i; j++) info[j * k + i] = info[i * k + j]!;
  }
  return ll;
}

const EMPTY = new Float64Array(0);

/**
 * Fits P(y = 1 | x) = σ(xᵀβ) by maximising the ridge-penalised weighted
 * log-likelihood with Newton steps (step-halving keeps every step an ascent).
 *
 * Standard errors come from the inverse of the penalised information at the
 * optimum; with the default tiny ridge they are the usual Wald SEs, and for a
 * separated or unidentified direction they come out huge (≈ 1/√λ) rather
 * than the fit failing — callers test for that, not for exceptions.
 */
export function logisticRegression(rows: Iterable<LogisticRow>, nFeatures: number, opts: LogisticOptions = {}): LogisticFit {
  const intercept = opts.intercept ?? false;
  const ridge = opts.ridge ?? 1e-6;
  const tol = opts.tol ?? 1e-10;
  const maxIter = opts.maxIter ?? 200;
  if (!Number.isInteger(nFeatures) || nFeatures < 0) throw new RangeError(`logistic: bad nFeatures ${nFeatures}`);
  if (!(ridge >= 0)) throw new RangeError(`logistic: ridge must be >= 0, got ${ridge}`);
  const k = nFeatures + (intercept ? 1 : 0);
  const data = compileRows(rows, nFeatures, intercept, opts.aggregate ?? true);
  const totalWeight = data.w.reduce((s, w) => s + w, 0);

  const penalised = (ll: number, b: Float64Array) => ll - (ridge / 2) * b.reduce((s, v) => s + v * v, 0);
  // The k×k buffers of every step: the information, its penalised copy and the latter's Cholesky factor.
  const cur = { ll: 0, grad: new Float64Array(k), info: new Float64Array(k * k) };
  const penalisedInfo = new Float64Array(k * k), chol = new Float64Array(k * k);
  /** Cholesky factor of the penalised information. */
  const factor = (info: Float64Array) => {
    for (let t = 0; t < k * k; t++) penalisedInfo[t] = t % (k + 1) === 0 ? info[t]! + ridge : info[t]!;
    const l = cholesky(penalisedInfo, k, chol);
    if (!l) throw new RangeError('logistic: information is singular; some feature has no variation (use ridge > 0)');
    return l;
  };

  let beta = new Float64Array(k);
  cur.ll = evaluate(data, beta, k, cur);
  let iterations = 0;
  let converged = false;
  while (iterations < maxIter && !converged) {
    iterations++;
    const g = Float64Array.from(cur.grad, (v, i) => v - ridge * beta[i]!);
    const step = choleskySolve(factor(cur.info), k, g);
    const before = penalised(cur.ll, beta);
    let t = 1;
    let next = beta;
    for (; t > 1e-12; t /= 2) {
      next = Float64Array.from(beta, (b, i) => b + t * step[i]!);
      // Accept any step that does not lose more than rounding allows.
      if (penalised(evaluate(data, next, k, null), next) >= before - 1e-12 * (1 + Math.abs(before))) break;
    }
    if (!(t > 1e-12)) break; // no ascent along the Newton direction: give up, unconverged
    // Judge convergence by the full Newton step (a halved one can be small far from the optimum):
    // either every coefficient has settled, or the Newton decrement gᵀ(H + λI)⁻¹g, the gain still
    // available, is at rounding level. The second test is needed when the design has directions
    // it cannot identify: rounding noise in g (~ε·Σw) divided by the ridge keeps the step there
    // from ever becoming small, although it changes nothing the data can see.
    const decrement = g.reduce((acc, gi, i) => acc + gi * step[i]!, 0);
    converged =
      t === 1 &&
      (step.every((s, i) => Math.abs(s) <= tol * (1 + Math.abs(next[i]!))) || decrement <= 1e-15 * (1 + Math.abs(before)));
    beta = next;
    cur.ll = evaluate(data, beta, k, cur);
  }
  const cov = inverseFromCholesky(factor(cur.info), k);
  return {
    coef: beta,
    se: Float64Array.from({ length: k }, (_, i) => Math.sqrt(cov[i * k + i]!)),
    cov,
    information: cur.info,
    logLik: cur.ll,
    iterations,
    converged,
    k,
    hasIntercept: intercept,
    ridge,
    nRows: data.nRows,
    nDistinct: data.y.length,
    totalWeight,
  };
}
