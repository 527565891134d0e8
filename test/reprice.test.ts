/**
 * `havoc reprice`: the proposals (stats/reprice.ts) part by part, and the
 * command on a catalogue with a planted mispricing (Dragon Breath at 1 point,
 * listed 4): round by round, the strongest evidence first, each catalogue
 * played again and the best one kept; bad input refused in one line.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { proposePrices, type PricedPart } from '../src/stats/reprice.js';
import { csvRecords as csv, havoc } from './cli-helpers.js';

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
});

describe('havoc reprice', () => {
  const catalogue = join(tmp, 'parts.json');
  const json = JSON.parse(readFileSync('configs/parts.json', 'utf8')) as { parts: { key: string; cost: number }[] };
  json.parts.find((p) => p.key === 'dragon-breath')!.cost = 1;
  writeFileSync(catalogue, JSON.stringify(json, null, 2));
  writeFileSync(join(tmp, 'sweep.json'), JSON.stringify({ ruleset: 'nhm', parts: catalogue, bots: ['random'], schedule: { type: 'sweep', matches: 1200, sample: 120 }, seed: 'plant', turnLimit: 40 }));

  it('reprices the planted part first, plays each new catalogue and keeps the round with the fewest flags', () => {
    const sweep = havoc('sweep', join(tmp, 'sweep.json'), '--out', join(tmp, 'run'), '--quiet', '--no-report', '--save-replays', 'none');
    expect(sweep.code, sweep.err).toBe(0);
    const before = csv(join(tmp, 'run', 'parts.csv')).filter((r) => r.mispriced);
    expect(before.map((r) => `${r.part} ${r.mispriced}`)).toContain('dragon-breath under');
    const r = havoc('reprice', join(tmp, 'run'), '--out', join(tmp, 'out'), '--rounds', '2', '--step', '1', '--no-report', '--save-replays', 'none');
    expect(r.code, r.err).toBe(0);
    const rounds = csv(join(tmp, 'out', 'rounds.csv'));
    expect(rounds.map((x) => x.round)).toEqual(['0', '1', '2']);
    expect(Number(rounds[0].flagged)).toBe(before.length);
    // The strongest evidence first: the planted part, up a point a round.
    const first = csv(join(tmp, 'out', 'round-1', 'changes.csv'));
    expect(first.map((c) => [c.part, c.listed_cost, c.new_cost])).toEqual([['dragon-breath', '1', '2']]);
    expect(costs(join(tmp, 'out', 'round-1', 'parts.json')).get('dragon-breath')).toBe(2);
    expect(costs(join(tmp, 'out', 'round-2', 'parts.json')).get('dragon-breath')).toBeGreaterThanOrEqual(2);
    // Each round's catalogue differs from the one before only in the parts its changes.csv names.
    let prev = costs(catalogue);
    for (const round of [1, 2]) {
      const now = costs(join(tmp, 'out', `round-${round}`, 'parts.json'));
      const changed = [...now].filter(([k, c]) => prev.get(k) !== c).map(([k]) => k);
      expect(changed.sort(), `round ${round}`).toEqual(csv(join(tmp, 'out', `round-${round}`, 'changes.csv')).map((c) => c.part).sort());
      expect(Number(rounds[round].flagged)).toBe(csv(join(tmp, 'out', `round-${round}`, 'sweep', 'parts.csv')).filter((x) => x.mispriced).length);
      prev = now;
    }
    // The best round, if one flagged fewer than the sweep given, is the catalogue kept.
    const best = [1, 2].filter((k) => Number(rounds[k].flagged) < before.length).sort((a, b) => Number(rounds[a].flagged) - Number(rounds[b].flagged) || a - b)[0];
    if (best) expect(readFileSync(join(tmp, 'out', 'parts.json'), 'utf8')).toBe(readFileSync(join(tmp, 'out', `round-${best}`, 'parts.json'), 'utf8'));
    expect(r.out).toMatch(best ? new RegExp(`best: round ${best}`) : /the catalogue stands/);
  }, 120_000);

  it('refuses a folder that is not a sweep, and bad options, in one line', () => {
    writeFileSync(join(tmp, 'rr.json'), JSON.stringify({ ruleset: 'rbp', bots: ['random', 'greedy'], schedule: { type: 'round-robin', games: 2 } }));
    expect(havoc('tournament', join(tmp, 'rr.json'), '--out', join(tmp, 'rr'), '--quiet', '--no-report').code).toBe(0);
    const rr = havoc('reprice', join(tmp, 'rr'));
    expect(rr.code).toBe(1);
    expect(rr.err.trim().split('\n')).toHaveLength(1);
    expect(rr.err).toMatch(/prices are not set part by part|not a sweep/);
    const scale = havoc('reprice', join(tmp, 'run'), '--scale', '0');
    expect(scale.err.trim()).toBe('error: --scale: must be a whole number from 1 to 10');
  }, 60_000);
});
