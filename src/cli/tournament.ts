/**
 * `havoc tournament CONFIG`: plays the runs of a config file into their
 * folders (resuming any already begun), rebuilds the tables and prints the
 * top of them (app/runs.ts). `--matches`, `--bots`, `--seed` and `--out`
 * override the config's, as on `havoc sweep`.
 */
import type { CommandModule } from 'yargs';
import { runConfig, type ConfigArgs } from '../app/runs.js';
import { reportErrors } from './errors.js';
import { withExamples } from './examples.js';
import { configOptions, overrideOptions } from './runOptions.js';

interface TournamentArgs extends ConfigArgs {
  matches?: number;
  bots?: string;
}

const command: CommandModule<object, TournamentArgs> = {
  command: 'tournament <config>',
  describe: 'play the runs of a config file (round robin, gauntlet, free-for-all or sweep) and write their tables',
  builder: (y) => overrideOptions(withExamples(configOptions(y), 'tournament')) as never,
  handler: (args) =>
    reportErrors(() => {
      const bots = args.bots?.split(',').map((b) => b.trim()).filter(Boolean);
      return runConfig(args, { ...(args.matches !== undefined ? { matches: args.matches } : {}), ...(bots ? { bots } : {}) });
    }),
};

export default command;
