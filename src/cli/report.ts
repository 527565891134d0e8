/** `havoc report DIR`: writes DIR/report.html, a self-contained page of a run's results and replays. */
import { withExamples } from './examples.js';
import { existsSync, statSync } from 'node:fs';
import type { CommandModule } from 'yargs';
import { HavocError } from '../core/errors.js';
import { writeReport } from '../report/html.js';
import { reportErrors } from './errors.js';

interface Args {
  dir: string;
  'max-replays': number;
}

const command: CommandModule<object, Args> = {
  command: 'report <dir>',
  describe: 'write DIR/report.html: summary, tables, matchup heatmap, what each part is worth against its price, and a replay viewer (one file, no network)',
  builder: (y) =>
    withExamples(y, 'report')
      .positional('dir', { type: 'string', demandOption: true, describe: 'run folder (results/NAME)' })
      .option('max-replays', { type: 'number', default: 60, describe: 'replays put into the page (the first by match id)' }) as never,
  handler: (args) =>
    reportErrors(async () => {
      if (!existsSync(args.dir) || !statSync(args.dir).isDirectory()) throw new HavocError('ERR_ARGS', args.dir, 'not a run folder');
      const path = await writeReport(args.dir, { maxReplays: args['max-replays'] });
      process.stdout.write(`${path}\n`);
    }),
};

export default command;
