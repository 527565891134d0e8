/**
 * The metagame's statistics on games whose answers are known: the Nash
 * equilibrium by HiGHS (rock–paper–scissors, a dominated strategy, a 2×2 with
 * a mixed equilibrium), α-Rank (cycles, a dominant strategy, the fixation
 * formula) and the part shares of a hand-made mix.
 */
import { describe, expect, it } from 'vitest';
import { alphaRank, fixation } from '../../src/stats/alphaRank.js';
import { partShares } from '../../src/stats/partShares.js';
import { exploitability, matrixGameNash, symmetricNash } from '../../src/stats/zeroSum.js';

const RPS = [
  [0, -1, 1],
  [1, 0, -1],
  [-1, 1, 0],
];

/** RPS plus a fourth strategy that does worse than rock against everything (0.2 less against each). */
const WITH_DOMINATED = [
  [0, -1, 1, 0.2],
  [1, 0, -1, 1.2],
  [-1, 1, 0, -0.8],
  [-0.2, -1.2, 0.8, 0],
];

describe('symmetricNash (HiGHS)', () => {
  it('rock–paper–scissors: one third each, value 0, nothing to exploit', async () => {
    const s = await symmetricNash(RPS);
    for (const w of s.weights) expect(w).toBeCloseTo(1 / 3, 9);
    expect(s.value).toBeCloseTo(0, 9);
    expect(s.exploitability).toBeLessThan(1e-9);
    expect(s.support).toEqual([0, 1, 2]);
  });

  it('a dominated strategy gets no weight', async () => {
    const s = await symmetricNash(WITH_DOMINATED);
    expect(s.weights[3]).toBe(0);
    expect(s.support).not.toContain(3);
    expect(s.exploitability).toBeLessThan(1e-9);
    for (const i of [0, 1, 2]) expect(s.weights[i]).toBeCloseTo(1 / 3, 6);
  });

  it('a strategy that beats every other is the whole equilibrium', async () => {
    const s = await symmetricNash([
      [0, 0.3, 0.1],
      [-0.3, 0, 0.5],
      [-0.1, -0.5, 0],
    ]);
    expect(s.weights).toEqual([1, 0, 0]);
    expect(s.support).toEqual([0]);
  });

  it('an unequal cycle: the mix in proportion to the other two edges (weights ∝ (c, b, a) for edges a, b, c)', async () => {
    // i beats i+1 by a, b, c: the equilibrium is (b, c, a)/(a+b+c) — each weight the edge opposite it.
    const a = 1, b = 2, c = 3;
    const s = await symmetricNash([
      [0, a, -c],
      [-a, 0, b],
      [c, -b, 0],
    ]);
    const t = a + b + c;
    expect(s.weights[0]).toBeCloseTo(b / t, 9);
    expect(s.weights[1]).toBeCloseTo(c / t, 9);
    expect(s.weights[2]).toBeCloseTo(a / t, 9);
  });

  it('exploitability of a mix that is not an equilibrium is the best reply\'s gain', () => {
    // All rock: paper gains 1 against it.
    expect(exploitability(RPS, [1, 0, 0])).toEqual({ gain: 1, best: 1 });
    expect(exploitability(RPS, [0.5, 0.5, 0]).gain).toBeCloseTo(0.5, 12);
  });

  it('refuses a matrix that is not symmetric zero-sum', async () => {
    await expect(symmetricNash([[0, 1], [1, 0]])).rejects.toThrow(/not symmetric zero-sum/);
  });
});

describe('matrixGameNash (HiGHS)', () => {
  it('a 2×2 with a mixed equilibrium: rows (3/7, 4/7), columns (2/7, 5/7), value 1/7', async () => {
    const s = await matrixGameNash([
      [3, -1],
      [-2, 1],
    ]);
    expect(s.row[0]).toBeCloseTo(3 / 7, 9);
    expect(s.row[1]).toBeCloseTo(4 / 7, 9);
    expect(s.col[0]).toBeCloseTo(2 / 7, 9);
    expect(s.col[1]).toBeCloseTo(5 / 7, 9);
    expect(s.value).toBeCloseTo(1 / 7, 9);
    expect(s.nashConv).toBeLessThan(1e-9);
  });

  it('matching pennies: one half each', async () => {
    const s = await matrixGameNash([
      [1, -1],
      [-1, 1],
    ]);
    expect(s.row.map((w) => Number(w.toFixed(9)))).toEqual([0.5, 0.5]);
    expect(s.col.map((w) => Number(w.toFixed(9)))).toEqual([0.5, 0.5]);
    expect(s.value).toBeCloseTo(0, 9);
  });
});

describe('alphaRank', () => {
  it('the fixation probability: 1/m at no advantage, the Moran formula either side', () => {
    expect(fixation(0, 50)).toBe(1 / 50);
    expect(fixation(1, 10)).toBeCloseTo((1 - Math.exp(-1)) / (1 - Math.exp(-10)), 14);
    expect(fixation(-1, 10)).toBeCloseTo((1 - Math.exp(1)) / (1 - Math.exp(10)), 14);
    // Continuous at 0, and no overflow far out.
    expect(fixation(1e-9, 50)).toBeCloseTo(1 / 50, 6);
    expect(fixation(-800, 50)).toBe(0);
    expect(fixation(800, 50)).toBe(1);
  });

  it('rock–paper–scissors: one third each, at any α', () => {
    for (const alpha of [0.1, 1, 10, 100]) for (const p of alphaRank(RPS, { alpha })) expect(p).toBeCloseTo(1 / 3, 9);
  });

  it('a dominant strategy takes (almost) all the mass at large α', () => {
    const pi = alphaRank([
      [0, 0.3, 0.1],
      [-0.3, 0, 0.5],
      [-0.1, -0.5, 0],
    ]);
    expect(pi[0]).toBeGreaterThan(0.999);
    expect(pi.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
  });

  it('two strategies: π is the ratio of the fixation probabilities (detailed balance)', () => {
    const d = 0.2, alpha = 2, m = 5;
    const pi = alphaRank([[0, d], [-d, 0]], { alpha, m });
    const up = fixation(alpha * 2 * d, m), down = fixation(-alpha * 2 * d, m);
    expect(pi[0] / pi[1]).toBeCloseTo(up / down, 9);
  });

  it('a fourth strategy that loses to each of rock, paper and scissors gets almost nothing; the cycle shares the rest equally', () => {
    // Unlike the dominated strategy above (which beats scissors, so it invades a scissors population), this one invades no one.
    const pi = alphaRank([
      [0, -1, 1, 0.2],
      [1, 0, -1, 0.1],
      [-1, 1, 0, 0.3],
      [-0.2, -0.1, -0.3, 0],
    ]);
    expect(pi[3]).toBeLessThan(1e-6);
    for (const i of [0, 1, 2]) expect(pi[i]).toBeCloseTo(1 / 3, 4);
  });

  it('α-Rank is not the Nash equilibrium: a strategy dominated for Nash keeps mass when it beats one strategy of the cycle', () => {
    const pi = alphaRank(WITH_DOMINATED);
    expect(pi[3]).toBeGreaterThan(0.05);
  });
});

describe('partShares', () => {
  it('sums the weights of the builds holding each part, and flags parts in every supported build', () => {
    const shares = partShares(
      [
        { components: ['gun', 'treads', 'gun'], weight: 0.5 },
        { components: ['saw', 'treads'], weight: 0.5 },
        { components: ['saw', 'wheels'], weight: 0 },
      ],
      ['gun', 'saw', 'treads', 'wheels', 'mines'],
    );
    const by = Object.fromEntries(shares.map((s) => [s.part, s]));
    expect(by.gun.share).toBe(0.5);
    expect(by.saw.share).toBe(0.5);
    expect(by.treads).toMatchObject({ share: 1, builds: 2, supportBuilds: 2, inEvery: true });
    expect(by.wheels).toMatchObject({ share: 0, builds: 1, supportBuilds: 0, inEvery: false });
    expect(by.mines).toMatchObject({ share: 0, builds: 0, inEvery: false });
    expect(shares.map((s) => s.part)).toEqual(['gun', 'saw', 'treads', 'wheels', 'mines']);
  });
});
