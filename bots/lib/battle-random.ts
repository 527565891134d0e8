/**
 * Battle Engine's random bot (what `random` plays in a Battle Engine match:
 * its context has `battleEngine`): a deployment drawn uniformly over its
 * side's squares, and each step drawn uniformly from the legal ones of its
 * view, with the seat's own RNG.
 */
import type { BotContext, SeatView } from '../../src/core/bot.js';
import { legalSteps, type BeAction } from '../../src/rules/battle-engine/actions.js';
import { randomDeployment } from '../../src/rules/battle-engine/module.js';
import { formatAction } from '../../src/rules/battle-engine/notation.js';
import type { BeObservation } from '../../src/rules/battle-engine/observe.js';
import type { BeState } from '../../src/rules/battle-engine/state.js';

/** A Battle Engine bot: a deployment, then one step per `act` decision, in the notation. */
export interface BattleBot {
  deploy(obs: BeObservation, view: SeatView<BeState>): string;
  act(obs: BeObservation, view: SeatView<BeState>): string;
}

/** Whether a bot's context is a Battle Engine match's. */
export const isBattleContext = (ctx: BotContext): boolean => typeof ctx.battleEngine === 'object' && ctx.battleEngine !== null;

export function battleRandom(ctx: BotContext): BattleBot {
  const { rng, seat } = ctx;
  const steps: BeAction[] = [];
  return {
    deploy: (_obs, view) => formatAction(view.state.game, seat, randomDeployment(view.state, seat, rng)),
    act(_obs, view) {
      const legal = legalSteps(view.state, seat, steps);
      return legal.length === 0 ? 'pass' : formatAction(view.state.game, seat, legal[rng.int(legal.length)]);
    },
  };
}
