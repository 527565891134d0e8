/**
 * How a run is cut into batches: the ids still to play as runs of
 * consecutive ids of the folder's slice, each as long as the sizer says when
 * it begins. Sizes depend on timing, results do not (the runner writes
 * matches.csv in id order whatever the batches).
 */
import { shardStart, shardStep, type Shard } from '../store/shard.js';

/** A batch's match ids: start, start + step, … (count of them). */
export interface IdRange {
  readonly start: number;
  readonly step: number;
  readonly count: number;
}

/**
 * The ids still to play, as batches of consecutive slice ids, each as long as `size()` says when it begins;
 * `fixed` (by first id): batches to hand out as they are (the executor has them already: Executor.reusable),
 * every id of them still to play and none overlapping.
 */
export function* batchesOf(done: Uint8Array, shard: Shard | null, size: () => number, fixed: ReadonlyMap<number, IdRange> = new Map()): Generator<IdRange> {
  const step = shardStep(shard);
  let start = -1;
  let count = 0;
  let limit = 0;
  for (let id = shardStart(shard); id < done.length; id += step) {
    const f = fixed.get(id);
    if (f) {
      if (count) yield { start, step, count };
      count = 0;
      yield f;
      id += step * (f.count - 1);
      continue;
    }
    if (done[id]) {
      if (count) yield { start, step, count };
      count = 0;
      continue;
    }
    if (count === 0) (start = id), (limit = size());
    if (++count === limit) {
      yield { start, step, count };
      count = 0;
    }
  }
  if (count) yield { start, step, count };
}

/**
 * How long a batch should keep a worker busy. Every batch costs the main
 * thread a message each way and a write, about 0.4 ms of its time, and on a
 * machine whose every core runs a worker that time is taken from a worker:
 * 250-match batches of kernel matches (3 ms each) cost the main thread about
 * a tenth of a core. At 200 ms a batch it is a fraction of a percent, and the
 * progress reports and Ctrl-C still answer within a fraction of a second.
 */
export const TARGET_BATCH_MS = 200;
/** Batches before any is back (their matches' cost is not known yet). */
const FIRST_BATCH = 16;
/** Largest batch unless --batch says otherwise: about a megabyte of matches.csv. */
export const DEFAULT_MAX_BATCH = 10_000;

/**
 * Batch sizes for a run: the first ones small, then sized from the time per
 * match of the batches that came back (smoothed, and growing at most 4x a
 * step, as a sweep's matches vary), and never more than a quarter of a
 * worker's share of what is left, so the last batches finish together.
 * Sizes depend on timing, results do not: whatever the batches, matches.csv
 * is written in id order.
 */
export class BatchSizer {
  private msPerMatch = 0;
  private last = FIRST_BATCH;
  private left: number;

  constructor(
    todo: number,
    private readonly workers: number,
    private readonly max = DEFAULT_MAX_BATCH,
    /** How long a batch should keep a worker busy (longer where a batch costs more to hand out: the queue). */
    private readonly targetMs = TARGET_BATCH_MS,
  ) {
    this.left = todo;
  }

  /** A batch came back: `count` matches in `ms` of the worker's time. */
  measured(count: number, ms: number): void {
    if (count <= 0 || !(ms >= 0)) return;
    const per = Math.max(ms, 0.001) / count;
    this.msPerMatch = this.msPerMatch === 0 ? per : (this.msPerMatch + per) / 2;
  }

  /** The size of the next batch handed out (counted as handed out). */
  next(): number {
    const want = this.msPerMatch === 0 ? FIRST_BATCH : Math.min(Math.round(this.targetMs / this.msPerMatch), this.last * 4);
    const tail = Math.ceil(this.left / (this.workers * 4));
    const size = Math.max(1, Math.min(this.max, want, tail));
    this.last = size;
    this.left = Math.max(0, this.left - size);
    return size;
  }
}

/**
 * Of the batches an executor has already (Executor.reusable), those the runner can hand out as they are:
 * of this folder's slice, every id still to play, none overlapping another (the first kept), by first id.
 */
export function fixedBatches(ranges: readonly IdRange[], done: Uint8Array, shard: Shard | null): Map<number, IdRange> {
  const step = shardStep(shard), first = shardStart(shard);
  const out = new Map<number, IdRange>();
  let end = -1;
  for (const r of [...ranges].sort((a, b) => a.start - b.start || b.count - a.count)) {
    if (r.step !== step || r.count < 1 || r.start < first || (r.start - first) % step !== 0 || r.start <= end) continue;
    const last = r.start + step * (r.count - 1);
    if (last >= done.length) continue;
    let open = true;
    for (let id = r.start; id <= last && open; id += step) if (done[id]) open = false;
    if (!open) continue;
    out.set(r.start, r);
    end = last;
  }
  return out;
}
