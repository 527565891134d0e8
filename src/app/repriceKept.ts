/**
 * `havoc reprice`'s catalogue kept and its judgement: the changes kept part by
 * part (a change stays when its own round's sweep finds the parts it prices
 * fair, repriceParts.ts) or, with --aim support, the round kept whole; the
 * kept catalogue's comparison with the sweep given, and what became of each
 * part (prices.csv and the printout).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { csvText } from '../report/csv.js';
import { DATA_FILE } from '../store/folder.js';
import { priceFigure, priceSpan, type PriceRow } from '../report/priceList.js';
import { columns } from '../report/summary.js';
import { beyondRows, judgeParts, judgementSentences, keptChanges, outcomeCounts, pricesOf, standing, tallyAt, type PartJudgement, type RoundChange, type Standing } from './repriceParts.js';
import { num, partsOf } from './repriceRounds.js';
import { builds, scoreOf, sweepOn, type Ctx, type Kept, type RoundLog } from './repriceContext.js';

/** The catalogue given in the points of the rounds (--scale applied). */
export const givenScaled = (ctx: Ctx): string => (ctx.args.scale > 1 ? ctx.prices.withCosts(ctx.data.text, new Map(), ctx.args.scale, join(ctx.args.dir, DATA_FILE)) : ctx.data.text);

/** Each price's cost in a catalogue's text. */
export function costsOf(ctx: Ctx, text: string): Map<string, number> {
  const value = ctx.file.parse(text, join(ctx.out, DATA_FILE));
  return new Map([...ctx.prices.prices(value, 1)].map(([k, p]) => [k, p.cost]));
}

export const sameCosts = (a: ReadonlyMap<string, number>, b: ReadonlyMap<string, number>): boolean => a.size === b.size && [...a].every(([k, c]) => b.get(k) === c);

/** Each part's standing in a round's sweep, by its price list held to the tolerance (repriceParts.ts). */
export function standingsOf(ctx: Ctx, sweep: string): Map<string, Standing> {
  return new Map((pricesOf(sweep) ?? []).map((r) => [r.part, standing(r, ctx.scaledTol)]));
}

/** A part's own price (its cost is that one price, once), or null. */
export function ownPrice(ctx: Ctx, value: unknown, part: string): string | null {
  const m = ctx.prices.makeup(value, part);
  return m && m.size === 1 && [...m.values()][0] === 1 ? [...m.keys()][0] : null;
}

/** The parts a sweep of the rounds' points (its folder with its catalogue) finds beyond their budgets, by its price list (repriceParts.ts). */
export function beyondIn(ctx: Ctx, sweep: string, k = 1): Set<string> {
  const value = ctx.file.parse(readFileSync(join(sweep, DATA_FILE), 'utf8'), join(sweep, DATA_FILE));
  const ranges = ctx.prices.prices(value, k);
  const rangeOf = (part: string): readonly [number, number] | null => {
    const key = ownPrice(ctx, value, part);
    return key === null ? null : (ranges.get(key)?.range ?? null);
  };
  return beyondRows(pricesOf(sweep, k) ?? [], rangeOf, ctx.scaledTol);
}

/**
 * The catalogue kept by parts (the default aim): the catalogue given with every change that brought the parts it
 * prices within the tolerance in its own round's sweep, whatever the other parts did (keptChanges). Judged in a sweep of
 * its own: the round it is, or, when it is made of several rounds' changes, one more sweep with the same seed
 * (OUT/kept/). The catalogue given when no change was kept. Null when cancelled.
 */
export async function keptByParts(ctx: Ctx, log: readonly RoundLog[]): Promise<Kept | null> {
  const changes: RoundChange[] = log.flatMap((l) => {
    if (!l.dir || !l.flagged) return [];
    const ranges = ctx.prices.prices(ctx.file.parse(readFileSync(join(l.dir, DATA_FILE), 'utf8'), join(l.dir, DATA_FILE)), 1);
    return l.planned.map((c) => {
      const range = ranges.get(c.key)?.range;
      return { round: l.round, key: c.key, from: c.from, to: c.to, parts: c.parts, atLimit: range !== undefined && c.to === (c.to > c.from ? range[1] : range[0]) };
    });
  });
  const played = log.filter((l) => l.dir && l.flagged);
  const standings = new Map(played.map((l) => [l.round, standingsOf(ctx, join(l.dir!, 'sweep'))]));
  const past = new Map(played.map((l) => [l.round, beyondIn(ctx, join(l.dir!, 'sweep'))]));
  const kept = keptChanges(changes, (round) => standings.get(round) ?? new Map(), (round) => past.get(round) ?? new Set());
  const given = givenScaled(ctx);
  if (kept.size === 0)
    return { text: given, sweep: ctx.args.dir, k: ctx.args.scale, changed: false, round: null, said: `no change brought its part within the tolerance: the catalogue given stands (${join(ctx.out, DATA_FILE)}; rounds.csv in ${ctx.out}/)` };
  const text = ctx.prices.withCosts(ctx.data.text, new Map([...kept].map(([k, c]) => [k, c.to])), ctx.args.scale, join(ctx.args.dir, DATA_FILE));
  const want = costsOf(ctx, text);
  const same = log.find((l) => l.dir && l.flagged && sameCosts(costsOf(ctx, readFileSync(join(l.dir, DATA_FILE), 'utf8')), want));
  const list = [...kept.values()].map((c) => `${c.key} ${costsOf(ctx, given).get(c.key) ?? c.from}→${c.to} (round ${c.round})`).join(', ');
  const said = (where: string): string =>
    `kept: ${kept.size} change${kept.size === 1 ? '' : 's'} that brought ${kept.size === 1 ? 'its part' : 'their parts'} within the tolerance (or as far as a budget allows), whatever the others did: ${list}; the catalogue: ${join(ctx.out, DATA_FILE)}, judged in ${where}`;
  if (same) return { text, sweep: join(same.dir!, 'sweep'), k: 1, changed: true, round: same.round, said: said(`round ${same.round}'s sweep (it is that round's catalogue)`) };
  const dir = join(ctx.out, 'kept');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, DATA_FILE), text);
  const value = ctx.file.parse(text, join(dir, DATA_FILE));
  const parts = await sweepOn(ctx, join(dir, 'sweep'), `${ctx.run.name}-repriced-kept`, ctx.run.seed, text, value);
  if (!parts) return null;
  return { text, sweep: join(dir, 'sweep'), k: 1, changed: true, round: null, said: said(`its own sweep with the same seed (${join(dir, 'sweep')}/)`) };
}

/** The catalogue kept by --aim support: the round whose equilibrium mixed the most builds, more than the sweep given's; else the given. */
export function keptByRound(ctx: Ctx, log: readonly RoundLog[], best: { round: number; dir: string; count: number; score: number }): Kept {
  const givenScore = scoreOf(ctx, log[0]);
  if (best.round === 0)
    return { text: givenScaled(ctx), sweep: ctx.args.dir, k: ctx.args.scale, changed: false, round: null, said: `no round widened the equilibrium beyond the ${builds(best.score)} before: the catalogue stands (rounds.csv in ${ctx.out}/)` };
  return {
    text: readFileSync(join(best.dir, DATA_FILE), 'utf8'),
    sweep: join(best.dir, 'sweep'),
    k: 1,
    changed: true,
    round: best.round,
    said: `best: round ${best.round}, the equilibrium of the top ${ctx.args.meta} builds mixes ${best.score} against ${givenScore} before (${best.count} flagged against ${log[0].flagged!.length}); its catalogue: ${join(ctx.out, DATA_FILE)} (comparison.csv, rounds.csv and each round's sweep in ${ctx.out}/)`,
  };
}

/** comparison.csv: the kept catalogue's sweep's verdicts beside the first sweep's, both in the kept points. */
export function writeComparison(ctx: Ctx, kept: Kept): void {
  const k = ctx.args.scale, after = partsOf(kept.sweep);
  const afterBy = new Map(after.rows.map((r) => [r.part, r]));
  const times = (v: string | undefined, f: number): string => (num(v) === null ? '' : String(Number((num(v)! * f).toFixed(3))));
  const rows = ctx.first.rows.map((b) => {
    const a = afterBy.get(b.part);
    return [b.part, b.category, Number(b.listed_cost) * k, b.mispriced ?? '', times(b.fair_cost, k), times(a?.listed_cost, kept.k), a?.mispriced ?? '', times(a?.fair_cost, kept.k), times(a?.fair_cost_lo, kept.k), times(a?.fair_cost_hi, kept.k)];
  });
  writeFileSync(join(ctx.out, 'comparison.csv'), csvText([['part', 'category', 'cost_before', 'verdict_before', 'fair_before', 'cost_after', 'verdict_after', 'fair_after', 'fair_after_lo', 'fair_after_hi'], ...rows]));
}

/**
 * Each part judged: the sweep given's price list beside the kept catalogue's sweep's, in the kept points
 * (repriceParts.ts), with how many of the sweeps that played it at its kept cost (the rounds', the kept catalogue's,
 * the re-checks') find it within the tolerance.
 */
export function judgeKept(ctx: Ctx, kept: Kept, log: readonly RoundLog[]): PartJudgement[] {
  const before = pricesOf(ctx.args.dir, ctx.args.scale) ?? [];
  const after = pricesOf(kept.sweep, kept.k) ?? before;
  const listed = costsOf(ctx, givenScaled(ctx)), now = costsOf(ctx, kept.text);
  const value = ctx.file.parse(kept.text, join(ctx.out, DATA_FILE));
  // A part's cost: its one price's (a cost made of several prices, as a Hovercrafts ship's, is its price list's listed cost).
  const own = (part: string): string | null => ownPrice(ctx, value, part);
  const costs = (part: string) => {
    const key = own(part), b = before.find((r) => r.part === part)!;
    return key !== null && listed.has(key) ? { listed: listed.get(key)!, kept: now.get(key)! } : { listed: b.listed, kept: after.find((r) => r.part === part)?.listed ?? b.listed };
  };
  const rechecks = existsSync(ctx.out) ? readdirSync(ctx.out).filter((f) => /^recheck-after(-\d+)?$/.test(f)).map((f) => join(ctx.out, f)) : [];
  const dirs = [...log.filter((l) => l.dir && l.flagged).map((l) => join(l.dir!, 'sweep')), ...(kept.k === 1 && kept.round === null ? [kept.sweep] : []), ...rechecks];
  const sweeps = dirs.map((dir) => {
    const c = costsOf(ctx, readFileSync(join(dir, DATA_FILE), 'utf8'));
    return { rows: new Map((pricesOf(dir) ?? []).map((r) => [r.part, r])), cost: (part: string): number | null => { const key = own(part); return key === null ? null : (c.get(key) ?? null); } };
  });
  const tally = (part: string) => {
    const key = own(part);
    return key === null ? null : tallyAt(sweeps, part, now.get(key)!, ctx.scaledTol);
  };
  return judgeParts(before, after, costs, beyondIn(ctx, kept.sweep, kept.k), ctx.scaledTol, tally);
}

/** The printout's per-part lines: a count each way, a line a part to act on or fixed, in words; the quiet ones a line each way (prices.csv has every part). */
export function judgementLines(rows: readonly PartJudgement[], out: string): string[] {
  if (!rows.length) return [];
  const { loud, quiet } = judgementSentences(rows);
  const n = (x: number | null): string => (x === null ? '' : priceFigure(x));
  const table = columns(
    [['part', 'listed', 'kept', 'worth', 'interval', 'games', 'status'], ...loud.map((r) => [r.part, String(r.listed), String(r.kept), n(r.worth), priceSpan({ lo: r.lo, hi: r.hi } as PriceRow), String(r.games), r.outcome])],
    [0, 4, 6],
  );
  return [`each part, judged in the kept catalogue's sweep (${join(out, 'prices.csv')}): ${outcomeCounts(rows)}`, ...(loud.length ? [table] : []), ...loud.map((r) => `  ${r.sentence}`), ...quiet.map((x) => `  ${x}`)];
}
