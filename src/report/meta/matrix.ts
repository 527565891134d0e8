/**
 * A metagame's matchup matrix read from its run's matches.csv: per ordered
 * pair of builds the score rate (a win 1, a draw ½), over all its games and
 * over each of two halves of them (alternate seat-swapped rotations: the
 * games sharing a seed stay together), so an equilibrium found on one half
 * can be checked on the other. Each pair's rotations are kept apart too
 * (points and games, in match order), for the bootstrap (stats/metaBootstrap.ts).
 */
import { join } from 'node:path';
import type { RunConfig } from '../../config/index.js';
import { readMatches } from '../../store/records.js';
import { figuresOf } from '../../run/schedule.js';
import { HavocError } from '../../core/errors.js';
import type { CellRotations } from '../../stats/metaBootstrap.js';

export interface MatchupMatrix {
  readonly names: readonly string[];
  /** score[i][j]: i's score rate against j (0.5 on the diagonal and where they never met). */
  readonly score: number[][];
  /** games[i][j]: games between i and j (symmetric). */
  readonly games: number[][];
  /** The same score rates over each half of every pair's rotations (0.5 where a half has none). */
  readonly halves: readonly [number[][], number[][]];
  /** Every pair i < j that met: the first's points and the games in each rotation (the games sharing a seed), in match order. */
  readonly rotations: readonly CellRotations[];
}

const square = (k: number, v: number): number[][] => Array.from({ length: k }, () => new Array<number>(k).fill(v));

/** The matrix of `names` (the run's loadouts, in the run's order) from DIR/matches.csv. */
export function readMatchupMatrix(dir: string, run: RunConfig): MatchupMatrix {
  const names = run.loadouts.map((l) => l.name);
  const k = names.length;
  const at = new Map(names.map((n, i) => [n, i]));
  // Per cell i<j: points of i, games; the same per half; each rotation's number in its cell (by seed: a rotation's games share one), its half the number's parity.
  const points = square(k, 0), games = square(k, 0);
  const hp = [square(k, 0), square(k, 0)], hg = [square(k, 0), square(k, 0)];
  const rotationOf = new Map<string, number>(), groups = square(k, 0);
  const cells = new Map<number, { i: number; j: number; points: number[]; games: number[] }>();
  const path = join(dir, 'matches.csv');
  readMatches(path, 2, (r) => {
    let i = at.get(r.loadouts[0]), j = at.get(r.loadouts[1]);
    if (i === undefined || j === undefined) throw new HavocError('ERR_MATCHES', path, `match ${r.id}: a loadout not in the run (${r.loadouts.join(' vs ')})`);
    let first = r.winner === 0 ? 1 : r.winner === 1 ? 0 : 0.5;
    if (i > j) ([i, j] = [j, i]), (first = 1 - first);
    const key = `${i} ${j} ${r.seed}`;
    let n = rotationOf.get(key);
    if (n === undefined) rotationOf.set(key, (n = groups[i][j]++));
    const h = n % 2;
    points[i][j] += first;
    games[i][j]++;
    hp[h][i][j] += first;
    hg[h][i][j]++;
    let c = cells.get(i * k + j);
    if (!c) cells.set(i * k + j, (c = { i, j, points: [], games: [] }));
    if (n === c.points.length) c.points.push(0), c.games.push(0);
    c.points[n] += first;
    c.games[n]++;
  }, false, figuresOf(run));
  const rates = (p: number[][], g: number[][]): number[][] => {
    const s = square(k, 0.5);
    for (let i = 0; i < k; i++)
      for (let j = i + 1; j < k; j++)
        if (g[i][j] > 0) (s[i][j] = p[i][j] / g[i][j]), (s[j][i] = 1 - s[i][j]);
    return s;
  };
  for (let i = 0; i < k; i++) for (let j = i + 1; j < k; j++) games[j][i] = games[i][j];
  const rotations = [...cells.keys()].sort((a, b) => a - b).map((c) => cells.get(c)!);
  return { names, score: rates(points, games), games, halves: [rates(hp[0], hg[0]), rates(hp[1], hg[1])], rotations };
}

/** The zero-sum payoff of a score-rate matrix: score − ½ (what a build gains over an even game), exactly antisymmetric. */
export function payoffOf(score: readonly (readonly number[])[]): number[][] {
  const k = score.length;
  const a = square(k, 0);
  for (let i = 0; i < k; i++) for (let j = i + 1; j < k; j++) (a[i][j] = score[i][j] - 0.5), (a[j][i] = -a[i][j]);
  return a;
}
