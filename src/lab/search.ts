/**
 * The search for strong builds: hill climbing with restarts over the legal
 * space. Each restart starts from a build drawn from the space and, for a
 * number of iterations, proposes a build one move away (the kit's
 * `neighbours`; a ruleset without them gets a fresh draw) and keeps it when
 * it scores better against the field.
 *
 * "Better" is a sequential test on the pair-by-pair difference of the two
 * builds' scores, both playing the same pairs of the same stream (pairs.ts):
 * H0 the difference is 0, H1 it is `delta`. It stops as soon as the evidence
 * is decisive, so clear verdicts cost few games and close ones up to the cap;
 * at the cap the candidate is kept if it is ahead (a plateau move, so the
 * climb is not stuck among equals).
 */
import type { BuildKit } from '../core/game.js';
import { deriveSeed, makeRng } from '../core/rng.js';
import { Sprt, type SprtState } from '../stats/sprt.js';
import { pairScore, type PairBook } from './pairs.js';

export interface SearchOptions {
  readonly seed: string;
  readonly restarts: number;
  readonly iterations: number;
  /** Most games a comparison spends on the candidate (its pairs × 2). */
  readonly maxGames: number;
  /** The difference in score against the field the test looks for (H1). */
  readonly delta: number;
  readonly alpha: number;
  readonly beta: number;
  /** The kit's filter of the space (what `sample` reads). */
  readonly filter?: unknown;
}

/** One proposal: who was compared, what the test said, what it cost. */
export interface Step {
  readonly restart: number;
  readonly iteration: number;
  readonly incumbent: string;
  readonly candidate: string;
  /** Pairs the test read, and games played for it now (pairs of either build played before are not counted again). */
  readonly pairs: number;
  readonly games: number;
  /** Mean pair-score difference, candidate minus incumbent. */
  readonly diff: number;
  readonly llr: number;
  readonly outcome: SprtState;
  readonly accepted: boolean;
}

export interface SearchResult<B> {
  readonly steps: Step[];
  /** Every build that was an incumbent, by key, in the order met. */
  readonly incumbents: ReadonlyMap<string, B>;
  /** Each restart's last incumbent. */
  readonly finals: readonly B[];
  /** Restarts that ran out of untried neighbours (a local optimum) before their iterations. */
  readonly converged: number;
}

/** Fewest pairs before a comparison may decide (capped by the comparison's own cap). */
const MIN_PAIRS = 16;
/**
 * Pairs played at once after the first MIN_PAIRS, ahead of the test (a pool
 * plays them side by side; a test that stops inside a chunk leaves the rest
 * unread). Fixed, not the number of workers: what is played, and so every
 * count written, is the same on any machine.
 */
const CHUNK = 4;

/** Runs the search; `onStep` hears each step as it is taken. */
export async function hillClimb<B>(kit: BuildKit<B>, book: PairBook<B>, opts: SearchOptions, onStep?: (s: Step) => void): Promise<SearchResult<B>> {
  if (!kit.sample) throw new Error('hillClimb: the kit draws no builds');
  const steps: Step[] = [];
  const incumbents = new Map<string, B>();
  const finals: B[] = [];
  let converged = 0;
  const maxPairs = Math.max(1, Math.floor(opts.maxGames / 2));
  for (let r = 0; r < opts.restarts; r++) {
    let cur = kit.sample(1, deriveSeed(opts.seed, 'start', r), opts.filter)[0];
    incumbents.set(kit.key(cur), cur);
    const rng = makeRng(deriveSeed(opts.seed, 'moves', r));
    // Neighbours already compared with this incumbent (and lost or tied) are not proposed again.
    let tried = new Set<string>();
    for (let it = 0; it < opts.iterations; it++) {
      const curKey = kit.key(cur);
      let cand: B | undefined;
      if (kit.neighbours) {
        const fresh = kit.neighbours(cur, opts.filter).filter((b) => !tried.has(kit.key(b)));
        if (!fresh.length) {
          converged++;
          break;
        }
        cand = fresh[rng.int(fresh.length)];
      } else cand = kit.sample(1, deriveSeed(opts.seed, 'draw', r, it), opts.filter)[0];
      const candKey = kit.key(cand);
      tried.add(candKey);
      if (candKey === curKey) continue;
      const before = book.games;
      const minPairs = Math.min(MIN_PAIRS, maxPairs);
      const test = new Sprt({ mu0: 0, mu1: opts.delta, alpha: opts.alpha, beta: opts.beta, minN: minPairs, maxN: maxPairs });
      let ready = 0;
      while (test.state === 'continue') {
        const k = test.n;
        if (k === ready) await book.ensure([cand, cur], (ready = Math.min(maxPairs, k === 0 ? minPairs : k + CHUNK)));
        test.push(pairScore(book.pair(cand, k)) - pairScore(book.pair(cur, k)));
      }
      const outcome = test.state;
      const accepted = outcome === 'H1' || (outcome === 'cap' && test.mean > 0);
      const step: Step = { restart: r, iteration: it, incumbent: curKey, candidate: candKey, pairs: test.n, games: book.games - before, diff: test.mean, llr: test.llr, outcome, accepted };
      steps.push(step);
      onStep?.(step);
      if (accepted) {
        cur = cand;
        incumbents.set(candKey, cand);
        tried = new Set([curKey]);
      }
    }
    finals.push(cur);
  }
  return { steps, incumbents, finals, converged };
}
