/**
 * The legal actions of an NHM-engine seat (GameModule.legal), by the rules
 * checkProgram applies: a program is five of the machine's commands, at
 * least the X its damage requires (requiredX), and R only in a repair
 * program (every slot not X is R; Robo Battle Pigs: R R R R R whatever the
 * damage). A machine with a dozen commands has a few hundred thousand
 * programs, so they are counted and the i-th decoded, never listed: first
 * every program without R, in lexicographic order of command codes, then
 * the repair programs, likewise. The questions' answers are few and listed.
 */
import { listedActions, type LegalActions } from '../../core/game.js';
import { CMD_FIRST_MOVE, CMD_LAST_MOVE, CMD_R, CMD_TEL, CMD_X, PROGRAM_LENGTH } from './commands.js';
import type { Game } from './game.js';
import { AUTO_TARGET, DODGE, PROGRAM, type NhmAction } from './questions.js';
import { requiredX, type State } from './state.js';

const NONE: LegalActions<NhmAction> = listedActions([]);

/** C(n, k) for n <= PROGRAM_LENGTH. */
const CHOOSE: readonly (readonly number[])[] = Array.from({ length: PROGRAM_LENGTH + 1 }, (_, n) =>
  Array.from({ length: PROGRAM_LENGTH + 1 }, (_, k) => choose(n, k)),
);

function choose(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let c = 1;
  for (let i = 0; i < k; i++) c = (c * (n - i)) / (i + 1);
  return c;
}

/** Sequences of `len` slots, each X or one of `a` other symbols, with at least `needX` X and at least `needOther` others. */
function fills(len: number, a: number, needX: number, needOther: number): number {
  let n = 0;
  for (let j = Math.max(0, needX); j <= len - Math.max(0, needOther); j++) n += CHOOSE[len][j] * a ** (len - j);
  return n;
}

/**
 * The i-th sequence of PROGRAM_LENGTH slots over `alphabet` (X first, then
 * `a` = alphabet.length - 1 others, in order), lexicographically among those
 * with at least `needX` X and `needOther` others.
 */
function decode(alphabet: readonly number[], needX: number, needOther: number, i: number): number[] {
  const a = alphabet.length - 1, out: number[] = [];
  for (let k = 0; k < PROGRAM_LENGTH; k++) {
    const rest = PROGRAM_LENGTH - k - 1;
    for (let s = 0; s <= a; s++) {
      const isX = s === 0;
      const n = fills(rest, a, needX - (isX ? 1 : 0), needOther - (isX ? 0 : 1));
      if (i < n) {
        out.push(alphabet[s]);
        if (isX) needX--;
        else needOther--;
        break;
      }
      i -= n;
    }
  }
  return out;
}

/** Per game: each seat's X followed by its commands other than X and R, ascending. */
const alphabets = new WeakMap<Game, readonly (readonly number[])[]>();

function alphabetOf(g: Game, m: number): readonly number[] {
  let all = alphabets.get(g);
  if (!all) alphabets.set(g, (all = g.commands.map((cs) => [CMD_X, ...Array.from(cs).filter((c) => c !== CMD_X && c !== CMD_R)])));
  return all[m];
}

const REPAIR_ALPHABET: readonly number[] = [CMD_X, CMD_R];
const ALL_R: readonly number[] = Object.freeze(new Array<number>(PROGRAM_LENGTH).fill(CMD_R));

/** The legal programs of machine `m` now (none for a wrecked machine or a game over). */
export function legalPrograms(st: State, m: number): LegalActions<NhmAction> {
  const g = st.game;
  if (st.isOver() || !st.alive[m]) return NONE;
  const alphabet = alphabetOf(g, m), d = requiredX(st, m);
  const plain = fills(PROGRAM_LENGTH, alphabet.length - 1, d, 0);
  const canRepair = g.isLegal(m, CMD_R);
  // Robo Battle Pigs: one repair program, whatever the damage; NHM: X or R in each slot, one R at least, the X required.
  const repairs = !canRepair ? 0 : g.repairAllSlots ? 1 : fills(PROGRAM_LENGTH, 1, d, 1);
  return {
    count: plain + repairs,
    at: (i) => (i < plain ? decode(alphabet, d, 0, i) : g.repairAllSlots ? ALL_R.slice() : decode(REPAIR_ALPHABET, d, 1, i - plain)),
  };
}

/** The answers `check` accepts to a question: Auto-Target X or a weapon; Dodge X, a move or a teleport the machine has. */
export function legalAnswers(g: Game, m: number, kind: string): LegalActions<NhmAction> {
  if (kind === AUTO_TARGET) return listedActions([CMD_X, ...g.weaponCmds[m]]);
  const moves = [CMD_X];
  for (let c = CMD_FIRST_MOVE; c <= CMD_LAST_MOVE; c++) if (g.isLegal(m, c)) moves.push(c);
  if (g.isLegal(m, CMD_TEL)) moves.push(CMD_TEL);
  return listedActions(moves);
}

/** GameModule.legal for the NHM engine. */
export function legalActions(st: State, m: number, kind: string): LegalActions<NhmAction> {
  if (kind === PROGRAM) return legalPrograms(st, m);
  if (kind === AUTO_TARGET || kind === DODGE) return legalAnswers(st.game, m, kind);
  return NONE;
}
