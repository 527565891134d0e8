/**
 * How sure a metagame's equilibrium is (docs/balance.md, "How sure it is"):
 * the payoff matrix bootstrapped by resampling its games, each resample's
 * Nash equilibrium solved as the point one is (stats/zeroSum.ts), and from
 * them how often each build is in the support and each part's share of the
 * equilibrium with a percentile interval.
 *
 * The unit resampled is a rotation: a pair's games that share a seed (the
 * same game seat-swapped), so a resample keeps the design's seat balance.
 * Each pair's rotations are drawn with replacement, as many as it played: a
 * stratified bootstrap, every cell measured on as many games as it was.
 * Resample r draws from its own stream (the caller's, seeded from the run's
 * seed and r: stats imports nothing of the project), so the same games give
 * the same resamples, and the first N of a larger count are the N of a
 * smaller one.
 */
import { partShares } from './partShares.js';
import { symmetricNash } from './zeroSum.js';

/** A pair i < j that met: i's points and the games in each of its rotations. */
export interface CellRotations {
  readonly i: number;
  readonly j: number;
  readonly points: readonly number[];
  readonly games: readonly number[];
}

/** Resample r's random stream: integers in [0, n). */
export type ResampleStream = (r: number) => { int(n: number): number };

/** A part is called never played (or in every build) only when the resamples that contradict it are fewer than this share. */
export const SETTLED_BELOW = 0.05;

export interface NashBootstrap {
  readonly resamples: number;
  /** Each resample's equilibrium weights, K per resample. */
  readonly weights: readonly Float64Array[];
  /** Per build: the share of resamples whose equilibrium gives it weight. */
  readonly supportFrequency: readonly number[];
  /** The share of resamples whose support is exactly the point equilibrium's. */
  readonly sameSupport: number;
  /** The support's size over the resamples: median and 95% percentile interval. */
  readonly supportSize: { readonly median: number; readonly lo: number; readonly hi: number };
}

/** The q-quantile of ascending `sorted` (linear between order statistics: Hyndman–Fan type 7, R's default). */
export function quantile(sorted: ArrayLike<number>, q: number): number {
  const h = (sorted.length - 1) * q, lo = Math.floor(h);
  return lo + 1 < sorted.length ? sorted[lo] + (h - lo) * (sorted[lo + 1] - sorted[lo]) : sorted[lo];
}

/** A build that beats every other outright (payoff > 0 in its whole row) is the game's unique equilibrium: no LP needed. */
function strictWinner(payoff: readonly (readonly number[])[]): number {
  outer: for (let i = 0; i < payoff.length; i++) {
    for (let j = 0; j < payoff.length; j++) if (j !== i && !(payoff[i][j] > 0)) continue outer;
    return i;
  }
  return -1;
}

/**
 * `resamples` bootstrap equilibria of the K-build metagame whose games are `cells` (pairs never met stay
 * even), against the point equilibrium's `support` (its builds' indices); resample r draws from `streamOf(r)`.
 */
export async function bootstrapNash(k: number, cells: readonly CellRotations[], support: readonly number[], resamples: number, streamOf: ResampleStream): Promise<NashBootstrap> {
  if (!Number.isInteger(resamples) || resamples < 1) throw new RangeError(`resamples must be a whole number >= 1, not ${resamples}`);
  const payoff = Array.from({ length: k }, () => new Array<number>(k).fill(0));
  const weights: Float64Array[] = [];
  const inSupport = new Array<number>(k).fill(0);
  const sizes: number[] = [];
  const point = new Set(support);
  let same = 0;
  for (let r = 0; r < resamples; r++) {
    const rng = streamOf(r);
    for (const c of cells) {
      const n = c.points.length;
      let p = 0, g = 0;
      for (let d = 0; d < n; d++) {
        const at = rng.int(n);
        (p += c.points[at]), (g += c.games[at]);
      }
      payoff[c.i][c.j] = p / g - 0.5;
      payoff[c.j][c.i] = -payoff[c.i][c.j];
    }
    const w = new Float64Array(k);
    const top = strictWinner(payoff);
    if (top >= 0) w[top] = 1;
    else w.set((await symmetricNash(payoff)).weights);
    weights.push(w);
    let size = 0, matches = 0;
    for (let i = 0; i < k; i++) if (w[i] > 0) inSupport[i]++, size++, (matches += point.has(i) ? 1 : 0);
    if (size === point.size && matches === size) same++;
    sizes.push(size);
  }
  sizes.sort((a, b) => a - b);
  return {
    resamples,
    weights,
    supportFrequency: inSupport.map((n) => n / resamples),
    sameSupport: same / resamples,
    supportSize: { median: quantile(sizes, 0.5), lo: quantile(sizes, 0.025), hi: quantile(sizes, 0.975) },
  };
}

/** A part over the resamples. */
export interface PartBootstrap {
  readonly part: string;
  /** The share of resamples whose equilibrium plays a build holding it. */
  readonly supportFrequency: number;
  /** The share of resamples in which every build of the equilibrium holds it. */
  readonly inEveryFrequency: number;
  /** Its share of the equilibrium: 95% percentile interval over the resamples. */
  readonly shareLo: number;
  readonly shareHi: number;
}

/** Each part of `parts` (and any other a build holds, after them, as partShares orders them) over the resamples of `boot`; `components[i]` is build i's. */
export function partBootstrap(components: readonly (readonly string[])[], boot: NashBootstrap, parts: readonly string[] = []): PartBootstrap[] {
  const per = boot.weights.map((w) => partShares(components.map((c, i) => ({ components: c, weight: w[i] })), parts));
  const names = per.length ? per[0].map((s) => s.part) : [...parts];
  return names.map((part, p) => {
    const shares = per.map((s) => s[p].share).sort((a, b) => a - b);
    return {
      part,
      supportFrequency: per.filter((s) => s[p].supportBuilds > 0).length / boot.resamples,
      inEveryFrequency: per.filter((s) => s[p].inEvery).length / boot.resamples,
      shareLo: quantile(shares, 0.025),
      shareHi: quantile(shares, 0.975),
    };
  });
}

/** A part's flag: in every build of the equilibrium, in top-K builds but none of the equilibrium's, or in none of the top K. */
export type PartFlag = 'in-every' | 'never' | 'not-in-top-k' | '';

/**
 * A part's flag from the point equilibrium (`builds` of the top K hold it, `supportBuilds` of its support,
 * `inEvery` every one) and, when bootstrapped, the resamples: `never` and `in-every` stand only where fewer
 * than SETTLED_BELOW of the resamples say otherwise.
 */
export function partFlag(point: { builds: number; supportBuilds: number; inEvery: boolean }, boot: PartBootstrap | null): PartFlag {
  if (point.builds === 0) return 'not-in-top-k';
  if (point.supportBuilds === 0) return !boot || boot.supportFrequency < SETTLED_BELOW ? 'never' : '';
  if (point.inEvery) return !boot || 1 - boot.inEveryFrequency < SETTLED_BELOW ? 'in-every' : '';
  return '';
}
