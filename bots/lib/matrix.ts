/**
 * Solving candidate-program matrix games by regret matching+ (alternating
 * updates, linearly weighted averages), which converges to a Nash
 * equilibrium of a two-player zero-sum game and is a few lines of arithmetic.
 *
 * The game is "one against several": the row player's payoff is the sum, over
 * opponents o, of `A[o][i][k_o]` for its row i and opponent o's column k_o;
 * each opponent plays to minimise its own term (the pairwise zero-sum view of
 * a free-for-all). With one opponent this is the ordinary matrix game.
 */

export interface MatrixGame {
  /** Number of rows (own candidates). */
  readonly rows: number;
  /** Per opponent: its columns and its payoff matrix, row-major rows x cols (row player's payoff). */
  readonly opponents: readonly { readonly cols: number; readonly a: Float64Array }[];
}

export interface Solution {
  /** Row player's mixed strategy. */
  readonly p: Float64Array;
  /** Each opponent's mixed strategy. */
  readonly q: readonly Float64Array[];
  /** Row player's expected payoff under (p, q). */
  readonly value: number;
}

/** Approximates an equilibrium in `iterations` rounds of regret matching+. */
export function solve(game: MatrixGame, iterations = 1000): Solution {
  const R = game.rows, opps = game.opponents;
  const regP = new Float64Array(R), p = new Float64Array(R), avgP = new Float64Array(R), u = new Float64Array(R);
  const regQ = opps.map((o) => new Float64Array(o.cols));
  const q = opps.map((o) => new Float64Array(o.cols).fill(1 / o.cols));
  const avgQ = opps.map((o) => new Float64Array(o.cols));
  const c = opps.map((o) => new Float64Array(o.cols));
  // The columns an opponent plays now (regret matching+ leaves most at 0): a term a * 0 adds nothing to a sum, so
  // summing over these alone, in the same order, gives the same numbers bit for bit in a fraction of the time.
  const played = new Int32Array(Math.max(0, ...opps.map((o) => o.cols)));
  p.fill(1 / R);
  for (let t = 1; t <= iterations; t++) {
    // Row player: regrets against the opponents' current strategies.
    u.fill(0);
    for (let oi = 0; oi < opps.length; oi++) {
      const { cols, a } = opps[oi], qo = q[oi];
      let m = 0;
      for (let k = 0; k < cols; k++) if (qo[k] !== 0) played[m++] = k;
      for (let i = 0; i < R; i++) {
        let s = 0;
        const row = i * cols;
        for (let j = 0; j < m; j++) s += a[row + played[j]] * qo[played[j]];
        u[i] += s;
      }
    }
    let ev = 0;
    for (let i = 0; i < R; i++) ev += p[i] * u[i];
    for (let i = 0; i < R; i++) regP[i] = Math.max(0, regP[i] + u[i] - ev);
    normalise(regP, p);
    for (let i = 0; i < R; i++) avgP[i] += t * p[i];
    // Each opponent: regrets (it minimises) against the row player's new strategy.
    for (let oi = 0; oi < opps.length; oi++) {
      const { cols, a } = opps[oi], co = c[oi], qo = q[oi], rq = regQ[oi];
      co.fill(0);
      for (let i = 0; i < R; i++) {
        const pi = p[i];
        if (pi === 0) continue;
        for (let k = 0; k < cols; k++) co[k] += pi * a[i * cols + k];
      }
      let ec = 0;
      for (let k = 0; k < cols; k++) ec += qo[k] * co[k];
      for (let k = 0; k < cols; k++) rq[k] = Math.max(0, rq[k] + ec - co[k]);
      normalise(rq, qo);
      for (let k = 0; k < cols; k++) avgQ[oi][k] += t * qo[k];
    }
  }
  normalise(avgP, avgP);
  avgQ.forEach((x) => normalise(x, x));
  let value = 0;
  for (let oi = 0; oi < opps.length; oi++) {
    const { cols, a } = opps[oi];
    for (let i = 0; i < R; i++) for (let k = 0; k < cols; k++) value += avgP[i] * avgQ[oi][k] * a[i * cols + k];
  }
  return { p: avgP, q: avgQ, value };
}

/** Writes reg / sum(reg) to out, or uniform when all are zero. */
function normalise(reg: Float64Array, out: Float64Array): void {
  let s = 0;
  for (let i = 0; i < reg.length; i++) s += reg[i];
  if (s > 0) for (let i = 0; i < reg.length; i++) out[i] = reg[i] / s;
  else out.fill(1 / reg.length);
}
