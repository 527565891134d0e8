/**
 * Guessing what the other machines will write: the program they played last
 * turn (revealed to everyone), made legal for their damage now.
 */
import type { Rng } from '../../src/core/rng.js';
import type { Observation } from '../../src/rules/nhm/observe.js';
import type { CandidateGen } from './candidates.js';
import { ProgramList } from './programList.js';
import { CMD_X } from '../../src/rules/nhm/commands.js';
import type { Game } from '../../src/rules/nhm/game.js';
import { checkProgram, parseProgram, type Notation } from '../../src/rules/nhm/programs.js';
import { requiredX, type State } from '../../src/rules/nhm/state.js';

/**
 * Seat `seat`'s last program (as the observation shows it), with X written
 * over its last commands if it now needs more; null before the first turn or
 * if it cannot be made legal.
 */
export function repeatLast(game: Game, st: State, seat: number, last: string | null, notation: Notation): number[] | null {
  if (last === null || !st.alive[seat]) return null;
  let codes: number[];
  try {
    codes = parseProgram(game, seat, last, notation);
  } catch {
    return null;
  }
  let x = codes.filter((c) => c === CMD_X).length;
  const need = requiredX(st, seat);
  for (let k = 4; k >= 0 && x < need; k--) if (codes[k] !== CMD_X) (codes[k] = CMD_X), x++;
  return checkProgram(st, seat, codes, notation) ? null : codes;
}

/** Picks uniformly with `rng` among the first `count` indices whose value is at least `floor` (the first if none). */
export function pickNear(values: ArrayLike<number>, count: number, floor: number, rng: Rng): number {
  let n = 0;
  for (let i = 0; i < count; i++) if (values[i] >= floor) n++;
  if (n === 0) return 0;
  let k = rng.int(n);
  for (let i = 0; i < count; i++) if (values[i] >= floor && k-- === 0) return i;
  return 0;
}

/**
 * The opponents as minimax and nash play against them. Per seat, a guess (it
 * stands still and fires what bears: `CandidateGen.stillProgram`) and, per
 * living opponent, a list of programs to answer: the guess first, its last
 * program repeated next, then generated candidates.
 */
export class OpponentLists {
  /** Each seat's list (the bot's own stays empty), room for `max` candidates plus the two put first. */
  readonly lists: ProgramList[];
  /** Each seat's guessed program, five codes. */
  readonly guess: number[][];

  constructor(n: number, max: number) {
    this.lists = Array.from({ length: n }, () => new ProgramList(max + 2));
    this.guess = Array.from({ length: n }, () => []);
  }

  /** Refreshes every seat's guess and fills each living opponent's list with `count` generated candidates behind its guess and last program. */
  fill(gens: readonly CandidateGen[], game: Game, seat: number, st: State, obs: Observation, notation: Notation, count: number): void {
    for (let o = 0; o < game.n; o++) {
      gens[o].stillProgram(st, this.guess[o]);
      if (o === seat || !st.alive[o]) continue;
      gens[o].generate(st, count, this.lists[o]);
      this.lists[o].putFirst(this.guess[o], repeatLast(game, st, o, obs.machines[o].lastProgram, notation));
    }
  }
}
