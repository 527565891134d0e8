/**
 * The coordinator's side of `--queue` in the commands that play runs: the
 * queue opened as their executor (checked first: a bad URL or an unreachable
 * Redis is one line), and each run's progress recorded for `havoc status`.
 */
import { hostname } from 'node:os';
import type { Executor } from '../run/pool.js';
import { runKey, type ProgressInfo } from '../run/runner.js';
import { parseQueueUrl, reachRedis } from '../queue/connection.js';
import { openQueueExecutor, type QueueExecutor } from '../queue/executor.js';
import type { RunStatus } from '../queue/registry.js';
import type { FolderJob } from './runs.js';

/** Checks `--queue` and that its Redis answers. */
export async function checkQueue(url: string): Promise<void> {
  await reachRedis(parseQueueUrl(url));
}

/** Opens the queue at `url` as an executor; `onCancel` is told the name of a run cancelled by `havoc status --cancel`. */
export async function openQueue(url: string, onCancel: (run: string) => void): Promise<QueueExecutor> {
  const conn = parseQueueUrl(url);
  await reachRedis(conn);
  return openQueueExecutor(conn, onCancel);
}


/** Reports a run's progress to the queue's registry, at most once a second, and its end. */
export function statusReporter(job: FolderJob, exec: QueueExecutor): { progress(done: number, total: number, info: ProgressInfo): void; end(state: RunStatus['state'], done: number, total: number): Promise<void> } {
  let last = 0;
  let rate = 0;
  const status = (done: number, total: number, state: RunStatus['state']): RunStatus => ({
    key: runKey(job.run), name: job.run.name, dir: job.dir, host: hostname(), done, total, matchesPerSecond: Number(rate.toFixed(1)), state, updated: Date.now(),
  });
  return {
    progress(done, total, info) {
      rate = info.matchesPerSecond;
      if (Date.now() - last < 1000 && done < total) return;
      last = Date.now();
      void exec.report(status(done, total, 'running')).catch(() => {});
    },
    end: (state, done, total) => exec.report(status(done, total, state)).catch(() => {}),
  };
}
