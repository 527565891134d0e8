/**
 * Where the ninjas start, the readings a table may choose
 * (docs/rules-blind-ninjas.md 1, Options): `edges` (own or shared) and
 * `places` (where on an 8-square edge), from the room file or a scenario's
 * `rules`, each bad value refused at its place.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkConfig } from '../../../src/config/index.js';
import { HavocProblems } from '../../../src/core/errors.js';
import { loadScenario } from '../../../src/match/scenario.js';
import { parseRoomFile } from '../../../src/rules/blind-ninjas/rules.js';
import { bn, playBn } from '../../blind-ninjas/play.js';

type Obs = { ninjas: ({ square: string; facing: string } | null)[] };
/** Each seat's ninjas at the start of a game, `c1N` for a ninja on c1 facing N. */
function starts(game: unknown): string[][] {
  const st = bn().newState(game, 's');
  return Array.from({ length: bn().seatCount(game) }, (_, s) => (bn().observe(st, s) as Obs).ninjas.map((n) => `${n!.square}${n!.facing}`));
}
const scenarioStarts = (json: Record<string, unknown>) => starts(loadScenario({ ruleset: 'blind-ninjas', turns: [], ...json }, 'test').game);
const roomFile = (rules: unknown) => JSON.stringify({ version: 1, rules });

describe('the starts: the shipped room file is the default', () => {
  it('reads edges "own" and places "middle", the starts RULES.md 9 gives', () => {
    expect(parseRoomFile(readFileSync('configs/blind-ninjas-room.json', 'utf8'), 'room').rules).toEqual({ edges: 'own', places: 'middle' });
    expect(starts(bn().makeGame({ builds: Array(4).fill('ninjas') }))).toEqual([
      ['c1N', 'd1N', 'e1N', 'f1N'],
      ['a3E', 'a4E', 'a5E', 'a6E'],
      ['c8S', 'd8S', 'e8S', 'f8S'],
      ['h3W', 'h4W', 'h5W', 'h6W'],
    ]);
  });
});

describe('places: where on an 8-square edge, from each player\'s own left', () => {
  it('[1, 3, 5, 7] puts every player on alternate squares, starting at its left corner', () => {
    const mod = bn().withData!(parseRoomFile(roomFile({ places: [1, 3, 5, 7] }), 'room'));
    expect(starts(mod.makeGame({ builds: Array(4).fill('ninjas') }))).toEqual([
      ['a1N', 'c1N', 'e1N', 'g1N'],
      ['a2E', 'a4E', 'a6E', 'a8E'],
      ['b8S', 'd8S', 'f8S', 'h8S'],
      ['h1W', 'h3W', 'h5W', 'h7W'],
    ]);
    // The same from a scenario's rules; 3 players take the first three edges.
    expect(scenarioStarts({ players: 3, rules: { places: [1, 3, 5, 7] } })[2]).toEqual(['b8S', 'd8S', 'f8S', 'h8S']);
  });

  it('a 2-player room\'s 4-square edge leaves no choice: the four ninjas fill it', () => {
    expect(scenarioStarts({ rules: { places: [5, 6, 7, 8] } })).toEqual([
      ['a1N', 'b1N', 'c1N', 'd1N'],
      ['a8S', 'b8S', 'c8S', 'd8S'],
    ]);
  });
});

describe('edges "shared": every player on rank 1 of the labelled grid', () => {
  it('2 players share a1–d1 facing N, and a slash there finds both', () => {
    expect(scenarioStarts({ rules: { edges: 'shared' } })).toEqual([
      ['a1N', 'b1N', 'c1N', 'd1N'],
      ['a1N', 'b1N', 'c1N', 'd1N'],
    ]);
    const p = playBn(JSON.parse(readFileSync('test/scenarios/blind-ninjas-shared-edge.json', 'utf8')) as Record<string, unknown>);
    expect(p.turns[2].slashes).toEqual([{ ninja: 'A1', square: 'b1', slain: ['A2', 'B2'], grunts: ['A', 'B'] }]);
    expect(p.room()).toEqual({ A1: 'a1', A3: 'c1', A4: 'd1', B1: 'a1', B3: 'c2', B4: 'd1' });
  });

  it('4 players, with places: all on the same squares of rank 1', () => {
    const all = scenarioStarts({ players: 4, rules: { edges: 'shared', places: [2, 4, 6, 8] } });
    expect(all).toEqual(Array(4).fill(['b1N', 'd1N', 'f1N', 'h1N']));
  });
});

describe('bad readings are refused at their place', () => {
  const bad = (rules: unknown, more: Record<string, unknown> = {}) => () => loadScenario({ ruleset: 'blind-ninjas', turns: [], rules, ...more }, 'sc.json');
  it('in a scenario', () => {
    expect(bad({ edges: 'north' })).toThrow(/^sc\.json: rules\.edges: must be "own" or "shared", not "north"$/);
    expect(bad({ places: [1, 2, 2, 3] })).toThrow(/^sc\.json: rules\.places: position 2 is named twice: one player's ninjas never share a square$/);
    expect(bad({ places: [0, 1, 2, 3] })).toThrow(/^sc\.json: rules\.places: 0 is not a position from 1 to 8/);
    expect(bad({ places: 'left' })).toThrow(/^sc\.json: rules\.places: must be "middle" or four distinct positions from 1 to 8/);
    expect(bad({ facing: 'N' })).toThrow(/^sc\.json: rules\.facing: unknown reading \(readings: edges, places\)$/);
    expect(bad('shared')).toThrow(/^sc\.json: rules: must be an object of readings/);
    expect(bad({ edges: 'shared' }, { ninjas: [[['a1', 'N']], [['a8', 'S']]] })).toThrow(/^sc\.json: rules: the rules place the standard starts, and `ninjas` places every ninja by hand/);
  });

  it('in a room file, every problem at once', () => {
    expect(() => parseRoomFile(JSON.stringify({ version: 2, rules: { edges: 1, places: [9, 1, 2, 3] }, colour: 'red' }), 'room.json')).toThrow(
      /^room\.json: 4 problems:\n {2}room\.json: colour: unknown field \(expected version, about, rules\)\n/,
    );
    try {
      parseRoomFile(JSON.stringify({ version: 2, rules: { edges: 1, places: [9, 1, 2, 3] } }), 'room.json');
    } catch (e) {
      expect((e as HavocProblems).problems.map((p) => p.message)).toEqual([
        'room.json: version: must be 1, not 2',
        'room.json: rules.edges: must be "own" or "shared", not 1',
        expect.stringMatching(/^room\.json: rules\.places: 9 is not a position from 1 to 8/),
      ]);
    }
    expect(() => parseRoomFile('[]', 'room.json')).toThrow(/^room\.json: the room file is a JSON object/);
  });

  it('in a run config, the room file named by parts', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bn-room-'));
    const good = join(dir, 'good.json'), broken = join(dir, 'broken.json');
    writeFileSync(good, roomFile({ edges: 'shared' }));
    writeFileSync(broken, roomFile({ places: [1, 1, 2, 3] }));
    const config = (parts: string) => ({ ruleset: 'blind-ninjas', parts, bots: ['random', 'marker'], schedule: { type: 'round-robin', games: 2 } });
    const plan = checkConfig(config(good), 'configs/t.json');
    const run = plan.runs[0];
    expect(run.data!.hash).toBe(parseRoomFile(roomFile({ edges: 'shared' }), 'x').hash);
    expect(run.data!.hash).not.toBe(parseRoomFile(readFileSync('configs/blind-ninjas-room.json', 'utf8'), 'x').hash);
    expect(() => checkConfig(config(broken), 'configs/t.json')).toThrow(`configs/t.json: parts: ${broken}: rules.places: position 1 is named twice: one player's ninjas never share a square`);
  });
});
