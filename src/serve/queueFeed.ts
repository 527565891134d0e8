/**
 * The contest server's matches played by the Redis queue's workers
 * (`havoc serve CONTEST --queue URL`, and `havoc worker --queue URL` on any
 * number of machines): the coordinator leases its queued matches to the
 * queue (the lease a remote worker gets: remote.ts), each as a BullMQ job
 * on its own queue whose id is the contest's key and the match's id, so a
 * match put there twice (a server started again) is one job. A job carries
 * what `havoc serve-worker` is handed; the submissions' archives go into
 * Redis once, by sha256. A worker killed mid-match loses its job's lock and
 * BullMQ hands the job to another; the server collects finished jobs (its
 * own contest's) every half second and writes each result once (db.ts),
 * also a result finished while it was down.
 */
import { Job, Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { codeHash } from '../queue/codeHash.js';
import { aliveWorkers } from '../queue/registry.js';
import { bullConnection, redisClient, type QueueConnection } from '../queue/connection.js';
import type { Coordinator } from './coordinator.js';
import { leaseTask, submissionArchive, takeResult, type RemoteResult, type RemoteTask } from './remote.js';

/** The BullMQ queue of served contests' matches (beside the runs' batches, QUEUE_NAME). */
export const SERVE_QUEUE = 'havoc-serve-matches';

/** A submission's files (a .tar.gz, base64) in Redis, by sha256: written once, read by the workers that play it. */
export const submissionKey = (sha256: string): string => `havoc:serve:submission:${sha256}`;

/** A job: the coordinator's code hash (a worker with other code refuses it) and the match. */
export interface ServeJob {
  readonly code: string;
  readonly task: RemoteTask;
}

/** A job's return value: the result and replay a remote worker would post, and who played it. */
export interface ServeJobResult extends RemoteResult {
  readonly worker: string;
}

/** The job id of a match of a contest (BullMQ ids may not hold ':'). */
export const serveJobId = (key: string, id: string): string => `${key}-${id}`;

/** How often the queue is looked at (matches put on it, finished ones collected). */
const TICK_MS = 500;

export class QueueFeed {
  private readonly queue: Queue<ServeJob, ServeJobResult>;
  private readonly redis: Redis;
  /** Matches on the queue not collected yet. */
  private readonly pending = new Set<string>();
  private readonly stored = new Set<string>();
  private timer: NodeJS.Timeout | null = null;
  private looking: Promise<void> | null = null;
  private readonly code = codeHash();

  constructor(
    private readonly c: Coordinator,
    conn: QueueConnection,
    private readonly say: (line: string) => void = () => undefined,
  ) {
    this.queue = new Queue<ServeJob, ServeJobResult>(SERVE_QUEUE, { connection: bullConnection(conn) });
    this.queue.on('error', () => {}); // Redis away for a moment: BullMQ reconnects
    this.redis = redisClient(conn);
  }

  /** Looks at the queue every TICK_MS until closed. */
  start(): void {
    const tick = (): void => {
      // One look at a time: a slow Redis makes the next wait, not pile up.
      this.looking ??= this.look()
        .catch((e: Error) => this.say(`the queue: ${e.message.split('\n')[0]}`))
        .finally(() => (this.looking = null));
    };
    tick();
    this.timer = setInterval(tick, TICK_MS);
  }

  /** Collects what the workers finished, then fills the queue up to twice the live workers' threads (at least two). */
  private async look(): Promise<void> {
    await this.collect();
    const depth = Math.max(2, 2 * (await aliveWorkers(this.redis)).threads);
    while (this.pending.size < depth) {
      const t = await leaseTask(this.c, 'queue');
      if (!t) break;
      if (this.pending.has(t.id)) continue; // its lease ran out while it waited on the queue: it is there still
      for (const s of t.seats) if (s.files) await this.storeSubmission(s.submission, s.sha256);
      await this.queue.add('match', { code: this.code, task: t }, { jobId: serveJobId(t.key, t.id), removeOnFail: true });
      this.pending.add(t.id);
    }
  }

  /** A submission's archive into Redis, unless it is there. */
  private async storeSubmission(submission: number, sha256: string): Promise<void> {
    if (this.stored.has(sha256)) return;
    const sub = (await this.c.db.submission(submission))!;
    await this.redis.set(submissionKey(sha256), (await submissionArchive(this.c, sub)).toString('base64'), 'NX');
    this.stored.add(sha256);
  }

  /** Every finished job of this contest: its result written (once), the job removed. A job gone (failed, lost) leaves its match to its lease's end. */
  private async collect(): Promise<void> {
    const prefix = `${this.c.setup.key}-`;
    const done = (await this.queue.getJobs(['completed'])).filter((j): j is Job<ServeJob, ServeJobResult> => !!j?.id?.startsWith(prefix));
    for (const j of done) {
      const id = j.id!.slice(prefix.length);
      if (j.returnvalue) await takeResult(this.c, id, j.returnvalue, j.returnvalue.worker);
      // Another server on the same database may have collected and removed it first: its result is written once.
      await j.remove().catch(() => undefined);
      this.pending.delete(id);
    }
    for (const id of [...this.pending]) if (!(await Job.fromId(this.queue, serveJobId(this.c.setup.key, id)))) this.pending.delete(id);
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.looking;
    await this.queue.close();
    this.redis.disconnect();
  }
}
