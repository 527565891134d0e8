/**
 * The ruleset `havoc parts` and `havoc loadouts` read: the one named by
 * --ruleset, or else the first registered ruleset whose builds are chosen
 * from a catalogue (builds that vary and a listing of priced components).
 */
import { HavocError } from '../core/errors.js';
import type { AnyGameModule } from '../core/game.js';
import { loadRuleset, rulesetById, rulesetIds } from '../rules/registry.js';

/** Whether a ruleset's builds are chosen from a catalogue of priced components. */
export const hasCatalogue = (mod: AnyGameModule): boolean => !mod.builds.fixed && mod.builds.listing !== undefined;

/** The rulesets that have one, for help texts. */
export const catalogueRulesets = (): string[] => rulesetIds().filter((id) => hasCatalogue(rulesetById(id)));

export async function catalogueRuleset(spec: string | undefined): Promise<AnyGameModule> {
  if (spec !== undefined) return loadRuleset(spec);
  const first = catalogueRulesets()[0];
  if (first === undefined) throw new HavocError('ERR_RULESET', '--ruleset', 'no registered ruleset has a catalogue of parts');
  return rulesetById(first);
}
