/**
 * Battle Engine in the report's viewer: the board view of a replay (frames
 * re-simulated from its game and steps: the deployment as placed, then as
 * revealed, then a frame a step), and the viewer drawing it in headless
 * Chromium — ranks, pips, badges, the no man's land band — from a replay
 * recorded by the compiled `havoc match` and a report by `havoc report`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseReplay, type Replay } from '../../src/store/replayFormat.js';
import { loadScenario, playScenario } from '../../src/match/scenario.js';
import type { BoardView } from '../../src/core/game.js';
import { defaultBattleEngine } from '../../src/rules/battle-engine/module.js';

const CHROMIUM = '/usr/bin/chromium';
const mod = defaultBattleEngine();

/** The board view of a scenario file's play, as a replay of it would give. */
function scenarioView(name: string): { view: BoardView; records: Record<string, unknown>[] } {
  const sc = loadScenario(JSON.parse(readFileSync(`test/scenarios/battle-engine-${name}.json`, 'utf8')), name);
  const records: Record<string, unknown>[] = [];
  playScenario(sc, (r) => records.push(r as Record<string, unknown>));
  const view = mod.present!.boardView!(JSON.parse(JSON.stringify(mod.describeGame!(sc.game as never))), records);
  if (!view) throw new Error('no board view');
  return { view, records };
}

describe('the Battle Engine board view', () => {
  it('a frame for the deployment as placed, one as revealed, then one a step, each piece with its rank, hit points, bonus and badges', () => {
    const { view, records } = scenarioView('lost-bonus');
    expect(view.frames).toHaveLength(records.length + 1);
    expect(view.board).toMatchObject({ width: 8, height: 7, bands: [{ row: 4, label: "no man's land" }], programs: 'actors' });
    expect(view.pieces.map((p) => [p.name, p.label, p.seat])).toEqual([
      ['A.ltc', 'ltc', 0], ['A.maj', 'maj', 0], ['A.pvt', 'pvt', 0], ['B.ltn', 'ltn', 1], ['B.msgt', 'msgt', 1],
    ]);
    const [placed, revealed] = view.frames;
    expect(placed).toMatchObject({ name: 'deployment, as placed', t: 0, s: 0 });
    expect(placed.m[0]).toEqual(['c3', '', 3, 1, true, ['★']]); // the Lt. Col: 3 hit points and the Major's bonus
    expect(placed.m[4]).toEqual(['c5', '', 3, 0, true, ['➶1']]);
    // Revealed: what the other side saw is officer or not: the M. Sgt's arrow is not shown, the officers' ★ is.
    expect(revealed).toMatchObject({ name: 'deployment, revealed', veiled: true });
    expect(revealed.m.map((p) => p[5])).toEqual([['★'], ['★'], [], ['★'], []]);
    expect(revealed.ev).toContain('A starts');
    // The first hit on the Lt. Col: one hit point of his own gone, hit this step, the square under the M. Sgt's fire.
    const hit = view.frames.findIndex((f) => f.c['B.msgt'] === 'h c4 c3');
    expect(view.frames[hit]).toMatchObject({ t: 2, s: 2, hit: [0], hot: [[4, 'c3']] });
    expect(view.frames[hit].m[0].slice(0, 4)).toEqual(['c3', '', 2, 1]);
    expect(view.frames[hit].m[4][5]).toEqual(['➶1']);
    // The Major moves away: the Lt. Col dies of the lost bonus, and is off the board as killed.
    const move = view.frames.findIndex((f) => f.c['A.maj'] === 'm b3 b4');
    expect(view.frames[move].m[0]).toEqual([null, '', 0, 0, false, ['killed']]);
    expect(view.frames[move].ev).toContain('A Lt. Col c3 dies: its bonus was all that kept it alive');
  });

  it('marks panic, and the rest of a side surrendered when its last officer falls', () => {
    const { view } = scenarioView('surrender');
    expect(view.frames.at(-1)!.m.slice(0, 3).map((p) => p[5])).toEqual([['killed'], ['surrendered'], ['surrendered']]);
  });

  it('gives no view of another roster\'s game or of records that do not replay', () => {
    const { records } = scenarioView('arrow');
    const desc = mod.describeGame!(loadScenario(JSON.parse(readFileSync('test/scenarios/battle-engine-arrow.json', 'utf8')), 'f').game as never) as Record<string, unknown>;
    expect(mod.present!.boardView!({ ...desc, rosterHash: 'other' }, records)).toBeNull();
    expect(mod.present!.boardView!(desc, [records[0], { ...records[1], action: 's c3 c7' }])).toBeNull();
  });
});

describe.skipIf(!existsSync(CHROMIUM))('a Battle Engine replay in the report\'s viewer (headless Chromium)', () => {
  mkdirSync(resolve('results'), { recursive: true });
  const DIR = mkdtempSync(join(resolve('results'), 'test-be-viewer-'));
  let replay: Replay;
  let view: BoardView;
  type Page = import('playwright-core').Page;
  let browser: import('playwright-core').Browser;
  let page: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    mkdirSync(join(DIR, 'replays'));
    const army = 'col+maj+msgt*2+sgt*2+pvt';
    const run = (...args: string[]) => spawnSync(process.execPath, ['dist/src/cli/main.js', ...args], { encoding: 'utf8' });
    const m = run('match', '--ruleset', 'battle-engine', '--bots', 'random,commander', '--loadouts', `${army},${army}`, '--seed', '3', '--quiet', '--replay', join(DIR, 'replays', 'match-0.jsonl'));
    expect(m.status, m.stderr).toBe(0);
    const r = run('report', DIR);
    expect(r.status, r.stderr).toBe(0);
    replay = parseReplay(readFileSync(join(DIR, 'replays', 'match-0.jsonl'), 'utf8'), 'match-0.jsonl');
    view = mod.present!.boardView!(replay.header.game, replay.steps)!;
    const { chromium } = await import('playwright-core');
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'] });
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(pathToFileURL(join(DIR, 'report.html')).href);
  });
  afterAll(async () => {
    await browser?.close();
    rmSync(DIR, { recursive: true, force: true });
  });

  const pieces = (p: Page) =>
    p.locator('#board g.machine').evaluateAll((gs) => gs.map((g) => [g.getAttribute('data-machine'), g.getAttribute('data-square'), g.getAttribute('data-hearts'), g.getAttribute('data-shields'), g.getAttribute('data-badges'), g.querySelector('.mname')?.textContent ?? null]));

  it('draws the deployment with ranks, pips and badges, and no man\'s land as a band', async () => {
    expect(errors).toEqual([]);
    expect(await page.locator('#viewer').getAttribute('data-view')).toBe('board');
    expect(Number(await page.locator('#step-slider').getAttribute('max'))).toBe(replay.steps.length);
    expect(await page.locator('#step-label').innerText()).toMatch(/^deployment, as placed \(0\//);
    expect(await page.locator('#board rect.band[data-row="4"]').count()).toBe(1);
    expect(await page.locator('#board .band-label').textContent()).toBe("no man's land");
    const drawn = await pieces(page);
    const want = view.frames[0].m.map((p, i) => [view.pieces[i].name, p[0], String(p[2]), String(p[3]), (p[5] ?? []).join(' '), view.pieces[i].label]);
    expect(drawn).toEqual(want);
    expect(drawn.find((d) => d[0] === 'A.col')).toEqual(['A.col', expect.any(String), '4', expect.any(String), '★', 'col']);
    expect(drawn.find((d) => d[0] === 'B.msgt1')).toEqual(['B.msgt1', expect.any(String), '3', '0', '➶1', 'msgt']);
    expect(await page.locator('#board g.machine polygon.arrow').count()).toBe(0);
    expect(await page.locator('#legend .badge-key dt').allTextContents()).toContain('★');
    // The seat table in Battle Engine's words, its figures each piece's hit points and bonus.
    expect(await page.locator('#seats tr.head th').allTextContents()).toEqual(['', 'piece', 'bot', 'type', 'hp', 'bonus', 'marks', 'step this turn']);
    const row = page.locator('#seats tr[data-machine="A.col"] td.num');
    expect(await row.allTextContents()).toEqual([String(view.frames[0].m[view.pieces.findIndex((p) => p.name === 'A.col')][2]), expect.any(String)]);
  });

  it('the revealed frame shows officer or not only', async () => {
    await page.locator('#step-next').click();
    expect(await page.locator('#viewer').getAttribute('data-veiled')).toBe('true');
    const labels = await page.locator('#board g.machine .mname').evaluateAll((ts) => ts.map((t) => t.textContent));
    expect(labels.filter((l) => l === '★')).toHaveLength(4); // two officers a side
    expect(labels.filter((l) => l === '•')).toHaveLength(10);
    expect(await page.locator('#board g.machine .pip').count()).toBe(0);
  });

  it('a hit: the target\'s pips drop, it is ringed, and only the acting piece has a program', async () => {
    const k = view.frames.findIndex((f) => f.hit.length > 0 && f.m[f.hit[0]][0] !== null);
    await page.locator('#step-slider').fill(String(k));
    const target = view.pieces[view.frames[k].hit[0]].name;
    const before = view.frames[k - 1].m[view.frames[k].hit[0]], after = view.frames[k].m[view.frames[k].hit[0]];
    expect(after[2] + after[3]).toBe(before[2] + before[3] - 1);
    const g = page.locator(`#board g.machine[data-machine="${target}"]`);
    expect(await g.getAttribute('data-hearts')).toBe(String(after[2]));
    expect(await g.locator('.hit-ring').count()).toBe(1);
    expect(await page.locator('#seats td.program .cmd').count()).toBeGreaterThan(0);
    const acting = Object.keys(view.frames[k].c);
    expect(await page.locator('#seats tr:has(td.program .cmd)').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-machine')))).toEqual(acting);
    expect(errors).toEqual([]);
  });
});
