/**
 * `mcts-rm`: `mcts` with regret-matching selection at every node (Lanctot et
 * al. 2013: the least exploitable of the simultaneous-move selections); its
 * move is the root's average strategy.
 */
import type { BotContext } from '../src/core/bot.js';
import { makeMcts, type MctsBot } from './lib/mcts/bot.js';

export default function mctsRm(ctx: BotContext): MctsBot {
  return makeMcts(ctx, { selection: 'rm' });
}
