/**
 * Controlled swaps (`havoc swaps`, issue 28 item 5): the swaps a baseline
 * has (each one part for another of its category at the same cost, the
 * build still legal), and on a catalogue with Dragon Breath planted at 1
 * point (listed 4) the swap to it measured better than the part it replaces,
 * through the compiled CLI, with the sweep's regression estimate beside it.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { swapsOf } from '../../src/lab/swaps.js';
import { rulesetById } from '../../src/rules/registry.js';
import { havoc } from '../cli-helpers.js';

const tmp = mkdtempSync(join(tmpdir(), 'havoc-swaps-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('controlled swaps', () => {
  it('swaps one part for each other part of its category at the same cost, the build kept legal', () => {
    const kit = rulesetById('nhm').builds;
    const base = kit.check('bazooka+hammer-fist/mark-i/tank-treads/-', 'b');
    if (!base.ok) throw base.error;
    const swaps = swapsOf(kit, base.value);
    const listing = kit.listing!();
    expect(swaps.length).toBeGreaterThan(10);
    for (const s of swaps) {
      expect(listing.get(s.added)).toEqual(listing.get(s.removed));
      const parts = kit.components!(s.build);
      expect(parts).toContain(s.added);
      expect(parts).not.toContain(s.removed);
      expect(kit.check(kit.key(s.build), 'k').ok).toBe(true);
    }
    // Its weapons (1 point each) are swapped only for other 1-point weapons.
    const ones = [...listing].filter(([k, v]) => v.category === 'weapon' && v.cost === 1 && k !== 'bazooka' && k !== 'hammer-fist').map(([k]) => k);
    expect(swaps.filter((s) => s.removed === 'bazooka').length).toBeGreaterThan(5);
    for (const s of swaps.filter((x) => x.category === 'weapon')) expect(ones).toContain(s.added);
  });

  it('measures the swap to a part planted far too cheap as better, beside the regression estimate', () => {
    const catalogue = join(tmp, 'parts.json');
    const json = JSON.parse(readFileSync('configs/parts.json', 'utf8')) as { parts: { key: string; cost: number }[] };
    json.parts.find((p) => p.key === 'dragon-breath')!.cost = 1;
    writeFileSync(catalogue, JSON.stringify(json, null, 2));
    // Sizes measured on seeds plant..plant-5 (sweep) and 1..5 (swaps): the sweep's regression put both swaps to Dragon
    // Breath above 0 at 600 matches (0.36 and more) and at 400, and each swap to it was decided better within 66 games, so
    // a cap of 100 games a swap (200 before) leaves its rows as they were; at 60 one was undecided.
    writeFileSync(join(tmp, 'sweep.json'), JSON.stringify({ ruleset: 'nhm', parts: catalogue, bots: ['random'], schedule: { type: 'sweep', matches: 600, sample: 120 }, seed: 'plant', turnLimit: 40 }));
    expect(havoc('sweep', join(tmp, 'sweep.json'), '--out', join(tmp, 'run'), '--quiet', '--no-report', '--save-replays', 'none', '--workers', '0').code).toBe(0);
    const r = havoc('swaps', '--baseline', 'bazooka+hammer-fist/mark-i/tank-treads/-', '--parts', catalogue, '--bot', 'random', '--field', 'sample:8', '--max-games', '100', '--run', join(tmp, 'run'), '--workers', '0', '--out', join(tmp, 'out'));
    expect(r.code, r.err).toBe(0);
    const [head, ...rows] = readFileSync(join(tmp, 'out', 'swaps.csv'), 'utf8').trim().split('\n').map((l) => l.split(','));
    const at = (row: string[], c: string) => row[head.indexOf(c)];
    const toDragon = rows.filter((x) => at(x, 'added') === 'dragon-breath');
    expect(toDragon.map((x) => at(x, 'removed')).sort()).toEqual(['bazooka', 'hammer-fist']);
    for (const x of toDragon) {
      expect(at(x, 'verdict')).toBe('better');
      expect(Number(at(x, 'diff_lo'))).toBeGreaterThan(0);
      expect(Number(at(x, 'regression_effect_diff'))).toBeGreaterThan(0);
    }
    // The same command gives the same bytes.
    const again = havoc('swaps', '--baseline', 'bazooka+hammer-fist/mark-i/tank-treads/-', '--parts', catalogue, '--bot', 'random', '--field', 'sample:8', '--max-games', '100', '--run', join(tmp, 'run'), '--workers', '0', '--out', join(tmp, 'again'));
    expect(again.code).toBe(0);
    expect(readFileSync(join(tmp, 'again', 'swaps.csv'), 'utf8')).toBe(readFileSync(join(tmp, 'out', 'swaps.csv'), 'utf8'));
  });

  it('refuses a ruleset of one build and a bad baseline in one line', () => {
    const rbp = havoc('swaps', '--baseline', 'pig', '--ruleset', 'rbp');
    expect(rbp.code).toBe(1);
    expect(rbp.err.trim().split('\n')).toHaveLength(1);
    const bad = havoc('swaps', '--baseline', 'nothing-like-a-build');
    expect(bad.code).toBe(1);
    expect(bad.err).not.toMatch(/\n\s+at /);
  });
});
