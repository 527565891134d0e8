/**
 * The room of What Blind Ninjas? and where the ninjas start: one shared
 * square grid (2 players: 4 files x 8 ranks, starting on the opposite short
 * edges; 3–4 players: 8x8, one edge each), four ninjas per player on their
 * edge facing the room, where on it the room's rules say (rules.ts;
 * docs/rules-blind-ninjas.md 1). A `BnGame` is a
 * match's fixed facts: the room, the seats, the starts, the turn limit.
 */
import { type Board, FACINGS, makeBoard, parseFacing, parseSquare, squareAt, squareName } from '../../core/grid.js';
import { HavocError, type ErrorCode } from '../../core/errors.js';
import { type BnRules, DEFAULT_RULES, positionsOn, readRules } from './rules.js';

/** Ninjas per player. */
export const NINJAS = 4;
/** A start square for a ninja slain before the game starts (a scenario's mid-game room): the state's DEAD. */
export const DEAD_START = -1;
/** Rounds before the game is a draw when a run names no turn limit. */
export const DEFAULT_TURN_LIMIT = 100;
export const SEAT_NAMES = ['A', 'B', 'C', 'D'] as const;
/** Facing codes (src/core/grid.ts): 0..3 = N E S W. */
export const N = 0, E = 1, S = 2, W = 3;

/** A match's fixed facts. */
export interface BnGame {
  readonly players: number;
  readonly board: Board;
  /** Start square and facing per ninja, index `seat * NINJAS + k` (ninja k + 1 of the seat). */
  readonly startSq: Int16Array;
  readonly startFacing: Int8Array;
  /** Rounds before a draw (a round: every player still in takes one turn). */
  readonly turnLimit: number;
}

/** Square steps per facing: [dfile, drank]. */
const STEP: readonly (readonly [number, number])[] = [[0, 1], [1, 0], [0, -1], [-1, 0]];

/** The square in front of `sq` facing `f`, or -1 off the room. */
export function ahead(b: Board, sq: number, f: number): number {
  const [df, dr] = STEP[f];
  return squareAt(b, (sq % b.width) + df, Math.floor(sq / b.width) + dr);
}

/**
 * The starts under the room's rules (rules.ts). Edges `own`: two players, A
 * on a1–d1 facing N, B on a8–d8 facing S; three or four on 8x8, clockwise
 * round the table from the south edge (the turn passes to the right), A on
 * the south edge facing N, B on the west facing E, C on the north facing S,
 * D on the east facing W, each at `places` counted from its own left (the
 * default, the middle four: A c1–f1, B a3–a6, C c8–f8, D h3–h6, so no corner
 * is shared). Edges `shared`: every player on rank 1 facing N. A player's
 * ninjas are numbered along its edge west to east, or south to north.
 */
export function standardStarts(players: number, rules: BnRules = DEFAULT_RULES): { board: Board; sq: Int16Array; facing: Int8Array } {
  const board = players === 2 ? makeBoard(4, 8) : makeBoard(8, 8);
  const w = board.width, h = board.height;
  const sq = new Int16Array(players * NINJAS), facing = new Int8Array(players * NINJAS);
  for (let s = 0; s < players; s++) {
    // The edge as [file, rank] of the square at position p (1-based, from the player's left), and the facing.
    const side = rules.edges === 'shared' ? 0 : players === 2 ? 2 * s : s;
    const at = (p: number): [number, number] =>
      side === 0
        ? [p - 1, 0] // south, facing N: its left is west
        : side === 1
          ? [0, h - p] // west, facing E: its left is north
          : side === 2
            ? [w - p, h - 1] // north, facing S: its left is east
            : [w - 1, p - 1]; // east, facing W: its left is south
    const length = side % 2 === 0 ? w : h;
    const squares = positionsOn(rules, length).map((p) => squareAt(board, ...at(p))).sort((a, b) => a - b);
    squares.forEach((q, k) => {
      sq[s * NINJAS + k] = q;
      facing[s * NINJAS + k] = [N, E, S, W][side];
    });
  }
  return { board, sq, facing };
}

/** The standard game for 2–4 players under the room's rules. Throws a HavocError for another count or a bad turn limit. */
export function makeRoom(players: number, turnLimit?: number, rules: BnRules = DEFAULT_RULES): BnGame {
  if (!Number.isInteger(players) || players < 2 || players > 4)
    throw new HavocError('ERR_SEATS', 'builds', `What Blind Ninjas? is for 2 to 4 players, not ${players}`);
  if (turnLimit !== undefined && !(Number.isInteger(turnLimit) && turnLimit > 0)) throw new HavocError('ERR_CONFIG', 'turnLimit', 'must be a positive integer');
  const { board, sq, facing } = standardStarts(players, rules);
  return { players, board, startSq: sq, startFacing: facing, turnLimit: turnLimit ?? DEFAULT_TURN_LIMIT };
}

/** A ninja's name: its seat's letter and its number (`A1`…`D4`). */
export const ninjaName = (i: number): string => `${SEAT_NAMES[Math.floor(i / NINJAS)]}${(i % NINJAS) + 1}`;

/** The game as JSON (replays, `gameFromDescription`). */
export interface BnGameDescription {
  players: number;
  board: { width: number; height: number };
  turnLimit: number;
  /** Per seat, its ninjas' starts: `[square, facing]`, or null for one slain before the game starts. */
  ninjas: ([string, string] | null)[][];
}

export function describeRoom(g: BnGame): BnGameDescription {
  return {
    players: g.players,
    board: { width: g.board.width, height: g.board.height },
    turnLimit: g.turnLimit,
    ninjas: Array.from({ length: g.players }, (_, s) =>
      Array.from({ length: NINJAS }, (_, k): [string, string] | null => {
        const i = s * NINJAS + k;
        return g.startSq[i] === DEAD_START ? null : [squareName(g.board, g.startSq[i]), FACINGS[g.startFacing[i]]];
      }),
    ),
  };
}

/**
 * A game from placed ninjas (a scenario's `ninjas`, a replay's description):
 * per seat a list of up to four `[square, facing]` (or `{square, facing}`),
 * on a room of `width` x `height`; a ninja left out or written null was
 * slain before the game starts (a room set mid-game), one at least alive;
 * without `ninjas`, the standard starts under `rules` (a scenario's, over
 * `base`, the room file's). Every problem is a HavocError naming its path
 * under `where`.
 */
export function placedRoom(
  raw: { players: unknown; width: unknown; height: unknown; ninjas: unknown; turnLimit: unknown; rules?: unknown },
  where: string,
  code: ErrorCode,
  base: BnRules = DEFAULT_RULES,
): BnGame {
  const fail = (path: string, problem: string): never => {
    throw new HavocError(code, `${where}${path}`, problem);
  };
  const players = raw.players;
  if (!Number.isInteger(players) || (players as number) < 2 || (players as number) > 4) return fail('players', 'must be 2, 3 or 4');
  const n = players as number;
  const rules = readRules(raw.rules, (at, problem) => fail(`rules${at}`, problem), base);
  if (raw.rules !== undefined && raw.ninjas !== undefined) return fail('rules', 'the rules place the standard starts, and `ninjas` places every ninja by hand: give one or the other');
  const std = standardStarts(n, rules);
  const dim = (v: unknown, path: string, dflt: number): number =>
    v === undefined ? dflt : Number.isInteger(v) && (v as number) >= 1 && (v as number) <= 26 ? (v as number) : fail(path, 'must be an integer from 1 to 26');
  const width = dim(raw.width, 'board.width', std.board.width), height = dim(raw.height, 'board.height', std.board.height);
  const board = width === std.board.width && height === std.board.height ? std.board : makeBoard(width, height);
  if (raw.turnLimit !== undefined && !(Number.isInteger(raw.turnLimit) && (raw.turnLimit as number) > 0)) return fail('turnLimit', 'must be a positive integer');
  const turnLimit = (raw.turnLimit as number | undefined) ?? DEFAULT_TURN_LIMIT;
  if (raw.ninjas === undefined) {
    if (board !== std.board) return fail('ninjas', 'a room of another size needs its ninjas placed');
    return { players: n, board, startSq: std.sq, startFacing: std.facing, turnLimit };
  }
  if (!Array.isArray(raw.ninjas) || raw.ninjas.length !== n) return fail('ninjas', `must be a list of ${n} lists (one a player) of 1 to ${NINJAS} [square, facing]`);
  const sq = new Int16Array(n * NINJAS).fill(DEAD_START), facing = new Int8Array(n * NINJAS);
  raw.ninjas.forEach((list: unknown, s: number) => {
    if (!Array.isArray(list) || list.length < 1 || list.length > NINJAS)
      return fail(`ninjas[${s}]`, `must be a list of 1 to ${NINJAS} [square, facing] (a ninja left out, or null, was slain before the game starts)`);
    list.forEach((x: unknown, k: number) => {
      const at = `ninjas[${s}][${k}]`;
      if (x === null) return; // slain before the game starts
      const pair = Array.isArray(x) ? x : typeof x === 'object' && x !== null ? [(x as { square?: unknown }).square, (x as { facing?: unknown }).facing] : null;
      if (!pair || pair.length !== 2) return fail(at, 'must be [square, facing], e.g. ["b2", "N"], or null for a ninja slain before the game starts');
      const q = typeof pair[0] === 'string' ? parseSquare(board, pair[0]) : -1;
      if (q < 0) return fail(at, `"${String(pair[0])}" is not a square of the ${width}x${height} room`);
      const f = typeof pair[1] === 'string' ? parseFacing(pair[1]) : -1;
      if (f < 0) return fail(at, `"${String(pair[1])}" is not a facing (N, E, S or W)`);
      for (let j = 0; j < k; j++) if (sq[s * NINJAS + j] === q) return fail(at, `${SEAT_NAMES[s]}${j + 1} already stands on ${pair[0]}: one player's ninjas never share a square`);
      sq[s * NINJAS + k] = q;
      facing[s * NINJAS + k] = f;
    });
    if (list.every((x) => x === null)) fail(`ninjas[${s}]`, `${SEAT_NAMES[s]} needs a ninja alive (a player with none is out before the game starts)`);
  });
  return { players: n, board, startSq: sq, startFacing: facing, turnLimit };
}
