/**
 * A design refitted to new prices (src/rules/nhm/refit.ts, `havoc reprice
 * --same-field --refit`): the fewest parts of an over-spent budget dropped,
 * keeping the most points; on the shipped catalogue with prices raised.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseCatalogue } from '../../src/rules/nhm/catalogue.js';
import { checkLoadout } from '../../src/rules/nhm/loadout.js';
import { refitLoadout } from '../../src/rules/nhm/refit.js';
import { rulesetById } from '../../src/rules/registry.js';

/** The shipped catalogue (weapon and armour-engine budgets 4) with some costs changed. */
function repriced(costs: Record<string, number>) {
  const json = JSON.parse(readFileSync('configs/parts.json', 'utf8')) as { parts: { key: string; cost: number }[] };
  for (const p of json.parts) if (costs[p.key] !== undefined) p.cost = costs[p.key];
  return parseCatalogue(json, 'repriced');
}

describe('a design refitted to new prices', () => {
  const cat = repriced({ minigun: 4, 'tank-treads': 2 });
  const refit = (key: string): string | null => refitLoadout(cat, key)?.name ?? null;

  it('is itself when the prices still allow it', () => {
    expect(refit('bazooka+hammer-fist/-/tank-treads/-')).toBe('bazooka+hammer-fist/-/tank-treads/-');
  });

  it('drops the part of the over-spent budget that keeps the most points: bazooka 1 + minigun 4 keeps the minigun', () => {
    expect(checkLoadout(cat, 'bazooka+minigun/-/retreat-drive/-', '').ok).toBe(false);
    expect(refit('bazooka+minigun/-/retreat-drive/-')).toBe('minigun/-/retreat-drive/-');
  });

  it('drops as few parts as it can, from each budget spent past its cap and from no other', () => {
    // Weapons 1 + 4 over 4; armour-engine mark-ii 2 + tank-treads 2 + strafe-drive 1 over 4: one part from each,
    // strafe-drive the one whose loss keeps the most; the CPU, within its budget, stays.
    expect(refit('bazooka+minigun/mark-ii/tank-treads+strafe-drive/evasion-matrix')).toBe('minigun/mark-ii/tank-treads/evasion-matrix');
    // 1 + 1 + 2 + 1 over 4: mark-i, reflecto-armour and strafe-drive each keep 4; ties drop the earliest in the catalogue.
    expect(refit('-/mark-i+reflecto-armour/tank-treads+strafe-drive/-')).toBe('-/reflecto-armour/tank-treads+strafe-drive/-');
  });

  it('never leaves an option without the part it requires', () => {
    // mark-i 1 + teleporter 4 over 4: dropping the teleporter would orphan telefrag, so mark-i goes.
    const tele = repriced({ teleporter: 4 });
    expect(refitLoadout(tele, '-/mark-i/teleporter+telefrag/-')?.name).toBe('-/-/teleporter+telefrag/-');
    // minigun 4 + telefrag 1 over the weapon budget: telefrag, the option, is the smaller loss.
    expect(refitLoadout(repriced({ minigun: 4 }), 'minigun/-/teleporter+telefrag/-')?.name).toBe('minigun/-/teleporter/-');
  });

  it('is null for a key the catalogue cannot read', () => {
    expect(refit('bazooka+laser-cannon/-/-/-')).toBeNull();
    expect(refit('not a key')).toBeNull();
  });

  it('is what the NHM module refits a build to (BuildKit.refit)', () => {
    const nhm = rulesetById('nhm');
    const kit = nhm.withData!(cat).builds;
    expect(kit.key(kit.refit!('bazooka+minigun/-/retreat-drive/-')!)).toBe('minigun/-/retreat-drive/-');
    expect(kit.refit!('bazooka+laser-cannon/-/-/-')).toBeNull();
  });
});
