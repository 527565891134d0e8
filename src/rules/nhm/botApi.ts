/**
 * The Ninja Havoc Machines bot API (docs/bots.md). A bot module's default
 * export is a factory `(ctx) => bot`; each turn the bot gets its seat's
 * observation and a view holding that seat's knowledge as an engine state
 * (other seats' mines removed, the rules' dice replaced by the seat's own), to
 * simulate with; bots/lib/sim.ts simulates from it without allocating.
 */
import type { Budget, BotContext as CoreBotContext, Mixed } from '../../core/bot.js';
import type { Rng } from '../../core/rng.js';
import type { Game } from './game.js';
import type { Observation } from './observe.js';
import type { Notation } from './programs.js';
import type { State } from './state.js';

export interface BotContext extends CoreBotContext {
  readonly seat: number;
  readonly rng: Rng;
  readonly budget: Budget;
  /** The match's fixed facts: board, loadouts, tables, legal commands per seat. */
  readonly game: Game;
  readonly notation: Notation;
}

export interface SeatView {
  readonly seat: number;
  /**
   * What this seat knows, as an engine state; the bot's own copy, rebuilt
   * before every question and free to reuse. Other seats' mines are not in it,
   * and its dice are a stream of the seat's own, not the rules' coming rolls.
   */
  readonly state: State;
}

/** A program as text in the match's notation (`"F ^ TR v H"`) or as five command codes. */
export type Program = string | readonly number[];

export interface Bot {
  /** This turn's program, or a distribution over programs. */
  program(obs: Observation, view: SeatView): Program | Mixed<Program>;
  /** Auto-Target: a weapon command (text or code) to fire now, or null for the default. */
  autoTarget?(obs: Observation, view: SeatView): string | number | null;
  /** Dodge: a move command (text or code), or null for the default. `hot` lists the hot squares. */
  dodge?(obs: Observation, view: SeatView, hot: string[]): string | number | null;
}

export type BotFactory = (ctx: BotContext) => Bot;
