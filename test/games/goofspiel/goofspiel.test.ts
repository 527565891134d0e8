/** Goofspiel's own facts: the deck, the bids, ties, the points and the end (the conformance suite checks the interface). */
import { describe, expect, it } from 'vitest';
import { completeModule } from '../../../src/core/complete.js';
import goofModule, { CARDS, type GoofState } from './index.js';

const goof = completeModule(goofModule);

/** Plays rounds of scripted bids (one list a seat per round) from a seeded start; the state after. */
function play(seats: number, seed: string, rounds: readonly (readonly number[])[]): GoofState {
  const game = goof.makeGame({ builds: Array(seats).fill('standard') });
  const st = goof.newState(game, seed);
  for (const bids of rounds) {
    expect(goof.node(st)).toEqual({ kind: 'chance' });
    goof.chance(st);
    expect(goof.node(st).kind).toBe('simultaneous');
    for (let s = 0; s < seats; s++) expect(goof.check(st, s, 'bid', bids[s])).toBeNull();
    goof.apply(st, bids, () => null);
  }
  return st;
}

describe('Goofspiel (test-only)', () => {
  it('deals the prizes 1..5 in a seeded order, the same from the same seed', () => {
    const game = goof.makeGame({ builds: ['standard', 'standard'] });
    const a = goof.newState(game, 'deck'), b = goof.newState(game, 'deck');
    expect([...a.deck].sort()).toEqual([1, 2, 3, 4, 5]);
    expect([...b.deck]).toEqual([...a.deck]);
    const orders = new Set(['x', 'y', 'z', 'w'].map((s) => goof.newState(game, s).deck.join('')));
    expect(orders.size).toBeGreaterThan(1);
  });

  it('the highest bid alone takes the prize; a tie for the highest gives it to nobody; bids are spent', () => {
    const st = play(3, 'bids', [
      [5, 1, 2],
      [3, 3, 1],
    ]);
    const [first, second] = st.deck;
    expect(Array.from(st.points)).toEqual([first, 0, 0]);
    expect(goof.observe(st, 0).hand).toEqual([1, 2, 4]);
    expect(goof.observe(st, 1).hand).toEqual([2, 4, 5]);
    expect(goof.observe(st, 2).rounds).toEqual([
      { prize: first, bids: [5, 1, 2] },
      { prize: second, bids: [3, 3, 1] },
    ]);
    // A card already bid is refused, with the hand named.
    goof.chance(st);
    expect(goof.check(st, 0, 'bid', 5)?.message).toBe('seat A bid: 5 is not in the hand (1 2 4)');
    expect(goof.legal(st, 0, 'bid').count).toBe(3);
  });

  it('ends after five rounds, ranked by points (equal points share a place)', () => {
    const st = play(2, 'end', [
      [1, 2],
      [2, 1],
      [3, 4],
      [4, 3],
      [5, 5],
    ]);
    expect(goof.node(st)).toEqual({ kind: 'terminal' });
    expect(goof.turns(st)).toBe(CARDS);
    const [p0, p1] = st.points;
    expect(p0 + p1 + st.deck[4]).toBe(15); // every prize taken but the tied last one
    const r = goof.result(st)!;
    expect(r.ranks).toEqual(p0 > p1 ? [0, 1] : p1 > p0 ? [1, 0] : [0, 0]);
    expect(goof.figureValues(st)).toEqual([[p0, p1]]);
  });

  it('a forfeit bids the lowest card still held', () => {
    const game = goof.makeGame({ builds: ['standard', 'standard'] });
    const st = goof.newState(game, 'forfeit');
    goof.chance(st);
    goof.apply(st, [null, 5], () => null);
    expect(goof.observe(st, 0).rounds[0].bids).toEqual([1, 5]);
    goof.chance(st);
    expect(goof.forfeit(st, 0, 'bid')).toBe(2);
  });
});
