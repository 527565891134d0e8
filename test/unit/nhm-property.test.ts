/**
 * Property tests: random legal programs on random loadouts for many turns,
 * checking the invariants every step must keep, and that a seed fixes the
 * whole trace.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { playMatch } from '../../src/match/loop.js';
import { BOARD_8X8 } from '../../src/core/grid.js';
import { makeRng, matchSeed } from '../../src/core/rng.js';
import { nextDeciders } from '../../src/core/game.js';
import { defaultCatalogue } from '../../src/rules/nhm/catalogue.js';
import { Game } from '../../src/rules/nhm/game.js';
import { sampleLoadouts } from '../../src/rules/nhm/designSpace.js';
import { RecordingTracer, type StepRecord } from '../../src/rules/nhm/record.js';
import { defaultStarts } from '../../src/rules/nhm/starts.js';
import type { State } from '../../src/rules/nhm/state.js';
import random from '../../bots/random.js';
import { engine } from '../helpers.js';
import { rulesetById } from '../../src/rules/registry.js';

const cat = defaultCatalogue();

function game(n: number, seed: string, turnLimit: number): Game {
  const loadouts = sampleLoadouts(cat, n, seed, { experimental: true });
  const starts = defaultStarts(BOARD_8X8, n);
  return new Game({ catalogue: cat, turnLimit, machines: loadouts.map((loadout, i) => ({ name: 'ABCD'[i], loadout, ...starts[i] })) });
}

function checkInvariants(st: State): void {
  const g = st.game;
  const seen = new Set<number>();
  for (let m = 0; m < g.n; m++) {
    expect(st.hearts[m]).toBeGreaterThanOrEqual(0);
    expect(st.hearts[m]).toBeLessThanOrEqual(g.maxHearts[m]);
    expect(st.shields[m]).toBeGreaterThanOrEqual(0);
    expect(st.shields[m]).toBeLessThanOrEqual(Math.max(g.maxShields[m], g.startShields[m]));
    expect(st.alive[m] === 1).toBe(st.hearts[m] > 0);
    if (st.sq[m] < 0) {
      expect(st.alive[m]).toBe(0); // telefragged off the board
      continue;
    }
    expect(seen.has(st.sq[m])).toBe(false); // no two machines (living or wreckage) on a square
    seen.add(st.sq[m]);
    expect(st.occ[st.sq[m]]).toBe(m);
  }
  for (let s = 0; s < g.size; s++) if (st.occ[s] >= 0) expect(st.sq[st.occ[s]]).toBe(s);
}

describe('random play on random loadouts', () => {
  it('keeps every invariant at every step and ends every firing', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 4 }), fc.integer({ min: 0, max: 1_000_000 }), (n, i) => {
        const seed = matchSeed('property', i);
        const g = game(n, seed, 40);
        let steps = 0;
        const r = playMatch({ 
          ...engine(g),
          bots: Array(n).fill(random),
          seed,
          record: (st) => ({
            ruleset: 'nhm',
            tracer: {
              beginStep() {}, move() {}, bonk() {}, teleport() {}, choice() {}, hot() {}, hit() {}, mine() {}, death() {}, repair() {},
              endStep() {
                steps++;
                checkInvariants(st() as State);
              },
            },
          }),
        });
        expect(r.faults.every((f) => f === 0)).toBe(true);
        expect(steps).toBeGreaterThan(0);
      }),
      { numRuns: 150, seed: 20261122 },
    );
  });

  it('a traced match and an untraced one leave the same state after every turn (mines arm from a board scan traced, from the vacated squares untraced)', () => {
    const mod = rulesetById('nhm');
    let unarmed = 0;
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 4 }), fc.integer({ min: 0, max: 1_000_000 }), (n, i) => {
        const seed = matchSeed('traced', i);
        const g = game(n, seed, 60);
        const a = mod.newState(g, seed) as State, b = mod.newState(g, seed) as State;
        const rec = mod.recorder(() => b, () => {});
        const rng = makeRng(seed);
        for (let who = nextDeciders(mod, a); who; who = nextDeciders(mod, a)) {
          const acts: unknown[] = new Array(n).fill(null);
          for (const m of who) acts[m] = mod.randomAction(a, m, 'program', rng);
          mod.apply(a, acts, () => null, null);
          mod.apply(b, acts, () => null, rec);
          expect(Array.from(a.bytes)).toEqual(Array.from(b.bytes));
          expect([a.minesUnarmed, a.end, a.winner]).toEqual([b.minesUnarmed, b.end, b.winner]);
          if (a.minesUnarmed > 0) unarmed++;
        }
      }),
      { numRuns: 200, seed: 20261125 },
    );
    expect(unarmed, 'turns with a mine waiting under a machine').toBeGreaterThan(100);
  });

  it('the same seed gives the same trace', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 4 }), fc.integer({ min: 0, max: 1_000_000 }), (n, i) => {
        const seed = matchSeed('same', i);
        const run = () => {
          const steps: StepRecord[] = [];
          const r = playMatch({ ...engine(game(n, seed, 25)), bots: Array(n).fill(random), seed, record: (st) => rulesetById('nhm').recorder(st, (x) => steps.push(structuredClone(x) as StepRecord)) });
          return { steps, winner: r.winner, reason: r.reason };
        };
        expect(run()).toEqual(run());
      }),
      { numRuns: 30, seed: 7 },
    );
  });
});
