/**
 * A fast, allocation-free simulator for bots: take a position once with
 * `reset`, then `play` one turn of joint programs from it as often as the
 * budget allows and read the outcome. Every state and buffer is made in the
 * constructor; a `play` copies typed arrays and runs the engine, nothing more.
 *
 * ```ts
 * const sim = new Simulator(ctx.game);
 * sim.reset(view.state);               // the seat's knowledge (no enemy mines)
 * sim.setProgram(0, [F, F, FWD, F, F]); // seat 0's five codes
 * sim.setProgram(1, [X, X, X, X, X]);
 * const after = sim.play();            // one turn from the reset position
 * after.hearts[1], after.sq[0], after.alive[1], sim.winner
 * ```
 */
import { defaultChooser } from '../../src/rules/nhm/choices.js';
import { CMD_X } from '../../src/rules/nhm/commands.js';
import * as commands from '../../src/rules/nhm/commands.js';
import type { Game } from '../../src/rules/nhm/game.js';
import { copyState, NO_WINNER, State } from '../../src/rules/nhm/state.js';
import { playTurn, type Chooser } from '../../src/rules/nhm/step.js';

// Module-local copy of an imported constant for the hot loop: V8 folds a
// module's own unexported `const`s into optimised code, but loads an imported
// (or exported) binding from its cell at every use.
const PROGRAM_LENGTH = commands.PROGRAM_LENGTH;

export class Simulator {
  readonly game: Game;
  /** The position `play` starts from (set by `reset`). */
  readonly start: State;
  /** The outcome of the last `play`; overwritten by the next. */
  readonly state: State;
  /** The joint program: PROGRAM_LENGTH (five) codes per seat, seat-major. */
  readonly programs: Uint16Array;
  /** Turns simulated since construction (or the last `resetCount`). */
  count = 0;
  private readonly chooser: Chooser;

  /** `chooser` answers Dodge and Auto-Target inside simulations (default: the rules' documented defaults). */
  constructor(game: Game, chooser: Chooser = defaultChooser) {
    this.game = game;
    this.start = new State(game);
    this.state = new State(game);
    this.programs = new Uint16Array(game.n * PROGRAM_LENGTH).fill(CMD_X);
    this.chooser = chooser;
  }

  /** Takes `from` (a state of the same game, e.g. `view.state`) as the start of the following plays. */
  reset(from: State): void {
    copyState(from, this.start);
  }

  /** Sets seat `seat`'s PROGRAM_LENGTH codes from `codes[offset..offset+PROGRAM_LENGTH]`. */
  setProgram(seat: number, codes: ArrayLike<number>, offset = 0): void {
    const p = this.programs, o = seat * PROGRAM_LENGTH;
    for (let k = 0; k < PROGRAM_LENGTH; k++) p[o + k] = codes[offset + k];
  }

  /** Plays one turn of `this.programs` from the start position; returns the outcome (this.state). */
  play(): State {
    copyState(this.start, this.state);
    playTurn(this.state, this.programs, this.chooser);
    this.count++;
    return this.state;
  }

  /** Plays one more turn on top of the last outcome (for deeper look-ahead), with `this.programs`. */
  playOn(): State {
    playTurn(this.state, this.programs, this.chooser);
    this.count++;
    return this.state;
  }

  /** Hearts of `seat` after the last play. */
  hearts(seat: number): number {
    return this.state.hearts[seat];
  }

  /** Shield markers of `seat` after the last play. */
  shields(seat: number): number {
    return this.state.shields[seat];
  }

  /** Whether `seat` lives after the last play. */
  alive(seat: number): boolean {
    return this.state.alive[seat] === 1;
  }

  /** Square of `seat` after the last play (-1 once telefragged off the board). */
  square(seat: number): number {
    return this.state.sq[seat];
  }

  /** Facing (0..3 = N E S W) of `seat` after the last play. */
  facing(seat: number): number {
    return this.state.facing[seat];
  }

  /** After the last play: the winning seat, DRAW (-2), or NO_WINNER (-1) while the game goes on. */
  get winner(): number {
    return this.state.winner;
  }

  /** Whether the last play ended the game. */
  get over(): boolean {
    return this.state.winner !== NO_WINNER;
  }
}
