/** core/hex.ts: axial geometry on a rectangular odd-r map, facings and names. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  axialDistance,
  axialToOffset,
  facingTowards,
  frontHex,
  frontHexes,
  HEX_DIRS,
  HEX_FACINGS,
  hexDistance,
  hexName,
  makeHexMap,
  neighbour,
  offsetToAxial,
  parseHex,
  parseHexFacing,
  reverse,
  turnLeft,
  turnRight,
} from '../../src/core/hex.js';

const m = makeHexMap(7, 4);
const at = (name: string): number => {
  const c = parseHex(m, name);
  if (c < 0) throw new Error(`bad hex ${name}`);
  return c;
};
const name = (c: number): string => (c < 0 ? 'off' : hexName(m, c));

describe('hex geometry', () => {
  it('names cells by column letter and row from the top, and reads them back', () => {
    expect(hexName(m, 0)).toBe('a1');
    expect(hexName(m, 6)).toBe('g1');
    expect(hexName(m, 7)).toBe('a2');
    expect(hexName(m, 27)).toBe('g4');
    for (let c = 0; c < m.size; c++) expect(parseHex(m, hexName(m, c))).toBe(c);
    expect(parseHex(m, 'h1')).toBe(-1);
    expect(parseHex(m, 'a5')).toBe(-1);
    expect(parseHex(m, 'a0')).toBe(-1);
    expect(parseHex(m, 'zz')).toBe(-1);
    expect(parseHex(m, ' B2 ')).toBe(8);
  });

  it('converts odd-r offsets to axial and back', () => {
    expect(offsetToAxial(0, 0)).toEqual([0, 0]);
    expect(offsetToAxial(0, 1)).toEqual([0, 1]);
    expect(offsetToAxial(0, 2)).toEqual([-1, 2]);
    expect(offsetToAxial(3, 3)).toEqual([2, 3]);
    fc.assert(
      fc.property(fc.integer({ min: -50, max: 50 }), fc.integer({ min: -50, max: 50 }), (col, row) => {
        const [q, r] = offsetToAxial(col, row);
        expect(axialToOffset(q, r)).toEqual([col, row]);
      }),
    );
  });

  it('has six neighbours inside the map, fewer on its edges (odd rows shoved right)', () => {
    // c2 is on an odd row (row index 1): its NE is d1, NW c1, SW c3, SE d3.
    const c2 = at('c2');
    expect(HEX_FACINGS.map((_, f) => name(neighbour(m, c2, f)))).toEqual(['d2', 'd1', 'c1', 'b2', 'c3', 'd3']);
    // c3 is on an even row: its NE is c2, NW b2, SW b4, SE c4.
    const c3 = at('c3');
    expect(HEX_FACINGS.map((_, f) => name(neighbour(m, c3, f)))).toEqual(['d3', 'c2', 'b2', 'b3', 'b4', 'c4']);
    // a1, the top-left corner: only E and SE (a2, on an odd row, is shoved right under it).
    expect(HEX_FACINGS.map((_, f) => name(neighbour(m, at('a1'), f)))).toEqual(['b1', 'off', 'off', 'off', 'off', 'a2']);
    // g2, on the right edge of an odd row: nothing east, NE or SE.
    expect(HEX_FACINGS.map((_, f) => name(neighbour(m, at('g2'), f)))).toEqual(['off', 'off', 'g1', 'f2', 'g3', 'off']);
    // Every neighbour relation is symmetric, with the reversed facing.
    for (let c = 0; c < m.size; c++)
      for (let f = 0; f < 6; f++) {
        const n = neighbour(m, c, f);
        if (n >= 0) expect(neighbour(m, n, reverse(f))).toBe(c);
      }
  });

  it('turns 60° at a time: left is counter-clockwise, six turns come back', () => {
    expect(HEX_FACINGS[turnLeft(parseHexFacing('E'))]).toBe('NE');
    expect(HEX_FACINGS[turnLeft(parseHexFacing('NE'))]).toBe('NW');
    expect(HEX_FACINGS[turnRight(parseHexFacing('E'))]).toBe('SE');
    expect(HEX_FACINGS[turnRight(parseHexFacing('w'))]).toBe('NW');
    expect(parseHexFacing('N')).toBe(-1);
    for (let f = 0; f < 6; f++) {
      expect(turnRight(turnLeft(f))).toBe(f);
      let g = f;
      for (let i = 0; i < 6; i++) g = turnLeft(g);
      expect(g).toBe(f);
      expect(reverse(reverse(f))).toBe(f);
      // Left, then right-of-left: the two front neighbours are the directions either side.
      const [dq, dr] = HEX_DIRS[f];
      expect(axialDistance(0, 0, dq, dr)).toBe(1);
    }
  });

  it('gives the front hex and its two front neighbours, each touching the ship and the front hex', () => {
    const d3 = at('d3');
    // Facing E: e3 in front, then its NE and SE neighbours (d2 and d4 on an even row).
    expect(frontHexes(m, d3, parseHexFacing('E')).map(name)).toEqual(['e3', 'd2', 'd4']);
    expect(frontHexes(m, d3, parseHexFacing('W')).map(name)).toEqual(['c3', 'c4', 'c2']);
    expect(name(frontHex(m, d3, parseHexFacing('NW')))).toBe('c2');
    for (let c = 0; c < m.size; c++)
      for (let f = 0; f < 6; f++) {
        const [front, l, r] = frontHexes(m, c, f);
        for (const x of [front, l, r]) if (x >= 0) expect(hexDistance(m, c, x)).toBe(1);
        if (front >= 0) for (const x of [l, r]) if (x >= 0) expect(hexDistance(m, front, x)).toBe(1);
      }
    // Off the map at the edge.
    expect(frontHexes(m, at('a1'), parseHexFacing('W'))).toEqual([-1, -1, -1]);
  });

  it('measures distance in hexes', () => {
    expect(hexDistance(m, at('a1'), at('a1'))).toBe(0);
    expect(hexDistance(m, at('a1'), at('g1'))).toBe(6);
    expect(hexDistance(m, at('c2'), at('e1'))).toBe(2);
    expect(hexDistance(m, at('a1'), at('a4'))).toBe(3);
    expect(hexDistance(m, at('a1'), at('g4'))).toBe(8);
    expect(facingTowards(m, at('c2'), at('d1'))).toBe(parseHexFacing('NE'));
    expect(facingTowards(m, at('c2'), at('e1'))).toBe(-1);
    // Distance is a metric on the map.
    fc.assert(
      fc.property(fc.nat(m.size - 1), fc.nat(m.size - 1), fc.nat(m.size - 1), (a, b, c) => {
        expect(hexDistance(m, a, b)).toBe(hexDistance(m, b, a));
        expect(hexDistance(m, a, c)).toBeLessThanOrEqual(hexDistance(m, a, b) + hexDistance(m, b, c));
      }),
    );
  });

  it('refuses maps outside 1..26 by 1..99', () => {
    expect(() => makeHexMap(0, 4)).toThrow();
    expect(() => makeHexMap(27, 4)).toThrow();
    expect(() => makeHexMap(7, 100)).toThrow();
    expect(makeHexMap(26, 99).size).toBe(26 * 99);
  });
});
