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

/**
 * One character of Baagøe's Mash. Its `h >>> 0` are Math.trunc here: h is
 * never negative and stays below 2^32, where the two agree, and V8 truncates
 * a double faster than it wraps one (about 1.7x for a whole seeding).
 */
function mashChar(n: number, code: number): number {
  n += code;
  let h = 0.02519603282416938 * n;
  n = Math.trunc(h);
  h -= n;
  h *= n;
  n = Math.trunc(h);
  h -= n;
  return n + h * 0x100000000;
}

/** Seeds the alea state at `rng[o..o+3]` exactly as `seedrandom.alea(seed)` does. */
export function aleaSeed(rng: Float64Array, seed: string, o = 0): void {
  const len = writeString(CHARS, 0, seed);
  aleaSeedChars(rng, o, CHARS, 0, len);
}

/** Seeds from the char codes `chars[from..from+len)` (the seed string, without making it). */
function aleaSeedChars(rng: Float64Array, o: number, chars: Uint16Array, from: number, len: number): void {
  let n = MASH_AFTER_SPACES.n;
  for (let k = 0; k < 3; k++) {
    for (let i = from; i < from + len; i++) n = mashChar(n, chars[i]);
    rng[o + k] = mashed(k, n);
  }
  rng[o + 3] = 1;
}

/**
 * Two seedings at once, from `chars[a..a+len)` into `ra` and `chars[b..b+len)`
 * into `rb`. Mash is one long chain of dependent float operations per string;
 * two independent chains in one loop let the CPU overlap them, which makes a
 * match's seeding (two seats) about 1.5x faster.
 */
function aleaSeedChars2(ra: Float64Array, rb: Float64Array, chars: Uint16Array, a: number, b: number, len: number): void {
  let na = MASH_AFTER_SPACES.n, nb = na;
  for (let k = 0; k < 3; k++) {
    for (let i = 0; i < len; i++) (na = mashChar(na, chars[a + i])), (nb = mashChar(nb, chars[b + i]));
    ra[k] = mashed(k, na);
    rb[k] = mashed(k, nb);
  }
  ra[3] = rb[3] = 1;
}

/** Alea's k-th seed word from Mash's value after the k-th pass over the seed. */
function mashed(k: number, n: number): number {
  const s = MASH_AFTER_SPACES.s[k] - (n >>> 0) * 2.3283064365386963e-10;
  return s < 0 ? s + 1 : s;
}

// Seed strings are built as char codes in CHARS, so seeding a match allocates
// nothing: the match seed at MATCH, the seats' seed strings at SEAT[s], their
// derived seeds (16 hex digits) at DERIVED[s].
const CHARS = new Uint16Array(2048);
const MATCH = 1024, MAX_MATCH = 400;
const SEAT = [0, 512];
const DERIVED = [1536, 1556];
const TMP = [new Float64Array(ALEA_SIZE), new Float64Array(ALEA_SIZE)];
const HEX = '0123456789abcdef';

function writeString(buf: Uint16Array, at: number, s: string, max = buf.length - at): number {
  if (s.length > max) throw new Error(`seed string too long (${s.length} chars)`);
  for (let i = 0; i < s.length; i++) buf[at + i] = s.charCodeAt(i);
  return at + s.length;
}

/** Writes a label as String(label) would. */
function writeLabel(buf: Uint16Array, at: number, label: number): number {
  if (!(Number.isSafeInteger(label) && label >= 0)) return writeString(buf, at, String(label), 32);
  let digits = 1;
  for (let x = label; x >= 10; x = Math.floor(x / 10)) digits++;
  for (let i = digits - 1, x = label; i >= 0; i--, x = Math.floor(x / 10)) buf[at + i] = 48 + (x % 10);
  return at + digits;
}

/** core/rng.ts `deriveSeed` from a seeded alea state: two 32-bit words as 16 hex digits at `buf[out..]`. */
function derivedHex(rng: Float64Array, buf: Uint16Array, out: number): void {
  for (let w = 0; w < 2; w++) {
    const x = (aleaNext(rng) * 0x100000000) >>> 0;
    for (let i = 0; i < 8; i++) buf[out + w * 8 + i] = HEX.charCodeAt((x >>> (28 - 4 * i)) & 15);
  }
}

/**
 * Seeds `rngs[s]` as the arena seeds seat s's bot in the match `matchSeed`:
 * `aleaSeed(rngs[s], seatSeed(matchSeed, s))` (core/rng.ts), without strings.
 */
export function aleaSeedSeats(rngs: readonly Float64Array[], matchSeed: string): void {
  writeString(CHARS, MATCH, matchSeed, MAX_MATCH);
  seedSeats(rngs, matchSeed.length);
}

/** As aleaSeedSeats for the match seed `matchSeed(runSeed, id)` (core/rng.ts), computed here without strings. */
export function aleaSeedRunMatch(rngs: readonly Float64Array[], runSeed: string | number, id: number): void {
  // matchSeed(run, id) = deriveSeed(String(run), 'match', id): alea of `${run}/match/${id}`.
  let len = writeString(CHARS, 0, typeof runSeed === 'string' ? runSeed : String(runSeed), MAX_MATCH);
  len = writeString(CHARS, len, '/match/');
  len = writeLabel(CHARS, len, id);
  aleaSeedChars(TMP[0], 0, CHARS, 0, len);
  derivedHex(TMP[0], CHARS, MATCH);
  seedSeats(rngs, 16);
}

function seedSeats(rngs: readonly Float64Array[], matchLen: number): void {
  // seatSeed(match, s) = deriveSeed(match, 'seat', s): alea of `${match}/seat/${s}`.
  const seatString = (s: number): number => {
    CHARS.copyWithin(SEAT[s & 1], MATCH, MATCH + matchLen);
    return writeLabel(CHARS, writeString(CHARS, SEAT[s & 1] + matchLen, '/seat/'), s) - SEAT[s & 1];
  };
  if (rngs.length === 2) {
    // Both seats at once (their strings differ only in the last digit).
    const len = seatString(0);
    seatString(1);
    aleaSeedChars2(TMP[0], TMP[1], CHARS, SEAT[0], SEAT[1], len);
    derivedHex(TMP[0], CHARS, DERIVED[0]);
    derivedHex(TMP[1], CHARS, DERIVED[1]);
    aleaSeedChars2(rngs[0], rngs[1], CHARS, DERIVED[0], DERIVED[1], 16);
    return;
  }
  for (let s = 0; s < rngs.length; s++) {
    const len = seatString(s);
    aleaSeedChars(TMP[0], 0, CHARS, SEAT[s & 1], len);
    derivedHex(TMP[0], CHARS, DERIVED[0]);
    aleaSeedChars(rngs[s], 0, CHARS, DERIVED[0], 16);
  }
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
