/**
 * The ladder's ratings: the project's model (report/tables.ts `rate`):
 * Bradley–Terry over every stored result, by submission, with a first-seat
 * advantage and the prior's virtual draws between every pair that met
 * (PRIOR_DRAWS), on the Elo scale with a 95% interval. A pure function of the
 * results, whatever order they came in: the server writes it with each
 * result, and a replay of the stored results gives the same numbers.
 */
import { bradleyTerry, superiority, toElo, type PairGame } from '../stats/index.js';
import { PRIOR_DRAWS } from '../report/tables.js';

/** A result as the ratings read it: the submissions in seat order and the winning seat (-1: a draw). */
export interface Result {
  readonly s0: number;
  readonly s1: number;
  readonly winner: number;
}

export interface SubmissionRating {
  readonly submission: number;
  readonly elo: number;
  readonly lo: number;
  readonly hi: number;
  readonly games: number;
  readonly wins: number;
  readonly draws: number;
  readonly losses: number;
}

export interface Ratings {
  readonly bySubmission: ReadonlyMap<number, SubmissionRating>;
  /** The likelihood that `a` is stronger than `b` (null: one of them has no games). */
  readonly los: (a: number, b: number) => number | null;
}

/** Rounds a rating for storing: 1e-6 Elo is far below what anyone reads, and keeps stored and recomputed figures equal. */
const round = (x: number): number => Math.round(x * 1e6) / 1e6;

/** The ratings of every submission that has played, from `results`. */
export function rateResults(results: readonly Result[]): Ratings {
  const ids = [...new Set(results.flatMap((r) => [r.s0, r.s1]))].sort((a, b) => a - b);
  const at = new Map(ids.map((id, i) => [id, i]));
  const tally = ids.map(() => ({ games: 0, wins: 0, draws: 0, losses: 0 }));
  // Games of one ordered pair merged (exact for the fit): score from the first seat's side.
  const pairs = new Map<string, { a: number; b: number; n: number; score: number }>();
  for (const r of results) {
    const a = at.get(r.s0)!, b = at.get(r.s1)!;
    const sa = r.winner === 0 ? 1 : r.winner === 1 ? 0 : 0.5;
    const key = `${a},${b}`;
    const p = pairs.get(key) ?? { a, b, n: 0, score: 0 };
    p.n++;
    p.score += sa;
    pairs.set(key, p);
    for (const [i, s] of [[a, sa], [b, 1 - sa]] as const) {
      tally[i].games++;
      if (s === 1) tally[i].wins++;
      else if (s === 0) tally[i].losses++;
      else tally[i].draws++;
    }
  }
  // In pair order, not the order the results came in: the fit's sums then add the same numbers in the same order
  // (a server's ratings and a replay of its stored results differed in the last stored digit once, 1645.631612 and .613).
  const games: PairGame[] = [...pairs.values()]
    .filter((p) => p.a !== p.b)
    .sort((x, y) => x.a - y.a || x.b - y.b)
    .map((p) => ({ a: p.a, b: p.b, score: p.score / p.n, weight: p.n }));
  const fit = ids.length >= 2 && games.length ? bradleyTerry(ids.length, games, { firstMoverAdvantage: true, priorDraws: PRIOR_DRAWS }) : null;
  const elo = fit ? toElo(fit) : null;
  const bySubmission = new Map<number, SubmissionRating>(
    ids.map((id, i) => [id, { submission: id, elo: elo ? round(elo.rating[i]) : 1500, lo: elo ? round(elo.lo[i]) : 1500, hi: elo ? round(elo.hi[i]) : 1500, ...tally[i] }]),
  );
  return {
    bySubmission,
    los: (a, b) => (fit && at.has(a) && at.has(b) ? superiority(fit, at.get(a)!, at.get(b)!) : null),
  };
}
