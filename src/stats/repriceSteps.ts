/**
 * How far and how many prices a `havoc reprice` round moves. A fair cost is
 * measured against the field the prices make (a sweep draws its designs
 * from the legal ones, so a dearer part is in fewer of them), so a round
 * that moves a price all the way to its interval moves the field under
 * every other estimate too: on NHM with greedy play a drive priced up left
 * a more static field, against which movement won more, and the drives were
 * flagged further under round after round (docs/balance.md). Two brakes:
 * a damped step goes only a fraction of the way to the proposed cost, and a
 * budget's changes go together, so the parts a budget prices up and those it
 * prices down move in the same round rather than one at a time.
 */

/** A proposed change as a round sees it: the price, what it prices (its budget), from and to, and why. */
export interface StepChange {
  readonly key: string;
  readonly category: string;
  readonly from: number;
  readonly to: number;
  readonly why: string;
}

/**
 * The cost `damping` of the way from `from` to `to` (0 < damping ≤ 1),
 * rounded, and at least one point the change's way: a step that moves no
 * point would leave the part flagged for ever.
 */
export function dampedCost(from: number, to: number, damping: number): number {
  if (to === from) return to;
  const way = Math.sign(to - from);
  return from + way * Math.max(1, Math.round(damping * Math.abs(to - from)));
}

/** Each change damped (dampedCost), its why saying so where the step was shortened. */
export function dampChanges<T extends StepChange>(changes: readonly T[], damping: number): T[] {
  return changes.map((c) => {
    const to = dampedCost(c.from, c.to, damping);
    return to === c.to ? c : { ...c, to, why: `${c.why}; damped to ${to} (${damping} of the way to ${c.to})` };
  });
}

/**
 * The changes a round makes, from `moved` (strongest evidence first): the
 * first `step`; with `together`, each of those brings every other change
 * of its budget (category), in the order given, so a budget's parts priced
 * up and priced down move in one round.
 */
export function pickChanges<T extends StepChange>(moved: readonly T[], step: number, together: boolean): T[] {
  const first = moved.slice(0, step);
  if (!together) return first;
  const budgets = new Set(first.map((c) => c.category));
  return moved.filter((c) => budgets.has(c.category));
}

/** A price as the data sets it (reprice.ts' DataPrice). */
interface BudgetPrice {
  readonly cost: number;
  readonly range: readonly [number, number];
  readonly category: string;
}

/** A change as planPrices makes it, with the fair cost and the evidence it answers. */
export interface LowerableChange extends StepChange {
  readonly fair: number | null;
  readonly lo: number | null;
  readonly hi: number | null;
  readonly verdict: 'under' | 'over';
  readonly p: number;
  readonly parts: readonly string[];
}

/** The factor of the rest of a budget that answers a price raised from `from` to `to`: from/to, halving at most a round. */
export const lowerFactor = (from: number, to: number): number => Math.max(0.5, from / to);

/**
 * The round's changes with every price raised answered by the rest of its
 * budget priced down instead. Fair costs are relative within a budget (a
 * point's value is fitted from the budget's own parts), so a part worth
 * twice its cost can be priced up twice or the rest of its budget priced
 * down to half; but in a sweep's drawn field a dearer part is in fewer
 * builds and, where it is the scarce thing (movement, on NHM), worth more
 * there, so raising it chases its own fair cost, while cheaper parts make
 * every build hold more and the field moves the other way. Each budget with
 * a price raised is multiplied by the strongest such factor (lowerFactor;
 * the raise with the smallest factor), whole costs rounded, at least a
 * point down where above the lowest cost allowed; the prices of parts
 * flagged under (`under`) stay; a price also proposed down takes the lower
 * of the two. Changes of budgets with no raise are as given.
 */
export function lowerInstead<T extends LowerableChange>(changes: readonly T[], prices: ReadonlyMap<string, BudgetPrice>, under: ReadonlySet<string>): LowerableChange[] {
  const factor = new Map<string, { r: number; by: T }>();
  for (const c of changes) {
    if (c.to <= c.from) continue;
    const r = lowerFactor(c.from, c.to), now = factor.get(c.category);
    if (!now || r < now.r) factor.set(c.category, { r, by: c });
  }
  if (factor.size === 0) return [...changes];
  const out: LowerableChange[] = changes.filter((c) => !factor.has(c.category));
  const own = new Map(changes.filter((c) => factor.has(c.category) && c.to < c.from).map((c) => [c.key, c]));
  for (const [key, price] of prices) {
    const f = factor.get(price.category);
    if (!f || under.has(key)) continue;
    const [min] = price.range;
    let to = Math.max(min, Math.round(price.cost * f.r));
    if (to === price.cost && price.cost > min) to = price.cost - 1;
    const mine = own.get(key);
    if (mine && mine.to <= to) {
      out.push(mine);
      continue;
    }
    if (to === price.cost) continue;
    const ask = `${f.by.key} ${f.by.from}→${f.by.to}`;
    out.push({
      key, category: price.category, from: price.cost, to, fair: null, lo: null, hi: null, verdict: 'over', p: f.by.p, parts: [key],
      why: `the rest of its budget ×${f.r.toFixed(2)} instead of ${ask} (${[...changes].filter((c) => c.category === price.category && c.to > c.from).map((c) => c.key).join(' ')} flagged under)`,
    });
  }
  return out;
}

/**
 * How many of a round's changes to make, and the damping, when the round
 * starts again from the same catalogue after `tries` rounds from it flagged
 * no fewer parts (--keep-best): each such round halves both (at least one
 * change, the strongest first), as a line search shortens a step that did
 * not improve, so the rounds end in small moves near the best catalogue
 * found rather than wander away from it.
 */
export function shrunkStep(count: number, damping: number, tries: number): { count: number; damping: number } {
  const k = 2 ** tries;
  return { count: Math.max(1, Math.ceil(count / k)), damping: damping / k };
}
