/**
 * Nash equilibria of two-player zero-sum matrix games (a metagame:
 * `payoff[i][j]` is what the row player's strategy i gains against the
 * column player's j, and what j loses), solved as the textbook linear
 * program by HiGHS (the `highs` package: HiGHS compiled to WebAssembly,
 * local, deterministic):
 *
 *   maximise v  subject to  Σ_i x_i · payoff[i][j] ≥ v  for every j,  Σ x = 1,  x ≥ 0,
 *
 * and the same for the column player on −payoffᵀ. A symmetric game
 * (payoff = −payoffᵀ) has value 0 and one LP serves both players. The solver
 * returns one equilibrium of what may be many; HiGHS is deterministic, so the
 * same matrix gives the same one. Exploitability is computed from the mixes
 * returned, not trusted from the solver.
 */
import * as highsPackage from 'highs';
import type { Highs } from 'highs';

// The package's types are CommonJS-shaped, so TypeScript sees the namespace where Node's ES import finds the loader (its build's default export).
const loadHighs = highsPackage.default as unknown as () => Promise<Highs>;

/** A weight below this is the solver's round-off, not a strategy in the support. */
export const SUPPORT_EPS = 1e-7;

export const SOLVER = 'HiGHS LP (npm highs)';

type Payoff = readonly (readonly number[])[];

export interface MatrixGameSolution {
  /** The row player's equilibrium mix (sums to 1; round-off below SUPPORT_EPS cleared). */
  readonly row: number[];
  /** The column player's. */
  readonly col: number[];
  /** The game's value to the row player, as the row LP found it. */
  readonly value: number;
  /** NashConv: what both players together gain by switching to a best reply against the other's mix (0 at an exact equilibrium). */
  readonly nashConv: number;
}

export interface SymmetricSolution {
  /** The equilibrium mix (the same for both seats). */
  readonly weights: number[];
  /** The value found by the LP (0 for a symmetric game, up to round-off). */
  readonly value: number;
  /** Exploitability: the best pure reply's payoff against the mix, above the mix's own against itself (0 at an exact equilibrium). */
  readonly exploitability: number;
  /** That best reply's index. */
  readonly bestResponse: number;
  /** Indices with weight > 0. */
  readonly support: number[];
  readonly solver: string;
}

let highs: Promise<Highs> | null = null;

/** Exploitability of `x` in the symmetric game `payoff`: max_i (payoff · x)_i − xᵀ payoff x, with that i. */
export function exploitability(payoff: Payoff, x: readonly number[]): { gain: number; best: number } {
  const k = x.length;
  let best = 0, top = -Infinity, self = 0;
  for (let i = 0; i < k; i++) {
    let s = 0;
    for (let j = 0; j < k; j++) s += payoff[i][j] * x[j];
    self += x[i] * s;
    if (s > top) (top = s), (best = i);
  }
  return { gain: top - self, best };
}

/** Checks the matrix: rows of one length, finite entries. */
function checkMatrix(payoff: Payoff): void {
  if (payoff.length === 0 || payoff[0].length === 0) throw new RangeError('an empty game has no equilibrium');
  payoff.forEach((row, i) => {
    if (row.length !== payoff[0].length) throw new RangeError(`row ${i} has ${row.length} entries, not ${payoff[0].length}`);
    row.forEach((a, j) => {
      if (!Number.isFinite(a)) throw new RangeError(`payoff[${i}][${j}] is not a number`);
    });
  });
}

/** The row player's LP in CPLEX LP format (HiGHS's text input); coefficients as shortest round-trip decimals. */
function lpText(payoff: Payoff): string {
  const k = payoff.length, n = payoff[0].length;
  const lines = ['Maximize', ' obj: v', 'Subject To'];
  for (let j = 0; j < n; j++) {
    const terms: string[] = [];
    for (let i = 0; i < k; i++) {
      const a = payoff[i][j];
      if (a !== 0) terms.push(`${a < 0 ? '-' : '+'} ${Math.abs(a)} x${i}`);
    }
    lines.push(` r${j}: ${terms.join(' ')} - v >= 0`);
  }
  lines.push(` total: ${Array.from({ length: k }, (_, i) => `x${i}`).join(' + ')} = 1`, 'Bounds', ' v free', 'End');
  return lines.join('\n');
}

/** The row player's maximin mix and the value, by HiGHS. */
async function maximin(payoff: Payoff): Promise<{ mix: number[]; value: number }> {
  highs ??= loadHighs();
  const solver = await highs;
  const r = solver.solve(lpText(payoff), { output_flag: false, random_seed: 0 });
  if (r.Status !== 'Optimal') throw new Error(`HiGHS could not solve the game (status: ${r.Status})`);
  const cols = r.Columns as Record<string, { Primal: number }>;
  const cleared = payoff.map((_, i) => {
    const w = cols[`x${i}`]?.Primal ?? 0;
    return w > SUPPORT_EPS ? w : 0;
  });
  const sum = cleared.reduce((a, b) => a + b, 0);
  return { mix: cleared.map((w) => w / sum), value: r.ObjectiveValue };
}

/** A Nash equilibrium of the zero-sum game `payoff` (rows: the maximiser), with its NashConv. */
export async function matrixGameNash(payoff: Payoff): Promise<MatrixGameSolution> {
  checkMatrix(payoff);
  const k = payoff.length, n = payoff[0].length;
  const rowSide = await maximin(payoff);
  const colSide = await maximin(Array.from({ length: n }, (_, j) => Array.from({ length: k }, (_, i) => -payoff[i][j])));
  const x = rowSide.mix, y = colSide.mix;
  // Best replies: the row player's against y, the column player's against x; their gains over xᵀAy add up to NashConv.
  let rowBest = -Infinity, colBest = Infinity, xay = 0;
  for (let i = 0; i < k; i++) {
    let s = 0;
    for (let j = 0; j < n; j++) s += payoff[i][j] * y[j];
    rowBest = Math.max(rowBest, s);
    xay += x[i] * s;
  }
  for (let j = 0; j < n; j++) {
    let s = 0;
    for (let i = 0; i < k; i++) s += payoff[i][j] * x[i];
    colBest = Math.min(colBest, s);
  }
  return { row: x, col: y, value: rowSide.value, nashConv: Math.max(0, rowBest - xay) + Math.max(0, xay - colBest) };
}

/** One Nash equilibrium of the symmetric zero-sum game `payoff` (K×K, payoff = −payoffᵀ), by HiGHS. */
export async function symmetricNash(payoff: Payoff): Promise<SymmetricSolution> {
  checkMatrix(payoff);
  const k = payoff.length;
  for (let i = 0; i < k; i++) {
    if (payoff[i].length !== k) throw new RangeError(`a symmetric game's matrix is square: row ${i} has ${payoff[i].length} entries, not ${k}`);
    for (let j = 0; j < k; j++) if (Math.abs(payoff[i][j] + payoff[j][i]) > 1e-9) throw new RangeError(`not symmetric zero-sum at (${i}, ${j})`);
  }
  const { mix, value } = await maximin(payoff);
  const { gain, best } = exploitability(payoff, mix);
  return { weights: mix, value, exploitability: Math.max(0, gain), bestResponse: best, support: mix.flatMap((w, i) => (w > 0 ? [i] : [])), solver: SOLVER };
}
