/**
 * `havoc tournament CONFIG`: plays the runs of a config file into their
 * folders (resuming any already begun), rebuilds the tables and prints the
 * top of them (app/runs.ts).
 */
import type { CommandModule } from 'yargs';
import { runConfig, type ConfigArgs } from '../app/runs.js';
import { reportErrors } from './errors.js';
import { withExamples } from './examples.js';
import { configOptions } from './runOptions.js';

const command: CommandModule<object, ConfigArgs> = {
  command: 'tournament <config>',
  describe: 'play the runs of a config file (round robin, gauntlet, free-for-all or sweep) and write their tables',
  builder: (y) => withExamples(configOptions(y), 'tournament') as never,
  handler: (args) => reportErrors(() => runConfig(args)),
};

export default command;
