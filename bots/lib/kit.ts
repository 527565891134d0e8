/**
 * What every searching bot builds once per match: damage reach tables, a
 * candidate generator per seat, the evaluator, a simulator and the budget.
 */
import { makeRng } from '../../src/core/rng.js';
import type { BotContext, BotFactory } from '../../src/rules/nhm/botApi.js';
import { observe } from '../../src/rules/nhm/observe.js';
import { State } from '../../src/rules/nhm/state.js';
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

const warmed = new WeakSet<BotFactory>();

/**
 * Compiles a bot's hot code before its first timed decision: the first time a
 * process makes a bot of this factory, a separate copy with an RNG of its own
 * makes three decisions from the starting position. The real bot's RNG is
 * untouched, so its decisions are the same whether or not the process was
 * warm (matches stay a pure function of their seed).
 */
export function warmUp(factory: BotFactory, ctx: BotContext): void {
  if (warmed.has(factory)) return;
  warmed.add(factory);
  const bot = factory({ ...ctx, rng: makeRng('warm-up') });
  const state = new State(ctx.game);
  const obs = observe(state, ctx.seat, ctx.notation);
  for (let i = 0; i < 3; i++) bot.program(obs, { seat: ctx.seat, state });
}
