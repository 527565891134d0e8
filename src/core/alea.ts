/**
 * seedrandom's `alea`, inlined: the same numbers from the same seed string,
 * with the whole state in four doubles of a caller's Float64Array (s0, s1,
 * s2, c). Seeding allocates nothing and drawing is a plain function call,
 * where seedrandom builds a closure, a Mash and their objects per seeding:
 * the arena derives several seeds per match, and seedrandom's garbage was
 * a third of a kernel match's allocation.
 */

export const ALEA_SIZE = 4;

/**
 * One character of Baagøe's Mash. Its `h >>> 0` are Math.trunc here: h is
 * never negative and stays below 2^32, where the two agree, and V8 truncates
 * a double faster than it wraps one (about 1.7x for a whole seeding).
 */
export function mashChar(n: number, code: number): number {
  n += code;
  let h = 0.02519603282416938 * n;
  n = Math.trunc(h);
  h -= n;
  h *= n;
  n = Math.trunc(h);
  h -= n;
  return n + h * 0x100000000;
}

/** Mash's running value after the three `mash(' ')` calls that start every alea seeding. */
export const MASH_AFTER_SPACES = ((): { n: number; s: readonly [number, number, number] } => {
  let n = 0xefc8249d;
  const s: [number, number, number] = [0, 0, 0];
  for (let i = 0; i < 3; i++) {
    n = mashChar(n, 32);
    s[i] = (n >>> 0) * 2.3283064365386963e-10;
  }
  return { n, s };
})();

/** Alea's k-th seed word from Mash's value after the k-th pass over the seed. */
export function mashed(k: number, n: number): number {
  const s = MASH_AFTER_SPACES.s[k] - (n >>> 0) * 2.3283064365386963e-10;
  return s < 0 ? s + 1 : s;
}

/** Seeds the alea state at `rng[o..o+3]` exactly as `seedrandom.alea(seed)` does. */
export function aleaSeed(rng: Float64Array, seed: string, o = 0): void {
  let n = MASH_AFTER_SPACES.n;
  for (let k = 0; k < 3; k++) {
    for (let i = 0; i < seed.length; i++) n = mashChar(n, seed.charCodeAt(i));
    rng[o + k] = mashed(k, n);
  }
  rng[o + 3] = 1;
}

/** Seeds from the char codes `chars[from..from+len)` (the seed string, without making it). */
export function aleaSeedChars(rng: Float64Array, o: number, chars: Uint16Array, from: number, len: number): void {
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
export function aleaSeedChars2(ra: Float64Array, rb: Float64Array, chars: Uint16Array, a: number, b: number, len: number): void {
  let na = MASH_AFTER_SPACES.n, nb = na;
  for (let k = 0; k < 3; k++) {
    for (let i = 0; i < len; i++) (na = mashChar(na, chars[a + i])), (nb = mashChar(nb, chars[b + i]));
    ra[k] = mashed(k, na);
    rb[k] = mashed(k, nb);
  }
  ra[3] = rb[3] = 1;
}

/**
 * Four seedings at once, two pairs of strings: `out[0]`, `out[1]` from
 * `chars[a0..]`, `chars[a1..]` of `lenA` each, `out[2]`, `out[3]` from
 * `chars[b0..]`, `chars[b1..]` of `lenB` each (lenA <= lenB). The arena seeds
 * a match's seats two at a time, a bot stream and view dice each, whose seed
 * strings come in two lengths; four chains run about three times as fast as
 * one.
 */
export function aleaSeedPairs(out: readonly Float64Array[], chars: Uint16Array, a0: number, a1: number, lenA: number, b0: number, b1: number, lenB: number): void {
  const n0 = MASH_AFTER_SPACES.n;
  let p = n0, q = n0, r = n0, s = n0;
  for (let k = 0; k < 3; k++) {
    let i = 0;
    for (; i < lenA; i++) {
      p = mashChar(p, chars[a0 + i]);
      q = mashChar(q, chars[a1 + i]);
      r = mashChar(r, chars[b0 + i]);
      s = mashChar(s, chars[b1 + i]);
    }
    for (; i < lenB; i++) {
      r = mashChar(r, chars[b0 + i]);
      s = mashChar(s, chars[b1 + i]);
    }
    out[0][k] = mashed(k, p);
    out[1][k] = mashed(k, q);
    out[2][k] = mashed(k, r);
    out[3][k] = mashed(k, s);
  }
  for (let j = 0; j < 4; j++) out[j][3] = 1;
}

/**
 * Eight seedings at once: `out[q]` from `chars[from + q * stride ..][0,
 * len)`. With eight chains Mash runs at the throughput of the
 * floating-point units rather than the latency of one chain: 2.0x faster a
 * seeding than two chains at once, on this project's machines
 * (docs/performance.md).
 */
export function aleaSeedChars8(out: readonly Float64Array[], chars: Uint16Array, from: number, stride: number, len: number): void {
  const n0 = MASH_AFTER_SPACES.n;
  let a = n0, b = n0, c = n0, d = n0, e = n0, f = n0, g = n0, h = n0;
  for (let k = 0; k < 3; k++) {
    for (let i = from; i < from + len; i++) {
      a = mashChar(a, chars[i]);
      b = mashChar(b, chars[i + stride]);
      c = mashChar(c, chars[i + 2 * stride]);
      d = mashChar(d, chars[i + 3 * stride]);
      e = mashChar(e, chars[i + 4 * stride]);
      f = mashChar(f, chars[i + 5 * stride]);
      g = mashChar(g, chars[i + 6 * stride]);
      h = mashChar(h, chars[i + 7 * stride]);
    }
    out[0][k] = mashed(k, a);
    out[1][k] = mashed(k, b);
    out[2][k] = mashed(k, c);
    out[3][k] = mashed(k, d);
    out[4][k] = mashed(k, e);
    out[5][k] = mashed(k, f);
    out[6][k] = mashed(k, g);
    out[7][k] = mashed(k, h);
  }
  for (let q = 0; q < 8; q++) out[q][3] = 1;
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

/**
 * `Math.floor(aleaNext(rng) * n)`, the same step written out: an integer
 * below n comes back as a small integer, where aleaNext's fraction, from a
 * call not inlined, comes back as a new heap number (a playout's every draw).
 */
export function aleaInt(rng: Float64Array, n: number): number {
  const t = 2091639 * rng[0] + rng[3] * 2.3283064365386963e-10;
  const c = t | 0;
  rng[0] = rng[1];
  rng[1] = rng[2];
  rng[3] = c;
  return Math.floor((rng[2] = t - c) * n);
}

/** The next unsigned 32-bit integer (seedrandom's `alea.int32() >>> 0`). */
export const aleaUint32 = (rng: Float64Array, o = 0): number => (aleaNext(rng, o) * 0x100000000) >>> 0;
