/**
 * The room as one seat heard it (the board view's per-seat layer,
 * src/rules/blind-ninjas/seatViews.ts): only the seat's own ninjas, every
 * heard slash as a mark (slasher, square, grunt or swish) in the order heard,
 * and no enemy square, order or ninja name in its words; scripted and in a
 * seeded match checked against what `observe` gave the seat.
 */
import { describe, expect, it } from 'vitest';
import { loadBot } from '../../../src/match/bots.js';
import { playMatch } from '../../../src/match/loop.js';
import type { SeatViews } from '../../../src/core/game.js';
import type { BnObservation } from '../../../src/rules/blind-ninjas/knowledge.js';
import type { BnState } from '../../../src/rules/blind-ninjas/state.js';
import { bn, playBn } from '../../blind-ninjas/play.js';

const KINDS = ['swish', 'grunt'];

/** Seat s's marks as [slasher seat, square, kind name], in order. */
const marksOf = (v: SeatViews, s: number): [number, string, string][] => v.seats[s].marks.map(([, by, sq, k]) => [by, sq, v.kinds[k]]);
/** What observe says was heard, in the same shape. */
const heardOf = (obs: BnObservation): [number, string, string][] => obs.heard.map((h) => ['ABCD'.indexOf(h.by), h.square, h.grunts.length ? 'grunt' : 'swish']);

describe("What Blind Ninjas?: the room as one seat heard it", () => {
  it('scripted: a grunt and a swish become marks of the slasher at the frame they were heard; the words name no enemy ninja', () => {
    // A1 on b3 facing N slashes b4 where B1 stands (B grunts); then B2 on c6 facing S slashes c5, where nobody is (swish).
    const p = playBn({
      ninjas: [
        [['b3', 'N'], ['a1', 'N'], ['c1', 'N'], ['d1', 'N']],
        [['b4', 'S'], ['c6', 'S'], ['a8', 'S'], ['d8', 'S']],
      ],
      turns: [{ A: '1X' }, { B: '2X' }],
    });
    const view = bn().present!.boardView!(bn().describeGame!(p.state.game), p.turns)!;
    const sv = view.seatViews!;
    expect(sv.kinds).toEqual(KINDS);
    expect(sv.seats).toHaveLength(2);
    for (const s of [0, 1]) {
      expect(sv.seats[s].marks).toEqual([
        [1, 0, 'b4', 1],
        [2, 1, 'c5', 0],
      ]);
      expect(sv.seats[s].frames).toHaveLength(view.frames.length);
      expect(sv.seats[s].frames.every((f) => f.p.every((i) => view.pieces[i].seat === s))).toBe(true);
    }
    // A knows which of its own slashed; B hears only the player, and that its own B1 was slain.
    expect(sv.seats[0].frames[1].ev).toEqual(['A (you): 1X', 'A1 slashes b4: B grunts']);
    expect(sv.seats[1].frames[1].ev).toEqual(["A's turn", 'A slashes b4: B grunts (your B1 slain)']);
    expect(sv.seats[0].frames[2].ev).toEqual(["B's turn", 'B slashes c5: swish']);
    // The true room still says it all.
    expect(view.frames[1].ev).toContain('A1 slashes b4: B grunts (B1 slain)');
  });

  it('a seeded 3-player match: each seat sees its own pieces only, its marks are its heard log, its words never name an enemy ninja', async () => {
    const game = bn().makeGame({ builds: ['ninjas', 'ninjas', 'ninjas'] });
    const records: object[] = [];
    let last: BnState | null = null;
    const [t, r] = [await loadBot('tracker'), await loadBot('random')];
    playMatch({ module: bn(), game, bots: [t, r, t], seed: 'heard-views', record: (st) => bn().recorder(st, (x) => (records.push(structuredClone(x)), (last = st() as BnState))) });
    const view = bn().present!.boardView!(bn().describeGame!(game), records)!;
    const sv = view.seatViews!;
    let marks = 0;
    for (let s = 0; s < 3; s++) {
      const layer = sv.seats[s];
      expect(layer.frames).toHaveLength(records.length + 1);
      for (const f of layer.frames) {
        expect(f.p.length).toBeGreaterThan(0);
        for (const i of f.p) expect(view.pieces[i].seat).toBe(s);
        const enemy = new RegExp(`\\b[${'ABC'.replace('ABC'[s], '')}][1-4]\\b`);
        for (const e of f.ev) expect(e).not.toMatch(enemy);
      }
      expect(marksOf(sv, s)).toEqual(heardOf(bn().observe(last!, s) as BnObservation));
      // Marks come in frame order, each at the frame of the record that heard it.
      layer.marks.forEach(([fr, , sq]) => expect(view.frames[fr].hot.map(([, c]) => c)).toContain(sq));
      marks += layer.marks.length;
    }
    expect(marks).toBeGreaterThan(3);
  });
});
