/** `havoc notation`: the words a ruleset's bots and scripts write, each with what it does (the ruleset's legend). */
import { withExamples } from './examples.js';
import type { CommandModule } from 'yargs';
import { HavocError } from '../core/errors.js';
import type { AnyGameModule } from '../core/game.js';
import { loadRuleset, rulesetIds } from '../rules/registry.js';
import { reportErrors } from './errors.js';

interface Args {
  ruleset: string;
  loadouts?: string;
  json: boolean;
}

/** Games whose seats' builds hold every word: the --loadouts given, the ruleset's one build, or its named builds, a game's worth at a time. */
function gamesOf(mod: AnyGameModule, loadouts: string | undefined): unknown[] {
  const b = mod.builds;
  const check = (raw: unknown, where: string): unknown => {
    const r = b.check(raw, where);
    if (!r.ok) throw r.error;
    return r.value;
  };
  if (loadouts !== undefined) {
    const names = loadouts.split(',').map((s) => s.trim());
    const builds = names.map((n, i) => check(n, `--loadouts[${i}]`));
    while (builds.length < mod.seats.min) builds.push(builds[builds.length - 1]);
    return [mod.makeGame({ builds })];
  }
  if (b.fixed) return [mod.makeGame({ builds: Array(mod.seats.min).fill(b.fixed.build) })];
  const named = b.named?.();
  const all = named?.ok ? [...named.value.values()] : b.sample ? b.sample(mod.seats.min, 'notation') : [];
  if (all.length === 0) throw new HavocError('ERR_ARGS', '--loadouts', `${mod.title} needs builds to show its notation: name them with --loadouts`);
  const games: unknown[] = [];
  // The fewest seats a game takes, so any builds fit (a Hovercrafts team holds five ships at most).
  for (let i = 0; i < all.length; i += mod.seats.min) {
    const builds = all.slice(i, i + mod.seats.min);
    while (builds.length < mod.seats.min) builds.push(builds[0]);
    games.push(mod.makeGame({ builds }));
  }
  return games;
}

const command: CommandModule<object, Args> = {
  command: 'notation',
  describe: 'list the words a ruleset\'s actions are written in, each with what it does',
  builder: (y) =>
    withExamples(y, 'notation')
      .option('ruleset', { type: 'string', default: rulesetIds()[0], describe: `a ruleset (${rulesetIds().join(', ')}) or a ruleset module's path` })
      .option('loadouts', { type: 'string', describe: 'builds whose words to list (default: the ruleset\'s one build, or its named builds)' })
      .option('json', { type: 'boolean', default: false, describe: 'print JSON: [[word, meaning], …]' }) as never,
  handler: (args) =>
    reportErrors(async () => {
      const mod = await loadRuleset(args.ruleset);
      const legend = mod.present?.legend;
      if (!legend) throw new HavocError('ERR_RULESET', args.ruleset, `${mod.title} gives no legend of its notation`);
      const seen = new Map<string, string>();
      for (const g of gamesOf(mod, args.loadouts)) for (const [word, meaning] of legend(g)) if (!seen.has(word)) seen.set(word, meaning);
      if (args.json) return void process.stdout.write(JSON.stringify([...seen], null, 2) + '\n');
      const width = Math.max(...[...seen.keys()].map((w) => w.length));
      process.stdout.write(`${mod.title} (${mod.id}): ${seen.size} words\n`);
      for (const [word, meaning] of seen) process.stdout.write(`  ${word.padEnd(width)}  ${meaning}\n`);
    }),
};

export default command;
