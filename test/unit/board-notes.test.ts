/**
 * The viewer's legend is each ruleset's own (issue 50 item 8): every board
 * view says what its colours and pips mean, and only a game where mines can
 * be laid offers them (Robo Battle Pigs' pigs cannot).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadScenario, playScenario } from '../../src/match/scenario.js';

/** A scenario file's replay as its ruleset's board view. */
function boardOf(json: Record<string, unknown>) {
  const sc = loadScenario(json, 'test');
  const mod = sc.module;
  const records: object[] = [];
  playScenario(sc, (r, st) => records.push(mod.replayRecord ? mod.replayRecord(st, r) : r));
  return mod.present!.boardView!(JSON.parse(JSON.stringify(mod.describeGame!(sc.game))), records)!;
}
const file = (name: string): Record<string, unknown> => JSON.parse(readFileSync(`test/scenarios/${name}.json`, 'utf8')) as Record<string, unknown>;

describe('board legends per ruleset', () => {
  it('Robo Battle Pigs: no mines offered, and the note names none', () => {
    const b = boardOf(file('rbp-opening')).board;
    expect(b.markers).toBeUndefined();
    expect(b.note).toBe('A hot square has the colour of the pig firing or hitting there; pips under a pig are the damage points it can still take (5 destroy it), a red ring a hit this step; a destroyed pig is a grey square.');
  });

  it('NHM: mines offered per owner where a machine carries them, not otherwise', () => {
    const pigs = boardOf(file('nhm-three-cycle')).board;
    expect(pigs.markers).toBeUndefined();
    expect(pigs.note).toBe('A hot square has the colour of the machine firing at it; pips under a piece are its hearts (red) and shields (blue), a red ring a hit this step; a wreck is a grey square.');
    const json = file('nhm-three-cycle');
    const machines = (json.machines as Record<string, unknown>[]).map((m, i) => (i === 0 ? { ...m, loadout: { weapons: ['mines'] } } : m));
    const mined = boardOf({ ...json, machines, turns: [{ A: 'X X X X X', B: '^ X X X X', C: 'F/ X X X X' }] }).board;
    expect(mined.markers).toBe('Mines');
    expect(mined.note).toMatch(/; mines show per owner\.$/);
  });

  it('Hovercrafts, Battle Engine and Blind Ninjas: their own words', () => {
    expect(boardOf(file('hovercrafts-emp-tie')).board.note).toBe('A hex shot at has the colour of the ship firing at it; pips under a ship are its hull left (red), a red ring a hit this phase; a dark hex is a wall.');
    expect(boardOf(file('battle-engine-arrow')).board.note).toMatch(/^A square attacked has the colour of the attacking side; pips under a piece are its hit points left \(red\) and bonus points \(blue\)/);
    expect(boardOf(file('blind-ninjas-ambush')).board.note).toMatch(/^A slashed square has the colour of the slasher's player/);
    for (const f of ['hovercrafts-emp-tie', 'battle-engine-arrow', 'blind-ninjas-ambush']) expect(boardOf(file(f)).board.markers).toBeUndefined();
  });
});
