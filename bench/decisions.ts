/**
 * The built-in bots' decision times at the default budget (DEFAULT_BUDGET),
 * in this process: each bot plays seat-swapped games against `random`
 * through the arena's `playMatch`, on Robo Battle Pigs and on two Ninja
 * Havoc Machines match-ups of named designs (as the ladder does, bench/ladder.ts),
 * until it has made `perSetting` decisions on each. Every one of its
 * decisions is timed by wall clock and by the deciding thread's CPU time
 * (bench/timing.ts: the ladder's "on one core" figure, honest on a busy
 * machine).
 */
import { loadBot } from '../src/match/bots.js';
import { playMatch } from '../src/match/loop.js';
import { rulesetById } from '../src/rules/registry.js';
import type { Game as EngineGame } from '../src/rules/nhm/game.js';

import { DEFAULT_BUDGET } from '../src/core/bot.js';
import { BOARD_8X8 } from '../src/core/grid.js';
import { matchSeed } from '../src/core/rng.js';
import type { BotFactory } from '../src/rules/nhm/botApi.js';
import type { Catalogue } from '../src/rules/nhm/parts.js';
import { Game } from '../src/rules/nhm/game.js';
import { loadNamedLoadouts } from '../src/rules/nhm/loadout.js';
import { defaultStarts } from '../src/rules/nhm/starts.js';
import { rbpGame } from '../src/rules/rbp/index.js';
import { timedBot } from './timing.js';

/** A game of the NHM engine with its ruleset's module, as playMatch takes them. */
const engine = (game: EngineGame) => ({ module: rulesetById(game.rulesetId), game });

export const BUILTIN_BOTS = ['random', 'greedy', 'minimax', 'nash'] as const;

/** Where the bots are timed: RBP, and two NHM match-ups from the ladder's settings. */
export const DECISION_SETTINGS: readonly { readonly id: string; readonly loadouts: readonly string[] | null }[] = [
  { id: 'rbp', loadouts: null },
  { id: 'buzz-brawler', loadouts: ['buzz-brawler', 'buzz-brawler'] },
  { id: 'iron-tank/dodger', loadouts: ['iron-tank', 'dodger'] },
];

export interface DecisionTimes {
  readonly decisions: number;
  readonly games: number;
  readonly meanCpuMs: number;
  readonly meanWallMs: number;
  readonly p99WallMs: number;
  readonly maxWallMs: number;
  /** Mean wall-clock ms per setting. */
  readonly bySetting: Record<string, number>;
}

function settingGame(cat: Catalogue, loadouts: readonly string[] | null): Game {
  if (!loadouts) return rbpGame(cat);
  const named = loadNamedLoadouts(cat);
  const starts = defaultStarts(BOARD_8X8, loadouts.length);
  return new Game({
    catalogue: cat,
    machines: loadouts.map((name, i) => {
      const loadout = named.get(name);
      if (!loadout) throw new Error(`bench: no loadout named "${name}" in configs/loadouts.json`);
      return { name: 'AB'[i], loadout, ...starts[i] };
    }),
  });
}


/** Times each built-in bot; `perSetting` decisions (at least) per bot and setting. */
export async function decisionTimes(cat: Catalogue, perSetting: number): Promise<Record<string, DecisionTimes>> {
  const opponent = await loadBot('random');
  const games = DECISION_SETTINGS.map((s) => settingGame(cat, s.loadouts));
  const out: Record<string, DecisionTimes> = {};
  for (const name of BUILTIN_BOTS) {
    const factory = (await loadBot(name)) as BotFactory; // the built-in bots are NHM-engine bots
    // One untimed game first (module-level tables, JIT warm-up).
    playMatch({ ...engine(games[0]), bots: [factory, opponent], seed: matchSeed('bench/decisions/warm-up', 0), budget: DEFAULT_BUDGET });
    const wall: number[] = [], cpu: number[] = [];
    const bySetting: Record<string, number> = {};
    let played = 0;
    DECISION_SETTINGS.forEach((s, si) => {
      const w: number[] = [], c: number[] = [];
      const bot = timedBot(factory, (wall, cpu) => (w.push(wall), c.push(cpu)));
      for (let g = 0; w.length < perSetting; g++) {
        const swap = g % 2 === 1;
        playMatch({ ...engine(games[si]), bots: swap ? [opponent, bot] : [bot, opponent], seed: matchSeed(`bench/decisions/${s.id}`, g >> 1), budget: DEFAULT_BUDGET });
        played++;
      }
      bySetting[s.id] = Number((w.reduce((a, b) => a + b, 0) / w.length).toFixed(3));
      wall.push(...w);
      cpu.push(...c);
    });
    const sorted = [...wall].sort((a, b) => a - b);
    const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;
    out[name] = {
      decisions: wall.length,
      games: played,
      meanCpuMs: Number(mean(cpu).toFixed(3)),
      meanWallMs: Number(mean(wall).toFixed(3)),
      p99WallMs: Number(sorted[Math.min(sorted.length - 1, Math.floor(0.99 * sorted.length))].toFixed(2)),
      maxWallMs: Number(sorted[sorted.length - 1].toFixed(2)),
      bySetting,
    };
  }
  return out;
}
