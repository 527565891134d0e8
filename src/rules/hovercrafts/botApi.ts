/**
 * The Hovercrafts bot API (docs/rules-hovercrafts.md, "Bots"). A bot module's
 * default export is a factory `(ctx) => bot`; `ctx.hovercrafts` is the match's
 * game (map, ships, stats, seats). Each turn the bot's `program(obs, view)`
 * answers with one program per ship of its seat (`"Move Left / EMP Repair"`)
 *; `view.state` is a HoverState it may copy and simulate
 * (`playPhases`), with dice of its own.
 */
import type { BotContext, Mixed } from '../../core/bot.js';
import type { Order } from './actions.js';
import type { HoverGame } from './game.js';
import type { HoverObservation } from './module.js';
import type { HoverState } from './state.js';

export interface HoverBotContext extends BotContext {
  readonly hovercrafts: HoverGame;
}

export interface HoverView {
  readonly seat: number;
  readonly state: HoverState;
}

export interface HoverBot {
  program(obs: HoverObservation, view: HoverView): string | Mixed<string>;
}

export type HoverBotFactory = (ctx: HoverBotContext) => HoverBot;

/** Whether a bot's context is a Hovercrafts match's (a bot for several rulesets branches on it). */
export const isHoverContext = (ctx: BotContext): ctx is HoverBotContext => typeof ctx.hovercrafts === 'object' && ctx.hovercrafts !== null;
