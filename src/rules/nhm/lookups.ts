/**
 * Small lookups the phases share: where a move or a target cell lands, a
 * weapon option's tables, the teleporter's dice, a death.
 */
import { sfc32Next } from '../../core/rng.js';
import { CMD_FIRST_MOVE, cmdOption, cmdPart } from './commands.js';
import { CELL_TARGET } from './parts.js';
import * as scratch from './scratch.js';
import type { State } from './state.js';
import type { OptionTable } from './tables.js';
import type { Tracer } from './trace.js';

/** A module-local copy: V8 folds a module's own unexported `const`s into optimised code, not imported ones. */
const TGT_OFF_BOARD = scratch.TGT_OFF_BOARD;

/** The square move command c takes machine m to, or TGT_OFF_BOARD off the board. */
export function moveTarget(st: State, m: number, c: number): number {
  const g = st.game, size = g.size;
  const t = g.tables.moveTo[(c - CMD_FIRST_MOVE) * 4 * size + st.facing[m] * size + st.sq[m]];
  return t < 0 ? TGT_OFF_BOARD : t;
}

/** The TARGET cell of weapon command c for machine m where it stands, or -1 off the board. */
export function targetCell(st: State, m: number, c: number): number {
  const t = optionTable(st, c), size = st.game.size;
  const i = st.facing[m] * size + st.sq[m];
  for (let j = t.cellStart[i]; j < t.cellStart[i + 1]; j++) if (t.cellFlags[j] & CELL_TARGET) return t.cellSq[j];
  return -1;
}

/** The tables of weapon command c's option. */
export function optionTable(st: State, c: number): OptionTable {
  return st.game.tables.weapons[cmdPart(c)]![cmdOption(c)];
}

/** Whether c is one of machine m's weapon commands. */
export function isWeaponOf(st: State, m: number, c: number): boolean {
  const w = st.game.weaponCmds[m];
  for (let i = 0; i < w.length; i++) if (w[i] === c) return true;
  return false;
}

/** Rolls the teleporter's dice: a file and a rank (2d8 on the standard board). */
export function rollSquare(st: State): number {
  const b = st.game.board;
  const file = Math.floor((sfc32Next(st.dice, 0) / 4294967296) * b.width);
  const rank = Math.floor((sfc32Next(st.dice, 0) / 4294967296) * b.height);
  return rank * b.width + file;
}

/** Machine m dies now; its wreckage stays on its square. */
export function kill(st: State, m: number, tr: Tracer | null): void {
  st.hearts[m] = 0;
  st.alive[m] = 0;
  if (tr) tr.death(m);
}
