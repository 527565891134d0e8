/**
 * Who plays the optimizer's pairs: this thread, or a piscina pool of worker
 * threads (worker.ts) that each get a contiguous share of a list. Either way
 * a list's results come back in its order and each pair is a pure function of
 * its builds and seed, so the search reads the same results with any number
 * of workers.
 */
import { createHash } from 'node:crypto';
import type { Budget } from '../core/bot.js';
import { builtFile } from '../core/paths.js';
import { threadPool } from '../run/pool.js';
import { playPair, type Arena, type PairResult } from './pairs.js';

/** One pair to play: the build, its opponent, the pair's seed. */
export type PairJob<B> = readonly [B, B, string];

/** Plays lists of pairs. */
export interface PairPlayer<B> {
  play(jobs: readonly PairJob<B>[]): Promise<PairResult[]>;
  close(): Promise<void>;
}

/** What a worker needs to set up the games: the ruleset (an id, or a module's absolute path), its data file's text, the bot. */
export interface PairSetup {
  /** Identifies the setup for the worker's cache. */
  readonly key: string;
  readonly ruleset: string;
  readonly dataText: string | null;
  readonly bot: string;
  readonly budget?: Budget;
}

/** A worker's share: pairs with builds by key. */
export interface PairTask {
  readonly setup: PairSetup;
  readonly jobs: readonly (readonly [string, string, string])[];
}

/** The setup with its key. */
export const pairSetup = (s: Omit<PairSetup, 'key'>): PairSetup => ({ ...s, key: createHash('sha256').update(JSON.stringify(s)).digest('hex') });

/** Plays every pair in this thread. */
export const inThread = <B>(arena: Arena): PairPlayer<B> => ({
  play: async (jobs) => jobs.map(([a, b, seed]) => playPair(arena, a, b, seed)),
  close: async () => {},
});

/** The compiled worker (from dist/ when this module runs from src/ under a test runner). */
function workerFile(): string {
  return builtFile('src/lab/worker.js');
}

/** Plays pairs on `workers` threads; builds travel as their keys. */
export function pooled<B>(setup: PairSetup, workers: number, key: (b: B) => string): PairPlayer<B> {
  const pool = threadPool<PairTask, PairResult[]>(workerFile(), workers);
  return {
    async play(jobs) {
      const share = Math.ceil(jobs.length / workers);
      const tasks: Promise<PairResult[]>[] = [];
      for (let i = 0; i < jobs.length; i += share)
        tasks.push(pool.run({ setup, jobs: jobs.slice(i, i + share).map(([a, b, seed]) => [key(a), key(b), seed] as const) }));
      return (await Promise.all(tasks)).flat();
    },
    close: () => pool.destroy(),
  };
}
