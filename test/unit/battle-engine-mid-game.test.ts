/**
 * A Battle Engine scenario that starts mid-game (issue 50 item 5): pieces
 * anywhere with `"turn"`, each with its damage, arrows left and panic, played
 * through the arena's scenario runner; every bad value a located error; the
 * position survives a replay's description.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadScenario, playScenario } from '../../src/match/scenario.js';
import type { BeState } from '../../src/rules/battle-engine/state.js';

const FILE = 'test/scenarios/battle-engine-mid-game.json';
const json = (): Record<string, unknown> => JSON.parse(readFileSync(FILE, 'utf8')) as Record<string, unknown>;

interface Piece { piece: string; square: string | null; damage: number; bonus: number; arrows: number; panicked: boolean; status: string }
interface State { turn: number; toMove: string | null; pieces: { A: Piece[]; B: Piece[] } }

/** Plays a scenario, keeping the state JSON at the start and after each record. */
function play(file: Record<string, unknown>) {
  const sc = loadScenario(file, 'mid.json');
  const states: State[] = [];
  const records: Record<string, unknown>[] = [];
  const result = playScenario<Record<string, unknown>, BeState>(
    sc,
    (r, st) => (records.push(r), states.push(sc.module.stateJson!(st) as State)),
    (st) => states.push(sc.module.stateJson!(st) as State),
  );
  return { sc, states, records, result };
}
const piece = (s: State, side: 'A' | 'B', key: string): Piece => s.pieces[side].find((p) => p.piece === key)!;

describe('a Battle Engine scenario from mid-game', () => {
  it('starts twelve turns in with the damage, arrows and panic written, and plays on from there', () => {
    const { states, records, result } = play(json());
    const start = states[0];
    expect(start.turn).toBe(12);
    expect(start.toMove).toBe('B');
    // The Lt. Col has 3 damage on 3 hit points and stands by the Major's bonus beside it.
    expect(piece(start, 'A', 'ltc')).toMatchObject({ square: 'c5', damage: 3, bonus: 1, status: 'on' });
    expect(piece(start, 'A', 'archer')).toMatchObject({ square: 'a4', arrows: 0 });
    expect(piece(start, 'B', 'ltn')).toMatchObject({ square: 'h7', panicked: true });
    expect(piece(start, 'B', 'pvt')).toMatchObject({ square: 'c6', damage: 1 });
    expect(piece(start, 'B', 'msgt')).toMatchObject({ arrows: 0, panicked: false });
    expect(records[0]).toEqual({ turn: 12, deploy: ['ltc@c5 maj@c4 archer@a4', 'ltn@h7 msgt@d5 pvt@c6'], events: ['a position 12 turns into the battle', 'B starts (as the scenario says)'] });
    // One hit kills the Lt. Col (4 damage on 3 + 1); the Major's move and hit kill the wounded Private (2 on 2).
    expect(records[1]).toMatchObject({ turn: 12, seat: 'B', events: ['B M. Sgt d5 hits A Lt. Col c5: 1 damage, killed'] });
    expect(records[3]).toMatchObject({ turn: 13, seat: 'A', events: ['A Major c5 hits B Private c6: 1 damage, killed'] });
    // The panicked Lieutenant escapes from its back line: B's last officer gone, its M. Sgt panics.
    const end = states[states.length - 1];
    expect(piece(end, 'B', 'ltn').status).toBe('escaped');
    expect(piece(end, 'B', 'msgt')).toMatchObject({ square: 'd5', panicked: true, status: 'on' });
    expect(piece(end, 'A', 'maj')).toMatchObject({ square: 'c5', status: 'on' });
    expect(result).toEqual({ winner: null, reason: 'unfinished', turns: 15 });
  });

  it('refuses an archer out of arrows a shot, and a panicked piece a hit', () => {
    const shot = { ...json(), starts: 'A', turns: [{ A: 's a4 a5' }] };
    shot.A = { pieces: ['ltc@c3', { piece: 'archer', square: 'a4', arrows: 0 }] };
    shot.B = { pieces: ['ltn@h7', 'pvt@a5'] };
    expect(() => play(shot)).toThrow(/turns\[0\], seat A act: "s a4 a5" is not legal now/);
    // With its arrow, the same shot stands.
    expect(play({ ...shot, A: { pieces: ['ltc@c3', 'archer@a4'] } }).records[1]).toMatchObject({ action: 's a4 a5' });
    const hit = { ...shot, A: { pieces: [{ piece: 'ltc', square: 'a4', panicked: true }] }, turns: [{ A: 'h a4 a5' }] };
    expect(() => play(hit)).toThrow(/"h a4 a5" is not legal now/);
    // Not panicked, the same hit stands.
    const fresh = { ...hit, A: { pieces: ['ltc@a4'] } };
    expect(play(fresh).records[1]).toMatchObject({ action: 'h a4 a5' });
  });

  it('reads "rules": {"hitReach": "all-round"}: the M. Sgt, its Lt. Col killed, hits on at the Major diagonally beside it', () => {
    const j = { ...json(), turns: [{ B: 'h d5 c5' }, { B: 'h d5 c4' }] };
    // By default "next to" is orthogonal: the M. Sgt's turn ended with nothing left in reach, and the script's second B step is refused.
    expect(() => play(j)).toThrow(/turns\[1\]: .*it is A's act now/);
    const { records } = play({ ...j, rules: { hitReach: 'all-round' } });
    expect(records[2]).toMatchObject({ turn: 12, seat: 'B', action: 'h d5 c4', events: ['B M. Sgt d5 hits A Major c4: 1 damage, 2 hp left'] });
    expect(() => loadScenario({ ...j, rules: { hitReach: 'far' } }, 'mid.json')).toThrow(/^mid\.json: rules\.hitReach: must be one of "orthogonal", "all-round", not "far"/);
  });

  it('names the file and field of every bad mid-game value', () => {
    const bad = (change: (j: Record<string, unknown>) => void): string => {
      const j = json();
      change(j);
      try {
        loadScenario(j, 'mid.json');
      } catch (e) {
        return (e as Error).message;
      }
      return 'accepted';
    };
    const setA = (i: number, v: unknown) => (j: Record<string, unknown>) => ((j.A as { pieces: unknown[] }).pieces[i] = v);
    expect(bad(setA(0, { piece: 'ltc', square: 'c5', damage: 4 }))).toMatch(/^mid\.json: A\.pieces\[0\]\.damage: 4 damage kills a Lt\. Col \(3 hit points and 1 bonus where it stands\)/);
    expect(bad(setA(1, { piece: 'maj', square: 'c4', damage: -1 }))).toMatch(/^mid\.json: A\.pieces\[1\]\.damage: must be a whole number/);
    expect(bad(setA(2, { piece: 'archer', square: 'a4', arrows: 2 }))).toMatch(/^mid\.json: A\.pieces\[2\]\.arrows: must be the arrows left, 0 to 1/);
    expect(bad(setA(1, { piece: 'maj', square: 'c4', arrows: 1 }))).toMatch(/^mid\.json: A\.pieces\[1\]\.arrows: a Major has no arrows/);
    expect(bad(setA(1, { piece: 'maj', square: 'c4', panicked: 'yes' }))).toMatch(/^mid\.json: A\.pieces\[1\]\.panicked: must be true or false/);
    expect(bad(setA(1, { piece: 'maj', square: 'c4', hp: 3 }))).toMatch(/^mid\.json: A\.pieces\[1\]\.hp: unknown field \(expected piece, square, damage, arrows, panicked\)/);
    expect(bad((j) => (j.turn = 200))).toMatch(/^mid\.json: turn: must be the turns already played, a whole number from 0 to 199/);
    expect(bad((j) => delete j.starts)).toMatch(/^mid\.json: starts: a mid-game position \("turn"\) names the seat to move/);
    // Without "turn" the pieces are a deployment, each on its own side.
    expect(bad((j) => delete j.turn)).toMatch(/^mid\.json: A\.pieces\[0\]\.square: c5 is not on A's side/);
  });

  it('keeps the position in the game description a replay holds', () => {
    const { sc } = play(json());
    const mod = sc.module;
    const desc = JSON.parse(JSON.stringify(mod.describeGame!(sc.game))) as Record<string, unknown>;
    expect(desc.midGame).toEqual({ turn: 12, damage: [3, 0, 0, 0, 0, 1], arrowsShot: [0, 0, 1, 0, 1, 0], panicked: [false, false, false, true, false, false] });
    const back = mod.gameFromDescription!(desc, 'game');
    expect(mod.stateJson!(mod.newState(back, 's'))).toEqual(mod.stateJson!(mod.newState(sc.game, 's')));
    expect(() => mod.gameFromDescription!({ ...desc, midGame: { ...(desc.midGame as object), damage: [1] } }, 'game')).toThrow(/game\.midGame\.damage: must be a list of 6 values, one a piece/);
  });
});
