/**
 * The changing part of a match: a handful of typed arrays. `copyState` copies
 * one state into another of the same game without allocating, which is what
 * lets a bot simulate thousands of turns per decision.
 */
import { sfc32Seed } from '../../core/rng.js';
import { PROGRAM_LENGTH } from './commands.js';
import type { Game } from './game.js';

export const NO_WINNER = -1;
export const DRAW = -2;

export const END_NONE = 0;
export const END_KILL = 1;
export const END_MUTUAL = 2;
export const END_TURN_LIMIT = 3;
export const END_REASONS = ['', 'kill', 'mutual-destruction', 'turn-limit'] as const;

export class State {
  readonly game: Game;
  /** Turns completed. */
  turn = 0;
  /** 0 while running; else END_*. */
  end = END_NONE;
  /** Winning machine, NO_WINNER while running, DRAW for a draw. */
  winner = NO_WINNER;
  readonly sq: Int16Array;
  readonly facing: Uint8Array;
  readonly hearts: Int8Array;
  readonly shields: Int8Array;
  readonly alive: Uint8Array;
  /** Machine (living or wreckage) on each square, -1 for none. */
  readonly occ: Int16Array;
  /** This turn's programs, PROGRAM_LENGTH codes per machine. */
  readonly prog: Uint16Array;
  /** 1 while the machine spends this turn repairing. */
  readonly repairing: Uint8Array;
  /** Damage points absorbed by this turn's repair so far. */
  readonly absorbed: Uint8Array;
  /** Per square: bit m set when machine m has a mine there; armed bits likewise. */
  readonly mineOwner: Uint8Array;
  readonly mineArmed: Uint8Array;
  /** mineOwner as 32-bit words, four squares each (the last padded with empty squares): finding the mines without a byte per square. */
  readonly mineWords: Int32Array;
  /** The rules' dice (sfc32), copied with the state so simulations replay exactly. */
  readonly dice: Uint32Array;
  /** Running totals for the records: damage dealt, faults. */
  readonly dealt: Int32Array;
  readonly faults: Int32Array;
  /** Mines laid under a machine, not yet armed. */
  minesUnarmed = 0;
  /** The step loop's working memory (scratch.ts); never copied. */
  scratch: object | null = null;
  /** The game module's memory for this state (module.ts: the programs shown, the turn's codes); never copied. */
  memo: object | null = null;

  /** Every array above, as the bytes of the one buffer they share (copyState copies them at once). */
  readonly bytes: Uint8Array;

  constructor(game: Game, diceSeed = 'dice') {
    const n = game.n, size = game.size;
    this.game = game;
    // One buffer for every array, widest first so each view is aligned: a copy is one memcpy, and a state is one allocation.
    // The mine bytes fill whole 4-byte words (padded with zeros), so mineWords reads them four squares at a time.
    const mineBytes = (size + 3) & ~3;
    const layout = [4 * 4, 4 * n, 4 * n, mineBytes, mineBytes, 2 * n, 2 * size, 2 * n * PROGRAM_LENGTH, n, n, n, n, n, n];
    const buf = new ArrayBuffer(layout.reduce((a, b) => a + b, 0));
    let at = 0;
    const take = (bytes: number): number => ((at += bytes), at - bytes);
    this.dice = new Uint32Array(buf, take(16), 4);
    this.dealt = new Int32Array(buf, take(4 * n), n);
    this.faults = new Int32Array(buf, take(4 * n), n);
    const owner = take(mineBytes);
    this.mineOwner = new Uint8Array(buf, owner, size);
    this.mineWords = new Int32Array(buf, owner, mineBytes / 4);
    this.mineArmed = new Uint8Array(buf, take(mineBytes), size);
    this.sq = new Int16Array(buf, take(2 * n), n);
    this.occ = new Int16Array(buf, take(2 * size), size);
    this.prog = new Uint16Array(buf, take(2 * n * PROGRAM_LENGTH), n * PROGRAM_LENGTH);
    this.facing = new Uint8Array(buf, take(n), n);
    this.hearts = new Int8Array(buf, take(n), n);
    this.shields = new Int8Array(buf, take(n), n);
    this.alive = new Uint8Array(buf, take(n), n);
    this.repairing = new Uint8Array(buf, take(n), n);
    this.absorbed = new Uint8Array(buf, take(n), n);
    this.bytes = new Uint8Array(buf);
    this.sq.set(game.startSq);
    this.facing.set(game.startFacing);
    this.hearts.set(game.startHearts);
    this.shields.set(game.startShields);
    this.occ.fill(-1);
    for (let i = 0; i < n; i++) {
      this.occ[this.sq[i]] = i;
      this.alive[i] = this.hearts[i] > 0 ? 1 : 0;
    }
    sfc32Seed(this.dice, 0, diceSeed);
  }

  /** Number of living machines. */
  living(): number {
    let c = 0;
    for (let i = 0; i < this.game.n; i++) c += this.alive[i];
    return c;
  }

  isOver(): boolean {
    return this.end !== END_NONE;
  }
}

/** Copies `src` into `dst` (states of the same game) without allocating: the scalars, and the arrays' one buffer. */
export function copyState(src: State, dst: State): void {
  dst.turn = src.turn;
  dst.end = src.end;
  dst.winner = src.winner;
  dst.minesUnarmed = src.minesUnarmed;
  dst.bytes.set(src.bytes);
}

/** Missing hearts of machine m: the number its program must cover with X (before Advanced Damage Control). */
export function missingHearts(st: State, m: number): number {
  return st.game.maxHearts[m] - st.hearts[m];
}

/** X commands machine m must write this turn. */
export function requiredX(st: State, m: number): number {
  return Math.floor(missingHearts(st, m) / st.game.heartsPerX[m]);
}
