/** A ruleset's fast way to play whole matches between bots with native policies (`GameModule.fast`; RBP's kernel). */

/** A fast way a ruleset may offer to play a whole match between bots with native policies. */
export interface FastPath<G> {
  /** Whether it can play this game with these policies (cached by the caller per game). */
  accepts(game: G, policies: readonly unknown[]): boolean;
  /** Plays the match from its seats' own seeds (core/seatKey.ts: each seat's bot stream); the same result the general loop gives. */
  play(game: G, seats: readonly string[], policies: readonly unknown[]): FastResult;
}

export interface FastResult {
  readonly winner: number | null;
  readonly reason: string;
  readonly turns: number;
  /** The ruleset's per-seat figures, in `figures` order, each one value per seat. */
  readonly figures: readonly (readonly number[])[];
}
