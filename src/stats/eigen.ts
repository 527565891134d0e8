/**
 * Symmetric eigenproblems, used to find the directions a design cannot
 * identify (the null space of XᵀWX): a part whose fair cost leans on such a
 * direction gets no estimate rather than one invented by the ridge.
 *
 * Same matrix layout as `linalg.ts`: row-major n×n `Float64Array`s.
 */

/** Eigen-decomposition of a symmetric matrix: A = V diag(values) Vᵀ. */
export interface SymmetricEigen {
  /** Eigenvalues, descending. */
  readonly values: Float64Array;
  /** Eigenvectors as columns of a row-major n×n matrix, in the order of `values`. */
  readonly vectors: Float64Array;
}

/**
 * Eigenvalues and eigenvectors of a symmetric matrix by cyclic Jacobi
 * rotations. Slower than QR but simple and accurate to high relative
 * precision even for tiny eigenvalues, which is what a null-space test needs.
 */
export function symmetricEigen(a: Float64Array, n: number): SymmetricEigen {
  const m = Float64Array.from(a);
  const v = new Float64Array(n * n);
  for (let i = 0; i < n; i++) v[i * n + i] = 1;
  for (let sweep = 0; sweep < 100; sweep++) {
    let off = 0;
    let total = 0;
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) {
        const x = m[i * n + j]! * m[i * n + j]!;
        total += x;
        if (i !== j) off += x;
      }
    }
    if (off <= 1e-30 * total || off === 0) break;
    for (let p = 0; p < n - 1; p++) {
      for (let q = p + 1; q < n; q++) {
        const apq = m[p * n + q]!;
        if (apq === 0) continue;
        // Rotation angle that zeroes (p, q), in the stable tan form (Golub & Van Loan 8.5.2).
        const theta = (m[q * n + q]! - m[p * n + p]!) / (2 * apq);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1);
        const s = t * c;
        for (let k = 0; k < n; k++) {
          const mkp = m[k * n + p]!;
          const mkq = m[k * n + q]!;
          m[k * n + p] = c * mkp - s * mkq;
          m[k * n + q] = s * mkp + c * mkq;
        }
        for (let k = 0; k < n; k++) {
          const mpk = m[p * n + k]!;
          const mqk = m[q * n + k]!;
          m[p * n + k] = c * mpk - s * mqk;
          m[q * n + k] = s * mpk + c * mqk;
        }
        for (let k = 0; k < n; k++) {
          const vkp = v[k * n + p]!;
          const vkq = v[k * n + q]!;
          v[k * n + p] = c * vkp - s * vkq;
          v[k * n + q] = s * vkp + c * vkq;
        }
      }
    }
  }
  const order = Array.from({ length: n }, (_, i) => i).sort((i, j) => m[j * n + j]! - m[i * n + i]!);
  const values = Float64Array.from(order, (i) => m[i * n + i]!);
  const vectors = new Float64Array(n * n);
  order.forEach((src, dst) => {
    for (let k = 0; k < n; k++) vectors[k * n + dst] = v[k * n + src]!;
  });
  return { values, vectors };
}

/**
 * Orthonormal basis of the numerical null space of a symmetric positive
 * semi-definite matrix (eigenvectors whose eigenvalue is at most
 * `relTol`·largest), as an array of length-n vectors.
 */
export function nullSpace(a: Float64Array, n: number, relTol = 1e-10): Float64Array[] {
  const { values, vectors } = symmetricEigen(a, n);
  const cut = relTol * Math.max(values[0] ?? 0, 0);
  const basis: Float64Array[] = [];
  for (let j = 0; j < n; j++) {
    if (values[j]! <= cut) basis.push(Float64Array.from({ length: n }, (_, k) => vectors[k * n + j]!));
  }
  return basis;
}

/**
 * A test of which linear combinations gᵀβ a design identifies, given its
 * Gram matrix G = XᵀWX: gᵀβ is estimable iff g is orthogonal to G's null
 * space. Uses the structural G (not the Fisher information, which also
 * shrinks in separated directions), and relative tolerances because the
 * null vectors are only accurate to rounding.
 */
export function estimableTest(gram: Float64Array, n: number, relTol = 1e-10): (g: ArrayLike<number>) => boolean {
  const nulls = nullSpace(gram, n, relTol);
  return (g) => {
    let norm = 0;
    for (let i = 0; i < n; i++) norm += g[i]! * g[i]!;
    norm = Math.sqrt(norm);
    return nulls.every((v) => Math.abs(v.reduce((s, vi, i) => s + vi * g[i]!, 0)) <= 1e-7 * norm);
  };
}
