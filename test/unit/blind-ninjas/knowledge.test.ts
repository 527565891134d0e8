/**
 * The information boundary (docs/rules-blind-ninjas.md 6): a seat's observation and
 * simulation state hold its own ninjas and what was heard, nothing else. Two games
 * whose enemy ninjas took different silent paths but made the same slashes with the
 * same grunts look the same to the seat at every turn, while the rooms differ.
 */
import { describe, expect, it } from 'vitest';
import type { BnState } from '../../../src/rules/blind-ninjas/state.js';
import { UNKNOWN } from '../../../src/rules/blind-ninjas/state.js';
import { bn, playBn } from '../../blind-ninjas/play.js';

const NINJAS = {
  ninjas: [
    [['a1', 'N'], ['b1', 'N'], ['c1', 'N'], ['d1', 'N']],
    [['a3', 'S'], ['b3', 'S'], ['c3', 'S'], ['d3', 'S']],
  ],
};
/** A's turns are the same in both games; B's differ in silence, then slash b2 (where A2 has stepped: A grunts) and d2 (a swish) from different squares. */
const A_TURNS = ['2M', '1S', '1S', '1S'];
const B_FIRST = ['1TE', '2S', '2X 4TN', '3TW'];
const B_SECOND = ['1M', '1TE', '1X 4M', '3TE'];

function game(bTurns: string[]) {
  const turns = A_TURNS.flatMap((a, i) => [{ A: a }, { B: bTurns[i] }]);
  return turns;
}

function states(bTurns: string[]): BnState[] {
  const mod = bn();
  const g = mod.scenario!(NINJAS, 'twins');
  const st = mod.newState(g, 's') as BnState;
  const out: BnState[] = [];
  for (const t of game(bTurns)) {
    const seat = 'A' in t ? 0 : 1;
    const p = mod.parse(st, seat, 'orders', (t as Record<string, string>)['AB'[seat]]);
    if (!p.ok) throw p.error;
    const e = mod.check(st, seat, 'orders', p.value);
    if (e) throw e;
    const acts: unknown[] = [null, null];
    acts[seat] = p.value;
    mod.apply(st, acts, () => null);
    const c = mod.newState(g, 's') as BnState;
    mod.copy(st, c);
    out.push(c);
  }
  return out;
}

describe('What Blind Ninjas?: what a seat knows', () => {
  it('the two games hear the same slashes and grunts, with the enemy ninjas elsewhere', () => {
    const one = playBn({ ...NINJAS, turns: game(B_FIRST) }), two = playBn({ ...NINJAS, turns: game(B_SECOND) });
    expect(one.turns[5].slashes.map((s) => [s.square, s.grunts])).toEqual([['b2', ['A']]]);
    expect(two.turns[5].slashes.map((s) => [s.square, s.grunts])).toEqual([['b2', ['A']]]);
    expect(one.room()).not.toEqual(two.room());
  });

  it('gives seat A the same observation and the same simulation state at every turn of both games', () => {
    const mod = bn();
    const a = states(B_FIRST), b = states(B_SECOND);
    let differ = 0;
    for (let t = 0; t < a.length; t++) {
      if (JSON.stringify(Array.from(a[t].sq)) !== JSON.stringify(Array.from(b[t].sq))) differ++;
      expect(JSON.stringify(mod.observe(b[t], 0))).toBe(JSON.stringify(mod.observe(a[t], 0)));
      const va = mod.newState(a[t].game, 'va') as BnState, vb = mod.newState(b[t].game, 'vb') as BnState;
      const dice = new Uint32Array([1, 2, 3, 4]);
      mod.seatState(a[t], 0, va, dice);
      mod.seatState(b[t], 0, vb, dice);
      // Every field of the two views, typed arrays included.
      const fields = (v: BnState) => JSON.stringify({ sq: [...v.sq], f: [...v.facing], out: [...v.out], outAt: [...v.outAt], k: [...v.kills], l: [...v.lost], s: [...v.slashes], toAct: v.toAct, round: v.round, end: v.end, heard: [...v.heard.subarray(0, v.heardLen * 4)] });
      expect(fields(vb)).toBe(fields(va));
      // The view holds A's own ninjas and no other.
      expect([...va.sq.subarray(0, 4)]).toEqual([...a[t].sq.subarray(0, 4)]);
      expect([...va.sq.subarray(4)].every((q) => q === UNKNOWN)).toBe(true);
    }
    expect(differ).toBeGreaterThan(4);
    // B's own view does tell the two games apart (the states are not the same).
    expect(JSON.stringify(mod.observe(b[7], 1))).not.toBe(JSON.stringify(mod.observe(a[7], 1)));
  });

  it('observes exactly: own ninjas, the heard log, whose turn, the round and who is out', () => {
    const st = states(B_FIRST)[7];
    const obs = bn().observe(st, 0) as unknown as Record<string, unknown>;
    expect(Object.keys(obs).sort()).toEqual(['heard', 'ninjas', 'out', 'room', 'round', 'seat', 'toAct', 'turnLimit']);
    expect(obs.heard).toEqual([
      { round: 3, by: 'B', square: 'b2', grunts: ['A'] },
    ]);
    expect(obs.ninjas).toEqual([{ square: 'a1', facing: 'N' }, null, { square: 'c1', facing: 'N' }, { square: 'd1', facing: 'N' }]);
  });
});

describe('What Blind Ninjas?: a seat view across the bot boundary', () => {
  it('crosses as its typed arrays and numbers (an isolated bot\'s view) and comes back whole', async () => {
    const { encodeView, decodeView } = await import('../../../src/sandbox/viewCodec.js');
    const mod = bn();
    const st = states(B_FIRST)[7];
    const view = mod.newState(st.game, 'v') as BnState;
    mod.seatState(st, 0, view, new Uint32Array(4));
    const there = mod.newState(st.game, 'w') as BnState;
    decodeView(JSON.parse(JSON.stringify(encodeView(view))), there);
    expect(JSON.stringify(mod.observe(there, 0))).toBe(JSON.stringify(mod.observe(view, 0)));
    expect(there.heardLen).toBe(1);
    expect([...there.sq]).toEqual([...view.sq]);
  });
});
