/**
 * What isolation costs (bench row (i)): the same Robo Battle Pigs matches
 * between two `random` bots, in the arena's thread and with both bots
 * isolated (each seat's bot a sandboxed process of its own per match, asked
 * through the bot protocol: src/arena/isolation/). Reports the process start
 * (spawn to `ready`), the round trip a decision adds, and matches per second.
 */
import { join } from 'node:path';
import { BOT_DONE, DEFAULT_BUDGET, SEAT_SEED, type AnyBotFactory } from '../src/core/bot.js';
import { playMatch } from '../src/match/loop.js';
import { isolatedFactory } from '../src/sandbox/remoteBot.js';
import { sandboxProblem } from '../src/sandbox/bubblewrap.js';
import { packageRoot } from '../src/core/paths.js';
import { makeRng, matchSeed } from '../src/core/rng.js';
import { rulesetById } from '../src/rules/registry.js';
import random from '../bots/random.js';

type Bot = { program(obs: unknown, view: unknown): unknown };

export interface IsolationCost {
  readonly matches: number;
  /** Mean milliseconds from spawning a bot's process to its first answer. */
  readonly startMs: number;
  /** Mean microseconds a decision takes isolated beyond what it takes in the thread (after the first). */
  readonly roundTripUs: number;
  readonly isolatedMatchesPerSec: number;
  readonly inThreadMatchesPerSec: number;
}

/** Plays `matches` matches each way; null (and why) when the sandbox does not start here. */
export function isolationCost(matches: number): IsolationCost | string {
  const cannot = sandboxProblem();
  if (cannot) return cannot;
  const mod = rulesetById('rbp');
  const fixed = mod.builds.fixed!.build;
  const game = mod.makeGame({ builds: [fixed, fixed] });
  const path = join(packageRoot(), 'dist', 'bots', 'random.js');
  const play = (bots: (seed: string) => AnyBotFactory[]): { ms: number } => {
    const t0 = performance.now();
    for (let i = 0; i < matches; i++) {
      const seed = matchSeed('bench/isolation', i);
      playMatch({ module: mod, game, bots: bots(seed), seed });
    }
    return { ms: performance.now() - t0 };
  };
  play(() => [random, random]); // warm-up
  const here = play(() => [random, random]);
  const away = play((seed) => [isolatedFactory(mod, game, path), isolatedFactory(mod, game, path)]);
  // Start and round trip, one bot at a time: spawn to the first answer, then 200 more questions.
  const state = mod.newState(game, 'bench'), obs = mod.observe(state, 0), view = { seat: 0, state };
  const ctx = { seat: 0, rng: makeRng('bench'), budget: DEFAULT_BUDGET, ...mod.botContext(game), rules: { module: mod, game } };
  const inThread = random(ctx as never) as unknown as Bot;
  let startMs = 0, tripMs = 0, trips = 0, hereMs = 0;
  const bots = 10, asks = 200;
  for (let b = 0; b < bots; b++) {
    const t0 = performance.now();
    const bot = isolatedFactory(mod, game, path)({ ...ctx, [SEAT_SEED]: `bench-${b}` }) as Bot;
    bot.program(obs, view);
    const t1 = performance.now();
    for (let k = 0; k < asks; k++) bot.program(obs, view);
    const t2 = performance.now();
    for (let k = 0; k < asks; k++) inThread.program(obs, view);
    hereMs += performance.now() - t2;
    startMs += t1 - t0;
    tripMs += t2 - t1;
    trips += asks;
    (bot as unknown as Record<symbol, (r: unknown) => void>)[BOT_DONE]({});
  }
  return {
    matches,
    startMs: startMs / bots,
    roundTripUs: (1000 * (tripMs - hereMs)) / trips,
    isolatedMatchesPerSec: (1000 * matches) / away.ms,
    inThreadMatchesPerSec: (1000 * matches) / here.ms,
  };
}
