/**
 * Hex-grid geometry and notation, in the manner of Red Blob Games' hexagon
 * guide (https://www.redblobgames.com/grids/hexagons/): pointy-top hexes,
 * axial coordinates (q, r) with s = -q - r for cube arithmetic, and a
 * rectangular map stored in "odd-r" offset coordinates (odd rows shoved half
 * a hex to the right), so a map is `width` columns by `height` rows.
 *
 * Cells are numbered `row * width + col`. A cell's name is its column letter
 * and its row number counted from the top: `a1` is the top-left hex, `g4` the
 * bottom-right of a 7x4 map.
 *
 * Facings are the six neighbour directions, 0..5 = E NE NW W SW SE
 * (counter-clockwise on the screen, the guide's order): turning left (60°
 * counter-clockwise) adds 1, turning right subtracts 1, reversing adds 3.
 * A ship's front hex is its neighbour in its facing; the two front
 * neighbours are those in the facings either side (they touch both the ship
 * and its front hex).
 *
 * Every neighbour is tabulated once per map (`HexMap.next`), so the engine's
 * step is a table look-up.
 */

export const HEX_FACINGS = ['E', 'NE', 'NW', 'W', 'SW', 'SE'] as const;
export type HexFacingName = (typeof HEX_FACINGS)[number];

/** The six directions as axial (dq, dr), in facing order. */
export const HEX_DIRS: readonly (readonly [number, number])[] = [
  [1, 0],
  [1, -1],
  [0, -1],
  [-1, 0],
  [-1, 1],
  [0, 1],
];

/** Turns a facing 60° to the left (counter-clockwise). */
export const turnLeft = (f: number): number => (f + 1) % 6;
/** Turns a facing 60° to the right (clockwise). */
export const turnRight = (f: number): number => (f + 5) % 6;
/** The opposite facing. */
export const reverse = (f: number): number => (f + 3) % 6;

/** Parses a facing name (`E`, `NE`, …, case-insensitive), or returns -1. */
export function parseHexFacing(name: string): number {
  return HEX_FACINGS.indexOf(name.toUpperCase() as HexFacingName);
}

/** Axial coordinates of an odd-r offset cell (col, row). */
export function offsetToAxial(col: number, row: number): [number, number] {
  return [col - (row - (row & 1)) / 2, row];
}

/** Odd-r offset (col, row) of axial coordinates. */
export function axialToOffset(q: number, r: number): [number, number] {
  return [q + (r - (r & 1)) / 2, r];
}

/** Distance in hexes between two axial positions (the cube distance). */
export function axialDistance(q1: number, r1: number, q2: number, r2: number): number {
  const dq = q1 - q2, dr = r1 - r2;
  return (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) / 2;
}

/** The largest map: columns a–z, rows 1–99. */
export const MAX_HEX_WIDTH = 26;
export const MAX_HEX_HEIGHT = 99;

/** A rectangular hex map's geometry: its size and the neighbour table. */
export interface HexMap {
  readonly width: number;
  readonly height: number;
  readonly size: number;
  /** `next[cell * 6 + facing]`: the neighbouring cell, or -1 off the map. */
  readonly next: Int16Array;
  /** Axial q and r per cell. */
  readonly q: Int16Array;
  readonly r: Int16Array;
}

/** Makes the geometry of a map of `width` columns and `height` rows; throws for a size outside 1..26 by 1..99. */
export function makeHexMap(width: number, height: number): HexMap {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1 || width > MAX_HEX_WIDTH || height > MAX_HEX_HEIGHT)
    throw new Error(`bad hex map size ${width}x${height}`);
  const size = width * height;
  const next = new Int16Array(size * 6);
  const q = new Int16Array(size), r = new Int16Array(size);
  for (let row = 0; row < height; row++)
    for (let col = 0; col < width; col++) {
      const c = row * width + col;
      const [aq, ar] = offsetToAxial(col, row);
      q[c] = aq;
      r[c] = ar;
      for (let f = 0; f < 6; f++) next[c * 6 + f] = hexAt({ width, height }, aq + HEX_DIRS[f][0], ar + HEX_DIRS[f][1]);
    }
  return { width, height, size, next, q, r };
}

/** The cell at axial (q, r), or -1 off the map. */
export function hexAt(m: { readonly width: number; readonly height: number }, q: number, r: number): number {
  const [col, row] = axialToOffset(q, r);
  return col < 0 || row < 0 || col >= m.width || row >= m.height ? -1 : row * m.width + col;
}

/** The cell at offset (col, row), or -1 off the map. */
export const cellAt = (m: HexMap, col: number, row: number): number =>
  col < 0 || row < 0 || col >= m.width || row >= m.height ? -1 : row * m.width + col;

export const colOf = (m: HexMap, cell: number): number => cell % m.width;
export const rowOf = (m: HexMap, cell: number): number => Math.floor(cell / m.width);

/** The neighbour of `cell` in `facing`, or -1 off the map. */
export const neighbour = (m: HexMap, cell: number, facing: number): number => m.next[cell * 6 + facing];

/** The front hex of a ship on `cell` facing `facing` (-1 off the map). */
export const frontHex = (m: HexMap, cell: number, facing: number): number => m.next[cell * 6 + facing];

/** The three hexes a ship sees: its front hex and the two front neighbours (left, right); -1 where off the map. */
export function frontHexes(m: HexMap, cell: number, facing: number): [number, number, number] {
  return [m.next[cell * 6 + facing], m.next[cell * 6 + turnLeft(facing)], m.next[cell * 6 + turnRight(facing)]];
}

/** Distance in hexes between two cells. */
export const hexDistance = (m: HexMap, a: number, b: number): number => axialDistance(m.q[a], m.r[a], m.q[b], m.r[b]);

/** The facing from `a` to its neighbour `b`, or -1 when they are not neighbours. */
export function facingTowards(m: HexMap, a: number, b: number): number {
  for (let f = 0; f < 6; f++) if (m.next[a * 6 + f] === b) return f;
  return -1;
}

/** Gets a cell's name, e.g. `c2` (column letter, row counted from the top). */
export function hexName(m: { readonly width: number }, cell: number): string {
  return String.fromCharCode(97 + (cell % m.width)) + String(Math.floor(cell / m.width) + 1);
}

/** Parses a cell name, or returns -1 (a bad name, or off the map). */
export function parseHex(m: HexMap, name: string): number {
  const x = /^([a-z])([1-9][0-9]?)$/.exec(name.trim().toLowerCase());
  return x ? cellAt(m, x[1].charCodeAt(0) - 97, Number(x[2]) - 1) : -1;
}
