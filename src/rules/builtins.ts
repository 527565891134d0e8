/**
 * Each built-in ruleset's module, imported when asked for: a sandboxed bot's
 * host (arena/isolation/host.ts) loads the one ruleset its match plays, not
 * the registry's five, so a bot's process is ready sooner (a process is
 * started for each seat of each match).
 */
import type { AnyGameModule } from '../core/game.js';

export const BUILTIN_RULESETS: Readonly<Record<string, () => Promise<AnyGameModule>>> = {
  rbp: async () => (await import('./rbp/module.js')).rbpModule,
  nhm: async () => (await import('./nhm/module.js')).nhmModule,
  hovercrafts: async () => (await import('./hovercrafts/module.js')).hoverModule,
  'blind-ninjas': async () => (await import('./blind-ninjas/module.js')).blindNinjasModule,
  'battle-engine': async () => (await import('./battle-engine/module.js')).defaultBattleEngine(),
};
