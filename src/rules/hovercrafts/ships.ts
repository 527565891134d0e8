/**
 * Ships and fleets: a ship's four stats (Hull, Shield, Ballistic, Energy),
 * what upgrades cost, and the settings file that prices them
 * (configs/hovercrafts.json's sibling, `configs/hovercrafts-ships.json`):
 * the base ship (3/1/1/1 by the rulebook), the most each stat may be raised
 * to, the points per upgraded point, named ships and fleets, and the rules'
 * options. A build is a fleet: the ships one seat commands, 1 to 5.
 *
 * A ship's key is its stats, `h3s1b1e1`; a fleet's key its ships' keys
 * joined by `+`. A config may name a fleet, a ship (a fleet of one), a key,
 * or `+`-joined names and keys.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { HavocError, HavocProblems } from '../../core/errors.js';
import { canonicalJson, isObject, parseJsonText } from '../../core/json.js';
import { packageRoot } from '../../core/paths.js';
import type { DataFile, Parsed } from '../../core/game.js';
import { DEFAULT_OPTIONS, readOptions, type HoverOptions } from './options.js';
import { DEFAULT_MAP, parseMapSpec, type MapSpec } from './map.js';

export const STATS = ['hull', 'shield', 'ballistic', 'energy'] as const;
export type StatName = (typeof STATS)[number];
/** Stat indices. */
export const HULL = 0, SHIELD = 1, BALLISTIC = 2, ENERGY = 3;
const LETTERS = ['h', 's', 'b', 'e'];

/** A ship's stats in STATS order. */
export type Ship = readonly [number, number, number, number];
/** What a seat commands: 1 to MAX_FLEET ships. */
export type Fleet = readonly Ship[];

/** Ships a team may have (the rulebook's 2–10 players, two teams). */
export const MAX_TEAM = 5;

/** The settings file: the base ship, stat limits, prices, names and options. */
export interface HoverSettings {
  readonly base: Ship;
  readonly max: Ship;
  /** Points per point of a stat above the base. */
  readonly cost: Ship;
  readonly ships: ReadonlyMap<string, Ship>;
  readonly fleets: ReadonlyMap<string, Fleet>;
  readonly options: HoverOptions;
  /** The map of a game made from builds (default 7x4, no walls). */
  readonly map: MapSpec;
  readonly hash: string;
}

export const shipKey = (s: Ship): string => s.map((v, i) => LETTERS[i] + v).join('');
export const fleetKey = (f: Fleet): string => f.map(shipKey).join('+');
export const shipCost = (set: HoverSettings, s: Ship): number => s.reduce((sum, v, i) => sum + (v - set.base[i]) * set.cost[i], 0);
export const fleetCost = (set: HoverSettings, f: Fleet): number => f.reduce((sum, s) => sum + shipCost(set, s), 0);

/** A ship's stats in words: `hull 3, shield 1, ballistic 1, energy 1`. */
export const shipWords = (s: Ship): string => s.map((v, i) => `${STATS[i]} ${v}`).join(', ');

/** Reads a ship key (`h3s1b1e1`), or null. */
export function readShipKey(text: string): Ship | null {
  const m = /^h(\d+)s(\d+)b(\d+)e(\d+)$/.exec(text);
  return m ? [Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4])] : null;
}

/** Problems of a ship's stats against the settings' limits. */
function shipProblems(set: Pick<HoverSettings, 'base' | 'max'>, s: Ship): string | null {
  for (let i = 0; i < 4; i++)
    if (s[i] < set.base[i] || s[i] > set.max[i]) return `${STATS[i]} ${s[i]} is outside ${set.base[i]}..${set.max[i]} (the base ship and the most an upgrade reaches)`;
  return null;
}

/** Reads a fleet as a config writes it: a fleet's name, a ship's name, a key, `+`-joined names and keys, or a list of them. */
export function checkFleet(set: HoverSettings, raw: unknown, where: string): Parsed<Fleet> {
  const fail = (problem: string): Parsed<Fleet> => ({ ok: false, error: new HavocError('ERR_BUILD', where, problem) });
  let items: unknown[];
  if (typeof raw === 'string') {
    const named = set.fleets.get(raw.trim());
    if (named) return { ok: true, value: named };
    items = raw.split('+').map((x) => x.trim());
  } else if (Array.isArray(raw)) items = raw;
  else return fail('a fleet is a name, a key like "h3s1b1e1+h4s1b1e1", or a list of ship names and keys');
  if (items.length < 1 || items.length > MAX_TEAM) return fail(`a fleet has 1 to ${MAX_TEAM} ships, not ${items.length}`);
  const ships: Ship[] = [];
  for (const [i, it] of items.entries()) {
    const stats = Array.isArray(it) && it.length === 4 && it.every((v) => Number.isInteger(v)) ? (it as unknown as Ship) : null;
    if (typeof it !== 'string' && !stats) return fail(`ship ${i + 1} must be a ship's name or key`);
    const s = stats ?? set.ships.get(it as string) ?? readShipKey(it as string);
    if (!s) return fail(`"${it}" is not a ship (names: ${[...set.ships.keys()].join(', ')}; or a key like h3s1b1e1)`);
    const p = shipProblems(set, s);
    if (p) return fail(`ship ${i + 1} ("${it}"): ${p}`);
    ships.push(s);
  }
  return { ok: true, value: ships };
}

/** The settings in a file's text; every problem at once, each named by its place. */
export function parseSettings(text: string, path: string): HoverSettings {
  const json = parseJsonText(text, path, 'ERR_CATALOGUE');
  const problems: HavocError[] = [];
  const bad = (at: string, problem: string): void => void problems.push(new HavocError('ERR_CATALOGUE', `${path}: ${at}`, problem));
  if (!isObject(json)) throw new HavocError('ERR_CATALOGUE', path, 'the ship settings are a JSON object');
  const known = ['description', 'base', 'max', 'cost', 'ships', 'fleets', 'options', 'map'];
  for (const k of Object.keys(json)) if (!known.includes(k)) bad(k, `unknown field (expected ${known.join(', ')})`);
  const stats = (at: string, min: number): Ship => {
    const v = json[at];
    if (!isObject(v)) return bad(at, `must be {${STATS.map((s) => `"${s}": n`).join(', ')}}`), [0, 0, 0, 0];
    for (const k of Object.keys(v)) if (!(STATS as readonly string[]).includes(k)) bad(`${at}.${k}`, `not a stat (${STATS.join(', ')})`);
    return STATS.map((s) => {
      const x = v[s];
      if (!Number.isInteger(x) || (x as number) < min || (x as number) > 99) return bad(`${at}.${s}`, `must be an integer from ${min} to 99`), 0;
      return x as number;
    }) as unknown as Ship;
  };
  const base = stats('base', 0), max = stats('max', 0), cost = stats('cost', 0);
  if (base[HULL] < 1) bad('base.hull', 'a ship needs at least 1 hull');
  for (let i = 0; i < 4; i++) if (max[i] < base[i]) bad(`max.${STATS[i]}`, `is below the base ship's ${base[i]}`);
  const ships = new Map<string, Ship>([['base', base]]);
  if (json.ships !== undefined && !isObject(json.ships)) bad('ships', 'must map names to ship keys');
  for (const [name, key] of Object.entries(isObject(json.ships) ? json.ships : {})) {
    const s = typeof key === 'string' ? readShipKey(key) : null;
    if (!s) bad(`ships.${name}`, 'must be a ship key like "h4s1b1e1"');
    else if (name.includes('+')) bad(`ships.${name}`, 'a name has no "+"');
    else {
      const p = shipProblems({ base, max }, s);
      if (p) bad(`ships.${name}`, p);
      else ships.set(name, s);
    }
  }
  const partial: HoverSettings = { base, max, cost, ships, fleets: new Map(), options: DEFAULT_OPTIONS, map: DEFAULT_MAP, hash: '' };
  const fleets = new Map<string, Fleet>();
  if (json.fleets !== undefined && !isObject(json.fleets)) bad('fleets', 'must map names to lists of ships');
  for (const [name, list] of Object.entries(isObject(json.fleets) ? json.fleets : {})) {
    if (!Array.isArray(list)) {
      bad(`fleets.${name}`, 'must be a list of ship names or keys');
      continue;
    }
    const f = checkFleet(partial, list, `${path}: fleets.${name}`);
    if (!f.ok) problems.push(new HavocError('ERR_CATALOGUE', f.error.where, f.error.problem));
    else fleets.set(name, f.value);
  }
  const options = readOptions(json.options, (at, problem) => bad(`options${at}`, problem));
  let map = DEFAULT_MAP;
  try {
    map = parseMapSpec(json.map, `${path}: map`);
  } catch (e) {
    if (!(e instanceof HavocError)) throw e;
    problems.push(new HavocError('ERR_CATALOGUE', e.where, e.problem));
  }
  if (problems.length) throw new HavocProblems('ERR_CATALOGUE', path, problems);
  const hash = createHash('sha256')
    .update(canonicalJson({ base, max, cost, ships: [...ships], fleets: [...fleets], options, map: json.map ?? null }))
    .digest('hex')
    .slice(0, 16);
  return { base, max, cost, ships, fleets, options, map, hash };
}

/** The shipped settings file. */
export const defaultSettingsPath = (): string => join(packageRoot(), 'configs', 'hovercrafts-ships.json');

let shipped: HoverSettings | null = null;
/** The shipped settings, read once. */
export function defaultSettings(): HoverSettings {
  return (shipped ??= parseSettings(readFileSync(defaultSettingsPath(), 'utf8'), defaultSettingsPath()));
}

/**
 * The fleets one move from a fleet, for a local search (`havoc optimize`): one
 * ship with one stat a step up or down, or a step moved from one stat to
 * another, within the settings' limits; in a fixed order, without repeats.
 */
export function fleetNeighbours(set: HoverSettings, f: Fleet): Fleet[] {
  const out = new Map<string, Fleet>();
  const fits = (s: Ship): boolean => s.every((v, i) => v >= set.base[i] && v <= set.max[i]);
  const add = (at: number, stats: number[]): void => {
    const s = stats as unknown as Ship;
    if (!fits(s)) return;
    const g = f.map((x, i) => (i === at ? s : x));
    out.set(fleetKey(g), g);
  };
  f.forEach((ship, at) => {
    for (let i = 0; i < ship.length; i++) {
      for (const d of [1, -1]) add(at, ship.map((v, k) => (k === i ? v + d : v)));
      for (let j = 0; j < ship.length; j++) if (j !== i) add(at, ship.map((v, k) => (k === i ? v + 1 : k === j ? v - 1 : v)));
    }
  });
  return [...out.values()];
}

/** Every single-ship fleet the settings allow, in a fixed order (stats counted up, energy fastest). */
export function allShips(set: HoverSettings): Ship[] {
  const out: Ship[] = [];
  for (let h = set.base[0]; h <= set.max[0]; h++)
    for (let s = set.base[1]; s <= set.max[1]; s++)
      for (let b = set.base[2]; b <= set.max[2]; b++) for (let e = set.base[3]; e <= set.max[3]; e++) out.push([h, s, b, e]);
  return out;
}

/**
 * The settings' prices for `havoc reprice` (DataFile.prices): a cost per
 * point of each stat above the base, the components of a fleet
 * (`BuildKit.components`: a stat's name for each point). Each may take from
 * 1 (a free point would be in every ship) to what a ship raised to every
 * maximum costs today (no one point dearer than the dearest ship).
 */
export const settingsPrices: NonNullable<DataFile['prices']> = {
  prices(data, scale) {
    const set = data as HoverSettings;
    const dearest = Math.max(1, shipCost(set, set.max)) * scale;
    return new Map(STATS.map((s, i) => [s, { cost: set.cost[i] * scale, range: [1, dearest] as const, category: 'upgrade' }]));
  },
  makeup: (_data, component) => ((STATS as readonly string[]).includes(component) ? new Map([[component, 1]]) : null),
  withCosts(text, costs, scale, path) {
    const json = parseJsonText(text, path, 'ERR_CATALOGUE') as { cost: Record<string, number> };
    for (const s of STATS) json.cost[s] = costs.get(s) ?? json.cost[s] * scale;
    return JSON.stringify(json, null, 2) + '\n';
  },
};
