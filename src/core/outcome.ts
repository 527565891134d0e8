/**
 * How a game ends: the places of its seats and why. Outcomes are shared,
 * frozen values, one object per list of places and reason: a search reads
 * one at the end of every playout (thousands a second) and nobody changes
 * one, so a ruleset's `result` need not allocate.
 */

/** How a finished game ended. */
export interface Outcome {
  /** Place per seat, 0 first; seats that share a place share the number (a draw is every seat at 0). */
  readonly ranks: readonly number[];
  /** `kill`, `mutual-destruction`, `turn-limit`, `fold`, … */
  readonly reason: string;
}

/** The one seat alone in first place, or null (a draw, or a shared first place). */
export function winnerOf(o: Outcome): number | null {
  let w = -1;
  for (let s = 0; s < o.ranks.length; s++) {
    if (o.ranks[s] !== 0) continue;
    if (w >= 0) return null;
    w = s;
  }
  return w;
}

/** The seats in first place (one for a lone winner, all of them for a draw). */
export function firstPlace(o: Outcome): number[] {
  const out: number[] = [];
  for (let s = 0; s < o.ranks.length; s++) if (o.ranks[s] === 0) out.push(s);
  return out;
}

/** The shared lists of places, by key: a small integer up to SMALL_KEY_SEATS seats, the places written out past them. */
const RANK_LISTS = new Map<number | string, readonly number[]>();
const OUTCOMES = new Map<readonly number[], Map<string, Outcome>>();
/** Seats whose list of places has a small-integer key (a hex digit a place): a key that is not one would be boxed at every look-up. */
const SMALL_KEY_SEATS = 6;

/** The frozen list of places equal to `ranks[0..n)` (each place 0..15), one per list. */
export function sharedRanks(ranks: ArrayLike<number>, n: number = ranks.length): readonly number[] {
  // (No closure here: a function that makes one allocates its context at every call, made or not.)
  if (n > SMALL_KEY_SEATS) {
    let text = '';
    for (let s = 0; s < n; s++) text += `${ranks[s]},`;
    let r = RANK_LISTS.get(text);
    if (!r) RANK_LISTS.set(text, (r = frozenCopy(ranks, n)));
    return r;
  }
  let key = n;
  for (let s = 0; s < n; s++) key = (key << 4) | (ranks[s] & 15);
  let r = RANK_LISTS.get(key);
  if (!r) RANK_LISTS.set(key, (r = frozenCopy(ranks, n)));
  return r;
}

function frozenCopy(ranks: ArrayLike<number>, n: number): readonly number[] {
  const out: number[] = [];
  for (let s = 0; s < n; s++) out.push(ranks[s]);
  return Object.freeze(out);
}

/** The frozen outcome of `ranks` (a list sharedRanks gave) and `reason`, one per pair. */
export function sharedOutcome(ranks: readonly number[], reason: string): Outcome {
  let byReason = OUTCOMES.get(ranks);
  if (!byReason) OUTCOMES.set(ranks, (byReason = new Map()));
  let o = byReason.get(reason);
  if (!o) byReason.set(reason, (o = Object.freeze({ ranks, reason })));
  return o;
}

/** Places for ranksOf, written before they are looked up. */
const places: number[] = [];

/** The ranks of a game with one winner (every other seat shares second place), or of a draw (shared and frozen). */
export function ranksOf(seats: number, winner: number | null): readonly number[] {
  for (let s = 0; s < seats; s++) places[s] = winner === null || s === winner ? 0 : 1;
  return sharedRanks(places, seats);
}
