/** `havoc serve-worker URL`: plays a contest server's matches on this machine (src/serve/remoteWorker.ts), until stopped. */
import { join } from 'node:path';
import type { CommandModule } from 'yargs';
import { HavocError } from '../core/errors.js';
import { reportErrors } from './errors.js';

interface Args {
  url: string;
  token?: string;
  threads: number;
  cache: string;
}

const command: CommandModule<object, Args> = {
  command: 'serve-worker <url>',
  describe: "play a contest server's matches on this machine: it hands out matches, this worker fetches the bots, plays them sandboxed and sends the results back",
  builder: (y) =>
    y
      .positional('url', { type: 'string', demandOption: true, describe: "the contest server's address, e.g. http://10.0.0.5:8080" })
      .option('token', { type: 'string', describe: "the organiser's token (default HAVOC_ORGANISER_TOKEN)" })
      .option('threads', { type: 'number', default: 1, describe: 'matches played at once' })
      .option('cache', { type: 'string', default: join('results', 'serve-worker'), describe: "where the submissions' files and replays under way are kept" }) as never,
  handler: (args) =>
    reportErrors(async () => {
      const token = args.token ?? process.env.HAVOC_ORGANISER_TOKEN;
      if (!token) throw new HavocError('ERR_ARGS', '--token', "give the organiser's token (or set HAVOC_ORGANISER_TOKEN)");
      if (!(Number.isInteger(args.threads) && args.threads >= 1)) throw new HavocError('ERR_ARGS', '--threads', `must be a whole number ≥ 1, not ${args.threads}`);
      const { runRemoteWorker } = await import('../serve/remoteWorker.js');
      const stop = new AbortController();
      process.once('SIGINT', () => stop.abort());
      process.once('SIGTERM', () => stop.abort());
      process.stdout.write(`serving matches of ${args.url} with ${args.threads} thread${args.threads === 1 ? '' : 's'}\n`);
      const n = await runRemoteWorker({ url: args.url, token, threads: args.threads, cache: args.cache, signal: stop.signal, log: (l) => void process.stderr.write(l + '\n') });
      process.stdout.write(`stopped: ${n} matches played\n`);
    }),
};

export default command;
