/**
 * A match's streams of each seat, as the arena seeds them: the bot's
 * `makeRng(seatSeed(seed, m))` and its view dice
 * `sfc32Seed(dice, 4m, viewDiceSeed(seed, m))`. Four alea seedings per two
 * seats, run at once from char codes (alea.ts aleaSeedPairs): seeding was
 * most of what starting a short match cost (docs/performance.md). The same
 * streams as one at a time (test/unit/core.test.ts).
 */
import { aleaSeedPairs, ALEA_SIZE } from './alea.js';
import { makeRng, rngOfAlea, seatSeed, sfc32OfAlea, sfc32Seed, viewDiceSeed, type Rng } from './rng.js';
import { derivedHex, writeLabel, writeString } from './seedChars.js';

/** The four seed strings of a pair of seats, each at its lane: seat m's and m + 1's bot seeds, then their view dice's. */
const LANE = 512, MAX_SEED = LANE - 32;
const CHARS = new Uint16Array(4 * LANE);
const FIRST = Array.from({ length: 4 }, () => new Float64Array(ALEA_SIZE));
const SECOND = Array.from({ length: 4 }, () => new Float64Array(ALEA_SIZE));

/** Seeds each of `n` seats' bot stream (returned) and view dice (seat m's four words at `viewDice[4m..]`) for match `seed`. */
export function seatStreams(seed: string, n: number, viewDice: Uint32Array): Rng[] {
  const rngs: Rng[] = [];
  let m = 0;
  // Two seats at a time while their labels are as long (one digit): the strings of a pair are then two lengths.
  if (seed.length <= MAX_SEED)
    for (; m + 1 < n && m + 1 < 10; m += 2) {
      const lenA = seedString(0, seed, '/seat/', m), lenB = seedString(2 * LANE, seed, '/view-dice/', m);
      seedString(LANE, seed, '/seat/', m + 1);
      seedString(3 * LANE, seed, '/view-dice/', m + 1);
      aleaSeedPairs(FIRST, CHARS, 0, LANE, lenA, 2 * LANE, 3 * LANE, lenB);
      // Each derived seed is its stream's seed string: 16 hex digits, written over the string it came from.
      for (let j = 0; j < 4; j++) derivedHex(FIRST[j], CHARS, j * LANE);
      aleaSeedPairs(SECOND, CHARS, 0, LANE, 16, 2 * LANE, 3 * LANE, 16);
      rngs.push(rngOfAlea(SECOND[0]), rngOfAlea(SECOND[1]));
      sfc32OfAlea(viewDice, 4 * m, SECOND[2]);
      sfc32OfAlea(viewDice, 4 * m + 4, SECOND[3]);
    }
  for (; m < n; m++) {
    rngs.push(makeRng(seatSeed(seed, m)));
    sfc32Seed(viewDice, 4 * m, viewDiceSeed(seed, m));
  }
  return rngs;
}

/** Writes `${seed}${label}${m}` at `at`; its length. */
function seedString(at: number, seed: string, label: string, m: number): number {
  return writeLabel(CHARS, writeString(CHARS, writeString(CHARS, at, seed), label), m) - at;
}
