/**
 * What a round of `havoc reprice` changes, read from the sweep it starts from:
 * its verdicts (parts.csv: each flagged part's price toward its fair cost,
 * stats/reprice.ts; `--tolerance` lets a price close enough stand) or, with
 * `--aim support`, its metagame (stats/metaPrices.ts: a point up for parts in
 * most of the equilibrium's weight, a point down for parts it never plays).
 */
import { join } from 'node:path';
import type { DataFile } from '../core/game.js';
import { HavocError } from '../core/errors.js';
import { readCsv, type CsvTable } from '../report/htmlCsv.js';
import type { MetaResult } from '../report/meta/analysis.js';
import { metaChanges, voteOf } from '../stats/metaPrices.js';
import { planPrices, type PlannedChange, type SweptPart } from '../stats/reprice.js';

export const num = (v: string | undefined): number | null => (v === undefined || v.trim() === '' || !Number.isFinite(Number(v)) ? null : Number(v));
const verdict = (v: string | undefined): 'under' | 'over' | null => (v === 'under' || v === 'over' ? v : null);

/** parts.csv of a run folder, or an error saying what the folder lacks. */
export function partsOf(dir: string): CsvTable {
  const t = readCsv(join(dir, 'parts.csv'));
  if (!t || t.rows.length === 0) throw new HavocError('ERR_ARGS', dir, 'has no parts.csv with rows: reprice a finished sweep (havoc sweep) of a ruleset whose builds are made of priced parts');
  return t;
}

/**
 * A parts.csv row's verdict, unless its fair-cost interval comes within
 * `tol` points (the table's own) of its listed cost: --tolerance, a price
 * close enough. The end that faces the listed cost is what counts, so a
 * bound (worth at least `fair_cost_lo`, or at most `fair_cost_hi`) is held
 * to it as an interval is. A verdict with neither (its category's point
 * value not determined and no bound, or its interval too wide to print)
 * says only which way, and stands.
 */
function verdictWithin(r: Record<string, string>, tol: number): 'under' | 'over' | null {
  const v = verdict(r.mispriced), listed = Number(r.listed_cost);
  const end = v === 'under' ? num(r.fair_cost_lo) : num(r.fair_cost_hi);
  if (!v || tol <= 0 || end === null) return v;
  return (v === 'under' ? end > listed + tol : end < listed - tol) ? v : null;
}

/** The flagged parts of a parts.csv, `part↑` (underpriced) or `part↓`, beyond `tol` points of the table's own. */
export const flagged = (t: CsvTable, tol: number): string[] =>
  t.rows.flatMap((r) => {
    const v = verdictWithin(r, tol);
    return v ? [`${r.part}${v === 'under' ? '↑' : '↓'}`] : [];
  });

/** A round's plan: the prices that move (strongest first), the parts voting, the prices as they are, and those --lower holds. */
export interface RoundPlan {
  moved: PlannedChange[];
  flaggedCount: number;
  priced: ReturnType<NonNullable<DataFile['prices']>['prices']>;
  under: Set<string>;
}

/** A sweep's parts as a round reads them: costs and intervals in points ×`k`, verdicts within `tol` (verdictWithin), what each cost is made of. */
export function sweptParts(t: CsvTable, prices: NonNullable<DataFile['prices']>, data: unknown, k: number, tol: number): SweptPart[] {
  const times = (x: number | null): number | null => (x === null ? null : x * k);
  return t.rows.map((r) => ({
    key: r.part,
    category: r.category,
    listed: Number(r.listed_cost) * k,
    fair: times(num(r.fair_cost)),
    lo: times(num(r.fair_cost_lo)),
    hi: times(num(r.fair_cost_hi)),
    mispriced: verdictWithin(r, tol),
    makeup: prices.makeup(data, r.part),
    p: num(r.adjusted_p) ?? 1,
  }));
}

/** The changes a round makes: the prices that move, strongest evidence (smallest adjusted p) first, at most `step`. */
export function roundChanges(t: CsvTable, prices: NonNullable<DataFile['prices']>, data: unknown, k: number, tol: number): RoundPlan {
  const parts = sweptParts(t, prices, data, k, tol);
  const priced = prices.prices(data, k);
  const changes = planPrices(parts, priced);
  // The prices of parts flagged under: --lower holds them and prices the rest of their budget down.
  const under = new Set(parts.filter((p) => p.mispriced === 'under').flatMap((p) => [...(p.makeup?.keys() ?? [])]));
  return { moved: changes.filter((c) => c.to !== c.from).sort((a, b) => a.p - b.p), flaggedCount: parts.filter((p) => p.mispriced).length, priced, under };
}

/**
 * The changes a round makes with --aim support: a point up for each part in builds carrying at least `upShare` of the
 * metagame's equilibrium weight, a point down for each the top builds hold and the equilibrium never plays (metaPrices.ts).
 */
export function supportChanges(meta: MetaResult, prices: NonNullable<DataFile['prices']>, data: unknown, k: number, upShare: number): RoundPlan {
  const priced = prices.prices(data, k);
  const parts = meta.partRows.map((r) => ({ key: r.part, share: r.share, alphaShare: r.alphaShare, builds: r.builds, supportBuilds: r.supportBuilds, makeup: prices.makeup(data, r.part) }));
  const moved = metaChanges(parts, priced, upShare);
  const voted = parts.filter((p) => voteOf(p, upShare));
  const under = new Set(moved.filter((c) => c.to > c.from).map((c) => c.key));
  return { moved, flaggedCount: voted.length, priced, under };
}
