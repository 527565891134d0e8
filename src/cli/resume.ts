/**
 * `havoc resume DIR`: carries on a stopped run (or every run of a parent
 * folder) from its folder alone: the saved config, its copy of the ruleset's data file and the
 * matches already in matches.csv. A finished run just gets its tables rebuilt.
 */
import { withExamples } from './examples.js';
import { join } from 'node:path';
import type { CommandModule } from 'yargs';
import { checkRunBots } from '../config/index.js';
import { loadRunRuleset } from '../config/rulesets.js';
import { folderData, inspectFolder, type FolderConfig } from '../store/folder.js';
import { HavocError } from '../core/errors.js';
import { reportErrors } from './errors.js';
import { checkRunArgs, playFolders, type FolderJob, type RunArgs } from '../app/runs.js';
import { runOptions } from './runOptions.js';

interface ResumeArgs extends RunArgs {
  dir: string;
}

/** The run folders under `dir` (itself, or the runs of a parent folder). */
export function runFolders(dir: string): { dir: string; config: FolderConfig }[] {
  const f = inspectFolder(dir);
  if (f.kind === 'run') return [{ dir, config: f.config }];
  if (f.kind === 'parent')
    return f.config.runs.map((name) => {
      const sub = join(dir, name);
      const g = inspectFolder(sub);
      if (g.kind !== 'run') throw new HavocError('ERR_RUN_FOLDER', sub, 'missing or not a run folder');
      return { dir: sub, config: g.config };
    });
  throw new HavocError('ERR_RUN_FOLDER', dir, f.kind === 'empty' ? 'no run here (no config.json)' : 'not a run folder (its config.json is not a run\'s)');
}

const command: CommandModule<object, ResumeArgs> = {
  command: 'resume <dir>',
  describe: 'carry on a stopped run from its folder and write its tables',
  builder: (y) => withExamples(runOptions(y).positional('dir', { type: 'string', demandOption: true, describe: 'the run\'s folder' }), 'resume') as never,
  handler: (args) =>
    reportErrors(async () => {
      checkRunArgs(args);
      if (args.queue !== undefined) await (await import('../app/queue.js')).checkQueue(args.queue); // before the bots are checked
      const jobs: FolderJob[] = [];
      for (const { dir, config } of runFolders(args.dir)) {
        await loadRunRuleset(config.run, join(dir, 'config.json'));
        const data = folderData(dir, config.run);
        await checkRunBots(config.run, join(dir, 'config.json'), args['unsafe-bots'] === true);
        jobs.push({ dir, run: config.run, shard: config.shard, data: data?.value });
      }
      await playFolders(jobs, args);
    }),
};

export default command;
