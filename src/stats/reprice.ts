/**
 * New prices for the parts a sweep flagged (`havoc reprice`): only flagged
 * parts change, each by the smallest whole change that puts its listed cost
 * inside its fair-cost interval (the interval the verdict was made with, so
 * the new cost is one the same evidence would not flag), within the costs its
 * budget allows. Where no whole cost in range lies in the interval, the
 * rounded fair cost, held to the range; where there is no fair cost (its
 * category's point value not determined), one point the verdict's way; where
 * that leaves the listed cost, the part is left and says why.
 */

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

const clamp = (x: number, [a, b]: readonly [number, number]): number => Math.min(b, Math.max(a, x));

/** The change for each flagged part, in the order given. */
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
    if (p.fair === null) {
      // A verdict without a fair cost (its category's point value not determined): one point its way, if the range allows.
      const to = clamp(p.listed + (p.mispriced === 'under' ? 1 : -1), p.range);
      out.push({ ...base, to, why: to === p.listed ? `no fair cost, and its budget allows no cost ${p.mispriced === 'under' ? 'above' : 'below'} ${p.listed}: left` : 'no fair cost (its category\'s point value is not determined): one point the verdict\'s way' });
      continue;
    }
    const to = clamp(Math.round(p.fair), p.range);
    const held = to !== Math.round(p.fair) ? `, held to the costs its budget allows (${min} to ${max})` : '';
    out.push({ ...base, to, why: to === p.listed ? `its fair cost ${p.fair.toFixed(2)} rounds to a cost its budget does not allow (${min} to ${max}): left` : `its fair cost ${p.fair.toFixed(2)} rounded${held}` });
  }
  return out;
}
