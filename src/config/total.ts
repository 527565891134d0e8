/** How many matches a run's schedule plays, and the most one run may hold. */
import type { RunConfig } from './types.js';

/** The most matches one run may play (its ids must stay exact and its files manageable). */
export const MAX_MATCHES = 1e9;

/** The number of matches a run plays (its schedule's length). */
export function scheduleTotal(run: RunConfig): number {
  const s = run.schedule;
  if (s.type === 'sweep' || s.type === 'duel') return s.matches;
  if (s.type === 'rounds') return s.rounds.reduce((n, r) => n + r.pairs.length * r.games, 0);
  const n = run.between === 'teams' ? run.teams!.length : run.between === 'bots' ? run.bots.length : run.loadouts.length;
  const k = s.type === 'free-for-all' ? s.seats : 2;
  const groups = s.type === 'round-robin' ? (n * (n - 1)) / 2 : s.type === 'gauntlet' ? s.challengers.length * (n - s.challengers.length) : binomial(n, k);
  return groups * s.games;
}

function binomial(n: number, k: number): number {
  let r = 1;
  for (let i = 0; i < k; i++) r = (r * (n - i)) / (i + 1);
  return Math.round(r);
}

/**
 * The run with `n` matches in place of its schedule's (`--matches N` of tournament and sweep), or why not: a
 * sweep's matches come in groups of its seats; a round robin's, gauntlet's or free-for-all's in every pairing
 * played in every seat rotation, so N must be a whole number of those rounds (games per pairing = N / pairings).
 */
export function withMatches(run: RunConfig, n: number): RunConfig | string {
  if (!(Number.isInteger(n) && n >= 1)) return 'must be a whole number >= 1';
  const s = run.schedule;
  if (s.type === 'rounds' || s.type === 'duel') return `a ${s.type === 'rounds' ? 'contest' : 'duel'} sets its own matches`;
  if (s.type === 'sweep') return n % s.seats === 0 ? { ...run, schedule: { ...s, matches: n } } : `must be a multiple of ${s.seats} (a sweep's groups play all ${s.seats} seat rotations on one seed)`;
  const k = s.type === 'free-for-all' ? s.seats : 2;
  const pairings = scheduleTotal(run) / s.games;
  const round = pairings * k;
  if (n % round !== 0) {
    const lo = Math.floor(n / round) * round, hi = lo + round;
    return `must be a multiple of ${round} for run ${run.name} (${pairings} pairing${pairings === 1 ? '' : 's'} × ${k} seat rotations, every pairing played alike): ${lo ? `${lo} or ` : ''}${hi}`;
  }
  return { ...run, schedule: { ...s, games: n / pairings } };
}
