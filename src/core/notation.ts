/**
 * A ruleset's language of actions (one of the small interfaces a `GameModule`
 * composes, with its builds, data and presentation): how an answer is read,
 * which answers are legal now, and how an action is written. A bot's reply,
 * a scenario's script and a replay's record all go through it.
 */
import type { HavocError } from './errors.js';
import type { LegalActions, Parsed } from './game.js';

export interface ActionNotation<S, A> {
  /** Reads a bot's or a script's answer to a decision or question of kind `kind`. */
  parse(state: S, seat: number, kind: string, raw: unknown): Parsed<A>;
  /**
   * The legal actions of `seat` for a decision of kind `kind` (the node's,
   * or a question the rules are asking now, NHM's Dodge and Auto-Target),
   * in a fixed order (see `LegalActions`); a count of 0 when the seat has
   * no such decision now. What a generic bot draws from (`random` where the
   * ruleset has no `randomBot`, `mcts` where it has no knowledge) and what
   * the conformance suite checks `check` against.
   */
  legal(state: S, seat: number, kind: string): LegalActions<A>;
  /** Whether a parsed action is legal now. */
  check(state: S, seat: number, kind: string, action: A): HavocError | null;
  /** Writes an action in the ruleset's notation. */
  format(state: S, seat: number, kind: string, action: A): string;
}
