/**
 * Hovercrafts' random player (GameModule.randomBot, what the `random` bot
 * plays in a Hovercrafts match): every action of every ship of its seat
 * drawn uniformly from the six, as many as the ship's Energy check gave,
 * with the seat's own RNG, from the observation alone.
 */
import type { RandomBot } from '../../core/game.js';
import type { Rng } from '../../core/rng.js';
import { ACTION_WORDS } from './actions.js';
import type { HoverObservation } from './module.js';
import type { HoverState } from './state.js';

export function hoverRandomBot(_game: unknown, _seat: number, rng: Rng): RandomBot<HoverObservation, HoverState> {
  return {
    program(obs) {
      return obs.mine
        .map((i) => {
          const n = obs.ships[i].actions;
          if (n === 0) return '-';
          const words: string[] = [];
          for (let k = 0; k < n; k++) words.push(ACTION_WORDS[rng.int(ACTION_WORDS.length)]);
          return words.join(' ');
        })
        .join(' / ');
    },
  };
}
