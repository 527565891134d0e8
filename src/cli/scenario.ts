/** `havoc scenario FILE`: plays scripted programs, one JSON line per step, then the result. */
import { readFileSync } from 'node:fs';
import type { CommandModule } from 'yargs';
import { loadScenario, playScenario } from '../arena/scenario.js';
import { HavocError } from '../core/errors.js';
import { drawBoard } from '../rules/nhm/board.js';
import { parseSquare } from '../core/grid.js';
import { reportErrors } from './errors.js';

interface Args {
  file: string;
  board: boolean;
}

const command: CommandModule<object, Args> = {
  command: 'scenario <file>',
  describe: 'play a scripted scenario and print its JSONL trace',
  builder: (y) =>
    y
      .positional('file', { type: 'string', demandOption: true, describe: 'scenario JSON file' })
      .option('board', { type: 'boolean', default: false, describe: 'also draw the board after each step (stderr)' }) as never,
  handler: (args) =>
    reportErrors(() => {
      let json: unknown;
      try {
        json = JSON.parse(readFileSync(args.file, 'utf8'));
      } catch (e) {
        throw new HavocError('ERR_SCENARIO', args.file, (e as Error).message);
      }
      const sc = loadScenario(json, args.file);
      const result = playScenario(sc, (rec, st) => {
        process.stdout.write(JSON.stringify(rec) + '\n');
        if (args.board) {
          const hot = new Set(rec.hot.flatMap((h) => h.squares.map((s) => parseSquare(st.game.board, s))));
          process.stderr.write(`turn ${rec.turn} step ${rec.step}\n${drawBoard(st, hot)}\n\n`);
        }
      });
      process.stdout.write(JSON.stringify({ result: { winner: result.winner, reason: result.reason, turns: result.turns } }) + '\n');
    }),
};

export default command;
