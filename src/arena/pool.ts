/**
 * Where batches are played: a piscina pool of worker threads (the default),
 * or this thread (`workers: 0`, for debugging and library tests; a bot that
 * kills its thread then kills the run).
 */
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { packageRoot } from '../rules/nhm/catalogue.js';
import type { BatchResult, BatchTask } from './worker.js';

/** Plays batches. */
export interface Executor {
  /** Worker threads (0: this thread). */
  readonly workers: number;
  run(task: BatchTask): Promise<BatchResult>;
  close(): Promise<void>;
}

/** Default worker count: every core. */
export const defaultWorkers = (): number => availableParallelism();

/** The compiled worker entry (from dist/ even when this module runs from src/ under a test runner). */
function workerFile(): string {
  const here = fileURLToPath(import.meta.url);
  return here.endsWith('.ts') ? join(packageRoot(), 'dist', 'src', 'arena', 'worker.js') : join(dirname(here), 'worker.js');
}

/** Makes an executor with `workers` threads (0 plays in this thread). */
export async function makeExecutor(workers: number): Promise<Executor> {
  if (workers === 0) {
    const { default: playBatch } = await import('./worker.js');
    return { workers: 0, run: playBatch, close: async () => {} };
  }
  const pool = new Piscina<BatchTask, BatchResult>({
    filename: workerFile(),
    minThreads: workers,
    maxThreads: workers,
    idleTimeout: 60_000,
  });
  return {
    workers,
    run: (task) => pool.run(task),
    close: () => pool.destroy(),
  };
}
