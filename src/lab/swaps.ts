/**
 * Controlled swaps (`havoc swaps`): a baseline build, and each of its parts
 * swapped for every other part of its category at the same listed cost that
 * keeps the build legal (the ruleset's neighbours that differ by exactly that
 * one part). Each swapped build meets the field in the same seat-swapped
 * pairs, on the same seeds, as the baseline (PairBook: common random
 * numbers), so the pairs' difference measures the one part and nothing else.
 * Two sequential tests run on the difference together — better by `delta`
 * or not, worse by `delta` or not — and the comparison stops when both have
 * decided or at the cap; the mean difference is given with its 95% interval.
 */
import type { BuildKit } from '../core/game.js';
import { Sprt } from '../stats/sprt.js';
import { type PairBook, pairScore } from './pairs.js';

export interface SwapOptions {
  /** The gain (or loss) in score against the field the tests look for. */
  readonly delta: number;
  readonly alpha: number;
  readonly beta: number;
  /** Pairs a comparison may play at most. */
  readonly maxPairs: number;
  /** Pairs before a comparison may decide. */
  readonly minPairs: number;
  readonly filter?: unknown;
}

/** Pairs played at once after the first ones: fixed, so what is played does not depend on the machine. */
const CHUNK = 4;

/** One swap measured. */
export interface Swap<B> {
  readonly removed: string;
  readonly added: string;
  readonly category: string;
  readonly cost: number;
  readonly build: B;
  readonly key: string;
  readonly pairs: number;
  /** The swapped build's score less the baseline's, pair by pair, averaged (a score is in [0, 1]). */
  readonly diff: number;
  readonly lo: number;
  readonly hi: number;
  /** better / worse by delta, no difference (both tests say no), or undecided at the cap. */
  readonly verdict: 'better' | 'worse' | 'no-difference' | 'undecided';
}

/** The parts `a` has that `b` lacks, counted (a build may hold a part twice). */
function minus(a: readonly string[], b: readonly string[]): string[] {
  const left = [...b];
  const out: string[] = [];
  for (const p of a) {
    const i = left.indexOf(p);
    if (i >= 0) left.splice(i, 1);
    else out.push(p);
  }
  return out;
}

/** The equal-cost single-part swaps of `baseline`, sorted by removed then added part. */
export function swapsOf<B>(kit: BuildKit<B>, baseline: B, filter?: unknown): { removed: string; added: string; category: string; cost: number; build: B }[] {
  if (!kit.components || !kit.listing || !kit.neighbours) return [];
  const listing = kit.listing(), base = kit.components(baseline);
  const out: { removed: string; added: string; category: string; cost: number; build: B }[] = [];
  const seen = new Set<string>();
  for (const b of kit.neighbours(baseline, filter)) {
    const parts = kit.components(b);
    const gone = minus(base, parts), came = minus(parts, base);
    if (gone.length !== 1 || came.length !== 1) continue;
    const p = listing.get(gone[0]), q = listing.get(came[0]);
    if (!p || !q || p.category !== q.category || p.cost !== q.cost) continue;
    const key = kit.key(b);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ removed: gone[0], added: came[0], category: p.category, cost: p.cost, build: b });
  }
  return out.sort((x, y) => (x.removed < y.removed ? -1 : x.removed > y.removed ? 1 : x.added < y.added ? -1 : x.added > y.added ? 1 : 0));
}

/** Measures each swap against the baseline on `book`'s pairs. */
export async function measureSwaps<B>(kit: BuildKit<B>, baseline: B, book: PairBook<B>, opts: SwapOptions): Promise<Swap<B>[]> {
  const out: Swap<B>[] = [];
  for (const s of swapsOf(kit, baseline, opts.filter)) {
    const spec = { alpha: opts.alpha, beta: opts.beta, minN: Math.min(opts.minPairs, opts.maxPairs), maxN: opts.maxPairs };
    const up = new Sprt({ ...spec, mu0: 0, mu1: opts.delta }), down = new Sprt({ ...spec, mu0: -opts.delta, mu1: 0 });
    let n = 0, sum = 0, sumSq = 0, ready = 0;
    const decided = (): boolean => up.state !== 'continue' && down.state !== 'continue';
    while (!decided()) {
      // The first pairs at once, then a few at a time (a pool plays them side by side).
      if (n === ready) await book.ensure([baseline, s.build], (ready = Math.min(opts.maxPairs, n === 0 ? spec.minN : n + CHUNK)));
      const d = pairScore(book.pair(s.build, n)) - pairScore(book.pair(baseline, n));
      up.push(d), down.push(d);
      (n += 1), (sum += d), (sumSq += d * d);
    }
    const mean = sum / n, sd = n > 1 ? Math.sqrt(Math.max(0, (sumSq - n * mean * mean) / (n - 1))) : 0, half = (1.96 * sd) / Math.sqrt(n);
    // "down" tests worse (mu0 = −delta) against no loss (mu1 = 0): its H0 says worse.
    const verdict = up.state === 'H1' ? 'better' : down.state === 'H0' ? 'worse' : up.state === 'H0' && down.state === 'H1' ? 'no-difference' : 'undecided';
    out.push({ ...s, key: kit.key(s.build), pairs: n, diff: mean, lo: mean - half, hi: mean + half, verdict });
  }
  return out;
}
