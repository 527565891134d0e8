/**
 * `havoc status --queue URL`: the runs on a queue (their progress as their
 * coordinators last reported it) and the workers alive; `--cancel RUN` stops
 * a run (its coordinator hands out no more batches, writes the ones under
 * way and exits; started again, it carries on).
 */
import type { CommandModule } from 'yargs';
import { HavocError } from '../core/errors.js';
import { parseQueueUrl, reachRedis, redisClient } from '../queue/connection.js';
import { cancelRuns, listRuns, listWorkers } from '../queue/registry.js';
import { coordinatorKey } from '../queue/names.js';
import { reportErrors } from './errors.js';
import { withExamples } from './examples.js';
import { duration } from '../app/progress.js';

interface StatusArgs {
  queue: string;
  cancel?: string;
  json: boolean;
}

async function status(args: StatusArgs): Promise<void> {
  const conn = parseQueueUrl(args.queue);
  await reachRedis(conn);
  const redis = redisClient(conn);
  try {
    if (args.cancel !== undefined) {
      const runs = await cancelRuns(redis, args.cancel);
      if (!runs.length) throw new HavocError('ERR_ARGS', '--cancel', `no running run on ${args.queue} has the name or key "${args.cancel}" (havoc status --queue ${args.queue} lists them)`);
      for (const r of runs) process.stdout.write(`cancelled ${r.name} (${r.key}): its coordinator stops within a few seconds\n`);
      return;
    }
    const [runs, workers] = await Promise.all([listRuns(redis), listWorkers(redis)]);
    if (args.json) {
      process.stdout.write(JSON.stringify({ runs, workers }) + '\n');
      return;
    }
    const now = Date.now();
    process.stdout.write(`runs (${runs.length}):\n`);
    for (const r of runs) {
      // A coordinator killed never reports its end: its run shows as running while its renewed key has lapsed.
      const state = r.state === 'running' && !(await redis.exists(coordinatorKey(r.key))) ? 'running (coordinator gone)' : r.state;
      const left = r.state === 'running' && r.matchesPerSecond > 0 ? `, ${duration((r.total - r.done) / r.matchesPerSecond)} left` : '';
      process.stdout.write(`  ${r.name}  ${r.key}  ${state}  ${r.done}/${r.total} matches  ${r.matchesPerSecond} matches/s${left}  (${r.host}:${r.dir}, ${duration((now - r.updated) / 1000)} ago)\n`);
    }
    process.stdout.write(`workers alive (${workers.length}, ${workers.reduce((n, w) => n + w.threads, 0)} threads):\n`);
    for (const w of workers) process.stdout.write(`  ${w.id}  ${w.threads} threads  code ${w.code}  ${w.matches} matches in ${w.batches} batches  up ${duration((now - w.started) / 1000)}\n`);
  } finally {
    redis.disconnect();
  }
}

const command: CommandModule<object, StatusArgs> = {
  command: 'status',
  describe: 'list the runs and the workers alive on a queue, or cancel a run',
  builder: (y) =>
    withExamples(
      y
        .option('queue', { type: 'string', demandOption: true, describe: 'the queue\'s Redis, e.g. redis://127.0.0.1:6379' })
        .option('cancel', { type: 'string', describe: 'cancel the run of this name or key' })
        .option('json', { type: 'boolean', default: false, describe: 'print the runs and workers as JSON' }),
      'status',
    ) as never,
  handler: (args) => reportErrors(() => status(args)),
};

export default command;
