/**
 * The balance lab's pages (issue 28 item 7) in headless Chromium: `havoc
 * optimize`'s top builds drawn with their intervals (a dot a build, in
 * top.csv's order) and `havoc reprice`'s fair − listed charts before and
 * after, with the rounds and the comparison as tables. Skipped, saying so,
 * without /usr/bin/chromium.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { readCsv } from '../../src/report/htmlCsv.js';
import { havoc } from '../cli-helpers.js';

const CHROMIUM = '/usr/bin/chromium';
if (!existsSync(CHROMIUM)) console.warn(`balance-pages.e2e: ${CHROMIUM} is missing, so the browser checks are SKIPPED`);
const tmp = mkdtempSync(join(tmpdir(), 'havoc-balance-pages-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe.runIf(existsSync(CHROMIUM))('the balance pages in Chromium', () => {
  it('draws the optimizer\'s top builds and the reprice before and after', async () => {
    // Played in each command's own thread (--workers 0): a pool's start costs more CPU than these small runs play.
    const opt = havoc('optimize', '--bot', 'random', '--field', 'sample:8', '--restarts', '2', '--iterations', '6', '--workers', '0', '--out', join(tmp, 'opt'), '--quiet');
    expect(opt.code, opt.err).toBe(0);
    const top = readFileSync(join(tmp, 'opt', 'top.csv'), 'utf8').trim().split('\n').slice(1).map((l) => l.split(',')[1]);
    // A sweep on a catalogue with Dragon Breath planted at 1 point, then one round of new prices.
    const json = JSON.parse(readFileSync('configs/parts.json', 'utf8')) as { parts: { key: string; cost: number }[] };
    json.parts.find((p) => p.key === 'dragon-breath')!.cost = 1;
    writeFileSync(join(tmp, 'parts.json'), JSON.stringify(json, null, 2));
    writeFileSync(join(tmp, 'sweep.json'), JSON.stringify({ ruleset: 'nhm', parts: join(tmp, 'parts.json'), bots: ['random'], schedule: { type: 'sweep', matches: 1200, sample: 120 }, seed: 'plant', turnLimit: 40 }));
    expect(havoc('sweep', join(tmp, 'sweep.json'), '--out', join(tmp, 'run'), '--quiet', '--no-report', '--save-replays', 'none', '--workers', '0').code).toBe(0);
    const rp = havoc('reprice', join(tmp, 'run'), '--out', join(tmp, 'rp'), '--rounds', '2', '--step', '2', '--no-report', '--save-replays', 'none', '--workers', '0');
    expect(rp.code, rp.err).toBe(0);
    expect(rp.out).toContain(`report: ${join(tmp, 'rp', 'report.html')}`);

    const { chromium } = await import('playwright-core');
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
    try {
      const page = await browser.newPage({ viewport: { width: 1300, height: 900 } });
      await page.goto(pathToFileURL(join(tmp, 'opt', 'report.html')).href);
      // One dot a build, titled with it, in top.csv's order; the table beside it.
      const titles = await page.locator('.score-chart .wide svg circle title, .score-chart .wide svg g[aria-label="dot"] title').allTextContents();
      expect(titles.map((t) => t.split(':')[0])).toEqual(top);
      expect(await page.locator('#top-table tbody tr').count()).toBe(top.length);
      await page.goto(pathToFileURL(join(tmp, 'rp', 'report.html')).href);
      // Each part first: a row a part of prices.csv, the planted one's cost given → kept, what became of it in words.
      const judged = readCsv(join(tmp, 'rp', 'prices.csv'))!.rows;
      expect(await page.locator('#judged-table tbody tr').count()).toBe(judged.length);
      const db = judged.find((r) => r.part === 'dragon-breath')!;
      expect(db.kept).toBe('4');
      expect(await page.locator('#parts li').allTextContents()).toContain(db.sentence);
      expect(await page.locator('.before-after > div').count()).toBe(2);
      expect(await page.locator('.before-after h3').first().textContent()).toBe('Before: the sweep given');
      expect(await page.locator('#rounds-table tbody tr').count()).toBe(3);
      // A change was kept, so the page shows the re-check: the catalogue given and the kept one on a new seed.
      expect(await page.locator('#recheck h2').textContent()).toBe('Re-checked on a new sample');
      expect(await page.locator('#recheck-table tbody tr td:first-child').allTextContents()).toEqual(['given', 'kept']);
      expect(await page.locator('#beyond-table tbody tr td[data-col=part]').allTextContents()).toEqual(readCsv(join(tmp, 'rp', 'beyond.csv'))!.rows.map((r) => r.part));
      expect(await page.locator('#beyond-table tbody tr').count()).toBeGreaterThan(0);
      // The sections in their order: each part first, the parts beyond their budgets and the re-check after the rounds, the part-by-part comparison last.
      expect(await page.locator('main section').evaluateAll((els) => els.map((e) => e.id))).toEqual(['parts', 'before-after', 'rounds', 'beyond', 'recheck', 'comparison']);
      // It fits a phone: at 390 px nothing is wider than the screen (wide tables scroll inside their boxes), the key columns shown.
      const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
      await phone.goto(pathToFileURL(join(tmp, 'rp', 'report.html')).href);
      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      const shown = await phone.locator('#judged-table thead th').evaluateAll((els) => els.filter((e) => getComputedStyle(e).display !== 'none').map((e) => e.textContent));
      expect(shown).toEqual(['part', 'status', 'cost', 'worth [interval]']);
      const box = await phone.locator('#judged-table').boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    } finally {
      await browser.close();
    }
  }, 180_000);
});
