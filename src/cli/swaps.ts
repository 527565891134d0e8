/**
 * `havoc swaps --baseline BUILD`: each part of a baseline build swapped for
 * every other part of its category at the same cost, each swapped build
 * measured against a field in the same seat-swapped pairs as the baseline,
 * with sequential tests (arena/optimize/swaps.ts): a clean per-part effect.
 * With `--run DIR` (a sweep's folder) each swap's regression estimate (the
 * added part's fitted effect less the removed one's, parts.csv) stands
 * beside it. swaps.csv in --out, the swaps printed.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { csvText } from '../report/csv.js';
import type { CommandModule } from 'yargs';
import { isBotPath, loadBotModule } from '../match/bots.js';
import { readData, withDataFile } from '../config/data.js';
import { fieldOf } from '../lab/field.js';
import { PairBook } from '../lab/pairs.js';
import { inThread, pairSetup, pooled } from '../lab/players.js';
import { measureSwaps } from '../lab/swaps.js';
import { defaultWorkers } from '../run/pool.js';
import { HavocError } from '../core/errors.js';
import { wholeArg } from '../app/wholeArg.js';
import type { AnyGameModule } from '../core/game.js';
import { deriveSeed } from '../core/rng.js';
import { readCsv } from '../report/htmlCsv.js';
import { isRulesetPath, loadRuleset, rulesetById, rulesetIds } from '../rules/registry.js';
import { reportErrors } from './errors.js';
import { withExamples } from './examples.js';

interface Args {
  baseline: string;
  ruleset?: string;
  parts?: string;
  bot: string;
  field: string;
  'max-games': number;
  delta: number;
  seed: string;
  workers?: number;
  run?: string;
  out: string;
  quiet: boolean;
}

/** The tests' error rates, as havoc optimize's. */
const ALPHA = 0.05, BETA = 0.1;
/** Pairs before a comparison may decide. */
const MIN_PAIRS = 16;


/** Whether a ruleset's builds are parts that can be swapped one for another (not one build of its own whatever it is given: RBP's pig). */
const canSwapKit = (kit: AnyGameModule['builds']): boolean => !!(kit.neighbours && kit.components && kit.listing && kit.sample && !kit.fixed);
const canSwap = (id: string): boolean => canSwapKit(rulesetById(id).builds);

/** Each part's fitted effect (logits) from a run's parts.csv; empty without one. */
function effectsOf(dir: string | undefined): Map<string, number> {
  if (dir === undefined) return new Map();
  const t = readCsv(join(dir, 'parts.csv'));
  if (!t) throw new HavocError('ERR_ARGS', '--run', `${dir} has no parts.csv (name a finished sweep's folder)`);
  return new Map(t.rows.filter((r) => r.effect !== '' && Number.isFinite(Number(r.effect))).map((r) => [r.part, Number(r.effect)]));
}

const command: CommandModule<object, Args> = {
  command: 'swaps',
  describe: "each part of a baseline build swapped for an equal-cost part of its category, measured against a field in seat-swapped pairs with sequential tests: a clean per-part effect",
  builder: (y) =>
    withExamples(y, 'swaps')
      .option('baseline', { type: 'string', demandOption: true, describe: 'the build whose parts are swapped: a name or a key' })
      .option('ruleset', { type: 'string', describe: 'a ruleset whose builds have priced parts (default the first registered that can swap)' })
      .option('parts', { type: 'string', describe: "the ruleset's data file (NHM: the parts catalogue)" })
      .option('bot', { type: 'string', default: 'greedy', describe: 'the built-in bot that plays every seat' })
      .option('field', { type: 'string', default: 'sample:20', describe: 'the field: sample:N, a file of named builds (.json), or builds by name or key (a,b,c)' })
      .option('max-games', { type: 'number', default: 400, describe: 'games a swap may play at most before it is called undecided' })
      .option('delta', { type: 'number', default: 0.05, describe: 'the gain or loss in score against the field the tests look for' })
      .option('seed', { type: 'string', default: '1' })
      .option('workers', { type: 'number', describe: 'worker threads that play the pairs (default: HAVOC_WORKERS, else every core; 0: this thread); the results do not depend on it' })
      .option('run', { type: 'string', describe: "a sweep's folder whose fitted part effects (parts.csv) stand beside the swaps" })
      .option('out', { type: 'string', default: 'results/swaps', describe: 'the folder for swaps.csv' })
      .option('quiet', { type: 'boolean', default: false, describe: 'print only the swaps' }) as never,
  handler: (args) =>
    reportErrors(async () => {
      const started = performance.now();
      if (String(args.seed).trim() === '') throw new HavocError('ERR_ARGS', '--seed', 'must not be empty');
      const spec = args.ruleset ?? rulesetIds().find(canSwap);
      if (!spec) throw new HavocError('ERR_ARGS', '--ruleset', 'no registered ruleset has builds of priced parts to swap');
      const base = await loadRuleset(spec);
      const mod = withDataFile(base, args.parts, '--parts');
      const kit = mod.builds;
      if (!canSwapKit(kit))
        throw new HavocError('ERR_ARGS', '--ruleset', `${mod.id}'s builds are not made of priced parts that can be swapped one for another`);
      const checked = kit.check(args.baseline, '--baseline');
      if (!checked.ok) throw checked.error;
      const baseline = checked.value;
      const maxGames = wholeArg(args['max-games'], 'max-games', 2);
      if (!(args.delta > 0 && args.delta <= 0.5)) throw new HavocError('ERR_ARGS', '--delta', `must be in (0, 0.5], not ${args.delta}`);
      const workers = wholeArg(args.workers ?? defaultWorkers(), 'workers', 0);
      const botModule = await loadBotModule(args.bot, false);
      if (!botModule.factory || isBotPath(args.bot)) throw new HavocError('ERR_ARGS', '--bot', 'swaps plays in its own threads: name a built-in bot (greedy, random, …)');
      const effects = effectsOf(args.run);
      const seed = String(args.seed);
      const field = fieldOf(kit, args.field, seed);
      const out = (s: string): boolean => process.stdout.write(s);
      const data = args.parts !== undefined && base.data ? readData(base.data, args.parts) : null;
      const player = workers === 0
        ? inThread({ module: mod, bot: botModule.factory })
        : pooled(pairSetup({ ruleset: isRulesetPath(spec) ? resolve(spec) : mod.id, dataText: data && !(data instanceof HavocError) ? data.text : null, bot: args.bot }), workers, (b: unknown) => kit.key(b));
      const book = new PairBook(field, (b) => kit.key(b), deriveSeed(seed, 'swaps'), player);
      if (!args.quiet) out(`swaps of ${kit.key(baseline)} (${mod.id}, ${args.bot}): field ${args.field} (${field.length} builds), seed ${seed}\n`);
      let swaps;
      try {
        swaps = await measureSwaps(kit, baseline, book, { delta: args.delta, alpha: ALPHA, beta: BETA, maxPairs: Math.max(1, Math.floor(maxGames / 2)), minPairs: MIN_PAIRS });
      } finally {
        await player.close();
      }
      if (swaps.length === 0) throw new HavocError('ERR_ARGS', '--baseline', `${kit.key(baseline)} has no part with an equal-cost alternative of its category that keeps it legal`);
      const regression = (removed: string, added: string): number | null => (effects.has(removed) && effects.has(added) ? effects.get(added)! - effects.get(removed)! : null);
      mkdirSync(args.out, { recursive: true });
      const file = join(args.out, 'swaps.csv');
      writeFileSync(
        file,
        csvText([
          ['removed', 'added', 'category', 'cost', 'build', 'pairs', 'games', 'diff', 'diff_lo', 'diff_hi', 'verdict', 'regression_effect_diff'],
          ...swaps.map((s) => {
            const r = regression(s.removed, s.added);
            return [s.removed, s.added, s.category, s.cost, s.key, s.pairs, 2 * s.pairs, s.diff.toFixed(4), s.lo.toFixed(4), s.hi.toFixed(4), s.verdict, r === null ? '' : r.toFixed(4)];
          }),
        ]),
      );
      out(`swap (removed → added)                  score diff [95% interval]      verdict        pairs${effects.size ? '  regression (logit)' : ''}\n`);
      for (const s of swaps) {
        const r = regression(s.removed, s.added);
        const what = `${s.removed} → ${s.added}`.padEnd(38);
        out(`${what}  ${s.diff >= 0 ? '+' : ''}${s.diff.toFixed(3)} [${s.lo.toFixed(3)}, ${s.hi.toFixed(3)}]  ${s.verdict.padEnd(13)}  ${String(s.pairs).padStart(5)}${r === null ? '' : `  ${r >= 0 ? '+' : ''}${r.toFixed(3)}`}\n`);
      }
      if (!args.quiet) out(`${swaps.length} swaps, ${book.games} games, ${((performance.now() - started) / 1000).toFixed(1)} s; wrote ${file}\n`);
    }),
};

export default command;
