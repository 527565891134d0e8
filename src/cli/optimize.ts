/**
 * `havoc optimize`: the strongest builds against a field (app/optimize.ts):
 * hill climbing with restarts whose moves a sequential test decides.
 */
import type { CommandModule } from 'yargs';
import { runOptimize, searchable, type OptimizeArgs } from '../app/optimize.js';
import { reportErrors } from './errors.js';
import { withExamples } from './examples.js';

const command: CommandModule<object, OptimizeArgs> = {
  command: 'optimize',
  describe: 'search the legal builds for the strongest against a field (hill climbing, SPRT), and flag any that beats 90% of it',
  builder: (y) =>
    withExamples(y, 'optimize')
      .option('ruleset', { type: 'string', describe: `a ruleset whose builds can be drawn (default ${searchable() ?? 'none'}), or a ruleset module's path` })
      .option('parts', { type: 'string', describe: "the ruleset's data file (NHM: the parts catalogue, default configs/parts.json)" })
      .option('bot', { type: 'string', default: 'greedy', describe: 'the built-in bot that plays every seat (greedy, random, …)' })
      .option('field', { type: 'string', default: 'sample:20', describe: 'the field: sample:N (N builds drawn from the legal space), a file of named builds (.json), or builds by name or key (a,b,c)' })
      .option('restarts', { type: 'number', default: 4, describe: 'climbs, each from a build drawn at random' })
      .option('iterations', { type: 'number', default: 30, describe: 'moves proposed per climb (a climb with no untried move left stops early)' })
      .option('max-games', { type: 'number', default: 200, describe: "games a move's test may spend on the candidate before it stops undecided" })
      .option('delta', { type: 'number', default: 0.1, describe: 'the gain in score against the field the test looks for (H1; H0 is no gain)' })
      .option('top', { type: 'number', default: 5, describe: 'builds measured again at the end (at least each climb\'s last)' })
      .option('final-games', { type: 'number', default: 10, describe: 'games each of them plays against each field build at the end (even: seat-swapped pairs)' })
      .option('seed', { type: 'string', default: '1' })
      .option('workers', { type: 'number', describe: 'worker threads that play the pairs (default: HAVOC_WORKERS, else every core; 0: this thread); the results do not depend on it' })
      .option('out', { type: 'string', default: 'results/optimize', describe: 'the folder for top.csv, history.csv and summary.json' })
      .option('quiet', { type: 'boolean', default: false, describe: 'print only the top builds' }) as never,
  handler: (args) => reportErrors(async () => void (await runOptimize(args))),
};

export default command;
