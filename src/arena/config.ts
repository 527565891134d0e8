/**
 * Run configs (`configs/*.json`): reading a config file, checking every field
 * and resolving it into runs that need nothing else (bots by built-in name or
 * absolute path, loadouts as part lists, the catalogue's hash). Every problem
 * is reported at once, each naming its path in the file
 * (`configs/x.json: schedule.games: must be a positive integer`); nothing is
 * written before a config passes.
 *
 * A config is one run, or `{"runs": [...]}` whose runs inherit every
 * top-level field they do not set and write to `OUT/<run name>/`.
 * See docs/arena.md for the format.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DEFAULT_BUDGET } from '../core/bot.js';
import { HavocError } from '../core/errors.js';
import { defaultCataloguePath, parseCatalogue } from '../rules/nhm/catalogue.js';
import { HavocProblems } from '../core/errors.js';
import {
  checkLoadout,
  countLoadouts,
  defaultLoadoutsPath,
  loadNamedLoadouts,
  loadoutKey,
  loadoutSpec,
  type LoadoutFilter,
} from '../rules/nhm/loadout.js';
import type { Catalogue, LoadoutSpec } from '../rules/nhm/parts.js';
import { roboPig } from '../rules/rbp/index.js';
import { builtinBotPath, isBotPath } from './bots.js';
import { RULES_VERSION } from '../rules/version.js';

export const RUN_FORMAT = 'havoc-run/1';

/** A bot as a run names it: `bot` is a built-in name or an absolute path. */
export interface BotEntry {
  readonly name: string;
  readonly bot: string;
}

/** A loadout as a run names it, with its parts. */
export interface LoadoutEntry {
  readonly name: string;
  readonly spec: Required<LoadoutSpec>;
}

/** Which designs a sweep draws from (see LoadoutFilter). */
export interface SweepFilter {
  readonly excludeTags: readonly string[];
  readonly includeParts: readonly string[];
  readonly excludeParts: readonly string[];
  readonly minSpent: number | null;
  readonly maxSpent: number | null;
}

export type ScheduleSpec =
  | { readonly type: 'round-robin'; readonly games: number }
  | { readonly type: 'gauntlet'; readonly games: number; readonly challengers: readonly string[] }
  | { readonly type: 'free-for-all'; readonly games: number; readonly seats: number }
  | { readonly type: 'sweep'; readonly matches: number; readonly seats: number; readonly sample: number | null; readonly filter: SweepFilter };

export const SCHEDULE_TYPES = ['round-robin', 'gauntlet', 'free-for-all', 'sweep'] as const;

/** How the tables are computed. */
export interface StatsOptions {
  /** Family-wise error rate of the part mispricing flags. */
  readonly alpha: number;
  /** Fair-cost anchor (see stats/partEffects). */
  readonly anchor: 'all' | 'unflagged';
  /** Ratings are fitted only when at most this many bots or loadouts are rated. */
  readonly maxRated: number;
}

/** A checked run: everything a worker needs to regenerate any match of it. */
export interface RunConfig {
  readonly format: typeof RUN_FORMAT;
  readonly name: string;
  readonly ruleset: 'rbp' | 'nhm';
  readonly rulesVersion: string;
  readonly catalogueHash: string;
  readonly experimental: boolean;
  readonly bots: readonly BotEntry[];
  readonly loadouts: readonly LoadoutEntry[];
  /** What the schedule pairs up and the ratings compare. */
  readonly between: 'bots' | 'loadouts';
  readonly schedule: ScheduleSpec;
  readonly turnLimit: number;
  readonly budget: { readonly ms: number; readonly sims: number };
  readonly seed: string;
  readonly stats: StatsOptions;
}

/** A run ready to play: its config, its folder and the catalogue file's text. */
export interface PlannedRun {
  readonly run: RunConfig;
  readonly out: string;
  readonly catalogueText: string;
  readonly catalogue: Catalogue;
}

/** A config file resolved: one run, or several under one folder. */
export interface Plan {
  readonly file: string;
  readonly out: string;
  readonly multi: boolean;
  readonly runs: readonly PlannedRun[];
}

export interface ConfigOverrides {
  readonly seed?: string;
  readonly out?: string;
  /** Per-run schedule field overrides (e.g. `havoc sweep --matches N`). */
  readonly schedule?: Readonly<Record<string, unknown>>;
}

const RUN_FIELDS = [
  'name', 'description', 'ruleset', 'parts', 'experimental', 'bots', 'loadouts', 'loadoutsFile',
  'between', 'schedule', 'turnLimit', 'budget', 'seed', 'out', 'stats',
];
const SCHEDULE_FIELDS: Record<ScheduleSpec['type'], readonly string[]> = {
  'round-robin': ['type', 'games'],
  gauntlet: ['type', 'games', 'challengers'],
  'free-for-all': ['type', 'games', 'seats'],
  sweep: ['type', 'matches', 'seats', 'sample', 'filter'],
};
const FILTER_FIELDS = ['excludeTags', 'includeParts', 'excludeParts', 'minSpent', 'maxSpent'];
const MAX_MATCHES = 1e9;

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const isPosInt = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;
const show = (v: unknown): string => (v === undefined ? 'missing' : JSON.stringify(v));

/** Problems of one config file, each `FILE: path: problem`. */
class Problems {
  readonly list: HavocError[] = [];
  private readonly seen = new Set<string>();
  constructor(readonly file: string) {}
  add(path: string, problem: string): void {
    const e = new HavocError('bad-config', `${this.file}: ${path || '(top)'}`, problem);
    if (!this.seen.has(e.message)) this.list.push(e), this.seen.add(e.message);
  }
  throwIfAny(): void {
    if (this.list.length === 1) throw this.list[0];
    if (this.list.length) throw new HavocProblems('bad-config', this.file, this.list);
  }
}

/** The built-in bots present (compiled), by name. */
export function builtinBots(): string[] {
  const p = builtinBotPath('random');
  if (!p) return [];
  return readdirSync(dirname(p))
    .filter((f) => /\.(js|ts)$/.test(f) && !f.endsWith('.d.ts'))
    .map((f) => f.replace(/\.(js|ts)$/, ''))
    .filter((n, i, a) => a.indexOf(n) === i)
    .sort();
}

/**
 * Reads and checks a config file, and checks that every bot module loads.
 * Throws a HavocProblems listing every problem; writes nothing.
 */
export async function loadConfig(file: string, overrides: ConfigOverrides = {}): Promise<Plan> {
  const problems = new Problems(file);
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new HavocError('bad-config', file, (e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : `not valid JSON (${(e as Error).message})`);
  }
  const plan = resolveConfig(json, file, overrides, problems);
  problems.throwIfAny();
  await checkBotModules(plan!, problems);
  problems.throwIfAny();
  return plan!;
}

/** Checks parsed config JSON (no bot modules loaded). Throws a HavocProblems on any problem. */
export function checkConfig(json: unknown, file: string, overrides: ConfigOverrides = {}): Plan {
  const problems = new Problems(file);
  const plan = resolveConfig(json, file, overrides, problems);
  problems.throwIfAny();
  return plan!;
}

function resolveConfig(json: unknown, file: string, overrides: ConfigOverrides, problems: Problems): Plan | null {
  if (!isObj(json)) {
    problems.add('', 'a config is a JSON object (see docs/arena.md)');
    return null;
  }
  const stem = basename(file).replace(/\.json$/i, '');
  if (json.runs === undefined) {
    for (const k of Object.keys(json)) if (!RUN_FIELDS.includes(k)) problems.add(k, `unknown field (expected ${RUN_FIELDS.join(', ')})`);
    const out = overrides.out ?? (typeof json.out === 'string' && json.out ? json.out : join('results', stem));
    if (json.out !== undefined && (typeof json.out !== 'string' || !json.out)) problems.add('out', 'must be a folder path');
    if (json.name !== undefined && (typeof json.name !== 'string' || !json.name || /[\r\n]/.test(json.name))) problems.add('name', 'must be a non-empty single-line string');
    const run = resolveRun(json, {}, '', typeof json.name === 'string' ? json.name : stem, overrides, problems);
    return run && { file, out, multi: false, runs: [{ ...run, out }] };
  }
  for (const k of Object.keys(json)) if (k !== 'runs' && k !== 'name' && !RUN_FIELDS.includes(k)) problems.add(k, `unknown field (expected runs, ${RUN_FIELDS.join(', ')})`);
  if (!Array.isArray(json.runs) || json.runs.length === 0) {
    problems.add('runs', 'must be a non-empty array of runs');
    return null;
  }
  if (json.out !== undefined && (typeof json.out !== 'string' || !json.out)) problems.add('out', 'must be a folder path');
  const out = overrides.out ?? (typeof json.out === 'string' && json.out ? json.out : join('results', stem));
  const names = new Set<string>();
  const runs: PlannedRun[] = [];
  (json.runs as unknown[]).forEach((raw, i) => {
    const at = `runs[${i}]`;
    if (!isObj(raw)) return problems.add(at, 'a run is an object');
    for (const k of Object.keys(raw)) if (!RUN_FIELDS.includes(k)) problems.add(`${at}.${k}`, `unknown field (expected ${RUN_FIELDS.join(', ')})`);
    if (raw.out !== undefined) problems.add(`${at}.out`, 'runs of one config write to OUT/<run name>: set out at the top level');
    if (typeof raw.name !== 'string' || !/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(raw.name))
      return problems.add(`${at}.name`, 'each run needs a name (letters, digits, . _ -): it names the run\'s subfolder');
    if (names.has(raw.name)) return problems.add(`${at}.name`, `"${raw.name}" is used twice`);
    names.add(raw.name);
    const top: Json = { ...json };
    delete top.runs;
    delete top.name;
    delete top.description;
    const run = resolveRun(raw, top, `${at}.`, raw.name, overrides, problems);
    if (run) runs.push({ ...run, out: join(out, raw.name) });
  });
  return problems.list.length ? null : { file, out, multi: true, runs };
}

const catalogueCache = new Map<string, { cat: Catalogue; text: string } | HavocError>();

function readCatalogue(path: string): { cat: Catalogue; text: string } | HavocError {
  const key = resolve(path);
  let c = catalogueCache.get(key);
  if (!c) {
    try {
      const text = readFileSync(key, 'utf8');
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch (e) {
        throw new HavocError('bad-catalogue', path, `not valid JSON (${(e as Error).message})`);
      }
      c = { cat: parseCatalogue(json, path), text };
    } catch (e) {
      c = e instanceof HavocError ? e : new HavocError('bad-catalogue', path, `cannot read the file (${(e as Error).message})`);
    }
    catalogueCache.set(key, c);
  }
  return c;
}

/** Resolves one run: fields of `raw` first, then of `top` (a multi-run config's defaults). */
function resolveRun(
  raw: Json,
  top: Json,
  prefix: string,
  name: string,
  overrides: ConfigOverrides,
  problems: Problems,
): Omit<PlannedRun, 'out'> | null {
  const before = problems.list.length;
  const field = (k: string): { v: unknown; at: string } => (k in raw ? { v: raw[k], at: prefix + k } : { v: top[k], at: k });
  const bad = (): boolean => problems.list.length > before;

  // Ruleset and catalogue.
  const rs = field('ruleset');
  if (rs.v !== 'rbp' && rs.v !== 'nhm') {
    problems.add(rs.at, `must be "rbp" (Robo Battle Pigs) or "nhm" (Ninja Havoc Machines), not ${show(rs.v)}`);
    return null;
  }
  const ruleset = rs.v;
  const partsF = field('parts');
  let cataloguePath = defaultCataloguePath();
  if (partsF.v !== undefined) {
    if (typeof partsF.v !== 'string' || !partsF.v) problems.add(partsF.at, 'must be the path of a parts catalogue file');
    else cataloguePath = partsF.v;
  }
  const c = readCatalogue(cataloguePath);
  if (c instanceof HavocError) {
    problems.add(partsF.at, c.message.replace(/\n/g, '\n  '));
    return null;
  }
  const cat = c.cat;
  const expF = field('experimental');
  if (expF.v !== undefined && typeof expF.v !== 'boolean') problems.add(expF.at, 'must be true or false');
  const experimental = expF.v === true;

  // Scalars.
  const tl = field('turnLimit');
  let turnLimit = 100;
  if (tl.v !== undefined) {
    if (!isPosInt(tl.v) || tl.v > 100000) problems.add(tl.at, 'must be a positive integer (turns before a match is a draw)');
    else turnLimit = tl.v;
  }
  const seedF = field('seed');
  let seed = '1';
  if (overrides.seed !== undefined) seed = overrides.seed;
  else if (seedF.v !== undefined) {
    if ((typeof seedF.v !== 'string' || !seedF.v) && !Number.isSafeInteger(seedF.v)) problems.add(seedF.at, 'must be a string or an integer');
    else seed = String(seedF.v);
  }
  const budget = resolveBudget(field('budget'), problems);
  const stats = resolveStats(field('stats'), problems);

  // Bots.
  const botsF = field('bots');
  const bots: BotEntry[] = [];
  const botList = botsF.v === undefined ? ['random'] : botsF.v;
  if (!Array.isArray(botList) || botList.length === 0) problems.add(botsF.at, 'must be a non-empty array of bots (built-in names or module paths)');
  else
    botList.forEach((b, i) => {
      const at = `${botsF.at}[${i}]`;
      const entry = resolveBot(b, at, problems);
      if (!entry) return;
      if (bots.some((x) => x.name === entry.name)) return problems.add(at, `the name "${entry.name}" is used twice (give one of them {"name": ..., "bot": ...})`);
      bots.push(entry);
    });

  // Schedule (its type decides what the loadouts may be).
  const sch = field('schedule');
  const schedule = resolveSchedule(sch.v, sch.at, ruleset, cat, experimental, overrides.schedule, problems);

  // Loadouts.
  const sweep = isObj(sch.v) && (overrides.schedule?.type ?? sch.v.type) === 'sweep';
  const loadouts = resolveLoadouts(field('loadouts'), field('loadoutsFile'), ruleset, cat, experimental, sweep, problems);

  // What is compared.
  const betF = field('between');
  let between: 'bots' | 'loadouts' | null = null;
  if (betF.v !== undefined && betF.v !== 'bots' && betF.v !== 'loadouts') problems.add(betF.at, `must be "bots" or "loadouts", not ${show(betF.v)}`);
  else if (schedule?.type === 'sweep') {
    if (betF.v === 'bots') problems.add(betF.at, 'a sweep compares loadouts');
    between = 'loadouts';
    if (bots.length > 1) problems.add(botsF.at, 'a sweep plays one bot in every seat: name exactly one');
  } else if (loadouts) {
    between = (betF.v as 'bots' | 'loadouts' | undefined) ?? (bots.length > 1 ? 'bots' : 'loadouts');
    if (between === 'bots' && loadouts.length !== 1)
      problems.add(field('loadouts').at, 'a contest between bots gives every seat the same loadout: name exactly one');
    if (between === 'loadouts' && bots.length !== 1) problems.add(botsF.at, 'a contest between loadouts plays one bot in every seat: name exactly one');
  }
  if (!schedule || !loadouts || !between) return null;

  // Entrants against the schedule.
  if (schedule.type !== 'sweep') {
    const entrants = between === 'bots' ? bots.map((b) => b.name) : loadouts.map((l) => l.name);
    const what = between === 'bots' ? botsF.at : field('loadouts').at;
    const seats = schedule.type === 'free-for-all' ? schedule.seats : 2;
    if (entrants.length < seats) problems.add(what, `the schedule needs at least ${seats} ${between} to compare, got ${entrants.length}`);
    if (schedule.type === 'gauntlet') {
      schedule.challengers.forEach((c, i) => {
        if (!entrants.includes(c)) problems.add(`${sch.at}.challengers[${i}]`, `"${c}" is none of the ${between}: ${entrants.join(', ')}`);
      });
      if (entrants.every((e) => schedule.challengers.includes(e))) problems.add(`${sch.at}.challengers`, `leave at least one of the ${between} out to be challenged`);
    }
  }
  if (bad()) return null;

  const run: RunConfig = {
    format: RUN_FORMAT,
    name,
    ruleset,
    rulesVersion: rulesVersionOf(ruleset),
    catalogueHash: cat.hash,
    experimental,
    bots,
    loadouts,
    between,
    schedule,
    turnLimit,
    budget,
    seed,
    stats,
  };
  const total = scheduleTotal(run);
  if (total > MAX_MATCHES) problems.add(sch.at, `${total} matches is more than one run can hold (${MAX_MATCHES}); split it`);
  return bad() ? null : { run, catalogueText: c.text, catalogue: cat };
}

/** The number of matches a run plays (its schedule's length). */
export function scheduleTotal(run: RunConfig): number {
  const s = run.schedule;
  if (s.type === 'sweep') return s.matches;
  const n = run.between === 'bots' ? run.bots.length : run.loadouts.length;
  const k = s.type === 'free-for-all' ? s.seats : 2;
  const groups = s.type === 'round-robin' ? (n * (n - 1)) / 2 : s.type === 'gauntlet' ? s.challengers.length * (n - s.challengers.length) : binomial(n, k);
  return groups * s.games;
}

function binomial(n: number, k: number): number {
  let r = 1;
  for (let i = 0; i < k; i++) r = (r * (n - i)) / (i + 1);
  return Math.round(r);
}

function resolveBot(b: unknown, at: string, problems: Problems): BotEntry | null {
  let name: string;
  let spec: string;
  if (typeof b === 'string') name = spec = b;
  else if (isObj(b)) {
    for (const k of Object.keys(b)) if (k !== 'name' && k !== 'bot') problems.add(`${at}.${k}`, 'unknown field (expected name, bot)');
    if (typeof b.bot !== 'string' || !b.bot) return problems.add(`${at}.bot`, 'must be a built-in bot name or a module path'), null;
    spec = b.bot;
    name = typeof b.name === 'string' ? b.name : spec;
    if (b.name !== undefined && (typeof b.name !== 'string' || !b.name)) return problems.add(`${at}.name`, 'must be a non-empty string'), null;
  } else return problems.add(at, 'a bot is a built-in name ("random"), a module path ("./my-bot.js") or {"name": ..., "bot": ...}'), null;
  if (!name || /[\r\n]/.test(name)) return problems.add(at, 'a bot name is a non-empty single line'), null;
  if (isBotPath(spec)) {
    const abs = resolve(spec);
    if (!existsSync(abs)) return problems.add(at, `bot module ${spec} does not exist (looked for ${abs})`), null;
    return { name, bot: abs };
  }
  if (!builtinBotPath(spec)) {
    const have = builtinBots();
    return problems.add(at, `no built-in bot "${spec}" (bots/${spec}.ts is missing or not compiled; built-in bots here: ${have.join(', ') || 'none'}; or name a module by path)`), null;
  }
  return { name, bot: spec };
}

/** Why a bot module cannot be used (it does not load, or exports no factory), or null. */
export async function botModuleProblem(bot: string): Promise<string | null> {
  const path = isBotPath(bot) ? bot : builtinBotPath(bot);
  if (!path || !existsSync(path)) return isBotPath(bot) ? `bot module ${bot} does not exist` : `no built-in bot "${bot}" (built-in bots here: ${builtinBots().join(', ') || 'none'})`;
  try {
    const mod = (await import(pathToFileURL(path).href)) as { default?: unknown };
    return typeof mod.default === 'function' ? null : 'the module must export a bot factory as its default export';
  } catch (e) {
    return `the bot module failed to load: ${(e as Error)?.message ?? e}`;
  }
}

/** Imports each bot module of each run once, checking its default export. */
async function checkBotModules(plan: Plan, problems: Problems): Promise<void> {
  const done = new Map<string, string | null>();
  for (const [ri, pr] of plan.runs.entries()) {
    for (const [i, b] of pr.run.bots.entries()) {
      if (!done.has(b.bot)) done.set(b.bot, await botModuleProblem(b.bot));
      const problem = done.get(b.bot);
      if (problem) problems.add(`${plan.multi ? `runs[${ri}].` : ''}bots[${i}]`, `${b.name}: ${problem}`);
    }
  }
}

/** Checks the bots of a saved run (before resuming it). Throws a HavocProblems naming the folder. */
export async function checkRunBots(run: RunConfig, where: string): Promise<void> {
  const problems = new Problems(where);
  for (const [i, b] of run.bots.entries()) {
    const problem = await botModuleProblem(b.bot);
    if (problem) problems.add(`run.bots[${i}]`, `${b.name}: ${problem}`);
  }
  problems.throwIfAny();
}

function resolveBudget(f: { v: unknown; at: string }, problems: Problems): RunConfig['budget'] {
  if (f.v === undefined) return { ms: DEFAULT_BUDGET.ms, sims: DEFAULT_BUDGET.sims };
  if (!isObj(f.v)) return problems.add(f.at, 'must be {"ms": milliseconds per decision, "sims": simulations per decision}'), DEFAULT_BUDGET;
  for (const k of Object.keys(f.v)) if (k !== 'ms' && k !== 'sims') problems.add(`${f.at}.${k}`, 'unknown field (expected ms, sims)');
  const ms = f.v.ms ?? DEFAULT_BUDGET.ms;
  const sims = f.v.sims ?? DEFAULT_BUDGET.sims;
  if (!(typeof ms === 'number' && ms > 0 && Number.isFinite(ms))) problems.add(`${f.at}.ms`, 'must be a positive number of milliseconds');
  if (!isPosInt(sims)) problems.add(`${f.at}.sims`, 'must be a positive integer');
  return { ms: ms as number, sims: sims as number };
}

function resolveStats(f: { v: unknown; at: string }, problems: Problems): StatsOptions {
  const d: StatsOptions = { alpha: 0.05, anchor: 'unflagged', maxRated: 1000 };
  if (f.v === undefined) return d;
  if (!isObj(f.v)) return problems.add(f.at, 'must be {"alpha": 0.05, "anchor": "all" | "unflagged", "maxRated": 1000}'), d;
  for (const k of Object.keys(f.v)) if (!['alpha', 'anchor', 'maxRated'].includes(k)) problems.add(`${f.at}.${k}`, 'unknown field (expected alpha, anchor, maxRated)');
  const alpha = f.v.alpha ?? d.alpha;
  const anchor = f.v.anchor ?? d.anchor;
  const maxRated = f.v.maxRated ?? d.maxRated;
  if (!(typeof alpha === 'number' && alpha > 0 && alpha < 1)) problems.add(`${f.at}.alpha`, 'must be a number between 0 and 1');
  if (anchor !== 'all' && anchor !== 'unflagged') problems.add(`${f.at}.anchor`, 'must be "all" or "unflagged"');
  if (!isPosInt(maxRated)) problems.add(`${f.at}.maxRated`, 'must be a positive integer');
  return { alpha: alpha as number, anchor: anchor as StatsOptions['anchor'], maxRated: maxRated as number };
}

function resolveSchedule(
  v: unknown,
  at: string,
  ruleset: 'rbp' | 'nhm',
  cat: Catalogue,
  experimental: boolean,
  override: Readonly<Record<string, unknown>> | undefined,
  problems: Problems,
): ScheduleSpec | null {
  if (!isObj(v)) return problems.add(at, `must be an object {"type": ${SCHEDULE_TYPES.map((t) => `"${t}"`).join(' | ')}, ...}`), null;
  if (override) v = { ...v, ...override };
  const s = v as Json;
  const type = s.type as ScheduleSpec['type'];
  if (!SCHEDULE_TYPES.includes(type)) return problems.add(`${at}.type`, `must be one of ${SCHEDULE_TYPES.join(', ')}, not ${show(s.type)}`), null;
  for (const k of Object.keys(s)) if (!SCHEDULE_FIELDS[type].includes(k)) problems.add(`${at}.${k}`, `unknown field for a ${type} (expected ${SCHEDULE_FIELDS[type].join(', ')})`);
  const before = problems.list.length;
  let seats = 2;
  if (type === 'free-for-all' || type === 'sweep') {
    const dflt = type === 'sweep' ? 2 : undefined;
    const sv = s.seats ?? dflt;
    const min = type === 'sweep' ? 2 : 3;
    if (!(Number.isInteger(sv) && (sv as number) >= min && (sv as number) <= 4)) problems.add(`${at}.seats`, `must be ${min === 2 ? '2, 3 or 4' : '3 or 4'} (machines per match)`);
    else seats = sv as number;
    if (ruleset === 'rbp' && seats > 2) problems.add(`${at}.seats`, 'Robo Battle Pigs is a two-player game');
  }
  const count = type === 'sweep' ? 'matches' : 'games';
  const cv = s[count];
  if (!isPosInt(cv)) problems.add(`${at}.${count}`, `must be a positive integer${type === 'sweep' ? ' (matches in the sweep)' : ' (games per pairing)'}`);
  else if (cv % seats !== 0)
    problems.add(`${at}.${count}`, `must be a multiple of ${seats}: every ${type === 'sweep' ? 'group' : 'pairing'} is played in all ${seats} seat rotations on one seed`);
  if (problems.list.length > before) return null;
  if (type === 'round-robin') return { type, games: cv as number };
  if (type === 'free-for-all') return { type, games: cv as number, seats };
  if (type === 'gauntlet') {
    const ch = s.challengers;
    if (!Array.isArray(ch) || ch.length === 0 || ch.some((x) => typeof x !== 'string'))
      return problems.add(`${at}.challengers`, 'must be a non-empty array of the names of the bots (or loadouts) that run the gauntlet'), null;
    const dup = ch.find((x, i) => ch.indexOf(x) !== i);
    if (dup !== undefined) return problems.add(`${at}.challengers`, `"${dup}" is listed twice`), null;
    return { type, games: cv as number, challengers: ch as string[] };
  }
  // Sweep.
  if (ruleset !== 'nhm') return problems.add(`${at}.type`, 'a loadout sweep needs "ruleset": "nhm" (Robo Battle Pigs has one design)'), null;
  let sample: number | null = null;
  if (s.sample !== undefined && s.sample !== null) {
    if (!isPosInt(s.sample)) problems.add(`${at}.sample`, 'must be a positive integer (loadouts drawn), or left out to enumerate every legal loadout');
    else if (s.sample < seats) problems.add(`${at}.sample`, `must be at least ${seats} (machines per match)`);
    else sample = s.sample;
  }
  const filter = resolveFilter(s.filter, `${at}.filter`, cat, problems);
  if (!filter || problems.list.length > before) return null;
  let n = 0;
  try {
    n = countLoadouts(cat, toLoadoutFilter(filter, experimental));
  } catch (e) {
    return problems.add(`${at}.filter`, (e as Error).message), null;
  }
  if (n === 0) return problems.add(`${at}.filter`, 'no legal loadout passes the filter'), null;
  if (sample === null && n < seats) return problems.add(`${at}.filter`, `only ${n} legal loadout(s) pass the filter; a match needs ${seats}`), null;
  return { type, matches: cv as number, seats, sample, filter };
}

function resolveFilter(v: unknown, at: string, cat: Catalogue, problems: Problems): SweepFilter | null {
  const f: SweepFilter = { excludeTags: [], includeParts: [], excludeParts: [], minSpent: null, maxSpent: null };
  if (v === undefined) return f;
  if (!isObj(v)) return problems.add(at, `must be an object with any of ${FILTER_FIELDS.join(', ')}`), null;
  for (const k of Object.keys(v)) if (!FILTER_FIELDS.includes(k)) problems.add(`${at}.${k}`, `unknown field (expected ${FILTER_FIELDS.join(', ')})`);
  const tags = new Set(cat.parts.flatMap((p) => p.tags));
  const strings = (k: 'excludeTags' | 'includeParts' | 'excludeParts'): string[] => {
    const x = v[k];
    if (x === undefined) return [];
    if (!Array.isArray(x) || x.some((s) => typeof s !== 'string')) return problems.add(`${at}.${k}`, 'must be an array of strings'), [];
    x.forEach((s: string, i) => {
      if (k === 'excludeTags' ? !tags.has(s) && !tags.has(s.toUpperCase()) : !cat.byKey.has(s) && !cat.byKey.has(s.toLowerCase()))
        problems.add(`${at}.${k}[${i}]`, k === 'excludeTags' ? `no part has the tag "${s}" (tags: ${[...tags].sort().join(', ')})` : `unknown part "${s}"`);
    });
    return x as string[];
  };
  const spent = (k: 'minSpent' | 'maxSpent'): number | null => {
    const x = v[k];
    if (x === undefined || x === null) return null;
    if (!(Number.isInteger(x) && (x as number) >= 0)) return problems.add(`${at}.${k}`, 'must be a whole number of points >= 0'), null;
    return x as number;
  };
  return { excludeTags: strings('excludeTags'), includeParts: strings('includeParts'), excludeParts: strings('excludeParts'), minSpent: spent('minSpent'), maxSpent: spent('maxSpent') };
}

/** A sweep filter as the loadout enumerator takes it. */
export function toLoadoutFilter(f: SweepFilter, experimental: boolean): LoadoutFilter {
  return {
    experimental,
    excludeTags: f.excludeTags,
    includeParts: f.includeParts,
    excludeParts: f.excludeParts,
    ...(f.minSpent !== null ? { minSpent: f.minSpent } : {}),
    ...(f.maxSpent !== null ? { maxSpent: f.maxSpent } : {}),
  };
}

function resolveLoadouts(
  f: { v: unknown; at: string },
  fileF: { v: unknown; at: string },
  ruleset: 'rbp' | 'nhm',
  cat: Catalogue,
  experimental: boolean,
  sweep: boolean,
  problems: Problems,
): LoadoutEntry[] | null {
  if (ruleset === 'rbp') {
    const ok = f.v === undefined || (Array.isArray(f.v) && f.v.length === 1 && f.v[0] === 'robo-pig');
    if (!ok) return problems.add(f.at, 'Robo Battle Pigs machines are all Robo Battle Pigs: leave loadouts out'), null;
    if (fileF.v !== undefined) problems.add(fileF.at, 'Robo Battle Pigs has no loadouts');
    return [{ name: 'robo-pig', spec: loadoutSpec(roboPig(cat)) }];
  }
  if (sweep) {
    if (f.v !== undefined) return problems.add(f.at, 'a sweep draws its loadouts from the catalogue: leave loadouts out (narrow them with schedule.filter)'), null;
    return [];
  }
  if (!Array.isArray(f.v) || f.v.length === 0)
    return problems.add(f.at, 'must be a non-empty array of loadouts: names from configs/loadouts.json, loadout keys (weapons/armour/engines/cpu) or {"name": ..., "weapons": [...], ...}'), null;
  let named: Map<string, import('../rules/nhm/parts.js').Loadout> | null = null;
  let namedFile = defaultLoadoutsPath();
  if (fileF.v !== undefined) {
    if (typeof fileF.v !== 'string' || !fileF.v) problems.add(fileF.at, 'must be the path of a named-loadouts file');
    else namedFile = fileF.v;
  }
  const out: LoadoutEntry[] = [];
  (f.v as unknown[]).forEach((raw, i) => {
    const at = `${f.at}[${i}]`;
    let name: string;
    let spec: unknown;
    if (typeof raw === 'string' && raw.includes('/')) {
      spec = raw;
      name = '';
    } else if (typeof raw === 'string') {
      if (!named) {
        try {
          named = loadNamedLoadouts(cat, namedFile, { experimental });
        } catch (e) {
          named = new Map();
          problems.add(fileF.v !== undefined ? fileF.at : at, (e as Error).message.replace(/\n/g, '\n  '));
        }
      }
      const l = named.get(raw);
      if (!l) return problems.add(at, `no loadout named "${raw}" in ${namedFile} (or write a loadout key weapons/armour/engines/cpu, or a design object)`);
      name = raw;
      spec = loadoutSpec(l);
    } else if (isObj(raw)) {
      if (typeof raw.name !== 'string' || !raw.name || /[\r\n]/.test(raw.name)) return problems.add(`${at}.name`, 'a loadout object needs a "name" (one line)');
      name = raw.name;
      const rest: Json = { ...raw };
      delete rest.name;
      spec = rest;
    } else return problems.add(at, 'a loadout is a name, a loadout key or a design object');
    const r = checkLoadout(cat, spec, name || String(spec), { experimental, where: at });
    if (!r.ok) {
      for (const e of r.errors) problems.add(e.where, e.problem);
      return;
    }
    name ||= loadoutKey(r.loadout);
    if (out.some((l) => l.name === name)) return problems.add(at, `the loadout "${name}" is listed twice`);
    out.push({ name, spec: loadoutSpec(r.loadout) });
  });
  return out;
}

/** The rules version recorded for a run of a ruleset, e.g. `rbp havoc-rules-1`: one source, src/rules/version.ts. */
function rulesVersionOf(ruleset: string): string {
  return `${ruleset} ${RULES_VERSION}`;
}
