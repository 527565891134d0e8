/**
 * The answer a designer asks a sweep for: what each part should cost.
 *
 * One row a part — its listed cost, the cost this sweep suggests, what it is
 * worth in its category's points with the interval the verdict was tested at,
 * the machine-games it was in, and its status — and a plain sentence for
 * each part that needs a change or more games. The statistics behind it
 * (`stats/partEffects.ts`) stay in parts.csv and under "how this was
 * computed"; this is what the printout and the report lead with.
 */
import type { PartEffect, PartEffectsResult } from '../stats/partEffects.js';

/** Machine-games a part must be in to be judged at all: below it the part is `untested`, never `fair`. */
export const MIN_GAMES = 50;

export type PriceStatus = 'underpriced' | 'overpriced' | 'fair' | 'untested' | 'unpriced';

/** One part's line of the price list. */
export interface PriceRow {
  readonly part: string;
  readonly category: string;
  readonly listed: number;
  /** The cost to give it: its listed cost unless flagged; null when the sweep cannot say. */
  readonly suggested: number | null;
  /** Its fair cost in its category's points and the interval its verdict was tested at (null ends: a bound, or none). */
  readonly worth: number | null;
  readonly lo: number | null;
  readonly hi: number | null;
  /** Machine-games (side-games) it was in. */
  readonly games: number;
  /** Its worth, its bound or the matches it needs are in its category's point value pooled with the other categories' (its own not determined: stats/pooledPointValue.ts). */
  readonly pooled: boolean;
  readonly status: PriceStatus;
  /** What to do, in words; empty for a fair part. */
  readonly sentence: string;
}

/** What the price list needs beyond the model: who played, how many matches, and the range each part's price may take. */
export interface PriceContext {
  readonly bots: string;
  readonly matches: number;
  /** A part's least and most whole price (NHM: 1 to its budget); absent where the data sets no prices. */
  readonly range?: (part: string) => readonly [number, number] | null;
}

const num = (x: number): number | null => (Number.isFinite(x) ? x : null);
const show = (x: number): string => String(Number(x.toFixed(x !== 0 && Math.abs(x) < 10 ? 1 : 0)));
const span = (lo: number | null, hi: number | null): string =>
  lo !== null && hi !== null ? `[${show(lo)}, ${show(hi)}]` : lo !== null ? `at least ${show(lo)}` : hi !== null ? `at most ${show(hi)}` : '';

/** The price list of a sweep's part model, flagged parts first (strongest evidence first), then untested, then the rest in listing order. */
export function priceList(model: PartEffectsResult, ctx: PriceContext): PriceRow[] {
  const rows = model.parts.map((p) => rowOf(p, model, ctx));
  const rank = (r: PriceRow) => (r.status === 'underpriced' || r.status === 'overpriced' ? 0 : r.status === 'untested' ? 1 : r.status === 'unpriced' ? 2 : 3);
  const p = new Map(model.parts.map((x) => [x.key, x.adjustedP]));
  return rows
    .map((r, i) => ({ r, i }))
    .sort((a, b) => rank(a.r) - rank(b.r) || (rank(a.r) === 0 ? (p.get(a.r.part) ?? 1) - (p.get(b.r.part) ?? 1) : 0) || a.i - b.i)
    .map((x) => x.r);
}

function rowOf(p: PartEffect, model: PartEffectsResult, ctx: PriceContext): PriceRow {
  const games = Math.round(p.raw.nWith);
  const base = { part: p.key, category: p.category, listed: p.listedCost, games, pooled: p.pointValueFrom === 'pooled' };
  const range = ctx.range?.(p.key) ?? null;
  if (games < MIN_GAMES || p.reason === 'unseen' || p.reason === 'no-contrast') {
    const why = games === 0 ? 'in no game of this sweep (the run leaves out experimental parts, or its filter this one, or no legal design holds it)' : `in only ${games} machine-games`;
    const more = games > 0 ? `: a sweep about ${Math.ceil(MIN_GAMES / games)} times larger would test it` : '';
    return { ...base, suggested: null, worth: null, lo: null, hi: null, status: 'untested', sentence: `${p.key}: untested, ${why}${more}.` };
  }
  // The fair cost and its interval, or what its bound says where the point value is not determined.
  const bound = p.bound;
  const lo = num(Number.isFinite(p.lo) ? p.lo : bound ? bound.lo : Number.NaN);
  const hi = num(Number.isFinite(p.hi) ? p.hi : bound ? bound.hi : Number.NaN);
  const worth = num(p.fairCost);
  if (!p.mispriced) {
    if (worth === null) return { ...base, suggested: null, worth: null, lo, hi, status: 'unpriced', sentence: unpricedSentence(p, model, ctx) };
    return { ...base, suggested: p.listedCost, worth, lo, hi, status: 'fair', sentence: '' };
  }
  const under = p.mispriced === 'under';
  // The whole price nearest its worth, inside its interval where it can be, and inside the range its price may take.
  let want = worth !== null ? Math.round(worth) : under ? Math.ceil(lo ?? p.listedCost + 1) : Math.floor(hi ?? p.listedCost - 1);
  if (lo !== null && want < lo) want = Math.ceil(lo);
  if (hi !== null && want > hi) want = Math.floor(hi);
  const [least, most] = range ?? [Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY];
  const suggested = Math.min(most, Math.max(least, want));
  const plays = worth !== null ? `plays like a ${show(worth)} ${span(lo, hi)}` : lo !== null || hi !== null ? `is worth ${span(lo, hi)}` : `plays ${under ? 'above' : 'below'} its price`;
  const lead = `${p.key} costs ${p.listedCost} but ${plays} for ${ctx.bots}`;
  const beyond = under ? lo !== null && lo > most : hi !== null && hi < least;
  let advice: string;
  if (beyond) advice = under ? `no price its budget allows makes it fair: raise it to ${suggested}, the most it may cost, and look at its budget or what it does` : `no price makes it fair (even ${least} is too dear): change what it does`;
  else if (suggested === p.listedCost) advice = 'its price cannot move that way; look at what it does';
  else advice = `${under ? 'raise' : 'lower'} it to ${suggested}`;
  return { ...base, suggested, worth, lo, hi, status: under ? 'underpriced' : 'overpriced', sentence: `${lead}: ${advice}.` };
}

/** Why a tested part has no price: its category's point value is not clear of zero, and how many matches would make it so. */
function unpricedSentence(p: PartEffect, model: PartEffectsResult, ctx: PriceContext): string {
  const c = model.categories.find((x) => x.category === p.category);
  // The point value its bound and its would-be worth are in: the pooled one where the part's is (partEffects).
  const pooled = p.pointValueFrom === 'pooled';
  const lambda = (pooled ? c?.pooledValue : c?.pointValue) ?? Number.NaN, se = (pooled ? c?.pooledSe : c?.pointValueSe) ?? Number.NaN;
  const a = /^[aeiou]/i.test(p.category) ? 'an' : 'a';
  if (!(lambda > 0) || !Number.isFinite(se))
    return `${p.key}: no price in points: ${p.category} parts do not win games on average for ${ctx.bots}, so ${a} ${p.category} point buys nothing to price it in.`;
  const z = Number.isFinite(p.zCrit) ? p.zCrit : 1.96;
  // λ's standard error falls as 1/√matches: it is clear of 0 at z once matches × (z·se/λ)² have been played.
  const need = Math.ceil((ctx.matches * ((z * se) / lambda) ** 2) / 100) * 100;
  return `${p.key}: no price yet: this sweep cannot yet tell what ${a} ${p.category} point is worth in wins (${lambda.toFixed(2)} ± ${se.toFixed(2)} logits a point${pooled ? ', pooled with the other categories\'' : ''}); about ${need.toLocaleString('en-US')} matches in all would.`;
}

/** The price list's sentences, in its order; parts that share a sentence but for their name (untested, unpriced) in one. */
export function priceSentences(rows: readonly PriceRow[]): string[] {
  const groups = new Map<string, string[]>();
  for (const r of rows) {
    if (!r.sentence) continue;
    const shared = r.status === 'untested' || r.status === 'unpriced';
    const key = shared ? r.sentence.slice(r.part.length) : `${r.part}\u0000${r.sentence}`;
    const g = groups.get(key);
    if (g) g.push(r.part);
    else groups.set(key, [r.part]);
  }
  return [...groups].map(([key, parts]) => (key.includes('\u0000') ? key.split('\u0000')[1] : `${parts.join(', ')}${key}`));
}

/** A figure as the price list prints it: one decimal below 10, whole above. */
export const priceFigure = (x: number): string => show(x);

/** A row's interval as the price list prints it. */
export const priceSpan = (r: PriceRow): string => span(r.lo, r.hi);
