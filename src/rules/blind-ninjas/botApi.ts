/**
 * What a What Blind Ninjas? bot is given and answers: its factory gets the
 * usual seat, RNG and budget plus `blindNinjas: { game }`; its `orders`
 * method gets the seat's observation (knowledge.ts) and view (a BnState with
 * every other player's ninjas UNKNOWN) and answers orders text (orders.ts).
 * A bot module serving several rulesets tells this one by `isBlindNinjasContext`.
 */
import type { Budget } from '../../core/bot.js';
import type { Rng } from '../../core/rng.js';
import type { BnObservation } from './knowledge.js';
import type { BnGame } from './room.js';
import type { BnState } from './state.js';

export interface BnBotContext {
  readonly seat: number;
  readonly rng: Rng;
  readonly budget: Budget;
  readonly blindNinjas: { readonly game: BnGame };
}

export interface BnBot {
  orders(obs: BnObservation, view: { readonly seat: number; readonly state: BnState }): string;
}

export type BnBotFactory = (ctx: BnBotContext) => BnBot;

/** Whether a bot's context is this ruleset's. */
export const isBlindNinjasContext = (ctx: object): ctx is BnBotContext => typeof (ctx as { blindNinjas?: unknown }).blindNinjas === 'object';
