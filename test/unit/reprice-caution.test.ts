import { describe, expect, it } from 'vitest';
import { repriceCaution } from '../../src/app/repriceCaution.js';

/** The line `havoc reprice` prints when its kept prices flag fewer parts but make the game's metagame or strongest builds worse. */
describe("the reprice's caution", () => {
  it('names a narrower equilibrium and more dominant builds, with their figures (the shipped NHM catalogue, 2026-11-28)', () => {
    expect(repriceCaution({ support: { top: 50, before: 5, after: 3 }, dominant: { top: 5, before: 1, after: 4 } })).toBe(
      'caution: the kept prices flag fewer parts, but the equilibrium of the top 50 builds mixes 3 builds under them against 5 under the prices given, and 4 of the 5 strongest builds found are dominant under them against 1 under the prices given (metagame.csv, dominant.csv): a proposal to weigh, not a better game',
    );
  });

  it('names only what got worse, and says nothing when neither did or neither was measured', () => {
    expect(repriceCaution({ support: { top: 20, before: 2, after: 1 }, dominant: { top: 5, before: 2, after: 2 } })).toMatch(/but the equilibrium of the top 20 builds mixes 1 build under them against 2 under the prices given \(metagame/);
    expect(repriceCaution({ support: null, dominant: { top: 5, before: 0, after: 1 } })).toMatch(/but 1 of the 5 strongest builds found is dominant under them against 0/);
    expect(repriceCaution({ support: { top: 50, before: 3, after: 5 }, dominant: { top: 5, before: 4, after: 1 } })).toBeNull();
    expect(repriceCaution({ support: { top: 50, before: 3, after: 3 }, dominant: null })).toBeNull();
    expect(repriceCaution({ support: null, dominant: null })).toBeNull();
  });

  it('under --aim support says what the round was kept for: a wider equilibrium', () => {
    expect(repriceCaution({ support: { top: 50, before: 3, after: 5 }, dominant: { top: 5, before: 0, after: 2 } }, 'support')).toBe(
      'caution: the kept prices widen the equilibrium, but 2 of the 5 strongest builds found are dominant under them against 0 under the prices given (metagame.csv, dominant.csv): a proposal to weigh, not a better game',
    );
  });
});
