/**
 * Small dense linear algebra for the model fits: Cholesky solves and inverses
 * of symmetric positive-definite matrices, and a pivoted Gauss–Jordan inverse
 * for the general case (eigenvalues are in `eigen.ts`). Sizes run from a few to about a thousand (the ratings of a sweep's loadouts); the
 * choices favour accuracy and simplicity over blocking or BLAS.
 *
 * Matrices are row-major `Float64Array`s of length n·n; element (i, j) is
 * `a[i * n + j]`. No function modifies its inputs (only an `out` buffer it is given).
 */

/** Builds a row-major matrix from nested rows (tests, small literals). */
export function fromRows(rows: readonly (readonly number[])[]): Float64Array {
  const n = rows.length;
  const a = new Float64Array(n * n);
  rows.forEach((r, i) => {
    if (r.length !== n) throw new RangeError(`fromRows: row ${i} has ${r.length} entries, expected ${n}`);
    r.forEach((v, j) => (a[i * n + j] = v));
  });
  return a;
}

/** Product of two n×n matrices. */
export function matMul(a: Float64Array, b: Float64Array, n: number): Float64Array {
  const c = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let k = 0; k < n; k++) {
      const aik = a[i * n + k]!;
      if (aik === 0) continue;
      for (let j = 0; j < n; j++) c[i * n + j]! += aik * b[k * n + j]!;
    }
  }
  return c;
}

/** The quadratic form gᵀ A g (a variance by the delta method when A is a covariance). */
export function quadForm(a: Float64Array, n: number, g: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < n; i++) {
    const gi = g[i]!;
    if (gi === 0) continue;
    let row = 0;
    for (let j = 0; j < n; j++) row += a[i * n + j]! * g[j]!;
    s += gi * row;
  }
  return s;
}

/**
 * Cholesky factor L (lower triangular, A = L Lᵀ) of a symmetric matrix, or
 * `null` when A is not numerically positive definite. Only the lower triangle
 * of A is read. A pivot counts as non-positive when it falls below
 * n·ε·max|aᵢᵢ|: past that point the factor would be rounding noise, and the
 * caller should regularise (add a ridge) rather than trust it. `out`, when
 * given, receives the factor (its upper triangle must be zero) and is
 * returned: a fit that factors at every step reuses one buffer.
 */
export function cholesky(a: Float64Array, n: number, out?: Float64Array): Float64Array | null {
  const l = out ?? new Float64Array(n * n);
  let maxDiag = 0;
  for (let i = 0; i < n; i++) maxDiag = Math.max(maxDiag, Math.abs(a[i * n + i]!));
  const tol = n * Number.EPSILON * maxDiag;
  for (let j = 0; j < n; j++) {
    let d = a[j * n + j]!;
    for (let k = 0; k < j; k++) d -= l[j * n + k]! * l[j * n + k]!;
    if (!(d > tol)) return null; // also catches NaN
    const ljj = Math.sqrt(d);
    l[j * n + j] = ljj;
    for (let i = j + 1; i < n; i++) {
      let s = a[i * n + j]!;
      for (let k = 0; k < j; k++) s -= l[i * n + k]! * l[j * n + k]!;
      l[i * n + j] = s / ljj;
    }
  }
  return l;
}

/** Solves L Lᵀ x = b given the Cholesky factor L (forward then back substitution). */
export function choleskySolve(l: Float64Array, n: number, b: ArrayLike<number>): Float64Array {
  const x = Float64Array.from({ length: n }, (_, i) => b[i]!);
  for (let i = 0; i < n; i++) {
    let s = x[i]!;
    for (let k = 0; k < i; k++) s -= l[i * n + k]! * x[k]!;
    x[i] = s / l[i * n + i]!;
  }
  for (let i = n - 1; i >= 0; i--) {
    let s = x[i]!;
    for (let k = i + 1; k < n; k++) s -= l[k * n + i]! * x[k]!;
    x[i] = s / l[i * n + i]!;
  }
  return x;
}

/** Solves A x = b for symmetric positive-definite A; throws if A is not. */
export function solveSPD(a: Float64Array, n: number, b: ArrayLike<number>): Float64Array {
  const l = cholesky(a, n);
  if (!l) throw new RangeError('solveSPD: matrix is not positive definite');
  return choleskySolve(l, n, b);
}

/**
 * Inverse of a symmetric positive-definite matrix from its Cholesky factor:
 * A⁻¹ = L⁻ᵀ L⁻¹. Inverting the triangle and multiplying is better conditioned
 * than n separate solves and the result is exactly symmetric by construction.
 */
export function inverseFromCholesky(l: Float64Array, n: number): Float64Array {
  // W = L⁻¹, lower triangular, column by column.
  const w = new Float64Array(n * n);
  for (let j = 0; j < n; j++) {
    w[j * n + j] = 1 / l[j * n + j]!;
    for (let i = j + 1; i < n; i++) {
      let s = 0;
      for (let k = j; k < i; k++) s -= l[i * n + k]! * w[k * n + j]!;
      w[i * n + j] = s / l[i * n + i]!;
    }
  }
  // A⁻¹ = Wᵀ W; (i, j) sums over k >= max(i, j) since W is lower triangular.
  const inv = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j <= i; j++) {
      let s = 0;
      for (let k = i; k < n; k++) s += w[k * n + i]! * w[k * n + j]!;
      inv[i * n + j] = s;
      inv[j * n + i] = s;
    }
  }
  return inv;
}

/** Inverse of a symmetric positive-definite matrix; throws if it is not one. */
export function inverseSPD(a: Float64Array, n: number): Float64Array {
  const l = cholesky(a, n);
  if (!l) throw new RangeError('inverseSPD: matrix is not positive definite');
  return inverseFromCholesky(l, n);
}

/**
 * Inverse of a general square matrix by Gauss–Jordan elimination with partial
 * pivoting, or `null` if a pivot falls below n·ε·max|aᵢⱼ| (singular to
 * working precision). Prefer `inverseSPD` for covariance-type matrices.
 */
export function inverse(a: Float64Array, n: number): Float64Array | null {
  const m = Float64Array.from(a);
  const inv = new Float64Array(n * n);
  for (let i = 0; i < n; i++) inv[i * n + i] = 1;
  let scale = 0;
  for (const v of a) scale = Math.max(scale, Math.abs(v));
  const tol = n * Number.EPSILON * scale;
  for (let col = 0; col < n; col++) {
    let piv = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(m[r * n + col]!) > Math.abs(m[piv * n + col]!)) piv = r;
    const pv = m[piv * n + col]!;
    if (!(Math.abs(pv) > tol)) return null;
    if (piv !== col) {
      for (let j = 0; j < n; j++) {
        [m[col * n + j], m[piv * n + j]] = [m[piv * n + j]!, m[col * n + j]!];
        [inv[col * n + j], inv[piv * n + j]] = [inv[piv * n + j]!, inv[col * n + j]!];
      }
    }
    for (let j = 0; j < n; j++) {
      m[col * n + j]! /= pv;
      inv[col * n + j]! /= pv;
    }
    for (let r = 0; r < n; r++) {
      if (r === col) continue;
      const f = m[r * n + col]!;
      if (f === 0) continue;
      for (let j = 0; j < n; j++) {
        m[r * n + j]! -= f * m[col * n + j]!;
        inv[r * n + j]! -= f * inv[col * n + j]!;
      }
    }
  }
  return inv;
}
