/**
 * `havoc meta DIR`: the metagame of a finished run of builds (app/meta.ts):
 * its top K builds play each other, then the equilibrium, α-Rank and each
 * part's share of it.
 */
import type { CommandModule } from 'yargs';
import { META_BOOTSTRAP, playMeta, type MetaArgs } from '../app/meta.js';
import { META_FOLDER } from '../report/meta/field.js';
import { reportErrors } from './errors.js';
import { withExamples } from './examples.js';
import { runOptions } from './runOptions.js';

const command: CommandModule<object, MetaArgs> = {
  command: 'meta <dir>',
  describe: "the metagame of a run's top builds: they play each other (DIR/meta/), then the Nash equilibrium (HiGHS) with its exploitability, α-Rank, and each part's share of the equilibrium",
  builder: (y) =>
    withExamples(
      runOptions(y)
        .positional('dir', { type: 'string', demandOption: true, describe: 'a finished run of builds (a sweep, or a round robin of loadouts)' })
        .option('top', { type: 'number', default: 50, describe: "the K builds in the metagame: the run's best by rating (else by win rate)" })
        .option('games', { type: 'number', default: 20, describe: 'games per pair of builds, seat-swapped (even)' })
        .option('bootstrap', { type: 'number', default: META_BOOTSTRAP, describe: "resamples of the games: how often each build and part is in the equilibrium, the parts' shares' intervals (0: none)" })
        .option('seed', { type: 'string', describe: "the metagame's seed (default: the run's)" })
        .option('out', { type: 'string', describe: `the metagame's run folder (default DIR/${META_FOLDER}); an existing one with the same K, games and seed is carried on` }),
      'meta',
    ) as never,
  handler: (args) => reportErrors(async () => void (await playMeta(args))),
};

export default command;
