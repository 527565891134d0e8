/**
 * `havoc sweep CONFIG`: a loadout sweep — every legal loadout passing the
 * config's filter (or a seeded sample of them) paired at random with seat
 * swaps — with the part table printed at the end. `--matches` and `--sample`
 * override the config's schedule, `--bots` the bot that plays it; several
 * bots play the sweep once each and compare the parts' verdicts
 * (report/robustness.ts).
 */
import { withExamples } from './examples.js';
import { writeRobustnessPage } from '../report/balancePages.js';
import type { CommandModule } from 'yargs';
import { HavocError } from '../core/errors.js';
import { reportErrors } from './errors.js';
import { basename, join } from 'node:path';
import { isBotPath } from '../match/bots.js';
import { loadConfig, type Plan } from '../config/index.js';
import { robustness, writeRobustness } from '../report/robustness.js';
import { runConfig, type ConfigArgs } from '../app/runs.js';
import { BOTS_HELP, configOptions, MATCHES_HELP } from './runOptions.js';

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
      .option('sample', { type: 'number', describe: 'draw N loadouts instead of the config\'s pool (overrides schedule.sample)' })
      .option('matches', { type: 'number', describe: MATCHES_HELP })
      .option('bots', {
        type: 'string',
        describe: `${BOTS_HELP}; a sweep plays one bot in every seat, so several (random,greedy) play the sweep once per bot in OUT/BOT/, and OUT/robustness.csv lists the parts whose verdict changes between them`,
      }) as never,
  handler: (args) =>
    reportErrors(async () => {
      const bots = args.bots?.split(',').map((b) => b.trim()).filter(Boolean);
      const schedule = args.sample !== undefined ? { sample: args.sample } : {};
      const matches = args.matches !== undefined ? { matches: args.matches } : {};
      const onlySweeps = (plan: Plan): void => {
        const not = plan.runs.filter((r) => r.run.schedule.type !== 'sweep').map((r) => r.run.name);
        if (not.length) throw new HavocError('ERR_CONFIG', plan.file, `not a sweep (schedule.type is not "sweep"): ${not.join(', ')}; play it with havoc tournament`);
      };
      if (!bots || bots.length === 1) return runConfig(args, { schedule, ...matches, ...(bots ? { bots } : {}) }, onlySweeps);
      // Several bots: the same sweep once per bot (DIR/BOT/), then the parts whose verdict changes between them.
      if (new Set(bots).size !== bots.length) throw new HavocError('ERR_ARGS', '--bots', `names a bot twice: ${bots.join(', ')}`);
      // The config's folder (or --out): each bot's sweep goes into a folder of its own inside it.
      const plan = await loadConfig(args.config, { schedule, ...matches, bots: [bots[0]], out: args.out, trustBots: args['unsafe-bots'] === true });
      onlySweeps(plan);
      if (plan.multi) throw new HavocError('ERR_CONFIG', plan.file, 'holds several runs: compare bots on a config of one sweep');
      const base = plan.out;
      // A bot named by path gets its file's name as its folder's (and its columns' in robustness.csv).
      const names = bots.map((b) => (isBotPath(b) ? basename(b).replace(/\.[cm]?[jt]s$/, '') : b));
      if (new Set(names).size !== names.length) throw new HavocError('ERR_ARGS', '--bots', `two bots would share a folder: ${names.join(', ')}`);
      for (const [i, bot] of bots.entries()) await runConfig({ ...args, out: join(base, names[i]) }, { schedule, ...matches, bots: [bot] }, onlySweeps);
      const rows = robustness(base, names);
      const file = writeRobustness(base, names, rows);
      const changed = rows.filter((r) => r.changes);
      process.stdout.write(`\nverdicts that change between ${names.join(', ')}: ${changed.length} of ${rows.length} parts\n`);
      for (const r of changed) process.stdout.write(`  ${r.part.padEnd(24)} ${r.byBot.map((v, i) => `${names[i]} ${v ? `${v.verdict} (fair cost ${v.fairCost || 'not determined'})` : 'not estimated'}`).join(', ')}\n`);
      process.stdout.write(`robustness: ${file}; report: ${writeRobustnessPage(base, names)}\n`);
    }),
};

export default command;
