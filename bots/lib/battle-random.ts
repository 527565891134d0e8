/**
 * Battle Engine's random bot: the ruleset's own random player
 * (src/rules/battle-engine/randomBot.ts, what `random` plays in a Battle
 * Engine match), for bots and tests that play it by name.
 */
import type { BotContext, SeatView } from '../../src/core/bot.js';
import type { BeObservation } from '../../src/rules/battle-engine/observe.js';
import { beRandomBot } from '../../src/rules/battle-engine/randomBot.js';
import type { BeState } from '../../src/rules/battle-engine/state.js';

/** A Battle Engine bot: a deployment, then one step per `act` decision, in the notation. */
export interface BattleBot {
  deploy(obs: BeObservation, view: SeatView<BeState>): string;
  act(obs: BeObservation, view: SeatView<BeState>): string;
}

/** Whether a bot's context is a Battle Engine match's (for bots written for Battle Engine alone, to refuse another). */
export const isBattleContext = (ctx: BotContext): boolean => typeof ctx.battleEngine === 'object' && ctx.battleEngine !== null;

export const battleRandom = (ctx: BotContext): BattleBot => beRandomBot(ctx.seat, ctx.rng) as unknown as BattleBot;
