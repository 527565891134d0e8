/**
 * Where batches are played: a piscina pool of worker threads (the default),
 * or this thread (`workers: 0`, for debugging and library tests; a bot that
 * kills its thread then kills the run).
 */
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { HavocError } from '../core/errors.js';
import { builtFile } from '../core/paths.js';
import type { IdRange } from './batches.js';
import { clockShare } from '../match/clock.js';
import type { BatchResult, BatchTask } from './worker.js';

/** Plays batches. */
export interface Executor {
  /** Worker threads (0: this thread). */
  readonly workers: number;
  /** How long a batch should keep a worker busy, ms (default TARGET_BATCH_MS, batches.ts). */
  readonly batchMs?: number;
  /** Plays a batch; aborting `signal` stops it, ending its worker thread (not possible in this thread). */
  run(task: BatchTask, signal?: AbortSignal): Promise<BatchResult>;
  /**
   * Batches of this run and folder already under way or played elsewhere (the
   * queue: enqueued by a coordinator since stopped), whose results `run` gives
   * without playing them again when asked for exactly that range.
   */
  reusable?(task: Omit<BatchTask, 'start' | 'step' | 'count' | 'hangs'>): Promise<readonly IdRange[]>;
  close(): Promise<void>;
}

/**
 * Default worker count: HAVOC_WORKERS when set (a machine shared with other
 * work, or a test suite whose commands run side by side: each thread of a
 * small run warms its own copy of the bots, about a second of CPU), else
 * every core.
 */
export function defaultWorkers(): number {
  const env = process.env.HAVOC_WORKERS;
  if (env === undefined || env === '') return availableParallelism();
  const w = Number(env);
  const problem = workersProblem(w, 0);
  if (problem || !/^\d+$/.test(env.trim())) throw new HavocError('ERR_ARGS', 'HAVOC_WORKERS', `${problem ?? 'must be a whole number >= 0'}, not "${env}" (the environment variable giving --workers its default)`);
  return w;
}

/** The most worker threads `--workers` may ask for: 16 a core, at least 64. More only share the same cores, each thread's heap counted (a million of them ran V8 out of memory). */
export const maxWorkers = (): number => Math.max(64, 16 * availableParallelism());

/** Why `--workers` cannot be `w` (`least`: 0 or 1), or null. */
export function workersProblem(w: number, least: number): string | null {
  if (!Number.isInteger(w) || w < least) return `must be a whole number >= ${least}`;
  if (w > maxWorkers()) return `must be at most ${maxWorkers()} on this machine (16 threads a core, ${availableParallelism()} cores): more only share the same cores`;
  return null;
}

/** The compiled worker entry (from dist/ even when this module runs from src/ under a test runner). */
function workerFile(): string {
  return builtFile('src/run/worker.js');
}

/**
 * Young-generation size of each worker's V8 heap, MB (V8 makes it three
 * semi-spaces' worth: 16 gives semi-spaces of about 5 MB). Left alone, V8 on
 * this machine grows it to 48 MB (16 MB semi-spaces) per worker, and matches
 * allocate fast enough to get there: about 25 MB of resident memory per
 * worker for no measurable gain. Kernel matches through the arena measured
 * the same time per match with 16 MB as with 48 (about 8 MB: 7% slower; 6 MB:
 * 17%), NHM sweeps and greedy bots the same with 16 as with 48. The old
 * generation is not capped: a run's working set (a sweep's loadout pool, a
 * bot's tables) is its own, and a worker out of heap would fault its matches.
 * See docs/performance.md, "The arena".
 */
export const WORKER_YOUNG_GENERATION_MB = 16;

/**
 * A piscina pool of exactly `workers` threads running `filename`, each with
 * the capped young generation above, and this process's clock memory (its
 * `workerData.clock`: the workers share one ticker, clock.ts).
 */
export function threadPool<T, R>(filename: string, workers: number): Piscina<T, R> {
  return new Piscina<T, R>({
    filename, minThreads: workers, maxThreads: workers, idleTimeout: 60_000,
    resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB },
    workerData: { clock: clockShare() } satisfies PoolData,
  });
}

/** What a pool's workers are given (piscina's `workerData`). */
export interface PoolData {
  readonly clock: SharedArrayBuffer;
}

/** Makes an executor with `workers` threads (0 plays in this thread). */
export async function makeExecutor(workers: number): Promise<Executor> {
  if (workers === 0) {
    const { playBatchHere } = await import('./worker.js');
    return { workers: 0, run: playBatchHere, close: async () => {} };
  }
  const pool = threadPool<BatchTask, BatchResult>(workerFile(), workers);
  return {
    workers,
    run: (task, signal) => pool.run(task, { signal }),
    close: () => pool.destroy(),
  };
}
