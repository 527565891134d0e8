/**
 * What the config checks need of a ruleset, from the registry
 * (src/rules/registry.ts): the ids a config may name, or a ruleset module's
 * path (loaded with the config), how many seats a match has, whether every
 * seat brings one fixed build (Robo Battle Pigs: the Robo Battle Pig), and
 * the messages that say so.
 */
import type { AnyGameModule } from '../core/game.js';
import { HavocError } from '../core/errors.js';
import { withRunData } from './data.js';
import { BUILTIN_RULESETS } from '../rules/builtins.js';
import { isRulesetPath, loadedRulesetId, loadRuleset, rulesetById, rulesetIds } from '../rules/registry.js';

/** The built-in ruleset ids, from their one list (a config may also name a module's path; a test's game registered in this process is not one of them). */
export const RULESET_IDS: readonly string[] = Object.keys(BUILTIN_RULESETS);

/** What the config checks need to know of one ruleset. */
export interface RulesetFacts {
  readonly id: string;
  /** Its name for people, in messages. */
  readonly title: string;
  /** Seats per match. */
  readonly seats: { readonly min: number; readonly max: number };
  /** The one build every seat has, when seats do not choose builds; null when they do. */
  readonly fixed: { readonly name: string; readonly spec: (data: unknown) => unknown } | null;
  /** Whether a sweep can draw its builds (the ruleset samples builds). */
  readonly sweepable: boolean;
  /** Whether it is played by two sides (GameModule.sideOf), so teams can be compared. */
  readonly sides: boolean;
  /** The module's path, for a ruleset named by path. */
  readonly module?: string;
}

function factsOf(mod: AnyGameModule, module?: string): RulesetFacts {
  const fixed = mod.builds.fixed;
  return {
    id: mod.id,
    title: mod.title,
    seats: mod.seats,
    fixed: fixed
      ? {
          name: fixed.name,
          spec: (data) => {
            const kit = withRunData(mod, data).builds;
            const b = kit.fixed!.build;
            return kit.spec ? kit.spec(b) : kit.key(b);
          },
        }
      : null,
    sweepable: !fixed && typeof mod.builds.sample === 'function',
    sides: typeof mod.sideOf === 'function',
    ...(module ? { module } : {}),
  };
}

/** The facts of a `ruleset` value: a registered id, or the path of a module loaded with the config; null for neither. */
export function rulesetFactsOf(v: string): RulesetFacts | null {
  if (isRulesetPath(v)) {
    const id = loadedRulesetId(v);
    return id ? factsOf(rulesetById(id), v) : null;
  }
  return rulesetIds().includes(v) ? factsOf(rulesetById(v)) : null;
}

const show = (v: unknown): string => (v === undefined ? 'missing' : JSON.stringify(v));

/** The problem with a `ruleset` value that names no ruleset. */
export const unknownRulesetProblem = (v: unknown): string =>
  `must be ${RULESET_IDS.map((id) => `"${id}" (${rulesetById(id).title})`).join(' or ')}, not ${show(v)}`;

/** The problem with `seats` seats in a match of this ruleset, or null. */
export function seatsProblem(r: RulesetFacts, seats: number): string | null {
  if (seats <= r.seats.max) return null;
  return r.seats.max === 2 ? `${r.title} is a two-player game` : `${r.title} seats at most ${r.seats.max} machines`;
}

/** The problem with a sweep under this ruleset (it has one design, or cannot draw builds), or null. */
export function sweepProblem(r: RulesetFacts): string | null {
  if (r.sweepable) return null;
  const sweepable = RULESET_IDS.filter((id) => factsOf(rulesetById(id)).sweepable).map((id) => `"${id}"`);
  return `a loadout sweep needs "ruleset": ${sweepable.join(' or ')} (${r.title} has ${r.fixed ? 'one design' : 'no way to draw designs'})`;
}

/** Problems with `loadouts` and `loadoutsFile` under a ruleset whose seats all have its fixed build. */
export const fixedBuildProblems = (r: RulesetFacts): { loadouts: string; loadoutsFile: string } => ({
  loadouts: `${r.title} machines are all ${r.title}: leave loadouts out`,
  loadoutsFile: `${r.title} has no loadouts`,
});

/** Loads a saved run's ruleset module, when the run names one by path (resume, merge). A HavocError naming `where` if it cannot. */
export async function loadRunRuleset(run: { readonly rulesetModule?: string }, where: string): Promise<void> {
  if (!run.rulesetModule) return;
  try {
    await loadRuleset(run.rulesetModule);
  } catch (e) {
    throw new HavocError('ERR_CONFIG', `${where}: run.rulesetModule`, e instanceof HavocError ? e.problem : String(e));
  }
}

/** The number of builds a sweep of this ruleset can draw from, under a filter. */
export function countBuilds(r: RulesetFacts, data: unknown, filter: unknown): number {
  const kit = withRunData(rulesetById(r.id), data).builds;
  if (!kit.count) throw new HavocError('ERR_CONFIG', r.id, `${r.title} cannot count its builds for a sweep`);
  return kit.count(filter);
}
