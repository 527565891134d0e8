/**
 * `havoc duel A B --ruleset ID`: is bot A stronger than bot B? Seat-swapped
 * pairs until a sequential test on their pentanomial decides (app/duel.ts).
 */
import type { CommandModule } from 'yargs';
import { DEFAULT_BUDGET } from '../core/bot.js';
import { runDuel, DEFAULT_MAX_GAMES, type DuelArgs } from '../app/duel.js';
import { DEFAULT_OPENINGS } from '../run/duel/plan.js';
import { reportErrors } from './errors.js';
import { withExamples } from './examples.js';
import { runOptions } from './runOptions.js';

interface Args extends Omit<DuelArgs, 'maxGames' | 'turnLimit' | 'budget'> {
  'max-games'?: number;
  'turn-limit'?: number;
  budget?: number;
  sims?: number;
}

const command: CommandModule<object, Args> = {
  command: 'duel <a> <b>',
  describe: 'is bot A stronger than bot B? seat-swapped pairs until a sequential test (SPRT) on them decides',
  builder: (y) =>
    withExamples(
      runOptions(y)
        .positional('a', { type: 'string', demandOption: true, describe: 'the bot tested (a built-in name, a path, or a manifest bot.json), e.g. your new version' })
        .positional('b', { type: 'string', demandOption: true, describe: 'the bot it is measured against, e.g. your previous version or a built-in bot' })
        .option('ruleset', { type: 'string', demandOption: true, describe: 'the ruleset (rbp, nhm, hovercrafts, …) or a ruleset module\'s path' })
        .option('out', { type: 'string', describe: 'the duel\'s folder (default results/duel-A-B-RULESET); the same command again carries it on' })
        .option('sprt', { type: 'string', describe: 'the test: H0 "A is elo0 stronger" against H1 "elo1 stronger", with the error rates (default elo0=0,elo1=10,alpha=0.05,beta=0.05; any of them)' })
        .option('normalized', { type: 'boolean', default: false, describe: 'elo0 and elo1 in normalised Elo (fastchess\'s; the score in standard deviations of a pair\'s score) rather than logistic Elo' })
        .option('max-games', { type: 'number', describe: `stop undecided after this many games (even; default ${DEFAULT_MAX_GAMES})` })
        .option('seed', { type: 'string', default: '1', describe: 'the duel\'s seed: every pair\'s seed and the openings come from it' })
        .option('openings', { type: 'number', describe: `builds drawn as openings, two a pair (both bots play both builds of each), where the ruleset has builds (default ${DEFAULT_OPENINGS})` })
        .option('loadout', { type: 'string', describe: 'one build for every seat instead of openings (a name or key)' })
        .option('budget', { type: 'number', describe: `milliseconds a decision may take (default ${DEFAULT_BUDGET.ms})` })
        .option('sims', { type: 'number', describe: `simulations a decision should plan for (the searching bots' budget; default ${DEFAULT_BUDGET.sims})` })
        .option('turn-limit', { type: 'number', describe: 'turns before a game is a draw (default 100)' })
        .option('parts', { type: 'string', describe: 'the ruleset\'s data file (NHM and RBP: the parts catalogue)' }),
      'duel',
    ) as never,
  handler: ({ budget, sims, 'max-games': maxGames, 'turn-limit': turnLimit, ...rest }) =>
    reportErrors(() =>
      runDuel({
        ...rest,
        maxGames,
        turnLimit,
        ...(budget !== undefined || sims !== undefined ? { budget: { ...(budget !== undefined ? { ms: budget } : {}), ...(sims !== undefined ? { sims } : {}) } } : {}),
      }),
    ),
};

export default command;
