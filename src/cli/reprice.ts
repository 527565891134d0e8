/**
 * `havoc reprice DIR`: new whole prices for the parts a finished sweep
 * flagged, re-checked by playing the sweep again, round after round
 * (app/reprice.ts). Here: its options.
 */
import type { Argv, CommandModule } from 'yargs';
import { reprice } from '../app/reprice.js';
import type { RepriceArgs } from '../app/repriceArgs.js';
import { reportErrors } from './errors.js';
import { withExamples } from './examples.js';
import { runOptions } from './runOptions.js';

/** The options, declared on `y` (the run options and the sweep's folder already on it). */
export const repriceOptions = <T>(y: Argv<T>) =>
  y
    .option('out', { type: 'string', describe: 'where the rounds and the best catalogue go (default DIR-repriced)' })
    .option('matches', { type: 'number', describe: "matches of each sweep on a new catalogue (default DIR's)" })
    .option('rounds', { type: 'number', default: 3, describe: 'rounds at most (each reprices, then plays the sweep again)' })
    .option('step', { type: 'number', default: 3, describe: 'prices a round changes at most, the strongest evidence first' })
    .option('only', { type: 'string', describe: 'reprice only these parts (keys, comma-separated, e.g. crush-fists): every other price stays as given, and every part is still judged (a designer checking the parts they changed)' })
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

const command: CommandModule<object, RepriceArgs> = {
  command: 'reprice <dir>',
  describe: 'propose whole costs for the parts a finished sweep flagged, re-checked by playing the sweep again on each new catalogue, round after round; keep the best',
  builder: (y) =>
    withExamples(
      repriceOptions(runOptions(y).positional('dir', { type: 'string', demandOption: true, describe: "a finished sweep's folder (havoc sweep)" })),
      'reprice',
    ) as never,
  handler: (args) => reportErrors(() => reprice(args)),
};

export default command;
