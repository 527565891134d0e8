/** havoc reprice judges each part (src/app/repriceParts.ts): which changes are kept, and what became of each part, in words. */
import { describe, expect, it } from 'vitest';
import { beyondRows, judgeParts, judgementSentences, judgementTable, keptChanges, outcomeCounts, standing, tallyAt, type RoundChange, type Standing } from '../../src/app/repriceParts.js';
import { onlyParts } from '../../src/app/repriceArgs.js';
import type { PriceRow } from '../../src/report/priceList.js';

const row = (part: string, o: Partial<PriceRow> = {}): PriceRow => ({ part, category: 'weapon', listed: 2, suggested: 2, worth: 2, lo: 1, hi: 3, games: 400, status: 'fair', sentence: '', ...o });

describe('a part\'s standing, held to the tolerance', () => {
  it('is its price list\'s status, a flag dropped where the end of its interval facing its cost comes within the tolerance', () => {
    const under = row('a', { listed: 1, status: 'underpriced', worth: 3, lo: 1.4, hi: 5 });
    expect(standing(under, 0)).toBe('under');
    expect(standing(under, 0.4)).toBe('fair');
    expect(standing(under, 0.3)).toBe('under');
    expect(standing(row('b', { listed: 4, status: 'overpriced', worth: null, lo: null, hi: 2.5 }), 1)).toBe('over');
    expect(standing(row('b', { listed: 4, status: 'overpriced', worth: null, lo: null, hi: 3.5 }), 1)).toBe('fair');
    // No interval and no bound: it says only which way, and stands whatever the tolerance.
    expect(standing(row('c', { status: 'underpriced', worth: null, lo: null, hi: null }), 100)).toBe('under');
    expect(standing(row('d', { status: 'untested' }), 0)).toBe('untested');
  });
});

describe('the changes kept', () => {
  const change = (round: number, key: string, from: number, to: number, atLimit = false): RoundChange => ({ round, key, from, to, parts: [key], atLimit });
  it('keeps a change that brought its part within the tolerance, whatever the other parts of its round did', () => {
    const after: Record<number, Map<string, Standing>> = {
      1: new Map<string, Standing>([['dragon-breath', 'fair'], ['tank-treads', 'under'], ['mines', 'over']]),
      2: new Map<string, Standing>([['tank-treads', 'fair'], ['mines', 'untested']]),
    };
    const kept = keptChanges([change(1, 'dragon-breath', 1, 4), change(1, 'tank-treads', 1, 2), change(2, 'tank-treads', 2, 3), change(2, 'mines', 1, 2)], (r) => after[r]);
    // tank-treads 1→2 left it flagged, 2→3 brought it in: the later is kept; mines had too few games to say.
    expect([...kept.values()].map((c) => `${c.key} ${c.to} (round ${c.round})`)).toEqual(['dragon-breath 4 (round 1)', 'tank-treads 3 (round 2)']);
  });
  it('keeps a change that took its price as far as its range goes where its part is still beyond its budget that way', () => {
    const after = () => new Map<string, Standing>([['dragon-breath', 'under'], ['minigun', 'under']]);
    const beyond = () => new Set(['dragon-breath', 'minigun']);
    const kept = keptChanges([change(1, 'dragon-breath', 1, 4, true), change(1, 'minigun', 3, 4, false)], after, beyond);
    expect([...kept.keys()]).toEqual(['dragon-breath']);
    expect(keptChanges([change(1, 'dragon-breath', 1, 4, true)], after).size).toBe(0);
  });
  it('keeps a shared price only where every part it prices is within the tolerance', () => {
    const c: RoundChange = { round: 1, key: 'N1', from: 2, to: 3, parts: ['pvt', 'rec'], atLimit: false };
    expect(keptChanges([c], () => new Map<string, Standing>([['pvt', 'fair'], ['rec', 'unpriced']])).size).toBe(1);
    expect(keptChanges([c], () => new Map<string, Standing>([['pvt', 'fair'], ['rec', 'over']])).size).toBe(0);
  });
});

describe('each part judged', () => {
  const before = [
    row('dragon-breath', { listed: 1, status: 'underpriced', worth: null, lo: 3.97, hi: null }),
    row('tank-treads', { listed: 1, status: 'underpriced', worth: 3.7, lo: 2.2, hi: 9.1 }),
    row('minigun', { listed: 3, status: 'underpriced', worth: null, lo: 5.4, hi: null }),
    row('mines'),
    row('lance', { status: 'untested', games: 0 }),
    row('mark-i', { status: 'unpriced', worth: null, lo: null, hi: null }),
    row('bazooka'),
  ];
  const after = [
    row('dragon-breath', { listed: 4, worth: 3.6, lo: 2.1, hi: 5.2 }),
    row('tank-treads', { listed: 2, status: 'underpriced', suggested: 4, worth: 4.1, lo: 2.5, hi: 8 }),
    row('minigun', { listed: 3, status: 'underpriced', suggested: 4, worth: null, lo: 5.1, hi: null }),
    row('mines', { listed: 2, status: 'overpriced', suggested: 1, worth: 0.4, lo: -0.5, hi: 1.2 }),
    row('lance', { status: 'untested', games: 0 }),
    row('mark-i', { status: 'unpriced', worth: null, lo: null, hi: null }),
    row('bazooka'),
  ];
  const kept: Record<string, number> = { 'dragon-breath': 4, 'tank-treads': 2 };
  const costs = (p: string) => ({ listed: before.find((r) => r.part === p)!.listed, kept: kept[p] ?? before.find((r) => r.part === p)!.listed });
  const rows = judgeParts(before, after, costs, new Set(['minigun']), 0);

  it('says what became of each part, the ones to act on first, in plain words', () => {
    expect(rows.map((r) => [r.part, r.outcome])).toEqual([
      ['dragon-breath', 'fixed'],
      ['tank-treads', 'still flagged'],
      ['mines', 'now flagged'],
      ['minigun', 'beyond its budget'],
      ['lance', 'needs more games'],
      ['mark-i', 'no price yet'],
      ['bazooka', 'fair'],
    ]);
    expect(rows[0].sentence).toBe('dragon-breath: 1 → 4, now fair (worth 3.6 [2.1, 5.2]) — fixed');
    expect(rows[1].sentence).toBe('tank-treads: 1 → 2, still underpriced (worth 4.1 [2.5, 8]): raise it to 4');
    expect(rows[2].sentence).toBe('mines: 2, now overpriced (worth 0.4 [-0.5, 1.2]): lower it to 1');
    expect(rows[3].sentence).toMatch(/^minigun: 3, underpriced beyond its budget \(worth at least 5\.1\): no price it may take mends it/);
    expect(rows[6].sentence).toBe('');
    expect(outcomeCounts(rows)).toBe('1 fixed, 1 still flagged, 1 now flagged, 1 beyond its budget, 1 needs more games, 1 no price yet, 1 fair');
  });

  it('writes prices.csv a part a row, and says the quiet outcomes once for all their parts', () => {
    const t = judgementTable(rows);
    expect(t[0]).toEqual(['part', 'category', 'listed', 'kept', 'suggested', 'worth', 'worth_lo', 'worth_hi', 'games', 'before', 'status', 'within_sweeps', 'sentence']);
    expect(t[1].slice(0, 4)).toEqual(['dragon-breath', 'weapon', 1, 4]);
    expect(t[1][9]).toBe('underpriced');
    const { loud, quiet } = judgementSentences(rows);
    expect(loud.map((r) => r.part)).toEqual(['dragon-breath', 'tank-treads', 'mines', 'minigun']);
    expect(quiet.map((q) => q.split(':')[0])).toEqual(['needs more games', 'no price yet', 'fair']);
  });
});

describe('one sweep is one sample', () => {
  it('counts the sweeps that played a part at its kept cost and found it within the tolerance', () => {
    const sweep = (cost: number, r: Partial<PriceRow>) => ({ rows: new Map([['dragon-breath', row('dragon-breath', { listed: cost, ...r })]]), cost: () => cost });
    const sweeps = [
      sweep(4, { status: 'fair' }),
      sweep(4, { status: 'underpriced', worth: null, lo: 6.7, hi: null }),
      sweep(4, { status: 'underpriced', worth: 7.4, lo: 4.5, hi: 19 }),
      sweep(2, { status: 'fair' }),
    ];
    expect(tallyAt(sweeps, 'dragon-breath', 4, 0)).toEqual({ within: 1, of: 3 });
    expect(tallyAt(sweeps, 'dragon-breath', 4, 2)).toEqual({ within: 2, of: 3 });
    expect(tallyAt(sweeps, 'dragon-breath', 3, 0)).toBeNull();
  });
});

describe('beyond their budgets, by the price list', () => {
  it('names a flagged part whose interval lies wholly past the most (or least) its own price may be', () => {
    const rows = [
      row('dragon-breath', { listed: 4, status: 'underpriced', worth: 9.2, lo: 6, hi: 24 }),
      row('tank-treads', { listed: 2, status: 'underpriced', worth: 3.1, lo: 2.2, hi: 6 }),
      row('hover-craft', { listed: 1, status: 'overpriced', worth: 0.2, lo: -1.2, hi: 0.9 }),
      row('pawn', { listed: 1, status: 'underpriced', worth: null, lo: 9, hi: null }),
    ];
    const range = (p: string): readonly [number, number] | null => (p === 'pawn' ? null : [1, 4]);
    expect([...beyondRows(rows, range, 0)]).toEqual(['dragon-breath', 'hover-craft']);
    expect([...beyondRows(rows, range, 2.5)]).toEqual([]);
  });
});

describe('--only: the parts a designer changed', () => {
  const known = ['bazooka', 'crush-fists', 'minigun'];
  it('names the parts whose prices may move, or every part when absent', () => {
    expect(onlyParts(undefined, known)).toBeNull();
    expect([...onlyParts('crush-fists, minigun', known)!]).toEqual(['crush-fists', 'minigun']);
  });
  it('refuses a key the sweep does not have, or none, naming --only and the keys', () => {
    expect(() => onlyParts('crush-fist', known)).toThrow(/--only.*crush-fist, not a part of the sweep \(its parts: bazooka, crush-fists, minigun\)/);
    expect(() => onlyParts(' , ', known)).toThrow(/--only.*names no part/);
  });
});
