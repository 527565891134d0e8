/**
 * A queue worker (`havoc worker`): a BullMQ Worker that takes batches from
 * the queue and plays each on this machine's own pool of worker threads
 * under the watchdog, as a local run would. A path bot runs sandboxed here
 * as it does locally (trusted only when the coordinator ran --unsafe-bots).
 *
 * A worker killed mid-batch holds its job's lock no longer: BullMQ's
 * stalled-job check hands the batch to another worker within LOCK_MS +
 * STALLED_MS. A batch whose code hash is not this checkout's is refused: put
 * back on the queue for another worker, and this one stops with one line
 * saying why — unless the batch's coordinator is gone, when it is dropped.
 */
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { DelayedError, UnrecoverableError, Worker, type Job } from 'bullmq';
import { HavocError } from '../core/errors.js';
import { makeExecutor } from '../run/pool.js';
import { BotHang, watchedExecutor } from '../run/watchdog.js';
import type { BatchResult, BatchTask } from '../run/worker.js';
import { codeHash } from './codeHash.js';
import { bullConnection, redisClient, type QueueConnection } from './connection.js';
import { BEAT_SECONDS, BEAT_TTL_SECONDS, coordinatorKey, QUEUE_NAME, runFilesKey, workerKey } from './names.js';
import { toJobResult, type JobData, type JobResult, type ReturnedFile } from './protocol.js';
import type { WorkerBeat } from './registry.js';
import { materialize, type LocalRun, type RunFiles } from './runFiles.js';

/** How long a job's lock lasts unrenewed (a live worker renews it every half of this), and how often stalled jobs are looked for. */
export const LOCK_MS = 10_000;
export const STALLED_MS = 5_000;

export interface ServeOptions {
  /** Worker threads (and batches played at once). */
  readonly threads: number;
  /** Where runs' files and the batches' replays are kept. */
  readonly cache: string;
  /** One line of news (a refusal, a stop). */
  readonly log: (line: string) => void;
  /** Stops taking batches; the ones under way are finished first. */
  readonly signal: AbortSignal;
}

export interface Served {
  readonly batches: number;
  readonly matches: number;
  /** Why the worker stopped by itself (a batch it refused), or null. */
  readonly refused: string | null;
}

interface LocalPlay {
  readonly files: RunFiles;
  readonly local: LocalRun;
  readonly watched: { run(task: BatchTask): Promise<BatchResult>; stop(): void };
}

/** The replays and bot logs batch `task` wrote into the worker's copy of the run folder, taken out of it. */
function takeFiles(dir: string, task: BatchTask): ReturnedFile[] {
  const out: ReturnedFile[] = [];
  const last = task.start + task.step * (task.count - 1);
  for (const sub of ['replays', 'logs']) {
    let names: string[];
    try {
      names = readdirSync(join(dir, sub));
    } catch {
      continue; // nothing written there
    }
    for (const f of names) {
      const id = Number(/^match-(\d+)[-.]/.exec(f)?.[1] ?? NaN);
      if (!(id >= task.start && id <= last && (id - task.start) % task.step === 0)) continue;
      out.push([`${sub}/${f}`, readFileSync(join(dir, sub, f), 'utf8')]);
      rmSync(join(dir, sub, f));
    }
  }
  return out;
}

/** Serves the queue until `signal` aborts or a batch is refused. */
export async function serveQueue(conn: QueueConnection, opts: ServeOptions): Promise<Served> {
  const pool = await makeExecutor(Math.max(1, opts.threads));
  const redis = redisClient(conn);
  const code = codeHash();
  const id = `${hostname()}-${process.pid}`;
  const started = Date.now();
  const plays = new Map<string, Promise<LocalPlay>>();
  let batches = 0, matches = 0;
  let refused: string | null = null;
  const stopped = new AbortController();

  /** A run's files, checked and written into the cache once per run. */
  const playFor = (key: string): Promise<LocalPlay> => {
    let p = plays.get(key);
    if (!p) {
      p = (async () => {
        const text = await redis.get(runFilesKey(key));
        if (!text) throw new HavocError('ERR_QUEUE', key, "the run's files are not in Redis (its coordinator has not stored them, or they expired)");
        const files = JSON.parse(text) as RunFiles;
        return { files, local: materialize(files, opts.cache), watched: watchedExecutor(pool, files.run) };
      })();
      p.catch(() => plays.delete(key));
      plays.set(key, p);
    }
    return p;
  };

  /** Puts the job back for another worker and stops this one. */
  const refuse = async (job: Job<JobData, JobResult>, token: string | undefined, why: string): Promise<never> => {
    if (!refused) {
      refused = why;
      opts.log(`refused batch ${job.id}: ${why}`);
      stopped.abort();
    }
    await job.moveToDelayed(Date.now() + 1000, token);
    throw new DelayedError();
  };

  const worker = new Worker<JobData, JobResult>(
    QUEUE_NAME,
    async (job, token) => {
      const { code: theirs, task: jt } = job.data;
      if (theirs !== code) {
        // A batch left by a coordinator that is gone (killed, or stopped before an upgrade) is nobody's: dropped, not refused.
        if (!(await redis.exists(coordinatorKey(jt.key)))) {
          opts.log(`dropped batch ${job.id}: its coordinator is gone, and it was enqueued by other code (${theirs})`);
          throw new UnrecoverableError('a batch of other code whose coordinator is gone');
        }
        return refuse(job, token, `this worker's havoc code (${code}) is not the coordinator's (${theirs}): update this machine's checkout and build, then start the worker again`);
      }
      let play: LocalPlay;
      try {
        play = await playFor(jt.key);
      } catch (e) {
        if (e instanceof HavocError) return refuse(job, token, e.message);
        throw e;
      }
      const task: BatchTask = { ...jt, run: play.files.run, dir: play.local.dir, botFiles: play.local.botFiles };
      try {
        const r = await play.watched.run(task);
        if (r.ok) (batches++, (matches += r.count));
        return toJobResult(r, r.ok ? takeFiles(play.local.dir, task) : [], play.local.dir);
      } catch (e) {
        if (e instanceof BotHang) return { kind: 'hang', hang: e.hang };
        if (e instanceof HavocError) return { kind: 'setup', setup: e.problem };
        return { kind: 'crash', message: ((e as Error)?.message ?? String(e)).split('\n')[0] };
      }
    },
    { connection: bullConnection(conn), concurrency: Math.max(1, opts.threads), lockDuration: LOCK_MS, stalledInterval: STALLED_MS, maxStalledCount: 5 },
  );
  worker.on('error', () => {}); // Redis away for a moment: BullMQ reconnects

  const beat = async (): Promise<void> => {
    const b: WorkerBeat = { id, host: hostname(), pid: process.pid, threads: Math.max(1, opts.threads), code, batches, matches, started };
    await redis.set(workerKey(id), JSON.stringify(b), 'EX', BEAT_TTL_SECONDS);
  };
  await beat().catch(() => {});
  const beating = setInterval(() => void beat().catch(() => {}), BEAT_SECONDS * 1000);

  await new Promise<void>((resolve) => {
    if (opts.signal.aborted) return resolve();
    opts.signal.addEventListener('abort', () => resolve(), { once: true });
    stopped.signal.addEventListener('abort', () => resolve(), { once: true });
  });
  clearInterval(beating);
  await worker.close(); // the batches under way are finished and their results stored
  for (const p of plays.values()) void p.then((x) => x.watched.stop(), () => {});
  await pool.close();
  await redis.del(workerKey(id)).catch(() => {});
  redis.disconnect();
  return { batches, matches, refused };
}
