/**
 * The board as text, for the terminal: machines by initial with a facing
 * arrow, wreckage as `#`, hot squares of the step as `*`, mines as `o`.
 */
import { squareName } from '../../core/grid.js';
import type { State } from './state.js';

const ARROWS = ['^', '>', 'v', '<'];

/** Draws the board; `hot` marks squares, `mines` shows every mine (an omniscient view). */
export function drawBoard(st: State, hot: ReadonlySet<number> = new Set(), mines = true): string {
  const g = st.game, b = g.board;
  const lines: string[] = [];
  for (let r = b.height - 1; r >= 0; r--) {
    let line = String(r + 1).padStart(2) + ' ';
    for (let f = 0; f < b.width; f++) {
      const s = r * b.width + f, o = st.occ[s];
      let cell: string;
      if (o >= 0) cell = st.alive[o] ? g.names[o][0] + ARROWS[st.facing[o]] : '##';
      else if (hot.has(s)) cell = '**';
      else if (mines && st.mineOwner[s]) cell = 'o ';
      else cell = '. ';
      line += cell + (hot.has(s) && o >= 0 ? '*' : ' ');
    }
    lines.push(line.trimEnd());
  }
  lines.push('   ' + Array.from({ length: b.width }, (_, f) => String.fromCharCode(97 + f) + '  ').join('').trimEnd());
  const status = g.names.map((name, m) => {
    const where = st.sq[m] >= 0 ? squareName(b, st.sq[m]) : '--';
    return `${name} ${where} ${'♥'.repeat(Math.max(0, st.hearts[m]))}${'◆'.repeat(st.shields[m])}${st.alive[m] ? '' : ' (wreck)'}`;
  });
  lines.push(status.join('   '));
  return lines.join('\n');
}
