/**
 * `havoc sweep CONFIG`: a loadout sweep — every legal loadout passing the
 * config's filter (or a seeded sample of them) paired at random with seat
 * swaps — with the part table printed at the end. `--matches` and `--sample`
 * override the config's schedule, `--bots` the bot that plays it.
 */
import { withExamples } from './examples.js';
import type { CommandModule } from 'yargs';
import { HavocError } from '../core/errors.js';
import { reportErrors } from './errors.js';
import { configOptions, runConfig, type ConfigArgs } from './tournament.js';

interface SweepArgs extends ConfigArgs {
  matches?: number;
  sample?: number;
  bots?: string;
}

const command: CommandModule<object, SweepArgs> = {
  command: 'sweep <config>',
  describe: 'play a loadout sweep config and write its loadout and part tables',
  builder: (y) =>
    withExamples(configOptions(y), 'sweep')
      .option('matches', { type: 'number', describe: 'matches in the sweep (overrides schedule.matches)' })
      .option('sample', { type: 'number', describe: 'draw N loadouts instead of the config\'s pool (overrides schedule.sample)' })
      .option('bots', { type: 'string', describe: 'the bot that plays every seat (overrides the config\'s "bots"): greedy, mcts, random, … or a path' }) as never,
  handler: (args) =>
    reportErrors(() =>
      runConfig(
        args,
        {
          schedule: {
            ...(args.matches !== undefined ? { matches: args.matches } : {}),
            ...(args.sample !== undefined ? { sample: args.sample } : {}),
          },
          ...(args.bots !== undefined ? { bots: args.bots.split(',').map((b) => b.trim()).filter(Boolean) } : {}),
        },
        (plan) => {
          const not = plan.runs.filter((r) => r.run.schedule.type !== 'sweep').map((r) => r.run.name);
          if (not.length)
            throw new HavocError('bad-config', plan.file, `not a sweep (schedule.type is not "sweep"): ${not.join(', ')}; play it with havoc tournament`);
        },
      ),
    ),
};

export default command;
