/** What a seat's bot is handed beside its seat, RNG and budget: the ruleset's context and the rules, as a frozen copy. */
import type { AnyGameModule } from '../core/game.js';

/** What every seat's bot context of a game holds beside its seat, RNG and budget: the ruleset's, and the rules. */
const contexts = new WeakMap<object, { mod: AnyGameModule; context: object }>();

/** The context part a game's bots share, made once per game and module (a sweep plays each design many times). */
export function contextOf(mod: AnyGameModule, game: unknown): object {
  const context = (): object => ({ ...mod.botContext(game), rules: Object.freeze({ module: rulesFacade(mod), game }) });
  if (typeof game !== 'object' || game === null) return context();
  const was = contexts.get(game);
  if (was?.mod === mod) return was.context;
  const made = context();
  contexts.set(game, { mod, context: made });
  return made;
}

/**
 * The rules as bots are handed them: a frozen copy of the module, so a bot
 * that writes into `ctx.rules.module` (wraps `newState` to catch a seed,
 * replaces `legal`) changes its own copy's nothing and never the arena's
 * module, which plays the match and every other seat.
 */
export function rulesFacade<M extends object>(mod: M): M {
  let facade = facades.get(mod);
  if (!facade) facades.set(mod, (facade = Object.freeze({ ...mod })));
  return facade as M;
}
const facades = new WeakMap<object, object>();
