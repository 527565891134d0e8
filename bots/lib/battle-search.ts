/**
 * Battle Engine search: alpha-beta over the alternating steps of the seat's
 * view (its own side as it is, the enemy's hidden identities as the view
 * drew them), deepened one step at a time until a node budget is spent
 * (a time limit guards it),
 * with the previous depth's best step tried first. Consecutive steps of one
 * seat (a turn of several steps) are consecutive max (or min) nodes.
 * Leaves are scored by material and position (`evaluate`).
 */
import { HIT, legalSteps, SHOOT, type BeAction } from '../../src/rules/battle-engine/actions.js';
import { colOf, rowOf, rowsFromFront } from '../../src/rules/battle-engine/board.js';
import { applyStep } from '../../src/rules/battle-engine/step.js';
import { baseType, copyBeState, hpLeft, newBeState, ON, OVER, PANIC, type BeGame, type BeState } from '../../src/rules/battle-engine/state.js';

const WIN = 1e6;

/**
 * Material and position for `seat`: each piece on the board is worth its
 * price plus its hit points left (half while panicked), an officer more
 * (its fall can cost the whole side); a piece is worth a little more the
 * nearer it stands to the nearest enemy (it can strike sooner).
 */
export function evaluate(st: BeState, seat: number): number {
  if (st.phase === OVER) return st.winner === 2 ? 0 : st.winner === seat ? WIN : -WIN;
  const g = st.game, b = g.board, n = g.type.length;
  // Each piece's row and column once (a search evaluates every leaf: the pairs' distances were most of it).
  if (pieceRow.length < n) (pieceRow = new Int32Array(n)), (pieceCol = new Int32Array(n));
  for (let p = 0; p < n; p++)
    if (st.flags[p] & ON) {
      pieceRow[p] = rowOf(b, st.sq[p]);
      pieceCol[p] = colOf(b, st.sq[p]);
    }
  let score = 0;
  for (let p = 0; p < n; p++) {
    if (!(st.flags[p] & ON)) continue;
    const t = baseType(st, p);
    let v = t.price + 2 * Math.max(0, hpLeft(st, p)) + (t.officer ? 6 : 0);
    if (st.flags[p] & PANIC) v *= 0.5;
    else if (!t.officer) {
      // Zigzag distance to the nearest enemy, capped at 99.
      let near = 99;
      const r = pieceRow[p], c = pieceCol[p], own = g.owner[p];
      for (let q = 0; q < n; q++)
        if (st.flags[q] & ON && g.owner[q] !== own) {
          const d = Math.abs(r - pieceRow[q]) + Math.abs(c - pieceCol[q]);
          if (d < near) near = d;
        }
      v += 0.3 * Math.max(0, 8 - near);
    }
    score += g.owner[p] === seat ? v : -v;
  }
  return score;
}

/** evaluate's scratch: each piece's row and column. */
let pieceRow = new Int32Array(0), pieceCol = new Int32Array(0);

class OutOfTime extends Error {}

/** A searcher for one seat of one game: states and step lists per ply, made once. */
export class BattleSearch {
  private readonly states: BeState[] = [];
  private readonly lists: BeAction[][] = [];
  private deadline = 0;
  private nodeLimit = 0;
  nodes = 0;

  constructor(
    private readonly game: BeGame,
    private readonly seat: number,
  ) {}

  private ply(d: number): BeState {
    while (this.states.length <= d) {
      this.states.push(newBeState(this.game, 'search'));
      this.lists.push([]);
    }
    return this.states[d];
  }

  /**
   * The best step for the seat to move in `root`: the deepest search that
   * finished within `maxNodes` nodes (so the choice depends on the position
   * alone), or within `ms` milliseconds should the machine be too slow for
   * that (a guard against overrunning the budget).
   */
  best(root: BeState, ms: number, maxNodes = Infinity): { action: BeAction; depth: number } {
    const start = performance.now();
    this.deadline = start + ms;
    this.nodeLimit = this.nodes + maxNodes;
    const rootList = legalSteps(root, root.toMove, []);
    if (rootList.length === 1) return { action: rootList[0], depth: 0 };
    let best = rootList[0], depth = 0;
    for (let d = 1; d <= 40; d++) {
      try {
        let alpha = -Infinity, found = best;
        // the previous depth's best first
        const order = [best, ...rootList.filter((a) => a !== best)];
        for (const a of order) {
          const child = this.ply(0);
          copyBeState(root, child);
          applyStep(child, a, null, noName);
          const v = this.search(child, d - 1, alpha, Infinity, 1);
          if (v > alpha) {
            alpha = v;
            found = a;
          }
        }
        best = found;
        depth = d;
        if (alpha >= WIN / 2) break;
      } catch (e) {
        if (e instanceof OutOfTime) break;
        throw e;
      }
    }
    return { action: best, depth };
  }

  private search(st: BeState, depth: number, alpha: number, beta: number, ply: number): number {
    if (++this.nodes > this.nodeLimit || ((this.nodes & 31) === 0 && performance.now() > this.deadline)) throw new OutOfTime();
    if (st.phase === OVER) {
      const v = evaluate(st, this.seat);
      return v > 0 ? v - ply : v < 0 ? v + ply : 0;
    }
    if (depth <= 0) return evaluate(st, this.seat);
    const child = this.ply(ply + 1);
    const list = legalSteps(st, st.toMove, this.lists[ply]);
    const max = st.toMove === this.seat;
    // hits and shots first: they decide the most
    const n = list.length;
    let value = max ? -Infinity : Infinity;
    for (let pass = 0; pass < 2; pass++)
      for (let i = 0; i < n; i++) {
        const a = list[i];
        const attack = a.t === HIT || a.t === SHOOT;
        if ((pass === 0) !== attack) continue;
        copyBeState(st, child);
        applyStep(child, a, null, noName);
        const v = this.search(child, depth - 1, alpha, beta, ply + 1);
        if (max) {
          if (v > value) value = v;
          if (value > alpha) alpha = value;
        } else {
          if (v < value) value = v;
          if (value < beta) beta = value;
        }
        if (alpha >= beta) return value;
      }
    return value;
  }
}

const noName = (q: number): string => String(q);

/**
 * A deployment for `seat`: soldiers on the rows nearest no man's land, the
 * sturdiest in the middle of the front; officers on the back rows' middle,
 * where they are hardest to reach (their fall costs the whole side).
 */
export function commanderDeployment(st: BeState, seat: number): number[] {
  const g = st.game, b = g.board;
  const rows = rowsFromFront(b, seat);
  const centreOut = Array.from({ length: b.width }, (_, c) => c).sort((x, y) => Math.abs(2 * x - b.width + 1) - Math.abs(2 * y - b.width + 1) || x - y);
  const front: number[] = [], back: number[] = [];
  for (const r of rows) for (const c of centreOut) front.push(r * b.width + c);
  for (const r of [...rows].reverse()) for (const c of centreOut) back.push(r * b.width + c);
  const first = g.first[seat], n = g.first[seat + 1] - first;
  const pieces = Array.from({ length: n }, (_, k) => first + k);
  const soldiers = pieces.filter((p) => !baseType(st, p).officer).sort((p, q) => baseType(st, q).hp - baseType(st, p).hp || p - q);
  const officers = pieces.filter((p) => baseType(st, p).officer).sort((p, q) => baseType(st, q).level - baseType(st, p).level || p - q);
  const used = new Set<number>();
  const out = new Array<number>(n);
  for (const p of officers) {
    const q = back.find((s) => !used.has(s))!;
    used.add(q);
    out[p - first] = q;
  }
  for (const p of soldiers) {
    const q = front.find((s) => !used.has(s))!;
    used.add(q);
    out[p - first] = q;
  }
  return out;
}
