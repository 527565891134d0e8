/**
 * Everything the config checks know about particular rulesets, in one table:
 * the ids a config may name, how many machines a match of each seats, whether
 * every seat brings one fixed build (Robo Battle Pigs: the Robo Battle Pig)
 * or a build of its own, and the messages that say so. Nothing else under
 * src/arena/config/ names a ruleset; the next step replaces this table by
 * src/rules/registry.ts (`rulesetById(id)`: `seats: {min, max}`,
 * `builds.fixed`).
 */
import type { Catalogue, Loadout } from '../../rules/nhm/parts.js';
import { roboPig } from '../../rules/rbp/index.js';

/** The ruleset ids a config may name (`"ruleset"`). */
export const RULESET_IDS = ['rbp', 'nhm'] as const;
export type RulesetId = (typeof RULESET_IDS)[number];

/** What the config checks need to know of one ruleset. */
export interface RulesetFacts {
  readonly id: RulesetId;
  /** Its name for people, in messages. */
  readonly title: string;
  /** Machines per match. */
  readonly seats: { readonly min: number; readonly max: number };
  /** The one build every seat has, when seats do not choose builds; null when they do (and sweeps can draw them). */
  readonly fixed: { readonly name: string; readonly build: (cat: Catalogue) => Loadout } | null;
}

const FACTS: Readonly<Record<RulesetId, RulesetFacts>> = {
  rbp: { id: 'rbp', title: 'Robo Battle Pigs', seats: { min: 2, max: 2 }, fixed: { name: 'robo-pig', build: roboPig } },
  nhm: { id: 'nhm', title: 'Ninja Havoc Machines', seats: { min: 2, max: 4 }, fixed: null },
};

/** The facts of a ruleset id (one that passed the `ruleset` check). */
export const rulesetFacts = (id: RulesetId): RulesetFacts => FACTS[id];

const show = (v: unknown): string => (v === undefined ? 'missing' : JSON.stringify(v));

/** The problem with a `ruleset` value that names no ruleset. */
export const unknownRulesetProblem = (v: unknown): string =>
  `must be ${RULESET_IDS.map((id) => `"${id}" (${FACTS[id].title})`).join(' or ')}, not ${show(v)}`;

/** The problem with `seats` machines in a match of this ruleset, or null. */
export function seatsProblem(r: RulesetFacts, seats: number): string | null {
  if (seats <= r.seats.max) return null;
  return r.seats.max === 2 ? `${r.title} is a two-player game` : `${r.title} seats at most ${r.seats.max} machines`;
}

/** The problem with a loadout sweep under this ruleset (it has one design), or null. */
export function sweepProblem(r: RulesetFacts): string | null {
  if (!r.fixed) return null;
  const sweepable = RULESET_IDS.filter((id) => !FACTS[id].fixed).map((id) => `"${id}"`);
  return `a loadout sweep needs "ruleset": ${sweepable.join(' or ')} (${r.title} has one design)`;
}

/** Problems with `loadouts` and `loadoutsFile` under a ruleset whose seats all have its fixed build. */
export const fixedBuildProblems = (r: RulesetFacts): { loadouts: string; loadoutsFile: string } => ({
  loadouts: `${r.title} machines are all ${r.title}: leave loadouts out`,
  loadoutsFile: `${r.title} has no loadouts`,
});
