/**
 * `havoc reprice`'s options: what they are (the yargs declarations, after the
 * run options and the sweep's folder), and the check that refuses a bad one
 * in one line naming it, against the sweep and its ruleset.
 */
import type { Argv } from 'yargs';
import { isBotPath } from '../match/bots.js';
import type { RunConfig, ScheduleSpec } from '../config/types.js';
import type { AnyGameModule } from '../core/game.js';
import { HavocError } from '../core/errors.js';
import type { RunArgs } from './tournament.js';

export interface RepriceArgs extends RunArgs {
  dir: string;
  out?: string;
  matches?: number;
  scale: number;
  rounds: number;
  step: number;
  damping: number;
  together: boolean;
  lower: boolean;
  'keep-best': boolean;
  tolerance: number;
  recheck: boolean;
  'recheck-seed'?: string;
  'recheck-seeds': number;
  meta: number;
  'meta-games': number;
  optimize: number;
  'optimize-moves': number;
  aim: string;
  'up-share': number;
  'same-field': boolean;
  refit: boolean;
}

/** The options, declared on `y` (the run options and the sweep's folder already on it). */
export const repriceOptions = <T>(y: Argv<T>) =>
  y
    .option('out', { type: 'string', describe: 'where the rounds and the best catalogue go (default DIR-repriced)' })
    .option('matches', { type: 'number', describe: "matches of each sweep on a new catalogue (default DIR's)" })
    .option('rounds', { type: 'number', default: 3, describe: 'rounds at most (each reprices, then plays the sweep again)' })
    .option('step', { type: 'number', default: 3, describe: 'prices a round changes at most, the strongest evidence first' })
    .option('damping', { type: 'number', default: 1, describe: 'move each price this fraction of the way to its proposed cost (at least a point; 1: all the way)' })
    .option('together', { type: 'boolean', default: false, describe: "each change a round makes brings every other change of its budget (a budget's parts priced up and down in one round)" })
    .option('lower', { type: 'boolean', default: false, describe: 'answer a part flagged under by pricing the rest of its budget down (by the factor its raise asked, at most half a round) instead of pricing it up' })
    .option('tolerance', { type: 'number', default: 0, describe: "points (the catalogue given's) a part's fair cost may be from its listed cost and count as fair: flagged only where its fair-cost interval lies wholly beyond them (0: every verdict)" })
    .option('keep-best', { type: 'boolean', default: false, describe: 'start each round from the best catalogue so far, not the last, its next round making half the changes, half as far, each time a round from it flags no fewer' })
    .option('recheck', { type: 'boolean', default: true, describe: 'sweep the kept catalogue and the one given again with another seed, to see whether the improvement holds on a new sample (--no-recheck: not)' })
    .option('recheck-seed', { type: 'string', describe: "the re-check's seed (default the sweep's seed + '/recheck')" })
    .option('recheck-seeds', { type: 'number', default: 1, describe: 'new samples the re-check sweeps each catalogue on: the re-check seed, then it with -2, -3, … (one sample is still one sample)' })
    .option('scale', { type: 'number', default: 1, describe: "multiply every cost and budget by this first, so a part can move by less than a point of today's (2: half points)" })
    .option('meta', { type: 'number', default: 0, describe: "the metagame of each sweep's top K builds, before and after (havoc meta): the equilibrium's support side by side (0: none)" })
    .option('meta-games', { type: 'number', default: 10, describe: 'games per pair of builds in each metagame, seat-swapped (even)' })
    .option('optimize', { type: 'number', default: 0, describe: "havoc optimize's climbs under the prices given and the prices kept, with the sweep's bot against 20 drawn builds: the strongest builds, dominant ones flagged, side by side (0: none)" })
    .option('optimize-moves', { type: 'number', default: 30, describe: 'moves proposed a climb' })
    .option('aim', { type: 'string', default: 'flags', describe: "flags: price toward each part's fair cost, keeping the round with the fewest flagged; support: price toward a wider metagame (with --meta K: a point up for parts in most of the equilibrium's weight, a point down for parts it never plays), keeping the round whose equilibrium mixes the most builds" })
    .option('same-field', { type: 'boolean', default: false, describe: "with --aim support: each round's metagame over the sweep given's top builds still legal under its prices (the round's sweep's best after them), not over its own top builds" })
    .option('refit', { type: 'boolean', default: false, describe: "with --same-field: a carried build the round's prices make illegal is refitted to its budgets (NHM: the fewest parts of an over-spent budget dropped, keeping the most points) rather than left out" })
    .option('up-share', { type: 'number', default: 0.5, describe: "with --aim support: the equilibrium's weight a part's builds must carry for it to be priced up" });

/** The schedule of a sweep. */
type Sweep = Extract<ScheduleSpec, { type: 'sweep' }>;

/** Refuses an option out of its range, or one the sweep in `run` (ruleset `mod`, schedule `sweep`) cannot take, in one line naming it. */
export function checkRepriceArgs(args: RepriceArgs, run: RunConfig, sweep: Sweep, mod: AnyGameModule): void {
  const whole = (v: number, lo: number, hi: number): boolean => Number.isInteger(v) && v >= lo && v <= hi;
  if (!whole(args.scale, 1, 10)) throw new HavocError('ERR_ARGS', '--scale', 'must be a whole number from 1 to 10');
  if (!whole(args.rounds, 1, 20)) throw new HavocError('ERR_ARGS', '--rounds', 'must be a whole number from 1 to 20');
  if (!whole(args.step, 1, 1000)) throw new HavocError('ERR_ARGS', '--step', 'must be a whole number ≥ 1');
  if (!(typeof args.damping === 'number' && args.damping > 0 && args.damping <= 1)) throw new HavocError('ERR_ARGS', '--damping', 'must be a number above 0 and at most 1 (the fraction of the way to the proposed cost a round moves)');
  if (!(args.meta === 0 || whole(args.meta, 2, 1000))) throw new HavocError('ERR_ARGS', '--meta', 'must be 0 (no metagame) or a whole number ≥ 2 (the top builds of each sweep)');
  if (!(whole(args['meta-games'], 2, 10_000) && args['meta-games'] % 2 === 0)) throw new HavocError('ERR_ARGS', '--meta-games', 'must be an even whole number ≥ 2 (each pair plays seat-swapped)');
  if (!whole(args.optimize, 0, 100)) throw new HavocError('ERR_ARGS', '--optimize', 'must be 0 (no search) or a whole number of climbs from 1 to 100');
  if (!(typeof args.tolerance === 'number' && args.tolerance >= 0 && args.tolerance <= 1000))
    throw new HavocError('ERR_ARGS', '--tolerance', 'must be a number of points from 0 to 1000 (how near its listed cost a fair-cost interval may come and not be flagged)');
  if (!whole(args['recheck-seeds'], 1, 20)) throw new HavocError('ERR_ARGS', '--recheck-seeds', 'must be a whole number from 1 to 20 (new samples the re-check sweeps each catalogue on)');
  if (!whole(args['optimize-moves'], 1, 10_000)) throw new HavocError('ERR_ARGS', '--optimize-moves', 'must be a whole number ≥ 1 (moves proposed a climb)');
  if (args.aim !== 'flags' && args.aim !== 'support') throw new HavocError('ERR_ARGS', '--aim', `must be flags (fair costs: fewer parts flagged) or support (a wider metagame equilibrium), not "${args.aim}"`);
  if (args.aim === 'support' && args.meta === 0) throw new HavocError('ERR_ARGS', '--aim support', "plays each sweep's metagame: give --meta K, the top K builds in it (e.g. --meta 30)");
  if (!(typeof args['up-share'] === 'number' && args['up-share'] > 0 && args['up-share'] <= 1))
    throw new HavocError('ERR_ARGS', '--up-share', "must be a number above 0 and at most 1 (the equilibrium's weight a part's builds carry for --aim support to price it up)");
  if (args.refit && !args['same-field']) throw new HavocError('ERR_ARGS', '--refit', "refits the builds --same-field carries over that the new prices make illegal: give --same-field (and --aim support) too");
  if (args.refit && !mod.builds.refit) throw new HavocError('ERR_ARGS', '--refit', `${mod.title} has no rule to refit a build to new prices: leave --refit out (the builds the prices make illegal are left out)`);
  const bot = run.bots[0]?.bot ?? '';
  if (args.optimize > 0 && isBotPath(bot)) throw new HavocError('ERR_ARGS', '--optimize', `the sweep's bot ${run.bots[0].name} is named by path, and havoc optimize plays in its own threads: only a built-in bot`);
  if (args.matches !== undefined && !(Number.isInteger(args.matches) && args.matches > 0 && args.matches % sweep.seats === 0))
    throw new HavocError('ERR_ARGS', '--matches', `must be a positive multiple of ${sweep.seats}`);
}
