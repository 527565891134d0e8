/**
 * The parts no price within their budget could make fair, by a sweep's own
 * evidence (`havoc reprice`'s beyond.csv): flagged under with their fair-cost
 * interval, or their bound, wholly above the most their price may be, or
 * flagged over with it wholly below the least. A reprice cannot mend such a
 * part; its budget or what it does can. A part counts where its cost is one
 * price (NHM's every part, a Hovercrafts stat point, a Battle Engine piece's
 * pay grade, which other pieces may share: none of the grade's prices makes
 * this piece fair either); a cost made of several prices is left out.
 */
import type { DataFile } from '../core/game.js';
import type { CsvTable } from '../report/htmlCsv.js';
import { sweptParts } from './repriceRounds.js';

/** One part of one sweep beyond its budget, in that sweep's points. */
export interface BeyondPart {
  readonly round: number;
  readonly part: string;
  readonly category: string;
  readonly verdict: 'under' | 'over';
  readonly cost: number;
  /** The least and the most its price may be. */
  readonly least: number;
  readonly most: number;
  readonly fair: number | null;
  readonly lo: number | null;
  readonly hi: number | null;
}

/** The parts of sweep `t` (round `round`, its points `k` times the data's) that no price in their range makes fair; `tol` as --tolerance. */
export function beyondBudget(t: CsvTable, prices: NonNullable<DataFile['prices']>, data: unknown, k: number, tol: number, round: number): BeyondPart[] {
  const priced = prices.prices(data, k);
  return sweptParts(t, prices, data, k, tol).flatMap((p): BeyondPart[] => {
    if (!p.mispriced || !p.makeup || p.makeup.size !== 1) return [];
    const [[key, n]] = [...p.makeup];
    const price = priced.get(key);
    if (!price || n !== 1) return [];
    const [least, most] = price.range;
    const beyond = p.mispriced === 'under' ? p.lo !== null && p.lo > most : p.hi !== null && p.hi < least;
    return beyond ? [{ round, part: p.key, category: p.category, verdict: p.mispriced, cost: price.cost, least, most, fair: p.fair, lo: p.lo, hi: p.hi }] : [];
  });
}

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
