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
