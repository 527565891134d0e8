/**
 * Seat seeds (core/seatKey.ts, issue 49 item 1): each seat's streams come
 * from a digest of the run's key and the match seed, a bot is handed only its
 * own seed and a frozen copy of the rules, and the seed oracle's method —
 * rebuild the opponent's stream from the match seed — foresees nothing.
 */
import { describe, expect, it } from 'vitest';
import { SEAT_SEED, type AnyBotFactory, type BotContext } from '../../src/core/bot.js';
import { makeRng, matchSeed, seatSeed } from '../../src/core/rng.js';
import { seatKeyOf, seatSeedsOf } from '../../src/core/seatKey.js';
import { playMatch } from '../../src/match/loop.js';
import { loadRuleset } from '../../src/rules/registry.js';
import random from '../../bots/random.js';

const draws = (r: { uint32(): number }, n = 8): number[] => Array.from({ length: n }, () => r.uint32());

describe('seat seeds', () => {
  it('are the same for the same key and match, and differ by seat, match and key', () => {
    const key = seatKeyOf('run'), m = matchSeed('run', 3);
    expect(seatSeedsOf(key, m, 3)).toEqual(seatSeedsOf(key, m, 3));
    const s = seatSeedsOf(key, m, 4);
    expect(new Set([...s.bots, ...s.views]).size).toBe(8);
    expect(seatSeedsOf(key, matchSeed('run', 4), 4).bots[0]).not.toBe(s.bots[0]);
    expect(seatSeedsOf(seatKeyOf('other'), m, 4).bots[0]).not.toBe(s.bots[0]);
    // A seat's seeds do not depend on how many seats there are.
    expect(seatSeedsOf(key, m, 1).bots[0]).toBe(s.bots[0]);
    expect(s.bots.every((b) => /^[0-9a-f]{16}$/.test(b))).toBe(true);
  });

  it("a bot's context holds its own seed, never the match seed, and a frozen copy of the rules", async () => {
    const mod = await loadRuleset('rbp');
    const game = mod.makeGame({ builds: mod.builds.sample(2, 'oracle') });
    const seed = matchSeed('oracle', 0);
    const seen: BotContext[] = [];
    const spy: AnyBotFactory = (ctx) => (seen.push(ctx), random(ctx as never));
    playMatch({ module: mod, game, bots: [spy, spy], seed, seatKey: seatKeyOf('oracle') });
    const seeds = seatSeedsOf(seatKeyOf('oracle'), seed, 2);
    for (const [s, ctx] of seen.entries()) {
      expect((ctx as { [SEAT_SEED]?: string })[SEAT_SEED]).toBe(seeds.bots[s]);
      expect(Object.values(ctx)).not.toContain(seed);
      expect(Object.isFrozen(ctx.rules!.module)).toBe(true);
      expect(ctx.rules!.module).not.toBe(mod);
      // Writing into the rules (to catch a seed newState is given) throws, and the arena's module is untouched.
      expect(() => ((ctx.rules!.module as { newState: unknown }).newState = () => null)).toThrow(TypeError);
      expect(typeof mod.newState).toBe('function');
    }
  });

  it("the seed oracle's method foresees nothing: the opponent's stream is not the one rebuilt from the match seed or from the bot's own seed", async () => {
    const mod = await loadRuleset('rbp');
    const game = mod.makeGame({ builds: mod.builds.sample(2, 'oracle') });
    for (let i = 0; i < 20; i++) {
      const seed = matchSeed('oracle', i);
      const streams: number[][] = [], own: string[] = [];
      const witness: AnyBotFactory = (ctx) => {
        streams[ctx.seat] = draws(ctx.rng);
        own[ctx.seat] = (ctx as { [SEAT_SEED]?: string })[SEAT_SEED]!;
        return random(ctx as never);
      };
      playMatch({ module: mod, game, bots: [witness, witness], seed, seatKey: seatKeyOf('oracle') });
      for (const s of [0, 1]) {
        const them = streams[1 - s];
        // What the oracle rebuilt before (the match seed, as a bot was handed it), and what it might try with its own seed.
        expect(draws(makeRng(seatSeed(seed, 1 - s)))).not.toEqual(them);
        expect(draws(makeRng(seatSeed(own[s], 1 - s)))).not.toEqual(them);
        expect(draws(makeRng(own[s]))).toEqual(streams[s]);
      }
    }
  });
});
