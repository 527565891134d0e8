/**
 * The top builds, measured again: each candidate the search found plays every
 * build of the field the same number of seat-swapped pairs, on a stream of
 * seeds the search never saw (its own games picked the winners, so their
 * scores flatter them), and is ranked by its score with an interval.
 *
 * A build "beats" a field build when it scores more than half of their games;
 * it is flagged dominant when it beats at least `DOMINANT` of the field's
 * builds. (Per opponent rather than overall: a build may score 0.8 by
 * crushing most of the field and still lose to a fifth of it, and a build
 * that has answers is not dominant.)
 */
import type { BuildKit } from '../core/game.js';
import { deriveSeed } from '../core/rng.js';
import { scoreInterval, type Interval } from '../stats/wilson.js';
import { pairScore } from './pairs.js';
import type { PairJob, PairPlayer } from './players.js';

/** The share of the field a build must beat to be flagged dominant. */
export const DOMINANT = 0.9;

export interface Ranked<B> {
  readonly rank: number;
  readonly build: B;
  readonly key: string;
  readonly wins: number;
  readonly draws: number;
  readonly games: number;
  /** Score (wins and half the draws over games) with its 95% interval. */
  readonly score: Interval;
  /** Field builds it beats (scores more than half against), of the field's size. */
  readonly beaten: number;
  readonly dominant: boolean;
}

/** Plays each candidate `pairs` pairs against every field build (seeds from `seed`, on `player`) and ranks them, best first. */
export async function rankBuilds<B>(kit: BuildKit<B>, field: readonly B[], player: PairPlayer<B>, candidates: readonly B[], pairs: number, seed: string): Promise<{ ranked: Ranked<B>[]; games: number }> {
  // Every candidate meets field build j in its r-th pair with the same seed (final, j, r).
  const jobs: PairJob<B>[] = candidates.flatMap((build) => field.flatMap((opponent, j) => Array.from({ length: pairs }, (_, r) => [build, opponent, deriveSeed(seed, 'final', j, r)] as const)));
  const results = await player.play(jobs);
  let at = 0;
  const rows = candidates.map((build) => {
    let wins = 0, draws = 0, beaten = 0;
    for (let j = 0; j < field.length; j++) {
      let score = 0;
      for (let r = 0; r < pairs; r++) {
        const p = results[at++];
        wins += p.wins;
        draws += p.draws;
        score += pairScore(p);
      }
      if (score / pairs > 0.5) beaten++;
    }
    const n = 2 * pairs * field.length;
    return { build, key: kit.key(build), wins, draws, games: n, score: scoreInterval(wins, draws, n), beaten, dominant: beaten >= DOMINANT * field.length };
  });
  const games = 2 * jobs.length;
  rows.sort((a, b) => b.score.p - a.score.p || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return { ranked: rows.map((r, i) => ({ rank: i + 1, ...r })), games };
}
