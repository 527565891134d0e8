/**
 * The coordinator's side: an Executor whose batches are BullMQ jobs. The
 * runner (runner.ts) hands it batches as it would the local pool and gets
 * their rows back, so ordering, appending, resume and the tables are the
 * local run's; only where the matches are played changes.
 *
 * Results come by the queue's events, and a look every two seconds at the
 * jobs still awaited catches an event missed (a coordinator reconnecting);
 * a job already finished when it is enqueued gives its stored result at once.
 * A coordinator started again on a run folder finds the jobs its predecessor
 * enqueued there (their ids are kept per run and folder), and the runner
 * hands those batches out as they were: a finished one's result is taken
 * from Redis, one still waiting or under way is awaited, none is played
 * twice — when the job's data is this run's, this code's and its range's.
 *
 * Nothing jams: a batch whose worker could not set the run up (a setup or
 * environment result) is taken off the queue and enqueued again, up to
 * SETUP_TRIES times, then reported (the run stops, located); a stored
 * failure is never reused by a later coordinator. Each look also checks
 * that Redis answers: while it does not, the coordinator waits; when it is
 * back (emptied by a restart, say) the run's files, the jobs it awaits that
 * are gone and the runs' status are stored again, and the batches played
 * again give the same rows; after REDIS_GONE_MS without an answer the run
 * stops with one line naming Redis (`havoc resume` carries on).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { dirname, join } from 'node:path';
import { Job, Queue, QueueEvents } from 'bullmq';
import { HavocError } from '../core/errors.js';
import { canonicalJson } from '../core/json.js';
import type { IdRange } from '../run/batches.js';
import { DATA_FILE } from '../store/folder.js';
import type { Executor } from '../run/pool.js';
import { BotHang } from '../run/watchdog.js';
import type { BatchResult, BatchTask } from '../run/worker.js';
import { codeHash } from './codeHash.js';
import { bullConnection, redisClient, type QueueConnection } from './connection.js';
import { BEAT_TTL_SECONDS, cancelKey, coordinatorKey, folderJobsKey, QUEUE_NAME, runFilesKey, RUNS_KEY } from './names.js';
import { jobId, jobTask, type JobData, type JobResult, type JobTask, type ReturnedFile } from './protocol.js';
import { gatherRunFiles } from './runFiles.js';
import { aliveWorkers, type RunStatus } from './registry.js';

/** Batches in flight are twice the executor's width: at least this, or the threads of the workers alive when it opens. */
export const MIN_WIDTH = 8;
/**
 * How long a batch should keep a worker busy: a batch on the queue costs
 * 1 to 3 ms and about 50 Redis commands (bench/queue.ts), so a second of
 * play makes that a few tenths of a percent, and 100 machines of 8 threads
 * about 40,000 commands a second (docs/distributed.md).
 */
export const QUEUE_BATCH_MS = 1000;
/** How long a finished job's result stays in Redis (a coordinator started again within it takes it from there). */
const KEEP_SECONDS = 24 * 3600;

/** How many times a batch whose worker could not set the run up is enqueued before the failure is reported. */
export const SETUP_TRIES = 3;
/** How long Redis may not answer before the coordinator stops the run. */
export const REDIS_GONE_MS = 60_000;
/** How long one look at the queue may take before Redis counts as not answering. */
const LOOK_MS = 5_000;

/** A job of these states holds a batch that is played, or will be. */
const LIVE = new Set(['completed', 'active', 'waiting', 'delayed', 'prioritized', 'waiting-children']);

/** A batch's place in its run, as a map key. */
const rangeOf = (r: IdRange): string => `${r.start}-${r.step}-${r.count}`;

/** What shapes a batch's rows besides its range and the hangs so far (the runner settles those as it writes): compared before a job is reused. */
const shapeOf = (t: JobTask): string => {
  const { start: _s, step: _t, count: _c, hangs: _h, ...rest } = t;
  return canonicalJson(rest);
};

/** A returned file may only be a replay or a bot's log of the run folder. */
const RETURNABLE = /^(replays|logs)\/match-\d+[-.][\w.-]+$/;

export interface QueueExecutor extends Executor {
  /** Workers alive and their threads, as of the last look. */
  readonly alive: () => { workers: number; threads: number };
  /** Records a run's progress for `havoc status`. */
  report(status: RunStatus): Promise<void>;
}

interface Waiting {
  readonly data: JobData;
  /** Times its batch was enqueued after a failed setup. */
  tries: number;
  readonly dir: string;
  readonly resolve: (r: BatchResult) => void;
  readonly reject: (e: unknown) => void;
}

/** Opens the queue as an executor; `onCancel(runName)` is called when `havoc status --cancel` names a run it is playing. */
export async function openQueueExecutor(conn: QueueConnection, onCancel: (run: string) => void): Promise<QueueExecutor> {
  const connection = bullConnection(conn);
  const queue = new Queue<JobData, JobResult>(QUEUE_NAME, { connection });
  const events = new QueueEvents(QUEUE_NAME, { connection });
  const redis = redisClient(conn);
  queue.on('error', () => {});
  events.on('error', () => {});
  await events.waitUntilReady();
  const code = codeHash();
  let alive = await aliveWorkers(redis);
  const width = Math.max(MIN_WIDTH, alive.threads);
  const waits = new Map<string, Waiting>();
  const runs = new Map<string, Promise<void>>();
  const names = new Map<string, string>();
  const cancelled = new Set<string>();
  /** Per run key: the jobs a stopped coordinator enqueued into this folder, by range, to be reused (Executor.reusable). */
  const found = new Map<string, Map<string, string>>();

  /** Writes the replays and logs a batch returned into the run folder; a replay's header names this folder's data file, as a local run's does. */
  const writeFiles = (dir: string, folder: string, files: readonly ReturnedFile[]): void => {
    const theirs = JSON.stringify(join(folder, DATA_FILE)), ours = JSON.stringify(join(dir, DATA_FILE));
    for (const [rel, text] of files) {
      if (!RETURNABLE.test(rel)) continue; // a worker names only the run folder's replays and logs
      const cut = text.indexOf('\n');
      const fixed = rel.endsWith('.jsonl') && cut > 0 ? text.slice(0, cut).replace(theirs, ours) + text.slice(cut) : text;
      mkdirSync(dirname(join(dir, rel)), { recursive: true });
      writeFileSync(join(dir, rel), fixed);
    }
  };
  const addJob = (id: string, data: JobData) => queue.add('batch', data, { jobId: id, removeOnComplete: { age: KEEP_SECONDS }, removeOnFail: { age: KEEP_SECONDS } });
  /** Settles an awaited job with its result; a hang or a crash is taken off the queue, so the runner's retry plays it again; a failed setup is enqueued again, SETUP_TRIES times. */
  const settle = (id: string, value: JobResult | string | null | undefined): void => {
    const w = waits.get(id);
    if (!w || value === null || value === undefined) return;
    const r: JobResult = typeof value === 'string' ? JSON.parse(value) : value;
    if ((r.kind === 'setup' || r.kind === 'environment') && ++w.tries < SETUP_TRIES) {
      // Off the queue (a stored failure would be every later coordinator's too), and on it again.
      void queue.remove(id).then(() => addJob(id, w.data)).catch(() => {}); // Redis away: the look re-enqueues a job that is gone
      return;
    }
    waits.delete(id);
    if (r.kind !== 'played') void queue.remove(id).catch(() => {});
    if (r.kind === 'played') {
      try {
        writeFiles(w.dir, r.folder, r.files);
      } catch (e) {
        return w.reject(new HavocError('ERR_ENVIRONMENT', w.dir, `cannot write a batch's replays (${(e as Error).message})`));
      }
      w.resolve({ ok: true, bytes: Buffer.from(r.bytes, 'utf8'), count: r.count, ms: r.ms, notes: r.notes, hangs: r.hangs });
    } else if (r.kind === 'setup') w.resolve({ ok: false, setup: `${r.setup} (enqueued ${SETUP_TRIES} times, failed each)` });
    else if (r.kind === 'environment') w.resolve({ ok: false, environment: `${r.environment} (enqueued ${SETUP_TRIES} times, failed each)`, where: r.where });
    else if (r.kind === 'hang') w.reject(new BotHang(r.hang));
    else w.reject(new Error(`its worker failed: ${r.message}`));
  };
  const fail = (id: string, reason: string): void => {
    const w = waits.get(id);
    if (!w) return;
    waits.delete(id);
    void queue.remove(id).catch(() => {});
    w.reject(new Error(`the batch failed on the queue: ${reason}`));
  };
  events.on('completed', ({ jobId: id, returnvalue }) => settle(id, returnvalue as unknown as JobResult | string));
  events.on('failed', ({ jobId: id, failedReason }) => fail(id, failedReason));

  /** Per run key: its files as stored (stored again after Redis lost them), and its last status. */
  const stored = new Map<string, string>();
  const statuses = new Map<string, RunStatus>();
  /** Since when Redis has not answered (null: it answers). */
  let downSince: number | null = null;

  /** Looks at the jobs still awaited (one that is gone, Redis restarted empty, is enqueued again), the workers alive and the cancel flags. */
  const look = async (): Promise<void> => {
    await redis.ping();
    if (downSince !== null) {
      // Redis is back: what it lost is stored again before a worker looks for it.
      for (const [key, text] of stored) if (!(await redis.exists(runFilesKey(key)))) await redis.set(runFilesKey(key), text, 'EX', KEEP_SECONDS);
      downSince = null;
    }
    for (const status of statuses.values()) await redis.hset(RUNS_KEY, status.key, JSON.stringify(status));
    for (const id of [...waits.keys()]) {
      const job = await Job.fromId<JobData, JobResult>(queue, id);
      if (!job) {
        const w = waits.get(id);
        if (w) await addJob(id, w.data);
        continue;
      }
      const state = await job.getState();
      if (state === 'completed') settle(id, job.returnvalue);
      else if (state === 'failed') fail(id, job.failedReason);
    }
    alive = await aliveWorkers(redis);
    for (const key of names.keys()) await redis.set(coordinatorKey(key), `${hostname()} ${process.pid}`, 'EX', BEAT_TTL_SECONDS);
    for (const [key, name] of names) if (!cancelled.has(key) && (await redis.exists(cancelKey(key)))) cancelled.add(key), onCancel(name);
  };
  /** Redis did not answer a look: the run waits for it, and stops once it has been away REDIS_GONE_MS. */
  const unanswered = (): void => {
    downSince ??= Date.now();
    if (Date.now() - downSince < REDIS_GONE_MS) return;
    const gone = new HavocError(
      'ERR_QUEUE',
      `redis://${conn.host}:${conn.port}`,
      `Redis has not answered for ${Math.round((Date.now() - downSince) / 1000)} s: the run stops here (every batch that came back is in matches.csv); start Redis again, then \`havoc resume DIR --queue URL\` carries on`,
    );
    for (const w of waits.values()) w.reject(gone);
    waits.clear();
  };
  let looking: Promise<void> | null = null;
  const timer = setInterval(() => {
    // One look at a time: a tick while one is out makes nothing (a timer made then would reject with no one to hear it,
    // an unhandled rejection that stopped the coordinator while Redis was away).
    if (looking) return;
    let timeout: NodeJS.Timeout | undefined;
    // A command sent while Redis is away waits for it (BullMQ's connections retry for ever): a look that does not end counts as no answer.
    const late = new Promise<never>((_, reject) => (timeout = setTimeout(() => reject(new Error('no answer')), LOOK_MS)));
    looking = Promise.race([look(), late])
      .catch(unanswered)
      .finally(() => {
        clearTimeout(timeout);
        looking = null;
      });
  }, 2000);

  /** Stores a run's files once, for every worker. */
  const register = (task: BatchTask): Promise<void> => {
    let p = runs.get(task.key);
    if (!p) {
      p = (async () => {
        const files = JSON.stringify(gatherRunFiles(task.key, code, task.run, task.dir));
        stored.set(task.key, files);
        await redis.set(runFilesKey(task.key), files, 'EX', KEEP_SECONDS);
        await redis.set(coordinatorKey(task.key), `${hostname()} ${process.pid}`, 'EX', BEAT_TTL_SECONDS);
        await redis.del(cancelKey(task.key)); // a cancelled run started again plays
        names.set(task.key, task.run.name);
      })();
      runs.set(task.key, p);
    }
    return p;
  };

  return {
    workers: width,
    batchMs: QUEUE_BATCH_MS,
    alive: () => alive,
    async reusable(template) {
      const shape = shapeOf(jobTask({ ...template, start: 0, step: 1, count: 1 }));
      const byRange = new Map<string, string>(), ranges: IdRange[] = [];
      for (const id of await redis.smembers(folderJobsKey(template.key, template.dir))) {
        const job = await Job.fromId<JobData, JobResult>(queue, id);
        if (!job || job.data.code !== code || job.data.task.key !== template.key || shapeOf(job.data.task) !== shape) continue;
        if (!LIVE.has(await job.getState())) continue; // failed or gone: played again
        const { start, step, count } = job.data.task;
        byRange.set(rangeOf(job.data.task), id);
        ranges.push({ start, step, count });
      }
      found.set(template.key, byRange);
      return ranges;
    },
    async run(task) {
      await register(task);
      const data: JobData = { code, task: jobTask(task) };
      // A batch a stopped coordinator enqueued: its job is awaited (or its result taken) rather than enqueued again.
      const earlier = found.get(task.key)?.get(rangeOf(task));
      if (earlier) found.get(task.key)!.delete(rangeOf(task));
      const id = earlier ?? jobId(code, data.task);
      const result = new Promise<BatchResult>((resolve, reject) => waits.set(id, { data, tries: 0, dir: task.dir, resolve, reject }));
      result.catch(() => {}); // a batch no one awaits any more (the run stopped) may be rejected when the queue closes
      const jobs = folderJobsKey(task.key, task.dir);
      if (!earlier) {
        await redis.multi().sadd(jobs, id).expire(jobs, KEEP_SECONDS).exec();
        await addJob(id, data);
      }
      // The same batch enqueued by an earlier coordinator: its result may be in already.
      const job = await Job.fromId<JobData, JobResult>(queue, id);
      const state = await job?.getState();
      if (job && state === 'completed') settle(id, job.returnvalue);
      else if (job && state === 'failed') await job.retry('failed');
      return result;
    },
    async report(status) {
      statuses.set(status.key, status); // stored again at each look: a Redis restarted empty shows the run again
      await redis.hset(RUNS_KEY, status.key, JSON.stringify(status));
    },
    async close() {
      clearInterval(timer);
      await looking;
      for (const [id, w] of waits) w.reject(new HavocError('ERR_QUEUE', id, 'the coordinator closed the queue'));
      waits.clear();
      await events.close();
      await queue.close();
      redis.disconnect();
    },
  };
}
