/**
 * The `mcts` bots: a Searcher (search.ts) behind the bot API. The bot answers
 * every decision its seat makes at a node of the game (whatever the ruleset
 * calls it: `program`, `orders`, `act`, `bet`…) with the search's mixed
 * strategy, which the arena samples with the seat's RNG; questions asked in
 * the middle of applying actions (NHM's Dodge and Auto-Target) get the
 * rulebook's default.
 */
import type { BotContext, Mixed, SeatView } from '../../../src/core/bot.js';
import { actingSeats } from '../../../src/core/game.js';
import { knowledgeFor } from './knowledge.js';
import { warmUp } from './warmUp.js';
import { DEFAULT_SEARCH, Searcher, type SearchOptions } from './search.js';

/** A searching bot: its decisions by name, and the searcher (for measurement and tests). */
export interface MctsBot {
  readonly searcher: Searcher;
  /** Decides `kind` from the seat's view. */
  decide(obs: unknown, view: SeatView, kind: string): Mixed<string> | null;
  readonly [decision: string]: unknown;
}

/** Names a decision method may never have: what JavaScript itself looks up on an object. */
const NOT_DECISIONS = new Set(['then', 'toJSON', 'constructor', 'valueOf', 'toString', 'inspect']);

/** Makes an `mcts` bot for `ctx` with search options `opts` (merged over the defaults). */
export function makeMcts(ctx: BotContext, opts: Partial<SearchOptions> = {}): MctsBot {
  if (!ctx.rules) throw new Error('mcts needs the rules in its context (ctx.rules), which the arena gives every bot');
  const { module: mod, game } = ctx.rules;
  warmUp(ctx, (copy) => makeMcts(copy, opts));
  const know = knowledgeFor(ctx);
  const searcher = new Searcher(mod, game, ctx.seat, ctx.rng, ctx.budget, know, { ...DEFAULT_SEARCH, ...opts });
  const me = ctx.seat;
  const decide = (obs: unknown, view: SeatView, kind: string): Mixed<string> | null => {
    const st = view.state;
    // A question asked mid-step (not this node's decision): the rulebook's default.
    if (!actingSeats(mod.node(st)).includes(me) || mod.decision(st, me) !== kind) return null;
    know.observe?.(obs);
    return searcher.search(st, kind);
  };
  const bot = { searcher, decide };
  // Every decision name answers through `decide` (the interface does not list a ruleset's decisions).
  return new Proxy(bot as MctsBot, {
    get(target, prop) {
      if (prop in target || typeof prop !== 'string' || NOT_DECISIONS.has(prop)) return (target as unknown as Record<string | symbol, unknown>)[prop];
      return (obs: unknown, view: SeatView) => decide(obs, view, prop);
    },
  });
}
