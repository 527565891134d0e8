/**
 * `havoc optimize` without its command line: the field, the search
 * (search.ts), then the best builds it met measured again (rank.ts), the
 * pairs played by `player` (this thread or a pool: players.ts).
 */
import { HavocError } from '../core/errors.js';
import type { AnyGameModule } from '../core/game.js';
import { deriveSeed } from '../core/rng.js';
import { PairBook, pairScore } from './pairs.js';
import type { PairPlayer } from './players.js';
import { rankBuilds, type Ranked } from './rank.js';
import { hillClimb, type SearchOptions, type Step } from './search.js';

export interface OptimizeOptions extends SearchOptions {
  readonly module: AnyGameModule;
  readonly player: PairPlayer<unknown>;
  readonly field: readonly unknown[];
  /** Builds measured again at the end (each restart's last, then the best others the search met). */
  readonly top: number;
  /** Pairs each of them plays against each field build at the end. */
  readonly finalPairs: number;
}

export interface OptimizeResult {
  readonly steps: readonly Step[];
  readonly ranked: readonly Ranked<unknown>[];
  readonly converged: number;
  readonly games: { readonly search: number; readonly final: number };
}

/** Runs the search and ranks what it found. */
export async function optimize(opts: OptimizeOptions, onStep?: (s: Step) => void): Promise<OptimizeResult> {
  const kit = opts.module.builds;
  if (!kit.sample) throw new HavocError('ERR_ARGS', opts.module.id, 'this ruleset has no space of builds to search (its builds cannot be drawn)');
  const book = new PairBook(opts.field, (b) => kit.key(b), deriveSeed(opts.seed, 'search'), opts.player);
  const found = await hillClimb(kit, book, opts, onStep);
  // The restarts' ends first, then every other incumbent by its score in the search, best first.
  const mean = (b: unknown): number => {
    const r = book.results(b);
    return r.length ? r.reduce((s, p) => s + pairScore(p), 0) / r.length : 0;
  };
  const chosen = new Map<string, unknown>();
  for (const b of found.finals) chosen.set(kit.key(b), b);
  const others = [...found.incumbents.entries()].filter(([k]) => !chosen.has(k)).sort(([ka, a], [kb, b]) => mean(b) - mean(a) || (ka < kb ? -1 : 1));
  for (const [k, b] of others) if (chosen.size < opts.top) chosen.set(k, b);
  const { ranked, games } = await rankBuilds(kit, opts.field, opts.player, [...chosen.values()], opts.finalPairs, opts.seed);
  return { steps: found.steps, ranked, converged: found.converged, games: { search: book.games, final: games } };
}
