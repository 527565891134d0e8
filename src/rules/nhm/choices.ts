/**
 * The documented defaults for run-time commands, used when a bot gives no
 * answer (or no bot is asked, as in scenarios without scripted choices):
 *
 * - Auto-Target fires the weapon option that would deal the most damage to
 *   other living machines minus twice the damage to itself, from where
 *   everyone stands after the moves; the lowest command code wins a tie; with
 *   nothing to gain it holds fire (X).
 * - Dodge takes the first of its engine's step moves (in the order
 *   `^ v < > F\ F/ B/ B\`) that lands on an empty square that is not hot; with
 *   none, it stays.
 */
import { CMD_FIRST_MOVE, CMD_LAST_MOVE, CMD_X } from './commands.js';
import type { State } from './state.js';
import { previewHits } from './fire.js';
import type { Chooser } from './step.js';

export const defaultChooser: Chooser = {
  autoTarget(st: State, m: number): number {
    const g = st.game, cmds = g.weaponCmds[m];
    let best = CMD_X, bestScore = 0;
    for (let i = 0; i < cmds.length; i++) {
      const hits = previewHits(st, m, cmds[i]);
      let score = -2 * hits[m];
      for (let o = 0; o < g.n; o++) if (o !== m && st.alive[o]) score += hits[o];
      if (score > bestScore) (bestScore = score), (best = cmds[i]);
    }
    return best;
  },
  dodge(st: State, m: number, hot: Uint8Array): number {
    const g = st.game, size = g.size;
    for (let c = CMD_FIRST_MOVE; c <= CMD_LAST_MOVE; c++) {
      if (!g.isLegal(m, c)) continue;
      const to = g.tables.moveTo[(c - CMD_FIRST_MOVE) * 4 * size + st.facing[m] * size + st.sq[m]];
      if (to >= 0 && st.occ[to] === -1 && hot[to] === 0) return c;
    }
    return CMD_X;
  },
};
