/**
 * The tables of a run, computed from its tallies: per bot and per loadout
 * (win rates with Wilson intervals, Bradley–Terry ratings on the Elo scale),
 * head-to-head matchups, ratings of what the run compares, and per part the
 * raw with/without win rates and the fair-cost model of src/stats.
 *
 * Inputs to every fit are sorted by name first, and numbers are written with
 * fixed decimals, so the same matches give the same bytes however they were
 * played.
 */
import type { AnyGameModule } from '../core/game.js';
import { csvText } from './csv.js';
import { bradleyTerry, type BradleyTerryFit, chiSquareSurvival, difference, ELO_PER_LOGIT, partEffects, scoreInterval, superiority, toElo, type PairGame, type PartEffect, type PartEffectsResult, type PartMatch } from '../stats/index.js';
import type { RunConfig } from '../config/index.js';
import { cmp, type Aggregate, type Dimension } from './aggregate.js';

/** A table: a header and rows of cells, ready for CSV. */
export interface Table {
  readonly header: readonly string[];
  readonly rows: readonly (readonly string[])[];
}

/** Fixed decimals; empty for NaN or missing; no "-0". */
export function fmt(x: number | null | undefined, digits: number): string {
  if (x === null || x === undefined || !Number.isFinite(x)) return '';
  const s = x.toFixed(digits);
  return /^-0\.?0*$/.test(s) ? s.slice(1) : s;
}

/** A p-value: four significant digits (exponent notation below 1e-6). */
export const fmtP = (x: number): string => (Number.isFinite(x) ? String(Number(x.toPrecision(4))) : '');

/** A count that may be fractional (weighted side-games). */
const count = (x: number): string => (Number.isInteger(x) ? String(x) : fmt(x, 2));

/** CSV text of a table. */
export const tableCsv = (t: Table): string => csvText([t.header as string[], ...(t.rows as string[][])]);

/**
 * Virtual draws between every pair that met (BayesElo's prior): with them a
 * bot that lost every game is rated finitely, about ln(games + 1) logits below
 * the bots that beat it, instead of drifting to minus infinity with an
 * interval of ±70,000 points; pairs with dozens of games barely move.
 */
export const PRIOR_DRAWS = 2;

/**
 * One entrant's rating: Elo scale and logit, with SEs and 95% interval; against the next one down (null
 * for the last): `gap`, the Elo difference, with its SE, and `los`, the likelihood it is the stronger.
 */
export interface Rating {
  elo: number;
  eloSe: number;
  eloLo: number;
  eloHi: number;
  logit: number;
  logitSe: number;
  gap: number | null;
  gapSe: number | null;
  los: number | null;
}

/** Ratings of one dimension, by name. */
export interface Ratings {
  readonly fitted: boolean;
  /** Why not fitted. */
  readonly note: string | null;
  readonly byName: ReadonlyMap<string, Rating>;
  /** Seat A's advantage (logit) when the matches had two seats. */
  readonly seatAdvantage: { readonly value: number; readonly se: number } | null;
}

/**
 * A dimension's head-to-heads as Bradley–Terry games over `names` (sorted): draws and "neither" as half, a
 * side-game's weight: 1 / the opponents each seat meets (seats − 1; in a contest between teams, the other side's).
 */
function pairGames(dim: Dimension, names: readonly string[], opponents: number): PairGame[] {
  const at = new Map(names.map((n, i) => [n, i]));
  const games: PairGame[] = [];
  for (const { i, j, c } of dim.sortedPairs()) {
    if (i === j) continue;
    const [n, wi, , neither] = c;
    games.push({ a: at.get(dim.names[i])!, b: at.get(dim.names[j])!, score: (wi + neither / 2) / n, weight: n / opponents });
  }
  return games;
}

/** Bradley–Terry ratings of a dimension from its head-to-heads (draws and "neither" as half); `opponents` each seat meets (pairGames). */
export function rate(dim: Dimension, seats: number, maxRated: number, opponents = seats - 1): Ratings {
  const names = [...dim.names].sort(cmp);
  const none = (note: string): Ratings => ({ fitted: false, note, byName: new Map(), seatAdvantage: null });
  if (names.length < 2) return none('only one entrant');
  if (names.length > maxRated) return none(`${names.length} entrants is more than stats.maxRated (${maxRated})`);
  const games = pairGames(dim, names, opponents);
  if (games.length === 0) return none('no games between different entrants');
  const fit = ratingFit(names, games, seats);
  const elo = toElo(fit);
  const order = names.map((_, i) => i).sort((i, j) => fit.rating[j] - fit.rating[i] || cmp(names[i], names[j]));
  const next = new Map(order.map((i, r) => [i, r + 1 < order.length ? order[r + 1] : -1]));
  const rating = (i: number, j: number): Rating => {
    const gap = j >= 0 ? difference(fit, i, j) : null;
    return {
      elo: elo.rating[i], eloSe: elo.se[i], eloLo: elo.lo[i], eloHi: elo.hi[i], logit: fit.rating[i], logitSe: fit.se[i],
      gap: gap && gap.value * ELO_PER_LOGIT, gapSe: gap && gap.se * ELO_PER_LOGIT, los: j >= 0 ? superiority(fit, i, j) : null,
    };
  };
  const byName = new Map<string, Rating>(
    names.map((n, i) => [
      n,
      rating(i, next.get(i)!),
    ]),
  );
  return { fitted: true, note: fit.converged ? null : 'the fit did not converge', byName, seatAdvantage: fit.advantage };
}

/** The ratings' fit (the prior's virtual draws, a first-seat advantage when matches have two seats). */
const ratingFit = (names: readonly string[], games: PairGame[], seats: number): BradleyTerryFit =>
  bradleyTerry(names.length, games, { firstMoverAdvantage: seats === 2, priorDraws: PRIOR_DRAWS });

/**
 * The entrants `active` best first by the ratings' fit, each with the likelihood that it is stronger than the
 * next of them (null: no games to tell): the standing a contest's schedule reads (arena/contest/rounds.ts).
 */
export function standingOf(dim: Dimension, seats: number, active: readonly string[]): { order: string[]; los: (number | null)[] } {
  const names = [...dim.names].sort(cmp);
  const at = new Map(names.map((n, i) => [n, i]));
  const games = names.length >= 2 ? pairGames(dim, names, seats - 1) : [];
  const fit = games.length ? ratingFit(names, games, seats) : null;
  const r = (n: string): number => (fit && at.has(n) ? fit.rating[at.get(n)!] : -Infinity);
  const order = [...active].sort((a, b) => r(b) - r(a) || cmp(a, b));
  const los = order.slice(0, -1).map((n, i) => (fit && at.has(n) && at.has(order[i + 1]) ? superiority(fit, at.get(n)!, at.get(order[i + 1])!) : null));
  return { order, los };
}

const byScore = (dim: Dimension) => (a: number, b: number): number => {
  const sa = dim.tally[a], sb = dim.tally[b];
  const ra = (sa.wins + sa.draws / 2) / sa.games, rb = (sb.wins + sb.draws / 2) / sb.games;
  return rb - ra || cmp(dim.names[a], dim.names[b]);
};

/**
 * Per bot or loadout: games, results, win rate (draw = half) with its 95% interval (Wilson's, on the score's
 * variance with draws: stats/wilson.ts scoreInterval), rating, and the
 * mean of the ruleset's first figure (`figure`, NHM: dealt); a loadout also its key and `points`, what it
 * spends of the budget (`cost`).
 */
export function entityTable(
  dim: Dimension, label: string, ratings: Ratings, key?: (name: string) => string, figure = 'dealt', cost?: (name: string) => number,
): Table {
  const order = dim.names.map((_, i) => i).sort(byScore(dim));
  const header = [
    'rank', label, ...(key ? ['key'] : []), ...(cost ? ['points'] : []), 'games', 'wins', 'draws', 'losses', 'win_rate', 'win_rate_lo', 'win_rate_hi',
    'rating', 'rating_lo', 'rating_hi', `mean_${figure}`, 'faults',
  ];
  const rows = order.map((i, r) => {
    const t = dim.tally[i];
    const w = scoreInterval(t.wins, t.draws, t.games);
    const rt = ratings.byName.get(dim.names[i]);
    return [
      String(r + 1), dim.names[i], ...(key ? [key(dim.names[i])] : []), ...(cost ? [String(cost(dim.names[i]))] : []), String(t.games), String(t.wins), String(t.draws), String(t.losses),
      fmt(w.p, 4), fmt(w.lo, 4), fmt(w.hi, 4), fmt(rt?.elo, 1), fmt(rt?.eloLo, 1), fmt(rt?.eloHi, 1), fmt(t.figure / t.games, 3), String(t.faults),
    ];
  });
  return { header, rows };
}

/** Each entrant's score rate (wins and half the draws) from its table (loadouts.csv or bots.csv): how strong interest.ts takes it to be. */
export function scoreRates(t: Table): Map<string, number> {
  const rate = t.header.indexOf('win_rate');
  return new Map(t.rows.map((r) => [r[1], Number(r[rate])]));
}

/** Head-to-head of every pair that met (both seat orders together), a before b by name. */
export function matchupTable(dim: Dimension): Table {
  const m = new Map<string, { a: string; b: string; n: number; wa: number; wb: number; d: number }>();
  for (const { i, j, c } of dim.sortedPairs()) {
    const [x, y] = cmp(dim.names[i], dim.names[j]) <= 0 ? [i, j] : [j, i];
    const key = `${dim.names[x]}\n${dim.names[y]}`;
    const e = m.get(key) ?? { a: dim.names[x], b: dim.names[y], n: 0, wa: 0, wb: 0, d: 0 };
    e.n += c[0];
    e.d += c[3];
    if (x === i) (e.wa += c[1]), (e.wb += c[2]);
    else (e.wa += c[2]), (e.wb += c[1]);
    m.set(key, e);
  }
  const rows = [...m.values()]
    .sort((p, q) => cmp(p.a, q.a) || cmp(p.b, q.b))
    .map((e) => {
      const w = scoreInterval(e.wa, e.d, e.n);
      return [e.a, e.b, String(e.n), String(e.wa), String(e.d), String(e.wb), fmt(w.p, 4), fmt(w.lo, 4), fmt(w.hi, 4)];
    });
  return { header: ['a', 'b', 'games', 'a_wins', 'draws', 'b_wins', 'a_win_rate', 'a_win_rate_lo', 'a_win_rate_hi'], rows };
}

/**
 * Bradley–Terry ratings (Elo scale, 1500 = the average entrant) with 95% intervals, the entrant's W-D-L,
 * and against the entrant ranked below it: `gap`, the Elo difference with its SE (`gap_se`, smaller than
 * either rating's, which carries the whole field's uncertainty), and `los`, the likelihood it is stronger.
 */
export function ratingsTable(dim: Dimension, ratings: Ratings): Table {
  const header = ['rank', 'name', 'games', 'wins', 'draws', 'losses', 'rating', 'rating_se', 'rating_lo', 'rating_hi', 'gap', 'gap_se', 'los', 'logit', 'logit_se', 'note'];
  // An entrant that won or lost every game is rated by the prior as much as by its games: said beside it.
  const note = (t: { games: number; wins: number; losses: number }): string => (t.games === 0 ? '' : t.wins === t.games ? 'undefeated' : t.losses === t.games ? 'winless' : '');
  const names = [...ratings.byName.keys()].sort((a, b) => ratings.byName.get(b)!.logit - ratings.byName.get(a)!.logit || cmp(a, b));
  const rows = names.map((n, r) => {
    const x = ratings.byName.get(n)!, t = dim.tally[dim.index.get(n)!];
    return [
      String(r + 1), n, String(t.games), String(t.wins), String(t.draws), String(t.losses),
      fmt(x.elo, 1), fmt(x.eloSe, 1), fmt(x.eloLo, 1), fmt(x.eloHi, 1), fmt(x.gap, 1), fmt(x.gapSe, 1), x.los === null ? '' : fmt(x.los, 4), fmt(x.logit, 4), fmt(x.logitSe, 4), note(t),
    ];
  });
  return { header, rows };
}

/**
 * Part effects from the loadout head-to-heads: per part, the raw win rate
 * of machines with and without it and their difference, and the fitted
 * fair cost with its Holm-corrected interval against the listed cost.
 */
export function partModel(agg: Aggregate, mod: AnyGameModule, build: (name: string) => unknown, run: RunConfig): PartEffectsResult {
  const dim = agg.loadouts;
  const kit = mod.builds;
  const keys = new Map<string, readonly string[]>();
  const partsOf = (name: string): readonly string[] => {
    let k = keys.get(name);
    if (!k) keys.set(name, (k = kit.components ? kit.components(build(name)) : []));
    return k;
  };
  const matches: PartMatch[] = [];
  if (kit.components)
    for (const { i, j, c } of dim.sortedPairs()) {
      const [n, wi, , neither] = c;
      matches.push({
        a: partsOf(dim.names[i]) as string[],
        b: partsOf(dim.names[j]) as string[],
        score: (wi + neither / 2) / n,
        weight: n / (agg.seats - 1),
        draws: neither / (agg.seats - 1),
        loadoutA: i,
        loadoutB: j,
      });
    }
  const listing = new Map<string, { cost: number; category: string }>(kit.listing ? kit.listing() : []);
  return partEffects(matches, listing, { alpha: run.stats.alpha, anchor: run.stats.anchor });
}

/** The likelihood-ratio test of additivity: the parts model against one rating per loadout, on the same head-to-heads. */
export interface Additivity {
  readonly lr: number;
  readonly df: number;
  readonly p: number;
}

/**
 * Whether loadouts are the sum of their parts: twice the log-likelihood the
 * loadout model (Bradley–Terry, one rating per loadout, no prior) gains over
 * the parts model, on its degrees of freedom (loadouts − 1 − the parts
 * model's identified parameters besides the seat advantage both have). A
 * small p says loadouts have values of their own beyond their parts (the
 * part SEs allow for that spread: docs/statistics.md). Draws count as
 * half a win in both, so the likelihood is a quasi-likelihood, and twice the
 * gain is divided by the dispersion φ of the draws (stats/loadoutSpread.ts). Null when
 * there is nothing to compare (one loadout, or no part model).
 */
export function additivityTest(dim: Dimension, seats: number, model: PartEffectsResult): Additivity | null {
  const names = [...dim.names].sort(cmp);
  if (names.length < 2 || model.rank === 0) return null;
  const games = pairGames(dim, names, seats - 1);
  if (games.length === 0) return null;
  const loadouts = bradleyTerry(names.length, games, { firstMoverAdvantage: seats === 2 });
  const seat = seats === 2 ? 1 : 0;
  const df = names.length - 1 + seat - model.rank;
  if (!(df > 0)) return null;
  // Scaled by the draws' dispersion, as a quasi-likelihood deviance is: with a third of games drawn the
  // binomial deviance is about half what the same evidence gives when the draws' lower variance is counted.
  const lr = Math.max(0, 2 * (loadouts.logLik - model.logLik)) / (model.dispersion > 0 ? model.dispersion : 1);
  return { lr, df, p: chiSquareSurvival(lr, df) };
}

/**
 * A fair cost whose interval is wider than this many times the largest listed cost of its category
 * says nothing a designer can use (a 200-match sweep gave ±47,000 points on costs of 1 to 4): parts.csv
 * leaves its estimate out and says `too-little-data`. Its verdict stands: the test of value above price
 * does not rest on the interval's width, which runs wide where the category's point value is barely
 * determined (one step more uncertain, the interval has no ends and `point-value-not-determined` keeps
 * its verdict too; seen: tank-treads under at an adjusted p of 1.6e-68 with an interval too wide to print).
 */
export const UNINFORMATIVE_WIDTH = 4;

/** The parts whose fair-cost interval is too wide to use (UNINFORMATIVE_WIDTH): not estimated in the tables (their verdicts stand). */
export function vagueParts(model: PartEffectsResult): ReadonlySet<string> {
  const largest = new Map<string, number>();
  for (const p of model.parts) largest.set(p.category, Math.max(largest.get(p.category) ?? 0, p.listedCost));
  return new Set(model.parts.filter((p) => p.reason === null && !(p.hi - p.lo <= UNINFORMATIVE_WIDTH * largest.get(p.category)!)).map((p) => p.key));
}

/** Whether parts.csv prints a part's fair cost: it has one, and its interval is narrow enough to use (not `vague`). */
export const printsFairCost = (p: PartEffect, vague: ReadonlySet<string>): boolean =>
  (p.reason === null || p.reason === 'alone-in-category') && !vague.has(p.key) && Number.isFinite(p.fairCost);

/**
 * The ends of a part's fair-cost interval as parts.csv prints them: its interval where it prints a fair
 * cost, else its bound (PartEffect.bound: one end infinite) where it has one; NaN where it prints nothing.
 */
export const fairEnds = (p: PartEffect, vague: ReadonlySet<string>): { readonly lo: number; readonly hi: number } =>
  p.bound ?? (printsFairCost(p, vague) ? p : { lo: Number.NaN, hi: Number.NaN });

/**
 * parts.csv, catalogue order: per part the raw with/without win rates and their difference, the fitted
 * effect, the fair cost with its Holm-corrected interval, and `delta` = fair − listed (positive: the part
 * is worth more than it costs) with the same interval moved by the listed cost. A part whose category's
 * point value is not determined has no fair cost, but may have a bound (PartEffect.bound): `fair_cost_lo`
 * alone (worth at least that) or `fair_cost_hi` alone (at most that), with `delta_lo` or `delta_hi`.
 */
export function partsTable(model: PartEffectsResult): Table {
  const vague = vagueParts(model);
  const header = [
    'part', 'category', 'listed_cost', 'games_with', 'win_rate_with', 'games_without', 'win_rate_without', 'diff', 'diff_lo', 'diff_hi',
    'effect', 'effect_se', 'fair_cost', 'fair_cost_lo', 'fair_cost_hi', 'delta', 'delta_lo', 'delta_hi', 'p_value', 'adjusted_p', 'mispriced', 'note',
  ];
  const rows = model.parts.map((p) => {
    const r = p.raw, tooLittle = vague.has(p.key);
    const est = (x: number): string => (printsFairCost(p, vague) ? fmt(x, 3) : '');
    // A part whose point value is not determined may still have a bound (at least lo, or at most hi): its finite end is printed, the other left empty.
    const e = fairEnds(p, vague);
    const lo = fmt(e.lo, 3), hi = fmt(e.hi, 3), dLo = fmt(e.lo - p.listedCost, 3), dHi = fmt(e.hi - p.listedCost, 3);
    return [
      p.key, p.category, String(p.listedCost), count(r.nWith), r.nWith > 0 ? fmt(r.winRateWith, 4) : '', count(r.nWithout), r.nWithout > 0 ? fmt(r.winRateWithout, 4) : '',
      fmt(r.diff, 4), Number.isNaN(r.diff) ? '' : fmt(r.diffLo, 4), Number.isNaN(r.diff) ? '' : fmt(r.diffHi, 4),
      fmt(p.beta, 4), fmt(p.betaSe, 4), est(p.fairCost), lo, hi, est(p.fairCost - p.listedCost), dLo, dHi,
      fmtP(p.pValue), fmtP(p.adjustedP), p.mispriced ?? '', tooLittle ? 'too-little-data' : (p.reason ?? (p.pointValueFrom === 'pooled' ? 'pooled-point-value' : '')),
    ];
  });
  return { header, rows };
}

/** The build key of a build name (for the key column of loadouts.csv). */
export const keyOf = (mod: AnyGameModule, build: (name: string) => unknown) => (name: string): string => mod.builds.key(build(name));
