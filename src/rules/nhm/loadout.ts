/**
 * Machine designs (loadouts): checking one against the rules of RULES.md
 * section 6, naming it canonically (its key), writing it back as a spec, and
 * reading the named designs of configs/loadouts.json. Walking the space of
 * every legal design is designSpace.ts.
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
import { HavocError, HavocProblems, type ErrorCode } from '../../core/errors.js';
import { findPart } from './catalogue.js';
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
/** Each group's code, spelt out (a code built from the group's name would escape the type). */
const GROUP_CODE = { mark: 'ERR_ONE_MARK', 'special-armour': 'ERR_ONE_SPECIAL_ARMOUR', cpu: 'ERR_ONE_CPU' } as const satisfies Record<keyof typeof GROUP_RULE, ErrorCode>;

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
  const fail = (code: ErrorCode, path: string, problem: string): void => {
    errors.push(new HavocError(code, path, problem));
  };
  if (typeof spec === 'string') spec = parseLoadoutKey(cat, spec, where, errors);
  if (spec === null) return { ok: false, errors };
  if (!isObject(spec)) {
    fail('ERR_LOADOUT_SHAPE', where, 'a loadout is an object {weapons: [...], armour: [...], engines: [...], cpu: key or null, options: [...]}');
    return { ok: false, errors };
  }
  for (const field of Object.keys(spec))
    if (!SPEC_FIELDS.includes(field)) fail('ERR_LOADOUT_SHAPE', `${where}.${field}`, `unknown field (expected ${SPEC_FIELDS.join(', ')})`);

  // Resolve every named part, remembering where it was listed.
  const seen = new Map<Part, string>();
  const chosen: Part[] = [];
  const place = (raw: unknown, path: string, wanted: Category): void => {
    if (typeof raw !== 'string') return fail('ERR_LOADOUT_SHAPE', path, `a part key is a string, not ${JSON.stringify(raw)}`);
    const part = findPart(cat, raw);
    if (!part) return fail('ERR_UNKNOWN_PART', path, `unknown part "${raw}"`);
    const first = seen.get(part);
    if (first) return fail('ERR_DUPLICATE_PART', path, `a part appears once (RULES.md 6): ${part.key} is already at ${first}`);
    seen.set(part, path);
    chosen.push(part);
    if (part.category !== wanted)
      fail('ERR_WRONG_LIST', path, `${part.key} is ${article(part.category)}, not ${article(wanted)}: list it under "${LIST_OF[part.category]}"`);
    if (part.experimental && !opts.experimental)
      fail('ERR_EXPERIMENTAL_PART', path, `${part.key} is experimental: off unless experimental parts are turned on`);
  };
  for (const [list, category] of LISTS) {
    const items = spec[list];
    if (items === undefined) continue;
    if (!Array.isArray(items)) fail('ERR_LOADOUT_SHAPE', `${where}.${list}`, `${list} is an array of part keys`);
    else items.forEach((raw, i) => place(raw, `${where}.${list}[${i}]`, category));
  }
  if (Array.isArray(spec.cpu)) fail('ERR_LOADOUT_SHAPE', `${where}.cpu`, 'cpu is one part key or null (at most one CPU)');
  else if (spec.cpu !== undefined && spec.cpu !== null) place(spec.cpu, `${where}.cpu`, 'cpu');

  for (const b of BUDGETS) {
    const paying = chosen.filter((p) => p.budget === b);
    const spent = paying.reduce((sum, p) => sum + p.cost, 0);
    if (spent > cat.budgets[b])
      fail(
        'ERR_OVER_BUDGET',
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
    else fail(GROUP_CODE[g], seen.get(p)!, `${GROUP_RULE[g]} (RULES.md 6): ${first.key} is already at ${seen.get(first)}`);
  }
  for (const p of chosen)
    if (p.option && !chosen.some((q) => q.key === p.option!.requires))
      fail('ERR_OPTION_REQUIRES', seen.get(p)!, `${p.key} requires ${p.option.requires} in the same loadout`);

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
    errors.push(new HavocError('ERR_LOADOUT_SHAPE', where, `"${key}" is not a loadout key weapons/armour/engines/cpu (use - for none)`));
    return null;
  }
  // Options are written beside the part they require; every other part stays in
  // the list its position names, so checkLoadout can report a misplaced one.
  const isOption = (k: string): boolean => findPart(cat, k)?.category === 'option';
  const [weapons, armour, engines, cpu] = groups.map((g) => (g === '-' ? [] : g.split('+')));
  const options = [...weapons, ...armour, ...engines, ...cpu].filter(isOption);
  const cpus = cpu.filter((k) => !isOption(k));
  if (cpus.length > 1) {
    errors.push(new HavocError('ERR_LOADOUT_SHAPE', `${where}.cpu`, 'at most one CPU (RULES.md 6)'));
    return null;
  }
  const rest = (list: string[]): string[] => list.filter((k) => !isOption(k));
  return { weapons: rest(weapons), armour: rest(armour), engines: rest(engines), cpu: cpus[0] ?? null, options };
}

/**
 * The parts a loadout key names, whatever they cost: null when the key is malformed or names a part the
 * catalogue lacks. For a design written under other prices (refit.ts), which checkLoadout may refuse.
 */
export function partsOfKey(cat: Catalogue, key: string): Part[] | null {
  const errors: HavocError[] = [];
  const spec = parseLoadoutKey(cat, key, key, errors);
  if (!spec) return null;
  const keys = [...(spec.weapons ?? []), ...(spec.armour ?? []), ...(spec.engines ?? []), ...(spec.cpu ? [spec.cpu] : []), ...(spec.options ?? [])];
  const parts = keys.map((k) => findPart(cat, k));
  return parts.every((x): x is Part => x !== undefined) ? parts : null;
}

/** The default named-designs file, configs/loadouts.json under the package root. */
export const defaultLoadoutsPath = (): string => join(packageRoot(), 'configs', 'loadouts.json');

/**
 * Reads named designs ({name: spec}) and checks each. Throws a HavocProblems
 * (code `ERR_LOADOUTS`) naming the file and listing every error with its path
 * (`loadouts.robo-pig.weapons[1]`).
 */
export function loadNamedLoadouts(cat: Catalogue, path: string = defaultLoadoutsPath(), opts: { experimental?: boolean } = {}): Map<string, Loadout> {
  const json = readJsonFile(path, 'ERR_LOADOUTS');
  if (!isObject(json)) throw new HavocError('ERR_LOADOUTS', path, 'expected an object {name: loadout}');
  const out = new Map<string, Loadout>();
  const errors: HavocError[] = [];
  for (const [name, spec] of Object.entries(json)) {
    const r = checkLoadout(cat, spec, name, { ...opts, where: `loadouts.${name}` });
    if (r.ok) out.set(name, r.loadout);
    else errors.push(...r.errors);
  }
  if (errors.length) throw new HavocProblems('ERR_LOADOUTS', path, errors);
  return out;
}

/** A loadout written back as a spec of part keys (for JSON output and configs). */
export function loadoutSpec(l: Loadout): Required<LoadoutSpec> {
  const keys = (ps: readonly Part[]): string[] => ps.map((p) => p.key);
  return { weapons: keys(l.weapons), armour: keys(l.armour), engines: keys(l.engines), cpu: l.cpu?.key ?? null, options: keys(l.options) };
}
