/**
 * `havoc reprice`'s beyond.csv: the parts of each sweep (round 0 the sweep
 * given) that no price within their budget makes fair (stats/beyond.ts), in
 * that sweep's points.
 */
import type { DataFile } from '../core/game.js';
import type { CsvTable } from '../report/htmlCsv.js';
import { beyondBudget, type BeyondPart as Beyond } from '../stats/beyond.js';
import { sweptParts } from './repriceRounds.js';

/** One part of one sweep beyond its budget, in that sweep's points. */
export interface BeyondPart extends Beyond {
  readonly round: number;
}

/** The parts of sweep `t` (round `round`, its points `k` times the data's) that no price in their range makes fair; `tol` as --tolerance. */
export const beyondOfSweep = (t: CsvTable, prices: NonNullable<DataFile['prices']>, data: unknown, k: number, tol: number, round: number): BeyondPart[] =>
  beyondBudget(sweptParts(t, prices, data, k, tol), prices.prices(data, k), tol).map((b) => ({ round, ...b }));

/** beyond.csv's rows. */
export const beyondTable = (rows: readonly BeyondPart[]): (string | number)[][] => [
  ['round', 'part', 'category', 'verdict', 'cost', 'least', 'most', 'fair_cost', 'fair_cost_lo', 'fair_cost_hi'],
  ...rows.map((b) => [b.round, b.part, b.category, b.verdict, b.cost, b.least, b.most, b.fair ?? '', b.lo ?? '', b.hi ?? '']),
];

/** The printout's line: each part beyond its budget with the sweeps it was beyond in, the most often first; null when none was. */
export function beyondLine(rows: readonly BeyondPart[], sweeps: number): string | null {
  if (rows.length === 0) return null;
  const by = new Map<string, BeyondPart[]>();
  const key = (b: BeyondPart): string => `${b.part}${b.verdict === 'under' ? '↑' : '↓'}`;
  for (const b of rows) by.set(key(b), [...(by.get(key(b)) ?? []), b]);
  const parts = [...by].sort((a, b) => b[1].length - a[1].length || (a[0] < b[0] ? -1 : 1)).map(([p, bs]) => `${p} in ${bs.length} of ${sweeps}`);
  return `beyond their budgets (beyond.csv: worth more than the most their price may be, or less than the least, by a sweep's own intervals): ${parts.join(', ')} sweeps — no price mends these; their budgets, or what they do, can`;
}
