/**
 * Judging a position from one seat's side: material (hearts and shield
 * markers, own against the enemies'), the end of the game, and position —
 * how soon each machine can bring its weapons onto another (reach tables).
 * Higher is better for the seat. No allocation.
 */
import type { Game } from '../../src/rules/nhm/game.js';
import { DRAW, type State } from '../../src/rules/nhm/state.js';
import type { Reach } from './reach.js';

export interface Weights {
  /** Value of one heart (own, or an enemy's with the opposite sign). */
  readonly heart: number;
  /** Value of one shield marker. */
  readonly shield: number;
  /** Winning (the game over with this seat the survivor); losing is its negative. */
  readonly win: number;
  /** A draw (mutual destruction or the turn limit). */
  readonly draw: number;
  /** Per point of discounted damage this seat can bring onto an enemy soon. */
  readonly attack: number;
  /** Per point of discounted damage an enemy can bring onto this seat soon (subtracted). */
  readonly defend: number;
  /** Per square of distance to the nearest enemy (subtracted): closing in when nothing reaches. */
  readonly approach: number;
}

export const DEFAULT_WEIGHTS: Weights = { heart: 10, shield: 6, win: 1000, draw: 0, attack: 3, defend: 4, approach: 0.3 };

export class Evaluator {
  readonly game: Game;
  readonly seat: number;
  readonly reach: Reach;
  readonly w: Weights;
  /** Weight of an enemy's material against one's own: 1 against one enemy, less against several. */
  private readonly enemyShare: number;

  constructor(game: Game, seat: number, reach: Reach, weights: Weights = DEFAULT_WEIGHTS) {
    this.game = game;
    this.seat = seat;
    this.reach = reach;
    this.w = weights;
    this.enemyShare = game.n <= 2 ? 1 : 1 / Math.sqrt(game.n - 1);
  }

  /** The value of `st` for this seat. */
  value(st: State): number {
    const me = this.seat, g = this.game, w = this.w;
    if (st.winner === me) return w.win + this.material(st, me);
    if (st.winner === DRAW) return w.draw;
    if (st.winner >= 0 || !st.alive[me]) return -w.win + st.turn; // lost: later is better
    let v = this.material(st, me);
    const r = this.reach, size = g.size, wd = g.board.width;
    const myPose = st.facing[me] * size + st.sq[me];
    const mySq = st.sq[me], myF = mySq % wd, myR = (mySq / wd) | 0;
    let nearest = 1 << 20;
    for (let o = 0; o < g.n; o++) {
      if (o === me) continue;
      v -= this.enemyShare * this.material(st, o);
      if (!st.alive[o]) continue;
      const sq = st.sq[o];
      v += this.enemyShare * w.attack * r.soon[me][myPose * size + sq];
      v -= w.defend * r.soon[o][(st.facing[o] * size + sq) * size + mySq];
      const d = Math.max(Math.abs((sq % wd) - myF), Math.abs(((sq / wd) | 0) - myR));
      if (d < nearest) nearest = d;
    }
    if (nearest < 1 << 20) v -= w.approach * nearest;
    return v;
  }

  /** Hearts and shields of machine m, valued (0 once dead). */
  material(st: State, m: number): number {
    return st.alive[m] ? st.hearts[m] * this.w.heart + st.shields[m] * this.w.shield : 0;
  }
}
