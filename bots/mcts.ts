/**
 * `mcts`: Monte Carlo tree search for every ruleset, through the game
 * interface (bots/lib/mcts/): decoupled UCT at simultaneous nodes, UCT where
 * one seat acts, sampling at chance nodes, determinizations drawn from the
 * seat's own view (and belief) where information is hidden. Its move is the
 * mixed strategy of the root's visit counts. `mcts-rm` selects by regret
 * matching instead.
 */
import type { BotContext } from '../src/core/bot.js';
import { makeMcts, type MctsBot } from './lib/mcts/bot.js';

export default function mcts(ctx: BotContext): MctsBot {
  return makeMcts(ctx, { selection: 'uct' });
}
