/**
 * Per-board tables, built once per (catalogue, board) and then only read:
 * every move's destination and every weapon option's cells and beams,
 * indexed by facing and square. Tracing a shot in the step loop is then a walk
 * over a short slice of small integers, with no geometry computed per step
 * (tabulating bought about 3.7x over computing, see docs/performance.md).
 * A weapon's tables are built the first time a game carries it: a match of
 * two machines fires a few of the catalogue's 41 parts, and building them all
 * cost a short process (a sandboxed bot's, a `havoc match`) about 25 ms.
 */
import { type Board, relToAbs, squareAt, fileOf, rankOf } from '../../core/grid.js';
import { type Catalogue, type Part, type WeaponOption, CELL_CONTINUE } from './parts.js';
import { MOVE_VECTORS, CMD_FIRST_MOVE, CMD_LAST_MOVE } from './commands.js';

/** Cells and beams of one weapon option on one board, for every facing and square. */
export interface OptionTable {
  readonly label: string;
  /** Cells of (facing f, square s) are [cellStart[f*size+s], cellStart[f*size+s+1]). */
  readonly cellStart: Int32Array;
  readonly cellSq: Int16Array;
  /** Index (absolute, into cellSq) of the cell a ray reaches this one from, -1 from the machine. */
  readonly cellParent: Int32Array;
  readonly cellDmg: Uint8Array;
  readonly cellFlags: Uint8Array;
  readonly beamStart: Int32Array;
  readonly beamOrigin: Int16Array;
  /** Absolute 8-direction (core/grid DIRS8). */
  readonly beamDir: Uint8Array;
  readonly beamRange: Uint8Array;
  readonly beamDmg: Uint8Array;
  /** BEAM_* flags. */
  readonly beamFlags: Uint8Array;
  /** The cell (absolute index) a beam starts from when it starts beyond the machine, else -1: a ray stopped before it (a shield spot) stops the beam too. */
  readonly beamAfter: Int32Array;
}

export const BEAM_PENETRATE = 1;
export const BEAM_BRANCHING = 2;
export const BEAM_FULL_HEARTS = 4;

/** All tables of a catalogue on a board. */
export interface Tables {
  readonly board: Board;
  /** Destination of move command c (CMD_FIRST_MOVE..CMD_LAST_MOVE) at [(c - CMD_FIRST_MOVE) * 4 * size + facing * size + sq], -1 off the board. */
  readonly moveTo: Int16Array;
  /** Per catalogue part index: its weapon options' tables once a game has carried it, else null (and null for non-weapons). */
  readonly weapons: readonly (readonly OptionTable[] | null)[];
  /** The most cells any option built so far has from one facing and square: a game's scratch, made after its parts were built, holds that many. */
  readonly maxCells: number;
}

/** Tables as they grow: weapons built as games carry them. */
interface GrowingTables extends Tables {
  readonly weapons: (readonly OptionTable[] | null)[];
  maxCells: number;
}

const cache = new WeakMap<Catalogue, Map<string, GrowingTables>>();

/** Gets the tables of `cat` on `board` with the weapons among `parts` built (parts of `cat`), building what is missing. */
export function tablesFor(cat: Catalogue, board: Board, parts: Iterable<Part>): Tables {
  let byBoard = cache.get(cat);
  if (!byBoard) cache.set(cat, (byBoard = new Map()));
  const key = `${board.width}x${board.height}`;
  let t = byBoard.get(key);
  if (!t) byBoard.set(key, (t = moveTables(cat, board)));
  for (const p of parts) {
    if (!p.weapon || t.weapons[p.index]) continue;
    const options = p.weapon.options.map((o) => buildOption(o, board));
    t.weapons[p.index] = options;
    for (const o of options) for (let i = 0; i + 1 < o.cellStart.length; i++) t.maxCells = Math.max(t.maxCells, o.cellStart[i + 1] - o.cellStart[i]);
  }
  return t;
}

/** A board's move table, and no weapon built yet. */
function moveTables(cat: Catalogue, board: Board): GrowingTables {
  const n = board.size;
  const moveCount = CMD_LAST_MOVE - CMD_FIRST_MOVE + 1;
  const moveTo = new Int16Array(moveCount * 4 * n).fill(-1);
  for (let c = CMD_FIRST_MOVE; c <= CMD_LAST_MOVE; c++) {
    const v = MOVE_VECTORS[c];
    if (!v) continue;
    for (let f = 0; f < 4; f++)
      for (let s = 0; s < n; s++) {
        const [df, dr] = relToAbs(f, v[0], v[1]);
        moveTo[(c - CMD_FIRST_MOVE) * 4 * n + f * n + s] = squareAt(board, fileOf(board, s) + df, rankOf(board, s) + dr);
      }
  }
  return { board, moveTo, weapons: cat.parts.map(() => null), maxCells: 1 };
}

function buildOption(opt: WeaponOption, board: Board): OptionTable {
  const n = board.size;
  const cellStart = new Int32Array(4 * n + 1);
  const sq: number[] = [], parent: number[] = [], dmg: number[] = [], flags: number[] = [];
  const beamStart = new Int32Array(4 * n + 1);
  const bo: number[] = [], bd: number[] = [], br: number[] = [], bdmg: number[] = [], bf: number[] = [], ba: number[] = [];
  for (let f = 0; f < 4; f++)
    for (let s = 0; s < n; s++) {
      cellStart[f * n + s] = sq.length;
      const local: number[] = []; // relative cell index -> absolute index, -1 when off the board
      const x0 = fileOf(board, s), y0 = rankOf(board, s);
      opt.cells.forEach((c, i) => {
        const p = c.parent < 0 ? -1 : local[c.parent];
        if (c.parent >= 0 && p < 0) return void (local[i] = -1); // its ray left the board
        const [df, dr] = relToAbs(f, c.right, c.forward);
        let at = squareAt(board, x0 + df, y0 + dr);
        if (at < 0) return void (local[i] = -1);
        local[i] = sq.length;
        sq.push(at), parent.push(p), dmg.push(c.damage), flags.push(c.flags & ~CELL_CONTINUE);
        if (!(c.flags & CELL_CONTINUE)) return;
        // `↑`: carry on in the direction the ray entered this cell, to the edge.
        const from = c.parent < 0 ? [0, 0] : [opt.cells[c.parent].right, opt.cells[c.parent].forward];
        const [sf, sr] = relToAbs(f, Math.sign(c.right - from[0]), Math.sign(c.forward - from[1]));
        let prev = local[i];
        for (;;) {
          at = squareAt(board, fileOf(board, at) + sf, rankOf(board, at) + sr);
          if (at < 0) break;
          sq.push(at), parent.push(prev), dmg.push(c.damage), flags.push(c.flags & ~CELL_CONTINUE);
          prev = sq.length - 1;
        }
        // Cells drawn beyond a continuing cell hang off its last square.
        local[i] = prev;
      });
      beamStart[f * n + s] = bo.length;
      for (const b of opt.beams) {
        const [df, dr] = relToAbs(f, b.right, b.forward);
        const origin = squareAt(board, x0 + df, y0 + dr);
        if (origin < 0) continue;
        // The beam's direction is drawn in the machine's frame: rotate it by the facing.
        const d = (b.dir + 2 * f) & 7;
        bo.push(origin), bd.push(d), br.push(b.range), bdmg.push(b.damage);
        ba.push(origin === s ? -1 : sq.indexOf(origin, cellStart[f * n + s]));
        bf.push((b.penetrate ? BEAM_PENETRATE : 0) | (b.branching ? BEAM_BRANCHING : 0) | (b.fullHeartsOnly ? BEAM_FULL_HEARTS : 0));
      }
    }
  cellStart[4 * n] = sq.length;
  beamStart[4 * n] = bo.length;
  return {
    label: opt.label,
    cellStart,
    cellSq: Int16Array.from(sq),
    cellParent: Int32Array.from(parent),
    cellDmg: Uint8Array.from(dmg),
    cellFlags: Uint8Array.from(flags),
    beamStart,
    beamOrigin: Int16Array.from(bo),
    beamDir: Uint8Array.from(bd),
    beamRange: Uint8Array.from(br),
    beamDmg: Uint8Array.from(bdmg),
    beamFlags: Uint8Array.from(bf),
    beamAfter: Int32Array.from(ba),
  };
}
