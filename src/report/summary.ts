/**
 * Writing a run's tables (always rebuilt from matches.csv) and summary.json,
 * and the short report printed at the end of a run.
 */
import { join } from 'node:path';
import type { RunConfig } from '../config/index.js';
import { scheduleTotal } from '../config/total.js';
import { writeAtomic } from '../store/folder.js';
import { readMatches } from '../store/records.js';
import { buildResolver, figuresOf, seatsOf } from '../run/schedule.js';
import { matchTeams } from '../run/teams.js';
import { rulesetById } from '../rules/registry.js';
import type { Shard } from '../store/shard.js';
import { HavocError } from '../core/errors.js';
import { isObject } from '../core/json.js';
import { withRunData } from '../config/data.js';
import { beyondBudget } from '../stats/beyond.js';
import type { PartEffect } from '../stats/partEffects.js';
import { Aggregate } from './aggregate.js';
import { priceFigure, priceList, priceSentences, priceSpan, type PriceRow } from './priceList.js';
import { additivityTest, entityTable, fairEnds, fmt, fmtP, keyOf, matchupTable, partModel, partsTable, printsFairCost, PRIOR_DRAWS, rate, ratingsTable, tableCsv, vagueParts, type Table } from './tables.js';

export const TABLE_FILES = ['matches.csv', 'loadouts.csv', 'bots.csv', 'parts.csv', 'matchups.csv', 'ratings.csv', 'summary.json'] as const;

/** How long this session took (kept apart: it is the only part of the output that varies). */
export interface Timing {
  readonly seconds: number;
  readonly playedThisSession: number;
  readonly matchesPerSecond: number;
  readonly workers: number;
  /** The workers' own time playing this session's batches, summed over workers (a match's cost, apart from waiting). */
  readonly workerSeconds: number;
}

/** summary.json. */
export interface Summary {
  readonly format: 'havoc-summary/1';
  readonly name: string;
  readonly ruleset: string;
  readonly rulesVersion: string;
  /** The hash of the ruleset's data file (NHM: its parts catalogue); absent when it reads none. */
  readonly catalogueHash?: string;
  readonly seed: string;
  readonly between: string;
  readonly shard: Shard | null;
  readonly matches: {
    readonly scheduled: number;
    readonly played: number;
    readonly complete: boolean;
    readonly draws: number;
    readonly reasons: Record<string, number>;
    readonly faults: number;
    readonly meanTurns: number;
  };
  /** How many of each played; `teams` in a contest between teams. */
  readonly counts: { readonly bots: number; readonly loadouts: number; readonly teams?: number };
  readonly ratings: {
    readonly of: string;
    readonly fitted: boolean;
    readonly note: string | null;
    /** Virtual draws added between every pair that met (tables.ts PRIOR_DRAWS). */
    readonly priorDraws: number;
    readonly seatAdvantage: { value: number; se: number } | null;
  };
  readonly parts: {
    readonly tested: number;
    /**
     * Each flagged part; `fairCost` null where the table prints none (point value not determined, too little data),
     * and then `atLeast` or `atMost` where the part has a bound (PartEffect.bound: its worth if a point is worth anything).
     */
    readonly mispriced: { readonly part: string; readonly flag: string; readonly fairCost: number | null; readonly listedCost: number; readonly atLeast?: number; readonly atMost?: number }[];
    /**
     * The flagged parts no price within their budget makes fair (stats/beyond.ts): their interval, or bound,
     * wholly above the most their price may be (`most`) or below the least. Where the data sets prices.
     */
    readonly beyondBudget?: readonly { readonly part: string; readonly flag: 'under' | 'over'; readonly listedCost: number; readonly least: number; readonly most: number; readonly lo: number | null; readonly hi: number | null }[];
    readonly alpha: number;
    readonly anchor: string;
    /** The anchor the verdicts rest on: the configured one when its rounds settled, else 'all' (stats/partEffects.ts). */
    readonly anchorUsed: 'all' | 'unflagged' | 'robust';
    readonly anchorConverged: boolean;
    readonly anchorRounds: number;
    /** The likelihood-ratio test of loadouts against the sum of their parts (tables.ts additivityTest); null when nothing to compare. */
    readonly additivity: { lr: number; df: number; p: number } | null;
    /** σ̂, the loadouts' own spread in logits, and φ, the draws' dispersion, that the part SEs carry (stats/loadoutSpread.ts). */
    readonly loadoutSpread: number;
    readonly dispersion: number;
    readonly converged: boolean;
    readonly seatAdvantage: { value: number; se: number } | null;
    /** Each category's own point value, and pooled with the others' (stats/pooledPointValue.ts: what the worths of its parts use where its own is not determined; absent where not pooled). */
    readonly pointValues: { category: string; pointValue: number; se: number; pooled?: number; pooledSe?: number }[];
    /** The categories' point values' spread ω and Cochran's Q on df, the test that they agree; null with fewer than two categories priced. */
    readonly pooling?: { omega: number; q: number; df: number } | null;
    /** Who played the sweep: the verdicts are theirs. */
    readonly playedBy: string;
    /** What each part should cost (priceList.ts): the answer the printout and the report lead with. */
    readonly prices: readonly PriceRow[];
  };
  readonly tables: readonly string[];
  readonly config: RunConfig;
  readonly timing: Timing | null;
}

/** The tables of a run folder, with their summary. */
export interface RunTables {
  readonly summary: Summary;
  readonly tables: Record<'loadouts' | 'bots' | 'parts' | 'matchups' | 'ratings', Table> & { readonly teams?: Table };
}

/**
 * Rebuilds every table of a run folder from its matches.csv and writes them
 * with summary.json. `scheduled` is the number of matches the folder's slice
 * holds; `timing` goes into summary.json only.
 */
export function writeTables(dir: string, run: RunConfig, data: unknown, shard: Shard | null, scheduled: number, timing: Timing | null): RunTables {
  const k = seatsOf(run);
  const sides = matchTeams(run);
  const agg = new Aggregate(k, sides);
  // Which ids were seen: a bit per id of the run (a Set of a million ids is 19.5 MB, more while
  // it rehashes); a Set only for ids outside the run, which a valid folder does not hold.
  const seen = new Uint8Array(Math.ceil(scheduleTotal(run) / 8));
  const others = new Set<number>();
  const figures = figuresOf(run);
  readMatches(join(dir, 'matches.csv'), k, (r) => {
    const id = r.id, inRun = id >= 0 && id < seen.length * 8, byte = id >>> 3, bit = 1 << (id & 7);
    if (inRun ? seen[byte] & bit : others.has(id)) throw new HavocError('ERR_MATCHES', join(dir, 'matches.csv'), `match ${id} appears twice`);
    if (inRun) seen[byte] |= bit;
    else others.add(id);
    agg.add(r);
  }, false, figures);
  const mod = withRunData(rulesetById(run.ruleset), data);
  const build = buildResolver(run, mod);
  const stats = run.stats;
  // In a contest between teams a seat meets the other side's seats only (aggregate.ts).
  const opponents = sides ? k / 2 : k - 1;
  const botR = rate(agg.bots, k, stats.maxRated, opponents);
  const loadR = rate(agg.loadouts, k, stats.maxRated, opponents);
  const teamR = sides ? rate(agg.teams, 2, stats.maxRated) : null;
  const dim = run.between === 'teams' ? agg.teams : run.between === 'bots' ? agg.bots : agg.loadouts;
  const dimR = teamR ?? (run.between === 'bots' ? botR : loadR);
  const model = partModel(agg, mod, build, run);
  const vague = vagueParts(model);
  const additivity = additivityTest(agg.loadouts, k, model);
  const tables = {
    loadouts: entityTable(agg.loadouts, 'loadout', loadR, keyOf(mod, build), mod.figures[0], (name) => mod.builds.cost(build(name))),
    bots: entityTable(agg.bots, 'bot', botR, undefined, mod.figures[0]),
    parts: partsTable(model),
    matchups: matchupTable(dim),
    ratings: ratingsTable(dim, dimR),
    ...(teamR ? { teams: entityTable(agg.teams, 'team', teamR, teamLineUp(run), mod.figures[0]) } : {}),
  };
  for (const [name, t] of Object.entries(tables)) writeAtomic(join(dir, `${name}.csv`), tableCsv(t));
  const summary: Summary = {
    format: 'havoc-summary/1',
    name: run.name,
    ruleset: run.ruleset,
    rulesVersion: run.rulesVersion,
    ...(run.catalogueHash !== undefined ? { catalogueHash: run.catalogueHash } : {}),
    seed: run.seed,
    between: run.between,
    shard,
    matches: {
      scheduled,
      played: agg.matches,
      complete: agg.matches === scheduled,
      draws: agg.draws,
      reasons: Object.fromEntries([...agg.reasons].sort((a, b) => (a[0] < b[0] ? -1 : 1))),
      faults: agg.faults,
      meanTurns: Number(fmt(agg.matches ? agg.turns / agg.matches : 0, 3)),
    },
    counts: { bots: agg.bots.names.length, loadouts: agg.loadouts.names.length, ...(sides ? { teams: agg.teams.names.length } : {}) },
    ratings: { of: run.between, fitted: dimR.fitted, note: dimR.note, priorDraws: PRIOR_DRAWS, seatAdvantage: round(dimR.seatAdvantage) },
    parts: {
      tested: model.tested,
      mispriced: model.parts
        .filter((p) => p.mispriced)
        .map((p) => ({
          part: p.key,
          flag: p.mispriced!,
          fairCost: printsFairCost(p, vague) ? Number(fmt(p.fairCost, 3)) : null,
          listedCost: p.listedCost,
          ...(p.bound && Number.isFinite(p.bound.lo) ? { atLeast: Number(fmt(p.bound.lo, 3)) } : {}),
          ...(p.bound && Number.isFinite(p.bound.hi) ? { atMost: Number(fmt(p.bound.hi, 3)) } : {}),
        })),
      ...beyondOf(run, data, model.parts, vague),
      alpha: model.alpha,
      anchor: stats.anchor,
      anchorUsed: model.anchorUsed,
      anchorConverged: model.anchorStable,
      anchorRounds: model.anchorRounds,
      additivity: additivity && { lr: Number(fmt(additivity.lr, 2)), df: additivity.df, p: Number(fmtP(additivity.p)) },
      loadoutSpread: Number(fmt(model.loadoutSpread, 4)) || 0,
      dispersion: Number(fmt(model.dispersion, 4)) || 0,
      converged: model.converged,
      seatAdvantage: round(model.seatAdvantage),
      pointValues: model.categories.map((c) => ({
        category: c.category,
        pointValue: Number(fmt(c.pointValue, 6)) || 0,
        se: Number(fmt(c.pointValueSe, 6)) || 0,
        ...(Number.isFinite(c.pooledValue) ? { pooled: Number(fmt(c.pooledValue, 6)), pooledSe: Number(fmt(c.pooledSe, 6)) } : {}),
      })),
      pooling: model.pooling && { omega: Number(fmt(model.pooling.omega, 4)) || 0, q: Number(fmt(model.pooling.q, 3)), df: model.pooling.df },
      playedBy: playedBy(run),
      prices: priceList(model, { bots: playedBy(run), matches: agg.matches, range: rangeOf(run, data) }).map(roundRow),
    },
    tables: sides ? [...TABLE_FILES.slice(0, -1), 'teams.csv', 'summary.json'] : [...TABLE_FILES],
    config: run,
    timing,
  };
  writeAtomic(join(dir, 'summary.json'), JSON.stringify(summary, null, 2) + '\n');
  return { summary, tables };
}

/**
 * summary.json's `beyondBudget` where the run's data sets prices: the flagged parts whose interval, or
 * bound, as parts.csv prints it, lies past every cost their price may take.
 */
function beyondOf(run: RunConfig, data: unknown, parts: readonly PartEffect[], vague: ReadonlySet<string>): Pick<Summary['parts'], 'beyondBudget'> {
  const prices = rulesetById(run.ruleset).data?.prices;
  if (!prices || data === undefined) return {};
  const printed = (x: number): number | null => (Number.isFinite(x) ? Number(fmt(x, 3)) : null);
  const swept = parts.map((p) => {
    const e = fairEnds(p, vague);
    return {
      key: p.key,
      category: p.category,
      fair: printsFairCost(p, vague) ? printed(p.fairCost) : null,
      lo: printed(e.lo),
      hi: printed(e.hi),
      mispriced: p.mispriced,
      makeup: prices.makeup(data, p.key),
    };
  });
  const beyond = beyondBudget(swept, prices.prices(data, 1));
  return { beyondBudget: beyond.map((b) => ({ part: b.part, flag: b.verdict, listedCost: b.cost, least: b.least, most: b.most, lo: b.lo, hi: b.hi })) };
}

/** The bots a run's verdicts belong to, as a sentence names them ("greedy", "random and greedy"). */
export const playedBy = (run: RunConfig): string => {
  const names = run.bots.map((b) => b.name);
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
};

/** The least and the most whole price of a part whose cost is one price of the run's data (NHM: 1 to its budget). */
function rangeOf(run: RunConfig, data: unknown): ((part: string) => readonly [number, number] | null) | undefined {
  const prices = rulesetById(run.ruleset).data?.prices;
  if (!prices || data === undefined) return undefined;
  const all = prices.prices(data, 1);
  return (part) => {
    const makeup = prices.makeup(data, part);
    if (!makeup || makeup.size !== 1) return null;
    const [[key, n]] = [...makeup];
    return n === 1 ? (all.get(key)?.range ?? null) : null;
  };
}

const roundRow = (r: PriceRow): PriceRow => ({ ...r, worth: r.worth === null ? null : Number(fmt(r.worth, 3)), lo: r.lo === null ? null : Number(fmt(r.lo, 3)), hi: r.hi === null ? null : Number(fmt(r.hi, 3)) });

/** What the parts beyond their budgets are: the printout's line and the report's row say it first. */
export const BEYOND = 'no whole price their budget allows makes these fair (their budget, or what they do, is the question)';

/** The parts beyond their budgets (summary.json `beyondBudget`), a phrase each: the printout's line and the report's row. */
export const beyondPhrases = (parts: readonly unknown[]): string[] => parts.flatMap((b) => (isObject(b) ? [beyondPhrase(b)] : []));

/** One part beyond its budget: what it is worth, and the most (or least) its price may be. */
function beyondPhrase(b: Record<string, unknown>): string {
  const { part, flag, lo, hi, least, most } = b;
  const worth = typeof lo === 'number' && typeof hi === 'number' ? `worth ${lo} to ${hi}` : typeof lo === 'number' ? `worth at least ${lo}` : `worth at most ${hi}`;
  return flag === 'under' ? `${part} ${worth}, its price at most ${most} (its budget)` : `${part} ${worth}, its price at least ${least} (the least whole price)`;
}

/** A team's bots, side seats in order, joined with "+" (the key column of teams.csv). */
const teamLineUp = (run: RunConfig) => (name: string): string => run.teams?.find((t) => t.name === name)?.bots.join('+') ?? '';

const round = (x: { value: number; se: number } | null): { value: number; se: number } | null =>
  x && { value: Number(fmt(x.value, 6)), se: Number(fmt(x.se, 6)) };

/** Lays out rows as aligned text columns (columns in `left` flush left, the rest flush right). */
export function columns(rows: string[][], left: readonly number[]): string {
  const w = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  return rows.map((r) => ('  ' + r.map((s, c) => (left.includes(c) ? s.padEnd(w[c]) : s.padStart(w[c]))).join('  ')).trimEnd()).join('\n');
}

/** The printout's price list: every part's listed and suggested cost, worth and games, then what to do in words. */
function priceLines(s: Summary, prices: readonly PriceRow[]): string[] {
  const n = (x: number | null): string => (x === null ? '' : priceFigure(x));
  const flagged = prices.filter((r) => r.status === 'underpriced' || r.status === 'overpriced').length;
  const priced = prices.filter((r) => r.worth !== null).length;
  const out = [
    `what each part should cost, played by ${s.parts.playedBy} (${s.matches.played} matches): ${flagged} to change, ${priced} of ${prices.length} priced; worth = the cost at which it would play fair, in its category's points:`,
    columns([['part', 'category', 'listed', 'suggested', 'worth', 'interval', 'games', 'status'], ...prices.map((r) => [r.part, r.category, String(r.listed), n(r.suggested), n(r.worth), priceSpan(r), String(r.games), r.status])], [0, 1, 5, 7]),
  ];
  for (const line of priceSentences(prices)) out.push(`  ${line}`);
  const pooled = pooledLine(s.parts, prices);
  if (pooled) out.push(`  ${pooled}`);
  out.push(`  (how this was computed: parts.csv and docs/statistics.md; intervals at the level the verdicts were tested, family-wise ${s.parts.alpha}, Holm)`);
  return out;
}

/** The line naming the categories whose worths are in a point value pooled across categories, with both values and the test that the categories agree; null when none is. */
export function pooledLine(parts: Pick<Summary['parts'], 'pointValues' | 'pooling'>, prices: readonly PriceRow[]): string | null {
  const cats = [...new Set(prices.filter((r) => r.pooled).map((r) => r.category))];
  if (!cats.length) return null;
  const pv = (c: string) => parts.pointValues.find((x) => x.category === c);
  const f = (x: number | undefined) => (x ?? Number.NaN).toFixed(2);
  const each = cats.map((c) => `${c} ${f(pv(c)?.pointValue)} ± ${f(pv(c)?.se)} alone, ${f(pv(c)?.pooled)} ± ${f(pv(c)?.pooledSe)} pooled`).join('; ');
  const p = parts.pooling;
  const agree = p ? `; the categories' point values ${p.omega === 0 ? 'agree within their errors' : `spread by ${p.omega.toFixed(2)} logits a point`} (Q ${p.q.toFixed(2)} on ${p.df} df)` : '';
  // What of theirs is in the pooled value: worths, the "at least"/"at most" of the parts it does not price, or only how many matches would price them.
  const rows = prices.filter((r) => r.pooled);
  const worths = rows.some((r) => r.worth !== null), bounds = rows.some((r) => r.worth === null && (r.lo !== null || r.hi !== null));
  const what = worths && bounds ? 'worths and bounds are' : worths ? 'worths are' : bounds ? 'bounds are' : 'prices are judged';
  return `${cats.join(' and ')} ${what} in a point value pooled across categories, their own not yet clear of 0 (logits a point: ${each}${agree})`;
}

/** The end-of-run report: the top of the contest and part tables, and where the tables are. */
export function formatReport(dir: string, t: RunTables, top = 10): string {
  const s = t.summary;
  const lines: string[] = [];
  const m = s.matches;
  const reasons = Object.entries(m.reasons).map(([k, v]) => `${v} ${k}`).join(', ');
  lines.push(`${s.name}: ${m.played} matches (${s.ruleset}, seed ${s.seed}${s.shard ? `, shard ${s.shard.index}/${s.shard.count}` : ''}): ${reasons}; mean ${m.meanTurns} turns`);
  // A sweep of builds made of priced parts (NHM): what each part should cost comes first.
  const prices = s.between === 'loadouts' && rulesetById(s.ruleset).builds.components ? (s.parts.prices ?? []) : [];
  if (prices.length) lines.push(...priceLines(s, prices));
  const contest = s.between === 'teams' && t.tables.teams ? t.tables.teams : s.between === 'bots' ? t.tables.bots : t.tables.loadouts;
  const pick = (tb: Table, cols: string[]) => tb.rows.map((r) => cols.map((c) => r[tb.header.indexOf(c)] ?? ''));
  const label = s.between === 'teams' ? 'team' : s.between === 'bots' ? 'bot' : 'loadout';
  const rows = pick(contest, ['rank', label, 'games', 'win_rate', 'win_rate_lo', 'win_rate_hi', 'rating']);
  lines.push(`top ${Math.min(top, rows.length)} of ${rows.length} ${s.between} (win rate, draws half, 95% interval; rating on the Elo scale):`);
  lines.push(columns([['#', label, 'games', 'win', 'lo', 'hi', 'rating'], ...rows.slice(0, top)], [1]));
  lines.push(`tables: ${dir}/ (${s.tables.join(', ')})`);
  return lines.join('\n') + '\n';
}

