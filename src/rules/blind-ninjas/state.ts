/**
 * A What Blind Ninjas? state in typed arrays: each ninja's square and facing,
 * who is out, whose turn it is, and the log of everything heard (every slash:
 * round, slasher's player, square, and the players who grunted). A seat's
 * simulation view (knowledge.ts) is a state of the same shape with every
 * other player's ninjas UNKNOWN.
 */
import { sharedRanks } from '../../core/game.js';
import { type BnGame, NINJAS } from './room.js';

/** A ninja's square once slain. */
export const DEAD = -1;
/** An enemy ninja's square in a seat's view: somewhere, unknown. */
export const UNKNOWN = -2;

/** How the game ended (`END_REASONS[end]`). */
export const RUNNING = 0, KILL = 1, LIMIT = 2;
export const END_REASONS = ['running', 'kill', 'turn-limit'] as const;

/** One heard slash, four words in `heard`: round (0-based), slasher's seat, square, bit mask of the seats that grunted. */
export const HEARD_STRIDE = 4;
export const H_ROUND = 0, H_SEAT = 1, H_SQ = 2, H_GRUNTS = 3;

/** Per-seat figures, in `figures` order. */
export const FIGURES = ['kills', 'lost', 'slashes'] as const;

export class BnState {
  /** Per ninja (`seat * NINJAS + k`): square (DEAD, UNKNOWN) and facing. */
  readonly sq: Int16Array;
  readonly facing: Int8Array;
  /** Per seat: out of the game (1), and the number of the slash that put it out (its index in `heard`), -1 while in. */
  readonly out: Uint8Array;
  readonly outAt: Int32Array;
  /** Per seat: enemy ninjas slain, own ninjas lost, slashes made. */
  readonly kills: Int32Array;
  readonly lost: Int32Array;
  readonly slashes: Int32Array;
  /** The seat to give orders. */
  toAct = 0;
  /** Rounds completed. */
  round = 0;
  end = RUNNING;
  /** The log of heard slashes (HEARD_STRIDE words each) and how many there are. */
  readonly heard: Int32Array;
  heardLen = 0;

  constructor(readonly game: BnGame) {
    const n = game.players;
    this.sq = Int16Array.from(game.startSq);
    this.facing = Int8Array.from(game.startFacing);
    this.out = new Uint8Array(n);
    this.outAt = new Int32Array(n).fill(-1);
    this.kills = new Int32Array(n);
    this.lost = new Int32Array(n);
    this.slashes = new Int32Array(n);
    // Room for every slash a game can have (at most one a ninja a turn), so a state never grows and every
    // state of a game has the same shape (a seat's view crosses to an isolated bot as its typed arrays).
    this.heard = new Int32Array(game.turnLimit * n * NINJAS * HEARD_STRIDE);
  }
}

/** Copies a state into another of the same game, without allocating. */
export function copyState(src: BnState, dst: BnState): void {
  dst.sq.set(src.sq);
  dst.facing.set(src.facing);
  dst.out.set(src.out);
  dst.outAt.set(src.outAt);
  dst.kills.set(src.kills);
  dst.lost.set(src.lost);
  dst.slashes.set(src.slashes);
  dst.toAct = src.toAct;
  dst.round = src.round;
  dst.end = src.end;
  // A loop, not `set(subarray(…))`: a simulating bot copies states by the million, and a subarray is an object.
  const h = src.heard, d = dst.heard;
  for (let i = 0, w = src.heardLen * HEARD_STRIDE; i < w; i++) d[i] = h[i];
  dst.heardLen = src.heardLen;
}

/** Ninjas of `seat` alive (in a view, an enemy's unknown ninjas are not counted). */
export function aliveCount(st: BnState, seat: number): number {
  let c = 0;
  for (let k = 0; k < NINJAS; k++) if (st.sq[seat * NINJAS + k] >= 0) c++;
  return c;
}

/** Places, written before the shared list is looked up. */
const places: number[] = [];

/** The ranks at the end: players still in share first place; the others by when they went out, later better, together sharing (shared and frozen). */
export function ranksOf(st: BnState): readonly number[] {
  const n = st.game.players;
  // A player still in went out "never": later than any round.
  for (let s = 0; s < n; s++) {
    const ks = st.out[s] ? st.outAt[s] : Infinity;
    let better = 0;
    for (let t = 0; t < n; t++) if ((st.out[t] ? st.outAt[t] : Infinity) > ks) better++;
    places[s] = better;
  }
  return sharedRanks(places, n);
}
