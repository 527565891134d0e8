/** A match some bots lost as a whole (their process gone, or too many faults): how it ends. */

/** The end reason of a match lost by bots that hung. */
export const HANG = 'hang';

/**
 * The outcome of a match some bots lost: they share the last place, the
 * others the first; a draw when all lost it. Reason `hang` when every seat
 * that lost it hung (the run counts hangs in a row: hangs.ts), else `forfeit`.
 */
export function forfeitOutcome(lost: readonly boolean[], hung: readonly boolean[]): { ranks: number[]; reason: string } {
  const all = lost.every(Boolean);
  const hangs = lost.every((l, s) => !l || hung[s]);
  return { ranks: lost.map((l) => (l && !all ? 1 : 0)), reason: hangs ? HANG : 'forfeit' };
}
