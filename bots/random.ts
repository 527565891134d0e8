/**
 * `random`: a random legal action for every ruleset, through the game
 * interface alone. Where the ruleset has a random player of its own
 * (`randomBot`: NHM and Robo Battle Pigs a uniformly random legal program,
 * Hovercrafts every action uniformly, What Blind Ninjas? random legal orders,
 * Battle Engine a uniform deployment and step) the bot is that player, so
 * its draws stay the benchmark's and the golden tables'; else each decision
 * is drawn uniformly from the ruleset's `legal` actions of the seat's view.
 */
import type { AnyBot, BotContext, SeatView } from '../src/core/bot.js';

/** Names a decision method may never have: what JavaScript itself looks up on an object. */
const NOT_DECISIONS = new Set(['then', 'toJSON', 'constructor', 'valueOf', 'toString', 'inspect']);

export default function random(ctx: BotContext): AnyBot {
  if (!ctx.rules) throw new Error('random needs the rules in its context (ctx.rules), which the arena gives every bot');
  const { module: mod, game } = ctx.rules;
  const { seat, rng } = ctx;
  const own = mod.randomBot?.(game, seat, rng);
  if (own) return own;
  // Uniform over `legal`, for any decision name (the interface does not list a ruleset's decisions); none legal: the default.
  const draw = (view: SeatView, kind: string): string | null => {
    const legal = mod.legal(view.state, seat, kind);
    return legal.count === 0 ? null : mod.format(view.state, seat, kind, legal.at(rng.int(legal.count)));
  };
  return new Proxy({} as AnyBot, {
    get: (_t, prop) => (typeof prop !== 'string' || NOT_DECISIONS.has(prop) ? undefined : (_obs: unknown, view: SeatView) => draw(view, prop)),
  });
}
