/**
 * Battle Engine's random player (GameModule.randomBot, what the `random` bot
 * plays in a Battle Engine match): a deployment drawn uniformly over its
 * side's squares, and each step drawn uniformly from the legal ones of its
 * view, with the seat's own RNG.
 */
import type { RandomBot } from '../../core/game.js';
import type { Rng } from '../../core/rng.js';
import { legalSteps, type BeAction } from './actions.js';
import { randomDeployment } from './module.js';
import { formatAction } from './notation.js';
import type { BeObservation } from './observe.js';
import type { BeState } from './state.js';

export function beRandomBot(seat: number, rng: Rng): RandomBot<BeObservation, BeState> & { deploy: RandomBot<BeObservation, BeState>[string]; act: RandomBot<BeObservation, BeState>[string] } {
  const steps: BeAction[] = [];
  return {
    deploy: (_obs, view) => formatAction(view.state.game, seat, randomDeployment(view.state, seat, rng)),
    act(_obs, view) {
      const legal = legalSteps(view.state, seat, steps);
      return legal.length === 0 ? 'pass' : formatAction(view.state.game, seat, legal[rng.int(legal.length)]);
    },
  };
}
