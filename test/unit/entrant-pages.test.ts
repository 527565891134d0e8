/**
 * The report's entrant pages (issue 51 item 6): decision times as a run keeps
 * them (logs/match-ID-times.json) and as the page shows them against the
 * budget, and an entrant's forfeits from errors.log, one line per cause.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readMatchTimes, timesPath, writeMatchTimes } from '../../src/store/decisionTimes.js';
import { decisionTimesHtml, timeFigures } from '../../src/report/decisionTimes.js';
import { groupedForfeits } from '../../src/report/htmlEntrants.js';
import { entrantPages } from '../../src/report/entrants.js';

const tmp = mkdtempSync(join(tmpdir(), 'havoc-entrant-pages-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('decision times of a run', () => {
  it('are kept per match by seat letter, untimed seats left out, and read back; a torn or foreign file reads as none', () => {
    mkdirSync(join(tmp, 'logs'), { recursive: true });
    writeMatchTimes(tmp, 3, [null, { clock: 'cpu', ms: [0, 10], wallMs: [1.5, 12.25] }]);
    expect(readMatchTimes(tmp, 3)).toEqual({ B: { clock: 'cpu', ms: [0, 10], wallMs: [1.5, 12.25] } });
    writeFileSync(timesPath(tmp, 4), '{"A":{"clock":"cpu","ms":[1,');
    expect(readMatchTimes(tmp, 4)).toEqual({});
    writeFileSync(timesPath(tmp, 5), '{"A":{"clock":"sundial","ms":[1],"wallMs":[1]},"B":{"clock":"wall","ms":[2],"wallMs":[2]}}');
    expect(readMatchTimes(tmp, 5)).toEqual({ B: { clock: 'wall', ms: [2], wallMs: [2] } });
    expect(readMatchTimes(tmp, 6)).toEqual({});
  });

  it("are each entrant's over its games, whichever seat it sat in", () => {
    const dir = join(tmp, 'run');
    mkdirSync(join(dir, 'logs'), { recursive: true });
    const header = ['id', 'seed', 'a_bot', 'a_loadout', 'b_bot', 'b_loadout', 'winner', 'turns', 'reason', 'a_faults', 'b_faults'];
    const rows = [
      ['0', 's', 'x', 'l', 'random', 'l', 'a', '9', 'kill', '0', '0'],
      ['1', 's', 'random', 'l', 'x', 'l', '', '100', 'turn-limit', '0', '0'],
    ];
    writeMatchTimes(dir, 0, [{ clock: 'cpu', ms: [10, 0], wallMs: [11, 2] }, null]);
    writeMatchTimes(dir, 1, [null, { clock: 'cpu', ms: [20], wallMs: [21] }]);
    const pages = entrantPages(dir, header, rows, []);
    const x = pages.find((p) => p.name === 'x')!;
    expect(x.times).toEqual({ n: 3, mean: 10, p99: 20, max: 20, clock: 'cpu', wall: { n: 3, mean: 34 / 3, p99: 21, max: 21 } });
    expect(pages.find((p) => p.name === 'random')!.times.n).toBe(0);
  });

  it('show mean, p99 and max against the budget, a p99 over it marked, the wall clock beside the CPU time', () => {
    const html = decisionTimesHtml(timeFigures([5, 10, 1500]), 'cpu', timeFigures([6, 12, 1600]), 1000, 5000, 'in its games');
    expect(html).toContain('3 decisions in its games, against a budget of <b>1,000 ms</b> a decision (5,000 ms for its first)');
    expect(html).toContain(`<th>CPU time (the budget's clock)</th><td class="n">505.00</td><td class="n">1,500.00</td><td class="n">1,500.00 <span class="bad">p99 over the budget</span></td>`);
    expect(html).toContain('<th>wall clock</th><td class="n">539.33</td>');
    // A first decision's longer budget excuses a max, not a p99.
    expect(decisionTimesHtml(timeFigures([...Array(200).fill(1), 3000]), 'wall', null, 1000, 5000, 'x')).not.toContain('class="bad"');
    expect(decisionTimesHtml(timeFigures([1, 6000]), 'wall', null, 1000, 5000, 'x')).toContain('p99 over the budget');
  });
});

describe("an entrant's forfeits", () => {
  it('are one line per cause, naming its matches in order', () => {
    expect(
      groupedForfeits([
        'match 19: seat B (faulty) forfeits the match: illegal, 21 faults, more than 20',
        'match 18: seat A (faulty) forfeits the match: illegal, 21 faults, more than 20',
        'match 7: seat A (faulty) forfeits the match: timeout, no answer in 1000 ms',
        'something else',
      ]),
    ).toEqual(['forfeits the match: illegal, 21 faults, more than 20 — in matches 18, 19', 'forfeits the match: timeout, no answer in 1000 ms — in match 7', 'something else']);
  });
});
