import { describe, expect, it } from 'vitest';
import { priceList } from '../../src/report/priceList.js';
import { pooledLine } from '../../src/report/summary.js';
import type { PartEffect, PartEffectsResult } from '../../src/stats/partEffects.js';

const nan = Number.NaN;
/** A part the sweep tested but could not price: its category's point value, own or pooled, not clear of 0 at z 3.11. */
const unpriced = (key: string, from: 'own' | 'pooled', bound: PartEffect['bound']): PartEffect => ({
  key, category: 'weapon', listedCost: 1, beta: 0.4, betaSe: 0.1, fairCost: nan, fairCostSe: nan, excess: 0.2, excessSe: 0.1, z: 2, pValue: 0.05, adjustedP: 1,
  level: 0.002, zCrit: 3.11, lo: nan, hi: nan, bound, pointValueFrom: from, mispriced: null, reason: 'point-value-not-determined', anchor: true,
  raw: { nWith: 1000, nWithout: 7000, winRateWith: 0.5, winRateWithout: 0.5, diff: 0, diffLo: 0, diffHi: 0 },
});
const model = (parts: PartEffect[]): PartEffectsResult => ({
  parts,
  // npm start's weapons (seed 1): 0.164 ± 0.072 alone, 0.195 ± 0.065 pooled.
  categories: [
    { category: 'weapon', pointValue: 0.164, pointValueSe: 0.072, parts: 17, listedTotal: 25, pooledValue: 0.195, pooledSe: 0.065 },
    { category: 'armour-engine', pointValue: 0.092, pointValueSe: 0.051, parts: 13, listedTotal: 21, pooledValue: 0.101, pooledSe: 0.051 },
  ],
  pooling: { omega: 0.12, q: 2.4, df: 2 }, seatAdvantage: null, dispersion: 1, loadoutSpread: 0.5, tested: parts.length, alpha: 0.05, logLik: 0, rank: parts.length,
  converged: true, matches: 4000, anchorRounds: 1, anchorStable: true, anchorUsed: 'robust',
});
const ctx = { bots: 'greedy', matches: 4000 };

describe('an unpriced part is judged in the point value its category\'s worths are in', () => {
  it('pooled: the sentence gives the pooled value and the matches it needs; own: the own ones', () => {
    const [pooled] = priceList(model([unpriced('mines', 'pooled', null)]), ctx);
    // 4,000 × (3.11 × 0.065 / 0.195)² = 4,298: about 4,300 matches.
    expect(pooled!.sentence).toBe("mines: no price yet: this sweep cannot yet tell what a weapon point is worth in wins (0.20 ± 0.07 logits a point, pooled with the other categories'); about 4,300 matches in all would.");
    expect(pooled!.pooled).toBe(true);
    const [own] = priceList(model([unpriced('mines', 'own', null)]), ctx);
    // 4,000 × (3.11 × 0.072 / 0.164)² = 7,457.
    expect(own!.sentence).toBe('mines: no price yet: this sweep cannot yet tell what a weapon point is worth in wins (0.16 ± 0.07 logits a point); about 7,500 matches in all would.');
    expect(own!.pooled).toBe(false);
    // An armour-engine point, not "a armour-engine".
    const [armour] = priceList(model([{ ...unpriced('mark-i', 'own', null), category: 'armour-engine' }]), ctx);
    expect(armour!.sentence).toMatch(/what an armour-engine point is worth in wins/);
  });

  it('the pooled line says what of theirs is pooled: here bounds, not worths', () => {
    const rows = priceList(model([unpriced('bazooka', 'pooled', { lo: 2.01, hi: Number.POSITIVE_INFINITY }), unpriced('mines', 'pooled', null)]), ctx);
    expect(rows[0]!.lo).toBe(2.01);
    const pv = { pointValues: [{ category: 'weapon', pointValue: 0.164, se: 0.072, pooled: 0.195, pooledSe: 0.065 }], pooling: { omega: 0.12, q: 2.4, df: 2 } };
    expect(pooledLine(pv as never, rows)).toBe(
      "weapon bounds are in a point value pooled across categories, their own not yet clear of 0 (logits a point: weapon 0.16 ± 0.07 alone, 0.20 ± 0.07 pooled; the categories' point values spread by 0.12 logits a point (Q 2.40 on 2 df))",
    );
    expect(pooledLine(pv as never, priceList(model([unpriced('mines', 'own', null)]), ctx))).toBeNull();
  });
});
