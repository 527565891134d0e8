/**
 * `havoc worker --queue URL`: plays the batches of any run on the queue on
 * this machine's worker threads until stopped (Ctrl-C or SIGTERM finish the
 * batches under way first), or until it refuses a batch played with other
 * code (exit 1, one line saying why).
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
  const threads = args.workers ?? defaultWorkers();
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
  const served = await serveQueue(conn, { threads, cache: args.cache ?? join(tmpdir(), 'havoc-worker'), log: say, signal: stop.signal });
  process.off('SIGINT', onSignal);
  process.off('SIGTERM', onSignal);
  if (!args.quiet) say(`played ${served.matches} matches in ${served.batches} batches`);
  if (served.refused) throw new HavocError('ERR_QUEUE', 'worker', `stopped: ${served.refused}`);
}

const command: CommandModule<object, WorkerArgs> = {
  command: 'worker',
  describe: 'play the batches of the runs on a queue (havoc tournament --queue) on this machine, until stopped',
  builder: (y) =>
    withExamples(
      y
        .option('queue', { type: 'string', demandOption: true, describe: 'the queue\'s Redis, e.g. redis://127.0.0.1:6379' })
        .option('workers', { type: 'number', describe: 'worker threads (default: every core)' })
        .option('cache', { type: 'string', describe: 'where the runs\' files are kept (default: a folder in the system\'s temp folder)' })
        .option('quiet', { type: 'boolean', default: false, describe: 'say nothing but problems' }),
      'worker',
    ) as never,
  handler: (args) => reportErrors(() => work(args)),
};

export default command;
