/**
 * A run's `loadouts`: none for a ruleset whose seats all have one fixed build
 * (or a sweep, which draws its own), else each entry checked (its shape by
 * schema.ts) and resolved — a name looked up in the named-loadouts file, a
 * loadout key, or a design object — and its legality checked against the
 * catalogue by rules/nhm/loadout.ts.
 */
import { checkLoadout, defaultLoadoutsPath, loadNamedLoadouts, loadoutKey, loadoutSpec } from '../../rules/nhm/loadout.js';
import type { Catalogue, Loadout } from '../../rules/nhm/parts.js';
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
    return [{ name: fixed.name, spec: fixed.spec(data) as LoadoutEntry['spec'] }];
  }
  if (sweep) {
    if (f.v !== undefined) return problems.add(f.at, 'a sweep draws its loadouts from the catalogue: leave loadouts out (narrow them with schedule.filter)'), null;
    return [];
  }
  if (!check(Loadouts, f.v, f.at, problems, 'self')) return null;
  const cat = data as Catalogue;
  let named: Map<string, Loadout> | null = null;
  let namedFile = defaultLoadoutsPath();
  if (fileF.v !== undefined && check(LoadoutsFile, fileF.v, fileF.at, problems)) namedFile = fileF.v as string;
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
      if (!check(LoadoutDesign.shape.name, raw.name, `${at}.name`, problems)) return;
      name = raw.name as string;
      const rest: Json = { ...raw };
      delete rest.name;
      spec = rest;
    } else return void check(LoadoutEntrySchema, raw, at, problems);
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
