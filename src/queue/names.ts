/**
 * The names the queue uses in Redis: one BullMQ queue of batches for every
 * run, and a few keys of its own beside it (a run's files, its progress,
 * a cancel flag, the jobs enqueued into each folder, the workers' heartbeats).
 */
import { createHash } from 'node:crypto';
import { resolve } from 'node:path';

/** The BullMQ queue every run's batches go to. */
export const QUEUE_NAME = 'havoc-batches';

/** A run's files and identity (JSON of RunFiles), written once by its coordinator. */
export const runFilesKey = (key: string): string => `havoc:run:${key}:files`;
/** Every run a coordinator has served: field = run key, value = JSON of RunStatus. */
export const RUNS_KEY = 'havoc:runs';
/** A run's coordinator is alive while this key is (it renews it every two seconds, for BEAT_TTL_SECONDS). */
export const coordinatorKey = (key: string): string => `havoc:run:${key}:coordinator`;
/**
 * The ids of the jobs enqueued for a run into one folder (named by a hash of
 * its absolute path): a coordinator started again on the folder takes the
 * batches its predecessor enqueued from there rather than enqueueing them again.
 */
export const folderJobsKey = (key: string, dir: string): string => `havoc:run:${key}:jobs:${createHash('sha256').update(resolve(dir)).digest('hex').slice(0, 12)}`;
/** Set (to anything) to cancel a run. */
export const cancelKey = (key: string): string => `havoc:run:${key}:cancel`;
/** A worker's heartbeat (JSON of WorkerBeat), expiring when it stops beating. */
export const workerKey = (id: string): string => `havoc:worker:${id}`;
export const WORKER_PATTERN = 'havoc:worker:*';

/** Seconds between heartbeats, and how long one lasts: a worker silent for longer is not alive. */
export const BEAT_SECONDS = 5;
export const BEAT_TTL_SECONDS = 15;
