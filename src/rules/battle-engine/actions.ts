/**
 * What a seat may do: deploy its army (once, in secret), and in play, one
 * step of its turn's acting piece at a time — Move, Hit, Shoot, a panic move,
 * Escape — or end the turn; Pass when nothing is legal. The first step of a
 * turn picks the piece; the turn's later steps are that piece's (one piece
 * acts per turn). Every legal step is listed here, and `check` is "is it in
 * the list".
 */
import { backRow, type Board, colOf, DIAGONALS, forward, onSide, rowOf, STEPS, stepFrom } from './board.js';
import { actingType, baseType, ON, PANIC, PLAY, type BeState } from './state.js';

/** Step kinds. */
export const MOVE = 0, HIT = 1, SHOOT = 2, PANIC_MOVE = 3, ESCAPE = 4, END = 5, PASS = 6, DEPLOY = 7;

/** An action: a step (`from`, `to`: squares; -1 where unused), or a deployment (`squares`: one per own piece, in piece order). */
export interface BeAction {
  readonly t: number;
  readonly from: number;
  readonly to: number;
  readonly squares?: readonly number[];
}

export const stepAction = (t: number, from = -1, to = -1): BeAction => ({ t, from, to });
export const END_ACTION = stepAction(END), PASS_ACTION = stepAction(PASS);

/** The rows and columns of `enemy`'s pieces on the board, in a scratch buffer (read before the next call): [count, row, col, …]. */
function enemyAt(st: BeState, enemy: number): Int32Array {
  const g = st.game, b = g.board, n = g.first[enemy + 1] - g.first[enemy];
  if (spots.length < 1 + 2 * n) spots = new Int32Array(1 + 2 * n);
  let k = 0;
  for (let p = g.first[enemy]; p < g.first[enemy + 1]; p++) {
    if (!(st.flags[p] & ON)) continue;
    spots[1 + 2 * k] = rowOf(b, st.sq[p]);
    spots[2 + 2 * k] = colOf(b, st.sq[p]);
    k++;
  }
  spots[0] = k;
  return spots;
}
let spots = new Int32Array(64);

/** The zigzag distance from `sq` to the nearest of the pieces `enemyAt` listed (Infinity: none). */
function nearestOf(at: Int32Array, b: Board, sq: number): number {
  const r = rowOf(b, sq), c = colOf(b, sq);
  let best = Infinity;
  for (let k = 0, n = at[0]; k < n; k++) {
    const d = Math.abs(r - at[1 + 2 * k]) + Math.abs(c - at[2 + 2 * k]);
    if (d < best) best = d;
  }
  return best;
}

/** Arrows a piece has left. */
export const arrowsLeft = (st: BeState, p: number): number => Math.max(0, baseType(st, p).arrows - st.shot[p]);

/** What a piece has left this turn, fresh (it has not acted yet) or by the state's running counts: moves. */
function movesLeft(st: BeState, p: number, fresh: boolean): number {
  if (st.game.rules.turnShape === 'one') return fresh ? 1 : 0;
  return fresh ? actingType(st, p).moves : st.attacksDone > 0 ? 0 : st.movesLeft;
}

/** …and attacks. */
function attacksLeft(st: BeState, p: number, fresh: boolean): number {
  if (st.game.rules.turnShape === 'one') return fresh ? 1 : 0;
  const a = actingType(st, p);
  return (!fresh && st.moved ? a.movHit : a.hitHit) - (fresh ? 0 : st.attacksDone);
}

/**
 * Where a piece's steps go as they are found: listed as actions
 * (`legalSteps`), or only counted, or the k-th kept (a playout's step,
 * drawn without making an action per legal step).
 */
interface StepSink {
  /** Steps added so far. */
  readonly count: number;
  add(t: number, from: number, to: number): void;
}

/** Lists every step as an action into `out` (ending the turn and passing as the one END_ACTION and PASS_ACTION). */
class StepList implements StepSink {
  out: BeAction[] = [];
  get count(): number {
    return this.out.length;
  }
  add(t: number, from: number, to: number): void {
    this.out.push(t === END ? END_ACTION : t === PASS ? PASS_ACTION : stepAction(t, from, to));
  }
}

/** Counts the steps and keeps the `pick`-th (0-based) in `t`, `from`, `to`. */
class StepPick implements StepSink {
  count = 0;
  pick = -1;
  t = PASS;
  from = -1;
  to = -1;
  reset(pick: number): this {
    this.count = 0;
    this.pick = pick;
    return this;
  }
  add(t: number, from: number, to: number): void {
    if (this.count++ === this.pick) (this.t = t), (this.from = from), (this.to = to);
  }
}

const listSink = new StepList(), pickSink = new StepPick();
const NO_LIST: BeAction[] = [];

/** Adds piece `p`'s legal steps to `out`; `fresh`: as its turn's first. */
export function pieceSteps(st: BeState, p: number, fresh: boolean, out: BeAction[]): void {
  listSink.out = out;
  stepsOf(st, p, fresh, listSink);
  listSink.out = NO_LIST; // (not kept past the call)
}

/** Piece `p`'s legal steps, in the order they are listed, to `sink`. */
function stepsOf(st: BeState, p: number, fresh: boolean, sink: StepSink): void {
  const g = st.game, b = g.board, seat = g.owner[p], enemy = 1 - seat, at = st.sq[p];
  if (!(st.flags[p] & ON)) return;
  const moves = movesLeft(st, p, fresh), attacks = attacksLeft(st, p, fresh);
  const panicked = (st.flags[p] & PANIC) !== 0;
  // The enemy's squares once for every distance below (a search lists steps at every node).
  const foes = moves > 0 ? enemyAt(st, enemy) : null;
  const here = foes ? nearestOf(foes, b, at) : 0;
  if (!panicked && moves > 0)
    for (let d = 0; d < 4; d++) {
      const q = stepFrom(b, at, seat === 0 ? STEPS[d][0] : -STEPS[d][0], STEPS[d][1]);
      if (q >= 0 && st.occ[q] < 0 && nearestOf(foes!, b, q) < here) sink.add(MOVE, at, q);
    }
  if (!panicked && attacks > 0) {
    // "Next to an opponent": the four orthogonal neighbours, or (hitReach all-round) the diagonal ones too.
    const reach = g.rules.hitReach === 'all-round' ? 8 : 4;
    for (let d = 0; d < reach; d++) {
      const dir = d < 4 ? STEPS[d] : DIAGONALS[d - 4];
      const q = stepFrom(b, at, dir[0], dir[1]);
      if (q >= 0 && st.occ[q] >= 0 && g.owner[st.occ[q]] === enemy) sink.add(HIT, at, q);
    }
    if (arrowsLeft(st, p) > 0)
      for (let d = 0; d < 4; d++) {
        const dr = STEPS[d][0], dc = STEPS[d][1];
        let q = stepFrom(b, at, dr, dc);
        while (q >= 0 && st.occ[q] < 0) q = stepFrom(b, q, dr, dc);
        if (q >= 0 && g.owner[st.occ[q]] === enemy) sink.add(SHOOT, at, q);
      }
  }
  if (moves > 0) {
    const fwd = forward(seat);
    for (let d = 0; d < 4; d++) {
      const rows = seat === 0 ? STEPS[d][0] : -STEPS[d][0];
      const q = stepFrom(b, at, rows, STEPS[d][1]);
      if (q < 0 || st.occ[q] >= 0 || rows === fwd) continue;
      // toward the own back line: always; sideways: only when it takes the piece farther from the nearest enemy
      if (rows === -fwd || nearestOf(foes!, b, q) > here) sink.add(PANIC_MOVE, at, q);
    }
    if (rowOf(b, at) === backRow(b, seat)) sink.add(ESCAPE, at, -1);
  }
}

/** Every legal step of `seat` now, to `sink` (none when it is not this seat's turn in play): the acting piece's and ending the turn, or every piece's, or passing. */
function seatSteps(st: BeState, seat: number, sink: StepSink): void {
  if (st.phase !== PLAY || st.toMove !== seat) return;
  if (st.active >= 0) {
    stepsOf(st, st.active, false, sink);
    sink.add(END, -1, -1);
    return;
  }
  const g = st.game, before = sink.count;
  for (let p = g.first[seat]; p < g.first[seat + 1]; p++) stepsOf(st, p, true, sink);
  if (sink.count === before) sink.add(PASS, -1, -1);
}

/** Every legal step of `seat` now (empty when it is not this seat's turn in play). */
export function legalSteps(st: BeState, seat: number, out: BeAction[] = []): BeAction[] {
  out.length = 0;
  listSink.out = out;
  seatSteps(st, seat, listSink);
  listSink.out = NO_LIST; // (not kept past the call)
  return out;
}

/** How many steps `legalSteps` lists; with `pick`, the pick-th is in `pickSink`. */
function countSteps(st: BeState, seat: number, pick: number): number {
  const sink = pickSink.reset(pick);
  seatSteps(st, seat, sink);
  return sink.count;
}

/**
 * The step `legalSteps(st, seat)[rng.int(its length)]` draws (the same draw
 * from `rng`), written into `into`, making no action per legal step: a
 * playout's step allocates nothing. Pass when the seat has none listed.
 */
export function randomStepInto(st: BeState, seat: number, rng: { int(n: number): number }, into: { t: number; from: number; to: number }): void {
  const n = countSteps(st, seat, -1);
  if (n === 0) {
    (into.t = PASS), (into.from = -1), (into.to = -1);
    return;
  }
  countSteps(st, seat, rng.int(n));
  (into.t = pickSink.t), (into.from = pickSink.from), (into.to = pickSink.to);
}

/**
 * Whether `a` is among `legalSteps(st, seat)`, generating only the steps of
 * the piece it starts from (a search checks every step it tries: listing
 * every piece's was most of a decision). `scratch` is overwritten.
 */
export function isLegalStep(st: BeState, seat: number, a: BeAction, scratch: BeAction[]): boolean {
  scratch.length = 0;
  if (st.phase !== PLAY || st.toMove !== seat) return false;
  const g = st.game;
  if (a.t === END) return st.active >= 0 && a.from === -1 && a.to === -1;
  if (a.t === PASS) return st.active < 0 && a.from === -1 && a.to === -1 && legalSteps(st, seat, scratch)[0] === PASS_ACTION;
  // Every other step starts from its piece's square: only that piece's steps can match.
  const p = Number.isInteger(a.from) && a.from >= 0 && a.from < g.board.size ? st.occ[a.from] : -1;
  if (p < 0 || g.owner[p] !== seat || (st.active >= 0 && p !== st.active)) return false;
  pieceSteps(st, p, st.active < 0, scratch);
  for (let i = 0; i < scratch.length; i++) if (scratch[i].t === a.t && scratch[i].from === a.from && scratch[i].to === a.to) return true;
  return false;
}

/** Whether the acting piece has a step left besides ending the turn. */
export function canContinue(st: BeState): boolean {
  if (st.active < 0) return false;
  const sink = pickSink.reset(-1);
  stepsOf(st, st.active, false, sink);
  return sink.count > 0;
}

/** Why a deployment is not legal for `seat`, or null. */
export function deployProblem(st: BeState, seat: number, squares: readonly number[]): string | null {
  const g = st.game, b = g.board, n = g.first[seat + 1] - g.first[seat];
  if (squares.length !== n) return `the army has ${n} pieces, not ${squares.length}`;
  // Squares seen are marked with this call's number (no Set: a playout deploys once a game, and checks it).
  if (taken.length < b.size) taken = new Int32Array(b.size);
  const mark = ++takenMark;
  for (const q of squares) {
    if (!Number.isInteger(q) || q < 0 || q >= b.size || !onSide(b, seat, rowOf(b, q))) return 'every piece goes on a square of its own side of no man\'s land';
    if (taken[q] === mark) return 'two pieces on one square';
    taken[q] = mark;
  }
  return null;
}

/** deployProblem's marks: the call that last saw each square. */
let taken = new Int32Array(0);
let takenMark = 0;

/** The deployment of a seat that gives none: its side filled from the row nearest no man's land, left to right, in piece order. */
export function defaultDeployment(st: BeState, seat: number): number[] {
  const g = st.game, b = g.board, out: number[] = [];
  const n = g.first[seat + 1] - g.first[seat];
  for (let k = 0; out.length < n; k++) {
    const row = seat === 0 ? b.rowsPerSide - 1 - Math.floor(k / b.width) : b.rowsPerSide + 1 + Math.floor(k / b.width);
    out.push(row * b.width + (k % b.width));
  }
  return canonicalDeployment(st, seat, out);
}

/** A deployment with squares rising within each run of one piece type (pieces of a type are interchangeable): the one form notation writes. */
export function canonicalDeployment(st: BeState, seat: number, squares: readonly number[]): number[] {
  return canonicalInPlace(st, seat, squares.slice());
}

/** canonicalDeployment in `out` itself (a playout's deployment allocates nothing): each run sorted by insertion, its squares being few and distinct. */
export function canonicalInPlace(st: BeState, seat: number, out: number[]): number[] {
  const g = st.game, first = g.first[seat];
  for (let k = 0; k < out.length; ) {
    let e = k + 1;
    while (e < out.length && g.type[first + e] === g.type[first + k]) e++;
    for (let i = k + 1; i < e; i++) {
      const x = out[i];
      let j = i - 1;
      for (; j >= k && out[j] > x; j--) out[j + 1] = out[j];
      out[j + 1] = x;
    }
    k = e;
  }
  return out;
}
