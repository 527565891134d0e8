/**
 * One run of a config resolved: each field taken from the run or, failing
 * that, from the top level it inherits from, checked by its schema
 * (schema.ts) in a fixed order, then what spans fields — what is compared
 * (bots or loadouts) against how many of each there are, the entrants against
 * the schedule (enough for a match, challengers among them), and the run's
 * size. The ruleset is checked first: the rest depends on it.
 */
import { resolve } from 'node:path';
import { DEFAULT_BUDGET } from '../core/bot.js';
import { HavocError } from '../core/errors.js';
import type { AnyGameModule } from '../core/game.js';
import { resolveBots } from './bots.js';
import { readData, type RunData } from './data.js';
import { resolveLoadouts } from './loadouts.js';
import { check, isObj, type Field, type Json, type Problems } from './problems.js';
import { rulesetFactsOf } from './rulesets.js';
import { rulesetById } from '../rules/registry.js';
import { resolveSchedule } from './schedule.js';
import { resolveTeams } from './teams.js';
import { Between, Budget, Experimental, Limits, MaxFaults, MaxHangs, Parts, Ruleset, Seed, Stats, TurnLimit } from './schema.js';
import { DEFAULT_BOT_LIMITS, type BotLimits } from '../sandbox/limits.js';
import { MAX_MATCHES, scheduleTotal, withMatches } from './total.js';
import {
  DEFAULT_SEED,
  DEFAULT_STATS,
  DEFAULT_TURN_LIMIT,
  RUN_FORMAT,
  type ConfigOverrides,
  type PlannedRun,
  type RunConfig,
  type StatsOptions,
  type TeamEntry,
} from './types.js';

/** Resolves one run: fields of `raw` first, then of `top` (a multi-run config's defaults). */
export function resolveRun(
  raw: Json,
  top: Json,
  prefix: string,
  name: string,
  overrides: ConfigOverrides,
  problems: Problems,
): Omit<PlannedRun, 'out'> | null {
  const before = problems.count;
  const field = (k: string): Field => (k in raw ? { v: raw[k], at: prefix + k } : { v: top[k], at: k });
  const bad = (): boolean => problems.count > before;

  // Ruleset and its data file.
  const rs = field('ruleset');
  if (!check(Ruleset, rs.v, rs.at, problems)) return null;
  const facts = rulesetFactsOf(rs.v as string);
  if (!facts) return problems.add(rs.at, `the ruleset module ${rs.v as string} is not loaded (havoc loads ruleset modules when it reads a config file)`), null;
  const ruleset = facts.id;
  const data = resolveData(rulesetById(ruleset), facts.title, field('parts'), problems);
  if (data === false) return null;
  const dataValue = data?.value;
  const expF = field('experimental');
  if (expF.v !== undefined) check(Experimental, expF.v, expF.at, problems);
  const experimental = expF.v === true;

  // Scalars.
  const tl = field('turnLimit');
  const turnLimit = tl.v !== undefined && check(TurnLimit, tl.v, tl.at, problems) ? (tl.v as number) : DEFAULT_TURN_LIMIT;
  const seedF = field('seed');
  let seed = DEFAULT_SEED;
  if (overrides.seed !== undefined) seed = overrides.seed;
  else if (seedF.v !== undefined && check(Seed, seedF.v, seedF.at, problems)) seed = String(seedF.v);
  const budget = resolveBudget(field('budget'), problems);
  const limits = resolveLimits(field('limits'), problems);
  const mf = field('maxFaults');
  const maxFaults = mf.v !== undefined && check(MaxFaults, mf.v, mf.at, problems) ? (mf.v as number) : undefined;
  const mh = field('maxHangs');
  const maxHangs = mh.v !== undefined && check(MaxHangs, mh.v, mh.at, problems) ? (mh.v as number) : undefined;
  const stats = resolveStats(field('stats'), problems);

  // Bots.
  const botsF: Field = overrides.bots ? { v: [...overrides.bots], at: '--bots' } : field('bots');
  const bots = resolveBots(botsF, problems);

  // Schedule (its type decides what the loadouts may be).
  const sch = field('schedule');
  const schedule = resolveSchedule(sch, facts, dataValue, experimental, overrides.schedule, problems);

  // Loadouts.
  const sweep = isObj(sch.v) && (overrides.schedule?.type ?? sch.v.type) === 'sweep';
  const loadouts = resolveLoadouts(field('loadouts'), field('loadoutsFile'), facts, dataValue, experimental, sweep, problems);

  // What is compared.
  const betF = field('between');
  const teamsF = field('teams');
  let between: RunConfig['between'] | null = null;
  let teams: TeamEntry[] | null = null;
  const betweenOk = betF.v === undefined || check(Between, betF.v, betF.at, problems);
  if (betweenOk && (betF.v === 'teams' || (betF.v === undefined && teamsF.v !== undefined))) {
    if (teamsF.v === undefined) problems.add(betF.at, 'a contest between teams names them in "teams"');
    else teams = resolveTeams(teamsF, bots, facts, problems);
    if (schedule && schedule.type !== 'round-robin' && schedule.type !== 'gauntlet')
      problems.add(`${sch.at}.type`, 'a contest between teams plays one side against the other: round-robin or gauntlet');
    if (loadouts && loadouts.length !== 1) problems.add(field('loadouts').at, 'a contest between teams gives every seat the same loadout: name exactly one');
    between = 'teams';
  } else if (!betweenOk) {
    // between stays null: the run fails
  } else if (teamsF.v !== undefined) {
    problems.add(teamsF.at, `teams are compared only in a contest between teams; this run compares ${betF.v as string}`);
  } else if (schedule?.type === 'sweep') {
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
  if (schedule.type !== 'sweep' && (between !== 'teams' || teams)) {
    const entrants = between === 'teams' ? teams!.map((t) => t.name) : between === 'bots' ? bots.map((b) => b.name) : loadouts.map((l) => l.name);
    const what = between === 'teams' ? teamsF.at : between === 'bots' ? botsF.at : field('loadouts').at;
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

  let run: RunConfig = {
    format: RUN_FORMAT,
    name,
    ruleset,
    ...(facts.module ? { rulesetModule: resolve(facts.module) } : {}),
    rulesVersion: rulesVersionOf(ruleset),
    ...(data ? { catalogueHash: data.hash } : {}),
    experimental,
    bots,
    loadouts,
    between,
    ...(teams ? { teams } : {}),
    schedule,
    turnLimit,
    budget,
    ...(limits ? { limits } : {}),
    ...(maxFaults !== undefined ? { maxFaults } : {}),
    ...(maxHangs !== undefined ? { maxHangs } : {}),
    seed,
    stats,
  };
  if (overrides.matches !== undefined) {
    const r = withMatches(run, overrides.matches);
    if (typeof r === 'string') return problems.add('--matches', r), null;
    run = r;
  }
  const total = scheduleTotal(run);
  if (total > MAX_MATCHES) problems.add(sch.at, `${total} matches is more than one run can hold (${MAX_MATCHES}); split it`);
  return bad() ? null : { run, data };
}

/**
 * The run's data file: `parts` or the ruleset's default, read by the
 * ruleset's `data`; null for a ruleset that reads none (naming one is a
 * problem); false after adding the problem.
 */
function resolveData(mod: AnyGameModule, title: string, f: Field, problems: Problems): RunData | null | false {
  if (!mod.data) {
    if (f.v !== undefined) return problems.add(f.at, `${title} reads no data file: leave parts out`), false;
    return null;
  }
  let path = mod.data.defaultPath();
  if (f.v !== undefined) {
    if (!check(Parts, f.v, f.at, problems)) return false;
    path = f.v as string;
  }
  const d = readData(mod.data, path);
  if (d instanceof HavocError) return problems.add(f.at, d.message.replace(/\n/g, '\n  ')), false;
  return d;
}

/** The budget per decision: each field, or the default when left out (or null). */
function resolveBudget(f: Field, problems: Problems): RunConfig['budget'] {
  if (f.v === undefined) return { ms: DEFAULT_BUDGET.ms, sims: DEFAULT_BUDGET.sims };
  check(Budget, f.v, f.at, problems);
  if (!isObj(f.v)) return DEFAULT_BUDGET;
  const firstMs = f.v.firstMs ?? undefined, overageMs = f.v.overageMs ?? undefined, clock = f.v.clock ?? undefined;
  return {
    ms: (f.v.ms ?? DEFAULT_BUDGET.ms) as number,
    sims: (f.v.sims ?? DEFAULT_BUDGET.sims) as number,
    ...(typeof firstMs === 'number' ? { firstMs } : {}),
    ...(typeof overageMs === 'number' ? { overageMs } : {}),
    ...(clock === 'cpu' || clock === 'wall' ? { clock } : {}),
  };
}

/** A sandboxed bot's limits: each field, or its default when left out (or null); undefined when the config has no `limits`. */
function resolveLimits(f: Field, problems: Problems): BotLimits | undefined {
  if (f.v === undefined) return undefined;
  if (!check(Limits, f.v, f.at, problems) || !isObj(f.v)) return undefined;
  const d = DEFAULT_BOT_LIMITS;
  return { startupMs: (f.v.startupMs ?? d.startupMs) as number, memoryMb: (f.v.memoryMb ?? d.memoryMb) as number, outputKb: (f.v.outputKb ?? d.outputKb) as number };
}

/** How the tables are computed: each field, or the default when left out (or null). */
function resolveStats(f: Field, problems: Problems): StatsOptions {
  const d = DEFAULT_STATS;
  if (f.v === undefined) return { ...d };
  check(Stats, f.v, f.at, problems);
  if (!isObj(f.v)) return { ...d };
  return { alpha: (f.v.alpha ?? d.alpha) as number, anchor: (f.v.anchor ?? d.anchor) as StatsOptions['anchor'], maxRated: (f.v.maxRated ?? d.maxRated) as number };
}

/** The rules version recorded for a run of a ruleset, e.g. `rbp havoc-rules-1`: the ruleset's own version. */
function rulesVersionOf(ruleset: string): string {
  return `${ruleset} ${rulesetById(ruleset).version}`;
}
