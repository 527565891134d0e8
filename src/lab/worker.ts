/**
 * The optimizer's worker entry (piscina): plays a list of seat-swapped pairs,
 * builds named by key. The rules, their data and the bot are set up once per
 * worker and setup (`PairSetup.key`).
 */
import { workerData } from 'piscina';
import { loadBotModule } from '../match/bots.js';
import { useClockShare } from '../match/clock.js';
import type { PoolData } from '../run/pool.js';
import { HavocError } from '../core/errors.js';
import { loadRuleset } from '../rules/registry.js';
import { playPair, type Arena, type PairResult } from './pairs.js';
import type { PairSetup, PairTask } from './players.js';

// The pool's clock memory: one ticker for the process (clock.ts).
useClockShare((workerData as PoolData | undefined)?.clock);

const arenas = new Map<string, Promise<Arena>>();

async function arenaOf(s: PairSetup): Promise<Arena> {
  let a = arenas.get(s.key);
  if (!a) {
    a = (async () => {
      const base = await loadRuleset(s.ruleset);
      const module = s.dataText !== null && base.data && base.withData ? base.withData(base.data.parse(s.dataText, 'data')) : base;
      const bot = (await loadBotModule(s.bot)).factory;
      if (!bot) throw new HavocError('ERR_ARGS', s.bot, 'not a built-in bot');
      return { module, bot, ...(s.budget ? { budget: s.budget } : {}) };
    })();
    arenas.set(s.key, a);
  }
  return a;
}

/** Plays the task's pairs in order. */
export default async function playPairs(task: PairTask): Promise<PairResult[]> {
  const arena = await arenaOf(task.setup);
  const kit = arena.module.builds;
  const builds = new Map<string, unknown>();
  const build = (key: string): unknown => {
    let b = builds.get(key);
    if (b === undefined) {
      const r = kit.check(key, 'pair');
      if (!r.ok) throw r.error;
      builds.set(key, (b = r.value));
    }
    return b;
  };
  return task.jobs.map(([a, b, seed]) => playPair(arena, build(a), build(b), seed));
}
