/**
 * `havoc meta` end to end through the compiled CLI: a small greedy NHM sweep,
 * then its metagame (the top builds' round robin in DIR/meta, the equilibrium
 * by HiGHS, α-Rank, the part shares, bootstrapped), checked against the games
 * it was solved from; the same bytes when run again; one-line errors for bad input; and the
 * meta run's report drawn in headless Chromium (skipped, saying so, without
 * /usr/bin/chromium).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCsv } from '../../src/report/htmlCsv.js';
import { exploitability } from '../../src/stats/zeroSum.js';
import { pctWords } from '../../src/report/plots.js';

const havoc = (...args: string[]) => {
  const r = spawnSync(process.execPath, ['dist/src/cli/main.js', ...args], { encoding: 'utf8', timeout: 300_000 });
  return { code: r.status, out: r.stdout, err: r.stderr };
};

mkdirSync(resolve('results'), { recursive: true });
const ROOT = mkdtempSync(join(resolve('results'), 'test-meta-'));
const RUN = join(ROOT, 'sweep');
const META = join(RUN, 'meta');
// Few resamples keep the suite quick: the bootstrap's numbers are tested in test/unit/meta-bootstrap.test.ts.
const K = 6, GAMES = 4, BOOT = '40';
const files = ['meta.csv', 'meta-parts.csv', 'meta.json'];

beforeAll(() => {
  const config = join(ROOT, 'sweep.json');
  writeFileSync(config, JSON.stringify({ ruleset: 'nhm', bots: ['greedy'], schedule: { type: 'sweep', matches: 120, sample: 12 }, seed: 'meta-test', out: RUN }));
  const s = havoc('sweep', config, '--workers', '0', '--quiet', '--no-report', '--save-replays', 'none');
  expect(s.code, s.err).toBe(0);
  const m = havoc('meta', RUN, '--top', String(K), '--games', String(GAMES), '--bootstrap', BOOT, '--workers', '0', '--quiet');
  expect(m.code, m.err).toBe(0);
  expect(m.out).toMatch(new RegExp(`metagame of the top ${K} builds`));
});

afterAll(() => rmSync(ROOT, { recursive: true, force: true }));

describe('havoc meta', () => {
  it('plays every pair of the top K builds GAMES times in DIR/meta', () => {
    const matchups = readCsv(join(META, 'matchups.csv'))!;
    expect(matchups.rows.length).toBe((K * (K - 1)) / 2);
    for (const r of matchups.rows) expect(Number(r.games)).toBe(GAMES);
    // The K builds are the run's best by rating.
    const run = readCsv(join(RUN, 'loadouts.csv'))!.rows.sort((a, b) => Number(b.rating) - Number(a.rating));
    const meta = readCsv(join(META, 'meta.csv'))!;
    expect(new Set(meta.rows.map((r) => r.key))).toEqual(new Set(run.slice(0, K).map((r) => r.key)));
  });

  it('writes an equilibrium that no build exploits on the games it was solved from', () => {
    const meta = readCsv(join(META, 'meta.csv'))!;
    const summary = JSON.parse(readFileSync(join(META, 'meta.json'), 'utf8'));
    expect(summary).toMatchObject({ format: 'havoc-meta/1', top: K, gamesPerPair: GAMES, games: (GAMES * K * (K - 1)) / 2, missingPairs: 0 });
    expect(summary.solver).toContain('HiGHS');
    const weights = meta.rows.map((r) => Number(r.equilibrium_weight));
    expect(weights.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 5);
    expect(meta.rows.filter((r) => r.in_support === 'yes').length).toBe(summary.equilibrium.support);
    expect(meta.rows.map((r) => Number(r.alpha_rank)).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 5);
    // The payoff matrix rebuilt from matchups.csv: the written weights leave the best reply nothing (up to the 6 decimals written).
    const names = meta.rows.map((r) => r.loadout);
    const at = new Map(names.map((n, i) => [n, i]));
    const payoff = names.map(() => names.map(() => 0));
    for (const r of readCsv(join(META, 'matchups.csv'))!.rows) {
      const i = at.get(r.a)!, j = at.get(r.b)!;
      const score = (Number(r.a_wins) + Number(r.draws) / 2) / Number(r.games);
      payoff[i][j] = score - 0.5;
      payoff[j][i] = 0.5 - score;
    }
    expect(exploitability(payoff, weights).gain).toBeLessThan(1e-5);
    expect(summary.equilibrium.exploitability).toBeLessThan(1e-6);
    // A build outside the support does no better than even against the mix (else it would be in it).
    for (const r of meta.rows) expect(Number(r.score_vs_equilibrium)).toBeLessThanOrEqual(0.5 + 1e-4);
    expect(typeof summary.equilibrium.heldOutExploitability).toBe('number');
  });

  it('gives each part its share of the equilibrium, flagged', () => {
    const meta = readCsv(join(META, 'meta.csv'))!;
    const parts = readCsv(join(META, 'meta-parts.csv'))!;
    const summary = JSON.parse(readFileSync(join(META, 'meta.json'), 'utf8'));
    const support = meta.rows.filter((r) => r.in_support === 'yes');
    for (const p of parts.rows) {
      // A part's share: the weights of the field's builds whose key holds it (NHM keys list parts by name).
      const holds = (key: string): boolean => key.split(/[/+]/).includes(p.part);
      const share = meta.rows.filter((r) => holds(r.key)).reduce((a, r) => a + Number(r.equilibrium_weight), 0);
      expect(Number(p.equilibrium_share)).toBeCloseTo(share, 5);
      expect(Number(p.builds_in_field)).toBe(meta.rows.filter((r) => holds(r.key)).length);
      const inSupport = support.filter((r) => holds(r.key)).length;
      // A flag stands only where fewer than 5% of the resamples' equilibria contradict it.
      const never = inSupport === 0 && Number(p.support_frequency) < 0.05;
      const every = inSupport > 0 && inSupport === support.length && 1 - Number(p.in_every_frequency) < 0.05;
      const flag = Number(p.builds_in_field) === 0 ? 'not-in-top-k' : never ? 'never' : every ? 'in-every' : '';
      expect(p.flag, p.part).toBe(flag);
      // A resample plays a part whenever it plays a build holding it: at least the most often played such build's frequency.
      const most = Math.max(0, ...meta.rows.filter((r) => holds(r.key)).map((r) => Number(r.support_frequency)));
      expect(Number(p.support_frequency)).toBeGreaterThanOrEqual(most - 1e-9);
      expect(Number(p.equilibrium_share_lo)).toBeLessThanOrEqual(Number(p.equilibrium_share_hi));
    }
    expect(summary.parts.inEvery).toEqual(parts.rows.filter((p) => p.flag === 'in-every').map((p) => p.part));
    expect(summary.parts.never).toEqual(parts.rows.filter((p) => p.flag === 'never').map((p) => p.part));
    // Every resample's equilibrium plays some build; meta.json's frequencies are meta.csv's.
    expect(summary.bootstrap).toMatchObject({ resamples: Number(BOOT), settledBelow: 0.05 });
    expect(meta.rows.reduce((a, r) => a + Number(r.support_frequency), 0)).toBeGreaterThanOrEqual(1);
    expect(Object.entries(summary.bootstrap.supportFrequency)).toEqual(meta.rows.map((r) => [r.loadout, Number(r.support_frequency)]));
    // The run's win rate with each part is carried over from its parts.csv.
    const run = new Map(readCsv(join(RUN, 'parts.csv'))!.rows.map((r) => [r.part, r.win_rate_with]));
    for (const p of parts.rows) if (run.get(p.part)) expect(p.run_win_rate_with).toBe(run.get(p.part));
  });

  it('run again, plays nothing and writes the same bytes', () => {
    const before = files.map((f) => readFileSync(join(META, f), 'utf8'));
    const matches = readFileSync(join(META, 'matches.csv'), 'utf8');
    const r = havoc('meta', RUN, '--top', String(K), '--games', String(GAMES), '--bootstrap', BOOT, '--workers', '0', '--quiet', '--no-report');
    expect(r.code, r.err).toBe(0);
    expect(files.map((f) => readFileSync(join(META, f), 'utf8'))).toEqual(before);
    expect(readFileSync(join(META, 'matches.csv'), 'utf8')).toBe(matches);
  });

  it('refuses bad input with one line naming what is wrong', () => {
    // A run between bots (its folder's config.json is all havoc meta reads before refusing it).
    const saved = JSON.parse(readFileSync(join(RUN, 'config.json'), 'utf8'));
    mkdirSync(join(ROOT, 'bots'));
    writeFileSync(join(ROOT, 'bots', 'config.json'), JSON.stringify({ ...saved, run: { ...saved.run, between: 'bots' } }));
    // A run of builds whose loadouts.csv lists none.
    mkdirSync(join(ROOT, 'empty'));
    writeFileSync(join(ROOT, 'empty', 'config.json'), JSON.stringify(saved));
    writeFileSync(join(ROOT, 'empty', 'loadouts.csv'), readFileSync(join(RUN, 'loadouts.csv'), 'utf8').split('\n')[0] + '\n');
    const cases: [string[], RegExp][] = [
      [[join(ROOT, 'empty')], /has no builds in loadouts\.csv/],
      [[join(ROOT, 'nowhere')], /no run here/],
      [[RUN, '--top', '99'], /--top: 99 is more builds than the run has \(12/],
      [[RUN, '--games', '3'], /--games: must be an even/],
      [[RUN, '--top', '5', '--games', String(GAMES)], /holds a different run/],
      [[join(ROOT, 'bots')], /a run between bots/],
    ];
    for (const [args, says] of cases) {
      const r = havoc('meta', ...args, '--quiet');
      expect(r.code, args.join(' ')).toBe(1);
      expect(r.err).toMatch(says);
      expect(r.err.trim().split('\n')).toHaveLength(1);
      expect(r.err).not.toMatch(/\n\s+at /);
    }
  });
});

const CHROMIUM = '/usr/bin/chromium';
const HAS_CHROMIUM = existsSync(CHROMIUM);
if (!HAS_CHROMIUM) console.warn(`meta: ${CHROMIUM} is missing, so the report's browser check is SKIPPED (apt-get install -y chromium)`);

describe.skipIf(!HAS_CHROMIUM)('the metagame in the meta run\'s report (headless Chromium)', () => {
  it('draws the equilibrium weights and the part shares with Plot, and the tables, with no script error', async () => {
    const { chromium } = await import('playwright-core');
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'] });
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(String(e)));
      await page.goto(pathToFileURL(join(META, 'report.html')).href);
      const meta = readCsv(join(META, 'meta.csv'))!;
      // Drawn: the builds with weight, α-Rank mass, or in 5% of the resamples' equilibria.
      const drawn = meta.rows.filter((r) => Number(r.equilibrium_weight) > 0 || Number(r.alpha_rank) >= 0.01 || Number(r.support_frequency) >= 0.05);
      // One bar a drawn build, as wide as its weight (Plot's bars: x from 0 to the weight on a 0–100% axis).
      const bars = page.locator('#meta-builds-chart .wide svg [aria-label=bar] rect');
      expect(await bars.count()).toBe(drawn.length);
      const widths = await bars.evaluateAll((rs) => rs.map((r) => r.getBoundingClientRect().width));
      const axis = await page.locator('#meta-builds-chart .wide svg [aria-label="x-axis tick"] path').evaluateAll((ps) => ps.map((p) => p.getBoundingClientRect().x));
      const full = axis[axis.length - 1] - axis[0];
      widths.forEach((w, i) => expect(w / full).toBeCloseTo(Number(drawn[i].equilibrium_weight), 1));
      const parts = readCsv(join(META, 'meta-parts.csv'))!.rows.filter((r) => Number(r.builds_in_field) > 0);
      expect(await page.locator('#meta-parts-chart .wide svg [aria-label="y-axis tick label"] text').count()).toBe(parts.length);
      expect(await page.locator('#meta-table tbody tr').count()).toBe(K);
      expect(await page.locator('#meta').innerText()).toContain('HiGHS');
      // Bootstrapped: the note in words, and each drawn build's support frequency at the right of its bar.
      expect(await page.locator('#meta .meta-bootstrap').innerText()).toMatch(/resampled 40 times/);
      const said = await page.locator('#meta-builds-chart .wide svg [aria-label=text] text:not([aria-label])').evaluateAll((ts) => ts.map((t) => t.firstChild?.nodeValue)); // the text, not its tooltip
      expect(said).toEqual(drawn.map((r) => `in ${pctWords(Number(r.support_frequency))} of resamples`));
      // Each drawn build's whole name above its bar (wrapped, never cut: a sweep's keys run past 60 characters).
      const names = await page.locator('#meta-builds-chart .wide svg [aria-label=text] text[aria-label]').evaluateAll((ts) => ts.map((t) => [t.getAttribute('aria-label'), t.textContent]));
      expect(names.map(([label]) => label)).toEqual(drawn.map((r) => r.loadout));
      for (const [label, shown] of names) expect(shown!.replace(/\s+/g, '')).toBe(label);
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
