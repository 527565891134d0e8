/**
 * What `havoc status` shows, kept beside the queue: each run's progress as
 * its coordinator last reported it, and each worker's heartbeat (a key that
 * expires: a worker killed stops being listed within BEAT_TTL_SECONDS).
 */
import type { Redis } from 'ioredis';
import { cancelKey, RUNS_KEY, WORKER_PATTERN } from './names.js';

export interface RunStatus {
  readonly key: string;
  readonly name: string;
  /** The run folder on the coordinator's machine. */
  readonly dir: string;
  readonly host: string;
  readonly done: number;
  readonly total: number;
  readonly matchesPerSecond: number;
  readonly state: 'running' | 'finished' | 'stopped' | 'cancelled';
  /** ms since the epoch. */
  readonly updated: number;
}

export interface WorkerBeat {
  readonly id: string;
  readonly host: string;
  readonly pid: number;
  readonly threads: number;
  readonly code: string;
  readonly batches: number;
  readonly matches: number;
  readonly started: number;
}

/** Every worker whose heartbeat has not expired. */
export async function listWorkers(redis: Redis): Promise<WorkerBeat[]> {
  const keys: string[] = [];
  let cursor = '0';
  do {
    const [next, found] = await redis.scan(cursor, 'MATCH', WORKER_PATTERN, 'COUNT', 1000);
    keys.push(...found);
    cursor = next;
  } while (cursor !== '0');
  if (!keys.length) return [];
  const beats = await redis.mget(...keys);
  return beats.flatMap((b) => (b ? [JSON.parse(b) as WorkerBeat] : [])).sort((a, b) => a.id.localeCompare(b.id));
}

export async function aliveWorkers(redis: Redis): Promise<{ workers: number; threads: number }> {
  const all = await listWorkers(redis);
  return { workers: all.length, threads: all.reduce((n, w) => n + w.threads, 0) };
}

/** Every run a coordinator has reported, newest first. */
export async function listRuns(redis: Redis): Promise<RunStatus[]> {
  const all = await redis.hgetall(RUNS_KEY);
  return Object.values(all)
    .map((s) => JSON.parse(s) as RunStatus)
    .sort((a, b) => b.updated - a.updated);
}

/** Flags a run (by key or name) as cancelled; its coordinator stops handing out batches at its next look. Returns the runs flagged. */
export async function cancelRuns(redis: Redis, which: string): Promise<RunStatus[]> {
  const runs = (await listRuns(redis)).filter((r) => (r.key === which || r.name === which) && r.state === 'running');
  for (const r of runs) await redis.set(cancelKey(r.key), String(Date.now()), 'EX', 24 * 3600);
  return runs;
}
