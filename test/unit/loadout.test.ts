import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HavocError } from '../../src/core/errors.js';
import { defaultCatalogue } from '../../src/rules/nhm/catalogue.js';
import { HavocProblems } from '../../src/core/errors.js';
import { countLoadouts, enumerateLoadouts, sampleLoadouts, type LoadoutFilter } from '../../src/rules/nhm/designSpace.js';
import { checkLoadout, loadNamedLoadouts, loadoutKey, loadoutSpec } from '../../src/rules/nhm/loadout.js';
import type { Catalogue, Loadout, Part } from '../../src/rules/nhm/parts.js';

const cat = defaultCatalogue();
const ROBO_PIG = { weapons: ['bazooka', 'hammer-fist'], armour: [], engines: ['tank-treads'], cpu: null, options: [] };

const check = (spec: unknown, opts = {}): Loadout => {
  const r = checkLoadout(cat, spec, 'test', opts);
  if (!r.ok) throw new Error(r.errors.map((e) => e.message).join('\n'));
  return r.loadout;
};
const errorsOf = (spec: unknown, opts = {}): [string, string][] => {
  const r = checkLoadout(cat, spec, 'x', opts);
  return r.ok ? [] : r.errors.map((e) => [e.code, e.where]);
};

/**
 * Independent brute force: every subset of the allowed parts within the
 * budgets, kept when it follows RULES.md section 6 and the filter.
 */
function bruteForceCount(c: Catalogue, f: { experimental?: boolean; excludeTags?: string[]; include?: string[]; exclude?: string[]; min?: number; max?: number } = {}): number {
  const parts = c.parts.filter(
    (p) => (f.experimental || !p.experimental) && !(f.exclude ?? []).includes(p.key) && !p.tags.some((t) => (f.excludeTags ?? []).includes(t)),
  );
  const spent: Record<string, number> = { weapon: 0, 'armour-engine': 0, cpu: 0 };
  const chosen: Part[] = [];
  const legal = (): boolean => {
    const marks = chosen.filter((p) => p.armour?.kind === 'mark').length;
    const specials = chosen.filter((p) => p.armour && p.armour.kind !== 'mark').length;
    const cpus = chosen.filter((p) => p.category === 'cpu').length;
    const total = chosen.reduce((s, p) => s + p.cost, 0);
    return (
      marks <= 1 &&
      specials <= 1 &&
      cpus <= 1 &&
      chosen.every((p) => !p.option || chosen.some((q) => q.key === p.option!.requires)) &&
      (f.include ?? []).every((k) => chosen.some((p) => p.key === k)) &&
      total >= (f.min ?? 0) &&
      total <= (f.max ?? Infinity)
    );
  };
  let n = 0;
  const walk = (i: number): void => {
    if (i === parts.length) {
      if (legal()) n++;
      return;
    }
    walk(i + 1);
    const p = parts[i];
    if (spent[p.budget] + p.cost > c.budgets[p.budget]) return;
    spent[p.budget] += p.cost;
    chosen.push(p);
    walk(i + 1);
    chosen.pop();
    spent[p.budget] -= p.cost;
  };
  walk(0);
  return n;
}

describe('checkLoadout', () => {
  it('accepts the Robo Battle Pig', () => {
    const pig = check(ROBO_PIG);
    expect(pig.name).toBe('test');
    expect(pig.weapons.map((p) => p.key)).toEqual(['bazooka', 'hammer-fist']);
    expect(pig.engines.map((p) => p.key)).toEqual(['tank-treads']);
    expect(pig.armour).toEqual([]);
    expect(pig.cpu).toBeNull();
    expect(loadoutKey(pig)).toBe('bazooka+hammer-fist/-/tank-treads/-');
  });

  it('accepts keys case-insensitively, and by name or short', () => {
    const pig = check({ weapons: ['H', 'f'], engines: ['Tank Treads'] });
    expect(loadoutKey(pig)).toBe('bazooka+hammer-fist/-/tank-treads/-');
    expect(loadoutKey(check({ weapons: ['BAZOOKA', 'Hammer-Fist'], engines: ['TANK-TREADS'] }))).toBe(loadoutKey(pig));
  });

  it('accepts a loadout key, and keys round-trip', () => {
    expect(loadoutKey(check('bazooka+hammer-fist/-/tank-treads/-'))).toBe('bazooka+hammer-fist/-/tank-treads/-');
    const gambler = check('minigun/-/tank-treads+teleporter+telefrag/evasion-matrix');
    expect(gambler.options.map((p) => p.key)).toEqual(['telefrag']);
    expect(errorsOf('bazooka/-/tank-treads')).toEqual([['ERR_LOADOUT_SHAPE', 'x']]);
  });

  it('accepts the empty design and a stationary Mark IV', () => {
    expect(check({}).parts).toEqual([]);
    expect(check({ armour: ['mark-iv'] }).armour.map((p) => p.key)).toEqual(['mark-iv']);
  });

  it('reports every violation at once, each with its rule and path', () => {
    const errors = errorsOf({
      weapons: ['minigun', 'lazor', 'mark-i', 'nope', 'minigun'],
      armour: ['mark-ii', 'mark-iii', 'reflecto-armour', 'refracto-armour'],
      engines: ['crabwalk-drive', 'butt-cannon'],
      cpu: 'bazooka',
      options: ['telefrag'],
      turbo: true,
    });
    expect(errors.sort()).toEqual(
      [
        ['ERR_LOADOUT_SHAPE', 'x.turbo'],
        ['ERR_WRONG_LIST', 'x.weapons[2]'],
        ['ERR_UNKNOWN_PART', 'x.weapons[3]'],
        ['ERR_DUPLICATE_PART', 'x.weapons[4]'],
        ['ERR_WRONG_LIST', 'x.engines[1]'],
        ['ERR_EXPERIMENTAL_PART', 'x.engines[1]'],
        ['ERR_WRONG_LIST', 'x.cpu'],
        ['ERR_OVER_BUDGET', 'x.weapons+options'],
        ['ERR_OVER_BUDGET', 'x.armour+engines'],
        ['ERR_ONE_MARK', 'x.armour[0]'],
        ['ERR_ONE_MARK', 'x.armour[1]'],
        ['ERR_ONE_SPECIAL_ARMOUR', 'x.armour[3]'],
        ['ERR_OPTION_REQUIRES', 'x.options[0]'],
      ].sort(),
    );
  });

  it('explains each rule in its message', () => {
    const r = checkLoadout(cat, { weapons: ['mark-ii', 'minigun', 'lazor'] }, 'robo-pig', { where: 'loadouts.robo-pig' });
    expect(r.ok).toBe(false);
    const messages = r.ok ? [] : r.errors.map((e) => e.message);
    expect(messages).toContain('loadouts.robo-pig.weapons[0]: mark-ii is armour, not a weapon: list it under "armour"');
    expect(messages).toContain('loadouts.robo-pig.weapons+options: weapon points: minigun 3 + lazor 2 = 5, over the budget of 4 (RULES.md 6)');
    expect(r.ok || r.errors.every((e) => e instanceof HavocError)).toBe(true);
  });

  it('reports a bad shape', () => {
    expect(errorsOf(42)).toEqual([['ERR_LOADOUT_SHAPE', 'x']]);
    expect(errorsOf({ weapons: 'bazooka' })).toEqual([['ERR_LOADOUT_SHAPE', 'x.weapons']]);
    expect(errorsOf({ weapons: [7] })).toEqual([['ERR_LOADOUT_SHAPE', 'x.weapons[0]']]);
    expect(errorsOf({ cpu: ['evasion-matrix'] })).toEqual([['ERR_LOADOUT_SHAPE', 'x.cpu']]);
  });

  it('allows experimental parts only when asked', () => {
    expect(errorsOf({ weapons: ['butt-cannon', 'lance'] })).toEqual([
      ['ERR_EXPERIMENTAL_PART', 'x.weapons[0]'],
      ['ERR_EXPERIMENTAL_PART', 'x.weapons[1]'],
    ]);
    expect(errorsOf({ weapons: ['butt-cannon', 'lance'] }, { experimental: true })).toEqual([]);
  });

  it('Telefrag needs the Teleporter and a weapon point', () => {
    expect(errorsOf({ weapons: ['minigun'], engines: ['teleporter'], options: ['telefrag'] })).toEqual([]);
    expect(errorsOf({ weapons: ['minigun'], engines: ['tank-treads'], options: ['telefrag'] })).toEqual([['ERR_OPTION_REQUIRES', 'x.options[0]']]);
    expect(errorsOf({ weapons: ['dragon-breath'], engines: ['teleporter'], options: ['telefrag'] })).toEqual([['ERR_OVER_BUDGET', 'x.weapons+options']]);
    expect(errorsOf({ weapons: ['telefrag'], engines: ['teleporter'] })).toEqual([['ERR_WRONG_LIST', 'x.weapons[0]']]);
  });
});

describe('named loadouts (configs/loadouts.json)', () => {
  it('are all legal, and robo-pig is the Robo Battle Pig', () => {
    const named = loadNamedLoadouts(cat);
    expect(named.size).toBeGreaterThanOrEqual(7);
    expect(loadoutKey(named.get('robo-pig')!)).toBe('bazooka+hammer-fist/-/tank-treads/-');
    expect(named.get('robo-pig')!.name).toBe('robo-pig');
    expect(loadoutSpec(named.get('robo-pig')!)).toEqual(ROBO_PIG);
    expect(named.get('telefrag-gambler')!.options.map((p) => p.key)).toEqual(['telefrag']);
  });

  it('a bad file names the file and every path', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'havoc-lo-')), 'loadouts.json');
    writeFileSync(file, JSON.stringify({ ok: ROBO_PIG, bad: { weapons: ['nope'], armour: ['mark-i', 'mark-ii'] } }));
    try {
      loadNamedLoadouts(cat, file);
      throw new Error('loaded');
    } catch (e) {
      expect(e).toBeInstanceOf(HavocProblems);
      const p = e as HavocProblems;
      expect(p.message.startsWith(`${file}: 2 problems:`)).toBe(true);
      expect(p.problems.map((x) => x.where)).toEqual(['loadouts.bad.weapons[0]', 'loadouts.bad.armour[1]']);
    }
  });
});

describe('the space of legal designs', () => {
  const cases: [string, LoadoutFilter, Parameters<typeof bruteForceCount>[1]][] = [
    ['default', {}, {}],
    ['experimental', { experimental: true }, { experimental: true }],
    ['exclude-tag ULTIMATE', { excludeTags: ['ULTIMATE'] }, { excludeTags: ['ULTIMATE'] }],
    ['include teleporter', { includeParts: ['teleporter'] }, { include: ['teleporter'] }],
    ['include telefrag', { includeParts: ['Telefrag'] }, { include: ['telefrag'] }],
    ['exclude parts', { excludeParts: ['tank-treads', 'Mark II', 'F'] }, { exclude: ['tank-treads', 'mark-ii', 'bazooka'] }],
    ['spent exactly 9', { minSpent: 9, maxSpent: 9 }, { min: 9, max: 9 }],
    ['spent at most 2', { maxSpent: 2 }, { max: 2 }],
  ];
  it.each(cases)('count matches the brute force: %s', (_, filter, brute) => {
    expect(countLoadouts(cat, filter)).toBe(bruteForceCount(cat, brute));
  });

  it('has 696,190 designs by default and 1,354,465 with experimental parts', () => {
    expect(countLoadouts(cat)).toBe(696190);
    expect(countLoadouts(cat, { experimental: true })).toBe(1354465);
  });

  it('enumerates every default design once, legal, in a canonical order', () => {
    let n = 0;
    let first = '';
    let experimental = 0;
    for (const l of enumerateLoadouts(cat)) {
      if (n === 0) first = l.name;
      if (n % 4999 === 0) expect(loadoutKey(check(l.name))).toBe(l.name);
      if (l.parts.some((p) => p.experimental)) experimental++;
      n++;
    }
    expect(n).toBe(countLoadouts(cat));
    expect(first).toBe('-/-/-/-');
    expect(experimental).toBe(0);
  });

  it('enumeration of a filtered space matches its count, keys unique and legal', () => {
    const filter: LoadoutFilter = { experimental: true, includeParts: ['mark-ii'], maxSpent: 6 };
    const keys = [...enumerateLoadouts(cat, filter)].map((l) => l.name);
    expect(keys.length).toBe(countLoadouts(cat, filter));
    expect(new Set(keys).size).toBe(keys.length);
    for (const k of keys) expect(checkLoadout(cat, k, k, { experimental: true }).ok).toBe(true);
    expect([...enumerateLoadouts(cat, filter)].map((l) => l.name)).toEqual(keys); // deterministic
  });

  it('a Teleporter with and without Telefrag are two designs', () => {
    const keys = new Set([...enumerateLoadouts(cat, { includeParts: ['teleporter'] })].map((l) => l.name));
    const frag = [...keys].filter((k) => k.includes('+telefrag'));
    expect(frag.length).toBeGreaterThan(0);
    for (const k of frag) expect(keys.has(k.replace('+telefrag', ''))).toBe(true);
    expect(frag.length).toBe(countLoadouts(cat, { includeParts: ['telefrag'] }));
    expect(keys.has('-/-/teleporter+telefrag/-')).toBe(true);
    // Telefrag takes a weapon point: never beside 4 points of weapons.
    expect(keys.has('dragon-breath/-/teleporter+telefrag/-')).toBe(false);
    expect(keys.has('dragon-breath/-/teleporter/-')).toBe(true);
  });

  it('excluding the ULTIMATE tag leaves out Dragon Breath, and only it', () => {
    const without = countLoadouts(cat, { excludeTags: ['ULTIMATE'] });
    expect(without).toBe(countLoadouts(cat, { excludeParts: ['dragon-breath'] }));
    expect(without).toBe(countLoadouts(cat) - countLoadouts(cat, { includeParts: ['dragon-breath'] }));
    const sample = sampleLoadouts(cat, 500, 3, { excludeTags: ['ultimate'] });
    expect(sample.some((l) => l.parts.some((p) => p.key === 'dragon-breath'))).toBe(false);
  });

  it('rejects a filter naming an unknown part or tag', () => {
    expect(() => countLoadouts(cat, { includeParts: ['warp-drive'], excludeTags: ['NOPE'] })).toThrow(HavocProblems);
    expect(() => countLoadouts(cat, { includeParts: ['warp-drive'] })).toThrow(/includeParts\[0\]: unknown part "warp-drive"/);
  });

  it('an included part the filter excludes leaves nothing', () => {
    expect(countLoadouts(cat, { includeParts: ['butt-cannon'] })).toBe(0);
    expect(countLoadouts(cat, { includeParts: ['telefrag'], excludeParts: ['teleporter'] })).toBe(0);
    expect(() => sampleLoadouts(cat, 1, 1, { includeParts: ['butt-cannon'] })).toThrow(/no legal design/);
  });
});

describe('sampleLoadouts', () => {
  it('is deterministic for a seed, and every sample is legal', () => {
    const a = sampleLoadouts(cat, 300, 'seed-1').map((l) => l.name);
    expect(sampleLoadouts(cat, 300, 'seed-1').map((l) => l.name)).toEqual(a);
    expect(sampleLoadouts(cat, 300, 'seed-2').map((l) => l.name)).not.toEqual(a);
    for (const k of a) expect(checkLoadout(cat, k, k).ok).toBe(true);
    const exp = sampleLoadouts(cat, 300, 9, { experimental: true });
    for (const l of exp) expect(checkLoadout(cat, loadoutSpec(l), l.name, { experimental: true }).ok).toBe(true);
    expect(exp.some((l) => l.parts.some((p) => p.experimental))).toBe(true);
  });

  it('respects the filter', () => {
    for (const l of sampleLoadouts(cat, 200, 5, { includeParts: ['teleporter'], minSpent: 7 })) {
      expect(l.engines.some((p) => p.key === 'teleporter')).toBe(true);
      expect(l.parts.reduce((s, p) => s + p.cost, 0)).toBeGreaterThanOrEqual(7);
    }
  });

  it('is uniform over a small space', () => {
    const keep = new Set(['bazooka', 'lazor', 'minigun', 'mark-i', 'mark-ii', 'teleporter', 'tank-treads', 'telefrag', 'evasion-matrix']);
    const filter = { excludeParts: cat.parts.filter((p) => !keep.has(p.key)).map((p) => p.key) };
    const designs = [...enumerateLoadouts(cat, filter)].map((l) => l.name);
    const n = 40 * designs.length;
    const seen = new Map<string, number>();
    for (const l of sampleLoadouts(cat, n, 'uniform', filter)) seen.set(l.name, (seen.get(l.name) ?? 0) + 1);
    expect([...seen.keys()].sort()).toEqual([...designs].sort());
    // each count ~ Binomial(n, 1/k): mean 40, sd ~6.3; allow 5 sd
    for (const c of seen.values()) expect(Math.abs(c - 40)).toBeLessThan(32);
  });

  it('spread: each budget spends each level it can take about equally often, its parts uniform at that level', () => {
    const n = 3000;
    const spent = (l: Loadout, b: string): number => l.parts.filter((p) => p.budget === b).reduce((s, p) => s + p.cost, 0);
    const levels = (sample: Loadout[], b: string): number[] => {
      const out = [0, 0, 0, 0, 0];
      for (const l of sample) out[spent(l, b)]!++;
      return out;
    };
    const spread = sampleLoadouts(cat, n, 'spread', {}, true);
    for (const l of spread) expect(checkLoadout(cat, loadoutSpec(l), l.name).ok).toBe(true);
    expect(sampleLoadouts(cat, n, 'spread', {}, true).map((l) => l.name)).toEqual(spread.map((l) => l.name));
    // Weapon and armour-engine points: 0 to 4, each level about a fifth (600 ± 5 sd of 22); cpu 0 or 1, about half.
    for (const b of ['weapon', 'armour-engine']) for (const c of levels(spread, b)) expect(Math.abs(c - n / 5), b).toBeLessThan(110);
    expect(Math.abs(levels(spread, 'cpu')[0]! - n / 2)).toBeLessThan(140);
    // Uniform over designs, most spend their whole weapon budget and almost none a point or none.
    const uniform = levels(sampleLoadouts(cat, n, 'spread'), 'weapon');
    expect(uniform[4]! / n).toBeGreaterThan(0.6);
    expect((uniform[0]! + uniform[1]!) / n).toBeLessThan(0.05);
    // At a level, every set of parts that spends it equally likely: the ten one-point weapons alone (telefrag, an
    // option that needs the teleporter, is rarer), each about 60 of the level's 600 (sd 7.3; 5 sd allowed).
    const one = new Map<string, number>();
    for (const l of spread) {
      const w = l.parts.filter((p) => p.budget === 'weapon');
      if (w.length === 1 && w[0]!.cost === 1 && w[0]!.key !== 'telefrag') one.set(w[0]!.key, (one.get(w[0]!.key) ?? 0) + 1);
    }
    expect(one.size).toBe(10);
    const mean = [...one.values()].reduce((a, b) => a + b, 0) / one.size;
    for (const [k, c] of one) expect(Math.abs(c - mean), k).toBeLessThan(37);
  });
});
