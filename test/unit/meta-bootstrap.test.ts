/**
 * The metagame's bootstrap (stats/metaBootstrap.ts) on games whose answers
 * are known: a build that beats every other clearly is in nearly every
 * resample's support; two builds that beat the rest and tie each other split
 * it; the resamples are the same for the same seed and differ for another;
 * the parts' frequencies, intervals and flags follow the builds'. Also the
 * matchup matrix's rotations as read from a meta run's matches.csv, and
 * --bootstrap refused before anything is read.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bootstrapNash, partBootstrap, partFlag, quantile, SETTLED_BELOW, type CellRotations } from '../../src/stats/metaBootstrap.js';
import { symmetricNash } from '../../src/stats/zeroSum.js';
import { readMatchupMatrix } from '../../src/report/meta/matrix.js';
import { deriveSeed, makeRng } from '../../src/core/rng.js';
import type { RunConfig } from '../../src/config/index.js';
import { playMeta } from '../../src/app/meta.js';
import { pctWords } from '../../src/report/plots.js';

/**
 * Cells of K builds, `rotations` two-game rotations a pair, where `first(i, j, r)` gives i's points
 * in rotation r of the pair i < j (0, 1 or 2).
 */
function cellsOf(k: number, rotations: number, first: (i: number, j: number, r: number) => number): CellRotations[] {
  const out: CellRotations[] = [];
  for (let i = 0; i < k; i++)
    for (let j = i + 1; j < k; j++)
      out.push({ i, j, points: Array.from({ length: rotations }, (_, r) => first(i, j, r)), games: new Array(rotations).fill(2) });
  return out;
}

/** Resample r's stream, as havoc meta seeds it. */
const streams = (seed: string) => (r: number) => makeRng(deriveSeed(seed, r));

/** The point equilibrium's support of `cells` (every pair met). */
async function supportOf(k: number, cells: readonly CellRotations[]): Promise<number[]> {
  const a = Array.from({ length: k }, () => new Array<number>(k).fill(0));
  for (const c of cells) {
    const s = c.points.reduce((x, y) => x + y, 0) / c.games.reduce((x, y) => x + y, 0) - 0.5;
    (a[c.i][c.j] = s), (a[c.j][c.i] = -s);
  }
  return (await symmetricNash(a)).support;
}

/** Rotation r's points from a fixed pattern: `wins` of every 10 rotations are 2–0, `draws` 1–1, the rest 0–2. */
const pattern = (wins: number, draws: number) => (r: number): number => (r % 10 < wins ? 2 : r % 10 < wins + draws ? 1 : 0);

describe('bootstrapNash', () => {
  it('a build that beats every other in 9 of 10 rotations is in (almost) every resample\'s support, the rest (almost) never', async () => {
    // Build 0 beats each other build 90% of the time; the others are even among themselves.
    const k = 5;
    const cells = cellsOf(k, 10, (i, j, r) => (i === 0 ? pattern(9, 0)(r) : pattern(5, 0)(r)));
    const support = await supportOf(k, cells);
    expect(support).toEqual([0]);
    const b = await bootstrapNash(k, cells, support, 200, streams('dominant'));
    expect(b.supportFrequency[0]).toBeGreaterThanOrEqual(0.99);
    for (let i = 1; i < k; i++) expect(b.supportFrequency[i]).toBeLessThanOrEqual(0.02);
    expect(b.sameSupport).toBeGreaterThanOrEqual(0.98);
    expect(b.supportSize).toEqual({ median: 1, lo: 1, hi: 1 });
    for (const w of b.weights) expect(w.reduce((x, y) => x + y, 0)).toBeCloseTo(1, 9);
  });

  it('two builds that beat the rest and are even with each other split the support between them', async () => {
    // 0 and 1 beat 2, 3, 4 in 8 of 10 rotations; 0 against 1 is 5–5, so which of them leads a resample is a coin's toss.
    const k = 5;
    const cells = cellsOf(k, 10, (i, j, r) => (i <= 1 && j >= 2 ? pattern(8, 0)(r) : pattern(5, 0)(r)));
    const support = await supportOf(k, cells);
    const b = await bootstrapNash(k, cells, support, 400, streams('tie'));
    // Each leads about half the resamples (alone: it beat the other there; both: a resample gave them exactly 5-5).
    for (const i of [0, 1]) {
      expect(b.supportFrequency[i]).toBeGreaterThan(0.3);
      expect(b.supportFrequency[i]).toBeLessThan(0.8);
    }
    expect(b.supportFrequency[0] + b.supportFrequency[1]).toBeGreaterThanOrEqual(1);
    for (const i of [2, 3, 4]) expect(b.supportFrequency[i]).toBeLessThan(0.02);
    // At exactly 5–5 every mix of 0 and 1 is an equilibrium; the LP returns one vertex of them (0 alone), which
    // comes back only in the resamples where 0 beats 1 or ties it again.
    expect(support).toEqual([0]);
    expect(b.sameSupport).toBeLessThanOrEqual(b.supportFrequency[0]);
    expect(b.sameSupport).toBeLessThan(0.7);
  });

  it('is deterministic: the same seed gives the same resamples, another seed others, and more resamples extend fewer', async () => {
    const k = 4;
    const cells = cellsOf(k, 6, (i, j, r) => (i + j + r) % 3);
    const support = await supportOf(k, cells);
    const a = await bootstrapNash(k, cells, support, 40, streams('seed-a'));
    const again = await bootstrapNash(k, cells, support, 40, streams('seed-a'));
    expect(again.weights.map((w) => [...w])).toEqual(a.weights.map((w) => [...w]));
    expect(again.supportFrequency).toEqual(a.supportFrequency);
    const other = await bootstrapNash(k, cells, support, 40, streams('seed-b'));
    expect(other.weights.map((w) => [...w])).not.toEqual(a.weights.map((w) => [...w]));
    const more = await bootstrapNash(k, cells, support, 60, streams('seed-a'));
    expect(more.weights.slice(0, 40).map((w) => [...w])).toEqual(a.weights.map((w) => [...w]));
  });

  it('keeps a pair that never met even, and refuses a count that is not a whole number >= 1', async () => {
    // Only 0–1 met (0 wins every game): 2 is even with both, so 0 and 2 both get weight in every resample.
    const b = await bootstrapNash(3, [{ i: 0, j: 1, points: [2, 2, 2], games: [2, 2, 2] }], [0, 2], 20, streams('missing'));
    expect(b.supportFrequency[1]).toBe(0);
    await expect(bootstrapNash(3, [], [0], 0, streams('s'))).rejects.toThrow(/whole number >= 1/);
    await expect(bootstrapNash(3, [], [0], 2.5, streams('s'))).rejects.toThrow(/whole number >= 1/);
  });
});

describe('quantile', () => {
  it('interpolates between order statistics (R type 7)', () => {
    expect(quantile([1, 2, 3, 4, 5], 0.5)).toBe(3);
    expect(quantile([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(quantile([0, 10], 0.025)).toBeCloseTo(0.25, 12);
    expect(quantile([7], 0.975)).toBe(7);
  });
});

describe('partBootstrap and partFlag', () => {
  /** Resamples given by hand: weights per resample over three builds. */
  const boot = (ws: number[][]) => ({
    resamples: ws.length,
    weights: ws.map((w) => Float64Array.from(w)),
    supportFrequency: [],
    sameSupport: 0,
    supportSize: { median: 0, lo: 0, hi: 0 },
  });
  const comps = [['gun', 'treads'], ['saw', 'treads'], ['saw', 'wheels']];

  it('counts the resamples whose equilibrium plays a part, and those where every build it plays holds it', () => {
    // 20 resamples: build 0 alone in 18, builds 0 and 1 half each in 1, build 2 alone in 1.
    const ws = [...Array.from({ length: 18 }, () => [1, 0, 0]), [0.5, 0.5, 0], [0, 0, 1]];
    const by = Object.fromEntries(partBootstrap(comps, boot(ws), ['gun', 'saw', 'treads', 'wheels', 'mines']).map((p) => [p.part, p]));
    expect(by.gun).toMatchObject({ supportFrequency: 19 / 20, inEveryFrequency: 18 / 20, shareHi: 1 });
    expect(by.treads).toMatchObject({ supportFrequency: 19 / 20, inEveryFrequency: 19 / 20 });
    expect(by.wheels).toMatchObject({ supportFrequency: 1 / 20, inEveryFrequency: 1 / 20, shareLo: 0 });
    expect(by.mines).toMatchObject({ supportFrequency: 0, inEveryFrequency: 0, shareLo: 0, shareHi: 0 });
    // gun's share: 1 in 18 resamples, 0.5 in one, 0 in one; its 2.5% quantile interpolates between 0 and 0.5.
    expect(by.gun.shareLo).toBeCloseTo(0.475 * 0.5, 12);
  });

  it('flags a part never played only when fewer than 5% of resamples play it, and in every build only when fewer than 5% say otherwise', () => {
    const p = (supportFrequency: number, inEveryFrequency = 0) => ({ part: 'x', supportFrequency, inEveryFrequency, shareLo: 0, shareHi: 0 });
    const never = { builds: 3, supportBuilds: 0, inEvery: false };
    expect(SETTLED_BELOW).toBe(0.05);
    expect(partFlag(never, p(0.045))).toBe('never');
    expect(partFlag(never, p(0.05))).toBe('');
    expect(partFlag(never, null)).toBe('never');
    const every = { builds: 3, supportBuilds: 2, inEvery: true };
    expect(partFlag(every, p(1, 0.96))).toBe('in-every');
    expect(partFlag(every, p(1, 0.9))).toBe('');
    expect(partFlag(every, null)).toBe('in-every');
    expect(partFlag({ builds: 0, supportBuilds: 0, inEvery: false }, p(0))).toBe('not-in-top-k');
    expect(partFlag({ builds: 3, supportBuilds: 1, inEvery: false }, p(0.5))).toBe('');
  });
});

describe('readMatchupMatrix: the rotations', () => {
  const dir = mkdtempSync(join(tmpdir(), 'meta-rot-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('groups each pair\'s games by seed, in match order, with the first build\'s points', () => {
    const header = 'id,seed,a_bot,a_loadout,b_bot,b_loadout,winner,turns,reason,a_dealt,b_dealt,a_faults,b_faults';
    const row = (id: number, seed: string, a: string, b: string, winner: string) => `${id},${seed},g,${a},g,${b},${winner},5,kill,0,0,0,0`;
    const rows = [
      row(0, 's1', 'A', 'B', 'A'), // A wins
      row(1, 's1', 'B', 'A', 'A'), // B wins (seat-swapped)
      row(2, 's2', 'A', 'B', ''), // a draw
      row(3, 's2', 'B', 'A', 'B'), // A wins
      row(4, 's3', 'C', 'A', 'A'), // C wins: the cell (A, C) gets A's points, 0
      row(5, 's3', 'A', 'C', 'B'),
    ];
    writeFileSync(join(dir, 'matches.csv'), [header, ...rows].join('\n') + '\n');
    const run = { ruleset: 'nhm', loadouts: [{ name: 'A' }, { name: 'B' }, { name: 'C' }] } as unknown as RunConfig;
    const m = readMatchupMatrix(dir, run);
    expect(m.rotations).toEqual([
      { i: 0, j: 1, points: [1, 1.5], games: [2, 2] },
      { i: 0, j: 2, points: [0], games: [2] },
    ]);
    expect(m.score[0][1]).toBeCloseTo(2.5 / 4, 12);
  });
});

describe('havoc meta --bootstrap', () => {
  it('is 0 or a whole number of at least 20, refused in one line before the folder is read', async () => {
    for (const bootstrap of [5, -1, 20.5]) {
      await expect(playMeta({ dir: '/nowhere', top: 2, games: 2, bootstrap } as never)).rejects.toThrow(/^--bootstrap: must be 0 \(none\) or a whole number >= 20 \(resamples of the games\)$/);
    }
  });
});

describe('the report\'s frequencies', () => {
  it('are whole percents, but to a tenth below 10% (4.5% must not read as the 5% line) and never rounded up to 100%', () => {
    expect([0, 0.005, 0.045, 0.05, 0.095, 0.1, 0.875, 0.995, 1].map(pctWords)).toEqual(['0%', '0.5%', '4.5%', '5%', '9.5%', '10%', '88%', '>99%', '100%']);
  });
});
