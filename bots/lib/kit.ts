/**
 * What every searching bot builds once per match: damage reach tables, a
 * candidate generator per seat, the evaluator, a simulator and the budget.
 */
import type { BotContext } from '../../src/rules/nhm/botApi.js';
import { SimBudget } from './budget.js';
import { CandidateGen } from './candidates.js';
import { Evaluator } from './evaluate.js';
import { reachOf } from './reach.js';
import { Simulator } from './sim.js';

/** Builds a searching bot's tools for its seat. */
export function searchKit(ctx: BotContext) {
  const { game, seat } = ctx;
  const reach = reachOf(game);
  return {
    reach,
    gens: Array.from({ length: game.n }, (_, s) => new CandidateGen(game, s, reach)),
    ev: new Evaluator(game, seat, reach),
    sim: new Simulator(game),
    budget: new SimBudget(ctx.budget),
  };
}
