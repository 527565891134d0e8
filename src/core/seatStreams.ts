/**
 * A match's streams of each seat, as the arena seeds them from the seats'
 * own seeds (seatKey.ts): the bot's `makeRng(bots[m])` and its view dice
 * `sfc32Seed(dice, 4m, views[m])`.
 */
import { makeRng, sfc32Seed, type Rng } from './rng.js';
import type { SeatSeeds } from './seatKey.js';

/** Seeds each seat's bot stream (returned) and view dice (seat m's four words at `viewDice[4m..]`). */
export function seatStreams(seeds: SeatSeeds, viewDice: Uint32Array): Rng[] {
  const rngs: Rng[] = [];
  for (let m = 0; m < seeds.bots.length; m++) {
    rngs.push(makeRng(seeds.bots[m]));
    sfc32Seed(viewDice, 4 * m, seeds.views[m]);
  }
  return rngs;
}
