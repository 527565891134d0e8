/**
 * Seeded randomness. Every random number in a match comes from a stream derived
 * from (run seed, match id) and then by purpose (a seat's bot, the rules' dice),
 * so a match is a pure function of its seed whatever runs around it.
 *
 * seedrandom's `alea` is used rather than its default `arc4`: it is about six
 * times cheaper per call and its state can be saved and restored. It is drawn
 * from the inlined copy in alea.ts (test/unit/kernel.test.ts holds it to
 * seedrandom's numbers): seeding seedrandom's builds a closure, a Mash and
 * their objects, and the arena seeds several streams per match.
 */
import { aleaInt, aleaNext, aleaSeed, aleaUint32, ALEA_SIZE } from './alea.js';

/** A seeded random stream. */
export interface Rng {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [0, n). */
  int(n: number): number;
  /** An unsigned 32-bit integer. */
  uint32(): number;
}

/** Makes a stream from a seed string: seedrandom's alea, drawn from the inlined copy (alea.ts; the same numbers). */
export function makeRng(seed: string): Rng {
  return new AleaRng(seed);
}

/** A stream from an alea state already seeded (alea.ts's seedings from char codes): the state is copied. */
export function rngOfAlea(state: Float64Array): Rng {
  return new AleaRng(state);
}

/** A stream whose whole state is four doubles: seeding allocates nothing but them, drawing nothing at all. */
class AleaRng implements Rng {
  private readonly s = new Float64Array(ALEA_SIZE);

  /** `seed`: a seed string, or an alea state seeded already (copied). */
  constructor(seed: string | Float64Array) {
    if (typeof seed === 'string') aleaSeed(this.s, seed);
    else this.s.set(seed);
  }

  next(): number {
    return aleaNext(this.s);
  }

  int(n: number): number {
    return aleaInt(this.s, n);
  }

  uint32(): number {
    return aleaUint32(this.s);
  }
}

const DERIVE = new Float64Array(ALEA_SIZE);
/** Char code of each hex digit. */
const HEX = Array.from('0123456789abcdef', (c) => c.charCodeAt(0));
/** The char code of hex digit k (0 the most significant) of the 32-bit u. */
const hexAt = (u: number, k: number): number => HEX[(u >>> (28 - 4 * k)) & 15];
/** Two 32-bit words as 16 hex digits: one flat string, not eight digit strings joined (a match derives several seeds). */
const hex16 = (a: number, b: number): string =>
  String.fromCharCode(
    hexAt(a, 0), hexAt(a, 1), hexAt(a, 2), hexAt(a, 3), hexAt(a, 4), hexAt(a, 5), hexAt(a, 6), hexAt(a, 7),
    hexAt(b, 0), hexAt(b, 1), hexAt(b, 2), hexAt(b, 3), hexAt(b, 4), hexAt(b, 5), hexAt(b, 6), hexAt(b, 7),
  );

/**
 * Derives a child seed from a parent seed and labels, e.g. `deriveSeed(run,
 * 'match', 17)`: the first two 32-bit words of `seedrandom.alea(parent/label/…)`
 * as 16 hex digits (drawn from the inlined alea, which is seedrandom's).
 */
export function deriveSeed(parent: string, ...labels: (string | number)[]): string {
  aleaSeed(DERIVE, `${parent}/${labels.join('/')}`);
  const hi = aleaUint32(DERIVE);
  return hex16(hi, aleaUint32(DERIVE));
}

/** The seed of match `id` of a run. */
export const matchSeed = (runSeed: string | number, id: number): string => deriveSeed(String(runSeed), 'match', id);

/** The seed of seat `seat`'s bot in a match. */
export const seatSeed = (match: string, seat: number): string => deriveSeed(match, 'seat', seat);

/** The seed of the rules' own dice in a match (teleporter rolls). */
export const diceSeed = (match: string): string => deriveSeed(match, 'dice');

/** The seed of seat `seat`'s view dice in a match (the dice a bot's view of the state rolls with). */
export const viewDiceSeed = (match: string, seat: number): string => deriveSeed(match, 'view-dice', seat);

/**
 * A small-state generator (sfc32) whose whole state is four 32-bit words in a
 * caller's Uint32Array, so engine states can copy their dice with the rest of
 * their typed arrays and simulations replay exactly.
 */
export function sfc32Seed(state: Uint32Array, offset: number, seed: string): void {
  aleaSeed(SFC_ALEA, seed);
  sfc32OfAlea(state, offset, SFC_ALEA);
}

const SFC_ALEA = new Float64Array(ALEA_SIZE);

/** sfc32Seed from the alea state its seed string seeds (alea.ts's seedings from char codes); draws from `alea`. */
export function sfc32OfAlea(state: Uint32Array, offset: number, alea: Float64Array): void {
  for (let i = 0; i < 4; i++) state[offset + i] = aleaUint32(alea);
  if ((state[offset] | state[offset + 1] | state[offset + 2] | state[offset + 3]) === 0) state[offset] = 1;
  for (let i = 0; i < 12; i++) sfc32Next(state, offset);
}

/** Draws the next unsigned 32-bit number from an sfc32 state held at `offset`. */
export function sfc32Next(s: Uint32Array, o: number): number {
  const a = s[o], b = s[o + 1], c = s[o + 2], d = s[o + 3];
  const t = (((a + b) | 0) + d) | 0;
  s[o + 3] = (d + 1) | 0;
  s[o] = b ^ (b >>> 9);
  s[o + 1] = (c + (c << 3)) | 0;
  const c2 = (c << 21) | (c >>> 11);
  s[o + 2] = (c2 + t) | 0;
  return t >>> 0;
}

/**
 * sfc32Next's top 24 bits, the same step written out: a small integer, so a
 * caller that does not inline it gets no boxed number back (a uint32 above
 * 2^30 is a heap number; a die rolled in a playout allocated one).
 */
export function sfc32Top24(s: Uint32Array, o: number): number {
  const a = s[o], b = s[o + 1], c = s[o + 2], d = s[o + 3];
  const t = (((a + b) | 0) + d) | 0;
  s[o + 3] = (d + 1) | 0;
  s[o] = b ^ (b >>> 9);
  s[o + 1] = (c + (c << 3)) | 0;
  s[o + 2] = (((c << 21) | (c >>> 11)) + t) | 0;
  return t >>> 8;
}
