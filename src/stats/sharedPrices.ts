/**
 * Prices several components share (`havoc reprice`): a Hovercrafts stat
 * point is in every ship that raises the stat, a Battle Engine pay grade
 * prices every piece of that grade. No one component's interval decides
 * such a price, so the whole costs are found together, by descent a point
 * at a time: each step makes the one-point change that most shrinks the
 * components' total distance from their fair-cost intervals (a component
 * inside its interval counts nothing, so a change that pushes a fairly
 * priced component out of its interval counts against itself), preferring a
 * price already changed (the fewest prices change), and the descent stops
 * when no step shrinks the distance.
 */

/** A component whose cost is a sum of shared prices, with the interval its fair cost was given. */
export interface SharedComponent {
  readonly key: string;
  /** Each price's key with how many of it the component's cost holds. */
  readonly makeup: ReadonlyMap<string, number>;
  readonly lo: number;
  readonly hi: number;
}

/** A price: its whole cost now and the whole costs it may take. */
export interface SharedPrice {
  readonly cost: number;
  readonly range: readonly [number, number];
}

/** How far x lies outside [lo, hi] (0 inside). */
export const outside = (x: number, lo: number, hi: number): number => Math.max(0, lo - x, x - hi);

/** A component's cost at `costs` (prices not in it at their cost now). */
export function costAt(c: SharedComponent, costs: ReadonlyMap<string, number>, prices: ReadonlyMap<string, SharedPrice>): number {
  let sum = 0;
  for (const [k, n] of c.makeup) sum += n * (costs.get(k) ?? prices.get(k)?.cost ?? 0);
  return sum;
}

/** The components' total distance from their intervals at `costs`. */
export function totalMiss(components: readonly SharedComponent[], costs: ReadonlyMap<string, number>, prices: ReadonlyMap<string, SharedPrice>): number {
  let miss = 0;
  for (const c of components) miss += outside(costAt(c, costs, prices), c.lo, c.hi);
  return miss;
}

/**
 * The new whole cost of each of the `free` prices (every other price held at
 * its cost), by descent on the components' total distance from their
 * intervals; ties go to a price already changed, then to the order of `free`.
 */
export function descendPrices(components: readonly SharedComponent[], prices: ReadonlyMap<string, SharedPrice>, free: readonly string[]): Map<string, number> {
  const costs = new Map(free.map((k) => [k, prices.get(k)!.cost]));
  // Only the components a free price is in can move.
  const moving = components.filter((c) => free.some((k) => c.makeup.has(k)));
  let miss = totalMiss(moving, costs, prices);
  // Each step shrinks the distance by a positive amount, bounded below by 0: the cap is a guard, never reached in practice.
  for (let step = 0; step < 100_000 && miss > 0; step++) {
    let best: { key: string; cost: number; miss: number; changed: boolean } | null = null;
    for (const k of free) {
      const [min, max] = prices.get(k)!.range;
      const now = costs.get(k)!;
      for (const to of [now - 1, now + 1]) {
        if (to < min || to > max) continue;
        costs.set(k, to);
        const m = totalMiss(moving, costs, prices);
        costs.set(k, now);
        const changed = now !== prices.get(k)!.cost;
        const better = best === null ? m < miss - 1e-9 : m < best.miss - 1e-9 || (Math.abs(m - best.miss) <= 1e-9 && changed && !best.changed);
        if (better) best = { key: k, cost: to, miss: m, changed };
      }
    }
    if (!best) break;
    costs.set(best.key, best.cost);
    miss = best.miss;
  }
  return costs;
}
