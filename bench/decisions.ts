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
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
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

/** Where every built-in bot's decisions are timed, one ladder setting a ruleset (bench/ladder.ts SETTINGS). */
export const TABLE_SETTINGS = ['rbp', 'buzz-brawler', 'iron-tank/dodger', 'hovercrafts', 'blind-ninjas', 'battle-engine'] as const;

/** One bot on one setting: its decisions' CPU (the deciding thread's), or why it was not timed. */
export interface DecisionRow {
  readonly bot: string;
  readonly setting: string;
  readonly decisions: number;
  readonly games: number;
  readonly meanCpuMs: number;
  readonly p99CpuMs: number;
  readonly maxCpuMs: number;
  /** Decisions over 50 ms of CPU. */
  readonly over50: number;
  /** Timeout faults (the wall clock, which a loaded machine stretches): counted, not a reason to skip. */
  readonly timeouts: number;
  /** Not timed: the bot does not play this ruleset (it faulted, or threw). */
  readonly skipped?: string;
}

/** The built-in bots (bots/*.js beside this build), by name. */
export function builtinBots(): string[] {
  const dir = join(dirname(fileURLToPath(import.meta.url)), '..', 'bots');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.js'))
    .map((f) => f.slice(0, -3))
    .sort();
}

/**
 * Issue 48, item 4: every built-in bot on every ruleset, its decisions'
 * mean, 99th percentile and max CPU time at the default budget, in
 * seat-swapped games against `random` until it has made `perSetting`
 * decisions on each setting. A bot that faults there does not play the
 * ruleset (NHM's bots on Hovercrafts, say) and is listed as skipped.
 */
export async function decisionTable(perSetting: number, bots = builtinBots(), settings: readonly string[] = TABLE_SETTINGS): Promise<DecisionRow[]> {
  const { gameFor, SETTINGS } = await import('./ladder.js');
  const opponent = await loadBot('random');
  const out: DecisionRow[] = [];
  for (const name of bots) {
    const factory = (await loadBot(name)) as BotFactory;
    for (const id of settings) {
      const si = SETTINGS.findIndex((s) => s.id === id);
      const g = gameFor(si);
      const cpu: number[] = [];
      let games = 0, faults = 0, timeouts = 0, error: string | null = null;
      const timed = timedBot(factory, (_wall, c) => cpu.push(c));
      try {
        // One untimed game first (the bot's warm-up, tables, the JIT).
        playMatch({ ...g, bots: [factory, opponent], seed: matchSeed(`bench/decision-table/${id}/warm-up`, 0), budget: DEFAULT_BUDGET } as never);
        for (; cpu.length < perSetting && games < 20 * perSetting; games++) {
          const swap = games % 2 === 1;
          const r = playMatch({ ...g, bots: swap ? [opponent, timed] : [timed, opponent], seed: matchSeed(`bench/decision-table/${id}`, games >> 1), budget: DEFAULT_BUDGET } as never) as {
            faultLog: readonly { seat: number; kind: string }[];
          };
          // A timeout is the machine's (a busy one stretches the wall clock an in-thread bot is held to), not the bot's.
          for (const f of r.faultLog) if (f.seat === (swap ? 1 : 0)) f.kind === 'timeout' ? timeouts++ : faults++;
          if (faults > 0) break;
        }
      } catch (e) {
        error = (e as Error).message;
      }
      if (error !== null || faults > 0 || cpu.length === 0) {
        out.push({ bot: name, setting: id, decisions: cpu.length, games, meanCpuMs: NaN, p99CpuMs: NaN, maxCpuMs: NaN, over50: 0, timeouts, skipped: error ?? (faults > 0 ? 'faults: does not play this ruleset' : 'no decisions') });
        continue;
      }
      const sorted = [...cpu].sort((a, b) => a - b);
      out.push({
        bot: name,
        setting: id,
        decisions: cpu.length,
        games,
        meanCpuMs: Number((cpu.reduce((a, b) => a + b, 0) / cpu.length).toFixed(3)),
        p99CpuMs: Number(sorted[Math.min(sorted.length - 1, Math.floor(0.99 * sorted.length))].toFixed(2)),
        maxCpuMs: Number(sorted[sorted.length - 1].toFixed(2)),
        over50: cpu.filter((c) => c > 50).length,
        timeouts,
      });
    }
  }
  return out;
}

/** The table as text: a line a bot, a column a setting (mean / p99 ms of CPU). */
export function formatDecisionTable(rows: readonly DecisionRow[]): string {
  const bots = [...new Set(rows.map((r) => r.bot))], settings = [...new Set(rows.map((r) => r.setting))];
  const cell = (r: DecisionRow | undefined): string => (!r || r.skipped ? '—' : `${r.meanCpuMs.toFixed(2)} / ${r.p99CpuMs.toFixed(1)}${r.over50 ? ` (${r.over50} > 50)` : ''}`);
  const w = Math.max(20, ...settings.map((s) => s.length + 2));
  const lines = [`${'bot'.padEnd(14)}${settings.map((s) => s.padEnd(w)).join('')}`];
  for (const b of bots) lines.push(`${b.padEnd(14)}${settings.map((s) => cell(rows.find((r) => r.bot === b && r.setting === s)).padEnd(w)).join('')}`);
  return lines.join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // node dist/bench/decisions.js [--per N] [--bots a,b] [--json]: the table of every built-in bot on every ruleset.
  const argv = process.argv.slice(2);
  const opt = (name: string): string | undefined => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const rows = await decisionTable(Number(opt('--per') ?? 300), opt('--bots')?.split(',') ?? builtinBots());
  if (argv.includes('--json')) process.stdout.write(JSON.stringify(rows, null, 2) + '\n');
  else process.stdout.write('CPU a decision, mean / p99 ms (the deciding thread\'s; default budget; games against random):\n' + formatDecisionTable(rows) + '\n');
}
