import { describe, expect, it } from 'vitest';
import { droppedRow, HangStreaks, hangRow, hungSeats } from '../../src/run/hangs.js';
import type { MatchSpec } from '../../src/run/schedule.js';

const spec = (id: number, ...bots: string[]): MatchSpec => ({ id, seed: `s${id}`, seats: bots.map((bot) => ({ bot, loadout: 'pig' })) }) as unknown as MatchSpec;

describe('hang streaks (a bot dropped after maxHangs hangs in a row)', () => {
  it('counts a bot\'s own matches in id order; a match it does not hang in resets it; other bots\' matches do not', () => {
    const h = new HangStreaks(3);
    expect(h.see(0, ['x', 'a'], 0b01)).toEqual([]);
    expect(h.see(1, ['b', 'a'], 0)).toEqual([]); // not x's match
    expect(h.see(2, ['a', 'x'], 0b10)).toEqual([]);
    expect(h.see(3, ['x', 'b'], 0)).toEqual([]); // played without hanging: the streak is gone
    expect(h.quiet).toBe(true);
    expect(h.see(4, ['x', 'a'], 0b01)).toEqual([]);
    expect(h.see(5, ['x', 'b'], 0b01)).toEqual([]);
    expect(h.see(6, ['b', 'x'], 0b10)).toEqual([{ bot: 'x', matches: [4, 5, 6] }]);
    expect([h.drops(['a', 'b']), h.drops(['b', 'x'])]).toEqual([false, true]);
    expect(h.see(7, ['b', 'x'], 0b10)).toEqual([]); // dropped once
  });

  it('a bot in several seats counts once per match; both seats hanging drops both bots together', () => {
    const h = new HangStreaks(1);
    expect(h.see(0, ['x', 'x', 'a'], 0b010)).toEqual([{ bot: 'x', matches: [0] }]);
    expect(h.see(1, ['y', 'z'], 0b11)).toEqual([
      { bot: 'y', matches: [1] },
      { bot: 'z', matches: [1] },
    ]);
  });

  it('a resume reads the streaks back from the rows: hang rows count, dropped rows name dropped bots', () => {
    const h = new HangStreaks(2);
    h.seeRow({ ...hangRow(spec(0, 'x', 'a'), 0, 1) });
    expect(h.state()).toEqual({ streaks: [['x', [0]]], dropped: [] });
    h.seeRow(droppedRow(spec(1, 'a', 'y'), new Set(['y']), 1));
    expect(h.state()).toEqual({ streaks: [['x', [0]]], dropped: ['y'] });
    const again = new HangStreaks(2, h.state());
    expect(again.see(2, ['x', 'a'], 0b01)).toEqual([{ bot: 'x', matches: [0, 2] }]);
  });

  it('rows: the dropped or hung seats lose, the others share the first place; all of them dropped is a draw', () => {
    const three = droppedRow(spec(5, 'a', 'x', 'b'), new Set(['x']), 1);
    expect(three).toMatchObject({ id: 5, seed: 's5', winner: -1, shared: 0b101, turns: 0, reason: 'dropped', figures: [[0, 0, 0]], faults: [0, 0, 0] });
    expect(droppedRow(spec(6, 'x', 'a'), new Set(['x']), 1)).toMatchObject({ winner: 1, shared: 0 });
    expect(droppedRow(spec(7, 'x', 'y'), new Set(['x', 'y']), 1)).toMatchObject({ winner: -1, shared: 0 });
    const hung = hangRow(spec(8, 'a', 'x'), 1, 2);
    expect(hung).toMatchObject({ winner: 0, reason: 'hang', figures: [[0, 0], [0, 0]] });
    expect([hungSeats(hung), hungSeats(three), hungSeats({ ...hung, reason: 'kill' })]).toEqual([0b10, 0, 0]);
    expect(hungSeats({ ...hung, winner: -1, shared: 0 })).toBe(0b11); // a hang that every seat lost: all hung
  });
});
