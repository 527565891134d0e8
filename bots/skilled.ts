/**
 * `skilled`: the strong bot at a sweep's price (issue 48). On the NHM engine
 * (Ninja Havoc Machines, Robo Battle Pigs) it plays `mcts`'s root game —
 * each seat's candidate programs, joint cells valued by the evaluator one
 * turn on, decoupled UCT, the visit counts with a floor as its move — on the
 * engine directly, each cell's value kept so a cell visited again costs no
 * simulation (bots/lib/mcts/flat.ts). On every other ruleset it is `mcts`.
 */
import type { BotContext, Mixed } from '../src/core/bot.js';
import type { Bot, BotContext as NhmContext, Program } from '../src/rules/nhm/botApi.js';
import type { Observation } from '../src/rules/nhm/observe.js';
import { nhmModule } from '../src/rules/nhm/module.js';
import { rbpModule } from '../src/rules/rbp/module.js';
import { FlatSearcher } from './lib/mcts/flat.js';
import { makeMcts, type MctsBot } from './lib/mcts/bot.js';
import { warmUp } from './lib/kit.js';

/** Whether the context is a game of the NHM engine (by its ruleset's id). */
const onEngine = (ctx: BotContext): boolean => {
  const id = ctx.rules?.module.id;
  return id === nhmModule.id || id === rbpModule.id || (id === undefined && 'notation' in ctx);
};

function engineBot(ctx: NhmContext): Bot {
  warmUp(skilled as never, ctx);
  const search = new FlatSearcher(ctx.game, ctx.seat, ctx.rng, ctx.budget);
  return {
    program(obs: Observation, view): Program | Mixed<Program> {
      const last = obs.machines.map((m) => m.lastProgram);
      const { programs, p } = search.search(view.state, last, ctx.notation);
      if (programs.length === 1) return programs[0];
      return { mixed: programs.map((action, i) => ({ action, p: p[i] })) };
    },
  };
}

export default function skilled(ctx: BotContext): Bot | MctsBot {
  return onEngine(ctx) ? engineBot(ctx as NhmContext) : makeMcts(ctx, { selection: 'uct', timeGuard: 'fault' });
}
