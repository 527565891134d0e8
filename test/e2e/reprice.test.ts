/**
 * `havoc reprice`: the proposals (stats/reprice.ts) part by part and for
 * prices parts share (sharedPrices.ts), and the command on a catalogue with
 * a planted mispricing (Dragon Breath at 1 point, listed 4): round by round,
 * the strongest evidence first, each catalogue played again and the best
 * one kept; on Hovercrafts' stat points and Battle Engine's pay grades; bad
 * input refused in one line.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { planPrices, proposePrices, type DataPrice, type PricedPart, type SweptPart } from '../../src/stats/reprice.js';
import { descendPrices } from '../../src/stats/sharedPrices.js';
import { metaChanges, type MetaPart } from '../../src/stats/metaPrices.js';
import { carriedField, type FieldBuild } from '../../src/report/meta/field.js';
import { rulesetById } from '../../src/rules/registry.js';
import { dampChanges, dampedCost, lowerFactor, lowerInstead, pickChanges, shrunkStep, type LowerableChange, type StepChange } from '../../src/stats/repriceSteps.js';
import { readCsv, type CsvTable } from '../../src/report/htmlCsv.js';
import { beyondOfSweep, beyondLine } from '../../src/app/repriceBeyond.js';
import { flagged } from '../../src/app/repriceRounds.js';
import { csvRecords as csv, havoc } from '../cli-helpers.js';

// Every sweep and reprice here plays in the command's own thread (--workers 0): starting a pool of worker threads
// cost more CPU than these small sweeps play, and the tables do not depend on where the matches are played (a sweep's
// on 1 and 2 workers: arena-cli.test.ts; optimize's in its own thread and on workers: optimize.test.ts).
const tmp = mkdtempSync(join(tmpdir(), 'havoc-reprice-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const costs = (path: string): Map<string, number> =>
  new Map((JSON.parse(readFileSync(path, 'utf8')) as { parts: { key: string; cost: number }[] }).parts.map((p) => [p.key, p.cost]));

describe('proposed prices', () => {
  const part = (o: Partial<PricedPart>): PricedPart => ({ key: 'p', category: 'weapon', listed: 2, fair: null, lo: null, hi: null, mispriced: 'under', range: [1, 4], ...o });

  it('moves a flagged part to the whole cost in its interval nearest its listed cost, within its budget', () => {
    expect(proposePrices([part({ fair: 4.2, lo: 3.1, hi: 5.6 })])[0]).toMatchObject({ from: 2, to: 4 });
    expect(proposePrices([part({ listed: 4, mispriced: 'over', fair: 1.4, lo: 0.2, hi: 2.5 })])[0]).toMatchObject({ from: 4, to: 2 });
    // The interval holds no whole cost: the fair cost rounded, held to the budget.
    expect(proposePrices([part({ fair: 7.2, lo: 5.1, hi: 9.9 })])[0]).toMatchObject({ to: 4 });
    expect(proposePrices([part({ listed: 1, mispriced: 'over', fair: -0.4, lo: -1.5, hi: 0.6 })])[0]).toMatchObject({ to: 1 });
    expect(proposePrices([part({ listed: 1, mispriced: 'over', fair: -0.4, lo: -1.5, hi: 0.6 })])[0].why).toMatch(/left/);
  });

  it('steps a verdict without a fair cost one point its way, leaves unflagged parts and parts the data cannot price', () => {
    expect(proposePrices([part({}), part({ key: 'q', mispriced: null }), part({ key: 'r', range: null })]).map((c) => [c.key, c.from, c.to])).toEqual([
      ['p', 2, 3],
      ['r', 2, 2],
    ]);
  });

  it('with a bound but no fair cost (the point value not determined): the nearest cost the bound allows, held to the budget', () => {
    // Worth at least 2.6: 3, the least whole cost at or above it.
    expect(proposePrices([part({ lo: 2.6 })])[0]).toMatchObject({ from: 2, to: 3 });
    expect(proposePrices([part({ lo: 2.6 })])[0].why).toMatch(/^worth at least 2\.60 if a point of its category is worth anything .*: the nearest whole cost it allows$/);
    // Worth at least 8.7 where the budget allows 4 at most: the whole budget, and the why says so.
    const dear = proposePrices([part({ lo: 8.7 })])[0];
    expect(dear).toMatchObject({ from: 2, to: 4 });
    expect(dear.why).toMatch(/more than its budget allows \(1 to 4\): held to 4/);
    // Worth at most -0.4 (less than nothing): the least the budget allows.
    expect(proposePrices([part({ listed: 3, mispriced: 'over', hi: -0.4 })])[0]).toMatchObject({ from: 3, to: 1 });
    expect(proposePrices([part({ listed: 3, mispriced: 'over', hi: -0.4 })])[0].why).toMatch(/at most -0\.40 .*less than its budget allows \(1 to 4\): held to 1/);
    // Already at the top of the budget: left, saying why.
    const top = proposePrices([part({ listed: 4, lo: 8.7 })])[0];
    expect(top).toMatchObject({ from: 4, to: 4 });
    expect(top.why).toMatch(/its budget allows no cost above 4: left/);
  });
});

describe('parts beyond their budgets (repriceBeyond.ts)', () => {
  // Prices of one part each, [cost, [least, most]], in the data's points; a shared price ('grade') two parts hold.
  const own: Record<string, [number, [number, number]]> = { drive: [1, [1, 4]], armour: [2, [1, 4]], gun: [2, [1, 4]], saw: [1, [1, 4]], grade: [2, [1, 4]] };
  const prices = {
    prices: (_d: unknown, k: number) => new Map(Object.entries(own).map(([key, [c, [a, b]]]) => [key, { cost: c * k, range: [a * k, b * k] as const, category: 'x' }])),
    makeup: (_d: unknown, part: string) =>
      part === 'pawn' || part === 'rook' ? new Map([['grade', 1]]) : part === 'knight' ? new Map([['grade', 1], ['saw', 1]]) : part in own ? new Map([[part, 1]]) : null,
    withCosts: () => '',
  };
  const row = (part: string, mispriced: string, lo: string, hi: string, fair = '') => ({ part, category: 'x', listed_cost: '1', mispriced, fair_cost: fair, fair_cost_lo: lo, fair_cost_hi: hi });
  const t: CsvTable = {
    header: ['part', 'category', 'listed_cost', 'mispriced', 'fair_cost', 'fair_cost_lo', 'fair_cost_hi'],
    rows: [
      row('drive', 'under', '4.4', ''), // a bound above the most (4): beyond
      row('armour', 'over', '-0.6', '0.8', '0.1'), // worth at most 0.8, below the least (1): beyond
      row('gun', 'under', '2.5', '6', '3.9'), // 3 and 4 lie in its interval: a price mends it
      row('saw', '', '5', '9', '7'), // not flagged
      row('pawn', 'under', '5', ''), // a price it shares with rook: none of its prices makes pawn fair either
      row('knight', 'under', '9', ''), // a cost of several prices: left out
    ],
  };

  it('names the flagged parts whose interval or bound lies wholly beyond the costs their own price may take, in the sweep\'s points', () => {
    const got = beyondOfSweep(t, prices, null, 1, 0, 0);
    expect(got.map((b) => [b.part, b.verdict, b.least, b.most, b.lo, b.hi])).toEqual([
      ['drive', 'under', 1, 4, 4.4, null],
      ['armour', 'over', 1, 4, -0.6, 0.8],
      ['pawn', 'under', 1, 4, 5, null],
    ]);
    // At --scale 2 the given sweep's intervals are doubled with the ranges: the same parts.
    expect(beyondOfSweep(t, prices, null, 2, 0, 0).map((b) => [b.part, b.most, b.lo])).toEqual([['drive', 8, 8.8], ['armour', 8, -1.2], ['pawn', 8, 10]]);
    // A tolerance that clears a verdict clears it here too (armour's interval reaches within 0.5 of its listed 1), and
    // one within the tolerance of the most its price may be is not beyond (drive's bound 4.4 is within 0.5 of 4; pawn's 5 is not).
    expect(beyondOfSweep(t, prices, null, 1, 0.5, 3).map((b) => [b.round, b.part])).toEqual([[3, 'pawn']]);
    expect(beyondOfSweep(t, prices, null, 1, 0.39, 3).map((b) => [b.round, b.part])).toEqual([[3, 'drive'], [3, 'pawn']]);
    expect(beyondLine([...got, ...beyondOfSweep(t, prices, null, 1, 0.5, 3)], 2)).toMatch(/^beyond their budgets .*: pawn↑ in 2 of 2, armour↓ in 1 of 2, drive↑ in 1 of 2 sweeps — no price mends these/);
    expect(beyondLine([], 2)).toBeNull();
  });

  it('--tolerance holds a bound to the listed cost as it holds an interval: by the end that faces it', () => {
    const rows = (...r: Record<string, string>[]): CsvTable => ({ header: t.header, rows: r });
    const b = rows(
      row('drive', 'under', '1.3', ''), // worth at least 1.3, listed 1
      { ...row('armour', 'over', '', '1.6'), listed_cost: '2' }, // worth at most 1.6, listed 2
      row('saw', 'under', '', ''), // no fair cost and no bound: its verdict stands whatever the tolerance
    );
    expect(flagged(b, 0)).toEqual(['drive↑', 'armour↓', 'saw↑']);
    expect(flagged(b, 0.2)).toEqual(['drive↑', 'armour↓', 'saw↑']);
    expect(flagged(b, 0.35)).toEqual(['armour↓', 'saw↑']);
    expect(flagged(b, 0.5)).toEqual(['saw↑']);
    expect(flagged(b, 1000)).toEqual(['saw↑']);
  });
});

describe('prices parts share', () => {
  const price = (cost: number, range: [number, number] = [1, 20]): DataPrice => ({ cost, range, category: 'pay grade' });
  const part = (o: Partial<SweptPart> & { makeup: Map<string, number> }): SweptPart => ({ key: 'p', category: 'piece', listed: 0, fair: null, lo: null, hi: null, mispriced: null, p: 1, ...o });

  it('descends a point at a time to the whole costs nearest every interval, holding a price that would push a fair part out', () => {
    const prices = new Map([['g', price(4)], ['h', price(5)]]);
    // a (2 of g) wants 12..14, b (g and h) is fair at 9..10: g to 6 puts a in, and b at 6 + h wants h at 3 or 4.
    const comps = [
      { key: 'a', makeup: new Map([['g', 2]]), lo: 12, hi: 14 },
      { key: 'b', makeup: new Map([['g', 1], ['h', 1]]), lo: 9, hi: 10 },
    ];
    expect(Object.fromEntries(descendPrices(comps, prices, ['g', 'h']))).toEqual({ g: 6, h: 4 });
    // With h held at 5, g at 6 puts a in and b one over (a miss of 1), better than 5 (a 2 short) or 7 (b 2 over).
    expect(Object.fromEntries(descendPrices(comps, prices, ['g']))).toEqual({ g: 6 });
    // A flagged a (g wants 6..8) and a fair b (g wants 3..4.5): g stops at 5 (misses 1 and 0.5), not 6 (0 and 1.5, no better).
    const held = [
      { key: 'a', makeup: new Map([['g', 1]]), lo: 6, hi: 8 },
      { key: 'b', makeup: new Map([['g', 1]]), lo: 3, hi: 4.5 },
    ];
    expect(Object.fromEntries(descendPrices(held, prices, ['g']))).toEqual({ g: 5 });
  });

  it('plans a part\'s own price as proposePrices, shared prices together, and leaves what no price moves', () => {
    const prices = new Map([['REC', price(1)], ['N2', price(3)], ['N3', price(4)], ['BASE', price(2)]]);
    const parts = [
      part({ key: 'rec', listed: 1, fair: 2.4, lo: 1.6, hi: 4, mispriced: 'under', p: 1e-9, makeup: new Map([['REC', 1]]) }),
      part({ key: 'cpl', listed: 3, fair: 5, lo: 4.2, hi: 7, mispriced: 'under', p: 1e-3, makeup: new Map([['N2', 1]]) }),
      part({ key: 'axe', listed: 3, fair: 3.5, lo: 2, hi: 5, makeup: new Map([['N2', 1]]) }),
      part({ key: 'sgt', listed: 4, mispriced: 'under', p: 1e-4, makeup: new Map([['N3', 1]]) }),
      part({ key: 'taxe', listed: 4, makeup: new Map([['N3', 1]]) }),
      part({ key: 'base', listed: 0, fair: 3, lo: 2, hi: 4, mispriced: 'under', p: 0.01, makeup: new Map() }),
      part({ key: 'ghost', listed: 2, mispriced: 'over', p: 0.02, makeup: null }),
    ];
    expect(planPrices(parts, prices).map((c) => [c.key, c.from, c.to, c.parts.join(' ')])).toEqual([
      ['REC', 1, 2, 'rec'],
      ['N2', 3, 5, 'cpl axe'],
      ['N3', 4, 5, 'sgt taxe'],
      ['base', 0, 0, 'base'],
      ['ghost', 2, 2, 'ghost'],
    ]);
    // A part's own price is proposePrices' answer.
    const own = proposePrices([{ key: 'REC', category: 'piece', listed: 1, fair: 2.4, lo: 1.6, hi: 4, mispriced: 'under', range: [1, 20] }])[0];
    expect(planPrices(parts, prices)[0]).toMatchObject({ to: own.to, why: own.why });
    // Flagged both ways with no fair cost, a shared price stays.
    const split = [part({ key: 'x', listed: 3, mispriced: 'under', makeup: new Map([['N2', 1]]) }), part({ key: 'y', listed: 3, mispriced: 'over', makeup: new Map([['N2', 1]]) })];
    expect(planPrices(split, prices).map((c) => [c.key, c.to])).toEqual([['x', 3], ['y', 3]]);
  });
});

describe('damped and budget-together steps', () => {
  const change = (key: string, category: string, from: number, to: number): StepChange => ({ key, category, from, to, why: 'w' });

  it('moves a damped price that fraction of the way to its proposed cost, rounded, and at least a point', () => {
    expect(dampedCost(2, 10, 0.5)).toBe(6);
    expect(dampedCost(2, 5, 0.5)).toBe(4); // 1.5 rounds to 2
    expect(dampedCost(2, 7, 0.25)).toBe(3); // 1.25 rounds to 1
    expect(dampedCost(8, 1, 0.5)).toBe(4); // down: 3.5 rounds to 4, so 4 down
    expect(dampedCost(2, 3, 0.1)).toBe(3); // never less than a point
    expect(dampedCost(5, 1, 0.1)).toBe(4);
    expect(dampedCost(4, 4, 0.5)).toBe(4);
    // 1 is the undamped rule: all the way.
    for (const [a, b] of [[2, 9], [7, 1], [3, 4]]) expect(dampedCost(a, b, 1)).toBe(b);
    const damped = dampChanges([change('a', 'weapon', 2, 8), change('b', 'weapon', 2, 3)], 0.5);
    expect(damped.map((c) => [c.key, c.from, c.to])).toEqual([['a', 2, 5], ['b', 2, 3]]);
    expect(damped[0].why).toBe('w; damped to 5 (0.5 of the way to 8)');
    expect(damped[1].why).toBe('w');
  });

  it('takes the strongest `step` changes, and with `together` every other change of their budgets', () => {
    // Strongest first: two weapons, then a drive, then the rest.
    const moved = [change('bazooka', 'weapon', 2, 5), change('tank-treads', 'armour-engine', 2, 3), change('mines', 'weapon', 2, 1), change('evasion', 'cpu', 2, 1), change('hover', 'armour-engine', 2, 1), change('mortar', 'weapon', 2, 1)];
    expect(pickChanges(moved, 2, false).map((c) => c.key)).toEqual(['bazooka', 'tank-treads']);
    expect(pickChanges(moved, 2, true).map((c) => c.key)).toEqual(['bazooka', 'tank-treads', 'mines', 'hover', 'mortar']);
    expect(pickChanges(moved, 1, true).map((c) => c.key)).toEqual(['bazooka', 'mines', 'mortar']);
    expect(pickChanges(moved, 99, true)).toEqual(moved);
    expect(pickChanges([], 3, true)).toEqual([]);
  });

  it('halves the changes and the damping each time a round from the best catalogue did not improve (--keep-best)', () => {
    expect(shrunkStep(6, 1, 0)).toEqual({ count: 6, damping: 1 });
    expect(shrunkStep(6, 1, 1)).toEqual({ count: 3, damping: 0.5 });
    expect(shrunkStep(3, 1, 1)).toEqual({ count: 2, damping: 0.5 });
    expect(shrunkStep(3, 1, 2)).toEqual({ count: 1, damping: 0.25 });
    expect(shrunkStep(3, 0.5, 5)).toEqual({ count: 1, damping: 0.015625 });
    // At one change a damped change is still a point (dampedCost): the same round again, which the command stops at.
    expect(dampedCost(2, 5, shrunkStep(3, 1, 5).damping)).toBe(3);
  });

  it('answers a raise by pricing the rest of its budget down by the factor it asked, at most half a round', () => {
    expect(lowerFactor(2, 3)).toBeCloseTo(2 / 3);
    expect(lowerFactor(2, 8)).toBe(0.5);
    const price = (cost: number, category: string): DataPrice => ({ cost, range: [1, 8], category });
    // NHM at --scale 2: the drives flagged under, the armour fair, a weapon flagged over.
    const prices = new Map([
      ['tank-treads', price(2, 'armour-engine')], ['retreat-drive', price(2, 'armour-engine')], ['mark-i', price(2, 'armour-engine')],
      ['mark-ii', price(4, 'armour-engine')], ['mark-iv', price(8, 'armour-engine')], ['spin-drive', price(1, 'armour-engine')], ['hover-craft', price(2, 'armour-engine')],
      ['mines', price(2, 'weapon')], ['bazooka', price(2, 'weapon')],
    ]);
    const planned = (key: string, category: string, from: number, to: number, p: number): LowerableChange =>
      ({ key, category, from, to, fair: null, lo: null, hi: null, verdict: to > from ? 'under' : 'over', p, parts: [key], why: 'w' });
    const changes = [planned('tank-treads', 'armour-engine', 2, 3, 1e-9), planned('retreat-drive', 'armour-engine', 2, 4, 1e-6), planned('hover-craft', 'armour-engine', 2, 1, 1e-3), planned('mines', 'weapon', 2, 1, 1e-2)];
    const out = lowerInstead(changes, prices, new Set(['tank-treads', 'retreat-drive']));
    // The weapon's change as given; in armour-engine the drives stay and the rest ×1/2 (retreat-drive's 2→4 asks the most),
    // a point down where halving rounds to the same cost, never below 1; hover-craft's own 2→1 kept.
    expect(out.map((c) => [c.key, c.from, c.to])).toEqual([
      ['mines', 2, 1],
      ['mark-i', 2, 1],
      ['mark-ii', 4, 2],
      ['mark-iv', 8, 4],
      ['hover-craft', 2, 1],
    ]);
    expect(out[1]).toMatchObject({ verdict: 'over', p: 1e-6, parts: ['mark-i'] });
    expect(out[1].why).toMatch(/the rest of its budget ×0\.50 instead of retreat-drive 2→4/);
    expect(out[4].why).toBe('w');
    // Nothing raised: the changes as given.
    expect(lowerInstead(changes.slice(2), prices, new Set())).toEqual(changes.slice(2));
  });
});

describe('prices toward a wider metagame (--aim support)', () => {
  const price = (cost: number, range: [number, number] = [1, 8], category = 'weapon'): DataPrice => ({ cost, range, category });
  const part = (key: string, share: number, builds: number, supportBuilds: number, makeup: [string, number][] = [[key, 1]], alphaShare = 0): MetaPart => ({ key, share, builds, supportBuilds, alphaShare, makeup: new Map(makeup) });

  it('a point up for parts in most of the equilibrium, a point down for parts it never plays, strongest first and in turn', () => {
    const prices = new Map([['a', price(3)], ['b', price(1)], ['c', price(2)], ['d', price(4, [1, 4])], ['e', price(3)], ['f', price(1)], ['g', price(2)]]);
    const parts = [
      part('a', 0.6, 5, 2), // up: 3→4
      part('b', 0.9, 8, 3), // up first (the larger share): 1→2
      part('c', 0, 3, 0), // down: 2→1
      part('d', 0.7, 4, 1), // up, but 4 is the most its budget allows: not changed
      part('e', 0, 9, 0), // down first (in the most top builds): 3→2
      part('f', 0, 6, 0), // down, but 1 is the least: not changed
      part('g', 0.4, 6, 2), // below the share: no vote
    ];
    const changes = metaChanges(parts, prices, 0.5);
    expect(changes.map((c) => `${c.key} ${c.from}→${c.to}`)).toEqual(['b 1→2', 'e 3→2', 'a 3→4', 'c 2→1']);
    expect(changes.map((c) => c.p)).toEqual([0, 1, 2, 3]);
    expect(changes.map((c) => c.verdict)).toEqual(['under', 'over', 'under', 'over']);
    expect(changes[0].why).toBe("b is in builds carrying 90.0% of the equilibrium's weight (at least 50.0%): one point up");
    expect(changes[1].why).toBe("e is in 9 of the top builds and none of the equilibrium's: one point down");
    // A higher share asked: only b goes up.
    expect(metaChanges(parts, prices, 0.8).filter((c) => c.to > c.from).map((c) => c.key)).toEqual(['b']);
    // An equilibrium of one build: its parts' shares are all 1, and α-Rank's mass tells them apart.
    const lone = [part('a', 1, 3, 1, undefined, 0.2), part('c', 1, 3, 1, undefined, 0.7), part('e', 1, 2, 1, undefined, 0.7)];
    expect(metaChanges(lone, prices, 0.5).map((c) => c.key)).toEqual(['c', 'e', 'a']);
  });

  it('carries a field over: the earlier builds still legal, in order, then the fresh run\'s best not among them (--same-field)', () => {
    const b = (key: string): FieldBuild => ({ name: key, key, winRate: null, rating: null, games: 0 });
    const earlier = ['a', 'b', 'c', 'd'].map(b), fresh = ['x', 'c', 'y', 'z'].map(b);
    const keys = (f: FieldBuild[]): string[] => f.map((x) => x.key);
    expect(keys(carriedField(earlier, fresh, 4, (k) => k !== 'b'))).toEqual(['a', 'c', 'd', 'x']);
    expect(keys(carriedField(earlier, fresh, 5, (k) => k !== 'b' && k !== 'd'))).toEqual(['a', 'c', 'x', 'y', 'z']);
    expect(keys(carriedField(earlier, fresh, 2, () => true))).toEqual(['a', 'b']);
    // --refit: an illegal build takes its place refitted (marked with its old key), unless the refit is a build that
    // still stands in the field on its own or was taken already; a build with no refit is left out.
    const refit = (k: string): string | null => ({ b: 'b2', d: 'a', e: 'b2' })[k] ?? null;
    const field = carriedField([...earlier, b('e'), b('f')], fresh, 6, (k) => !['b', 'd', 'e', 'f'].includes(k), refit);
    expect(keys(field)).toEqual(['a', 'b2', 'c', 'x', 'y', 'z']);
    expect(field[1]).toEqual({ name: 'b2', key: 'b2', winRate: null, rating: null, games: 0, from: 'b' });
    expect(field.filter((f) => f.from !== undefined)).toHaveLength(1);
  });

  it('moves a price several parts share only where every part voting on it agrees', () => {
    const prices = new Map([['n1', price(2, [1, 9], 'grade')], ['n2', price(3, [1, 9], 'grade')], ['n3', price(4, [1, 9], 'grade')]]);
    const parts = [
      part('x', 0.8, 4, 2, [['n1', 1]]),
      part('y', 0.6, 3, 1, [['n1', 1]]), // x and y agree: n1 up once
      part('z', 0.7, 5, 2, [['n2', 1]]),
      part('w', 0, 6, 0, [['n2', 1]]), // z up, w down: n2 stays
      part('v', 0, 2, 0, [['n3', 2]]), // n3 down
      part('u', 0.9, 3, 1, [['gone', 1]]), // a price the data does not set: no vote
    ];
    const changes = metaChanges(parts, prices, 0.5);
    expect(changes.map((c) => [c.key, c.to, c.parts])).toEqual([['n1', 3, ['x', 'y']], ['n3', 3, ['v']]]);
  });
});

/** The run a folder played, as its config.json records it. */
interface PlayedRun {
  seed: string;
  schedule: { type: string; matches: number };
  loadouts: { name: string }[];
}
const runIn = (dir: string): PlayedRun => (JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8')) as { run: PlayedRun }).run;

describe('havoc reprice', () => {
  const catalogue = join(tmp, 'parts.json');
  const json = JSON.parse(readFileSync('configs/parts.json', 'utf8')) as { parts: { key: string; cost: number }[] };
  json.parts.find((p) => p.key === 'dragon-breath')!.cost = 1;
  writeFileSync(catalogue, JSON.stringify(json, null, 2));
  writeFileSync(join(tmp, 'sweep.json'), JSON.stringify({ ruleset: 'nhm', parts: catalogue, bots: ['random'], schedule: { type: 'sweep', matches: 1200, sample: 120 }, seed: 'plant', turnLimit: 40 }));

  it('reprices the planted part first, plays each new catalogue and keeps each change that mends its part', () => {
    const sweep = havoc('sweep', join(tmp, 'sweep.json'), '--out', join(tmp, 'run'), '--quiet', '--no-report', '--save-replays', 'none', '--workers', '0');
    expect(sweep.code, sweep.err).toBe(0);
    const before = csv(join(tmp, 'run', 'parts.csv')).filter((r) => r.mispriced);
    expect(before.map((r) => `${r.part} ${r.mispriced}`)).toContain('dragon-breath under');
    // summary.json flags what parts.csv flags, with the fair cost the table prints (null where it prints none).
    const summary = JSON.parse(readFileSync(join(tmp, 'run', 'summary.json'), 'utf8')) as { parts: { mispriced: { part: string; flag: string; fairCost: number | null }[] } };
    expect(summary.parts.mispriced).toEqual(before.map((x) => expect.objectContaining({ part: x.part, flag: x.mispriced, fairCost: x.fair_cost === '' ? null : Number(x.fair_cost) })));
    // Not re-checked: the re-check plays each catalogue again at the sweep's size (4 sweeps of 1,200 matches for two
    // seeds); the two-seed re-check is Battle Engine's below, the one-seed one Hovercrafts' with --tolerance.
    const r = havoc('reprice', join(tmp, 'run'), '--out', join(tmp, 'out'), '--rounds', '2', '--step', '2', '--no-recheck', '--no-report', '--save-replays', 'none', '--workers', '0');
    expect(r.code, r.err).toBe(0);
    // Read by the report's CSV reader: a round's changes are quoted where they hold a comma.
    const rounds = readCsv(join(tmp, 'out', 'rounds.csv'))!.rows;
    expect(rounds.map((x) => x.round)).toEqual(['0', '1', '2']);
    expect(Number(rounds[0].flagged)).toBe(before.length);
    const summaryOf = (dir: string) => JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8')) as { parts: { prices: { part: string; status: string; lo: number | null; hi: number | null }[] } };
    // The strongest evidence first: the planted part, raised.
    const first = csv(join(tmp, 'out', 'round-1', 'changes.csv'));
    expect(first[0]).toMatchObject({ price: 'dragon-breath', listed_cost: '1' });
    expect(Number(first[0].new_cost)).toBeGreaterThan(1);
    // Each round's catalogue differs from the one before only in the parts its changes.csv names.
    let prev = costs(catalogue);
    for (const round of [1, 2]) {
      const now = costs(join(tmp, 'out', `round-${round}`, 'parts.json'));
      const changed = [...now].filter(([k, c]) => prev.get(k) !== c).map(([k]) => k);
      expect(changed.sort(), `round ${round}`).toEqual(csv(join(tmp, 'out', `round-${round}`, 'changes.csv')).map((c) => c.price).sort());
      expect(Number(rounds[round].flagged)).toBe(csv(join(tmp, 'out', `round-${round}`, 'sweep', 'parts.csv')).filter((x) => x.mispriced).length);
      prev = now;
    }
    // Each part judged: a round's change is kept when its sweep's price list no longer flags the part, or when it took the
    // price as far as its budget goes and the part is still beyond it that way, whatever the other parts did.
    const kept = new Map<string, number>();
    for (const round of [1, 2]) {
      const prices = new Map(summaryOf(join(tmp, 'out', `round-${round}`, 'sweep')).parts.prices.map((p) => [p.part, p]));
      for (const c of csv(join(tmp, 'out', `round-${round}`, 'changes.csv'))) {
        const up = Number(c.new_cost) > Number(c.listed_cost), p = prices.get(c.price)!, to = Number(c.new_cost);
        const fixed = p.status === 'fair' || p.status === 'unpriced';
        // As far as its budget allows (NHM's parts here: 1 to 4), and its price list still says it is worth more (or less) than that.
        const asFar = to === (up ? 4 : 1) && (up ? p.status === 'underpriced' && p.lo !== null && p.lo > to : p.status === 'overpriced' && p.hi !== null && p.hi < to);
        if (fixed || asFar) kept.set(c.price, Number(c.new_cost));
      }
    }
    expect(kept.size, 'some change is kept').toBeGreaterThan(0);
    const written = costs(join(tmp, 'out', 'parts.json'));
    expect([...written].filter(([k, c]) => costs(catalogue).get(k) !== c)).toEqual([...costs(catalogue)].filter(([k]) => kept.has(k)).map(([k]) => [k, kept.get(k)]));
    // The planted part is back at its shipped cost in the catalogue written, and the printout says what became of it in one sentence.
    expect(written.get('dragon-breath')).toBe(4);
    expect(r.out).toMatch(new RegExp(`^kept: ${kept.size} changes? that brought`, 'm'));
    const judged = readCsv(join(tmp, 'out', 'prices.csv'))!.rows;
    expect(judged.map((x) => x.part).sort()).toEqual(csv(join(tmp, 'run', 'parts.csv')).map((x) => x.part).sort());
    const db = judged.find((x) => x.part === 'dragon-breath')!;
    expect([db.listed, db.kept, db.before]).toEqual(['1', '4', 'underpriced']);
    expect(r.out).toContain(`  ${db.sentence}\n`);
    expect(db.sentence).toMatch(/^dragon-breath: 1 → 4, /);
    // beyond.csv: the flagged parts of each sweep whose interval (or bound) lies past every cost their price may take.
    expect(readFileSync(join(tmp, 'out', 'beyond.csv'), 'utf8').split('\n')[0]).toBe('round,part,category,verdict,cost,least,most,fair_cost,fair_cost_lo,fair_cost_hi');
    for (const b of csv(join(tmp, 'out', 'beyond.csv')))
      expect(b.verdict === 'under' ? Number(b.fair_cost_lo) > Number(b.most) : Number(b.fair_cost_hi) < Number(b.least), `${b.part} round ${b.round}`).toBe(true);
    // Each sweep's own summary.json names the same parts (havoc sweep says it without a reprice), with the same figures.
    const beyondRows = csv(join(tmp, 'out', 'beyond.csv'));
    expect(beyondRows.length).toBeGreaterThan(0);
    for (const [round, dir] of [[0, join(tmp, 'run')], [1, join(tmp, 'out', 'round-1', 'sweep')], [2, join(tmp, 'out', 'round-2', 'sweep')]] as const) {
      const said = (JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8')) as { parts: { beyondBudget: { part: string; flag: string; least: number; most: number; lo: number | null; hi: number | null }[] } }).parts.beyondBudget;
      const num = (x: string): number | null => (x === '' ? null : Number(x));
      expect(said, `round ${round}`).toEqual(
        beyondRows.filter((b) => b.round === String(round)).map((b) => expect.objectContaining({ part: b.part, flag: b.verdict, least: Number(b.least), most: Number(b.most), lo: num(b.fair_cost_lo), hi: num(b.fair_cost_hi) })),
      );
    }
  });

  it('with --lower holds the part flagged under and prices the rest of its budget down instead; a bad --damping refused in one line', () => {
    // Reuses the planted sweep above (dragon-breath at 1, flagged under). What is checked here is the round's changes,
    // planned from that sweep before the round plays: its own sweep is not read, so it plays 60 matches (--matches).
    const r = havoc('reprice', join(tmp, 'run'), '--out', join(tmp, 'lower'), '--rounds', '1', '--step', '1', '--lower', '--matches', '60', '--no-recheck', '--no-report', '--save-replays', 'none', '--workers', '0');
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain(', 60 matches a sweep:');
    expect(runIn(join(tmp, 'lower', 'round-1', 'sweep')).schedule.matches).toBe(60);
    const changes = csv(join(tmp, 'lower', 'round-1', 'changes.csv'));
    const before = costs(catalogue), after = costs(join(tmp, 'lower', 'round-1', 'parts.json'));
    expect(after.get('dragon-breath')).toBe(1);
    // dragon-breath's raise (1→2 at least) asked for ×1/2 or less of the rest of the weapon budget, held to half a round (×1/2): whole costs, never below 1, a point down at least.
    const under = new Set(csv(join(tmp, 'run', 'parts.csv')).filter((x) => x.mispriced === 'under').map((x) => x.part));
    const parts = json.parts as unknown as { key: string; category: string; budget?: string }[];
    const weapons = parts.filter((p) => (p.budget ?? (p.category === 'option' ? 'weapon' : p.category)) === 'weapon' && !under.has(p.key));
    for (const w of weapons) expect(after.get(w.key), w.key).toBe(Math.max(1, Math.min(before.get(w.key)! - 1, Math.round(before.get(w.key)! / 2))));
    expect(changes.map((c) => c.price).sort()).toEqual(weapons.filter((w) => before.get(w.key)! > 1).map((w) => w.key).sort());
    for (const c of changes) expect(c.why).toMatch(/the rest of its budget ×0\.50 instead of dragon-breath 1→[2-4]/);
    expect(havoc('reprice', join(tmp, 'run'), '--damping', '0').err.trim()).toBe('error: --damping: must be a number above 0 and at most 1 (the fraction of the way to the proposed cost a round moves)');
    expect(havoc('reprice', join(tmp, 'run'), '--damping', 'x').err.trim()).toMatch(/^error: --damping: /);
  });

  it('reprices Hovercrafts\' stat points: a point of hull up, of energy down, in the ship settings', () => {
    writeFileSync(join(tmp, 'hover.json'), JSON.stringify({ ruleset: 'hovercrafts', bots: ['pilot'], schedule: { type: 'sweep', matches: 600, sample: 120 }, seed: 'hr1' }));
    expect(havoc('sweep', join(tmp, 'hover.json'), '--out', join(tmp, 'hover'), '--quiet', '--no-report', '--save-replays', 'none', '--workers', '0').code).toBe(0);
    const flagged = csv(join(tmp, 'hover', 'parts.csv')).filter((r) => r.mispriced).map((r) => `${r.part} ${r.mispriced}`);
    expect(flagged.sort()).toEqual(['energy over', 'hull under']);
    // Not re-checked (two more sweeps by pilot, the dearest here): the one-seed re-check is --tolerance's below. The
    // round's sweep plays 120 matches (--matches): the changes are planned from the sweep above, and what is read of the
    // round (the metagame of its top 4, the strongest builds under the prices kept) is checked against its own files.
    const r = havoc('reprice', join(tmp, 'hover'), '--out', join(tmp, 'hover-out'), '--rounds', '1', '--meta', '4', '--meta-games', '2', '--optimize', '1', '--optimize-moves', '3', '--matches', '120', '--no-recheck', '--no-report', '--save-replays', 'none', '--workers', '0');
    expect(r.code, r.err).toBe(0);
    // The metagame of each sweep's top 4 before and after, side by side (metagame.csv, the page, the printout).
    const meta = csv(join(tmp, 'hover-out', 'metagame.csv'));
    expect(meta.map((m) => [m.sweep, m.top, m.games_per_pair])).toEqual([['before', '4', '2'], ['after', '4', '2']]);
    for (const m of meta) expect(m.support_builds.split(' ').length).toBe(Number(m.support));
    expect(r.out).toMatch(/before: the top 4 builds' equilibrium has \d+ in its support/);
    expect(readFileSync(join(tmp, 'hover-out', 'report.html'), 'utf8')).toContain('id="metagame-table"');
    // The strongest builds under the prices given and kept: havoc optimize's top.csv, gathered side by side.
    const strongest = csv(join(tmp, 'hover-out', 'dominant.csv'));
    for (const when of ['before', 'after']) {
      const top = csv(join(tmp, 'hover-out', `optimize-${when}`, 'top.csv'));
      expect(strongest.filter((x) => x.prices === when).map((x) => [x.build, x.score, x.dominant])).toEqual(top.map((t) => [t.build, Number(t.score).toFixed(3), t.dominant]));
    }
    expect(r.out).toMatch(/after: the best found h\d+s\d+b\d+e\d+ scores 0\.\d{3} against the field, beats \d+\/20/);
    expect(readFileSync(join(tmp, 'hover-out', 'report.html'), 'utf8')).toContain('id="dominant-table"');
    // The caution is printed exactly when the kept prices narrow the equilibrium or leave more of the strongest builds dominant.
    const dominantUnder = (when: string): number => strongest.filter((x) => x.prices === when && x.dominant === 'true').length;
    const worse = Number(meta[1].support) < Number(meta[0].support) || dominantUnder('after') > dominantUnder('before');
    expect(r.out.includes('caution: the kept prices flag fewer parts, but '), r.out).toBe(worse);
    expect(readFileSync(join(tmp, 'hover-out', 'report.html'), 'utf8').includes('<p class="caution">Caution: the kept prices flag fewer parts, but ')).toBe(worse);
    const changes = csv(join(tmp, 'hover-out', 'round-1', 'changes.csv'));
    expect(changes.map((c) => [c.price, c.category, c.verdict, c.listed_cost]).sort()).toEqual([['energy', 'upgrade', 'over', '4'], ['hull', 'upgrade', 'under', '2']]);
    const cost = (JSON.parse(readFileSync(join(tmp, 'hover-out', 'round-1', 'parts.json'), 'utf8')) as { cost: Record<string, number> }).cost;
    const to = (price: string): number => Number(changes.find((c) => c.price === price)!.new_cost);
    expect(cost).toEqual({ hull: to('hull'), shield: 3, ballistic: 3, energy: to('energy') });
    expect(cost.hull).toBeGreaterThan(2);
    expect(cost.energy).toBeLessThan(4);
  });

  it('with --tolerance counts a part flagged only where its fair-cost interval lies wholly beyond its listed cost ± the tolerance', () => {
    // Reuses the Hovercrafts sweep above (hull under, energy over, both with fair costs). Expected, from its parts.csv: a verdict with no fair cost stands.
    const beyond = (dir: string, tol: number): string[] =>
      csv(join(dir, 'parts.csv'))
        .filter((x) => {
          if (x.mispriced !== 'under' && x.mispriced !== 'over') return false;
          if (x.fair_cost_lo === '' || x.fair_cost_hi === '') return true;
          return x.mispriced === 'under' ? Number(x.fair_cost_lo) > Number(x.listed_cost) + tol : Number(x.fair_cost_hi) < Number(x.listed_cost) - tol;
        })
        .map((x) => `${x.part}${x.mispriced === 'under' ? '↑' : '↓'}`);
    // A tolerance just past the nearest flagged interval's distance from its listed cost: that part, at least, is fair.
    const distance = csv(join(tmp, 'hover', 'parts.csv'))
      .filter((x) => (x.mispriced === 'under' || x.mispriced === 'over') && x.fair_cost_lo !== '')
      .map((x) => (x.mispriced === 'under' ? Number(x.fair_cost_lo) - Number(x.listed_cost) : Number(x.listed_cost) - Number(x.fair_cost_hi)));
    expect(distance.length).toBeGreaterThan(0);
    const tol = Math.ceil((Math.min(...distance) + 1e-9) * 1000) / 1000;
    expect(beyond(join(tmp, 'hover'), tol).length).toBeLessThan(beyond(join(tmp, 'hover'), 0).length);
    // The round's sweep and the re-check's (one seed, the default) play 120 matches each (--matches): their verdicts are
    // read here only as the tolerance counts them.
    const r = havoc('reprice', join(tmp, 'hover'), '--out', join(tmp, 'tol'), '--rounds', '1', '--step', '1', '--tolerance', String(tol), '--matches', '120', '--no-report', '--save-replays', 'none', '--workers', '0');
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain(`a part flagged only where its fair cost is more than ${tol} points from its listed cost`);
    const rounds = csv(join(tmp, 'tol', 'rounds.csv'));
    expect(rounds[0].parts_flagged.split(' ').filter(Boolean)).toEqual(beyond(join(tmp, 'hover'), tol));
    if (rounds.length > 1) expect(rounds[1].parts_flagged.split(' ').filter(Boolean)).toEqual(beyond(join(tmp, 'tol', 'round-1', 'sweep'), tol));
    // One re-check seed (the default): one line on one new sample, the given and kept catalogues swept again, each
    // folder's verdicts counted as the tolerance counts them.
    const recheck = csv(join(tmp, 'tol', 'recheck.csv'));
    expect(recheck.map((x) => [x.catalogue, x.seed])).toEqual([['given', 'hr1/recheck'], ['kept', 'hr1/recheck']]);
    expect(recheck.map((x) => x.parts_flagged.split(' ').filter(Boolean))).toEqual([beyond(join(tmp, 'tol', 'recheck-before'), tol), beyond(join(tmp, 'tol', 'recheck-after'), tol)]);
    const [given, kept] = recheck.map((x) => Number(x.flagged));
    expect(r.out).toMatch(/re-checked with seed hr1\/recheck \(recheck\.csv, .*\): the catalogue given flags \d+, the kept one \d+: (fewer|not fewer) on a new sample/);
    expect(r.out).toContain(`re-checked with seed hr1/recheck (recheck.csv, ${join(tmp, 'tol', 'recheck-before')}/ and recheck-after/): the catalogue given flags ${given}, the kept one ${kept}: ${kept < given ? 'fewer' : 'not fewer'} on a new sample`);
    // Every interval within reach: no part is flagged, and nothing moves.
    const wide = havoc('reprice', join(tmp, 'hover'), '--out', join(tmp, 'tol-wide'), '--rounds', '1', '--tolerance', '1000', '--no-recheck', '--no-report', '--save-replays', 'none', '--workers', '0');
    expect(wide.code, wide.err).toBe(0);
    expect(csv(join(tmp, 'tol-wide', 'rounds.csv')).map((x) => [x.round, x.changes, x.flagged])).toEqual([['0', '(the sweep given)', '0'], ['1', 'no part flagged', '']]);
    // Nothing kept: the catalogue given is written all the same, each part judged in its own sweep, and the printout says so.
    expect(readFileSync(join(tmp, 'tol-wide', 'parts.json'), 'utf8')).toBe(readFileSync(join(tmp, 'hover', 'parts.json'), 'utf8'));
    expect(wide.out).toContain(`no change brought its part within the tolerance: the catalogue given stands (${join(tmp, 'tol-wide', 'parts.json')}`);
    expect(readCsv(join(tmp, 'tol-wide', 'prices.csv'))!.rows.every((x) => x.listed === x.kept && x.status !== 'fixed')).toBe(true);
    expect(havoc('reprice', join(tmp, 'hover'), '--tolerance', '-1').err.trim()).toBe('error: --tolerance: must be a number of points from 0 to 1000 (how near its listed cost a fair-cost interval may come and not be flagged)');
  });

  it('reprices Battle Engine\'s pay grades, a grade its pieces share one point the way they agree, the roster rewritten', () => {
    writeFileSync(join(tmp, 'be.json'), JSON.stringify({ ruleset: 'battle-engine', bots: ['random'], schedule: { type: 'sweep', matches: 400, sample: 100 }, seed: 'be3' }));
    expect(havoc('sweep', join(tmp, 'be.json'), '--out', join(tmp, 'be'), '--quiet', '--no-report', '--save-replays', 'none', '--workers', '0').code).toBe(0);
    // The round's changes are planned from the sweep above; the round's sweep and the re-check's play 100 matches each
    // (--matches): only how the re-check is made and written is checked of them, not their verdicts.
    const r = havoc('reprice', join(tmp, 'be'), '--out', join(tmp, 'be-out'), '--rounds', '1', '--matches', '100', '--recheck-seeds', '2', '--no-report', '--save-replays', 'none', '--workers', '0');
    expect(r.code, r.err).toBe(0);
    // Re-checked: the catalogue given and the kept one swept again with new seeds (--recheck-seeds 2: the seed, then it
    // with -2), each in its folder, each folder's verdicts counted.
    const recheck = csv(join(tmp, 'be-out', 'recheck.csv'));
    expect(recheck.map((x) => [x.catalogue, x.seed])).toEqual([['given', 'be3/recheck'], ['kept', 'be3/recheck'], ['given', 'be3/recheck-2'], ['kept', 'be3/recheck-2']]);
    const folders = ['recheck-before', 'recheck-after', 'recheck-before-2', 'recheck-after-2'];
    const count = (dir: string): number => csv(join(tmp, 'be-out', dir, 'parts.csv')).filter((x) => x.mispriced).length;
    expect(recheck.map((x) => Number(x.flagged))).toEqual(folders.map(count));
    // Each folder played its row's seed, at the reprice's --matches.
    const played = (dir: string) => runIn(join(tmp, 'be-out', dir));
    expect(folders.map((f) => [played(f).seed, played(f).schedule.matches])).toEqual(recheck.map((x) => [x.seed, 100]));
    expect(readFileSync(join(tmp, 'be-out', 'recheck-after-2', 'parts.json'), 'utf8')).toBe(readFileSync(join(tmp, 'be-out', 'parts.json'), 'utf8'));
    expect(readFileSync(join(tmp, 'be-out', 'report.html'), 'utf8')).toContain('<h2>Re-checked on new samples</h2>');
    expect(readFileSync(join(tmp, 'be-out', 'recheck-after', 'parts.json'), 'utf8')).toBe(readFileSync(join(tmp, 'be-out', 'parts.json'), 'utf8'));
    // Another sample: the builds the given catalogue is re-checked on are not the sweep's own, nor the first re-check
    // seed's the second's. (The sample of builds is drawn by the seed: the sweep above's seed at 100 matches draws the
    // same 100 builds as at 400, so a re-check on that seed would fail this whatever its size.)
    const sample = (dir: string): string[] => csv(join(dir, 'loadouts.csv')).map((x) => x.key).sort();
    expect(sample(join(tmp, 'be-out', 'recheck-before'))).not.toEqual(sample(join(tmp, 'be')));
    expect(sample(join(tmp, 'be-out', 'recheck-before-2'))).not.toEqual(sample(join(tmp, 'be-out', 'recheck-before')));
    const [g1, k1, g2, k2] = recheck.map((x) => Number(x.flagged));
    expect(r.out).toContain(
      `re-checked with 2 seeds (be3/recheck, be3/recheck-2; recheck.csv, ${join(tmp, 'be-out', 'recheck-before')}/ and recheck-after/, then -2): ` +
        `the catalogue given flags ${g1}, ${g2} (${g1 + g2} in all), the kept one ${k1}, ${k2} (${k1 + k2}): fewer on ${Number(k1 < g1) + Number(k2 < g2)} of 2 new samples`,
    );
    const changes = csv(join(tmp, 'be-out', 'round-1', 'changes.csv'));
    expect(changes.length).toBeGreaterThan(0);
    const roster = (path: string) => (JSON.parse(readFileSync(path, 'utf8')) as { prices: { grades: Record<string, number>; budget: number } }).prices;
    const before = roster(join(tmp, 'be', 'parts.json')), after = roster(join(tmp, 'be-out', 'round-1', 'parts.json'));
    expect(after.budget).toBe(before.budget);
    for (const c of changes) {
      expect(c.category).toBe('pay grade');
      expect(after.grades[c.price], c.price).toBe(Number(c.new_cost));
      expect(Number(c.listed_cost)).toBe(before.grades[c.price]);
    }
    // Only the grades changes.csv names changed; a grade several pieces share names them all.
    expect(Object.keys(after.grades).filter((g) => after.grades[g] !== before.grades[g]).sort()).toEqual(changes.map((c) => c.price).sort());
    expect(changes.some((c) => c.parts.split(' ').length > 1)).toBe(true);
  });

  it('with --aim support prices by the metagame of each sweep and keeps the round whose equilibrium mixes the most builds', () => {
    // Reuses the planted sweep above. Each sweep's metagame (its top 6 builds, 2 games a pair) votes the next prices.
    // The rounds' sweeps play 240 matches (--matches): what is read of them is their metagames, checked against their own
    // files whatever they hold. (At 240 round 1's equilibrium mixes 4 builds against the given's 1: the branch below that
    // checks metagame.csv and the printout's best round is the one taken, as at the sweep's 1,200.)
    const r = havoc('reprice', join(tmp, 'run'), '--aim', 'support', '--meta', '6', '--meta-games', '2', '--out', join(tmp, 'support'), '--rounds', '2', '--step', '2', '--matches', '240', '--no-recheck', '--no-report', '--save-replays', 'none', '--workers', '0');
    expect(r.code, r.err).toBe(0);
    // (its changes are quoted, with commas: read by the report's CSV reader)
    const rounds = readCsv(join(tmp, 'support', 'rounds.csv'))!.rows;
    const metaOf = (dir: string) => csv(join(tmp, 'support', dir, 'meta.csv'));
    const supportOf = (dir: string): number => metaOf(dir).filter((b) => b.in_support === 'yes').length;
    expect(Number(rounds[0].support)).toBe(supportOf('meta-before'));
    // Each round's changes are the votes of the metagame it started from: up for a part in at least half the
    // equilibrium's weight, down for a part the top builds hold and the equilibrium never plays.
    let metaDir = 'meta-before', before = costs(catalogue);
    for (const round of rounds.filter((x) => x.round !== '0' && x.flagged !== '').map((x) => Number(x.round))) {
      const votes = new Map(csv(join(tmp, 'support', metaDir, 'meta-parts.csv')).map((p) => [p.part, p]));
      const changes = csv(join(tmp, 'support', `round-${round}`, 'changes.csv'));
      expect(changes.length, `round ${round}`).toBeGreaterThan(0);
      expect(changes.length).toBeLessThanOrEqual(2);
      for (const c of changes) {
        const v = votes.get(c.price)!;
        expect(Number(c.listed_cost)).toBe(before.get(c.price));
        if (Number(c.new_cost) > Number(c.listed_cost)) expect(Number(v.equilibrium_share), c.price).toBeGreaterThanOrEqual(0.5);
        else expect([v.builds_in_support, Number(v.builds_in_field) > 0], c.price).toEqual(['0', true]);
        expect(Math.abs(Number(c.new_cost) - Number(c.listed_cost))).toBe(1);
      }
      expect(Number(rounds[round].support)).toBe(supportOf(join(`round-${round}`, 'meta')));
      metaDir = join(`round-${round}`, 'meta');
      before = costs(join(tmp, 'support', `round-${round}`, 'parts.json'));
    }
    // The round kept is the widest support, wider than the sweep given's (the earliest of equals).
    const played = rounds.filter((x) => x.round !== '0' && x.support !== '');
    const widest = played.filter((x) => Number(x.support) > Number(rounds[0].support)).sort((a, b) => Number(b.support) - Number(a.support) || Number(a.round) - Number(b.round))[0];
    if (widest) {
      expect(r.out).toContain(`best: round ${widest.round}, the equilibrium of the top 6 builds mixes ${widest.support} against ${rounds[0].support} before`);
      const meta = csv(join(tmp, 'support', 'metagame.csv'));
      expect(meta.map((m) => [m.sweep, m.support])).toEqual([['before', rounds[0].support], ['after', widest.support]]);
    } else expect(r.out).toMatch(new RegExp(`no round widened the equilibrium beyond the ${rounds[0].support} builds? before`));
    // The planted part is the first raise: the sweep given's equilibrium is one build, and α-Rank's mass tells its parts apart.
    expect(csv(join(tmp, 'support', 'round-1', 'changes.csv'))[0]).toMatchObject({ price: 'dragon-breath', listed_cost: '1', new_cost: '2' });
    // A reprice into the same folder again replaces the rounds it left: none is carried on with its old catalogue. This
    // one flags nothing (--tolerance 1000), so it plays no round and writes no round folder: every one left is gone.
    expect(existsSync(join(tmp, 'support', 'round-1'))).toBe(true);
    const again = havoc('reprice', join(tmp, 'run'), '--out', join(tmp, 'support'), '--rounds', '1', '--tolerance', '1000', '--no-recheck', '--no-report', '--save-replays', 'none', '--workers', '0');
    expect(again.code, again.err).toBe(0);
    expect(csv(join(tmp, 'support', 'rounds.csv')).map((x) => [x.round, x.changes])).toEqual([['0', '(the sweep given)'], ['1', 'no part flagged']]);
    for (const left of ['round-1', 'round-2', 'meta-before']) expect(existsSync(join(tmp, 'support', left)), left).toBe(false);
    expect(havoc('reprice', join(tmp, 'run'), '--aim', 'support').err.trim()).toBe("error: --aim support: plays each sweep's metagame: give --meta K, the top K builds in it (e.g. --meta 30)");
    expect(havoc('reprice', join(tmp, 'run'), '--aim', 'cheap').err.trim()).toBe('error: --aim: must be flags (fair costs: fewer parts flagged) or support (a wider metagame equilibrium), not "cheap"');
  });

  it('with --same-field solves each round\'s metagame over the given top builds its prices still allow (--refit: refitted), then its own best', () => {
    // The round's sweep plays 120 matches (--matches): its builds by rating fill the field after the ones carried, read
    // from its own loadouts.csv below.
    const r = havoc('reprice', join(tmp, 'run'), '--aim', 'support', '--same-field', '--refit', '--meta', '6', '--meta-games', '2', '--out', join(tmp, 'same'), '--rounds', '1', '--step', '2', '--matches', '120', '--no-recheck', '--no-report', '--save-replays', 'none', '--workers', '0');
    expect(r.code, r.err).toBe(0);
    const field = (dir: string): string[] => runIn(join(tmp, 'same', dir)).loadouts.map((l) => l.name);
    const given = field('meta-before'), after = field(join('round-1', 'meta'));
    const nhm = rulesetById('nhm');
    const text = readFileSync(join(tmp, 'same', 'round-1', 'parts.json'), 'utf8');
    const kit = nhm.withData!(nhm.data!.parse(text, 'round-1')).builds;
    // Each given build in its place: as it is where the round's prices allow it, else refitted to them (a refit that
    // is a given build still standing, or one already in, is not added again).
    const standing = given.filter((k) => kit.check(k, k).ok);
    const carried: string[] = [];
    for (const k of given) {
      const refit = standing.includes(k) ? null : kit.refit!(k);
      const now = standing.includes(k) ? k : refit && kit.key(refit);
      if (now && !carried.includes(now) && (now === k || !standing.includes(now))) carried.push(now);
    }
    expect(carried.filter((k) => !given.includes(k)).length, 'a change that makes some given build illegal').toBeGreaterThan(0);
    expect(after.slice(0, carried.length)).toEqual(carried);
    expect(after).toHaveLength(6);
    // The rest: the round's sweep's best by rating, not already in.
    const ranked = readCsv(join(tmp, 'same', 'round-1', 'sweep', 'loadouts.csv'))!.rows.map((x, i) => ({ k: x.key, r: Number(x.rating), i })).sort((a, b) => b.r - a.r || a.i - b.i).map((x) => x.k);
    const held = new Set(carried);
    expect(after.slice(held.size)).toEqual(ranked.filter((k) => !held.has(k)).slice(0, 6 - held.size));
    // field.csv says which builds were carried, refitted (from which) or new.
    const rows = csv(join(tmp, 'same', 'round-1', 'field.csv'));
    expect(rows.map((x) => x.loadout)).toEqual(after);
    expect(rows.map((x) => x.origin)).toEqual(after.map((k, i) => (i >= held.size ? 'new' : given.includes(k) ? 'carried' : 'refitted')));
    expect(rows.filter((x) => x.origin === 'refitted').map((x) => kit.key(kit.refit!(x.refitted_from)!))).toEqual(rows.filter((x) => x.origin === 'refitted').map((x) => x.loadout));
    expect(havoc('reprice', join(tmp, 'run'), '--aim', 'support', '--meta', '6', '--refit').err.trim()).toBe(
      "error: --refit: refits the builds --same-field carries over that the new prices make illegal: give --same-field (and --aim support) too",
    );
  });

  it('refuses a folder that is not a sweep, and bad options, in one line', () => {
    // A round robin's folder: the metagame --same-field's reprice played above (a run of builds, each pair 2 games),
    // rather than a tournament played for this alone.
    const rr = havoc('reprice', join(tmp, 'same', 'meta-before'));
    expect(runIn(join(tmp, 'same', 'meta-before')).schedule.type).toBe('round-robin');
    expect(rr.code).toBe(1);
    expect(rr.err.trim().split('\n')).toHaveLength(1);
    expect(rr.err.trim()).toBe(`error: ${join(tmp, 'same', 'meta-before')}: is a round-robin, not a sweep: reprice the verdicts of a sweep (havoc sweep)`);
    const scale = havoc('reprice', join(tmp, 'run'), '--scale', '0');
    expect(scale.err.trim()).toBe('error: --scale: must be a whole number from 1 to 10');
    const meta = havoc('reprice', join(tmp, 'run'), '--meta', '1');
    expect(meta.err.trim()).toBe('error: --meta: must be 0 (no metagame) or a whole number ≥ 2 (the top builds of each sweep)');
    expect(havoc('reprice', join(tmp, 'run'), '--out', join(tmp, 'run', '.')).err.trim()).toBe(`error: --out: is the sweep's own folder ${join(tmp, 'run')}: a reprice writes its rounds and catalogue elsewhere (default ${join(tmp, 'run')}-repriced)`);
    expect(havoc('reprice', join(tmp, 'run'), '--recheck-seeds', '0').err.trim()).toBe('error: --recheck-seeds: must be a whole number from 1 to 20 (new samples the re-check sweeps each catalogue on)');
    const climbs = havoc('reprice', join(tmp, 'run'), '--optimize', '-1');
    expect(climbs.err.trim()).toBe('error: --optimize: must be 0 (no search) or a whole number of climbs from 1 to 100');
  });
});
