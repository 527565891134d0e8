/**
 * The parts catalogue loader. The catalogue is data (configs/parts.json) so a
 * balance tester can change a cost or a pattern and re-run; this module reads
 * it, compiles the weapon diagrams (diagram.ts), and rejects a malformed file
 * with every problem it finds, each naming the part and what is wrong.
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { HavocError, HavocProblems } from '../../core/errors.js';
import { canonicalJson, readJsonFile } from '../../core/json.js';
import { packageRoot } from '../../core/paths.js';
import { compileDiagram } from './diagram.js';
import {
  BUDGETS,
  CATEGORIES,
  CELL_SHIELD,
  CELL_TARGET,
  MOVES,
  type ArmourSpec,
  type Budget,
  type Catalogue,
  type Category,
  type CpuEffect,
  type EngineSpec,
  type MoveName,
  type Part,
  type WeaponKind,
  type WeaponOption,
  type WeaponSpec,
} from './parts.js';

const WEAPON_KINDS: readonly WeaponKind[] = ['pattern', 'mines', 'shield', 'jump', 'passive'];
const CPU_EFFECTS: readonly CpuEffect[] = ['repair2', 'half-x', 'dodge', 'autotarget'];
const ARMOUR_KINDS = ['mark', 'reflecto', 'refracto'] as const;
const DEFAULT_BUDGET: Record<Category, Budget> = {
  weapon: 'weapon',
  option: 'weapon',
  armour: 'armour-engine',
  engine: 'armour-engine',
  cpu: 'cpu',
};

const COMMON_FIELDS = ['key', 'name', 'short', 'category', 'budget', 'cost', 'tags', 'experimental', 'description'];
const CATEGORY_FIELDS: Record<Category, readonly string[]> = {
  weapon: ['diagrams', 'kind', 'push', 'bonkDamage', 'beamAtFullHearts'],
  armour: ['armour', 'shields'],
  engine: ['moves', 'hover'],
  cpu: ['effect'],
  option: ['effect', 'requires'],
};
const TOP_FIELDS = ['version', 'legend', 'budgets', 'parts'];

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;
const show = (v: unknown): string => (v === undefined ? 'missing' : JSON.stringify(v));

/** Collects problems for one file, each tagged with where it is. */
class Problems {
  readonly list: HavocError[] = [];
  add(where: string, problem: string): void {
    this.list.push(new HavocError('ERR_CATALOGUE', where, problem));
  }
}

/**
 * Reads a catalogue from parsed JSON. `source` names the file in errors.
 * Throws a HavocProblems (code `ERR_CATALOGUE`) listing every problem found.
 */
export function parseCatalogue(json: unknown, source: string): Catalogue {
  const problems = new Problems();
  const fail = (): never => {
    throw new HavocProblems('ERR_CATALOGUE', source, problems.list);
  };
  if (!isObject(json)) {
    problems.add('', 'a catalogue is a JSON object {"version": 1, "budgets": {...}, "parts": [...]}');
    return fail();
  }
  for (const field of Object.keys(json))
    if (!TOP_FIELDS.includes(field)) problems.add(field, `unknown top-level field (expected ${TOP_FIELDS.join(', ')})`);
  if (json.version !== 1) problems.add('version', `must be 1, not ${show(json.version)}`);

  const budgets = parseBudgets(json.budgets, problems);
  const knownTags = documentedTags(json.legend, problems);
  const rawParts = Array.isArray(json.parts) ? json.parts : [];
  if (!Array.isArray(json.parts)) problems.add('parts', 'must be an array of parts');

  const parts: Part[] = [];
  rawParts.forEach((raw, index) => {
    const part = parsePart(raw, index, knownTags, problems);
    if (part) parts.push(part);
  });
  const byKey = indexParts(parts, problems);
  checkOptions(parts, byKey, problems);
  if (problems.list.length) fail();

  return { source, hash: catalogueHash(json), budgets, parts, byKey };
}

function parseBudgets(raw: unknown, problems: Problems): Record<Budget, number> {
  const budgets = { weapon: 0, 'armour-engine': 0, cpu: 0 } as Record<Budget, number>;
  if (!isObject(raw)) {
    problems.add('budgets', `must be an object {${BUDGETS.map((b) => `"${b}": points`).join(', ')}}`);
    return budgets;
  }
  for (const b of BUDGETS) {
    if (isCount(raw[b])) budgets[b] = raw[b];
    else problems.add(`budgets.${b}`, `must be a whole number of points >= 0, not ${show(raw[b])}`);
  }
  for (const k of Object.keys(raw))
    if (!(BUDGETS as readonly string[]).includes(k)) problems.add(`budgets.${k}`, `unknown budget (expected ${BUDGETS.join(', ')})`);
  return budgets;
}

/** Tags explained in legend.tags; null when the file has no legend (then any upper-case tag goes). */
function documentedTags(legend: unknown, problems: Problems): ReadonlySet<string> | null {
  if (legend === undefined) return null;
  if (!isObject(legend)) {
    problems.add('legend', 'must be an object');
    return null;
  }
  return isObject(legend.tags) ? new Set(Object.keys(legend.tags)) : null;
}

/** Reads one part; returns null when it is too broken to index. */
function parsePart(raw: unknown, index: number, knownTags: ReadonlySet<string> | null, problems: Problems): Part | null {
  if (!isObject(raw)) {
    problems.add(`parts[${index}]`, 'a part is an object');
    return null;
  }
  const key = typeof raw.key === 'string' ? raw.key : '';
  const where = key ? `parts[${index}] (${key})` : `parts[${index}]`;
  const add = (problem: string): void => problems.add(where, problem);
  const before = problems.list.length;

  if (!/^[a-z0-9][a-z0-9-]*$/.test(key)) add(`key ${show(raw.key)} must be lower-case letters, digits and -`);
  if (typeof raw.name !== 'string' || raw.name.trim() === '') add(`name ${show(raw.name)} must be a non-empty string`);
  if (raw.short !== undefined && (typeof raw.short !== 'string' || !/^[A-Za-z0-9]+$/.test(raw.short)))
    add(`short ${show(raw.short)} must be letters or digits`);
  if (raw.description !== undefined && typeof raw.description !== 'string') add('description must be a string');
  if (raw.experimental !== undefined && typeof raw.experimental !== 'boolean') add('experimental must be true or false');

  const category = raw.category as Category;
  const knownCategory = (CATEGORIES as readonly string[]).includes(category);
  if (!knownCategory) add(`unknown category ${show(raw.category)} (expected ${CATEGORIES.join(', ')})`);
  else
    for (const field of Object.keys(raw))
      if (!COMMON_FIELDS.includes(field) && !CATEGORY_FIELDS[category].includes(field))
        add(`unknown field "${field}" for a part of category ${category}`);

  if (raw.cost === undefined) add('cost is missing');
  else if (!isCount(raw.cost)) add(`cost must be a whole number of points >= 0, not ${show(raw.cost)}`);

  let budget: Budget = knownCategory ? DEFAULT_BUDGET[category] : 'weapon';
  if (raw.budget !== undefined) {
    if ((BUDGETS as readonly string[]).includes(raw.budget as string)) budget = raw.budget as Budget;
    else add(`unknown budget ${show(raw.budget)} (expected ${BUDGETS.join(', ')})`);
  }

  const tags = parseTags(raw.tags, knownTags, add);
  const part = {
    index,
    key,
    name: typeof raw.name === 'string' ? raw.name : key,
    ...(typeof raw.short === 'string' ? { short: raw.short } : {}),
    category,
    budget,
    cost: isCount(raw.cost) ? raw.cost : 0,
    tags,
    experimental: raw.experimental === true,
    diagrams: {} as Record<string, readonly string[]>,
    description: typeof raw.description === 'string' ? raw.description : '',
  } as { -readonly [K in keyof Part]: Part[K] };

  if (category === 'weapon') {
    part.weapon = parseWeapon(raw, tags, add) ?? undefined;
    if (isObject(raw.diagrams)) part.diagrams = raw.diagrams as Record<string, readonly string[]>;
  } else if (category === 'armour') part.armour = parseArmour(raw, add) ?? undefined;
  else if (category === 'engine') part.engine = parseEngine(raw, add) ?? undefined;
  else if (category === 'cpu') {
    if (CPU_EFFECTS.includes(raw.effect as CpuEffect)) part.cpu = raw.effect as CpuEffect;
    else add(`unknown cpu effect ${show(raw.effect)} (expected ${CPU_EFFECTS.join(', ')})`);
  } else if (category === 'option') {
    if (raw.effect !== 'telefrag') add(`unknown option effect ${show(raw.effect)} (expected telefrag)`);
    if (typeof raw.requires !== 'string') add('an option names the part it requires ("requires": key)');
    else part.option = { effect: 'telefrag', requires: raw.requires };
  }
  return problems.list.length > before ? null : (part as Part);
}

function parseTags(raw: unknown, known: ReadonlySet<string> | null, add: (p: string) => void): string[] {
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) {
    add('tags must be an array of strings');
    return [];
  }
  const tags: string[] = [];
  for (const t of raw) {
    if (typeof t !== 'string' || !/^[A-Z][A-Z0-9-]*$/.test(t)) add(`tag ${show(t)} must be an upper-case word`);
    else if (known && !known.has(t)) add(`tag "${t}" is not explained in legend.tags`);
    else if (tags.includes(t)) add(`tag "${t}" is listed twice`);
    else tags.push(t);
  }
  return tags;
}

/** Compiles a weapon's diagrams and behaviour flags. */
function parseWeapon(raw: Json, tags: readonly string[], add: (p: string) => void): WeaponSpec | null {
  const kind = (raw.kind ?? 'pattern') as WeaponKind;
  if (!WEAPON_KINDS.includes(kind)) {
    add(`unknown weapon kind ${show(raw.kind)} (expected ${WEAPON_KINDS.join(', ')})`);
    return null;
  }
  const flag = (field: string): boolean => {
    if (raw[field] !== undefined && typeof raw[field] !== 'boolean') add(`${field} must be true or false`);
    return raw[field] === true;
  };
  const push = flag('push');
  const fullHeartsOnly = flag('beamAtFullHearts');
  const bonkDamage = raw.bonkDamage ?? 0;
  if (!isCount(bonkDamage)) add(`bonkDamage must be a whole number >= 0, not ${show(raw.bonkDamage)}`);
  const traits = {
    lobbed: tags.includes('LOBBED'),
    penetrate: tags.includes('PENETRATE') || tags.includes('BLADE'),
    branching: tags.includes('BRANCHING'),
    fullHeartsOnly,
  };

  const options: WeaponOption[] = [];
  if (kind === 'passive') {
    if (raw.diagrams !== undefined && !(isObject(raw.diagrams) && Object.keys(raw.diagrams).length === 0))
      add('a passive weapon has no command, so no diagrams');
  } else if (!isObject(raw.diagrams) || Object.keys(raw.diagrams).length === 0) {
    add('a weapon needs "diagrams": {option label: rows}, at least one');
  } else {
    for (const [label, rows] of Object.entries(raw.diagrams)) {
      const found: string[] = [];
      if (!/^[a-z0-9]+$/.test(label)) found.push('option labels are lower-case letters and digits');
      const option = compileDiagram(label, rows, traits, found);
      if (option) checkKind(kind, option, found);
      for (const p of found) add(`diagram "${label}": ${p}`);
      if (option && found.length === 0) options.push(option);
    }
  }

  const hasBeams = options.some((o) => o.beams.length > 0);
  if (hasBeams && !tags.includes('BEAM')) add('beam squares (~) need the BEAM tag');
  if (!hasBeams && tags.includes('BEAM') && options.length) add('the BEAM tag needs beam squares (~) in a diagram');
  if (fullHeartsOnly && !hasBeams && options.length) add('beamAtFullHearts needs beam squares (~)');
  if (push && kind !== 'pattern') add('push is for pattern weapons');
  return { kind, penetrate: traits.penetrate, lobbed: traits.lobbed, push, bonkDamage: isCount(bonkDamage) ? bonkDamage : 0, options };
}

/** What each kind of weapon may draw. */
function checkKind(kind: WeaponKind, option: WeaponOption, problems: string[]): void {
  const count = (flag: number): number => option.cells.filter((c) => c.flags & flag).length;
  const hot = option.cells.filter((c) => c.damage > 0).length + option.beams.length;
  const targets = count(CELL_TARGET);
  const shields = count(CELL_SHIELD);
  if (kind === 'pattern') {
    if (hot === 0) problems.push('a pattern weapon needs at least one hot square (× * ~)');
    if (targets || shields) problems.push('○ and # are for mines, jump and shield weapons ("kind")');
  } else if (kind === 'mines') {
    if (targets !== 1 || hot || shields) problems.push('a mines option marks exactly one target square ○ (or ●) and nothing else');
  } else if (kind === 'shield') {
    if (shields === 0 || hot || targets) problems.push('a shield option marks shield spots # and nothing else');
  } else if (kind === 'jump') {
    const landing = option.cells.find((c) => c.flags & CELL_TARGET);
    if (targets !== 1 || !landing || (landing.right === 0 && landing.forward === 0) || shields || option.beams.length)
      problems.push('a jump option marks one landing square ○ away from ▲, and hot squares');
  }
}

function parseArmour(raw: Json, add: (p: string) => void): ArmourSpec | null {
  if (raw.armour === 'mark') {
    if (isCount(raw.shields) && raw.shields > 0) return { kind: 'mark', shields: raw.shields };
    add(`a mark gives shields: a whole number >= 1, not ${show(raw.shields)}`);
    return null;
  }
  if (raw.armour === 'reflecto' || raw.armour === 'refracto') {
    if (raw.shields !== undefined) add('only mark armour gives shields');
    return { kind: raw.armour };
  }
  add(`unknown armour ${show(raw.armour)} (expected ${ARMOUR_KINDS.join(', ')})`);
  return null;
}

function parseEngine(raw: Json, add: (p: string) => void): EngineSpec | null {
  if (raw.hover !== undefined && typeof raw.hover !== 'boolean') add('hover must be true or false');
  if (!Array.isArray(raw.moves)) {
    add('an engine lists its moves ("moves": [], may be empty)');
    return null;
  }
  const moves: MoveName[] = [];
  for (const m of raw.moves) {
    if (!(MOVES as readonly unknown[]).includes(m)) add(`engine move ${show(m)} is not one of ${MOVES.join(' ')}`);
    else if (moves.includes(m as MoveName)) add(`engine move "${m}" is listed twice`);
    else moves.push(m as MoveName);
  }
  return { moves, hover: raw.hover === true };
}

/** Builds the lookup by key, short and lower-cased name; two parts may not share a name. */
function indexParts(parts: readonly Part[], problems: Problems): Map<string, Part> {
  const byKey = new Map<string, Part>();
  const claim = (name: string, part: Part, what: string): void => {
    const other = byKey.get(name);
    if (!other) byKey.set(name, part);
    else if (other !== part)
      problems.add(`parts[${part.index}] (${part.key})`, `duplicate key: its ${what} "${name}" already names parts[${other.index}] (${other.key})`);
  };
  for (const p of parts) claim(p.key, p, 'key');
  for (const p of parts) {
    if (p.short) {
      claim(p.short, p, 'short');
      claim(p.short.toLowerCase(), p, 'short');
    }
    claim(p.name.toLowerCase(), p, 'name');
  }
  return byKey;
}

function checkOptions(parts: readonly Part[], byKey: ReadonlyMap<string, Part>, problems: Problems): void {
  for (const p of parts) {
    if (!p.option) continue;
    const needed = byKey.get(p.option.requires);
    if (!needed || needed.key !== p.option.requires)
      problems.add(`parts[${p.index}] (${p.key})`, `option requires unknown part "${p.option.requires}"`);
    else if (needed.category === 'option') problems.add(`parts[${p.index}] (${p.key})`, 'an option cannot require another option');
  }
}

/** Finds a part by key, short or name, ignoring case. */
export function findPart(cat: Catalogue, name: string): Part | undefined {
  const s = name.trim();
  return cat.byKey.get(s) ?? cat.byKey.get(s.toLowerCase());
}

/** sha256 (hex) of the canonical JSON of a parsed catalogue file. */
export function catalogueHash(json: unknown): string {
  return createHash('sha256').update(canonicalJson(json)).digest('hex');
}

/** The default catalogue file, configs/parts.json under the package root. */
export const defaultCataloguePath = (): string => join(packageRoot(), 'configs', 'parts.json');

/** Loads and checks a catalogue file (default: configs/parts.json of this package). */
export function loadCatalogue(path: string = defaultCataloguePath()): Catalogue {
  return parseCatalogue(readJsonFile(path, 'ERR_CATALOGUE'), path);
}

let cached: Catalogue | null = null;

/** The default catalogue, loaded once. */
export function defaultCatalogue(): Catalogue {
  cached ??= loadCatalogue();
  return cached;
}
