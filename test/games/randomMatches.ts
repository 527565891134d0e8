/**
 * Random matches of any registered ruleset (and every test game, registered here),
 * made and played only through the game interface and the arena's one match
 * loop, as JSON lines: what the conformance suite compares between the main
 * thread and a worker thread, in another order. Run as a worker
 * (`workerData: { id, seeds }`), it posts its lines back.
 */
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { playMatch } from '../../src/match/loop.js';
import type { AnyBotFactory } from '../../src/core/bot.js';
import type { AnyGameModule } from '../../src/core/game.js';
import { registerRuleset, rulesetById } from '../../src/rules/registry.js';
import { testGames } from './index.js';

// The test games (test/games/*/): a worker registers them as the suite's thread does.
for (const g of await testGames()) registerRuleset(g.module);

/**
 * One build per seat, made only through the interface: the fixed build, or
 * the kit's `sample(seats, seed)` when it has one; null when no game of this
 * ruleset can be made this way.
 */
export function buildsFor(mod: AnyGameModule, seats: number, seed: string): unknown[] | null {
  if (mod.builds.fixed) return Array<unknown>(seats).fill(mod.builds.fixed.build);
  const sample = mod.builds.sample;
  if (typeof sample !== 'function') return null;
  const b = sample.call(mod.builds, seats, seed);
  return Array.isArray(b) ? b : Array<unknown>(seats).fill(b);
}

/** A bot for any ruleset: every decision and question a random legal action of its view, in the ruleset's notation. */
export const randomBot = (mod: AnyGameModule): AnyBotFactory => (ctx) =>
  new Proxy(
    {},
    {
      get: (_, kind) =>
        typeof kind === 'string' && kind !== 'then'
          ? (_obs: unknown, view: { state: unknown }) => mod.format(view.state, ctx.seat, kind, mod.randomAction(view.state, ctx.seat, kind, ctx.rng))
          : undefined,
    },
  );

/** Plays a match per seed (seats: the ruleset's most; builds from the seed) and gives each result as a JSON line. */
export function randomMatches(id: string, seeds: readonly string[]): string[] {
  const mod = rulesetById(id);
  const n = mod.seats.max;
  return seeds.map((seed) => {
    const builds = buildsFor(mod, n, seed);
    if (!builds) throw new Error(`${id}: no game can be made through the interface`);
    const game = mod.makeGame({ builds });
    const records: string[] = [];
    const r = playMatch({ module: mod, game, bots: Array(n).fill(randomBot(mod)), seed, record: (st) => mod.recorder(st, (rec) => records.push(JSON.stringify(rec))) });
    return JSON.stringify({ seed, ranks: r.ranks, reason: r.reason, turns: r.turns, figures: r.figures, faults: r.faults, records });
  });
}

if (!isMainThread && parentPort && (workerData as { randomMatches?: unknown } | null)?.randomMatches) {
  const { id, seeds } = (workerData as { randomMatches: { id: string; seeds: string[] } }).randomMatches;
  parentPort.postMessage(randomMatches(id, seeds));
}
