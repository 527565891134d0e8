/**
 * Square-grid geometry and notation. Squares are numbered `rank * width + file`
 * (a1 = 0, b1 = 1, …, a2 = width); north is towards higher ranks. Facings are
 * 0..3 = N E S W, so turning right adds 1. Relative offsets are written
 * (right, forward) in the machine's own frame.
 */

export const FACINGS = ['N', 'E', 'S', 'W'] as const;
export type FacingName = (typeof FACINGS)[number];
export type Facing = 0 | 1 | 2 | 3;

/** A rectangular board. */
export interface Board {
  readonly width: number;
  readonly height: number;
  readonly size: number;
}

/** Files and ranks of the default (standard) board. */
export const DEFAULT_BOARD_SIDE = 8;

/** The largest board: files a–z, ranks 1–99 (square names are a letter and at most two digits). */
export const MAX_BOARD_WIDTH = 26;
export const MAX_BOARD_HEIGHT = 99;

/** Makes a board of `width` files and `height` ranks (at most MAX_BOARD_WIDTH by MAX_BOARD_HEIGHT). */
export function makeBoard(width = DEFAULT_BOARD_SIDE, height = DEFAULT_BOARD_SIDE): Board {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1 || width > MAX_BOARD_WIDTH || height > MAX_BOARD_HEIGHT)
    throw new Error(`bad board size ${width}x${height}`);
  return { width, height, size: width * height };
}

/** The default board, 8x8. */
export const BOARD_8X8: Board = makeBoard(DEFAULT_BOARD_SIDE, DEFAULT_BOARD_SIDE);

export const fileOf = (b: Board, sq: number): number => sq % b.width;
export const rankOf = (b: Board, sq: number): number => Math.floor(sq / b.width);
export const squareAt = (b: Board, file: number, rank: number): number =>
  file < 0 || rank < 0 || file >= b.width || rank >= b.height ? -1 : rank * b.width + file;

/** Gets the name of a square, e.g. `d8`. */
export function squareName(b: Board, sq: number): string {
  return String.fromCharCode(97 + fileOf(b, sq)) + String(rankOf(b, sq) + 1);
}

/** Parses a square name, or returns -1. */
export function parseSquare(b: Board, name: string): number {
  const m = /^([a-z])([1-9][0-9]?)$/.exec(name);
  if (!m) return -1;
  return squareAt(b, m[1].charCodeAt(0) - 97, Number(m[2]) - 1);
}

/** Parses a facing letter, or returns -1. */
export function parseFacing(name: string): Facing | -1 {
  const i = FACINGS.indexOf(name as FacingName);
  return i < 0 ? -1 : (i as Facing);
}

/** Turns a relative offset (right, forward) into an absolute (dfile, drank) for a facing. */
export function relToAbs(facing: number, right: number, forward: number): [number, number] {
  switch (facing & 3) {
    case 0:
      return [right, forward];
    case 1:
      return [forward, -right];
    case 2:
      return [-right, -forward];
    default:
      return [-forward, right];
  }
}

/** The square at a relative offset from `sq` for `facing`, or -1 off the board. */
export function relSquare(b: Board, sq: number, facing: number, right: number, forward: number): number {
  const [df, dr] = relToAbs(facing, right, forward);
  return squareAt(b, fileOf(b, sq) + df, rankOf(b, sq) + dr);
}

/** The number of absolute directions (DIRS8). */
export const DIR8_COUNT = 8;

/**
 * The eight absolute directions as (dfile, drank), numbered clockwise from
 * north: 0 N, 1 NE, 2 E, 3 SE, 4 S, 5 SW, 6 W, 7 NW. Reversing adds 4; the
 * perpendiculars are ±2.
 */
export const DIRS8: readonly (readonly [number, number])[] = [
  [0, 1],
  [1, 1],
  [1, 0],
  [1, -1],
  [0, -1],
  [-1, -1],
  [-1, 0],
  [-1, 1],
];

/** The 8-direction index of a unit step (dfile, drank), or -1. */
export function dir8Of(df: number, dr: number): number {
  for (let i = 0; i < DIR8_COUNT; i++) if (DIRS8[i][0] === df && DIRS8[i][1] === dr) return i;
  return -1;
}
