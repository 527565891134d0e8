/**
 * Ninja Havoc Machines (and Robo Battle Pigs on top of it) behind the
 * game-independent `Ruleset` interface of src/core: simultaneous programs, an
 * observation per seat, copy without allocation. An action is a program of
 * five command codes, checked before it is played.
 */
import { HavocError } from '../../core/errors.js';
import type { GameResult, Ruleset } from '../../core/ruleset.js';
import { RULES_VERSION } from '../version.js';
import { defaultChooser } from './choices.js';
import { CMD_X } from './commands.js';
import { observe, type Observation } from './observe.js';
import { checkProgram, type Notation } from './programs.js';
import { copyState, END_REASONS, type State } from './state.js';
import { type Chooser, playTurn } from './step.js';

/** Makes the ruleset for a notation (`rbp` or `nhm`); run-time choices use `chooser`. */
export function nhmRuleset(notation: Notation, chooser: Chooser = defaultChooser): Ruleset<State, readonly number[], Observation> {
  return {
    id: notation,
    version: RULES_VERSION,
    seats: (st) => st.game.n,
    toAct: (st) => {
      const out: number[] = [];
      if (!st.isOver()) for (let m = 0; m < st.game.n; m++) if (st.alive[m]) out.push(m);
      return out;
    },
    observe: (st, seat) => observe(st, seat, notation),
    apply(st, actions) {
      const n = st.game.n;
      const codes = new Array<number>(n * 5).fill(CMD_X);
      for (let m = 0; m < n; m++) {
        const a = actions[m];
        if (!st.alive[m] || !a) continue;
        const err = a.length === 5 ? checkProgram(st, m, a, notation) : new HavocError('ERR_PROGRAM_LENGTH', `machine ${st.game.names[m]}`, 'a program has 5 commands');
        if (err) throw err;
        for (let k = 0; k < 5; k++) codes[m * 5 + k] = a[k];
      }
      playTurn(st, codes, chooser);
    },
    result: (st): GameResult | null => (st.isOver() ? { winner: st.winner >= 0 ? st.winner : null, reason: END_REASONS[st.end] } : null),
    copy: copyState,
  };
}
