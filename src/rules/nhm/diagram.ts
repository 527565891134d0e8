/**
 * Weapon diagrams. The catalogue draws each weapon pattern the way the
 * rulebook did: a few rows of symbols, top row furthest forward, the machine
 * `▲` facing up. This module reads one drawing into the relative cells and
 * beams of parts.ts, and says what is wrong with a drawing it cannot read.
 *
 * How a ray reaches a square (the path rule): from its neighbour one step back
 * towards `▲` along the longer axis, or along both axes when the offsets are
 * equal. So the Flame-Thrower's (-1,2) is reached from (-1,1), and a cone's
 * squares chain outward. Lobbed weapons have no paths.
 */
import { dir8Of, DIRS8 } from '../../core/grid.js';
import {
  CELL_CONTINUE,
  CELL_PULL,
  CELL_SHIELD,
  CELL_TARGET,
  type RelBeam,
  type RelCell,
  type WeaponOption,
} from './parts.js';

/** What a diagram symbol stands for. */
export interface DiagramSymbol {
  readonly role: 'machine' | 'empty' | 'hot' | 'beam' | 'continue' | 'target' | 'shield';
  readonly damage: number;
  readonly flags: number;
  /** For `continue` arrows: the direction the ray runs, 0..7 clockwise from forward. */
  readonly dir: number;
}

const sym = (role: DiagramSymbol['role'], damage = 0, flags = 0, dir = -1): DiagramSymbol => ({ role, damage, flags, dir });

/** Every symbol a diagram may use (the catalogue's `legend.symbols` documents them). */
export const SYMBOLS: Readonly<Record<string, DiagramSymbol>> = {
  '▲': sym('machine'),
  '●': sym('machine', 0, CELL_TARGET),
  '.': sym('empty'),
  '×': sym('hot', 1),
  x: sym('hot', 1),
  '*': sym('hot', 2),
  '⊗': sym('hot', 1, CELL_PULL),
  '⊛': sym('hot', 2, CELL_PULL),
  '~': sym('beam', 1),
  '≈': sym('beam', 2),
  '○': sym('target', 0, CELL_TARGET),
  '#': sym('shield', 0, CELL_SHIELD),
  '↑': sym('continue', 0, 0, 0),
  '↗': sym('continue', 0, 0, 1),
  '→': sym('continue', 0, 0, 2),
  '↘': sym('continue', 0, 0, 3),
  '↓': sym('continue', 0, 0, 4),
  '↙': sym('continue', 0, 0, 5),
  '←': sym('continue', 0, 0, 6),
  '↖': sym('continue', 0, 0, 7),
};

/** How the weapon's tags shape its beams and paths. */
export interface DiagramTraits {
  readonly lobbed: boolean;
  readonly penetrate: boolean;
  readonly branching: boolean;
  readonly fullHeartsOnly: boolean;
}

/** One drawn square, at (right, forward) from the machine. */
interface Square {
  readonly right: number;
  readonly forward: number;
  readonly row: number;
  readonly col: number;
  readonly char: string;
  readonly sym: DiagramSymbol;
}

const posKey = (right: number, forward: number): string => `${right},${forward}`;

/** The drawn square a ray reaches `s` from: the machine, another square, or nothing drawn. */
type ParentOf = (s: Square) => Square | 'machine' | undefined;

/** The square a ray reaches (right, forward) from (the path rule). (0,0) is the machine. */
export function pathParent(right: number, forward: number): [number, number] {
  const ar = Math.abs(right);
  const af = Math.abs(forward);
  if (af > ar) return [right, forward - Math.sign(forward)];
  if (ar > af) return [right - Math.sign(right), forward];
  return [right - Math.sign(right), forward - Math.sign(forward)];
}

/** Chebyshev distance from the machine: a ray's parent is always one nearer. */
const ring = (s: { right: number; forward: number }): number => Math.max(Math.abs(s.right), Math.abs(s.forward));

const at = (s: { row: number; col: number }): string => `row ${s.row + 1}, column ${s.col + 1}`;

/**
 * Reads one diagram (rows of symbols) into a weapon option. Problems are
 * appended to `problems` (phrased for a person); returns null when the drawing
 * cannot be read at all.
 */
export function compileDiagram(
  label: string,
  rows: unknown,
  traits: DiagramTraits,
  problems: string[],
): WeaponOption | null {
  const grid = readGrid(rows, problems);
  if (!grid) return null;
  const squares = locate(grid, problems);
  if (!squares) return null;

  const byPos = new Map<string, Square>();
  for (const s of squares) byPos.set(posKey(s.right, s.forward), s);
  const parentOf: ParentOf = (s) => {
    const [r, f] = pathParent(s.right, s.forward);
    return r === 0 && f === 0 ? 'machine' : byPos.get(posKey(r, f));
  };

  const before = problems.length;
  checkPaths(squares, parentOf, traits.lobbed, problems);
  if (problems.length > before) return null;

  const ordered = [...squares].sort((a, b) => ring(a) - ring(b) || a.row - b.row || a.col - b.col);
  const continued = new Set<Square>();
  for (const s of ordered) if (s.sym.role === 'continue') continued.add(parentOf(s) as Square);

  const cells: RelCell[] = [];
  const index = new Map<Square, number>();
  const machine = squares.find((s) => s.sym.role === 'machine');
  if (machine && machine.sym.flags & CELL_TARGET) {
    index.set(machine, cells.length);
    cells.push({ right: 0, forward: 0, damage: 0, parent: -1, flags: CELL_TARGET });
  }
  for (const s of ordered) {
    const role = s.sym.role;
    if (role !== 'hot' && role !== 'target' && role !== 'shield') continue;
    // Targets and shield spots are named or placed, not reached by a ray: parent -1.
    const p = role === 'hot' && !traits.lobbed ? parentOf(s) : 'machine';
    index.set(s, cells.length);
    cells.push({
      right: s.right,
      forward: s.forward,
      damage: s.sym.damage,
      parent: p === 'machine' || p === undefined ? -1 : (index.get(p) ?? -1),
      flags: s.sym.flags | (continued.has(s) ? CELL_CONTINUE : 0),
    });
  }

  const beams = traceBeams(ordered, parentOf, byPos, traits, problems);
  if (!beams) return null;
  return { label, cells, beams };
}

/** Splits the rows into symbols, checking they are strings of equal length. */
function readGrid(rows: unknown, problems: string[]): string[][] | null {
  if (!Array.isArray(rows) || rows.length === 0) {
    problems.push('has no diagram (expected a non-empty array of rows)');
    return null;
  }
  const grid: string[][] = [];
  let ok = true;
  rows.forEach((row, i) => {
    if (typeof row !== 'string' || row.length === 0) {
      problems.push(`row ${i + 1} is not a non-empty string of symbols`);
      ok = false;
    } else grid.push(Array.from(row));
  });
  if (!ok) return null;
  const width = grid[0].length;
  grid.forEach((row, i) => {
    if (row.length !== width) {
      problems.push(`ragged rows: row ${i + 1} has ${row.length} squares but row 1 has ${width}`);
      ok = false;
    }
  });
  return ok ? grid : null;
}

/** Finds the machine and places every non-empty symbol relative to it. */
function locate(grid: string[][], problems: string[]): Square[] | null {
  const found: { row: number; col: number; char: string; sym: DiagramSymbol }[] = [];
  const machines: { row: number; col: number }[] = [];
  let ok = true;
  grid.forEach((row, r) =>
    row.forEach((char, c) => {
      const s = SYMBOLS[char];
      if (!s) {
        problems.push(`${at({ row: r, col: c })}: unknown symbol "${char}" (see legend.symbols)`);
        ok = false;
      } else if (s.role !== 'empty') {
        found.push({ row: r, col: c, char, sym: s });
        if (s.role === 'machine') machines.push({ row: r, col: c });
      }
    }),
  );
  if (machines.length === 0) problems.push('no ▲: every diagram shows the machine');
  if (machines.length > 1) problems.push(`more than one ▲ (${machines.map(at).join('; ')})`);
  if (!ok || machines.length !== 1) return null;
  const m = machines[0];
  return found.map((s) => ({ ...s, right: s.col - m.col, forward: m.row - s.row }));
}

/** Every hot, beam and arrow square must be reached by a ray from the machine. */
function checkPaths(
  squares: readonly Square[],
  parentOf: ParentOf,
  lobbed: boolean,
  problems: string[],
): void {
  for (const s of squares) {
    const role = s.sym.role;
    if (role === 'machine' || role === 'target' || role === 'shield') continue;
    if (lobbed) {
      if (role !== 'hot') problems.push(`${at(s)}: a LOBBED weapon has no rays, so "${s.char}" means nothing`);
      continue;
    }
    const p = parentOf(s);
    const pRole = p === 'machine' ? 'machine' : p?.sym.role;
    if (role === 'hot' && pRole !== 'machine' && pRole !== 'hot') {
      problems.push(
        pRole === 'beam'
          ? `${at(s)}: a hot square cannot be reached through a beam`
          : `${at(s)}: cell not connected to ▲ (the square its ray comes from is not hot)`,
      );
    } else if (role === 'beam' && pRole !== 'machine' && pRole !== 'hot' && pRole !== 'beam') {
      problems.push(`${at(s)}: beam square not connected to ▲ (the square its ray comes from is not hot)`);
    } else if (role === 'continue') {
      if (p === 'machine' || p === undefined || (pRole !== 'hot' && pRole !== 'beam')) {
        problems.push(`${at(s)}: "${s.char}" continues nothing (a ray that leaves the drawing needs a hot square behind it)`);
        continue;
      }
      const runs = rayDir(p, parentOf(p));
      const step = dir8Of(s.right - p.right, s.forward - p.forward);
      if (step !== runs || s.sym.dir !== runs)
        problems.push(`${at(s)}: "${s.char}" does not continue the ray behind it (that ray runs ${ARROWS[runs]})`);
    }
  }
}

const ARROWS = ['↑', '↗', '→', '↘', '↓', '↙', '←', '↖'];

/** The direction a ray runs as it enters `s` from its parent. */
function rayDir(s: Square, parent: Square | 'machine' | undefined): number {
  const [pr, pf] = parent === 'machine' || parent === undefined ? [0, 0] : [parent.right, parent.forward];
  return dir8Of(s.right - pr, s.forward - pf);
}

/** Groups beam squares into straight beams, each starting where a ray turns into a beam. */
function traceBeams(
  ordered: readonly Square[],
  parentOf: ParentOf,
  byPos: ReadonlyMap<string, Square>,
  traits: DiagramTraits,
  problems: string[],
): RelBeam[] | null {
  const before = problems.length;
  const beams: RelBeam[] = [];
  const used = new Set<Square>();
  for (const start of ordered) {
    if (start.sym.role !== 'beam') continue;
    const from = parentOf(start) ?? 'machine'; // checkPaths made sure it is drawn
    if (from !== 'machine' && from.sym.role === 'beam') continue; // not a start
    const dir = rayDir(start, from);
    let range = 0;
    let cur = start;
    let damage = start.sym.damage;
    for (;;) {
      used.add(cur);
      range++;
      if (cur.sym.damage !== damage) {
        problems.push(`${at(cur)}: every square of one beam deals the same damage`);
        damage = Math.max(damage, cur.sym.damage);
      }
      const next = byPos.get(posKey(cur.right + DIRS8[dir][0], cur.forward + DIRS8[dir][1]));
      if (next?.sym.role === 'continue') range = 0;
      if (next?.sym.role !== 'beam' || parentOf(next) !== cur) break;
      cur = next;
    }
    const [right, forward] = from === 'machine' ? [0, 0] : [from.right, from.forward];
    beams.push({
      right,
      forward,
      dir,
      range,
      damage,
      penetrate: traits.penetrate,
      branching: traits.branching,
      fullHeartsOnly: traits.fullHeartsOnly,
    });
  }
  for (const s of ordered)
    if (s.sym.role === 'beam' && !used.has(s)) problems.push(`${at(s)}: a beam cannot bend or fork (draw straight lines of ~)`);
  return problems.length > before ? null : beams;
}
