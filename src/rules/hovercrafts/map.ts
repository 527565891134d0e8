/**
 * Maps as data. A map is rows of hexes from the top, `.` an empty hex and
 * `#` a wall; spaces are ignored, so a file may indent odd rows to show
 * them shoved right:
 *
 *     .......
 *      ..#....
 *     ...#...
 *      .......
 *
 * A map spec is such rows (a JSON list of strings, or a text file's lines),
 * or `{"width": 7, "height": 4, "walls": 0.15}`: a random map, a fresh one
 * each match, drawn from the match's seed, with each hex off the two start
 * columns a wall with probability `walls`. The default map is 7x4 with no
 * walls.
 */
import { readFileSync } from 'node:fs';
import { HavocError } from '../../core/errors.js';
import { isObject } from '../../core/json.js';
import { makeHexMap, MAX_HEX_HEIGHT, MAX_HEX_WIDTH, type HexMap } from '../../core/hex.js';
import { makeRng } from '../../core/rng.js';

/** A map: its geometry, and its walls (fixed) or a wall density (drawn per match). */
export interface MapSpec {
  readonly hex: HexMap;
  /** 1 per wall hex, when the walls are fixed. */
  readonly walls: Uint8Array | null;
  /** The chance of a wall per hex off the start columns, when the map is drawn per match. */
  readonly density: number;
}

export const DEFAULT_MAP: MapSpec = { hex: makeHexMap(7, 4), walls: new Uint8Array(28), density: 0 };

/** Reads map rows (`.` empty, `#` wall, spaces ignored); `where` names the place of a problem. */
export function parseMapRows(rows: readonly unknown[], where: string): MapSpec {
  const fail = (at: string, problem: string): never => {
    throw new HavocError('ERR_MAP', `${where}${at}`, problem);
  };
  if (rows.length < 1 || rows.length > MAX_HEX_HEIGHT) fail('', `a map has 1 to ${MAX_HEX_HEIGHT} rows, not ${rows.length}`);
  const clean = rows.map((r, i) => (typeof r === 'string' ? r.replace(/\s+/g, '') : fail(`[${i}]`, 'a row is a string of "." (empty) and "#" (wall)')));
  const width = clean[0].length;
  if (width < 1 || width > MAX_HEX_WIDTH) fail('[0]', `a row has 1 to ${MAX_HEX_WIDTH} hexes, not ${width}`);
  const hex = makeHexMap(width, clean.length);
  const walls = new Uint8Array(hex.size);
  clean.forEach((row, r) => {
    if (row.length !== width) fail(`[${r}]`, `has ${row.length} hexes; the first row has ${width}`);
    for (let c = 0; c < width; c++) {
      const ch = row[c];
      if (ch === '#') walls[r * width + c] = 1;
      else if (ch !== '.') fail(`[${r}]`, `"${ch}" at hex ${c + 1} is neither "." (empty) nor "#" (wall)`);
    }
  });
  return { hex, walls, density: 0 };
}

/** Reads a map spec: rows, a random map's size and density, or a file of rows (a string naming a `.txt` file). */
export function parseMapSpec(raw: unknown, where: string): MapSpec {
  if (raw === undefined) return DEFAULT_MAP;
  if (Array.isArray(raw)) return parseMapRows(raw, where);
  if (typeof raw === 'string') {
    let text: string;
    try {
      text = readFileSync(raw, 'utf8');
    } catch (e) {
      throw new HavocError('ERR_MAP', where, `cannot read the map file ${raw} (${(e as Error).message})`);
    }
    return parseMapRows(text.split(/\r?\n/).filter((l) => l.trim() !== ''), `${raw}: row `);
  }
  if (isObject(raw)) {
    const known = ['width', 'height', 'walls'];
    for (const k of Object.keys(raw)) if (!known.includes(k)) throw new HavocError('ERR_MAP', `${where}.${k}`, `unknown field (expected ${known.join(', ')})`);
    const { width = 7, height = 4, walls = 0 } = raw as { width?: unknown; height?: unknown; walls?: unknown };
    if (!Number.isInteger(width) || (width as number) < 2 || (width as number) > MAX_HEX_WIDTH) throw new HavocError('ERR_MAP', `${where}.width`, `must be an integer from 2 to ${MAX_HEX_WIDTH}`);
    if (!Number.isInteger(height) || (height as number) < 1 || (height as number) > MAX_HEX_HEIGHT) throw new HavocError('ERR_MAP', `${where}.height`, `must be an integer from 1 to ${MAX_HEX_HEIGHT}`);
    if (typeof walls !== 'number' || !(walls >= 0 && walls < 1)) throw new HavocError('ERR_MAP', `${where}.walls`, 'must be a wall density from 0 up to (not including) 1');
    const hex = makeHexMap(width as number, height as number);
    return walls === 0 ? { hex, walls: new Uint8Array(hex.size), density: 0 } : { hex, walls: null, density: walls };
  }
  throw new HavocError('ERR_MAP', where, 'a map is a list of rows ("." empty, "#" wall), a map file\'s path, or {"width", "height", "walls": density}');
}

/** Draws a random map's walls from a seed into `out`: every hex off the first and last columns is a wall with probability `density`. */
export function drawWalls(spec: MapSpec, seed: string, out: Uint8Array): void {
  const rng = makeRng(`${seed}/map`);
  const { width, size } = spec.hex;
  for (let c = 0; c < size; c++) {
    const col = c % width;
    out[c] = col > 0 && col < width - 1 && rng.next() < spec.density ? 1 : 0;
  }
}

/** A map's walls as rows of `.` and `#`. */
export function wallRows(hex: HexMap, walls: Uint8Array): string[] {
  const rows: string[] = [];
  for (let r = 0; r < hex.height; r++) {
    let s = '';
    for (let c = 0; c < hex.width; c++) s += walls[r * hex.width + c] ? '#' : '.';
    rows.push(s);
  }
  return rows;
}
