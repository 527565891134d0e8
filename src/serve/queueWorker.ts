/**
 * `havoc worker --queue URL`'s side of a served contest (queueFeed.ts): a
 * BullMQ worker on the contest servers' queue of matches, beside the one on
 * the runs' batches (queue/worker.ts). Each job is played as a remote worker
 * plays a leased match (remoteWorker.ts): its submissions from Redis into
 * this machine's cache by sha256, unpacked with the server's own checks,
 * the match on this machine's worker threads (play.ts, sandboxed), and the
 * result and the replay — its bots named as the server names them — as the
 * job's return value. A job of other code is put back for another worker
 * and this one stops taking contest matches, saying why.
 */
import { hostname } from 'node:os';
import { DelayedError, Worker, type Job } from 'bullmq';
import { HavocError } from '../core/errors.js';
import { threadPool } from '../run/pool.js';
import { codeHash } from '../queue/codeHash.js';
import { bullConnection, redisClient, type QueueConnection } from '../queue/connection.js';
import { LOCK_MS, STALLED_MS } from '../queue/worker.js';
import { workerFile } from './coordinator.js';
import type { CheckResult, PlayResult, PlayTask, SeatBot } from './play.js';
import { SERVE_QUEUE, submissionKey, type ServeJob, type ServeJobResult } from './queueFeed.js';
import { replayForServer, submissionCache } from './submissionCache.js';
import type { WorkerTask } from './worker.js';

export interface ContestQueueOptions {
  readonly threads: number;
  /** Where the submissions and the replays being written are kept. */
  readonly cache: string;
  readonly log: (line: string) => void;
  readonly signal: AbortSignal;
}

/** Plays served contests' matches from the queue until `signal` aborts or a job of other code is refused; the matches played and why it stopped by itself. */
export async function serveContestQueue(conn: QueueConnection, o: ContestQueueOptions): Promise<{ matches: number; refused: string | null }> {
  const pool = threadPool<WorkerTask, PlayResult | CheckResult>(workerFile(), Math.max(1, o.threads));
  const redis = redisClient(conn);
  const code = codeHash();
  const me = `${hostname()}-${process.pid}`;
  const stopped = new AbortController();
  let matches = 0;
  let refused: string | null = null;
  const botOf = submissionCache(o.cache, async (s) => {
    const b64 = await redis.get(submissionKey(s.sha256));
    if (!b64) throw new HavocError('ERR_QUEUE', `submission ${s.submission}`, 'its files are not in Redis (its server has not stored them)');
    return Buffer.from(b64, 'base64');
  });
  const worker = new Worker<ServeJob, ServeJobResult>(
    SERVE_QUEUE,
    async (job: Job<ServeJob, ServeJobResult>, token) => {
      if (job.data.code !== code) {
        if (!refused) {
          refused = `this worker's havoc code (${code}) is not the contest server's (${job.data.code}): update this machine's checkout and build, then start the worker again`;
          o.log(`refused match ${job.id}: ${refused}`);
          stopped.abort();
        }
        await job.moveToDelayed(Date.now() + 1000, token);
        throw new DelayedError();
      }
      const t = job.data.task;
      const seats = (await Promise.all(t.seats.map(botOf))) as [SeatBot, SeatBot];
      const task: PlayTask = { kind: 'play', key: t.key, run: t.run, dataText: t.dataText, storage: o.cache, id: t.id, seed: t.seed, seats };
      const result = (await pool.run(task)) as PlayResult;
      matches++;
      return { result, replay: replayForServer(o.cache, result, t.seats), worker: `queue ${me}` };
    },
    { connection: bullConnection(conn), concurrency: Math.max(1, o.threads), lockDuration: LOCK_MS, stalledInterval: STALLED_MS, maxStalledCount: 5 },
  );
  worker.on('error', () => {}); // Redis away for a moment: BullMQ reconnects
  worker.on('failed', (job, e) => o.log(`match ${job?.data.task.id ?? '?'} failed here: ${e.message.split('\n')[0]}`));
  await new Promise<void>((resolve) => {
    if (o.signal.aborted) return resolve();
    o.signal.addEventListener('abort', () => resolve(), { once: true });
    stopped.signal.addEventListener('abort', () => resolve(), { once: true });
  });
  await worker.close(); // the matches under way are finished and their results stored
  await pool.destroy();
  redis.disconnect();
  return { matches, refused };
}
