/** `havoc match`: one seeded match between bots, drawn step by step. */
import type { CommandModule } from 'yargs';
import { loadBot } from '../arena/bots.js';
import { playMatch } from '../arena/match.js';
import { makeBoard, parseSquare, squareName } from '../core/grid.js';
import { HavocError } from '../core/errors.js';
import { matchSeed } from '../core/rng.js';
import { drawBoard } from '../rules/nhm/board.js';
import { loadCatalogue } from '../rules/nhm/catalogue.js';
import { Game } from '../rules/nhm/game.js';
import { loadNamedLoadouts } from '../rules/nhm/loadout.js';
import { RecordingTracer, type StepRecord } from '../rules/nhm/record.js';
import type { State } from '../rules/nhm/state.js';
import { startReplay, writeReplay } from '../replay/record.js';
import { defaultStarts } from '../rules/nhm/starts.js';
import { rbpGame } from '../rules/rbp/index.js';
import { reportErrors } from './errors.js';

interface Args {
  ruleset: string;
  loadouts?: string;
  bots: string;
  seed: string;
  'turn-limit': number;
  parts?: string;
  quiet: boolean;
  json: boolean;
  replay?: string;
}

const command: CommandModule<object, Args> = {
  command: 'match',
  describe: 'play one seeded match between bots and draw it',
  builder: (y) =>
    y
      .option('ruleset', { choices: ['rbp', 'nhm'], default: 'rbp', describe: 'Robo Battle Pigs or Ninja Havoc Machines' })
      .option('loadouts', { type: 'string', describe: 'nhm: named loadouts, one per machine (2-4), e.g. robo-pig,sniper' })
      .option('bots', { alias: 'bot', type: 'string', default: 'random', describe: 'bots by name or path, one per seat (one name is used for all)' })
      .option('seed', { type: 'string', default: '1', describe: 'run seed; the match seed is derived from it' })
      .option('turn-limit', { type: 'number', default: 100 })
      .option('parts', { type: 'string', describe: 'parts catalogue (default configs/parts.json)' })
      .option('quiet', { type: 'boolean', default: false, describe: 'print only the result' })
      .option('json', { type: 'boolean', default: false, describe: 'print the JSONL trace instead of boards' })
      .option('replay', { type: 'string', describe: 'also write the match as a replay file (.jsonl) for `havoc replay` and reports' }) as never,
  handler: (args) =>
    reportErrors(async () => {
      const cat = loadCatalogue(args.parts);
      let game: Game;
      if (args.ruleset === 'rbp') game = rbpGame(cat, { turnLimit: args['turn-limit'] });
      else {
        const names = (args.loadouts ?? 'robo-pig,robo-pig').split(',').map((s) => s.trim());
        if (names.length < 2 || names.length > 4) throw new HavocError('ERR_ARGS', '--loadouts', 'name 2 to 4 loadouts');
        const named = loadNamedLoadouts(cat);
        const board = makeBoard(8, 8);
        const starts = defaultStarts(board, names.length);
        game = new Game({
          catalogue: cat,
          board,
          turnLimit: args['turn-limit'],
          machines: names.map((nm, i) => {
            const loadout = named.get(nm);
            if (!loadout) throw new HavocError('ERR_ARGS', `--loadouts[${i}]`, `no loadout named "${nm}" (havoc loadouts --named lists them)`);
            return { name: 'ABCD'[i], loadout, ...starts[i] };
          }),
        });
      }
      const specs = args.bots.split(',').map((s) => s.trim());
      const factories = await Promise.all(Array.from({ length: game.n }, (_, i) => loadBot(specs[Math.min(i, specs.length - 1)])));
      const seed = matchSeed(args.seed, 0);
      const notation = game.rulesetId === 'rbp' ? 'rbp' : 'nhm';
      const out = (s: string): boolean => process.stdout.write(s);
      if (!args.quiet)
        out(`${game.rulesetId} match, seed ${args.seed} (match seed ${seed}); ${game.names.map((n, i) => `${n}: ${specs[Math.min(i, specs.length - 1)]} as ${game.loadouts[i].name} on ${squareName(game.board, game.startSq[i])}`).join(', ')}\n`);
      const draw = (rec: StepRecord, st: State): void => {
        if (args.json) return void out(JSON.stringify(rec) + '\n');
        const hot = new Set<number>();
        for (const h of rec.hot) for (const s of h.squares) hot.add(parseSquare(game.board, s));
        const cmds = Object.entries(rec.commands).map(([k, v]) => `${k}: ${v}`).join('  ');
        out(`\nturn ${rec.turn} step ${rec.step}   ${cmds}\n${drawBoard(st, hot)}\n`);
      };
      const recorder = args.replay
        ? startReplay(game, { botSpecs: specs, seed, notation, catalogue: args.parts ?? cat.source, match: { id: 0, runSeed: args.seed } }, args.quiet ? undefined : draw)
        : null;
      const result = playMatch({
        game,
        bots: factories,
        seed,
        notation,
        tracer: recorder ? recorder.tracer : args.quiet ? undefined : (st) => new RecordingTracer(st, notation, (rec) => draw(rec, st())),
      });
      if (recorder && args.replay) writeReplay(args.replay, recorder.finish(result));
      const winner = result.winner === null ? null : game.names[result.winner];
      if (args.json) out(JSON.stringify({ result: { winner, reason: result.reason, turns: result.turns } }) + '\n');
      else out(`${args.quiet ? '' : '\n'}result: ${winner ? `${winner} wins` : 'draw'} (${result.reason}) after ${result.turns} turns; damage dealt ${result.dealt.join('/')}; faults ${result.faults.join('/')}\n`);
    }),
};

export default command;
