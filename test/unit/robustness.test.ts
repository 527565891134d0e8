/** robustness.csv's verdicts (report/robustness.ts): a part a sweep did not test is `untested`, never `fair`. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { robustness } from '../../src/report/robustness.js';

const tmp = mkdtempSync(join(tmpdir(), 'robustness-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const HEADER = 'part,category,listed_cost,games_with,fair_cost,fair_cost_lo,fair_cost_hi,mispriced,note';
function sweep(bot: string, rows: string[]): void {
  mkdirSync(join(tmp, bot), { recursive: true });
  writeFileSync(join(tmp, bot, 'parts.csv'), [HEADER, ...rows].join('\n') + '\n');
}

describe('robustness across bots', () => {
  it('calls a part in no game, or in too few, untested; it does not count as a change of verdict', () => {
    sweep('random', ['bazooka,weapon,1,900,1.2,0.5,2.0,,', 'dragon-breath,weapon,4,0,,,,,unseen', 'minigun,weapon,3,12,,,,,', 'mines,weapon,1,800,0.2,-0.4,0.8,over,']);
    sweep('greedy', ['bazooka,weapon,1,950,3.1,1.8,6.0,under,', 'dragon-breath,weapon,4,220,9.0,6.0,24,under,', 'minigun,weapon,3,280,4.0,2.0,8.0,,', 'mines,weapon,1,820,0.3,-0.3,0.9,over,']);
    const rows = new Map(robustness(tmp, ['random', 'greedy']).map((r) => [r.part, r]));
    expect(rows.get('dragon-breath')!.byBot.map((v) => v!.verdict)).toEqual(['untested', 'under']);
    expect(rows.get('minigun')!.byBot.map((v) => v!.verdict)).toEqual(['untested', 'fair']);
    expect(rows.get('dragon-breath')!.changes).toBe(false);
    expect(rows.get('minigun')!.changes).toBe(false);
    expect(rows.get('bazooka')!.changes).toBe(true);
    expect(rows.get('mines')!.changes).toBe(false);
  });
});
