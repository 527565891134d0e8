/**
 * A batch on the queue: what a job carries (the task without the run, which
 * travels once in RunFiles, and without the coordinator's folder) and what
 * comes back. A job's id is the batch's identity — the run, its ids and
 * everything else that shapes its rows — so a batch enqueued twice (a
 * coordinator started again) is one job, finished and recorded once.
 */
import { createHash } from 'node:crypto';
import { canonicalJson } from '../core/json.js';
import type { BatchResult, BatchTask } from '../run/worker.js';
import type { Hang } from '../run/watchdog.js';

/** The part of a BatchTask that travels in a job. */
export type JobTask = Omit<BatchTask, 'run' | 'dir' | 'watch' | 'botFiles'>;

export interface JobData {
  /** The coordinator's code hash: a worker with other code refuses the batch. */
  readonly code: string;
  readonly task: JobTask;
}

/** A file the batch wrote into the worker's copy of the run folder (a replay, a bot's log), relative to it. */
export type ReturnedFile = readonly [path: string, text: string];

export type JobResult =
  | {
      readonly kind: 'played';
      readonly bytes: string;
      readonly count: number;
      readonly ms: number;
      readonly notes: readonly string[];
      readonly hangs: readonly (readonly [number, number])[];
      readonly files: readonly ReturnedFile[];
      /** The worker's copy of the run folder, which its replays' headers name (the coordinator names its own instead). */
      readonly folder: string;
    }
  /** The worker could not set the run up, or its machine refused a write: the run stops (as locally). */
  | { readonly kind: 'setup'; readonly setup: string }
  | { readonly kind: 'environment'; readonly environment: string; readonly where: string }
  /** A bot passed its deadline (the worker's watchdog stopped it). */
  | { readonly kind: 'hang'; readonly hang: Hang }
  /** The batch's worker thread failed (a bot brought it down): the coordinator plays its matches one by one. */
  | { readonly kind: 'crash'; readonly message: string };

/**
 * The job id of a task: its run, ids and a hash of what else shapes its rows, the code that plays it
 * included (a result stored by other code is not reused). BullMQ ids may not hold ':'.
 */
export function jobId(code: string, task: JobTask): string {
  const { key, start, step, count, ...rest } = task;
  const shape = createHash('sha256').update(code).update(canonicalJson(rest)).digest('hex').slice(0, 12);
  return `${key}-${start}-${step}-${count}-${shape}`;
}

/** A task for the queue: the coordinator-side fields taken off. */
export function jobTask(task: BatchTask): JobTask {
  const { run: _run, dir: _dir, watch: _watch, botFiles: _files, ...rest } = task;
  return rest;
}

/** A worker's BatchResult as a job's return value. */
export function toJobResult(r: BatchResult, files: readonly ReturnedFile[], folder: string): JobResult {
  if (r.ok) return { kind: 'played', bytes: Buffer.from(r.bytes).toString('utf8'), count: r.count, ms: r.ms, notes: r.notes, hangs: r.hangs, files, folder };
  if ('environment' in r) return { kind: 'environment', environment: r.environment, where: r.where };
  return { kind: 'setup', setup: r.setup };
}
