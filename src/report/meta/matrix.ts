/**
 * A metagame's matchup matrix read from its run's matches.csv: per ordered
 * pair of builds the score rate (a win 1, a draw ½), over all its games and
 * over each of two halves of them (alternate seat-swapped rotations: the
 * games sharing a seed stay together), so an equilibrium found on one half
 * can be checked on the other.
 */
import { join } from 'node:path';
import type { RunConfig } from '../../config/index.js';
import { readMatches } from '../../store/records.js';
import { figuresOf } from '../../run/schedule.js';
import { HavocError } from '../../core/errors.js';

export interface MatchupMatrix {
  readonly names: readonly string[];
  /** score[i][j]: i's score rate against j (0.5 on the diagonal and where they never met). */
  readonly score: number[][];
  /** games[i][j]: games between i and j (symmetric). */
  readonly games: number[][];
  /** The same score rates over each half of every pair's rotations (0.5 where a half has none). */
  readonly halves: readonly [number[][], number[][]];
}

const square = (k: number, v: number): number[][] => Array.from({ length: k }, () => new Array<number>(k).fill(v));

/** The matrix of `names` (the run's loadouts, in the run's order) from DIR/matches.csv. */
export function readMatchupMatrix(dir: string, run: RunConfig): MatchupMatrix {
  const names = run.loadouts.map((l) => l.name);
  const k = names.length;
  const at = new Map(names.map((n, i) => [n, i]));
  // Per cell i<j: points of i, games; the same per half; the seeds already seen and which half each went to.
  const points = square(k, 0), games = square(k, 0);
  const hp = [square(k, 0), square(k, 0)], hg = [square(k, 0), square(k, 0)];
  const halfOf = new Map<string, number>(), groups = square(k, 0);
  const path = join(dir, 'matches.csv');
  readMatches(path, 2, (r) => {
    let i = at.get(r.loadouts[0]), j = at.get(r.loadouts[1]);
    if (i === undefined || j === undefined) throw new HavocError('ERR_MATCHES', path, `match ${r.id}: a loadout not in the run (${r.loadouts.join(' vs ')})`);
    let first = r.winner === 0 ? 1 : r.winner === 1 ? 0 : 0.5;
    if (i > j) ([i, j] = [j, i]), (first = 1 - first);
    const cell = `${i} ${j} ${r.seed}`;
    let h = halfOf.get(cell);
    if (h === undefined) halfOf.set(cell, (h = groups[i][j]++ % 2));
    points[i][j] += first;
    games[i][j]++;
    hp[h][i][j] += first;
    hg[h][i][j]++;
  }, false, figuresOf(run));
  const rates = (p: number[][], g: number[][]): number[][] => {
    const s = square(k, 0.5);
    for (let i = 0; i < k; i++)
      for (let j = i + 1; j < k; j++)
        if (g[i][j] > 0) (s[i][j] = p[i][j] / g[i][j]), (s[j][i] = 1 - s[i][j]);
    return s;
  };
  for (let i = 0; i < k; i++) for (let j = i + 1; j < k; j++) games[j][i] = games[i][j];
  return { names, score: rates(points, games), games, halves: [rates(hp[0], hg[0]), rates(hp[1], hg[1])] };
}

/** The zero-sum payoff of a score-rate matrix: score − ½ (what a build gains over an even game), exactly antisymmetric. */
export function payoffOf(score: readonly (readonly number[])[]): number[][] {
  const k = score.length;
  const a = square(k, 0);
  for (let i = 0; i < k; i++) for (let j = i + 1; j < k; j++) (a[i][j] = score[i][j] - 0.5), (a[j][i] = -a[i][j]);
  return a;
}
