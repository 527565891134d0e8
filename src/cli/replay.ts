/** `havoc replay FILE`: plays a replay back on the terminal, or checks it (`--verify`). */
import { withExamples } from './examples.js';
import { statSync } from 'node:fs';
import type { CommandModule } from 'yargs';
import { HavocError } from '../core/errors.js';
import type { AnyGameModule } from '../core/game.js';
import { streamControls } from '../replay/controls.js';
import { readReplay } from '../store/replayFormat.js';
import { playFrames, replayFrames } from '../replay/play.js';
import { replayOfMatch } from '../run/rerun.js';
import { replayRuleset, verifyReplay } from '../replay/verify.js';
import { reportErrors } from './errors.js';

interface Args {
  file: string;
  match?: string;
  step: boolean;
  turn: number;
  delay: number;
  mines: string;
  verify: boolean;
  parts?: string;
  'unsafe-bots': boolean;
}

const command: CommandModule<object, Args> = {
  command: 'replay <file>',
  describe: 'play back a replay (.jsonl) step by step, or re-simulate it to check it (--verify)',
  builder: (y) =>
    withExamples(y, 'replay')
      .positional('file', { type: 'string', demandOption: true, describe: 'replay file, or a run folder with --match ID' })
      .option('match', { type: 'string', describe: 'with a run folder: the match id (DIR/replays/match-ID.jsonl, played again from the run\'s config when the run did not save it)' })
      .option('step', { type: 'boolean', default: false, describe: 'wait for a key (or a line of input) after each step' })
      .option('turn', { type: 'number', default: 0, describe: 'start at this turn' })
      .option('delay', { type: 'number', default: 0, describe: 'milliseconds between steps (0: print all at once)' })
      .option('mines', { type: 'string', default: 'all', describe: 'secrets shown (NHM: mines): all, none, or one seat\'s (as it saw them)' })
      .option('verify', { type: 'boolean', default: false, describe: 're-simulate from the header and check every step' })
      .option('parts', { type: 'string', describe: 'with --verify: the ruleset\'s data file the replay was recorded with (NHM and RBP: the parts catalogue)' })
      .option('unsafe-bots', { type: 'boolean', default: false, describe: 'with --verify or --match: run bots named by path in this process, trusting them (default: sandboxed)' }) as never,
  handler: (args) =>
    reportErrors(async () => {
      let file = args.file;
      if (isDir(file)) {
        if (args.match === undefined) throw new HavocError('ERR_ARGS', file, 'is a run folder: name the match with --match ID');
        file = await replayOfMatch(file, Number(args.match), args['unsafe-bots'] === true);
      }
      if (args.verify) {
        const r = await verifyReplay(file, { parts: args.parts, trustBots: args['unsafe-bots'] === true });
        if (r.ok) process.stdout.write(`${file}: verified, ${r.steps} steps over ${r.turns} turns re-simulate exactly\n`);
        else {
          process.stdout.write(`${r.message}\n  recorded:     ${r.expected}\n  re-simulated: ${r.actual}\n`);
          process.exitCode = 1;
        }
        return;
      }
      const replay = readReplay(file);
      const h = replay.header;
      // The ruleset draws its records; a replay of a ruleset not at hand plays back as JSON lines.
      let mod: AnyGameModule | null = null;
      try {
        mod = await replayRuleset(h, file);
      } catch (e) {
        process.stderr.write(`note: ${(e as Error).message}; showing the records as JSON\n`);
      }
      if (mod && h.rulesVersion !== mod.version)
        process.stderr.write(`note: ${file} was recorded under rules ${h.rulesVersion} (this havoc plays ${mod.version}); showing it as recorded\n`);
      if (args.mines !== 'all' && args.mines !== 'none' && !h.seats.includes(args.mines))
        throw new HavocError('ERR_ARGS', '--mines', `"${args.mines}" is not all, none or a seat (${h.seats.join(', ')})`);
      const frames = replayFrames(replay, mod, args.mines);
      const out = (s: string): void => void process.stdout.write(s);
      const ctl = args.step ? streamControls(process.stdin) : null;
      try {
        await playFrames(frames, replay.result, {
          out,
          turn: args.turn,
          delay: args.delay,
          controls: ctl?.next,
          clear: Boolean(process.stdout.isTTY) && (args.step || args.delay > 0),
          hint: (s) => void process.stderr.write(s),
          seats: h.seats,
        });
      } finally {
        ctl?.close();
      }
    }),
};

function isDir(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}

export default command;
