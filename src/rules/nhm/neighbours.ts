/**
 * The designs one move from a design, for a local search over the space of
 * legal designs (`havoc optimize`): a part removed, a part added, or a part
 * swapped for another of its category. Each is re-checked against the rules
 * (budgets, at-most-one, options) and the sweep filter, so a search that
 * moves only through these never leaves the space `sampleLoadouts` draws from.
 */
import { findPart } from './catalogue.js';
import type { LoadoutFilter } from './designSpace.js';
import { checkLoadout, loadoutKey, loadoutSpec, makeLoadout } from './loadout.js';
import type { Catalogue, Loadout, Part } from './parts.js';

/** Every legal design one move from `l` passing `filter`, each named by its key, without repeats, in a fixed order. */
export function loadoutNeighbours(cat: Catalogue, l: Loadout, filter: LoadoutFilter = {}): Loadout[] {
  const parts = (names: readonly string[] | undefined): Set<Part> => new Set((names ?? []).flatMap((n) => findPart(cat, n) ?? []));
  const include = parts(filter.includeParts), exclude = parts(filter.excludeParts);
  const excludeTags = new Set((filter.excludeTags ?? []).map((t) => t.toUpperCase()));
  const allowed = (p: Part): boolean => (!p.experimental || filter.experimental === true) && !exclude.has(p) && !p.tags.some((t) => excludeTags.has(t));
  const have = new Set(l.parts);
  const moves: Part[][] = [];
  for (const p of l.parts) if (!include.has(p)) moves.push(l.parts.filter((x) => x !== p));
  for (const q of cat.parts) {
    if (have.has(q) || !allowed(q)) continue;
    moves.push([...l.parts, q]);
    for (const p of l.parts) if (p.category === q.category && !include.has(p)) moves.push(l.parts.map((x) => (x === p ? q : x)));
  }
  const out = new Map<string, Loadout>();
  for (const m of moves) {
    const spent = m.reduce((s, p) => s + p.cost, 0);
    if (spent < (filter.minSpent ?? 0) || spent > (filter.maxSpent ?? Infinity)) continue;
    const r = checkLoadout(cat, loadoutSpec(makeLoadout('', m)), '', { experimental: true });
    // A spec holds one CPU: a second one added is dropped from it, not refused, so the count is checked too.
    if (!r.ok || r.loadout.parts.length !== m.length) continue;
    const key = loadoutKey(r.loadout);
    if (!out.has(key)) out.set(key, { ...r.loadout, name: key });
  }
  return [...out.values()];
}
