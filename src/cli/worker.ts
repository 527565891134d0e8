/**
 * `havoc worker --queue URL`: plays the batches of any run on the queue, and
 * the matches of any contest server on it (havoc serve --queue), on this
 * machine's worker threads until stopped (Ctrl-C or SIGTERM finish the
 * batches and matches under way first), or until it refuses a batch or a
 * match played with other code (exit 1, one line saying why).
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CommandModule } from 'yargs';
import { HavocError } from '../core/errors.js';
import { defaultWorkers, workersProblem } from '../run/pool.js';
import { parseQueueUrl, reachRedis } from '../queue/connection.js';
import { serveQueue } from '../queue/worker.js';
import { reportErrors } from './errors.js';
import { withExamples } from './examples.js';

interface WorkerArgs {
  queue: string;
  workers?: number;
  cache?: string;
  quiet: boolean;
}

async function work(args: WorkerArgs): Promise<void> {
  const conn = parseQueueUrl(args.queue);
  // A queue's worker plays on threads it can end (a batch past its deadline): HAVOC_WORKERS=0 gives it one.
  const threads = args.workers ?? Math.max(1, defaultWorkers());
  const problem = workersProblem(threads, 1);
  if (problem) throw new HavocError('ERR_ARGS', '--workers', problem);
  await reachRedis(conn);
  const stop = new AbortController();
  const onSignal = (): void => {
    if (stop.signal.aborted) process.exit(130);
    process.stderr.write('stopping: finishing the batches under way\n');
    stop.abort();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  const say = (line: string): void => void process.stderr.write(`worker: ${line}\n`);
  if (!args.quiet) say(`serving ${args.queue} with ${threads} threads`);
  const cache = args.cache ?? join(tmpdir(), 'havoc-worker');
  // Either one refusing work of other code stops the other too.
  const both = new AbortController();
  stop.signal.addEventListener('abort', () => both.abort(), { once: true });
  const { serveContestQueue } = await import('../serve/queueWorker.js');
  const [served, contests] = await Promise.all([
    serveQueue(conn, { threads, cache, log: say, signal: both.signal }).finally(() => both.abort()),
    serveContestQueue(conn, { threads, cache: join(cache, 'contests'), log: say, signal: both.signal }).finally(() => both.abort()),
  ]);
  process.off('SIGINT', onSignal);
  process.off('SIGTERM', onSignal);
  if (!args.quiet) say(`played ${served.matches} matches in ${served.batches} batches, and ${contests.matches} contest matches`);
  const refused = served.refused ?? contests.refused;
  if (refused) throw new HavocError('ERR_QUEUE', 'worker', `stopped: ${refused}`);
}

const command: CommandModule<object, WorkerArgs> = {
  command: 'worker',
  describe: 'play the batches of the runs on a queue (havoc tournament --queue) and the matches of contest servers on it (havoc serve --queue) on this machine, until stopped',
  builder: (y) =>
    withExamples(
      y
        .option('queue', { type: 'string', demandOption: true, describe: 'the queue\'s Redis, e.g. redis://127.0.0.1:6379' })
        .option('workers', { type: 'number', describe: 'worker threads (default: HAVOC_WORKERS, else every core)' })
        .option('cache', { type: 'string', describe: 'where the runs\' files are kept (default: a folder in the system\'s temp folder)' })
        .option('quiet', { type: 'boolean', default: false, describe: 'say nothing but problems' }),
      'worker',
    ) as never,
  handler: (args) => reportErrors(() => work(args)),
};

export default command;
