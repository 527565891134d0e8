/**
 * Run configs (`configs/*.json`): reading a config file, checking every field
 * and resolving it into runs that need nothing else (bots by built-in name or
 * absolute path, loadouts as their specs, the data file's hash). Every problem
 * is reported at once, each naming its path in the file
 * (`configs/x.json: schedule.games: must be a positive integer`); nothing is
 * written before a config passes. See docs/arena.md for the format.
 *
 * The work is in config/: the types (types.ts), the file's shape as a zod
 * schema that also writes configs/schema.json (schema.ts), the problem list
 * (problems.ts), reading a file (file.ts), resolving a run (run.ts) with its
 * bots, loadouts and schedule (bots.ts, loadouts.ts, schedule.ts), the
 * rulesets' data files (data.ts), the ruleset-specific checks (rulesets.ts)
 * and a run's size (total.ts). This module is their public face; the code a
 * worker runs imports types.ts, total.ts, data.ts and rulesets.ts directly,
 * so that workers never load the schemas (zod, about 15 MB a thread).
 */
export { RUN_FORMAT, SCHEDULE_TYPES } from './types.js';
export type { BotEntry, ConfigOverrides, LoadoutEntry, Plan, PlannedRun, RunConfig, ScheduleSpec, StatsOptions, SweepFilter } from './types.js';
export { checkConfig, loadConfig } from './file.js';
export { botModuleProblem, builtinBots, checkRunBots } from './bots.js';
export { sweepFilter } from './types.js';
export { scheduleTotal } from './total.js';
export { configJsonSchema, configSchemaText } from './schema.js';
