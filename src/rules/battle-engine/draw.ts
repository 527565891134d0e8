/**
 * A Battle Engine position as text for a terminal (`havoc scenario --board`):
 * B's back line on top, as the viewer draws it; each piece as seat, roster
 * key and hit points left (`Bmaj:1+1`: one of its own, one bonus), arrows
 * left (`/2a`) and `!` once it panicked; the no man's land row as `~`.
 */
import { arrowsLeft } from './actions.js';
import { squareName } from './board.js';
import { baseType, bonus, ON, PANIC, type BeState } from './state.js';

/** A piece's cell. */
export function pieceCell(st: BeState, p: number): string {
  const t = baseType(st, p), b = bonus(st, p), arrows = arrowsLeft(st, p);
  return `${'AB'[st.game.owner[p]]}${t.key}:${t.hp - st.dmg[p]}${b ? `+${b}` : ''}${arrows ? `/${arrows}a` : ''}${st.flags[p] & PANIC ? '!' : ''}`;
}

export function drawBoard(st: BeState): string {
  const g = st.game, b = g.board;
  const cells: string[] = [];
  for (let q = 0; q < b.size; q++) {
    const p = st.occ[q];
    cells.push(p >= 0 && st.flags[p] & ON ? pieceCell(st, p) : Math.floor(q / b.width) === b.rowsPerSide ? '~' : '.');
  }
  const w = Math.max(...cells.map((c) => c.length));
  const lines: string[] = [];
  for (let r = b.height - 1; r >= 0; r--) {
    const row = cells.slice(r * b.width, (r + 1) * b.width).map((c) => c.padEnd(w));
    lines.push(`${String(r + 1).padStart(2)}  ${row.join(' ').trimEnd()}`);
  }
  lines.push(`    ${Array.from({ length: b.width }, (_, c) => squareName(b, c)[0].padEnd(w)).join(' ').trimEnd()}`);
  return lines.join('\n');
}
