/**
 * A design refitted to new prices (`havoc reprice --same-field --refit`): a
 * top build of the sweep given whose parts the new catalogue prices past a
 * budget drops the fewest of the parts that budget pays for, and of the ways
 * to do that the one keeping the most points — a player keeping the part
 * that carries the build and dropping the small one (minigun raised to 4
 * beside a bazooka of 1, over a weapon budget of 4, keeps the minigun).
 * So a metagame after a price change is played over the same designs as far
 * as their owners could still field them, not only over those the prices
 * happened to leave legal.
 */
import { checkLoadout, loadoutKey, loadoutSpec, makeLoadout, partsOfKey } from './loadout.js';
import type { Catalogue, Loadout, Part } from './parts.js';

/**
 * The design `key` under `cat`'s prices: itself when legal, else the legal
 * design left when the fewest of the parts paid from over-spent budgets
 * (and options, which go with the part they require) are dropped, keeping
 * the most points (ties: the parts dropped earliest in the catalogue).
 * Null when no drop makes it legal, or the key names parts `cat` lacks.
 */
export function refitLoadout(cat: Catalogue, key: string, experimental = true): Loadout | null {
  const legal = (parts: readonly Part[]): Loadout | null => {
    const r = checkLoadout(cat, loadoutSpec(makeLoadout('', parts)), '', { experimental });
    return r.ok ? r.loadout : null;
  };
  const parts = partsOfKey(cat, key);
  if (!parts) return null;
  const asIs = legal(parts);
  if (asIs) return named(asIs);
  const over = new Set(Object.entries(cat.budgets).filter(([b, cap]) => spent(parts.filter((p) => p.budget === b)) > cap).map(([b]) => b));
  // What may go: parts of the budgets spent past their caps, and options (dropped with the part they require).
  const droppable = parts.filter((p) => over.has(p.budget) || p.category === 'option').sort((a, b) => a.index - b.index);
  for (let n = 1; n <= droppable.length; n++) {
    let best: { loadout: Loadout; kept: number } | null = null;
    for (const drop of subsets(droppable, n)) {
      const left = parts.filter((p) => !drop.includes(p));
      const kept = spent(left);
      if (best && kept <= best.kept) continue;
      const l = legal(left);
      if (l) best = { loadout: l, kept };
    }
    if (best) return named(best.loadout);
  }
  return null;
}

const spent = (parts: readonly Part[]): number => parts.reduce((s, p) => s + p.cost, 0);

/** A loadout named by its key, as sampled designs are. */
const named = (l: Loadout): Loadout => ({ ...l, name: loadoutKey(l) });

/** The n-part subsets of `xs`, in lexicographic order of their positions. */
function* subsets<T>(xs: readonly T[], n: number, from = 0): Generator<T[]> {
  if (n === 0) {
    yield [];
    return;
  }
  for (let i = from; i <= xs.length - n; i++) for (const rest of subsets(xs, n - 1, i + 1)) yield [xs[i], ...rest];
}
