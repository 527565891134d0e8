/** `havoc scenario FILE`: plays scripted programs, one JSON line per step, then the result. */
import { withExamples } from './examples.js';
import { readFileSync } from 'node:fs';
import type { CommandModule } from 'yargs';
import { loadScenario, playScenario } from '../match/scenario.js';
import { isRulesetPath, loadRuleset } from '../rules/registry.js';
import { HavocError } from '../core/errors.js';
import { reportErrors } from './errors.js';

interface Args {
  file: string;
  board: boolean;
}

const command: CommandModule<object, Args> = {
  command: 'scenario <file>',
  describe: 'play a scripted scenario and print its JSONL trace',
  builder: (y) =>
    withExamples(y, 'scenario')
      .positional('file', { type: 'string', demandOption: true, describe: 'scenario JSON file' })
      .option('board', { type: 'boolean', default: false, describe: 'also draw the board after each record (stderr), where the ruleset draws one' }) as never,
  handler: (args) =>
    reportErrors(async () => {
      let json: unknown;
      try {
        json = JSON.parse(readFileSync(args.file, 'utf8'));
      } catch (e) {
        throw new HavocError('ERR_SCENARIO', args.file, (e as Error).message);
      }
      const named = (json as { ruleset?: unknown } | null)?.ruleset;
      if (typeof named === 'string' && isRulesetPath(named)) await loadRuleset(named);
      const sc = loadScenario(json, args.file);
      const show = sc.module.present?.show;
      const result = playScenario(sc, (rec, st) => {
        process.stdout.write(JSON.stringify(rec) + '\n');
        if (args.board && show) process.stderr.write(`${show(st, rec)}\n\n`);
      });
      const { warnings, ...rest } = result;
      for (const w of warnings ?? []) process.stderr.write(`warning: ${w}\n`);
      process.stdout.write(JSON.stringify({ result: rest }) + '\n');
    }),
};

export default command;
