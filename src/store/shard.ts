/**
 * Shards: `--shard K/N` plays match ids ≡ K−1 (mod N), so N machines can
 * split a run with no coordination and `havoc merge` puts it back together.
 */
import { HavocError } from '../core/errors.js';

/** Shard K of N (1-based). */
export interface Shard {
  readonly index: number;
  readonly count: number;
}

/** Parses `K/N`. */
export function parseShard(text: string): Shard {
  const m = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text);
  const index = m ? Number(m[1]) : NaN;
  const count = m ? Number(m[2]) : NaN;
  if (!m || !(count >= 1) || !(index >= 1 && index <= count)) throw new HavocError('ERR_ARGS', '--shard', `"${text}" is not K/N with 1 <= K <= N (e.g. 2/4)`);
  return { index, count };
}

/** The first id of a shard and the step between its ids. */
export const shardStart = (s: Shard | null): number => (s ? s.index - 1 : 0);
export const shardStep = (s: Shard | null): number => (s ? s.count : 1);

/** How many of `total` match ids a shard holds. */
export function shardSize(s: Shard | null, total: number): number {
  const start = shardStart(s);
  return total > start ? Math.ceil((total - start) / shardStep(s)) : 0;
}

/** Whether match `id` belongs to the shard. */
export const inShard = (s: Shard | null, id: number): boolean => !s || id % s.count === s.index - 1;
