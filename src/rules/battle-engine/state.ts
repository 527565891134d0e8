/**
 * A Battle Engine game (the fixed facts: board, readings, both armies as a
 * list of pieces) and its state (typed arrays per piece, an occupancy per
 * square, the turn's acting piece and what it has left). Pieces are numbered
 * A's first, each army in roster order; a piece's number never changes.
 */
import { HavocError } from '../../core/errors.js';
import { diceSeed, sfc32Seed } from '../../core/rng.js';
import { armyProblems, type Army } from './army.js';
import { DIAGONALS, makeBoard, STEPS, stepFrom, type Board } from './board.js';
import type { PieceType, Readings, Roster } from './roster.js';

/** A game: the roster it is played by, the board and who owns which piece of what type. */
export interface BeGame {
  readonly roster: Roster;
  readonly rules: Readings;
  readonly board: Board;
  readonly armies: readonly [Army, Army];
  /** Per piece: its roster type and its seat. */
  readonly type: Int8Array;
  readonly owner: Uint8Array;
  /** Pieces of seat s are first[s] .. first[s+1]-1. */
  readonly first: readonly [number, number, number];
  /** Per roster type: the type it acts as one grade up (the first row of the next grade), or itself. */
  readonly upType: Int8Array;
  /** A deployment placed by hand (a scenario): per seat, a square per piece in piece order; the game then starts deployed. */
  readonly placed?: readonly (readonly number[])[];
  /** The seat a scenario says starts, instead of the starting-player rule. */
  readonly starts?: number;
  /** A scenario's mid-game facts, set when the placed pieces are (`deploy`). */
  readonly midGame?: MidGame;
}

/**
 * A position a scenario starts from mid-game: the turns already played (set:
 * the pieces may stand anywhere) and, per piece in piece order, its damage,
 * arrows shot and panic.
 */
export interface MidGame {
  /** Turns already played, or null: the placed pieces are a deployment (each on its own side). */
  readonly turn: number | null;
  readonly dmg: Uint8Array;
  readonly shot: Uint8Array;
  readonly panic: Uint8Array;
}

/** Phases of a game. */
export const DEPLOY = 0, COIN = 1, PLAY = 2, OVER = 3;
/** Piece flags. */
export const ON = 1, PANIC = 2, DEAD = 4, ESCAPED = 8, SURRENDERED = 16;
/** How a seat's last officer left the board (none yet, killed, escaped), and whether that has been acted on. */
export const GONE_NONE = 0, GONE_KILLED = 1, GONE_ESCAPED = 2;

/** A state. */
export class BeState {
  readonly dice = new Uint32Array(4);
  readonly sq: Int16Array;
  readonly dmg: Uint8Array;
  readonly shot: Uint8Array;
  readonly flags: Uint8Array;
  readonly occ: Int16Array;
  phase = DEPLOY;
  toMove = 0;
  /** Completed turns. */
  turn = 0;
  /** The piece acting this turn, or -1 before its first action. */
  active = -1;
  movesLeft = 0;
  attacksDone = 0;
  moved = false;
  /** Per seat: how its last officer left (GONE_*), and whether the consequence came. */
  readonly officerGone = new Uint8Array(2);
  readonly officerDone = new Uint8Array(2);
  /** 0 or 1: that seat won; 2: a draw; -1: not over. */
  winner = -1;
  reason = '';

  constructor(readonly game: BeGame) {
    const n = game.type.length;
    this.sq = new Int16Array(n).fill(-1);
    this.dmg = new Uint8Array(n);
    this.shot = new Uint8Array(n);
    this.flags = new Uint8Array(n);
    this.occ = new Int16Array(game.board.size).fill(-1);
  }
}

/** Makes a game of two armies; a HavocError when an army is illegal or does not fit its side. */
export function makeBeGame(roster: Roster, armies: readonly Army[]): BeGame {
  if (armies.length !== 2) throw new HavocError('ERR_SEATS', 'builds', `Battle Engine is for 2 seats, not ${armies.length}`);
  const rules = roster.rules;
  const board = makeBoard(rules.width, rules.rowsPerSide);
  const type: number[] = [], owner: number[] = [];
  const first: number[] = [0];
  armies.forEach((army, s) => {
    if (!Array.isArray(army) || army.length !== roster.pieces.length || !army.every((c) => Number.isInteger(c) && c >= 0))
      throw new HavocError('ERR_ARMY', `builds[${s}]`, 'not an army of this roster');
    const problems = armyProblems(roster, army, `builds[${s}]`);
    if (problems.length > 0) throw problems[0];
    const size = army.reduce((a, c) => a + c, 0);
    if (size > board.width * board.rowsPerSide)
      throw new HavocError('ERR_ARMY', `builds[${s}]`, `${size} pieces do not fit ${board.width} x ${board.rowsPerSide} squares`);
    army.forEach((c, t) => {
      for (let k = 0; k < c; k++) (type.push(t), owner.push(s));
    });
    first.push(type.length);
  });
  const upType = Int8Array.from(roster.pieces, (p, t) => {
    const up = roster.pieces.findIndex((q) => q.level === p.level + 1);
    return p.officer && up >= 0 ? up : t;
  });
  return { roster, rules, board, armies: [armies[0], armies[1]], type: Int8Array.from(type), owner: Uint8Array.from(owner), first: first as unknown as [number, number, number], upType };
}

export function newBeState(game: BeGame, seed: string): BeState {
  const st = new BeState(game);
  sfc32Seed(st.dice, 0, diceSeed(seed));
  return st;
}

export function copyBeState(src: BeState, dst: BeState): void {
  dst.dice.set(src.dice);
  dst.sq.set(src.sq);
  dst.dmg.set(src.dmg);
  dst.shot.set(src.shot);
  dst.flags.set(src.flags);
  dst.occ.set(src.occ);
  dst.phase = src.phase;
  dst.toMove = src.toMove;
  dst.turn = src.turn;
  dst.active = src.active;
  dst.movesLeft = src.movesLeft;
  dst.attacksDone = src.attacksDone;
  dst.moved = src.moved;
  dst.officerGone.set(src.officerGone);
  dst.officerDone.set(src.officerDone);
  dst.winner = src.winner;
  dst.reason = src.reason;
}

/** The roster type of a piece (its own row). */
export const baseType = (st: BeState, p: number): PieceType => st.game.roster.pieces[st.game.type[p]];

/** The highest officer level of a seat's pieces on the board (-1: none). */
export function topOfficer(st: BeState, seat: number): number {
  const g = st.game;
  let top = -1;
  for (let p = g.first[seat]; p < g.first[seat + 1]; p++) {
    if (!(st.flags[p] & ON)) continue;
    const t = g.roster.pieces[g.type[p]];
    if (t.officer && t.level > top) top = t.level;
  }
  return top;
}

/**
 * The row a piece acts by: an officer of N5–N8 acts one grade up while an
 * officer of its side two grades above it is on the board (the rulebook's
 * "if N7 is present, all N5 act as N6"); its hit points stay its own.
 */
export function actingType(st: BeState, p: number): PieceType {
  const g = st.game, t = g.type[p], own = g.roster.pieces[t];
  if (g.rules.levelUp === 'off' || !own.officer || g.upType[t] === t) return own;
  return topOfficer(st, g.owner[p]) >= own.level + 2 ? g.roster.pieces[g.upType[t]] : own;
}

/**
 * Bonus hit points: one per category the piece may receive in (its acting
 * row's receive count above 0) where a piece of its side next to it gives in
 * that category (give 8: any of the eight neighbours; give 4: the four
 * orthogonal ones). At most one point per category.
 */
export function bonus(st: BeState, p: number): number {
  const g = st.game, b = g.board, at = st.sq[p];
  if (at < 0) return 0;
  const recv = actingType(st, p).receive;
  let total = 0;
  for (let k = 0; k < recv.length; k++) {
    if (recv[k] <= 0) continue;
    let got = false;
    for (let d = 0; d < 8 && !got; d++) {
      const dir = d < 4 ? STEPS[d] : DIAGONALS[d - 4];
      const q = stepFrom(b, at, dir[0], dir[1]);
      if (q < 0) continue;
      const o = st.occ[q];
      if (o < 0 || g.owner[o] !== g.owner[p]) continue;
      const give = actingType(st, o).give[k];
      if (give >= 8 || (give >= 4 && d < 4)) got = true;
    }
    if (got) total++;
  }
  return total;
}

/** Hit points a piece has left, bonuses included. */
export const hpLeft = (st: BeState, p: number): number => baseType(st, p).hp + bonus(st, p) - st.dmg[p];

/** Pieces of a seat on the board. */
export function onBoard(st: BeState, seat: number): number {
  const g = st.game;
  let n = 0;
  for (let p = g.first[seat]; p < g.first[seat + 1]; p++) if (st.flags[p] & ON) n++;
  return n;
}
