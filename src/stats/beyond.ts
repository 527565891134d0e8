/**
 * The flagged parts no price within their budget could make fair, by one
 * sweep's own evidence: flagged under with their fair-cost interval, or
 * their bound, wholly above the most their price may be, or flagged over
 * with it wholly below the least. Repricing cannot mend such a part; its
 * budget, or what it does, can. A part counts where its cost is one price
 * (NHM's every part, a Hovercrafts stat point, a Battle Engine piece's pay
 * grade, which other pieces may share: none of the grade's prices makes
 * this piece fair either); a cost made of several prices is left out.
 * `havoc sweep` names them in its summary, `havoc reprice` in beyond.csv.
 */
import type { DataPrice, SweptPart } from './reprice.js';

/** A flagged part beyond every cost its price may take. */
export interface BeyondPart {
  readonly part: string;
  readonly category: string;
  readonly verdict: 'under' | 'over';
  /** Its price today, and the least and the most it may be. */
  readonly cost: number;
  readonly least: number;
  readonly most: number;
  readonly fair: number | null;
  /** Its fair-cost interval, or its bound (one end null). */
  readonly lo: number | null;
  readonly hi: number | null;
}

/**
 * The parts of `parts` that no price in their range makes fair, in their order; with a tolerance `tol` (in the
 * parts' points), a part whose interval comes within `tol` of the most (or the least) its price may be is not.
 */
export function beyondBudget(parts: readonly Pick<SweptPart, 'key' | 'category' | 'fair' | 'lo' | 'hi' | 'mispriced' | 'makeup'>[], prices: ReadonlyMap<string, DataPrice>, tol = 0): BeyondPart[] {
  return parts.flatMap((p): BeyondPart[] => {
    if (!p.mispriced || !p.makeup || p.makeup.size !== 1) return [];
    const [[key, n]] = [...p.makeup];
    const price = prices.get(key);
    if (!price || n !== 1) return [];
    const [least, most] = price.range;
    const beyond = p.mispriced === 'under' ? p.lo !== null && p.lo > most + tol : p.hi !== null && p.hi < least - tol;
    return beyond ? [{ part: p.key, category: p.category, verdict: p.mispriced, cost: price.cost, least, most, fair: p.fair, lo: p.lo, hi: p.hi }] : [];
  });
}
