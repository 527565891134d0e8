/**
 * The interfaces every game shares. A ruleset is fixed facts (board, seats,
 * limits) plus a changing state it knows how to advance; the arena drives any
 * ruleset through this interface alone. It is general enough for simultaneous
 * programs (every living seat submits at once), alternating turns (one seat is
 * to act), hidden information (a seat sees only its observation) and boards
 * that are not square grids (the board is the ruleset's own business).
 */

/** How a finished game ended. */
export interface GameResult {
  /** The winning seat, or null for a draw. */
  readonly winner: number | null;
  /** `kill`, `mutual-destruction`, `turn-limit`, … */
  readonly reason: string;
}

/** A ruleset: the rules of one game, acting on its own state type. */
export interface Ruleset<S, A, O> {
  /** Short id used in configs and records, e.g. `rbp`. */
  readonly id: string;
  /** Changes whenever a rule changes, so old records are never mixed with new. */
  readonly version: string;
  /** The number of seats in a state. */
  seats(state: S): number;
  /** The seats that must submit an action now (all living seats in simultaneous games). */
  toAct(state: S): number[];
  /** What `seat` may see of the state. Never contains another seat's secrets. */
  observe(state: S, seat: number): O;
  /** Advances the state by one round, given an action for every seat in `toAct`. */
  apply(state: S, actions: readonly (A | null)[]): void;
  /** The result once the game is over, else null. */
  result(state: S): GameResult | null;
  /** Copies `src` into `dst` without allocating (both from the same match). */
  copy(src: S, dst: S): void;
}
