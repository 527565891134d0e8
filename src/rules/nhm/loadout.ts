/**
 * Machine designs (loadouts): checking one against the rules of RULES.md
 * section 6, naming it canonically, and walking the space of every legal
 * design — enumerating it, counting it without enumerating, and sampling it
 * uniformly — for balance sweeps.
 *
 * The rules, in the order they are checked:
 *   - each part is known, listed once, in its own list (weapons, armour,
 *     engines, cpu, options), and not experimental unless those are on;
 *   - each budget (weapon 4 — options included —, armour+engine 4, cpu 1)
 *     covers the costs of the parts it pays for;
 *   - at most one standard armour (Mark), one special armour, one CPU;
 *   - an option (Telefrag) only with the part it requires (Teleporter).
 */
import { join } from 'node:path';
import { HavocError } from '../../core/errors.js';
import { deriveSeed, makeRng, type Rng } from '../../core/rng.js';
import { findPart } from './catalogue.js';
import { HavocProblems } from '../../core/errors.js';
import { packageRoot } from '../../core/paths.js';
import { readJsonFile } from '../../core/json.js';
import { BUDGETS, type Budget, type Catalogue, type Category, type Loadout, type LoadoutSpec, type Part } from './parts.js';

/** Options for checkLoadout. */
export interface CheckOptions {
  /** Allow experimental parts (default false). */
  readonly experimental?: boolean;
  /** Path prefix in errors (default: the loadout's name), e.g. `loadouts.robo-pig`. */
  readonly where?: string;
}

export type CheckResult = { ok: true; loadout: Loadout } | { ok: false; errors: HavocError[] };

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

/** The loadout lists and the categories that belong in them. */
const LISTS = [
  ['weapons', 'weapon'],
  ['armour', 'armour'],
  ['engines', 'engine'],
  ['options', 'option'],
] as const satisfies readonly (readonly [keyof LoadoutSpec, Category])[];
const SPEC_FIELDS = ['weapons', 'armour', 'engines', 'cpu', 'options'];
const LIST_OF: Record<Category, string> = { weapon: 'weapons', armour: 'armour', engine: 'engines', cpu: 'cpu', option: 'options' };

/** The "at most one" groups of RULES.md section 6: a part's group, or null. */
export function exclusiveGroup(p: Part): 'mark' | 'special-armour' | 'cpu' | null {
  if (p.category === 'cpu') return 'cpu';
  if (p.armour) return p.armour.kind === 'mark' ? 'mark' : 'special-armour';
  return null;
}
const GROUP_RULE = {
  mark: 'at most one standard armour (Mark)',
  'special-armour': 'at most one special armour',
  cpu: 'at most one CPU',
};

/** The lists whose parts a budget pays for, for error paths. */
function budgetPath(cat: Catalogue, b: Budget): string {
  const lists = new Set(cat.parts.filter((p) => p.budget === b).map((p) => LIST_OF[p.category]));
  return [...lists].join('+');
}

/**
 * Checks a loadout spec (an object of part lists, or a loadout key such as
 * `bazooka+hammer-fist/-/tank-treads/-`) against the catalogue. Reports every
 * violation at once, each a HavocError whose code names the rule and whose
 * `where` is the path (`robo-pig.weapons[1]`).
 */
export function checkLoadout(cat: Catalogue, spec: unknown, name: string, opts: CheckOptions = {}): CheckResult {
  const where = opts.where ?? name;
  const errors: HavocError[] = [];
  const fail = (code: string, path: string, problem: string): void => {
    errors.push(new HavocError(code, path, problem));
  };
  if (typeof spec === 'string') spec = parseLoadoutKey(cat, spec, where, errors);
  if (spec === null) return { ok: false, errors };
  if (!isObject(spec)) {
    fail('loadout-shape', where, 'a loadout is an object {weapons: [...], armour: [...], engines: [...], cpu: key or null, options: [...]}');
    return { ok: false, errors };
  }
  for (const field of Object.keys(spec))
    if (!SPEC_FIELDS.includes(field)) fail('loadout-shape', `${where}.${field}`, `unknown field (expected ${SPEC_FIELDS.join(', ')})`);

  // Resolve every named part, remembering where it was listed.
  const seen = new Map<Part, string>();
  const chosen: Part[] = [];
  const place = (raw: unknown, path: string, wanted: Category): void => {
    if (typeof raw !== 'string') return fail('loadout-shape', path, `a part key is a string, not ${JSON.stringify(raw)}`);
    const part = findPart(cat, raw);
    if (!part) return fail('unknown-part', path, `unknown part "${raw}"`);
    const first = seen.get(part);
    if (first) return fail('duplicate-part', path, `a part appears once (RULES.md 6): ${part.key} is already at ${first}`);
    seen.set(part, path);
    chosen.push(part);
    if (part.category !== wanted)
      fail('wrong-list', path, `${part.key} is ${article(part.category)}, not ${article(wanted)}: list it under "${LIST_OF[part.category]}"`);
    if (part.experimental && !opts.experimental)
      fail('experimental-part', path, `${part.key} is experimental: off unless experimental parts are turned on`);
  };
  for (const [list, category] of LISTS) {
    const items = spec[list];
    if (items === undefined) continue;
    if (!Array.isArray(items)) fail('loadout-shape', `${where}.${list}`, `${list} is an array of part keys`);
    else items.forEach((raw, i) => place(raw, `${where}.${list}[${i}]`, category));
  }
  if (Array.isArray(spec.cpu)) fail('loadout-shape', `${where}.cpu`, 'cpu is one part key or null (at most one CPU)');
  else if (spec.cpu !== undefined && spec.cpu !== null) place(spec.cpu, `${where}.cpu`, 'cpu');

  for (const b of BUDGETS) {
    const paying = chosen.filter((p) => p.budget === b);
    const spent = paying.reduce((sum, p) => sum + p.cost, 0);
    if (spent > cat.budgets[b])
      fail(
        'over-budget',
        `${where}.${budgetPath(cat, b)}`,
        `${b} points: ${paying.map((p) => `${p.key} ${p.cost}`).join(' + ')} = ${spent}, over the budget of ${cat.budgets[b]} (RULES.md 6)`,
      );
  }
  const groupFirst = new Map<string, Part>();
  for (const p of chosen) {
    const g = exclusiveGroup(p);
    if (!g) continue;
    const first = groupFirst.get(g);
    if (!first) groupFirst.set(g, p);
    else fail(`one-${g}`, seen.get(p)!, `${GROUP_RULE[g]} (RULES.md 6): ${first.key} is already at ${seen.get(first)}`);
  }
  for (const p of chosen)
    if (p.option && !chosen.some((q) => q.key === p.option!.requires))
      fail('option-requires', seen.get(p)!, `${p.key} requires ${p.option.requires} in the same loadout`);

  return errors.length ? { ok: false, errors } : { ok: true, loadout: makeLoadout(name, chosen) };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const article = (c: Category): string => (c === 'armour' ? 'armour' : `${/^[aeiou]/.test(c) ? 'an' : 'a'} ${c}`);

/** Builds a Loadout from parts, each list in catalogue order. */
export function makeLoadout(name: string, parts: readonly Part[]): Loadout {
  const sorted = [...parts].sort((a, b) => a.index - b.index);
  const lists: Record<Category, Part[]> = { weapon: [], armour: [], engine: [], cpu: [], option: [] };
  for (const p of sorted) lists[p.category].push(p);
  return {
    name,
    parts: sorted,
    weapons: lists.weapon,
    armour: lists.armour,
    engines: lists.engine,
    cpu: lists.cpu[0] ?? null,
    options: lists.option,
  };
}

// ---------------------------------------------------------------------------
// Loadout keys: weapons/armour/engines/cpu, parts joined by +, `-` for none.

const KEY_GROUPS: readonly Category[] = ['weapon', 'armour', 'engine', 'cpu'];

/**
 * The canonical name of a design: `weapons/armour/engines/cpu`, parts in
 * catalogue order joined by `+`, `-` for an empty list; an option is written
 * at the end of the list of the part it requires (`-/-/teleporter+telefrag/-`).
 * The Robo Battle Pig is `bazooka+hammer-fist/-/tank-treads/-`.
 * checkLoadout accepts these keys as specs.
 */
export function loadoutKey(loadout: Loadout): string {
  const groups: string[][] = KEY_GROUPS.map(() => []);
  const byKey = new Map(loadout.parts.map((p) => [p.key, p]));
  const sorted = [...loadout.parts].sort((a, b) => Number(a.category === 'option') - Number(b.category === 'option') || a.index - b.index);
  for (const p of sorted) {
    const owner = p.option ? byKey.get(p.option.requires) : p;
    groups[owner ? Math.max(0, KEY_GROUPS.indexOf(owner.category)) : 0].push(p.key);
  }
  return groups.map((g) => (g.length ? g.join('+') : '-')).join('/');
}

/** Reads a loadout key back into a spec; null (with an error) when it is not one. */
function parseLoadoutKey(cat: Catalogue, key: string, where: string, errors: HavocError[]): LoadoutSpec | null {
  const groups = key.split('/');
  if (groups.length !== 4 || groups.some((g) => g === '')) {
    errors.push(new HavocError('loadout-shape', where, `"${key}" is not a loadout key weapons/armour/engines/cpu (use - for none)`));
    return null;
  }
  // Options are written beside the part they require; every other part stays in
  // the list its position names, so checkLoadout can report a misplaced one.
  const isOption = (k: string): boolean => findPart(cat, k)?.category === 'option';
  const [weapons, armour, engines, cpu] = groups.map((g) => (g === '-' ? [] : g.split('+')));
  const options = [...weapons, ...armour, ...engines, ...cpu].filter(isOption);
  const cpus = cpu.filter((k) => !isOption(k));
  if (cpus.length > 1) {
    errors.push(new HavocError('loadout-shape', `${where}.cpu`, 'at most one CPU (RULES.md 6)'));
    return null;
  }
  const rest = (list: string[]): string[] => list.filter((k) => !isOption(k));
  return { weapons: rest(weapons), armour: rest(armour), engines: rest(engines), cpu: cpus[0] ?? null, options };
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
      if (!p) problems.push(new HavocError('unknown-part', `${field}[${i}]`, `unknown part "${n}"`));
      return p ? [p] : [];
    });
  const include = resolve(filter.includeParts, 'includeParts');
  const exclude = new Set(resolve(filter.excludeParts, 'excludeParts'));
  const allTags = new Set(cat.parts.flatMap((p) => p.tags));
  const excludeTags = new Set((filter.excludeTags ?? []).map((t) => t.toUpperCase()));
  for (const t of excludeTags) if (!allTags.has(t)) problems.push(new HavocError('unknown-tag', 'excludeTags', `no part has the tag "${t}"`));
  const minSpent = filter.minSpent ?? 0;
  const maxSpent = filter.maxSpent ?? Infinity;
  for (const [field, v] of [['minSpent', filter.minSpent], ['maxSpent', filter.maxSpent]] as const)
    if (v !== undefined && !(Number.isInteger(v) && v >= 0)) problems.push(new HavocError('bad-filter', field, `must be a whole number >= 0, not ${v}`));
  if (problems.length) throw new HavocProblems('bad-filter', 'loadout filter', problems);

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
export function sampleLoadouts(cat: Catalogue, n: number, seed: string | number, filter?: LoadoutFilter): Loadout[] {
  const cells = cellsOf(buildSpace(cat, filter));
  const total = cells.reduce((s, c) => s + c.weight, 0);
  if (n > 0 && total === 0) throw new HavocError('no-loadouts', 'loadout filter', 'no legal design passes the filter');
  const cumulative: number[] = [];
  cells.reduce((s, c) => (cumulative.push(s + c.weight), s + c.weight), 0);
  const rng = makeRng(deriveSeed(String(seed), 'sample-loadouts'));
  const out: Loadout[] = [];
  for (let k = 0; k < n; k++) {
    const r = below(rng, total);
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

/** The default named-designs file, configs/loadouts.json under the package root. */
export const defaultLoadoutsPath = (): string => join(packageRoot(), 'configs', 'loadouts.json');

/**
 * Reads named designs ({name: spec}) and checks each. Throws a HavocProblems
 * (code `bad-loadouts`) naming the file and listing every error with its path
 * (`loadouts.robo-pig.weapons[1]`).
 */
export function loadNamedLoadouts(cat: Catalogue, path: string = defaultLoadoutsPath(), opts: { experimental?: boolean } = {}): Map<string, Loadout> {
  const json = readJsonFile(path, 'bad-loadouts');
  if (!isObject(json)) throw new HavocError('bad-loadouts', path, 'expected an object {name: loadout}');
  const out = new Map<string, Loadout>();
  const errors: HavocError[] = [];
  for (const [name, spec] of Object.entries(json)) {
    const r = checkLoadout(cat, spec, name, { ...opts, where: `loadouts.${name}` });
    if (r.ok) out.set(name, r.loadout);
    else errors.push(...r.errors);
  }
  if (errors.length) throw new HavocProblems('bad-loadouts', path, errors);
  return out;
}

/** A loadout written back as a spec of part keys (for JSON output and configs). */
export function loadoutSpec(l: Loadout): Required<LoadoutSpec> {
  const keys = (ps: readonly Part[]): string[] => ps.map((p) => p.key);
  return { weapons: keys(l.weapons), armour: keys(l.armour), engines: keys(l.engines), cpu: l.cpu?.key ?? null, options: keys(l.options) };
}
