/** The game-independent core: seeds, grid notation and geometry. */
import fc from 'fast-check';
import seedrandom from 'seedrandom';
import { describe, expect, it } from 'vitest';
import { BOARD_8X8, makeBoard, parseFacing, parseSquare, relSquare, squareName } from '../../src/core/grid.js';
import { ranksOf, sharedOutcome, sharedRanks } from '../../src/core/game.js';
import { deriveSeed, makeRng, matchSeed, seatSeed, sfc32Next, sfc32Seed, sfc32Top24, viewDiceSeed } from '../../src/core/rng.js';

describe('rng', () => {
  it('derives the same seeds from the same parents, and different ones otherwise', () => {
    expect(matchSeed(42, 7)).toBe(matchSeed('42', 7));
    expect(matchSeed(42, 7)).not.toBe(matchSeed(42, 8));
    expect(seatSeed(matchSeed(42, 7), 0)).not.toBe(seatSeed(matchSeed(42, 7), 1));
    expect(deriveSeed('x', 'a', 1)).toMatch(/^[0-9a-f]{16}$/);
  });

  it('derives with the inlined alea exactly what seedrandom derives', () => {
    const reference = (parent: string, ...labels: (string | number)[]): string => {
      const alea = seedrandom.alea(`${parent}/${labels.join('/')}`);
      const hi = alea.int32() >>> 0, lo = alea.int32() >>> 0;
      return hi.toString(16).padStart(8, '0') + lo.toString(16).padStart(8, '0');
    };
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), fc.array(fc.oneof(fc.string(), fc.nat()), { maxLength: 3 }), (parent, labels) => {
        expect(deriveSeed(parent, ...labels)).toBe(reference(parent, ...labels));
      }),
      { numRuns: 3000 },
    );
    expect(matchSeed('1', 0)).toBe(reference('1', 'match', 0));
  });

  it('a stream draws exactly what seedrandom.alea draws from its seed (next, int, uint32 interleaved)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), fc.array(fc.integer({ min: 0, max: 2 }), { maxLength: 60 }), (seed, ops) => {
        const ours = makeRng(seed), ref = seedrandom.alea(seed);
        for (const op of ops) {
          if (op === 0) expect(ours.next()).toBe(ref());
          else if (op === 1) expect(ours.int(17)).toBe(Math.floor(ref() * 17));
          else expect(ours.uint32()).toBe(ref.int32() >>> 0);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('a stream is a pure function of its seed', () => {
    const a = makeRng('s'), b = makeRng('s');
    const xs = Array.from({ length: 20 }, () => a.int(1000));
    expect(Array.from({ length: 20 }, () => b.int(1000))).toEqual(xs);
    expect(new Set(xs).size).toBeGreaterThan(10);
  });

  it('sfc32 state copies replay exactly', () => {
    const s = new Uint32Array(4);
    sfc32Seed(s, 0, 'dice');
    const copy = Uint32Array.from(s);
    const a = [sfc32Next(s, 0), sfc32Next(s, 0)];
    expect([sfc32Next(copy, 0), sfc32Next(copy, 0)]).toEqual(a);
  });

  it("sfc32Top24 is sfc32Next's top 24 bits, step for step", () => {
    const s = new Uint32Array(4), t = new Uint32Array(4);
    sfc32Seed(s, 0, 'top');
    t.set(s);
    for (let i = 0; i < 10_000; i++) expect(sfc32Top24(t, 0)).toBe(sfc32Next(s, 0) >>> 8);
  });
});

describe('shared outcomes', () => {
  it('one frozen list per list of places, and one frozen outcome per list and reason, for any seat count', () => {
    expect(ranksOf(2, 0)).toEqual([0, 1]);
    expect(ranksOf(2, 0)).toBe(ranksOf(2, 0));
    expect(ranksOf(3, null)).toEqual([0, 0, 0]);
    expect(ranksOf(2, null)).not.toBe(ranksOf(3, null));
    expect(sharedRanks([1, 0, 2])).toBe(sharedRanks(new Uint8Array([1, 0, 2])));
    expect(sharedRanks([1, 0, 2])).not.toBe(sharedRanks([1, 0, 2, 0]));
    // Past six seats the key is a string: still one list.
    const eight = [0, 1, 2, 3, 4, 5, 6, 7];
    expect(sharedRanks(eight)).toEqual(eight);
    expect(sharedRanks(eight)).toBe(sharedRanks([...eight]));
    expect(Object.isFrozen(ranksOf(4, 2))).toBe(true);
    const o = sharedOutcome(ranksOf(2, 1), 'kill');
    expect(o).toEqual({ ranks: [1, 0], reason: 'kill' });
    expect(sharedOutcome(ranksOf(2, 1), 'kill')).toBe(o);
    expect(sharedOutcome(ranksOf(2, 1), 'rout')).not.toBe(o);
    expect(Object.isFrozen(o)).toBe(true);
    expect(() => (o.ranks as number[]).push(3)).toThrow(TypeError);
  });
});

describe('grid', () => {
  it('names squares like chess', () => {
    expect(squareName(BOARD_8X8, 0)).toBe('a1');
    expect(squareName(BOARD_8X8, 63)).toBe('h8');
    expect(parseSquare(BOARD_8X8, 'd8')).toBe(59);
    expect(parseSquare(BOARD_8X8, 'i1')).toBe(-1);
    expect(parseSquare(BOARD_8X8, 'a9')).toBe(-1);
    expect(parseSquare(makeBoard(4, 8), 'e1')).toBe(-1);
    expect(parseFacing('W')).toBe(3);
    expect(parseFacing('Q')).toBe(-1);
  });

  it('turns relative directions into squares: facing W, forward is W, left is S, right is N', () => {
    const d4 = parseSquare(BOARD_8X8, 'd4');
    const W = 3;
    expect(squareName(BOARD_8X8, relSquare(BOARD_8X8, d4, W, 0, 1))).toBe('c4');
    expect(squareName(BOARD_8X8, relSquare(BOARD_8X8, d4, W, -1, 0))).toBe('d3');
    expect(squareName(BOARD_8X8, relSquare(BOARD_8X8, d4, W, 1, 0))).toBe('d5');
    expect(squareName(BOARD_8X8, relSquare(BOARD_8X8, d4, W, -1, 1))).toBe('c3');
    expect(relSquare(BOARD_8X8, parseSquare(BOARD_8X8, 'a4'), W, 0, 1)).toBe(-1);
  });
});
