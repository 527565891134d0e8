/**
 * `havoc reprice`'s options: what they are, and the check that refuses a bad
 * one in one line naming it, against the sweep and its ruleset (their yargs
 * declarations are in cli/reprice.ts).
 */
import { isBotPath } from '../match/bots.js';
import type { RunConfig, ScheduleSpec } from '../config/types.js';
import type { AnyGameModule } from '../core/game.js';
import { HavocError } from '../core/errors.js';
import type { RunArgs } from './runs.js';

export interface RepriceArgs extends RunArgs {
  dir: string;
  out?: string;
  matches?: number;
  scale: number;
  rounds: number;
  step: number;
  /** --only: the parts whose prices may move (comma-separated keys); every part when absent. */
  only?: string;
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

/**
 * --only's parts, each checked against the sweep's parts (`known`, parts.csv's keys): null when --only is absent; a
 * HavocError naming the keys the sweep does not have otherwise.
 */
export function onlyParts(only: string | undefined, known: readonly string[]): ReadonlySet<string> | null {
  if (only === undefined) return null;
  const keys = only.split(',').map((k) => k.trim()).filter(Boolean);
  if (keys.length === 0) throw new HavocError('ERR_ARGS', '--only', 'names no part: give part keys, comma-separated (e.g. --only crush-fists,minigun)');
  const unknown = keys.filter((k) => !known.includes(k));
  if (unknown.length) throw new HavocError('ERR_ARGS', '--only', `names ${unknown.join(', ')}, not a part of the sweep (its parts: ${known.join(', ')})`);
  return new Set(keys);
}

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
