/**
 * A Battle Engine seat's legal actions (GameModule.legal). A step (`act`):
 * `legalSteps`, a few dozen at most, listed. A deployment: every piece on a
 * square of its own side, one a square, written as the notation writes it
 * (the squares of the pieces of one type rising): the choice of squares for
 * each run of one type in turn, so a side of m squares and runs of k1, k2…
 * pieces has C(m, k1) · C(m - k1, k2) · … deployments, decoded from an
 * index (the first run's choice most significant, each run's combinations
 * in lexicographic order), never listed.
 */
import { listedActions, type LegalActions } from '../../core/game.js';
import { DEPLOY as DEPLOY_STEP, legalSteps, type BeAction } from './actions.js';
import { onSide, rowOf } from './board.js';
import { DEPLOY, PLAY, type BeState } from './state.js';

const NONE: LegalActions<BeAction> = listedActions([]);

/** C(n, k), exact while it is below 2^53. */
function choose(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let c = 1;
  for (let i = 0; i < k; i++) c = (c * (n - i)) / (i + 1);
  return Math.round(c);
}

/** The i-th k-combination of `pool` (ascending) in lexicographic order. */
function combination(pool: readonly number[], k: number, i: number): number[] {
  const out: number[] = [];
  let from = 0;
  for (let left = k; left > 0; left--) {
    for (let p = from; ; p++) {
      const n = choose(pool.length - p - 1, left - 1);
      // (The last square that leaves room for the rest is taken whatever is left of i: an index past 2^53, rounded, still gives a deployment.)
      if (i < n || p === pool.length - left) {
        out.push(pool[p]);
        from = p + 1;
        break;
      }
      i -= n;
    }
  }
  return out;
}

export function legalDeployments(st: BeState, seat: number): LegalActions<BeAction> {
  const g = st.game, b = g.board;
  const side: number[] = [];
  for (let q = 0; q < b.size; q++) if (onSide(b, seat, rowOf(b, q))) side.push(q);
  const runs: number[] = [];
  for (let p = g.first[seat]; p < g.first[seat + 1]; p++) {
    if (p > g.first[seat] && g.type[p] === g.type[p - 1]) runs[runs.length - 1]++;
    else runs.push(1);
  }
  const radix: number[] = [];
  let count = 1, m = side.length;
  for (const k of runs) radix.push(choose(m, k)), (count *= radix[radix.length - 1]), (m -= k);
  return {
    count,
    at(i) {
      // The runs' indices, the last run's least significant.
      const idx = new Array<number>(runs.length);
      for (let r = runs.length - 1; r >= 0; r--) (idx[r] = i % radix[r]), (i = Math.floor(i / radix[r]));
      const pool = side.slice(), squares: number[] = [];
      runs.forEach((k, r) => {
        const picked = combination(pool, k, idx[r]);
        squares.push(...picked);
        for (const q of picked) pool.splice(pool.indexOf(q), 1);
      });
      return { t: DEPLOY_STEP, from: -1, to: -1, squares };
    },
  };
}

export function legalActions(st: BeState, seat: number, kind: string): LegalActions<BeAction> {
  if (kind === 'deploy') return st.phase === DEPLOY && (seat === 0 || seat === 1) ? legalDeployments(st, seat) : NONE;
  if (kind === 'act') return st.phase === PLAY && st.toMove === seat ? listedActions(legalSteps(st, seat, [])) : NONE;
  return NONE;
}
