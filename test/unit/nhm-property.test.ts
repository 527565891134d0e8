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

/**
 * The invariants a state keeps after every step, each one broken named in `problems` (at most 10: the first are the
 * story). Asserted once a match: an expect for each of 666,000 checks was most of this file's time.
 */
function checkInvariants(st: State, step: number, problems: string[]): void {
  const g = st.game;
  const seen = new Set<number>();
  const bad = (what: string): void => void (problems.length < 10 && problems.push(`step ${step}: ${what}`));
  for (let m = 0; m < g.n; m++) {
    if (!(st.hearts[m] >= 0)) bad(`machine ${m} has ${st.hearts[m]} hearts`);
    if (!(st.hearts[m] <= g.maxHearts[m])) bad(`machine ${m} has ${st.hearts[m]} hearts, over its ${g.maxHearts[m]}`);
    if (!(st.shields[m] >= 0)) bad(`machine ${m} has ${st.shields[m]} shields`);
    if (!(st.shields[m] <= Math.max(g.maxShields[m], g.startShields[m]))) bad(`machine ${m} has ${st.shields[m]} shields, over its ${Math.max(g.maxShields[m], g.startShields[m])}`);
    if ((st.alive[m] === 1) !== st.hearts[m] > 0) bad(`machine ${m} alive ${st.alive[m]} with ${st.hearts[m]} hearts`);
    if (st.sq[m] < 0) {
      if (st.alive[m] !== 0) bad(`machine ${m} off the board but alive`); // telefragged off the board
      continue;
    }
    if (seen.has(st.sq[m])) bad(`two machines on square ${st.sq[m]}`); // no two machines (living or wreckage) on a square
    seen.add(st.sq[m]);
    if (st.occ[st.sq[m]] !== m) bad(`machine ${m} on square ${st.sq[m]}, which holds ${st.occ[st.sq[m]]}`);
  }
  for (let s = 0; s < g.size; s++) if (st.occ[s] >= 0 && st.sq[st.occ[s]] !== s) bad(`square ${s} holds machine ${st.occ[s]}, which is on ${st.sq[st.occ[s]]}`);
}

function sameBytes(x: Uint8Array, y: Uint8Array): boolean {
  if (x.length !== y.length) return false;
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false;
  return true;
}

describe('random play on random loadouts', () => {
  it('keeps every invariant at every step and ends every firing', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 4 }), fc.integer({ min: 0, max: 1_000_000 }), (n, i) => {
        const seed = matchSeed('property', i);
        const g = game(n, seed, 40);
        let steps = 0;
        const problems: string[] = [];
        const r = playMatch({ 
          ...engine(g),
          bots: Array(n).fill(random),
          seed,
          record: (st) => ({
            ruleset: 'nhm',
            tracer: {
              beginStep() {}, move() {}, bonk() {}, teleport() {}, choice() {}, hot() {}, hit() {}, mine() {}, death() {}, repair() {},
              endStep() {
                checkInvariants(st() as State, ++steps, problems);
              },
            },
          }),
        });
        expect(problems, `${n} machines, seed ${seed}`).toEqual([]);
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
          // Compared in a loop, shown element by element only where they differ (a toEqual a turn was most of this test).
          if (!sameBytes(a.bytes, b.bytes)) expect(Array.from(a.bytes)).toEqual(Array.from(b.bytes));
          if (a.minesUnarmed !== b.minesUnarmed || a.end !== b.end || a.winner !== b.winner) expect([a.minesUnarmed, a.end, a.winner]).toEqual([b.minesUnarmed, b.end, b.winner]);
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
