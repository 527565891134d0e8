/**
 * Hovercrafts as data: the ship settings file (prices, names, options, every
 * problem at its place), fleets and their keys and costs, and maps (files,
 * random maps drawn from the match seed, starts that avoid walls).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HavocError, HavocProblems } from '../../src/core/errors.js';
import { hexName } from '../../src/core/hex.js';
import { parseMapSpec } from '../../src/rules/hovercrafts/map.js';
import { hovercraftsModule, hoverModule } from '../../src/rules/hovercrafts/module.js';
import { checkFleet, defaultSettings, fleetCost, fleetKey, parseSettings } from '../../src/rules/hovercrafts/ships.js';
import type { HoverState } from '../../src/rules/hovercrafts/state.js';

const tmp = mkdtempSync(join(tmpdir(), 'hover-data-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('Hovercrafts ship settings and fleets', () => {
  const set = defaultSettings();

  it('reads fleets by name, ship name, key and "+"-joined mixes, and prices them', () => {
    const f = (raw: unknown) => {
      const r = checkFleet(set, raw, 'x');
      if (!r.ok) throw r.error;
      return r.value;
    };
    expect(fleetKey(f('duo'))).toBe('h3s1b1e1+h3s1b1e1');
    expect(fleetKey(f('tank'))).toBe('h5s1b1e1');
    expect(fleetKey(f('tank+h3s1b2e2'))).toBe('h5s1b1e1+h3s1b2e2');
    expect(fleetKey(f(['gunner', 'racer']))).toBe('h3s1b2e1+h3s1b1e2');
    // Prices per point above the base (configs/hovercrafts-ships.json): hull 2, shield 3, ballistic 3, energy 4.
    expect(fleetCost(set, f('duo'))).toBe(0);
    expect(fleetCost(set, f('tank-gunner'))).toBe(2 * 2 + 3);
    expect(fleetCost(set, f('h6s3b3e3'))).toBe(3 * 2 + 2 * 3 + 2 * 3 + 2 * 4);
    expect(hoverModule.builds.cost(f('shielded-racer'))).toBe(3 + 4);
    expect(hoverModule.builds.name!(f('h3s1b1e1+h3s1b1e1'))).toBe('duo');
    const bad = checkFleet(set, 'base+base+base+base+base+base', 'loadouts[2]');
    expect(!bad.ok && bad.error.message).toBe('loadouts[2]: a fleet has 1 to 5 ships, not 6');
    const unknown = checkFleet(set, 'tonk', 'loadouts[0]');
    expect(!unknown.ok && unknown.error.message).toMatch(/^loadouts\[0\]: "tonk" is not a ship \(names: base, tank, shielded, gunner, racer; or a key like h3s1b1e1\)$/);
  });

  it('lists every problem of a settings file at its place', () => {
    const text = JSON.stringify({
      base: { hull: 3, shield: 1, ballistic: 1, energy: 1 },
      max: { hull: 2, shield: 1, ballistic: 1, energy: 1 },
      cost: { hull: 1, shield: 1, ballistic: 1 },
      ships: { x: 'zzz' },
      fleets: { f: ['nope'] },
      options: { shots: 'sometimes', wind: 'strong' },
      map: ['..', '.'],
    });
    let e: unknown = null;
    try {
      parseSettings(text, 's.json');
    } catch (x) {
      e = x;
    }
    expect(e).toBeInstanceOf(HavocProblems);
    expect((e as HavocProblems).problems.map((p) => p.message)).toEqual([
      's.json: cost.energy: must be an integer from 0 to 99',
      "s.json: max.hull: is below the base ship's 3",
      's.json: ships.x: must be a ship key like "h4s1b1e1"',
      's.json: fleets.f: "nope" is not a ship (names: base; or a key like h3s1b1e1)',
      's.json: options.shots: must be "simultaneous" or "in-order"',
      's.json: options.wind: unknown option (options: shots, secondEmp, idle)',
      's.json: map[1]: has 1 hexes; the first row has 2',
    ]);
    expect(() => parseSettings('{ nope', 'b.json')).toThrow(HavocError);
  });

  it('binds the rules to a run\'s own settings: options and map change the game', () => {
    const own = parseSettings(JSON.stringify({ base: { hull: 3, shield: 1, ballistic: 1, energy: 1 }, max: { hull: 8, shield: 1, ballistic: 1, energy: 1 }, cost: { hull: 5, shield: 1, ballistic: 1, energy: 1 }, options: { shots: 'in-order' }, map: ['.....', '..#..', '.....'] }), 'own.json');
    const mod = hoverModule.withData!(own);
    expect(mod).toBe(hoverModule.withData!(own));
    const g = mod.makeGame({ builds: ['base', 'h8s1b1e1'] });
    expect(g.options.shots).toBe('in-order');
    expect([g.hex.width, g.hex.height]).toEqual([5, 3]);
    expect(mod.builds.cost([[4, 1, 1, 1]])).toBe(5);
    expect(() => mod.makeGame({ builds: ['base', 'tank'] })).toThrow(/"tank" is not a ship/);
    expect(hovercraftsModule(own).id).toBe('hovercrafts');
    // A replay (or an isolated bot's start) rebuilds the game from its description, whatever settings made it.
    const back = hoverModule.gameFromDescription!(mod.describeGame!(g), 'game');
    expect(JSON.stringify(hoverModule.describeGame!(back))).toBe(JSON.stringify(mod.describeGame!(g)));
    expect(Array.from(back.stats)).toEqual([3, 1, 1, 1, 8, 1, 1, 1]);
  });
});

describe('Hovercrafts maps', () => {
  it('reads a map file of rows, indented odd rows and all', () => {
    const path = join(tmp, 'm.txt');
    writeFileSync(path, '.....\n ..#..\n.....\n');
    const m = parseMapSpec(path, 'map');
    expect([m.hex.width, m.hex.height]).toEqual([5, 3]);
    expect(Array.from(m.walls!).flatMap((w, c) => (w ? [hexName(m.hex, c)] : []))).toEqual(['c2']);
    writeFileSync(path, '.....\n..?..\n');
    expect(() => parseMapSpec(path, 'map')).toThrow(`${path}: row [1]: "?" at hex 3 is neither "." (empty) nor "#" (wall)`);
  });

  it('draws a random map per match from its seed: walls off the start columns, the same for the same seed, starts off the walls', () => {
    const sc = hoverModule.scenario!({ ruleset: 'hovercrafts', map: { width: 9, height: 6, walls: 0.4 }, ships: [{ name: 'A', team: 'Zion' }, { name: 'B', team: 'Machines' }, { name: 'C', team: 'Zion' }], turns: [] }, 'r.json');
    const walls = (seed: string): string => {
      const st = hoverModule.newState(sc, seed) as HoverState;
      for (let c = 0; c < st.walls.length; c++) if (st.walls[c]) expect(c % 9 === 0 || c % 9 === 8).toBe(false);
      for (let s = 0; s < 3; s++) expect(st.walls[st.cell[s]]).toBe(0);
      return hoverModule.observe(st, 0).map.walls.join('/');
    };
    expect(walls('s1')).toBe(walls('s1'));
    expect(walls('s1')).not.toBe(walls('s2'));
    const count = [...Array(20).keys()].map((i) => walls(`d${i}`).split('#').length - 1).reduce((a, b) => a + b, 0);
    // 7 x 6 hexes a map can wall, 40% of them, over 20 maps: about 336.
    expect(count).toBeGreaterThan(280);
    expect(count).toBeLessThan(390);
    // The starts: Zion's two ships on the left column, the Machines' one on the right.
    const st = hoverModule.newState(sc, 's1') as HoverState;
    expect([st.cell[0] % 9, st.cell[1] % 9, st.cell[2] % 9]).toEqual([0, 8, 0]);
  });
});
