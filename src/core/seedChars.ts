/**
 * Seed strings written as char codes, so a seeding makes no strings: rng.ts
 * derives a seed from `${parent}/${label}/…` and writes it as 16 hex digits
 * of two alea words; these write the same characters into a buffer, for the
 * alea seedings that take char codes (alea.ts).
 */
import { aleaUint32 } from './alea.js';

const HEX = '0123456789abcdef';

/** Writes `s` at `buf[at..]`; the index after it. */
export function writeString(buf: Uint16Array, at: number, s: string, max = buf.length - at): number {
  if (s.length > max) throw new Error(`seed string too long (${s.length} chars)`);
  for (let i = 0; i < s.length; i++) buf[at + i] = s.charCodeAt(i);
  return at + s.length;
}

/** Writes a label as String(label) would; the index after it. */
export function writeLabel(buf: Uint16Array, at: number, label: number): number {
  if (!(Number.isSafeInteger(label) && label >= 0)) return writeString(buf, at, String(label), 32);
  let digits = 1;
  for (let x = label; x >= 10; x = Math.floor(x / 10)) digits++;
  for (let i = digits - 1, x = label; i >= 0; i--, x = Math.floor(x / 10)) buf[at + i] = 48 + (x % 10);
  return at + digits;
}

/** rng.ts `deriveSeed` from a seeded alea state: two 32-bit words as 16 hex digits at `buf[out..]`. */
export function derivedHex(rng: Float64Array, buf: Uint16Array, out: number): void {
  for (let w = 0; w < 2; w++) {
    const x = aleaUint32(rng);
    for (let i = 0; i < 8; i++) buf[out + w * 8 + i] = HEX.charCodeAt((x >>> (28 - 4 * i)) & 15);
  }
}
