/**
 * Symmetric eigenproblems, used to find the directions a design cannot
 * identify (the null space of XᵀWX): a part whose fair cost leans on such a
 * direction gets no estimate rather than one invented by the ridge.
 *
 * Same matrix layout as `linalg.ts`: row-major n×n `Float64Array`s.
 */
import { EigenvalueDecomposition, Matrix } from 'ml-matrix';

/** Eigen-decomposition of a symmetric matrix: A = V diag(values) Vᵀ. */
export interface SymmetricEigen {
  /** Eigenvalues, descending. */
  readonly values: Float64Array;
  /** Eigenvectors as columns of a row-major n×n matrix, in the order of `values`. */
  readonly vectors: Float64Array;
}

/**
 * Eigenvalues and eigenvectors of a symmetric matrix, by ml-matrix's
 * symmetric eigensolver (Householder tridiagonalisation and the implicit QL
 * algorithm, JAMA's tred2/tql2), sorted by descending eigenvalue.
 */
export function symmetricEigen(a: Float64Array, n: number): SymmetricEigen {
  const m = new Matrix(n, n);
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) m.set(i, j, a[i * n + j]!);
  const e = new EigenvalueDecomposition(m, { assumeSymmetric: true });
  const raw = e.realEigenvalues, vec = e.eigenvectorMatrix;
  const order = raw.map((_, i) => i).sort((i, j) => raw[j]! - raw[i]! || i - j);
  const values = Float64Array.from(order, (i) => raw[i]!);
  const vectors = new Float64Array(n * n);
  for (let r = 0; r < n; r++) order.forEach((i, c) => (vectors[r * n + c] = vec.get(r, i)));
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
