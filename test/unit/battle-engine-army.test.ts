/** Battle Engine armies as builds (src/rules/battle-engine/army.ts). */
import { describe, expect, it } from 'vitest';
import { armyCost, armyKit, ArmySpace, armyKey, type Army } from '../../src/rules/battle-engine/army.js';
import { defaultRoster, type Roster } from '../../src/rules/battle-engine/roster.js';

const roster = defaultRoster();
const kit = armyKit(roster);
const army = (key: string): Army => {
  const c = kit.check(key, 'test');
  if (!c.ok) throw c.error;
  return c.value;
};
/** A small roster (general, lieutenant, private; budget 8, 3 pieces) whose armies can be listed by hand. */
const small: Roster = (() => {
  const keep = ['gen', 'ltn', 'pvt'].map((k) => roster.pieces[roster.byKey.get(k)!]);
  return { ...roster, pieces: keep, byKey: new Map(keep.map((p, i) => [p.key, i])), budget: 14, maxPieces: 3 };
})();

describe('Battle Engine armies', () => {
  it('reads keys and arrays, writes the canonical key in roster order, and prices by pay grade', () => {
    const a = army('pvt*3+gen+cpt');
    expect(kit.key(a)).toBe('gen+cpt+pvt*3');
    expect(kit.cost(a)).toBe(12 + 7 + 3 * 2);
    const b = kit.check(['pvt', 'cpt', 'pvt', 'gen', 'pvt'], 'x');
    expect(b.ok && kit.key(b.value)).toBe('gen+cpt+pvt*3');
    expect(kit.check(kit.key(a), 'k')).toEqual({ ok: true, value: a });
    expect(kit.components!(a)).toEqual(['gen', 'cpt', 'pvt', 'pvt', 'pvt']);
    expect(kit.listing!().get('msgt')).toEqual({ cost: 5, category: 'piece' });
  });

  it('refuses illegal armies with every reason', () => {
    const bad = (raw: unknown) => {
      const c = kit.check(raw, 'seats[0].loadout');
      if (c.ok) throw new Error('accepted');
      return c.error.message;
    };
    expect(bad('pvt*4')).toContain('at least one officer');
    expect(bad('gen*2')).toContain('one General at most');
    expect(bad('col*5')).toContain('over the budget of 40');
    expect(bad('ltn+rec*18')).toContain('1 to 18 pieces');
    const many = bad('dragon+pvt*3+knight');
    expect(many).toContain('2 problems');
    expect(many).toContain('"dragon"');
    expect(bad(42)).toContain('an army is a key');
    expect(bad('')).toContain('at least one officer');
  });

  it('counts, lists and samples the same armies (a roster small enough to list by hand)', () => {
    const s = new ArmySpace(small);
    // gen 12, ltn 6, pvt 2; budget 14, 3 pieces, an officer, one general:
    // gen, gen+pvt, ltn, ltn*2, ltn+pvt, ltn+pvt*2, ltn*2+pvt, ltn+pvt*3? (4 pieces: no)
    const keys = [...s.enumerate()].map((a) => armyKey(small, a)).sort();
    expect(keys).toEqual(['gen', 'gen+pvt', 'ltn', 'ltn*2', 'ltn*2+pvt', 'ltn+pvt', 'ltn+pvt*2'].sort());
    expect(s.count()).toBe(7);
    const seen = new Map<string, number>();
    for (const a of s.sample(7000, 'uniform')) seen.set(armyKey(small, a), (seen.get(armyKey(small, a)) ?? 0) + 1);
    expect([...seen.keys()].sort()).toEqual(keys);
    for (const n of seen.values()) expect(Math.abs(n - 1000)).toBeLessThan(150);
  });

  it('samples legal armies from the shipped roster, deterministically, within a filter', () => {
    const a = kit.sample!(50, 'seed-1'), b = kit.sample!(50, 'seed-1');
    expect(a.map(kit.key)).toEqual(b.map(kit.key));
    for (const x of a) expect(kit.check(kit.key(x), 'x').ok).toBe(true);
    expect(new Set(a.map(kit.key)).size).toBeGreaterThan(40);
    const filter = { includeParts: ['msgt'], excludeParts: ['gen'], minSpent: 35 };
    for (const x of kit.sample!(50, 'f', filter)) {
      expect(x[roster.byKey.get('msgt')!]).toBeGreaterThan(0);
      expect(x[roster.byKey.get('gen')!]).toBe(0);
      expect(armyCost(roster, x)).toBeGreaterThanOrEqual(35);
    }
    expect(kit.count!(filter)).toBeLessThan(kit.count!());
    expect(kit.count!()).toBeGreaterThan(1e6);
    expect(kit.filterProblems!({ includeParts: ['knight'], excludeTags: ['x'] }, 'schedule.filter').map((e) => e.where)).toEqual([
      'schedule.filter.includeParts[0]',
      'schedule.filter.excludeTags',
    ]);
  });
});
