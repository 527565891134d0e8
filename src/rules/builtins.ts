/**
 * The one list of built-in rulesets: id → its module, imported when asked
 * for. The registry (registry.ts) loads them all, in this order; a sandboxed
 * bot's host (sandbox/host.ts) loads only the one its match plays, so a bot's
 * process is ready sooner (a process is started for each seat of each match).
 * A ruleset ships by one line here.
 */
import { completeModule } from '../core/complete.js';
import type { AnyGameModule } from '../core/game.js';

export const BUILTIN_RULESETS: Readonly<Record<string, () => Promise<AnyGameModule>>> = {
  rbp: async () => completeModule((await import('./rbp/module.js')).rbpModule),
  nhm: async () => completeModule((await import('./nhm/module.js')).nhmModule),
  hovercrafts: async () => completeModule((await import('./hovercrafts/module.js')).hoverModule),
  'blind-ninjas': async () => completeModule((await import('./blind-ninjas/module.js')).blindNinjasModule),
  'battle-engine': async () => completeModule((await import('./battle-engine/module.js')).defaultBattleEngine()),
};
