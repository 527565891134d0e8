/** `havoc check-bot`: an entrant's bot against random on each ruleset it plays, and what went wrong. */
import { withExamples } from './examples.js';
import type { CommandModule } from 'yargs';
import { checkBot, checkedBot, type RulesetCheck } from '../run/checkBot.js';
import { DEFAULT_BUDGET } from '../core/bot.js';
import { HavocError } from '../core/errors.js';
import { rulesetIds } from '../rules/registry.js';
import { reportErrors } from './errors.js';
import { faultLines } from '../app/faults.js';

interface Args {
  bot: string;
  rulesets?: string;
  games: number;
  budget: number;
  sims: number;
  'unsafe-bots': boolean;
}

const command: CommandModule<object, Args> = {
  command: 'check-bot <bot>',
  describe: 'play a bot against random on each ruleset it plays and report its faults and decision times',
  builder: (y) =>
    withExamples(y, 'check-bot')
      .positional('bot', { type: 'string', demandOption: true, describe: 'a bot module\'s path (.js, .ts) or a manifest (.json: name, bot or command, rulesets, builds)' })
      .option('rulesets', { type: 'string', describe: `rulesets to check, comma-separated (default: the manifest's, else all: ${rulesetIds().join(', ')})` })
      .option('games', { type: 'number', default: 4, describe: 'games per ruleset (seat-swapped pairs)' })
      .option('budget', { type: 'number', default: DEFAULT_BUDGET.ms, describe: 'milliseconds a decision may take' })
      .option('sims', { type: 'number', default: DEFAULT_BUDGET.sims, describe: 'simulations a decision should plan for' })
      .option('unsafe-bots', { type: 'boolean', default: false, describe: 'run a module in this process, trusting it (default: sandboxed, as in a contest)' }) as never,
  handler: (args) =>
    reportErrors(async () => {
      const games = args.games;
      if (!(Number.isInteger(games) && games >= 2 && games % 2 === 0)) throw new HavocError('ERR_ARGS', '--games', `must be an even number, at least 2 (seat-swapped pairs), not ${games}`);
      if (!(args.budget > 0)) throw new HavocError('ERR_ARGS', '--budget', `must be a positive number of milliseconds, not ${args.budget}`);
      const bot = checkedBot(args.bot);
      const rulesets = args.rulesets?.split(',').map((s) => s.trim()).filter(Boolean);
      for (const id of rulesets ?? []) if (!rulesetIds().includes(id)) throw new HavocError('ERR_ARGS', '--rulesets', `no ruleset "${id}" (rulesets: ${rulesetIds().join(', ')})`);
      let bad = 0;
      // Each ruleset's lines as soon as it is checked.
      const show = (c: RulesetCheck): void => {
        if (c.problem) {
          bad++;
          process.stdout.write(`${c.ruleset}: not checked: ${c.problem}\n`);
          return;
        }
        const over = c.maxMs > args.budget ? ` — over the ${args.budget} ms limit` : '';
        process.stdout.write(
          `${c.ruleset} (${c.builds.join(' vs ')}): ${c.games} games against random: ${c.won} won, ${c.lost} lost, ${c.drawn} drawn; ` +
            `${c.decisions} decisions answered, ${c.meanMs.toFixed(1)} ms mean, ${c.maxMs.toFixed(1)} ms max ${c.clock === 'cpu' ? `of CPU time (by the wall clock, the round trip included: ${c.wallMeanMs.toFixed(1)} ms mean, ${c.wallMaxMs.toFixed(1)} ms max)` : 'by the wall clock'} (limit ${args.budget} ms)${over}; ` +
            `${c.faults.length ? `${c.faults.length} faults` : 'no faults'}\n`,
        );
        if (c.faults.length) {
          bad++;
          for (const line of faultLines(c.faults.map((f) => (f.where ? { ...f, message: `${f.message} (at ${f.where})` } : f)), () => bot.name)) process.stdout.write(`  ${line}\n`);
          const games = [...new Set(c.faults.map((f) => f.game + 1))];
          process.stdout.write(`  in game${games.length > 1 ? 's' : ''} ${games.join(', ')} of ${c.games}\n`);
        }
      };
      const checks = await checkBot(bot, { games, budget: { ms: args.budget, sims: args.sims }, trusted: args['unsafe-bots'], rulesets }, show);
      process.stdout.write(bad ? `${bot.name}: ${bad} of ${checks.length} rulesets had problems\n` : `${bot.name}: no problems on ${checks.length} rulesets\n`);
      if (bad) process.exitCode = 1;
    }),
};

export default command;
