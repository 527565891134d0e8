/**
 * seedrandom's `alea`, inlined: the same numbers from the same seed string,
 * with the whole state in four doubles of a caller's Float64Array (s0, s1, s2,
 * c). The arena hands every bot `makeRng(seatSeed(matchSeed, seat))`, an alea
 * stream; a native bot seeded here with the same string draws the same
 * numbers, so a kernel match and an arena match from one seed are the same
 * match. Inlining saves the closure call and the object property traffic of
 * seedrandom's generator, and seeding needs no allocation.
 */

export const ALEA_SIZE = 4;

/** Mash's running value after the three `mash(' ')` calls that start every alea seeding. */
const MASH_AFTER_SPACES = ((): { n: number; s: [number, number, number] } => {
  let n = 0xefc8249d;
  const s: [number, number, number] = [0, 0, 0];
  for (let i = 0; i < 3; i++) {
    n = mashChar(n, 32);
    s[i] = (n >>> 0) * 2.3283064365386963e-10;
  }
  return { n, s };
})();

/** One character of Baagøe's Mash. */
function mashChar(n: number, code: number): number {
  n += code;
  let h = 0.02519603282416938 * n;
  n = h >>> 0;
  h -= n;
  h *= n;
  n = h >>> 0;
  h -= n;
  return n + h * 0x100000000;
}

/** Seeds the alea state at `rng[o..o+3]` exactly as `seedrandom.alea(seed)` does. */
export function aleaSeed(rng: Float64Array, seed: string, o = 0): void {
  let n = MASH_AFTER_SPACES.n;
  for (let k = 0; k < 3; k++) {
    for (let i = 0; i < seed.length; i++) n = mashChar(n, seed.charCodeAt(i));
    let s = MASH_AFTER_SPACES.s[k] - (n >>> 0) * 2.3283064365386963e-10;
    if (s < 0) s += 1;
    rng[o + k] = s;
  }
  rng[o + 3] = 1;
}

/** The next float in [0, 1) of the alea state at `rng[o..o+3]` (seedrandom's `alea()`). */
export function aleaNext(rng: Float64Array, o = 0): number {
  const t = 2091639 * rng[o] + rng[o + 3] * 2.3283064365386963e-10;
  const c = t | 0;
  rng[o] = rng[o + 1];
  rng[o + 1] = rng[o + 2];
  rng[o + 3] = c;
  return (rng[o + 2] = t - c);
}
