/**
 * Hovercrafts bots through the arena's match loop: `random` plays legal
 * programs in every seat shape (fleets, several seats a team), and `pilot`
 * beats it. The ladder figure (500+ games, with its interval) is in
 * docs/rules-hovercrafts.md; this test keeps a smaller sample honest.
 */
import { describe, expect, it } from 'vitest';
import { playMatch } from '../../src/match/loop.js';
import { makeRng, matchSeed } from '../../src/core/rng.js';
import { nextDeciders } from '../../src/core/game.js';
import { rulesetById } from '../../src/rules/registry.js';
import pilot from '../../bots/pilot.js';
import random from '../../bots/random.js';
import { type AnyBotFactory, DEFAULT_BUDGET } from '../../src/core/bot.js';

const mod = rulesetById('hovercrafts');

/** Seat-swapped games of a against b on one fleet each side: [a's wins, b's wins, draws]. */
function duel(a: AnyBotFactory, b: AnyBotFactory, fleet: string, pairs: number): [number, number, number] {
  const game = mod.makeGame({ builds: [fleet, fleet] });
  const out: [number, number, number] = [0, 0, 0];
  for (let i = 0; i < 2 * pairs; i++) {
    const swap = i & 1;
    const r = playMatch({ module: mod, game, bots: swap ? [b, a] : [a, b], seed: matchSeed('hover-bots', i >> 1) });
    expect(r.faults).toEqual([0, 0]);
    if (r.winner === null) out[2]++;
    else out[r.winner === swap ? 0 : 1]++;
  }
  return out;
}

describe('Hovercrafts bots', () => {
  it('random plays legal programs: fleets of one to five ships, and four seats in two teams', () => {
    for (const builds of [['solo', 'solo'], ['duo', 'trio'], ['base+base+base+base+base', 'tank'], ['solo', 'solo', 'gunner', 'racer']]) {
      const game = mod.makeGame({ builds });
      for (let i = 0; i < 5; i++) {
        const r = playMatch({ module: mod, game, bots: builds.map(() => random as AnyBotFactory), seed: `random-${builds.join()}-${i}` });
        expect(r.faults.every((f) => f === 0)).toBe(true);
        expect(r.ranks).toHaveLength(builds.length);
        if (builds.length === 4 && r.reason === 'kill') {
          // Team results: seats A and C (Zion) share a place, as do B and D.
          expect(r.ranks[0]).toBe(r.ranks[2]);
          expect(r.ranks[1]).toBe(r.ranks[3]);
          expect(r.ranks[0]).not.toBe(r.ranks[1]);
        }
      }
    }
  });

  it('pilot beats random in at least 90% of decided games (2v2, 100 seat-swapped pairs)', () => {
    const [w, l, d] = duel(pilot as unknown as AnyBotFactory, random as AnyBotFactory, 'duo', 100);
    expect(w + l + d).toBe(200);
    expect(w / (w + l)).toBeGreaterThanOrEqual(0.9);
  });

  it('pilot plays a mixed team beside random (4 seats) without faults', () => {
    const game = mod.makeGame({ builds: ['solo', 'solo', 'solo', 'solo'] });
    for (let i = 0; i < 10; i++) {
      const r = playMatch({ module: mod, game, bots: [pilot, random, random, random] as AnyBotFactory[], seed: `mixed-${i}` });
      expect(r.faults).toEqual([0, 0, 0, 0]);
    }
  });

  it("pilot's variants: its own program first, then distinct legal runners-up (the search bot's root candidates)", () => {
    const game = mod.makeGame({ builds: ['duo', 'duo'] });
    let runnersUp = 0;
    for (let i = 0; i < 6; i++) {
      const st = mod.newState(game, `variants-${i}`);
      // A few random turns first, so the positions differ.
      const rnd = [0, 1].map((seat) => (random as AnyBotFactory)({ seat, rng: makeRng(`v-${i}-${seat}`), budget: DEFAULT_BUDGET, ...mod.botContext(game), rules: { module: mod, game } }) as { program: Function });
      for (let t = 0; t < i && nextDeciders(mod, st); t++) mod.apply(st, [0, 1].map((seat) => mod.parse(st, seat, 'program', rnd[seat].program(mod.observe(st, seat), { seat, state: st })).value), () => null);
      if (!nextDeciders(mod, st)) continue;
      const p = pilot({ seat: 0, rng: makeRng('p'), budget: DEFAULT_BUDGET, ...mod.botContext(game) } as never);
      const v = p.variants(st as never, 6);
      expect(v[0]).toBe(p.program(null as never, { seat: 0, state: st as never }));
      expect(new Set(v).size).toBe(v.length);
      expect(v.length).toBeLessThanOrEqual(6);
      for (const prog of v) {
        const parsed = mod.parse(st, 0, 'program', prog);
        expect(parsed.ok).toBe(true);
        expect(mod.check(st, 0, 'program', (parsed as { value: unknown }).value)).toBeNull();
      }
      runnersUp += v.length - 1;
    }
    expect(runnersUp).toBeGreaterThan(10);
  });
});
