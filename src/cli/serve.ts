/** `havoc serve CONTEST`: the contest server (src/serve/): entrants submit, a live ladder plays them, everyone sees where they stand. */
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import type { CommandModule } from 'yargs';
import { HavocError } from '../core/errors.js';
import { reportErrors } from './errors.js';
import { servingLine } from '../serve/address.js';

interface Args {
  contest: string;
  port: number;
  host: string;
  db?: string;
  storage?: string;
  workers: number;
  'organiser-token'?: string;
  queue?: string;
}

const command: CommandModule<object, Args> = {
  command: 'serve <contest>',
  describe: 'run a contest as a server: submissions by web form or havoc submit, checked in the sandbox, a live ladder, pages for everyone',
  builder: (y) =>
    y
      .positional('contest', { type: 'string', demandOption: true, describe: 'the contest file (JSON: a run config for one ruleset, plus "serve"; docs/contest.md)' })
      .option('port', { type: 'number', default: 8080, describe: 'the port to listen on (0: any free one)' })
      .option('host', { type: 'string', default: '127.0.0.1', describe: 'the address to listen on (0.0.0.0: every interface)' })
      .option('db', { type: 'string', describe: "the contest's database: a SQLite file (default results/serve/NAME.db), or a PostgreSQL URL (postgres://USER:PASSWORD@HOST:PORT/NAME) that several servers share" })
      .option('storage', { type: 'string', describe: "the storage folder (submissions' files, replays): default FILE.files/ beside a SQLite file, results/serve/NAME.files with PostgreSQL; every server of one contest must share it" })
      .option('workers', { type: 'number', default: Math.max(1, availableParallelism() - 1), describe: 'worker threads playing matches here (0: only remote workers, havoc serve-worker, play; checks still run here)' })
      .option('queue', { type: 'string', describe: "a Redis queue (redis://HOST:PORT) whose workers, havoc worker --queue URL on any machines, play its matches too" })
      .option('organiser-token', { type: 'string', describe: "the organiser's token (default: HAVOC_ORGANISER_TOKEN, else made at the first start and kept in the storage)" }) as never,
  handler: (args) =>
    reportErrors(async () => {
      if (!(Number.isInteger(args.port) && args.port >= 0 && args.port < 65536)) throw new HavocError('ERR_ARGS', '--port', `must be a port number (0 to 65535), not ${args.port}`);
      if (!(Number.isInteger(args.workers) && args.workers >= 0)) throw new HavocError('ERR_ARGS', '--workers', `must be a whole number ≥ 0, not ${args.workers}`);
      const queue = args.queue === undefined ? undefined : (await import('../queue/connection.js')).parseQueueUrl(args.queue);
      if (queue) await (await import('../queue/connection.js')).reachRedis(queue);
      const { serve } = await import('../serve/server.js');
      const { loadServedContest } = await import('../serve/contest.js');
      const { isPostgresUrl, maskUrl } = await import('../serve/sql.js');
      const name = (await loadServedContest(args.contest)).name;
      const db = args.db ?? join('results', 'serve', `${name}.db`);
      const storage = args.storage ?? (isPostgresUrl(db) ? join('results', 'serve', `${name}.files`) : undefined);
      const say = (line: string): void => void process.stderr.write(line + '\n');
      const s = await serve({ contest: args.contest, port: args.port, host: args.host, db, storage, workers: args.workers, organiserToken: args['organiser-token'] ?? process.env.HAVOC_ORGANISER_TOKEN, say, queue });
      const n = await s.coordinator.db.counts();
      process.stdout.write(servingLine(s.coordinator.contest.name, s.url, `database ${maskUrl(db)}${storage ? `, storage ${storage}` : ''}; ${n.done} matches played, ${n.queued} queued; ${args.workers} workers${queue ? ` and the queue's (${args.queue})` : ''}`));
      if (s.organiser.made) process.stdout.write(`organiser token (kept in ${s.organiser.file}): ${s.organiser.token}\n`);
      else if (s.organiser.file) process.stdout.write(`organiser token: in ${s.organiser.file}\n`);
      await new Promise<void>((resolve) => {
        const stop = (): void => {
          process.stdout.write('stopping: matches under way stay queued and are played at the next start\n');
          void s.close().then(resolve);
        };
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      });
    }),
};

export default command;
