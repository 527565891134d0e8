/**
 * Battle Engine's board: `width` files (6–12) and `2 * rowsPerSide + 1` rows.
 * Row 0 is seat A's back line, row `rowsPerSide` no man's land, the last row
 * seat B's back line. Squares are numbered row by row from a1 (file letter,
 * row number from 1), as a chessboard seen from A's side.
 */

/** The board's shape. */
export interface Board {
  readonly width: number;
  readonly rowsPerSide: number;
  readonly height: number;
  readonly size: number;
}

export const makeBoard = (width: number, rowsPerSide: number): Board => ({ width, rowsPerSide, height: 2 * rowsPerSide + 1, size: width * (2 * rowsPerSide + 1) });

export const rowOf = (b: Board, sq: number): number => Math.floor(sq / b.width);
export const colOf = (b: Board, sq: number): number => sq % b.width;

/** `c3` for a square. */
export const squareName = (b: Board, sq: number): string => String.fromCharCode(97 + colOf(b, sq)) + String(rowOf(b, sq) + 1);

/** The square a name names, or -1. */
export function parseSquare(b: Board, name: string): number {
  const m = /^([a-l])([1-9]|1[0-9])$/.exec(name);
  if (!m) return -1;
  const c = m[1].charCodeAt(0) - 97, r = Number(m[2]) - 1;
  return c < b.width && r < b.height ? r * b.width + c : -1;
}

/** A seat's back line row (A: 0, B: the last). */
export const backRow = (b: Board, seat: number): number => (seat === 0 ? 0 : b.height - 1);
/** Rows a step toward the enemy back line changes (A: +1, B: -1). */
export const forward = (seat: number): number => (seat === 0 ? 1 : -1);
/** Whether a row is on a seat's side of no man's land. */
export const onSide = (b: Board, seat: number, row: number): boolean => (seat === 0 ? row < b.rowsPerSide : row > b.rowsPerSide);
/** A seat's rows from nearest no man's land to its back line. */
export const rowsFromFront = (b: Board, seat: number): number[] => Array.from({ length: b.rowsPerSide }, (_, k) => rowFromFront(b, seat, k));

/** Row `k` (0: the one nearest no man's land) of `seat`'s side: rowsFromFront's k-th, without the list. */
export const rowFromFront = (b: Board, seat: number, k: number): number => (seat === 0 ? b.rowsPerSide - 1 - k : b.rowsPerSide + 1 + k);

/** The zigzag (Manhattan) distance between two squares. */
export const zigzag = (b: Board, p: number, q: number): number => Math.abs(rowOf(b, p) - rowOf(b, q)) + Math.abs(colOf(b, p) - colOf(b, q));

/** Orthogonal steps as (row, column) changes, in the order moves are listed: forward for A, right, back, left. */
export const STEPS: readonly (readonly [number, number])[] = [[1, 0], [0, 1], [-1, 0], [0, -1]];
/** The diagonal neighbours' changes (an 8-direction give reaches these too). */
export const DIAGONALS: readonly (readonly [number, number])[] = [[1, 1], [-1, 1], [-1, -1], [1, -1]];

/** The square at (row + dr, col + dc) from `sq`, or -1 off the board. */
export function stepFrom(b: Board, sq: number, dr: number, dc: number): number {
  const r = rowOf(b, sq) + dr, c = colOf(b, sq) + dc;
  return r < 0 || r >= b.height || c < 0 || c >= b.width ? -1 : r * b.width + c;
}
