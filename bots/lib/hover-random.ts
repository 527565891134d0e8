/**
 * Hovercrafts' random bot (what `random` plays in a Hovercrafts match): every
 * action of every ship of its seat drawn uniformly from the six, as many as
 * the ship's Energy check gave, with the seat's own RNG.
 */
import { ACTION_WORDS } from '../../src/rules/hovercrafts/actions.js';
import type { HoverBot, HoverBotContext } from '../../src/rules/hovercrafts/botApi.js';

export function hoverRandom(ctx: HoverBotContext): HoverBot {
  const { rng } = ctx;
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
