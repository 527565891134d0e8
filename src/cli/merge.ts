/**
 * `havoc merge OUT DIR…`: combines shard folders of one run into the folder
 * (and tables) the whole run would have made. Folders of several runs are
 * merged run by run.
 */
import { withExamples } from './examples.js';
import { join } from 'node:path';
import type { CommandModule } from 'yargs';
import { loadRunRuleset } from '../config/rulesets.js';
import { initParentFolder, inspectFolder } from '../store/folder.js';
import { checkMerge, mergeFolders } from '../run/merge.js';
import { HavocError } from '../core/errors.js';
import { formatReport, writeTables } from '../report/summary.js';
import { reportErrors } from './errors.js';

interface MergeArgs {
  out: string;
  dirs: string[];
  'allow-missing': boolean;
  json: boolean;
}

const command: CommandModule<object, MergeArgs> = {
  command: 'merge <out> <dirs..>',
  describe: 'merge shard folders of one run into one folder and write its tables',
  builder: (y) =>
    withExamples(y, 'merge')
      .positional('out', { type: 'string', demandOption: true, describe: 'new folder for the merged run' })
      .positional('dirs', { type: 'string', array: true, demandOption: true, describe: 'shard folders' })
      .option('allow-missing', { type: 'boolean', default: false, describe: 'merge even if some matches are in no folder (finish with havoc resume OUT)' })
      .option('json', { type: 'boolean', default: false, describe: 'print summary.json instead of the report' }) as never,
  handler: (args) =>
    reportErrors(async () => {
      const kinds = args.dirs.map((d) => inspectFolder(d));
      let pairs: { out: string; dirs: string[] }[];
      const parents = kinds.flatMap((k) => (k.kind === 'parent' ? [k.config] : []));
      if (parents.length === kinds.length) {
        const names = parents[0].runs;
        parents.forEach((p, i) => {
          if (JSON.stringify(p.runs) !== JSON.stringify(names)) throw new HavocError('ERR_MERGE', args.dirs[i], `holds runs ${p.runs.join(', ')}, not ${names.join(', ')}`);
        });
        pairs = names.map((n) => ({ out: join(args.out, n), dirs: args.dirs.map((d) => join(d, n)) }));
        if (inspectFolder(args.out).kind !== 'empty') throw new HavocError('ERR_MERGE', args.out, 'the output folder must be new or empty');
        for (const p of pairs) checkMerge(p.out, p.dirs);
        initParentFolder(args.out, names, `merge of ${args.dirs.join(', ')}`);
      } else pairs = [{ out: args.out, dirs: args.dirs }];
      for (const p of pairs) {
        const first = inspectFolder(p.dirs[0]);
        if (first.kind === 'run') await loadRunRuleset(first.config.run, join(p.dirs[0], 'config.json')); // its ruleset module, if any, before its records are read
        const m = mergeFolders(p.out, p.dirs, { allowMissing: args['allow-missing'] });
        if (m.missing) process.stderr.write(`${m.run.name}: ${m.missing} of ${m.scheduled} matches missing; \`havoc resume ${p.out}\` plays them\n`);
        const t = writeTables(p.out, m.run, m.data, null, m.scheduled, null);
        if (args.json) process.stdout.write(JSON.stringify(t.summary) + '\n');
        else process.stdout.write(formatReport(p.out, t));
      }
    }),
};

export default command;
