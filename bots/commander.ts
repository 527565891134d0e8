/**
 * `commander` (Battle Engine): deploys soldiers forward and officers back
 * (bots/lib/battle-search.ts commanderDeployment), then plays each step by
 * alpha-beta search over its view with iterative deepening: the deepest
 * search finished within 700 nodes, so its choice depends on the position
 * and its dice alone (a run's results stay a pure function of its seed).
 * A guard of half its budget stops a search on a machine so slow that it
 * would otherwise overrun the budget. Battle Engine only.
 */
import type { BotContext, SeatView } from '../src/core/bot.js';
import { canonicalDeployment, DEPLOY, legalSteps } from '../src/rules/battle-engine/actions.js';
import { formatAction } from '../src/rules/battle-engine/notation.js';
import type { BeObservation } from '../src/rules/battle-engine/observe.js';
import type { BeState } from '../src/rules/battle-engine/state.js';
import { BattleSearch, commanderDeployment } from './lib/battle-search.js';
import { isBattleContext, type BattleBot } from './lib/battle-random.js';

/** Nodes a decision searches. */
export const COMMANDER_NODES = 700;

export default function commander(ctx: BotContext): BattleBot {
  if (!isBattleContext(ctx)) throw new Error('commander plays Battle Engine only');
  const { seat } = ctx;
  const guard = ctx.budget.ms / 2;
  let search: BattleSearch | null = null;
  return {
    deploy(_obs: BeObservation, view: SeatView<BeState>) {
      const st = view.state;
      return formatAction(st.game, seat, { t: DEPLOY, from: -1, to: -1, squares: canonicalDeployment(st, seat, commanderDeployment(st, seat)) });
    },
    act(_obs: BeObservation, view: SeatView<BeState>) {
      const st = view.state;
      if (legalSteps(st, seat).length === 0) return 'pass';
      search ??= new BattleSearch(st.game, seat);
      return formatAction(st.game, seat, search.best(st, guard, COMMANDER_NODES).action);
    },
  };
}
