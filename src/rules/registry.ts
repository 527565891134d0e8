/**
 * The registry: ruleset id → game module. Configs, `havoc scenario`,
 * `havoc match`, replays, the report and bots find rulesets here and nowhere
 * else. A ruleset outside this package (a test's game, a user's rulebook) is
 * named by the path of a module whose default export is a GameModule; loading
 * it registers it under its id.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { HavocError } from '../core/errors.js';
import { completeModule } from '../core/complete.js';
import type { AnyGameModule, GameModule } from '../core/game.js';
import { BUILTIN_RULESETS } from './builtins.js';

const modules = new Map<string, AnyGameModule>();
/** Modules loaded by path: absolute path → id. */
const byPath = new Map<string, string>();

/** Adds a module under its id, completed with the interface's defaults (a second module with the same id replaces the first). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function registerRuleset(mod: GameModule<any, any, any, any, any>): void {
  modules.set(mod.id, completeModule(mod));
}

// The built-in rulesets, from their one list (builtins.ts), in its order.
for (const load of Object.values(BUILTIN_RULESETS)) registerRuleset(await load());

/** The ids of the registered rulesets. */
export const rulesetIds = (): string[] => [...modules.keys()];

/** Whether a ruleset spec is a module path rather than an id. */
export const isRulesetPath = (spec: string): boolean => /[\\/]/.test(spec) || /\.[cm]?js$/.test(spec);

/** The module of a registered id; a HavocError naming the ids there are otherwise. */
export function rulesetById(id: string): AnyGameModule {
  const m = modules.get(id);
  if (!m) throw new HavocError('ERR_RULESET', id, `no ruleset "${id}" (rulesets: ${rulesetIds().join(', ')}; or name a ruleset module by path)`);
  return m;
}

/** The absolute path a registered id's module was loaded from (a ruleset loaded by path), or undefined. */
export function rulesetModulePath(id: string): string | undefined {
  for (const [path, pid] of byPath) if (pid === id && modules.has(id)) return path;
  return undefined;
}

/** The module of an id or a module path (imported and registered on first use). */
export async function loadRuleset(spec: string): Promise<AnyGameModule> {
  if (!isRulesetPath(spec)) return rulesetById(spec);
  const path = resolve(spec);
  const id = byPath.get(path);
  if (id) return rulesetById(id);
  if (!existsSync(path)) throw new HavocError('ERR_RULESET', spec, `no such ruleset module (looked for ${path})`);
  let mod: { default?: unknown };
  try {
    mod = (await import(pathToFileURL(path).href)) as { default?: unknown };
  } catch (e) {
    throw new HavocError('ERR_RULESET', spec, `the ruleset module failed to load: ${(e as Error)?.message ?? e}`);
  }
  const m = mod.default as AnyGameModule | undefined;
  if (!m || typeof m !== 'object' || typeof m.id !== 'string' || typeof m.newState !== 'function')
    throw new HavocError('ERR_RULESET', spec, 'the module must export a game module (src/core/game.ts) as its default export');
  registerRuleset(m);
  byPath.set(path, m.id);
  return m;
}

/** The id of the ruleset module already loaded from `spec` (a path), or null. */
export const loadedRulesetId = (spec: string): string | null => byPath.get(resolve(spec)) ?? null;
