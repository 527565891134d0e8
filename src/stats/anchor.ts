/**
 * Re-anchoring a category's point value on the parts not flagged, until the
 * anchor set stops changing. The rounds can go round in a cycle — two anchor
 * sets each flagging the other's parts — so a set seen before ends them:
 * the result is then the first round's (the anchor every round starts from),
 * never that of wherever a cycle happened to stop, and `settled` says so.
 */

/** Rounds of re-anchoring at most (a cycle ends them sooner). */
export const MAX_ANCHOR_ROUNDS = 20;

export interface AnchorRounds<T> {
  /** The settled round's result, or the first round's when the rounds did not settle. */
  readonly result: T;
  readonly rounds: number;
  readonly settled: boolean;
}

/**
 * Runs `round` from the anchor set `start`: each round prices on its anchor
 * and proposes the next set. With `iterate` false, one round (a fixed anchor).
 */
export function settleAnchor<T>(
  start: readonly boolean[],
  round: (anchor: readonly boolean[]) => { result: T; next: readonly boolean[] },
  iterate: boolean,
  max = MAX_ANCHOR_ROUNDS,
): AnchorRounds<T> {
  const key = (a: readonly boolean[]): string => a.map((b) => (b ? '1' : '0')).join('');
  const seen = new Set<string>();
  let anchor = start, first: { result: T } | null = null;
  for (let rounds = 1; rounds <= max; rounds++) {
    seen.add(key(anchor));
    const { result, next } = round(anchor);
    first ??= { result };
    if (!iterate || next.every((b, j) => b === anchor[j])) return { result, rounds, settled: true };
    if (seen.has(key(next))) return { result: first.result, rounds, settled: false };
    anchor = next;
  }
  return { result: first!.result, rounds: max, settled: false };
}
