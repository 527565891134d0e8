/**
 * A run's `schedule`: its fields checked by the schema of its type
 * (schema.ts), then what spans them: games or matches a multiple of the
 * machines per match, the ruleset's seats and whether it can sweep, a sweep's
 * sample against its seats, and its filter (its shape, then what the
 * ruleset's builds say of it: NHM's known tags and parts; at least one legal
 * build passing).
 */
import type { AnyGameModule } from '../core/game.js';
import { rulesetById } from '../rules/registry.js';
import { withRunData } from './data.js';
import { check, fieldsOf, isObj, type Field, type Problems } from './problems.js';
import { countBuilds, seatsProblem, sweepProblem, type RulesetFacts } from './rulesets.js';
import { Schedule, SCHEDULES, ScheduleType, SweepFilter as SweepFilterSchema } from './schema.js';
import { DEFAULT_SWEEP_SEATS, SCHEDULE_TYPES, sweepFilter, type ScheduleSpec, type SweepDesign, type SweepFilter } from './types.js';

/** The run's schedule (with `override`'s fields, e.g. `havoc sweep --matches N`), or null after adding its problems. */
export function resolveSchedule(
  f: Field,
  ruleset: RulesetFacts,
  data: unknown,
  experimental: boolean,
  override: Readonly<Record<string, unknown>> | undefined,
  problems: Problems,
): ScheduleSpec | null {
  const { at } = f;
  const merged = override && isObj(f.v) ? { ...f.v, ...override } : f.v;
  // An object with the fields of its type (if its type is one).
  const s = fieldsOf(Schedule, merged, at, problems);
  if (!s) return null;
  if (!check(ScheduleType, s.type, `${at}.type`, problems)) return null;
  const type = s.type as (typeof SCHEDULE_TYPES)[number];
  const before = problems.count;

  let seats = 2;
  if (type === 'free-for-all' || type === 'sweep') {
    if (check(SCHEDULES[type].shape.seats, s.seats, `${at}.seats`, problems)) seats = (s.seats as number | null | undefined) ?? DEFAULT_SWEEP_SEATS;
    const p = seatsProblem(ruleset, seats);
    if (p) problems.add(`${at}.seats`, p);
  }
  const count = type === 'sweep' ? 'matches' : 'games';
  const n = s[count] as number;
  const countSchema = type === 'sweep' ? SCHEDULES.sweep.shape.matches : SCHEDULES[type].shape.games;
  if (check(countSchema, n, `${at}.${count}`, problems) && n % seats !== 0)
    problems.add(`${at}.${count}`, `must be a multiple of ${seats}: every ${type === 'sweep' ? 'group' : 'pairing'} is played in all ${seats} seat rotations on one seed`);
  if (problems.count > before) return null;

  if (type === 'round-robin') return { type, games: n };
  if (type === 'free-for-all') return { type, games: n, seats };
  if (type === 'gauntlet') {
    if (!check(SCHEDULES.gauntlet.shape.challengers, s.challengers, `${at}.challengers`, problems, 'whole')) return null;
    return { type, games: n, challengers: s.challengers as string[] };
  }

  // Sweep.
  const cannot = sweepProblem(ruleset);
  if (cannot) return problems.add(`${at}.type`, cannot), null;
  let sample: number | null = null;
  if (s.sample !== undefined && s.sample !== null && check(SCHEDULES.sweep.shape.sample, s.sample, `${at}.sample`, problems)) {
    if ((s.sample as number) < seats) problems.add(`${at}.sample`, `must be at least ${seats} (machines per match)`);
    else sample = s.sample as number;
  }
  const filter = resolveFilter({ v: s.filter, at: `${at}.filter` }, withRunData(rulesetById(ruleset.id), data).builds, problems);
  if (!filter || problems.count > before) return null;
  let found = 0;
  try {
    found = countBuilds(ruleset, data, sweepFilter(filter, experimental));
  } catch (e) {
    return problems.add(`${at}.filter`, (e as Error).message), null;
  }
  if (found === 0) return problems.add(`${at}.filter`, 'no legal loadout passes the filter'), null;
  if (sample === null && found < seats) return problems.add(`${at}.filter`, `only ${found} legal loadout(s) pass the filter; a match needs ${seats}`), null;
  const design = (s.design as SweepDesign | null | undefined) ?? 'spread';
  if (!check(SCHEDULES.sweep.shape.design, s.design, `${at}.design`, problems)) return null;
  return { type, matches: n, seats, sample, design, filter };
}

/** A sweep's filter: its shape by the schema, then what only the ruleset can check (NHM: tags and parts of the catalogue). */
function resolveFilter(f: Field, kit: AnyGameModule['builds'], problems: Problems): SweepFilter | null {
  const none: SweepFilter = { excludeTags: [], includeParts: [], excludeParts: [], minSpent: null, maxSpent: null };
  if (f.v === undefined) return none;
  const v = fieldsOf(SweepFilterSchema, f.v, f.at, problems);
  if (!v) return null;
  const shape = SweepFilterSchema.shape;
  const strings = (k: 'excludeTags' | 'includeParts' | 'excludeParts'): string[] => {
    const x = v[k];
    if (x === undefined || !check(shape[k], x, `${f.at}.${k}`, problems, 'whole')) return [];
    return x as string[];
  };
  const spent = (k: 'minSpent' | 'maxSpent'): number | null => {
    const x = v[k];
    if (x === undefined || x === null || !check(shape[k], x, `${f.at}.${k}`, problems)) return null;
    return x as number;
  };
  const filter: SweepFilter = { excludeTags: strings('excludeTags'), includeParts: strings('includeParts'), excludeParts: strings('excludeParts'), minSpent: spent('minSpent'), maxSpent: spent('maxSpent') };
  for (const e of kit.filterProblems?.(filter, f.at) ?? []) problems.add(e.where, e.problem);
  return filter;
}
