/**
 * The search's warm-up: the first time a process makes an `mcts` bot for a
 * ruleset's module, copies of it with an RNG of their own search a few
 * positions of a random game of the match's own game, so that the JIT has
 * compiled the search, the ruleset's candidates and evaluator and its rules
 * before the first decision that is timed. Without it a process's first
 * decisions took up to twice their budget's 50 ms (Battle Engine's first
 * step 106 ms, its deployment 80 ms, against 13 ms on average).
 *
 * The bot being made is not touched (its RNG, its searcher), and what the
 * copies share with it are caches of pure functions (NHM's reach tables),
 * so its choices are the same whether or not the process was warm.
 */
import type { BotContext, SeatView } from '../../../src/core/bot.js';
import { type AnyGameModule, nextDeciders } from '../../../src/core/game.js';
import { makeRng } from '../../../src/core/rng.js';

/** Decision nodes of the warm-up game, and the ones searched (every acting seat's copy searches there). */
const NODES = 12, SEARCHED = [0, 1, 5, 11];

const warmed = new WeakSet<object>();

/**
 * Warms the search for `ctx`'s module once per process; `make` makes a bot
 * for a context (the module is marked first, so the copies it makes do not
 * warm up in turn). A failure is let go: the match itself will meet it.
 */
export function warmUp(ctx: BotContext, make: (ctx: BotContext) => { decide(obs: unknown, view: SeatView, kind: string): unknown }): void {
  const rules = ctx.rules;
  if (!rules || warmed.has(rules.module)) return;
  warmed.add(rules.module);
  try {
    play(rules.module, rules.game, ctx, make);
  } catch {
    // (only an optimisation: a bot that fails here fails, and is recorded, in the match)
  }
}

function play(mod: AnyGameModule, game: unknown, ctx: BotContext, make: Parameters<typeof warmUp>[1]): void {
  const rng = makeRng('mcts-warm-up');
  const st = mod.newState(game, 'mcts-warm-up');
  const n = mod.seatCount(game);
  const bots = Array.from({ length: n }, (_, seat) => make({ ...ctx, seat, rng: makeRng(`mcts-warm-up/${seat}`) }));
  const views = Array.from({ length: n }, () => mod.newState(game, 'mcts-warm-up'));
  const dice = new Uint32Array([1, 2, 3, 4]);
  const actions: unknown[] = new Array(n).fill(null);
  for (let k = 0; k < NODES; k++) {
    const seats = nextDeciders(mod, st);
    if (!seats) return;
    for (const seat of seats) {
      const kind = mod.decision(st, seat);
      if (SEARCHED.includes(k)) {
        mod.seatState(st, seat, views[seat], dice);
        bots[seat].decide(mod.observe(st, seat), { seat, state: views[seat] }, kind);
      }
      actions[seat] = mod.randomAction(st, seat, kind, rng);
    }
    mod.apply(st, actions, () => null, null);
    actions.fill(null);
  }
}
