/**
 * A run's `loadouts`: none for a ruleset whose seats all have one fixed build
 * (or a sweep, which draws its own), else each entry checked (its shape by
 * schema.ts) and resolved by the ruleset's builds (BuildKit.check): a name
 * looked up in the named-builds file (`loadoutsFile`, default the ruleset's
 * own), a key, or a design object with a `name`. Every problem is reported,
 * each at its place in the file.
 */
import type { BuildOptions } from '../core/game.js';
import { HavocProblems } from '../core/errors.js';
import { rulesetById } from '../rules/registry.js';
import { withRunData } from './data.js';
import { check, isObj, type Field, type Json, type Problems } from './problems.js';
import { fixedBuildProblems, type RulesetFacts } from './rulesets.js';
import { LoadoutDesign, LoadoutEntry as LoadoutEntrySchema, Loadouts, LoadoutsFile } from './schema.js';
import type { LoadoutEntry } from './types.js';

/** The run's loadouts (`f`, names looked up in `fileF`'s file), or null after adding their problems. */
export function resolveLoadouts(
  f: Field,
  fileF: Field,
  ruleset: RulesetFacts,
  data: unknown,
  experimental: boolean,
  sweep: boolean,
  problems: Problems,
): LoadoutEntry[] | null {
  if (ruleset.fixed) {
    const fixed = ruleset.fixed;
    const says = fixedBuildProblems(ruleset);
    const ok = f.v === undefined || (Array.isArray(f.v) && f.v.length === 1 && f.v[0] === fixed.name);
    if (!ok) return problems.add(f.at, says.loadouts), null;
    if (fileF.v !== undefined) problems.add(fileF.at, says.loadoutsFile);
    return [{ name: fixed.name, spec: fixed.spec(data) }];
  }
  if (sweep) {
    if (f.v !== undefined) return problems.add(f.at, 'a sweep draws its loadouts from the catalogue: leave loadouts out (narrow them with schedule.filter)'), null;
    return [];
  }
  if (!check(Loadouts, f.v, f.at, problems, 'self')) return null;
  const kit = withRunData(rulesetById(ruleset.id), data).builds;
  const names = fileF.v !== undefined && check(LoadoutsFile, fileF.v, fileF.at, problems) ? (fileF.v as string) : undefined;
  const opts: BuildOptions = names === undefined ? { experimental } : { experimental, names };
  // A named-builds file that cannot be used is one problem, at the field that names it (or the first name looked up in it).
  let namesChecked = false;
  const checkNames = (at: string): void => {
    if (namesChecked || !kit.named) return;
    namesChecked = true;
    const n = kit.named(opts);
    if (!n.ok) problems.add(fileF.v !== undefined ? fileF.at : at, n.error.message.replace(/\n/g, '\n  '));
  };
  const out: LoadoutEntry[] = [];
  (f.v as unknown[]).forEach((raw, i) => {
    const at = `${f.at}[${i}]`;
    let name = '';
    let spec: unknown;
    if (typeof raw === 'string') spec = raw;
    else if (isObj(raw)) {
      if (!check(LoadoutDesign.shape.name, raw.name, `${at}.name`, problems)) return;
      name = raw.name as string;
      const rest: Json = { ...raw };
      delete rest.name;
      spec = rest;
    } else return void check(LoadoutEntrySchema, raw, at, problems);
    const r = kit.check(spec, at, opts);
    if (!r.ok) {
      // A string that is no build may be a name: the named-builds file's own problems first. (A key needs no file.)
      if (typeof raw === 'string') checkNames(at);
      for (const e of r.error instanceof HavocProblems ? r.error.problems : [r.error]) problems.add(e.where, e.problem);
      return;
    }
    name ||= kit.name ? kit.name(r.value) : kit.key(r.value);
    if (out.some((l) => l.name === name)) return problems.add(at, `the loadout "${name}" is listed twice`);
    out.push({ name, spec: (kit.spec ? kit.spec(r.value) : kit.key(r.value)) });
  });
  return out;
}

