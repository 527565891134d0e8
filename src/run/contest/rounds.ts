/**
 * How a contest's schedule grows, one round at a time, from the standing so
 * far: first every pair of entrants meets (`games.first` games, seat-swapped);
 * an entrant that joins later meets every other the same way, and nothing
 * already played is played again; then, round after round, the neighbours on
 * the leaderboard whose order is still uncertain (the likelihood that the
 * higher is the stronger below `confidence`) play `games.more` more, the
 * least certain first, until every neighbour is settled, the games budget is
 * spent or the rounds run out (they bound only these rounds: every pair
 * always meets). The choice depends on the results alone, so a
 * contest is the same bytes however many workers play it.
 */
import type { ContestRound } from '../../config/types.js';
import type { ContestOptions } from './file.js';

/** The leaderboard as the schedule reads it: the active entrants best first, and for each the likelihood it is stronger than the next (null: no telling). */
export interface Standing {
  readonly order: readonly string[];
  readonly los: readonly (number | null)[];
}

/** The next round, or why the contest stops. */
export type NextRound = { readonly round: ContestRound } | { readonly stop: string };

/** Games the rounds hold. */
export const gamesOf = (rounds: readonly ContestRound[]): number => rounds.reduce((n, r) => n + r.pairs.length * r.games, 0);

/** Every pair of `names` once, in list order. */
function allPairs(names: readonly string[]): [string, string][] {
  const out: [string, string][] = [];
  for (let i = 0; i < names.length; i++) for (let j = i + 1; j < names.length; j++) out.push([names[i], names[j]]);
  return out;
}

/**
 * The round after `rounds` for the entrants `active` (in the contest's order), given the standing of the
 * games so far (null before any).
 */
export function nextRound(rounds: readonly ContestRound[], active: readonly string[], standing: Standing | null, opts: ContestOptions): NextRound {
  const played = gamesOf(rounds);
  const met = new Set(rounds.flatMap((r) => r.pairs.flat()));
  const fresh = active.filter((n) => !met.has(n));
  // Every pair meets, whatever the budget: the rounds and games budget bound only the rounds that settle the order.
  if (rounds.length === 0 || fresh.length > 0) {
    // Every pair with a newcomer in it (at the start, every pair).
    const pairs = rounds.length === 0 ? allPairs(active) : allPairs(active).filter(([a, b]) => fresh.includes(a) || fresh.includes(b));
    if (pairs.length === 0) return { stop: 'fewer than two entrants' };
    return { round: { pairs, games: opts.first, why: rounds.length === 0 ? 'every pair meets' : `${fresh.join(', ')} joined: every pair with ${fresh.length === 1 ? 'it' : 'them'} meets` } };
  }
  if (rounds.length >= opts.maxRounds) return { stop: `the rounds are spent (${opts.maxRounds})` };
  if (!standing) return { stop: 'no standing to go on' };
  const doubtful: { pair: [string, string]; los: number | null }[] = [];
  for (let i = 0; i + 1 < standing.order.length; i++) {
    const los = standing.los[i];
    if (los === null || los < opts.confidence) doubtful.push({ pair: [standing.order[i], standing.order[i + 1]], los });
  }
  if (doubtful.length === 0) return { stop: `the order is settled: each entrant is stronger than the next with likelihood ≥ ${opts.confidence}` };
  // The least certain first: a likelihood nearest one half (none at all: first of all).
  doubtful.sort((x, y) => (x.los ?? 0.5) - (y.los ?? 0.5));
  const room = Math.floor((opts.max - played) / opts.more);
  if (room <= 0) return { stop: `the games budget is spent (${played} of ${opts.max})` };
  const chosen = doubtful.slice(0, room);
  const los = (x: number | null): string => (x === null ? 'unknown' : x.toFixed(3));
  return { round: { pairs: chosen.map((d) => d.pair), games: opts.more, why: `order uncertain: ${chosen.map((d) => `${d.pair[0]} over ${d.pair[1]} ${los(d.los)}`).join('; ')}` } };
}
