/**
 * A run's `teams`: for a contest between teams in a ruleset played by two
 * sides (GameModule.sideOf; Hovercrafts). Each team is its bots in seat order
 * on its side, named by them joined with "+" unless it has a name; every team
 * the same size, so a match has twice that many seats, within the ruleset's
 * seats. Names and line-ups are unique: tables are kept by name and a match's
 * side is known by its bots.
 */
import { check, type Field, type Problems } from './problems.js';
import type { RulesetFacts } from './rulesets.js';
import { Teams } from './schema.js';
import type { BotEntry, TeamEntry } from './types.js';

/** The run's teams, or null after adding their problems. */
export function resolveTeams(f: Field, bots: readonly BotEntry[], ruleset: RulesetFacts, problems: Problems): TeamEntry[] | null {
  const before = problems.count;
  if (!check(Teams, f.v, f.at, problems)) return null;
  if (!ruleset.sides) return problems.add(f.at, `${ruleset.title} is not played by two sides: compare bots or loadouts instead`), null;
  const raw = f.v as (string[] | { name: string; bots: string[] })[];
  const teams = raw.map((t) => (Array.isArray(t) ? { name: t.join('+'), bots: t } : t));
  const known = bots.map((b) => b.name);
  const size = teams[0].bots.length;
  const byName = new Map<string, number>(), byLineUp = new Map<string, number>();
  teams.forEach((t, i) => {
    const at = `${f.at}[${i}]`;
    t.bots.forEach((b, j) => {
      if (!known.includes(b)) problems.add(`${at}${Array.isArray(raw[i]) ? '' : '.bots'}[${j}]`, `"${b}" is none of the run's bots: ${known.join(', ')}`);
    });
    const n = t.bots.length;
    if (n !== size) problems.add(at, `has ${n} bot${n === 1 ? '' : 's'}, the first team ${size}: every team is one size`);
    const lineUp = t.bots.join('\n');
    const twin = byLineUp.get(lineUp), same = byName.get(t.name);
    if (twin !== undefined) problems.add(at, `has the bots of team ${twin} in the same seats: a side's bots must tell its team`);
    else if (same !== undefined) problems.add(at, `is named "${t.name}" as team ${same} is: give one another name`);
    byLineUp.set(lineUp, byLineUp.get(lineUp) ?? i);
    byName.set(t.name, byName.get(t.name) ?? i);
  });
  const seats = 2 * size;
  if (seats < ruleset.seats.min || seats > ruleset.seats.max)
    problems.add(f.at, `teams of ${size} make ${seats} seats; ${ruleset.title} has ${ruleset.seats.min} to ${ruleset.seats.max}`);
  return problems.count > before ? null : teams.map((t) => ({ name: t.name, bots: [...t.bots] }));
}
