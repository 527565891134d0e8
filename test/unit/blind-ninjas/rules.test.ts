/**
 * What Blind Ninjas? rule by rule, as scripted scenarios (docs/rules-blind-ninjas.md):
 * the room and starts, pass-through, own-player blocking, the order of orders,
 * slashes killing several and one's own, elimination, the turn limit, seat order
 * for 3 and 4 players, and bad orders as located problems.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HavocError } from '../../../src/core/errors.js';
import { loadScenario } from '../../../src/match/scenario.js';
import { bn, playBn } from '../../blind-ninjas/play.js';

/** A 2-player room with ninjas placed: A's and B's lists of [square, facing]. */
const placed = (a: string[][], b: string[][], more: Record<string, unknown> = {}) => ({ ninjas: [a, b], ...more });
const A_ROW = [['a1', 'N'], ['b1', 'N'], ['c1', 'N'], ['d1', 'N']];
const B_ROW = [['a8', 'S'], ['b8', 'S'], ['c8', 'S'], ['d8', 'S']];

describe('What Blind Ninjas?: the room', () => {
  it('2 players: 4 files x 8 ranks, A on rank 1 facing N, B on rank 8 facing S', () => {
    const g = bn().makeGame({ builds: ['ninjas', 'ninjas'] }) as { board: { width: number; height: number } };
    expect(g.board).toMatchObject({ width: 4, height: 8 });
    const obs = bn().observe(bn().newState(g, 's'), 1) as { ninjas: unknown[] };
    expect(obs.ninjas).toEqual(['a8', 'b8', 'c8', 'd8'].map((square) => ({ square, facing: 'S' })));
  });

  it('3 and 4 players: 8x8, one edge each, clockwise from the south', () => {
    const g = bn().makeGame({ builds: Array(4).fill('ninjas') });
    const st = bn().newState(g, 's');
    const squares = (s: number) => (bn().observe(st, s) as { ninjas: { square: string; facing: string }[] }).ninjas.map((n) => `${n.square}${n.facing}`);
    expect(squares(0)).toEqual(['c1N', 'd1N', 'e1N', 'f1N']);
    expect(squares(1)).toEqual(['a3E', 'a4E', 'a5E', 'a6E']);
    expect(squares(2)).toEqual(['c8S', 'd8S', 'e8S', 'f8S']);
    expect(squares(3)).toEqual(['h3W', 'h4W', 'h5W', 'h6W']);
    expect(() => bn().makeGame({ builds: Array(5).fill('ninjas') })).toThrow(HavocError);
    expect(() => bn().makeGame({ builds: ['ninjas'] })).toThrow(HavocError);
  });
});

describe('What Blind Ninjas?: moving', () => {
  it('ninjas of different players pass through each other and share a square', () => {
    const p = playBn({ ...placed([['b3', 'N'], ['a1', 'N'], ['c1', 'N'], ['d1', 'N']], [['b5', 'S'], ['a8', 'S'], ['c8', 'S'], ['d8', 'S']]), turns: [{ A: '1M' }, { B: '1M' }, { A: '1M' }, { B: '1M' }] });
    expect(p.room(1)).toMatchObject({ A1: 'b4', B1: 'b4' });
    expect(p.room(3)).toMatchObject({ A1: 'b5', B1: 'b3' });
  });

  it('a move onto a square where an own ninja stands at that moment is illegal; in the order given it may follow that ninja', () => {
    const sc = (orders: string) => ({ ...placed([['b1', 'N'], ['b2', 'N'], ['c1', 'N'], ['d1', 'N']], B_ROW), turns: [{ A: orders }] });
    expect(() => playBn(sc('1M'))).toThrow(/A1 cannot move onto b2: A2 stands there/);
    expect(() => playBn(sc('1M 2M'))).toThrow(/A1 cannot move onto b2/);
    const p = playBn(sc('2M 1M'));
    expect(p.room(0)).toMatchObject({ A1: 'b2', A2: 'b3' });
  });

  it('a move off the room is illegal; a ninja facing the wall may turn', () => {
    const sc = (orders: string) => ({ ...placed([['a1', 'W'], ['b1', 'N'], ['c1', 'N'], ['d1', 'N']], B_ROW), turns: [{ A: orders }] });
    expect(() => playBn(sc('1M'))).toThrow(/A1 cannot move off the room/);
    expect(() => playBn(sc('1X'))).toThrow(/A1 faces the wall/);
    expect(playBn(sc('1TN')).state.facing[0]).toBe(0);
  });

  it('orders are read in any case and spacing, slashes carried out last; a ninja given no order stands', () => {
    const st = bn().newState(bn().makeGame({ builds: ['ninjas', 'ninjas'] }), 'x');
    const p = bn().parse(st, 0, 'orders', ' 4x, 1m 2 t e');
    expect(p.ok).toBe(true);
    if (p.ok) expect(bn().format(st, 0, 'orders', p.value)).toBe('1M 2TE 4X');
    for (const bad of ['1M 1S', '5M', '1Q', '1M2M', 'M', ''])
      expect(bn().parse(st, 0, 'orders', bad).ok, bad).toBe(false);
  });
});

describe('What Blind Ninjas?: slashing', () => {
  it('a slash kills every ninja on the square, of every player; they grunt, and the slasher is heard but not located', () => {
    // A1 on b3 facing N slashes b4, where A's own A2, B1 and C1 stand.
    const p = playBn({
      players: 3,
      ninjas: [
        [['b3', 'N'], ['b4', 'N'], ['g1', 'N'], ['h1', 'N']],
        [['b4', 'E'], ['a3', 'E'], ['a5', 'E'], ['a6', 'E']],
        [['b4', 'S'], ['d8', 'S'], ['e8', 'S'], ['f8', 'S']],
      ],
      turns: [{ A: '1X' }],
    });
    const s = p.turns[0].slashes[0];
    expect(s).toEqual({ ninja: 'A1', square: 'b4', slain: ['A2', 'B1', 'C1'], grunts: ['A', 'B', 'C'] });
    expect(p.room(0)).not.toHaveProperty('A2');
    expect(p.room(0)).not.toHaveProperty('B1');
    expect(p.room(0)).not.toHaveProperty('C1');
    const heard = (bn().observe(p.state, 1) as { heard: unknown[] }).heard;
    expect(heard).toEqual([{ round: 1, by: 'A', square: 'b4', grunts: ['A', 'B', 'C'] }]);
    expect(bn().figureValues(p.state)).toEqual([[2, 0, 0], [1, 1, 1], [1, 0, 0]]);
  });

  it('a slash at an empty square swishes; one at an own ninja slays it; slashes come after the moves of the turn', () => {
    const own = playBn({ ...placed([['b2', 'E'], ['c2', 'N'], ['a1', 'N'], ['d1', 'N']], B_ROW), turns: [{ A: '1X 2S' }] });
    expect(own.turns[0].slashes).toEqual([{ ninja: 'A1', square: 'c2', slain: ['A2'], grunts: ['A'] }]);
    expect(bn().figureValues(own.state)).toEqual([[0, 0], [1, 0], [1, 0]]);
    const q = playBn({ ...placed([['b2', 'E'], ['d2', 'N'], ['a1', 'N'], ['d1', 'N']], B_ROW), turns: [{ A: '1X' }] });
    expect(q.turns[0].slashes).toEqual([{ ninja: 'A1', square: 'c2', slain: [], grunts: [] }]);
    expect((bn().observe(q.state, 1) as { heard: unknown[] }).heard).toEqual([{ round: 1, by: 'A', square: 'c2', grunts: [] }]);
    // 1X written first still slashes after 2M has moved A2 into the square.
    const r = playBn({ ...placed([['b2', 'E'], ['c3', 'S'], ['a1', 'N'], ['d1', 'N']], B_ROW), turns: [{ A: '1X 2M' }] });
    expect(r.turns[0].orders).toBe('2M 1X');
    expect(r.turns[0].slashes[0].slain).toEqual(['A2']);
  });

  it('a ninja slain by its own side earlier in the turn does not slash', () => {
    const p = playBn({ ...placed([['b2', 'E'], ['c2', 'N'], ['a1', 'N'], ['d1', 'N']], B_ROW), turns: [{ A: '1X 2X' }] });
    expect(p.turns[0].slashes).toHaveLength(1);
    expect(p.room(0)).toMatchObject({ A1: 'b2' });
  });
});

describe('What Blind Ninjas?: the end', () => {
  it('a player with no ninjas is out, and the last player with ninjas wins', () => {
    const p = playBn({
      ...placed(A_ROW, [['a2', 'S'], ['b2', 'S'], ['c2', 'S'], ['d2', 'S']]),
      turns: [{ A: '1M' }, { B: '1S' }, { A: '1TE' }, { B: '1S' }, { A: '1X 2X 3X 4X' }],
    });
    // A1 moved onto a2 (where B1 stands: players pass through each other) and turned E: A1 and A2 both slash b2, A3 c2, A4 d2.
    expect(p.turns[4].slashes.map((s) => s.square)).toEqual(['b2', 'b2', 'c2', 'd2']);
    expect(p.result.winner).toBeNull(); // B1 on a2 lives: the game goes on
    const q = playBn({
      ...placed([['a1', 'N'], ['b1', 'N'], ['c1', 'N'], ['d1', 'N']], [['a2', 'S'], ['b2', 'S'], ['c2', 'S'], ['d2', 'S']]),
      turns: [{ A: '1X 2X 3X 4X' }, { B: '1S' }],
    });
    expect(q.turns[0].out).toEqual(['B']);
    expect(q.turns[0].end).toBe('kill');
    expect(q.result).toEqual({ winner: 'A', reason: 'kill', turns: 0 });
    expect(q.turns).toHaveLength(1); // the game is over: B never plays
  });

  it('3 players: one slash puts two players out; the slasher wins and the two share second place', () => {
    const p = playBn({
      players: 3,
      ninjas: [
        [['b2', 'N'], ['g1', 'N'], ['g2', 'N'], ['h1', 'N']],
        [['b2', 'E'], ['a7', 'E'], ['a5', 'E'], ['a6', 'E']],
        [['b3', 'S'], ['d8', 'S'], ['e8', 'S'], ['f8', 'S']],
      ],
      turns: [{ A: '2TE 3TE 4TE' }, { B: '2X 3X 4X' }, { C: '1X' }],
    });
    // A's 2, 3, 4 slash nothing of theirs… A2..A4 face E and stand; B's 2, 3, 4 slash b7, b5, b6 (swish); C1 slashes b2.
    expect(p.turns[1].slashes.map((s) => s.grunts)).toEqual([[], [], []]);
    expect(p.turns[2].slashes).toEqual([{ ninja: 'C1', square: 'b2', slain: ['A1', 'B1'], grunts: ['A', 'B'] }]);
    expect(p.result.winner).toBeNull(); // A still has A2..A4: nobody is out
    const st = p.state;
    for (const i of [1, 2, 3, 5, 6, 7]) st.sq[i] = -1; // now give A and B only their ninjas on b2…
    st.sq[0] = st.sq[4] = 9; // b2 on 8x8
    st.out.fill(0);
    st.toAct = 2;
    const o = bn().parse(st, 2, 'orders', '1X');
    expect(o.ok).toBe(true);
    if (o.ok) bn().apply(st, [null, null, o.value], () => null);
    expect(bn().result(st)).toEqual({ ranks: [1, 1, 0], reason: 'kill' });
  });

  it('a player out earlier ranks below one out later', () => {
    const p = playBn({
      players: 3,
      ninjas: [
        [['b2', 'N'], ['c2', 'N'], ['d2', 'N'], ['e2', 'N']],
        [['b3', 'E'], ['c3', 'E'], ['d3', 'E'], ['e3', 'E']],
        [['b4', 'S'], ['c4', 'S'], ['d4', 'S'], ['e4', 'S']],
      ],
      turns: [{ A: '1X 2X 3X 4X' }, { C: '1S' }, { A: '1M 2M 3M 4M' }, { C: '1S' }, { A: '1X 2X 3X 4X' }],
    });
    expect(p.turns[0].out).toEqual(['B']);
    expect(p.turns[4].out).toEqual(['C']);
    expect(bn().result(p.state)).toEqual({ ranks: [0, 2, 1], reason: 'kill' });
    expect(p.result).toEqual({ winner: 'A', reason: 'kill', turns: 2 });
  });

  it('the turn limit ends the game as a draw between the players still in', () => {
    const p = playBn({ turnLimit: 2, turns: [{ A: '1S' }, { B: '1S' }, { A: '1S' }, { B: '1S' }, { A: '1S' }] });
    expect(p.result).toEqual({ winner: null, reason: 'turn-limit', turns: 2 });
    expect(p.turns).toHaveLength(4);
    expect(bn().result(p.state)).toEqual({ ranks: [0, 0], reason: 'turn-limit' });
  });
});

describe('What Blind Ninjas?: seat order', () => {
  it('3 players: A, B, C, then A; a player out is skipped', () => {
    const p = playBn({
      players: 3,
      ninjas: [
        [['b2', 'N'], ['c2', 'N'], ['d2', 'N'], ['e2', 'N']],
        [['b3', 'E'], ['c3', 'E'], ['d3', 'E'], ['e3', 'E']],
        [['c8', 'S'], ['d8', 'S'], ['e8', 'S'], ['f8', 'S']],
      ],
      turns: [{ A: '1X 2X 3X 4X' }, { C: '1S' }, { A: '1S' }, { C: '1S' }],
    });
    expect(p.turns.map((t) => [t.round, t.seat])).toEqual([[1, 'A'], [1, 'C'], [2, 'A'], [2, 'C']]);
    expect(p.turns[0].out).toEqual(['B']);
  });

  it('4 players take turns A, B, C, D, round after round', () => {
    const p = playBn({ players: 4, turns: [{ A: '1S' }, { B: '1S' }, { C: '1S' }, { D: '1S' }, { A: '1S' }, { B: '1M' }] });
    expect(p.turns.map((t) => `${t.round}${t.seat}`)).toEqual(['1A', '1B', '1C', '1D', '2A', '2B']);
    expect(p.room()).toMatchObject({ B1: 'b3' });
    expect(() => loadScenario({ ruleset: 'blind-ninjas', players: 5, turns: [] }, 'five')).toThrow(/players: must be 2, 3 or 4/);
  });
});

describe('a room set mid-game: fewer than four ninjas a player', () => {
  const file = (): Record<string, unknown> => JSON.parse(readFileSync('test/scenarios/blind-ninjas-fewer.json', 'utf8')) as Record<string, unknown>;

  it('starts with the ninjas written, the rest slain, and a slash on the last one puts its player out', () => {
    const p = playBn(file());
    expect(p.room()).toEqual({ A1: 'b3', A3: 'd1' });
    expect(p.turns[0].slashes).toEqual([{ ninja: 'A1', square: 'b4', slain: ['B1'], grunts: ['B'] }]);
    expect(p.turns[0].out).toEqual(['B']);
    expect(p.result).toEqual({ winner: 'A', reason: 'kill', turns: 0 });
    // Ninjas slain before the game starts are not this game's kills or losses.
    expect(bn().figureValues(p.state)).toEqual([[1, 0], [0, 1], [1, 0]]);
  });

  it('refuses orders to a ninja slain before the start, and a player with none alive', () => {
    expect(() => playBn({ ...file(), turns: [{ A: '2M' }] })).toThrow(/turns\[0\], seat A orders: A2 is slain/);
    expect(() => playBn({ ...file(), turns: [{ A: '4M' }] })).toThrow(/turns\[0\], seat A orders: A4 is slain/);
    expect(() => playBn({ ...file(), ninjas: [[['b3', 'N']], [null, null]] })).toThrow(/^test: ninjas\[1\]: B needs a ninja alive/);
    expect(() => playBn({ ...file(), ninjas: [[['b3', 'N']], []] })).toThrow(/^test: ninjas\[1\]: must be a list of 1 to 4 \[square, facing\]/);
    expect(() => playBn({ ...file(), ninjas: [[['b3', 'N']], [['a1', 'N'], ['a2', 'N'], ['a3', 'N'], ['a4', 'N'], ['a5', 'N']]] })).toThrow(/^test: ninjas\[1\]: must be a list of 1 to 4/);
    expect(() => playBn({ ...file(), ninjas: [[['b3', 'N'], 7], [['b4', 'S']]] })).toThrow(/^test: ninjas\[0\]\[1\]: must be \[square, facing\]/);
  });

  it('keeps the slain-before ninjas in the description a replay holds', () => {
    const sc = loadScenario({ ...file(), turns: [] }, 'test');
    const desc = bn().describeGame!(sc.game) as { ninjas: unknown };
    expect(desc.ninjas).toEqual([[['b3', 'N'], null, ['d1', 'N'], null], [['b4', 'S'], null, null, null]]);
    expect(bn().present!.describeSeat!(sc.game, 1)).toBe('B: 1 ninja, b4S');
    const back = bn().gameFromDescription!(JSON.parse(JSON.stringify(desc)), 'game');
    expect(Array.from((back as { startSq: Int16Array }).startSq)).toEqual(Array.from((sc.game as { startSq: Int16Array }).startSq));
    // The viewer's first frame draws the slain-before ninjas off the board.
    const view = bn().present!.boardView!(desc, playBn(file()).turns);
    expect(view!.frames[0].m.map((x) => x[0])).toEqual(['b3', null, 'd1', null, 'b4', null, null, null]);
  });
});
