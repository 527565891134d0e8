/**
 * A config file read and resolved into a plan: one run, or `{"runs": [...]}`
 * whose runs inherit every top-level field they do not set and write to
 * `OUT/<run name>/`. Every problem of the file is reported at once (one
 * HavocProblems), each naming its path; nothing is written before a config
 * passes.
 */
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { withoutBom } from '../core/json.js';
import { HavocError } from '../core/errors.js';
import { checkBotModules } from './bots.js';
import { outFolderProblem } from './outFolder.js';
import { check, fieldsOf, isObj, Problems, type Json } from './problems.js';
import { resolveRun } from './run.js';
import { MultiRun, Out, Run, RunName, Runs, SchemaRef, SingleRun } from './schema.js';
import type { ConfigOverrides, Plan, PlannedRun } from './types.js';
import { isRulesetPath, loadRuleset } from '../rules/registry.js';

/**
 * Reads and checks a config file, and checks that every bot module loads.
 * Throws a HavocProblems listing every problem; writes nothing.
 */
export async function loadConfig(file: string, overrides: ConfigOverrides = {}): Promise<Plan> {
  return loadConfigJson(readConfigJson(file), file, overrides);
}

/** A config file's JSON; a HavocError naming the file when it is missing or not JSON. */
export function readConfigJson(file: string): unknown {
  try {
    return JSON.parse(withoutBom(readFileSync(file, 'utf8')));
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new HavocError('ERR_CONFIG', file, code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a folder, not a config file' : code ? `cannot read the file (${code})` : `not valid JSON (${(e as Error).message})`);
  }
}

/** loadConfig of a config's JSON, read from `file` (or made from it: havoc contest). */
export async function loadConfigJson(json: unknown, file: string, overrides: ConfigOverrides = {}): Promise<Plan> {
  const problems = new Problems(file);
  await loadRulesetModules(json, problems);
  problems.throwIfAny();
  const plan = resolveConfig(json, file, overrides, problems);
  problems.throwIfAny();
  await checkBotModules(plan!, problems, overrides.trustBots ?? false);
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
  const multi = isObj(json) && json.runs !== undefined;
  const top = fieldsOf(multi ? MultiRun : SingleRun, json, '', problems);
  if (!top) return null;
  if (top.$schema !== undefined) check(SchemaRef, top.$schema, '$schema', problems);
  const stem = basename(file).replace(/\.json$/i, '');
  const folder = (): string => {
    const ok = top.out === undefined || check(Out, top.out, 'out', problems);
    const out = overrides.out ?? (top.out !== undefined && ok ? (top.out as string) : join('results', stem));
    const problem = outFolderProblem(out);
    if (problem && overrides.out !== undefined) throw new HavocError('ERR_ARGS', '--out', problem);
    if (problem) problems.add(top.out !== undefined ? 'out' : '(its run folder)', problem);
    return out;
  };

  if (!multi) {
    const out = folder();
    if (top.name !== undefined) check(SingleRun.shape.name, top.name, 'name', problems);
    const run = resolveRun(top, {}, '', typeof top.name === 'string' ? top.name : stem, overrides, problems);
    return run && { file, out, multi: false, runs: [{ ...run, out }] };
  }

  if (!check(Runs, top.runs, 'runs', problems, 'self')) return null;
  const out = folder();
  const inherited: Json = { ...top };
  for (const k of ['$schema', 'runs', 'name', 'description']) delete inherited[k];
  const names = new Set<string>();
  const runs: PlannedRun[] = [];
  (top.runs as unknown[]).forEach((raw, i) => {
    const at = `runs[${i}]`;
    const r = fieldsOf(Run, raw, at, problems);
    if (!r) return;
    if (r.out !== undefined) check(Run.shape.out, r.out, `${at}.out`, problems);
    if (!check(RunName, r.name, `${at}.name`, problems)) return;
    const name = r.name as string;
    if (names.has(name)) return problems.add(`${at}.name`, `"${name}" is used twice`);
    names.add(name);
    const run = resolveRun(r, inherited, `${at}.`, name, overrides, problems);
    if (run) runs.push({ ...run, out: join(out, name) });
  });
  return problems.count ? null : { file, out, multi: true, runs };
}

/** Loads (and so registers) every ruleset a config names by a module's path: `ruleset` at the top and in each of `runs`. */
async function loadRulesetModules(json: unknown, problems: Problems): Promise<void> {
  if (!isObj(json)) return;
  const named: { v: unknown; at: string }[] = [{ v: json.ruleset, at: 'ruleset' }];
  if (Array.isArray(json.runs)) json.runs.forEach((r, i) => isObj(r) && named.push({ v: r.ruleset, at: `runs[${i}].ruleset` }));
  for (const { v, at } of named) {
    if (typeof v !== 'string' || !isRulesetPath(v)) continue;
    try {
      await loadRuleset(v);
    } catch (e) {
      problems.add(at, e instanceof HavocError ? e.problem : String(e));
    }
  }
}
