import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultCatalogue, defaultCataloguePath, loadCatalogue, parseCatalogue } from '../../src/rules/nhm/catalogue.js';
import { HavocProblems } from '../../src/core/errors.js';
import { SYMBOLS } from '../../src/rules/nhm/diagram.js';
import { checkLoadout } from '../../src/rules/nhm/loadout.js';
import { CELL_CONTINUE, CELL_PULL, CELL_SHIELD, CELL_TARGET, type Part, type RelCell, type WeaponOption } from '../../src/rules/nhm/parts.js';

const cat = defaultCatalogue();
const rawFile = (): any => JSON.parse(readFileSync(defaultCataloguePath(), 'utf8'));
const part = (key: string): Part => {
  const p = cat.byKey.get(key);
  if (!p) throw new Error(`no part ${key}`);
  return p;
};
const option = (key: string, label = 'forward'): WeaponOption => {
  const o = part(key).weapon!.options.find((x) => x.label === label);
  if (!o) throw new Error(`${key} has no option ${label}`);
  return o;
};
/** Cells as [right, forward, damage] sorted, for shape comparisons. */
const shape = (cells: readonly RelCell[]): number[][] =>
  cells.map((c) => [c.right, c.forward, c.damage]).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
/** The (right, forward) of a cell's parent, or null for the machine. */
const parentAt = (o: WeaponOption, right: number, forward: number): [number, number] | null => {
  const c = o.cells.find((x) => x.right === right && x.forward === forward);
  if (!c) throw new Error(`no cell ${right},${forward}`);
  return c.parent < 0 ? null : [o.cells[c.parent].right, o.cells[c.parent].forward];
};

describe('the default catalogue', () => {
  it('loads with budgets 4 / 4 / 1 and a sha256 hash', () => {
    expect(cat.budgets).toEqual({ weapon: 4, 'armour-engine': 4, cpu: 1 });
    expect(cat.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(cat.source).toBe(defaultCataloguePath());
  });

  // RULES.md section 6, every part: [key, cost, category, experimental]
  const table: [string, number, string, boolean?][] = [
    ['bazooka', 1, 'weapon'], ['mines', 1, 'weapon'], ['hammer-fist', 1, 'weapon'], ['rapier', 1, 'weapon'],
    ['ray-gun', 1, 'weapon'], ['lazor', 2, 'weapon'], ['shield-arm', 1, 'weapon'], ['buzz-saw', 2, 'weapon'],
    ['drill', 1, 'weapon'], ['battle-ax', 1, 'weapon'], ['mortar', 1, 'weapon'], ['jump-blade', 1, 'weapon'],
    ['minigun', 3, 'weapon'], ['flame-thrower', 3, 'weapon'], ['crush-fists', 3, 'weapon'], ['longsword', 3, 'weapon'],
    ['chain-lazor', 3, 'weapon'], ['dragon-breath', 4, 'weapon'], ['lazor-sword', 2, 'weapon'],
    ['butt-cannon', 1, 'weapon', true], ['rhino-horn', 1, 'weapon', true], ['shot-gun', 3, 'weapon', true], ['lance', 2, 'weapon', true],
    ['mark-i', 1, 'armour'], ['mark-ii', 2, 'armour'], ['mark-iii', 3, 'armour'], ['mark-iv', 4, 'armour'],
    ['reflecto-armour', 1, 'armour'], ['refracto-armour', 1, 'armour'],
    ['tank-treads', 1, 'engine'], ['retreat-drive', 1, 'engine'], ['strafe-drive', 1, 'engine'], ['crabwalk-drive', 2, 'engine'],
    ['spin-drive', 1, 'engine'], ['hover-craft', 1, 'engine'], ['teleporter', 3, 'engine'],
    ['telefrag', 1, 'option'],
    ['automated-repair-unit', 1, 'cpu'], ['advanced-damage-control', 1, 'cpu'], ['evasion-matrix', 1, 'cpu'], ['auto-targetting-computer', 1, 'cpu'],
  ];
  it.each(table)('has %s costing %i (%s)', (key, cost, category, experimental = false) => {
    const p = part(key);
    expect(p.cost).toBe(cost);
    expect(p.category).toBe(category);
    expect(p.experimental).toBe(experimental);
  });
  it('has nothing else', () => {
    expect(cat.parts.map((p) => p.key).sort()).toEqual(table.map((t) => t[0]).sort());
  });

  it('finds parts by key, short and lower-cased name', () => {
    expect(cat.byKey.get('F')).toBe(part('bazooka'));
    expect(cat.byKey.get('H')).toBe(part('hammer-fist'));
    expect(cat.byKey.get('tank treads')).toBe(part('tank-treads'));
  });

  it('documents every diagram symbol in legend.symbols', () => {
    expect(Object.keys(rawFile().legend.symbols).sort()).toEqual(Object.keys(SYMBOLS).sort());
  });
});

describe('compiled weapon patterns (RULES.md 6)', () => {
  it('Bazooka: a ray forward to the edge', () => {
    const o = option('bazooka');
    expect(o.cells).toEqual([{ right: 0, forward: 1, damage: 1, parent: -1, flags: CELL_CONTINUE }]);
    expect(o.beams).toEqual([]);
    expect(part('bazooka').weapon!.penetrate).toBe(false);
  });

  it('Hammer-Fist: front-left, front, front-right, 1 damage', () => {
    expect(shape(option('hammer-fist').cells)).toEqual([[-1, 1, 1], [0, 1, 1], [1, 1, 1]]);
    expect(option('hammer-fist').cells.every((c) => c.parent === -1)).toBe(true);
  });

  it('Flame-Thrower: six cells, the second row reached from the first', () => {
    const o = option('flame-thrower');
    expect(shape(o.cells)).toEqual([[-1, 1, 1], [-1, 2, 1], [0, 1, 1], [0, 2, 1], [1, 1, 1], [1, 2, 1]]);
    expect(parentAt(o, -1, 1)).toBeNull();
    expect(parentAt(o, -1, 2)).toEqual([-1, 1]);
    expect(parentAt(o, 0, 2)).toEqual([0, 1]);
    expect(parentAt(o, 1, 2)).toEqual([1, 1]);
    expect(part('flame-thrower').weapon!.penetrate).toBe(true);
  });

  it('Dragon Breath: a cone of 15 cells, 2 damage, chained outward', () => {
    const o = option('dragon-breath');
    expect(o.cells).toHaveLength(15);
    expect(o.cells.every((c) => c.damage === 2)).toBe(true);
    for (const f of [1, 2, 3]) expect(o.cells.filter((c) => c.forward === f)).toHaveLength(2 * f + 1);
    expect(parentAt(o, -3, 3)).toEqual([-2, 2]);
    expect(parentAt(o, -2, 3)).toEqual([-2, 2]);
    expect(parentAt(o, -2, 2)).toEqual([-1, 1]);
    expect(parentAt(o, 1, 3)).toEqual([1, 2]);
    o.cells.forEach((c, i) => expect(c.parent).toBeLessThan(i)); // parents first
    expect(part('dragon-breath').tags).toContain('ULTIMATE');
  });

  it('Rapier: pick one of forward, left, right; the left option runs left', () => {
    expect(part('rapier').weapon!.options.map((o) => o.label)).toEqual(['forward', 'left', 'right']);
    const left = option('rapier', 'left');
    expect(shape(left.cells)).toEqual([[-2, 0, 1], [-1, 0, 1]]);
    expect(parentAt(left, -2, 0)).toEqual([-1, 0]);
    expect(part('rapier').weapon!.penetrate).toBe(true); // BLADE
  });

  it('Battle-Ax: the side square and its diagonals', () => {
    expect(shape(option('battle-ax', 'right').cells)).toEqual([[1, -1, 1], [1, 0, 1], [1, 1, 1]]);
  });

  it('Mortar: lobbed, 2, 3 or 4 ahead, no paths', () => {
    const w = part('mortar').weapon!;
    expect(w.lobbed).toBe(true);
    expect(w.options.map((o) => o.label)).toEqual(['2', '3', '4']);
    for (const n of [2, 3, 4]) expect(option('mortar', String(n)).cells).toEqual([{ right: 0, forward: n, damage: 1, parent: -1, flags: 0 }]);
  });

  it('Ray-Gun: a 3-square beam forward-left, forward or forward-right', () => {
    const dirs = { fl: 7, forward: 0, fr: 1 };
    for (const [label, dir] of Object.entries(dirs)) {
      const o = option('ray-gun', label);
      expect(o.cells).toEqual([]);
      expect(o.beams).toEqual([{ right: 0, forward: 0, dir, range: 3, damage: 1, penetrate: false, branching: false, fullHeartsOnly: false }]);
    }
  });

  it('Lazor penetrates to the edge; Chain Lazor branches', () => {
    expect(option('lazor').beams).toEqual([{ right: 0, forward: 0, dir: 0, range: 0, damage: 1, penetrate: true, branching: false, fullHeartsOnly: false }]);
    expect(option('chain-lazor').beams).toEqual([{ right: 0, forward: 0, dir: 0, range: 0, damage: 1, penetrate: false, branching: true, fullHeartsOnly: false }]);
    expect(option('lazor').cells).toEqual([]);
  });

  it('Lazor-Sword: a blade, plus a lazor from the third square on at full hearts', () => {
    const fwd = option('lazor-sword');
    expect(shape(fwd.cells)).toEqual([[0, 1, 1], [0, 2, 1]]);
    expect(fwd.beams).toEqual([{ right: 0, forward: 2, dir: 0, range: 0, damage: 1, penetrate: true, branching: false, fullHeartsOnly: true }]);
    expect(option('lazor-sword', 'left').beams[0]).toMatchObject({ right: -2, forward: 0, dir: 6, range: 0, fullHeartsOnly: true });
    expect(option('lazor-sword', 'right').beams[0]).toMatchObject({ right: 2, forward: 0, dir: 2, range: 0 });
  });

  it('Mines: nine options, each one target square', () => {
    const w = part('mines').weapon!;
    expect(w.kind).toBe('mines');
    const where: Record<string, [number, number]> = {
      here: [0, 0], f: [0, 1], b: [0, -1], l: [-1, 0], r: [1, 0], fl: [-1, 1], fr: [1, 1], bl: [-1, -1], br: [1, -1],
    };
    expect(w.options.map((o) => o.label).sort()).toEqual(Object.keys(where).sort());
    for (const [label, [right, forward]] of Object.entries(where))
      expect(option('mines', label).cells).toEqual([{ right, forward, damage: 0, parent: -1, flags: CELL_TARGET }]);
  });

  it('Shield-Arm: shield spots front-left, front, front-right', () => {
    expect(part('shield-arm').weapon!.kind).toBe('shield');
    const cells = option('shield-arm').cells;
    expect(shape(cells)).toEqual([[-1, 1, 0], [0, 1, 0], [1, 1, 0]]);
    expect(cells.every((c) => c.flags === CELL_SHIELD)).toBe(true);
  });

  it('Jump-Blade: hot front square, landing two ahead', () => {
    expect(part('jump-blade').weapon!.kind).toBe('jump');
    const cells = option('jump-blade').cells;
    expect(cells.find((c) => c.flags & CELL_TARGET)).toMatchObject({ right: 0, forward: 2, damage: 0 });
    expect(cells.filter((c) => c.damage > 0)).toEqual([{ right: 0, forward: 1, damage: 1, parent: -1, flags: 0 }]);
  });

  it('Crush Fists: front row 2 damage pulling from the corners, sides 1 damage', () => {
    const cells = option('crush-fists').cells;
    expect(shape(cells)).toEqual([[-1, 0, 1], [-1, 1, 2], [0, 1, 2], [1, 0, 1], [1, 1, 2]]);
    const pulled = cells.filter((c) => c.flags & CELL_PULL).map((c) => [c.right, c.forward]);
    expect(pulled.sort()).toEqual([[-1, 1], [1, 1]]);
  });

  it('Minigun: 2 damage to the edge, pushes; Longsword; Drill', () => {
    expect(option('minigun').cells).toEqual([{ right: 0, forward: 1, damage: 2, parent: -1, flags: CELL_CONTINUE }]);
    expect(part('minigun').weapon!.push).toBe(true);
    expect(shape(option('longsword').cells)).toEqual([[-1, 1, 2], [0, 1, 2], [0, 2, 1], [1, 1, 2]]);
    expect(shape(option('drill').cells)).toEqual([[0, 1, 2]]);
    expect(shape(option('buzz-saw').cells)).toHaveLength(8);
  });

  it('experimental weapons: Butt-Cannon, Rhino-Horn, Shot Gun, Lance', () => {
    expect(option('butt-cannon').cells).toEqual([{ right: 0, forward: -1, damage: 1, parent: -1, flags: CELL_CONTINUE }]);
    expect(part('rhino-horn').weapon).toMatchObject({ kind: 'passive', bonkDamage: 1, options: [] });
    const shot = option('shot-gun');
    expect(shot.cells).toHaveLength(9);
    expect(shape(shot.cells.filter((c) => c.damage === 2))).toEqual([[-1, 1, 2], [0, 1, 2], [1, 1, 2]]);
    expect(parentAt(shot, -3, 3)).toEqual([-2, 2]);
    expect(shape(option('lance').cells)).toEqual([[0, 1, 1], [0, 2, 2]]);
  });

  it('armour, engines, CPUs and the Telefrag option', () => {
    expect(['mark-i', 'mark-ii', 'mark-iii', 'mark-iv'].map((k) => part(k).armour)).toEqual(
      [1, 2, 3, 4].map((shields) => ({ kind: 'mark', shields })),
    );
    expect(part('reflecto-armour').armour).toEqual({ kind: 'reflecto' });
    expect(part('refracto-armour').armour).toEqual({ kind: 'refracto' });
    const moves = (k: string): readonly string[] => part(k).engine!.moves;
    expect(moves('tank-treads')).toEqual(['^', 'v', 'F\\', 'F/']);
    expect(moves('retreat-drive')).toEqual(['B\\', 'B/']);
    expect(moves('strafe-drive')).toEqual(['<', '>']);
    expect([...moves('crabwalk-drive')].sort()).toEqual(['<', '>', 'B/', 'B\\', 'F/', 'F\\']);
    expect(moves('spin-drive')).toEqual(['@']);
    expect(part('hover-craft').engine).toEqual({ moves: [], hover: true });
    expect(moves('teleporter')).toEqual(['TEL']);
    expect(['automated-repair-unit', 'advanced-damage-control', 'evasion-matrix', 'auto-targetting-computer'].map((k) => part(k).cpu)).toEqual([
      'repair2', 'half-x', 'dodge', 'autotarget',
    ]);
    expect(part('telefrag')).toMatchObject({ category: 'option', budget: 'weapon', cost: 1, option: { effect: 'telefrag', requires: 'teleporter' } });
  });
});

describe('malformed catalogues', () => {
  /** Parses an edited copy of the real catalogue and returns the error. */
  const broken = (edit: (json: any) => void): HavocProblems => {
    const json = rawFile();
    edit(json);
    try {
      parseCatalogue(json, 'copy.json');
    } catch (e) {
      expect(e).toBeInstanceOf(HavocProblems);
      return e as HavocProblems;
    }
    throw new Error('the edited catalogue loaded');
  };
  const idx = (json: any, key: string): number => json.parts.findIndex((p: any) => p.key === key);

  it('an unknown symbol names the file, the part, the diagram and the square', () => {
    const e = broken((j) => (j.parts[idx(j, 'hammer-fist')].diagrams.forward = ['×Q×', '.▲.']));
    expect(e.message).toMatch(/^copy\.json: parts\[2\] \(hammer-fist\): diagram "forward": row 1, column 2: unknown symbol "Q"/);
    expect(e.code).toBe('ERR_CATALOGUE');
  });

  it('no ▲, two ▲ and ragged rows', () => {
    expect(broken((j) => (j.parts[idx(j, 'drill')].diagrams.forward = ['*', '.'])).message).toMatch(/parts\[8\] \(drill\).*no ▲/);
    expect(broken((j) => (j.parts[idx(j, 'drill')].diagrams.forward = ['*▲', '▲.'])).message).toMatch(/\(drill\).*more than one ▲/);
    expect(broken((j) => (j.parts[idx(j, 'drill')].diagrams.forward = ['.*', '▲'])).message).toMatch(/\(drill\).*ragged rows/);
  });

  it('a hot cell not connected to ▲', () => {
    const e = broken((j) => (j.parts[idx(j, 'flame-thrower')].diagrams.forward = ['.×.', '...', '.▲.']));
    expect(e.message).toMatch(/\(flame-thrower\): diagram "forward": row 1, column 2: cell not connected to ▲/);
    expect(e.problems).toHaveLength(1);
    // …but a lobbed weapon's squares need no path
    const j = rawFile();
    j.parts[idx(j, 'mortar')].diagrams['2'] = ['×', '.', '▲'];
    expect(() => parseCatalogue(j, 'copy.json')).not.toThrow();
  });

  it('a continuation arrow that continues nothing or points the wrong way', () => {
    expect(broken((j) => (j.parts[idx(j, 'bazooka')].diagrams.forward = ['↑', '.', '▲'])).message).toMatch(/\(bazooka\).*continues nothing/);
    expect(broken((j) => (j.parts[idx(j, 'bazooka')].diagrams.forward = ['↗', '×', '▲'])).message).toMatch(/\(bazooka\).*does not continue/);
  });

  it('a missing or bad cost, an unknown category, kind, move, tag, option requirement; a duplicate key', () => {
    expect(broken((j) => delete j.parts[idx(j, 'lazor')].cost).message).toMatch(/^copy\.json: parts\[5\] \(lazor\): cost is missing$/);
    expect(broken((j) => (j.parts[idx(j, 'lazor')].cost = -1)).message).toMatch(/\(lazor\): cost must be a whole number/);
    expect(broken((j) => (j.parts[idx(j, 'lazor')].cost = 1.5)).message).toMatch(/\(lazor\): cost must be a whole number/);
    expect(broken((j) => (j.parts[idx(j, 'lazor')].category = 'gun')).message).toMatch(/\(lazor\): unknown category "gun"/);
    expect(broken((j) => (j.parts[idx(j, 'mines')].kind = 'bombs')).message).toMatch(/\(mines\): unknown weapon kind "bombs"/);
    expect(broken((j) => j.parts[idx(j, 'spin-drive')].moves.push('Z')).message).toMatch(/\(spin-drive\): engine move "Z" is not one of/);
    expect(broken((j) => j.parts[idx(j, 'lazor')].tags.push('PENETRAT')).message).toMatch(/\(lazor\): tag "PENETRAT" is not explained/);
    expect(broken((j) => (j.parts[idx(j, 'telefrag')].requires = 'warp-drive')).message).toMatch(/\(telefrag\): option requires unknown part "warp-drive"/);
    expect(broken((j) => (j.parts[idx(j, 'drill')].key = 'bazooka')).message).toMatch(/parts\[8\] \(bazooka\): duplicate key/);
  });

  it('a pick-one option without a diagram, beams without the BEAM tag', () => {
    expect(broken((j) => (j.parts[idx(j, 'rapier')].diagrams.left = [])).message).toMatch(/\(rapier\): diagram "left": has no diagram/);
    expect(broken((j) => (j.parts[idx(j, 'rapier')].diagrams = {})).message).toMatch(/\(rapier\): a weapon needs "diagrams"/);
    expect(broken((j) => (j.parts[idx(j, 'lazor')].tags = ['PENETRATE'])).message).toMatch(/\(lazor\): beam squares \(~\) need the BEAM tag/);
  });

  it('reports every problem at once', () => {
    const e = broken((j) => {
      j.parts[idx(j, 'hammer-fist')].diagrams.forward = ['×Q×', '.▲.'];
      delete j.parts[idx(j, 'lazor')].cost;
      j.parts[idx(j, 'drill')].diagrams.forward = ['*', '.'];
      j.budgets.cpu = -1;
    });
    expect(e.problems).toHaveLength(4);
    expect(e.message).toMatch(/^copy\.json: 4 problems:\n/);
    expect(e.problems.map((p) => p.where)).toEqual(['budgets.cpu', 'parts[2] (hammer-fist)', 'parts[5] (lazor)', 'parts[8] (drill)']);
  });

  it('a file that cannot be read or parsed is named in the error', () => {
    const dir = mkdtempSync(join(tmpdir(), 'havoc-cat-'));
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, '{ "version": 1,');
    expect(() => loadCatalogue(bad)).toThrow(`${bad}: not valid JSON`);
    expect(() => loadCatalogue(join(dir, 'missing.json'))).toThrow(/missing\.json: cannot read the file/);
    const noCost = rawFile();
    delete noCost.parts[0].cost;
    writeFileSync(bad, JSON.stringify(noCost));
    expect(() => loadCatalogue(bad)).toThrow(`${bad}: parts[0] (bazooka): cost is missing`);
  });
});

describe('the catalogue is data', () => {
  it('editing a cost in a copy changes what is legal, and the hash', () => {
    const design = { weapons: ['dragon-breath', 'bazooka'] };
    expect(checkLoadout(cat, design, 'd').ok).toBe(false);
    const j = rawFile();
    j.parts.find((p: any) => p.key === 'dragon-breath').cost = 3;
    const cheap = parseCatalogue(j, 'cheap.json');
    expect(checkLoadout(cheap, design, 'd').ok).toBe(true);
    expect(cheap.hash).not.toBe(cat.hash);
  });

  it('editing a diagram changes the compiled pattern', () => {
    const j = rawFile();
    j.parts.find((p: any) => p.key === 'drill').diagrams.forward = ['×', '*', '▲'];
    const c = parseCatalogue(j, 'drill.json');
    expect(shape(c.byKey.get('drill')!.weapon!.options[0].cells)).toEqual([[0, 1, 2], [0, 2, 1]]);
  });

  it('the hash ignores key order and layout', () => {
    const j = rawFile();
    const reordered = Object.fromEntries(Object.entries(j).reverse());
    expect(parseCatalogue(reordered, 'r.json').hash).toBe(cat.hash);
  });
});
