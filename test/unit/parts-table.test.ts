/**
 * parts.csv's verdicts (src/report/tables.ts partsTable): a part the test of
 * value above price flags keeps its flag whatever the width of its fair
 * cost's interval; only the estimate is left out (`too-little-data`).
 */
import { describe, expect, it } from 'vitest';
import { partsTable, vagueParts } from '../../src/report/tables.js';
import type { PartEffectsResult } from '../../src/stats/partEffects.js';

const raw = { nWith: 40, winRateWith: 0.8, nWithout: 80, winRateWithout: 0.4, diff: 0.4, diffLo: 0.2, diffHi: 0.6 };
const part = (key: string, o: Record<string, unknown>) => ({
  key, category: 'armour-engine', listedCost: 2, beta: 1.6, betaSe: 0.08, fairCost: 21, lo: 13, hi: 3000, excess: 1.4, excessSe: 0.1, z: 14, pValue: 4e-70, adjustedP: 1.6e-68,
  level: 0.001, zCrit: 3.3, mispriced: 'under', reason: null, anchor: false, raw, ...o,
});
/** tank-treads flagged with an interval far wider than 4 times its category's largest cost (as a sweep gave it); mark-i fair. */
const model = {
  parts: [part('tank-treads', {}), part('mark-i', { listedCost: 4, fairCost: 4.2, lo: 3.1, hi: 5.5, pValue: 0.7, adjustedP: 1, mispriced: null })],
} as unknown as PartEffectsResult;

describe("parts.csv's verdicts", () => {
  const t = partsTable(model);
  const row = (key: string) => Object.fromEntries(t.header.map((h, i) => [h, t.rows.find((r) => r[0] === key)![i]]));

  it('keep a flag whose fair-cost interval is too wide to print, and leave out only the estimate', () => {
    expect([...vagueParts(model)]).toEqual(['tank-treads']);
    expect(row('tank-treads')).toMatchObject({ mispriced: 'under', note: 'too-little-data', fair_cost: '', fair_cost_lo: '', delta: '', adjusted_p: '1.6e-68' });
  });

  it('print an estimate that fits, flagged or not', () => {
    expect(row('mark-i')).toMatchObject({ mispriced: '', note: '', fair_cost: '4.200', fair_cost_lo: '3.100', fair_cost_hi: '5.500' });
  });
});
