/**
 * The space of every legal machine design (RULES.md section 6), for balance
 * sweeps: enumerating it in a canonical order, counting it without
 * enumerating, and sampling it uniformly, under a filter (tags and parts left
 * out, parts required, points spent). One design is checked and named by
 * loadout.ts.
 */
import { HavocError, HavocProblems } from '../../core/errors.js';
import { deriveSeed, makeRng, type Rng } from '../../core/rng.js';
import { findPart } from './catalogue.js';
import { exclusiveGroup, loadoutKey, makeLoadout } from './loadout.js';
import { BUDGETS, type Budget, type Catalogue, type Loadout, type Part } from './parts.js';

/** Which designs a sweep walks. Part names may be keys, shorts or names, any case. */
export interface LoadoutFilter {
  /** Allow experimental parts (default false). */
  readonly experimental?: boolean;
  /** Leave out every part with one of these tags (e.g. ULTIMATE). */
  readonly excludeTags?: readonly string[];
  /** Only designs containing all of these parts. */
  readonly includeParts?: readonly string[];
  /** Leave out these parts. */
  readonly excludeParts?: readonly string[];
  /** Only designs spending at least / at most this many points in total. */
  readonly minSpent?: number;
  readonly maxSpent?: number;
}

// ---------------------------------------------------------------------------
// The space of legal designs. Budgets are independent except through options
// (Telefrag is paid in weapon points but needs the Teleporter engine) and the
// total-spent filter, so each budget's legal part sets are listed once,
// grouped by (cost, which required parts they hold), and the groups combined.

interface Subset {
  readonly parts: readonly Part[];
  readonly cost: number;
  /** Bit i set: holds the i-th part some option requires. */
  readonly holds: number;
}

interface Group {
  readonly cost: number;
  readonly holds: number;
  readonly members: Subset[];
}

interface Pool {
  readonly budget: Budget;
  /** Every legal subset in canonical (lexicographic by catalogue index) order. */
  readonly subsets: readonly Subset[];
  readonly groups: readonly Group[];
}

/** A choice of options, with what it costs per budget and which required parts it needs (bits). */
interface OptionChoice {
  readonly parts: readonly Part[];
  readonly cost: Readonly<Record<Budget, number>>;
  readonly needs: number;
}

interface Space {
  readonly cat: Catalogue;
  readonly pools: readonly Pool[];
  readonly choices: readonly OptionChoice[];
  readonly minSpent: number;
  readonly maxSpent: number;
}

/** Resolves and checks a filter against the catalogue; throws HavocProblems on unknown parts or tags. */
function buildSpace(cat: Catalogue, filter: LoadoutFilter = {}): Space {
  const problems: HavocError[] = [];
  const resolve = (names: readonly string[] | undefined, field: string): Part[] =>
    (names ?? []).flatMap((n, i) => {
      const p = findPart(cat, n);
      if (!p) problems.push(new HavocError('ERR_UNKNOWN_PART', `${field}[${i}]`, `unknown part "${n}"`));
      return p ? [p] : [];
    });
  const include = resolve(filter.includeParts, 'includeParts');
  const exclude = new Set(resolve(filter.excludeParts, 'excludeParts'));
  const allTags = new Set(cat.parts.flatMap((p) => p.tags));
  const excludeTags = new Set((filter.excludeTags ?? []).map((t) => t.toUpperCase()));
  for (const t of excludeTags) if (!allTags.has(t)) problems.push(new HavocError('ERR_UNKNOWN_TAG', 'excludeTags', `no part has the tag "${t}"`));
  const minSpent = filter.minSpent ?? 0;
  const maxSpent = filter.maxSpent ?? Infinity;
  for (const [field, v] of [['minSpent', filter.minSpent], ['maxSpent', filter.maxSpent]] as const)
    if (v !== undefined && !(Number.isInteger(v) && v >= 0)) problems.push(new HavocError('ERR_FILTER', field, `must be a whole number >= 0, not ${v}`));
  if (problems.length) throw new HavocProblems('ERR_FILTER', 'loadout filter', problems);

  const allowed = (p: Part): boolean =>
    (!p.experimental || filter.experimental === true) && !exclude.has(p) && !p.tags.some((t) => excludeTags.has(t));
  const options = cat.parts.filter((p) => p.option && allowed(p));
  const required = [...new Set(options.map((o) => o.option!.requires))];
  const bit = (p: Part): number => (required.includes(p.key) ? 1 << required.indexOf(p.key) : 0);

  const pools = BUDGETS.map((budget) => {
    const parts = cat.parts.filter((p) => !p.option && p.budget === budget && allowed(p));
    const must = include.filter((p) => !p.option && p.budget === budget);
    const subsets = legalSubsets(parts, cat.budgets[budget], bit).filter((s) => must.every((p) => s.parts.includes(p)));
    return { budget, subsets, groups: groupSubsets(subsets) };
  });
  const mustOptions = include.filter((p) => p.option);
  const choices = subsetsOf(options)
    .filter((parts) => mustOptions.every((p) => parts.includes(p)))
    .map((parts) => ({
      parts,
      cost: Object.fromEntries(BUDGETS.map((b) => [b, parts.filter((p) => p.budget === b).reduce((s, p) => s + p.cost, 0)])) as Record<Budget, number>,
      needs: parts.reduce((m, p) => m | (1 << required.indexOf(p.option!.requires)), 0),
    }));
  // An included part that the filter also leaves out makes the space empty.
  const impossible = include.some((p) => !allowed(p));
  return { cat, pools, choices: impossible ? [] : choices, minSpent, maxSpent };
}

/** Every subset of `parts` within `limit` points and the at-most-one rules, lexicographic by index. */
function legalSubsets(parts: readonly Part[], limit: number, bit: (p: Part) => number): Subset[] {
  const out: Subset[] = [];
  const chosen: Part[] = [];
  const walk = (from: number, cost: number, holds: number, groups: ReadonlySet<string>): void => {
    out.push({ parts: [...chosen], cost, holds });
    for (let i = from; i < parts.length; i++) {
      const p = parts[i];
      const g = exclusiveGroup(p);
      if (cost + p.cost > limit || (g && groups.has(g))) continue;
      chosen.push(p);
      walk(i + 1, cost + p.cost, holds | bit(p), g ? new Set([...groups, g]) : groups);
      chosen.pop();
    }
  };
  walk(0, 0, 0, new Set());
  return out;
}

/** Every subset of a short list (options), lexicographic. */
function subsetsOf<T>(items: readonly T[]): T[][] {
  const out: T[][] = [[]];
  const walk = (from: number, chosen: T[]): void => {
    for (let i = from; i < items.length; i++) {
      out.push([...chosen, items[i]]);
      walk(i + 1, [...chosen, items[i]]);
    }
  };
  walk(0, []);
  return out;
}

function groupSubsets(subsets: readonly Subset[]): Group[] {
  const groups = new Map<string, Group>();
  for (const s of subsets) {
    const k = `${s.cost}:${s.holds}`;
    const g = groups.get(k) ?? { cost: s.cost, holds: s.holds, members: [] };
    g.members.push(s);
    groups.set(k, g);
  }
  return [...groups.values()];
}

/** Whether one design (a subset per pool plus an option choice) is legal and passes the spend filter. */
function fits(space: Space, picks: readonly { cost: number; holds: number }[], choice: OptionChoice): boolean {
  let holds = 0;
  let spent = 0;
  for (let i = 0; i < picks.length; i++) {
    const b = space.pools[i].budget;
    if (picks[i].cost + choice.cost[b] > space.cat.budgets[b]) return false;
    holds |= picks[i].holds;
    spent += picks[i].cost + choice.cost[b];
  }
  return (holds & choice.needs) === choice.needs && spent >= space.minSpent && spent <= space.maxSpent;
}

/** One cell of the space: a group per pool and an option choice; `weight` designs. */
interface Cell {
  readonly groups: readonly Group[];
  readonly choice: OptionChoice;
  readonly weight: number;
}

function cellsOf(space: Space): Cell[] {
  const cells: Cell[] = [];
  const picked: Group[] = [];
  const walk = (i: number, choice: OptionChoice): void => {
    if (i === space.pools.length) {
      if (fits(space, picked, choice)) cells.push({ groups: [...picked], choice, weight: picked.reduce((w, g) => w * g.members.length, 1) });
      return;
    }
    for (const g of space.pools[i].groups) {
      picked.push(g);
      walk(i + 1, choice);
      picked.pop();
    }
  };
  for (const choice of space.choices) walk(0, choice);
  return cells;
}

const designOf = (subsets: readonly Subset[], choice: OptionChoice): Loadout => {
  const l = makeLoadout('', [...subsets.flatMap((s) => s.parts), ...choice.parts]);
  return { ...l, name: loadoutKey(l) };
};

/**
 * Every legal design, each named by its loadoutKey, in canonical order
 * (a bad filter throws on the first `next()`):
 * weapon sets, then armour+engine sets, then the CPU, then options, each
 * lexicographic by catalogue position (the empty set first).
 */
export function* enumerateLoadouts(cat: Catalogue, filter?: LoadoutFilter): Generator<Loadout> {
  const space = buildSpace(cat, filter);
  const picked: Subset[] = [];
  function* walk(i: number): Generator<Loadout> {
    if (i === space.pools.length) {
      for (const choice of space.choices) if (fits(space, picked, choice)) yield designOf(picked, choice);
      return;
    }
    for (const s of space.pools[i].subsets) {
      picked.push(s);
      yield* walk(i + 1);
      picked.pop();
    }
  }
  yield* walk(0);
}

/** The number of legal designs, counted per budget and combined (no enumeration). */
export function countLoadouts(cat: Catalogue, filter?: LoadoutFilter): number {
  return cellsOf(buildSpace(cat, filter)).reduce((n, c) => n + c.weight, 0);
}

/** A uniform integer in [0, n), from 53 random bits so large spaces stay uniform. */
function below(rng: Rng, n: number): number {
  const u = (rng.uint32() * 2 ** 21 + (rng.uint32() >>> 11)) / 2 ** 53;
  return Math.floor(u * n);
}

/**
 * `n` designs drawn uniformly from the legal ones, with replacement, as a
 * pure function of the seed: a cell (a group per budget) is chosen with
 * probability proportional to its number of designs, then a member of each
 * group uniformly. Throws a HavocError when no design passes the filter.
 */
export function sampleLoadouts(cat: Catalogue, n: number, seed: string | number, filter?: LoadoutFilter, spread = false): Loadout[] {
  const space = buildSpace(cat, filter);
  const cells = cellsOf(space);
  const count = cells.reduce((s, c) => s + c.weight, 0);
  if (n > 0 && count === 0) throw new HavocError('ERR_NO_LOADOUTS', 'loadout filter', 'no legal design passes the filter');
  // Spread: each budget's spend drawn evenly over the levels it can take, then its parts uniformly at that
  // level (a cell's designs weighed by 1 / the designs of its budgets' levels), so that a category's point
  // value, read from machines spending less than their whole budget of it, has machines to be read from.
  const levels = space.pools.map((pool) => {
    const m = new Map<number, number>();
    for (const g of pool.groups) m.set(g.cost, (m.get(g.cost) ?? 0) + g.members.length);
    return m;
  });
  const weights = cells.map((c) => (spread ? c.groups.reduce((w, g, i) => w * (g.members.length / levels[i]!.get(g.cost)!), 1) : c.weight));
  const cumulative: number[] = [];
  const total = weights.reduce((s, w) => (cumulative.push(s + w), s + w), 0);
  const rng = makeRng(deriveSeed(String(seed), spread ? 'sample-loadouts-spread' : 'sample-loadouts'));
  const out: Loadout[] = [];
  for (let k = 0; k < n; k++) {
    const r = spread ? (below(rng, 2 ** 53) / 2 ** 53) * total : below(rng, total);
    let lo = 0;
    let hi = cells.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] > r) hi = mid;
      else lo = mid + 1;
    }
    const cell = cells[lo];
    out.push(designOf(cell.groups.map((g) => g.members[below(rng, g.members.length)]), cell.choice));
  }
  return out;
}
