/** `havoc scenario FILE`: plays scripted programs, one JSON line per step, then the result. */
import { withExamples } from './examples.js';
import type { CommandModule } from 'yargs';
import { playScenario, readScenarioFile } from '../match/scenario.js';
import { HavocError } from '../core/errors.js';
import { reportErrors } from './errors.js';

interface Args {
  file: string;
  board: boolean;
  view?: string;
}

const command: CommandModule<object, Args> = {
  command: 'scenario <file>',
  describe: 'play a scripted scenario and print its JSONL trace',
  builder: (y) =>
    withExamples(y, 'scenario')
      .positional('file', { type: 'string', demandOption: true, describe: 'scenario JSON file' })
      .option('board', { type: 'boolean', default: false, describe: 'also draw the board after each record (stderr), where the ruleset draws one' })
      .option('view', { type: 'string', describe: "add to each line what this seat observes (its bots' observation), by seat name" }) as never,
  handler: (args) =>
    reportErrors(async () => {
      const sc = await readScenarioFile(args.file);
      const mod = sc.module, show = mod.present?.show;
      const seats = Array.from({ length: mod.seatCount(sc.game) }, (_, s) => mod.seatName(sc.game, s));
      const seat = args.view === undefined ? -1 : seats.indexOf(args.view);
      if (args.view !== undefined && seat < 0) throw new HavocError('ERR_ARGS', '--view', `no seat "${args.view}" in ${args.file} (its seats: ${seats.join(', ')})`);
      // Each line: the record, the state after it as JSON (where the ruleset writes one), and the seat's observation (--view).
      const extra = (st: unknown): object => ({
        ...(mod.stateJson ? { state: mod.stateJson(st) } : {}),
        ...(seat >= 0 ? { view: { seat: seats[seat], observation: mod.observe(st, seat) } } : {}),
      });
      const result = playScenario(
        sc,
        (rec, st) => {
          process.stdout.write(JSON.stringify({ ...rec, ...extra(st) }) + '\n');
          if (args.board && show) process.stderr.write(`${show(st, rec)}\n\n`);
        },
        (st) => {
          // The start, before any turn (a placed deployment included): printed when there is a state or a view to show.
          if (mod.stateJson || seat >= 0) process.stdout.write(JSON.stringify({ start: true, ...extra(st) }) + '\n');
        },
      );
      const { warnings, ...rest } = result;
      for (const w of warnings ?? []) process.stderr.write(`warning: ${w}\n`);
      process.stdout.write(JSON.stringify({ result: rest }) + '\n');
    }),
};

export default command;
