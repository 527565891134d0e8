/**
 * A kernel match's seat streams without strings. The arena hands every bot
 * `makeRng(seatSeed(matchSeed, seat))`, an alea stream; a native bot seeded
 * here from the same match draws the same numbers (core/alea.ts is
 * seedrandom's alea), so a kernel match and an arena match from one seed are
 * the same match. The seed strings are built as char codes, so seeding a
 * match allocates nothing.
 */
import { aleaSeedChars, aleaSeedChars2, aleaSeedChars8, ALEA_SIZE } from '../../core/alea.js';
import { derivedHex, writeLabel, writeString } from '../../core/seedChars.js';

// Seed strings are built as char codes in CHARS, so seeding a match allocates
// nothing: the match seed at MATCH, the seats' seed strings at SEAT[s], their
// derived seeds (16 hex digits) at DERIVED[s].
const CHARS = new Uint16Array(2048);
const MATCH = 1024, MAX_MATCH = 400;
const SEAT = [0, 512];
const DERIVED = [1536, 1556];
const TMP = [new Float64Array(ALEA_SIZE), new Float64Array(ALEA_SIZE)];

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

// Eight matches at once (aleaSeedRunMatches8): match m's seed string at
// m * RUN_STRIDE; the sixteen seat strings, seat s of match m in lane 2m + s,
// at LANES + lane * LANE, each overwritten by its derived seed.
const RUN_STRIDE = 512, LANES = 8 * RUN_STRIDE, LANE = 32;
const CHARS8 = new Uint16Array(LANES + 16 * LANE);
const TMP8 = Array.from({ length: 8 }, () => new Float64Array(ALEA_SIZE));
const RUN_LEN = new Int32Array(8);

/** The streams of lanes `first` .. `first + 7` (four matches' two seats) from their matches' 16-digit seeds, in lanes first, first + 2, …. */
function seedSeatLanes(rngs: readonly Float64Array[], first: number): void {
  const from = LANES + first * LANE;
  for (let lane = 0; lane < 8; lane++) {
    const at = from + lane * LANE;
    if (lane & 1) CHARS8.copyWithin(at, at - LANE, at - LANE + 16);
    writeLabel(CHARS8, writeString(CHARS8, at + 16, '/seat/'), lane & 1);
  }
  aleaSeedChars8(TMP8, CHARS8, from, LANE, 16 + 7);
  for (let lane = 0; lane < 8; lane++) derivedHex(TMP8[lane], CHARS8, from + lane * LANE);
  aleaSeedChars8(rngs, CHARS8, from, LANE, 16);
}

/**
 * As aleaSeedRunMatch for the matches `firstId` .. `firstId + 7`: seat s of
 * match firstId + m in `first4[2m + s]` for m < 4, in `last4[2(m - 4) + s]`
 * after. A match's seeding is a few hundred steps of Mash, each a chain of
 * dependent floating-point operations; eight chains at once run about twice
 * as fast as two (docs/performance.md).
 */
export function aleaSeedRunMatches8(first4: readonly Float64Array[], last4: readonly Float64Array[], runSeed: string | number, firstId: number): void {
  const run = typeof runSeed === 'string' ? runSeed : String(runSeed);
  for (let m = 0; m < 8; m++) {
    const at = m * RUN_STRIDE;
    RUN_LEN[m] = writeLabel(CHARS8, writeString(CHARS8, writeString(CHARS8, at, run, RUN_STRIDE - 40), '/match/'), firstId + m) - at;
  }
  // The eight strings are as long but where an id crosses a power of ten.
  if (RUN_LEN[0] === RUN_LEN[7]) aleaSeedChars8(TMP8, CHARS8, 0, RUN_STRIDE, RUN_LEN[0]);
  else for (let m = 0; m < 8; m++) aleaSeedChars(TMP8[m], 0, CHARS8, m * RUN_STRIDE, RUN_LEN[m]);
  for (let m = 0; m < 8; m++) derivedHex(TMP8[m], CHARS8, LANES + 2 * m * LANE);
  seedSeatLanes(first4, 0);
  seedSeatLanes(last4, 8);
}
