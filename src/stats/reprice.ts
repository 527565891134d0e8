/**
 * New prices for the parts a sweep flagged (`havoc reprice`). The data sets
 * prices (NHM: a cost per part; Hovercrafts: a cost per point of each stat;
 * Battle Engine: a price per pay grade) and a part's cost is made of them
 * (its `makeup`). A price that is one part's alone (NHM's every part)
 * changes by the smallest whole change that puts the part's listed cost
 * inside its fair-cost interval (the interval the verdict was made with, so
 * the new cost is one the same evidence would not flag), within the costs
 * its budget allows; where no whole cost in range lies in the interval, the
 * rounded fair cost, held to the range; where there is no fair cost (its
 * category's point value not determined) but a bound (worth at least, or at
 * most, so many points if a point is worth anything), the nearest whole cost
 * the bound allows, held to the range; with neither, one point the verdict's
 * way; where
 * that leaves the listed cost, the part is left and says why. Prices that
 * several parts share are found together (sharedPrices.ts).
 */
import { descendPrices, type SharedComponent } from './sharedPrices.js';

/** A part as parts.csv gives it, with the costs its budget allows (null: the data cannot price it). */
export interface PricedPart {
  readonly key: string;
  readonly category: string;
  readonly listed: number;
  readonly fair: number | null;
  readonly lo: number | null;
  readonly hi: number | null;
  readonly mispriced: 'under' | 'over' | null;
  readonly range: readonly [number, number] | null;
}

/** A proposed price, or a flagged part left as it was (`to` equal to `from`), with why. */
export interface PriceChange {
  /** The price changed: a key of the data's prices (NHM: the part's own), or a part left. */
  readonly key: string;
  readonly category: string;
  readonly from: number;
  readonly to: number;
  readonly fair: number | null;
  readonly lo: number | null;
  readonly hi: number | null;
  readonly verdict: 'under' | 'over';
  readonly why: string;
}

/** `x` held to a price's range. */
export const clamp = (x: number, [a, b]: readonly [number, number]): number => Math.min(b, Math.max(a, x));

/** The change for each flagged part whose price is its own, in the order given. */
export function proposePrices(parts: readonly PricedPart[]): PriceChange[] {
  const out: PriceChange[] = [];
  for (const p of parts) {
    if (!p.mispriced) continue;
    const base = { key: p.key, category: p.category, from: p.listed, fair: p.fair, lo: p.lo, hi: p.hi, verdict: p.mispriced };
    if (!p.range) {
      out.push({ ...base, to: p.listed, why: 'the data cannot price it' });
      continue;
    }
    const [min, max] = p.range;
    // The whole costs in the interval and the range, the nearest the listed cost first (then the nearest the fair cost).
    if (p.lo !== null && p.hi !== null) {
      const from = Math.max(Math.ceil(p.lo), min), to = Math.min(Math.floor(p.hi), max);
      if (from <= to) {
        let best = from;
        for (let c = from; c <= to; c++) {
          const d = Math.abs(c - p.listed) - Math.abs(best - p.listed);
          if (d < 0 || (d === 0 && p.fair !== null && Math.abs(c - p.fair) < Math.abs(best - p.fair))) best = c;
        }
        out.push({ ...base, to: best, why: `the whole cost in its interval [${p.lo.toFixed(2)}, ${p.hi.toFixed(2)}] nearest ${p.listed}` });
        continue;
      }
    }
    if (p.fair === null && (p.lo !== null) !== (p.hi !== null)) {
      // A bound without a fair cost (its category's point value not determined, a point taken to be worth something):
      // the cost nearest the listed one that the bound allows, held to the range.
      const bound = p.lo ?? p.hi!;
      const at = p.lo !== null ? Math.ceil(p.lo) : Math.floor(p.hi!);
      const to = clamp(at, p.range);
      const worth = `worth ${p.lo !== null ? 'at least' : 'at most'} ${bound.toFixed(2)} if a point of its category is worth anything (its point value not determined)`;
      const held = to === at ? 'the nearest whole cost it allows' : `${p.lo !== null ? 'more' : 'less'} than its budget allows (${min} to ${max}): held to ${to}`;
      out.push({ ...base, to, why: to === p.listed ? `${worth}, and its budget allows no cost ${p.mispriced === 'under' ? 'above' : 'below'} ${p.listed}: left` : `${worth}: ${held}` });
      continue;
    }
    if (p.fair === null) {
      // A verdict without a fair cost (its category's point value not determined, or its interval too wide to use): one point its way, if the range allows.
      const to = clamp(p.listed + (p.mispriced === 'under' ? 1 : -1), p.range);
      out.push({ ...base, to, why: to === p.listed ? `no fair cost, and its budget allows no cost ${p.mispriced === 'under' ? 'above' : 'below'} ${p.listed}: left` : 'no fair cost to go by (its category\'s point value not determined, or its interval too wide to use): one point the verdict\'s way' });
      continue;
    }
    const to = clamp(Math.round(p.fair), p.range);
    const held = to !== Math.round(p.fair) ? `, held to the costs its budget allows (${min} to ${max})` : '';
    out.push({ ...base, to, why: to === p.listed ? `its fair cost ${p.fair.toFixed(2)} rounds to a cost its budget does not allow (${min} to ${max}): left` : `its fair cost ${p.fair.toFixed(2)} rounded${held}` });
  }
  return out;
}

/** A part of a sweep with what its cost is made of (null: the data cannot price it) and its verdict's adjusted p. */
export interface SweptPart extends Omit<PricedPart, 'range'> {
  readonly makeup: ReadonlyMap<string, number> | null;
  readonly p: number;
}

/** A price the data sets: its whole cost, the whole costs it may take, and what it prices (NHM: the part's category). */
export interface DataPrice {
  readonly cost: number;
  readonly range: readonly [number, number];
  readonly category: string;
}

/** A change with the adjusted p of the strongest verdict it answers (a round makes the strongest first). */
export type PlannedChange = PriceChange & { readonly p: number; readonly parts: readonly string[] };

/**
 * The changes to the data's `prices` for a sweep's flagged `parts`: a price
 * that is one part's alone as proposePrices says; prices shared by flagged
 * parts with fair-cost intervals together by descent (every part with an
 * interval counted, so a change that would push a fairly priced part out of
 * its interval is weighed against the ones it mends); a shared price whose
 * flagged parts have no fair cost (their category's point value not
 * determined) one point the way their verdicts agree, if they all agree; a
 * flagged part none of these moves is left, saying why. The parts' own
 * prices first, in the order given, then the shared ones in the order of
 * `prices`, then the parts left.
 */
export function planPrices(parts: readonly SweptPart[], prices: ReadonlyMap<string, DataPrice>): PlannedChange[] {
  const users = new Map<string, SweptPart[]>();
  for (const p of parts) for (const k of p.makeup?.keys() ?? []) users.set(k, [...(users.get(k) ?? []), p]);
  /** The price that is this part's alone, once (its whole cost is that price), or null. */
  const own = (p: SweptPart): string | null => {
    if (!p.makeup || p.makeup.size !== 1) return null;
    const [[k, n]] = [...p.makeup];
    return n === 1 && users.get(k)!.length === 1 && prices.has(k) ? k : null;
  };
  const arrow = (p: SweptPart): string => `${p.key}${p.mispriced === 'under' ? '↑' : '↓'}`;
  const out: PlannedChange[] = [];
  const left: PlannedChange[] = [];
  const leave = (p: SweptPart, why: string): void =>
    void left.push({ key: p.key, category: p.category, from: p.listed, to: p.listed, fair: p.fair, lo: p.lo, hi: p.hi, verdict: p.mispriced!, why, p: p.p, parts: [p.key] });
  const shared: SweptPart[] = [];
  for (const p of parts) {
    if (!p.mispriced) continue;
    const k = own(p);
    if (!p.makeup || [...p.makeup.keys()].some((x) => !prices.has(x))) leave(p, 'the data cannot price it');
    else if (p.makeup.size === 0) leave(p, 'its cost is made of none of the prices the data sets (the base build): left');
    else if (k) out.push({ ...proposePrices([{ ...p, key: k, category: prices.get(k)!.category, listed: prices.get(k)!.cost, range: prices.get(k)!.range }])[0], p: p.p, parts: [p.key] });
    else shared.push(p);
  }
  const withInterval = shared.filter((p) => p.lo !== null && p.hi !== null);
  const free = [...prices.keys()].filter((k) => withInterval.some((p) => p.makeup!.has(k)));
  const components: SharedComponent[] = parts
    .filter((p) => p.makeup && p.makeup.size > 0 && p.lo !== null && p.hi !== null && [...p.makeup.keys()].every((x) => prices.has(x)))
    .map((p) => ({ key: p.key, makeup: p.makeup!, lo: p.lo!, hi: p.hi! }));
  const costs = free.length ? descendPrices(components, prices, free) : new Map<string, number>();
  const moved = new Set<string>();
  const change = (k: string, to: number, mends: readonly SweptPart[], why: string): void => {
    const price = prices.get(k)!;
    moved.add(k);
    out.push({ key: k, category: price.category, from: price.cost, to, fair: null, lo: null, hi: null, verdict: to > price.cost ? 'under' : 'over', why, p: Math.min(...mends.map((p) => p.p)), parts: users.get(k)!.map((p) => p.key) });
  };
  for (const k of free) {
    const to = costs.get(k)!;
    if (to === prices.get(k)!.cost) continue;
    const mends = withInterval.filter((p) => p.makeup!.has(k));
    change(k, to, mends, `shared by ${users.get(k)!.length} parts: set with the other shared prices to bring ${mends.map(arrow).join(' ')} nearest ${mends.length === 1 ? 'its interval' : 'their intervals'} and keep the others in theirs`);
  }
  // Shared prices of flagged parts without a fair cost: one point the way every flagged part holding it agrees.
  for (const k of prices.keys()) {
    if (moved.has(k) || free.includes(k)) continue;
    const flagged = (users.get(k) ?? []).filter((p) => shared.includes(p));
    if (flagged.length === 0 || flagged.some((p) => p.lo !== null && p.hi !== null)) continue;
    const ways = new Set(flagged.map((p) => p.mispriced));
    if (ways.size !== 1) continue;
    const up = ways.has('under'), price = prices.get(k)!;
    const to = clamp(price.cost + (up ? 1 : -1), price.range);
    if (to !== price.cost)
      change(k, to, flagged, `shared by ${users.get(k)!.length} parts, ${flagged.map(arrow).join(' ')} flagged with no fair cost to go by (their category's point value not determined, or their intervals too wide to use): one point the way they agree`);
  }
  for (const p of shared)
    if (![...p.makeup!.keys()].some((k) => moved.has(k)))
      leave(p, p.lo === null || p.hi === null ? 'no fair cost, and the parts sharing its prices do not agree or the budget allows no step: left' : 'no change of its shared prices brings it nearer its interval without pushing others out: left');
  return [...out, ...left];
}
