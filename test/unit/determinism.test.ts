/** The same seed gives the same match, step for step. */
import { describe, expect, it } from 'vitest';
import { playMatch } from '../../src/match/loop.js';
import { matchSeed } from '../../src/core/rng.js';
import { defaultCatalogue } from '../../src/rules/nhm/catalogue.js';
import { RecordingTracer, type StepRecord } from '../../src/rules/nhm/record.js';
import { rbpGame } from '../../src/rules/rbp/index.js';
import random from '../../bots/random.js';
import { engine } from '../helpers.js';
import { rulesetById } from '../../src/rules/registry.js';

function traced(seed: string) {
  const steps: StepRecord[] = [];
  const game = rbpGame(defaultCatalogue());
  const result = playMatch({ ...engine(game), bots: [random, random], seed, record: (st) => rulesetById('rbp').recorder(st, (r) => steps.push(structuredClone(r) as StepRecord)) });
  return { result: { ...result, decisionMs: [] }, steps };
}

describe('determinism', () => {
  it('the same seed gives the same trace and result', () => {
    const a = traced(matchSeed(1, 0));
    const b = traced(matchSeed(1, 0));
    expect(b).toEqual(a);
    expect(a.steps.length).toBeGreaterThan(5);
  });

  it('different seeds give different matches', () => {
    expect(traced(matchSeed(1, 1)).steps).not.toEqual(traced(matchSeed(1, 0)).steps);
  });

  it('random programs are always legal: no faults in 50 matches', () => {
    for (let i = 0; i < 50; i++) {
      const r = playMatch({ ...engine(rbpGame(defaultCatalogue())), bots: [random, random], seed: matchSeed('legal', i) });
      expect(r.faults).toEqual([0, 0]);
      expect(['kill', 'mutual-destruction', 'turn-limit']).toContain(r.reason);
    }
  });
});
