/**
 * bots/lib/programList.ts: the flat list of five-code programs the candidate
 * generator fills and the search bots read; putFirst puts the guesses ahead
 * of the generated programs, in place.
 */
import { describe, expect, it } from 'vitest';
import { ProgramList } from '../../bots/lib/programList.js';

const P = (x: number): number[] => [x, x + 1, x + 2, x + 3, x + 4];

function listOf(...xs: number[]): ProgramList {
  const l = new ProgramList(2);
  xs.forEach((x) => l.add(P(x), 100 + x));
  return l;
}
const contents = (l: ProgramList) => Array.from({ length: l.count }, (_, i) => ({ p: l.get(i)[0], s: l.score[i] }));

describe('ProgramList.putFirst', () => {
  it('moves programs already listed to the front in the order given (score 0), the rest in order with their scores', () => {
    const l = listOf(10, 20, 30, 40);
    l.putFirst(P(30), P(10));
    expect(contents(l)).toEqual([{ p: 30, s: 0 }, { p: 10, s: 0 }, { p: 20, s: 120 }, { p: 40, s: 140 }]);
  });

  it('adds programs not listed, skips nulls, and lists a program given twice once', () => {
    const l = listOf(10, 20);
    l.putFirst(P(50), null, P(20), P(50));
    expect(contents(l)).toEqual([{ p: 50, s: 0 }, { p: 20, s: 0 }, { p: 10, s: 110 }]);
    // Growing past its capacity (2) on the way keeps every program.
    l.putFirst(P(60), P(70));
    expect(contents(l).map((c) => c.p)).toEqual([60, 70, 50, 20, 10]);
  });

  it('with nothing to put first leaves the list as it was', () => {
    const l = listOf(10, 20, 30);
    l.putFirst(null, null);
    expect(contents(l)).toEqual([{ p: 10, s: 110 }, { p: 20, s: 120 }, { p: 30, s: 130 }]);
  });
});
