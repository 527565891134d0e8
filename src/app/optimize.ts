/**
 * `havoc optimize`: the strongest builds against a field (a sample of the
 * legal space, or named builds), found by hill climbing with restarts whose
 * moves a sequential test decides, then measured again; top.csv,
 * history.csv and summary.json in --out, the top builds printed with any
 * that beats 90% of the field flagged (docs/balance.md).
 */
import { isBotPath, loadBotModule } from '../match/bots.js';
import { readData, withDataFile } from '../config/data.js';
import { inThread, pairSetup, pooled } from '../lab/players.js';
import { defaultWorkers } from '../run/pool.js';
import { resolve } from 'node:path';
import { fieldOf } from '../lab/field.js';
import { optimize } from '../lab/optimize.js';
import { DOMINANT } from '../lab/rank.js';
import { HavocError } from '../core/errors.js';
import { wholeArg } from './wholeArg.js';
import type { AnyGameModule } from '../core/game.js';
import { isRulesetPath, loadRuleset, rulesetById, rulesetIds } from '../rules/registry.js';
import { writeOptimize } from '../report/optimize.js';
import { writeOptimizePage } from '../report/balancePages.js';

export interface OptimizeArgs {
  ruleset?: string;
  parts?: string;
  bot: string;
  field: string;
  restarts: number;
  iterations: number;
  'max-games': number;
  delta: number;
  top: number;
  'final-games': number;
  seed: string;
  workers?: number;
  out: string;
  quiet: boolean;
}

/** The SPRT's error rates: a false move up 5% of the time (about 7% measured), a real one missed 10%. */
const ALPHA = 0.05, BETA = 0.1;

/** Whether a ruleset has builds to search: they can be drawn, and it does not play one build of its own whatever it is given (Robo Battle Pigs' pig). */
const hasSpace = (mod: AnyGameModule): boolean => !!mod.builds.sample && !mod.builds.fixed;

/** The first registered ruleset with builds to search (the default). */
export const searchable = (): string | undefined => rulesetIds().find((id) => hasSpace(rulesetById(id)));


/**
 * Searches the builds as the command line asks (`args`) and writes its files in `args.out`; what it
 * prints goes to `out` (havoc reprice passes one that keeps quiet). The ranked builds and the field's size.
 */
export async function runOptimize(args: OptimizeArgs, out: (s: string) => unknown = (s) => process.stdout.write(s)): Promise<{ ranked: Awaited<ReturnType<typeof optimize>>['ranked']; fieldSize: number }> {
  const started = performance.now();
  if (String(args.seed).trim() === '') throw new HavocError('ERR_ARGS', '--seed', 'must not be empty');
  const spec = args.ruleset ?? searchable();
  if (!spec) throw new HavocError('ERR_ARGS', '--ruleset', 'no registered ruleset has builds to search');
  const base = await loadRuleset(spec);
  const mod = withDataFile(base, args.parts, '--parts');
  if (!hasSpace(mod)) throw new HavocError('ERR_ARGS', '--ruleset', `${mod.id} has no space of builds to search (its builds cannot be drawn, or it plays one build of its own)`);
  const restarts = wholeArg(args.restarts, 'restarts', 1), iterations = wholeArg(args.iterations, 'iterations', 1);
  const maxGames = wholeArg(args['max-games'], 'max-games', 2), top = wholeArg(args.top, 'top', 1);
  const finalGames = wholeArg(args['final-games'], 'final-games', 2);
  if (finalGames % 2) throw new HavocError('ERR_ARGS', '--final-games', `must be even (seat-swapped pairs), not ${finalGames}`);
  if (!(args.delta > 0 && args.delta <= 0.5)) throw new HavocError('ERR_ARGS', '--delta', `must be in (0, 0.5], not ${args.delta}`);
  const workers = wholeArg(args.workers ?? defaultWorkers(), 'workers', 0);
  const botModule = await loadBotModule(args.bot, false);
  if (!botModule.factory || isBotPath(args.bot)) throw new HavocError('ERR_ARGS', '--bot', 'optimize plays in its own threads: name a built-in bot (greedy, random, …)');
  const seed = String(args.seed);
  const field = fieldOf(mod.builds, args.field, seed);
  if (!args.quiet) out(`optimize ${mod.id} with ${args.bot}: field ${args.field} (${field.length} builds), ${restarts} climbs of up to ${iterations} moves, seed ${seed}\n`);
  // The workers set the rules up from the same ruleset (a module by its absolute path) and the same data file's text.
  const data = args.parts !== undefined && base.data ? readData(base.data, args.parts) : null;
  const player = workers === 0
    ? inThread({ module: mod, bot: botModule.factory })
    : pooled(pairSetup({ ruleset: isRulesetPath(spec) ? resolve(spec) : mod.id, dataText: data && !(data instanceof HavocError) ? data.text : null, bot: args.bot }), workers, (b: unknown) => mod.builds.key(b));
  let accepted = 0, restart = 0;
  let result: Awaited<ReturnType<typeof optimize>>;
  try {
    result = await optimize(
      { module: mod, player, field, seed, restarts, iterations, maxGames, delta: args.delta, alpha: ALPHA, beta: BETA, top, finalPairs: finalGames / 2 },
      (s) => {
        if (s.restart !== restart) (restart = s.restart), (accepted = 0);
        if (s.accepted) accepted++;
        if (!args.quiet && process.stderr.isTTY) process.stderr.write(`\rclimb ${s.restart + 1}/${restarts}: move ${s.iteration + 1}, ${accepted} kept `);
      },
    );
  } finally {
    await player.close();
  }
  if (!args.quiet && process.stderr.isTTY) process.stderr.write('\n');
  const files = writeOptimize(args.out, mod.builds, field, {
    ruleset: mod.id, bot: args.bot, seed, parts: args.parts ?? null, fieldSpec: args.field, restarts, iterations, maxGames, delta: args.delta, alpha: ALPHA, beta: BETA, measured: top, finalGames,
  }, result);
  files.push(await writeOptimizePage(args.out));
  out(`top builds: score against the field over ${finalGames} games a field build (95% interval); beats: field builds it scores over half against\n`);
  for (const r of result.ranked)
    out(`${String(r.rank).padStart(3)}  ${r.score.p.toFixed(3)} [${r.score.lo.toFixed(3)}, ${r.score.hi.toFixed(3)}]  beats ${r.beaten}/${field.length}  ${r.key}${r.dominant ? `  DOMINANT (beats ≥ ${DOMINANT * 100}% of the field)` : ''}\n`);
  if (!args.quiet) {
    const kept = result.steps.filter((s) => s.accepted).length;
    out(`${result.steps.length} moves tested, ${kept} kept; games: ${result.games.search} searching, ${result.games.final} measuring the top; ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
    out(`wrote ${files.join(', ')}\n`);
  }
  return { ranked: result.ranked, fieldSize: field.length };
}
