/**
 * The report's viewer switching between the true room and one seat's view
 * (What Blind Ninjas?, tracker against random), in headless Chromium: the
 * switch is there and keyboard reachable; a seat's view shows its own ninjas
 * only, its marks as the replay's slashes so far (grunt or swish, by
 * slasher), its words without enemy names, and for the tracker its belief
 * as a heat map equal to the replay's annotation. Saves a screenshot to
 * results/. Skipped, saying so, when /usr/bin/chromium is missing.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseReplay, type Replay } from '../../../src/store/replayFormat.js';
import type { TurnRecord } from '../../../src/rules/blind-ninjas/record.js';

const CHROMIUM = '/usr/bin/chromium';
const HAS_CHROMIUM = existsSync(CHROMIUM);
if (!HAS_CHROMIUM) console.warn(`viewer.e2e: ${CHROMIUM} is missing, so the browser checks are SKIPPED (install it: apt-get install -y chromium)`);
mkdirSync(resolve('results'), { recursive: true });
const DIR = mkdtempSync(join(resolve('results'), 'test-bn-viewer-'));
const SHOT = resolve('results/bn-seat-view.png');
afterAll(() => rmSync(DIR, { recursive: true, force: true }));

describe.skipIf(!HAS_CHROMIUM)(`the viewer's seat views in headless Chromium${HAS_CHROMIUM ? '' : ' — SKIPPED: /usr/bin/chromium is missing'}`, () => {
  type Page = import('playwright-core').Page;
  let browser: import('playwright-core').Browser;
  let page: Page;
  const errors: string[] = [];
  let replay: Replay;
  let index = 0;

  beforeAll(async () => {
    const cfg = join(DIR, 'bn.json');
    writeFileSync(cfg, JSON.stringify({ seed: 'seat-views', out: join(DIR, 'out'), runs: [{ name: 'duels', ruleset: 'blind-ninjas', bots: ['random', 'tracker'], schedule: { type: 'round-robin', games: 2 } }] }));
    const r = spawnSync(process.execPath, ['dist/src/cli/main.js', 'tournament', cfg, '--workers', '1', '--quiet', '--save-replays', 'all'], { encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    const dir = join(DIR, 'out', 'duels', 'replays');
    // The first replay in the viewer's list (sorted as the report sorts: by match id) where the tracker sits as B.
    const files = readdirSync(dir).filter((f) => f.endsWith('.jsonl')).sort((a, b) => Number(a.match(/\d+/)![0]) - Number(b.match(/\d+/)![0]));
    index = files.findIndex((f) => parseReplay(readFileSync(join(dir, f), 'utf8')).header.bots[1] === 'tracker');
    expect(index).toBeGreaterThanOrEqual(0);
    replay = parseReplay(readFileSync(join(dir, files[index]), 'utf8'));
    const { chromium } = await import('playwright-core');
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'] });
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await page.goto(pathToFileURL(join(DIR, 'out', 'duels', 'report.html')).href);
    await page.locator('#replay-select').selectOption(String(index));
  });

  afterAll(async () => {
    await browser?.close();
  });

  const pieces = () => page.locator('#board g.machine').evaluateAll((gs) => gs.map((g) => `${g.getAttribute('data-machine')}@${g.getAttribute('data-square')}`).sort());
  const pressed = () => page.locator('#view-switch button[aria-pressed=true]').getAttribute('data-seat');
  const steps = () => replay.steps as unknown as TurnRecord[];
  /** Where the living ninjas of `seat` (or all) stand after frame k. */
  const truth = (k: number, seat?: string) =>
    (k === 0 ? null : steps()[k - 1].ninjas)
      ?.map((x, i) => (x ? `${'AB'[Math.floor(i / 4)]}${(i % 4) + 1}@${x[0]}` : null))
      .filter((x): x is string => x !== null && (!seat || x.startsWith(seat)))
      .sort() ?? [];

  it('offers the true room and each seat, the true room first, and shows every ninja there', async () => {
    expect(await page.locator('#view-switch button').allInnerTexts()).toEqual(['true room', 'A heard', 'B heard']);
    expect(await pressed()).toBe('');
    const k = Math.min(20, steps().length);
    await page.locator('#step-slider').fill(String(k));
    expect(await pieces()).toEqual(truth(k));
    expect(await page.locator('#board .mark').count()).toBe(0);
    expect(await page.locator('#board .heat').count()).toBe(0);
    // The seat table in the game's words: no hearts, shields or loadout; how many ninjas each player has left.
    expect(await page.locator('#seats tr.head th').allTextContents()).toEqual(['', 'ninja', 'bot', 'ninjas alive', 'orders this turn']);
    const alive = (seat: string) => String(truth(k, seat).length);
    expect(await page.locator('#seats tr[data-machine="A1"] td.num').innerText()).toBe(alive('A'));
    expect(await page.locator('#seats tr[data-machine="B1"] td.num').innerText()).toBe(alive('B'));
  });

  it("B's view (the tracker): its own ninjas, a mark per slash so far, the belief of its latest decision as the heat map", async () => {
    await page.locator('#view-switch button[data-seat="B"]').click();
    expect(await pressed()).toBe('B');
    for (const k of [1, Math.min(20, steps().length), steps().length]) {
      await page.locator('#step-slider').fill(String(k));
      expect(await pieces()).toEqual(truth(k, 'B'));
      const marks = await page.locator('#board .mark').evaluateAll((ms) => ms.map((m) => `${m.getAttribute('data-by')}@${m.getAttribute('data-square')}:${m.getAttribute('data-kind')}`).sort());
      const slashes = steps().slice(0, k).flatMap((s) => s.slashes.map((x) => `${x.ninja[0]}@${x.square}:${x.grunts.length ? 'grunt' : 'swish'}`));
      // At most ten per cell are drawn: this match's cells are not slashed that often by then, or the count shows it.
      expect(marks.length).toBeLessThanOrEqual(slashes.length);
      if (k <= 20) expect(marks).toEqual(slashes.sort());
      let at = k - 1;
      while (at >= 0 && !replay.beliefs?.[at]?.B) at--;
      const heat = await page.locator('#board .heat').evaluateAll((hs) => Object.fromEntries(hs.map((h) => [h.getAttribute('data-square'), Number(h.getAttribute('data-weight'))])));
      expect(heat).toEqual(at >= 0 ? replay.beliefs![at]!.B : {});
      const words = await page.locator('#events li').allInnerTexts();
      for (const w of words) expect(w).not.toMatch(/\bA[1-4]\b/);
    }
    expect(await page.locator('#belief-legend').innerText()).toMatch(/belief when it decided in turn \d+: 0/);
  });

  it("A's view (random): its ninjas only and no heat map, said so; V cycles the views and the buttons take the keyboard", async () => {
    await page.locator('#view-switch button[data-seat="A"]').click();
    const k = Math.min(10, steps().length);
    await page.locator('#step-slider').fill(String(k));
    expect(await pieces()).toEqual(truth(k, 'A'));
    expect(await page.locator('#board .heat').count()).toBe(0);
    expect(await page.locator('#view-note').innerText()).toContain('exposed no belief');
    await page.locator('#viewer').focus();
    await page.keyboard.press('v');
    expect(await pressed()).toBe('B');
    await page.keyboard.press('v');
    expect(await pressed()).toBe('');
    expect(await pieces()).toEqual(truth(k));
    await page.locator('#view-switch button[data-seat="A"]').focus();
    await page.keyboard.press('Enter');
    expect(await pressed()).toBe('A');
    expect(await page.locator('#viewer').getAttribute('data-view-seat')).toBe('A');
  });

  it('saves a screenshot of the tracker\'s view to results/', async () => {
    await page.locator('#view-switch button[data-seat="B"]').click();
    await page.locator('#step-slider').fill(String(Math.min(14, steps().length)));
    await page.locator('#viewer').screenshot({ path: SHOT });
    expect(existsSync(SHOT)).toBe(true);
    expect(errors).toEqual([]);
  });
});
