/**
 * `havoc serve` end to end, through the compiled CLI: a contest on Robo Battle
 * Pigs (short games) played by the server's thread and a remote worker
 * (`havoc serve-worker`), a Python bot and a TypeScript bot sent with `havoc
 * submit`, a JavaScript bot by the web form's multipart files, each checked
 * and ranked by the live ladder; the pages (names, never the storage's
 * paths; stderr for its entrant alone), in headless Chromium at 390 px and
 * desktop; then the server and the worker killed (SIGKILL) mid-ladder and
 * started again:
 * every match is written once (ids dense per pair, the matches queued at the
 * kill played after it), the ratings equal a replay of the stored results,
 * and a stored match re-simulates with `havoc replay --verify`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { havoc } from '../cli-helpers.js';
import { rawZip } from '../zip-fixture.js';
import { rateResults, type Result } from '../../src/serve/ratings.js';
import { servedUrl } from '../../src/serve/address.js';

const CHROMIUM = '/usr/bin/chromium';
const dir = mkdtempSync(join(tmpdir(), 'serve51-e2e-'));
// The sandboxed bots run as users of their own: they must pass through the storage's folders.
chmodSync(dir, 0o755);
const contest = join(dir, 'contest.json');
const db = join(dir, 'c.db');
const SCREENS = 'results/serve-screens';

writeFileSync(
  contest,
  JSON.stringify({ ruleset: 'rbp', bots: ['random'], seed: 'serve-e2e', turnLimit: 12, maxFaults: 5, budget: { ms: 1000, firstMs: 5000 }, serve: { checkGames: 2, newGames: 2, newOpponents: 3, leaseSeconds: 5 } }),
);

/** A server process and its address (read from its first line). */
async function start(): Promise<{ proc: ChildProcess; url: string; out: () => string }> {
  const proc = spawn(process.execPath, ['dist/src/cli/main.js', 'serve', contest, '--port', '0', '--db', db, '--workers', '1', '--organiser-token', 'org-secret'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  proc.stdout!.on('data', (d) => (out += d));
  proc.stderr!.on('data', (d) => (out += d));
  const url = await servedUrl(proc, () => out);
  return { proc, url, out: () => out };
}

/** A remote worker (havoc serve-worker) on the server at `url`: its own cache, as on another machine. */
function startWorker(url: string, cache: string): ChildProcess {
  return spawn(process.execPath, ['dist/src/cli/main.js', 'serve-worker', url, '--token', 'org-secret', '--threads', '1', '--cache', join(dir, cache)], { stdio: 'ignore' });
}

/** POSTs an organiser's action (the JSON answer asked for). */
const organiser = (path: string, body: Record<string, string> = {}): Promise<Response> =>
  fetch(`${server.url}/organiser/${path}`, { method: 'POST', body: new URLSearchParams(body), headers: { authorization: 'Bearer org-secret', accept: 'application/json' } });

const json = async <T>(url: string): Promise<T> => (await (await fetch(url, { headers: { accept: 'application/json' } })).json()) as T;

/** Polls until `ok` holds (bounded: two minutes on a busy machine). */
async function until(what: string, ok: () => Promise<boolean>): Promise<void> {
  const end = Date.now() + 120_000;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

interface Board {
  done: number;
  queued: number;
  standings: { entrant: string; elo: number | null; games: number; wins: number; draws: number; losses: number }[];
}

let server: Awaited<ReturnType<typeof start>>;
let worker: ChildProcess;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  server = await start();
  worker = startWorker(server.url, 'worker-1');
  // The ladder paused but while it is what a test looks at (the ranking, the kill): it keeps the server's thread and
  // the worker's busy, each match of two sandboxed bots about half a second of CPU. Checks and finals play paused.
  await organiser('pause');
});
afterAll(() => {
  server?.proc.kill('SIGKILL');
  worker?.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

describe('havoc serve', () => {
  it('takes a Python and a TypeScript bot by havoc submit and a JavaScript bot by the web form, each checked at once', async () => {
    for (const b of ['python', 'typescript']) {
      const r = havoc('submit', server.url, `bots/starters/${b}`, '--json');
      expect(r.err).toBe('');
      const a = JSON.parse(r.out) as { entrant: string; ok: boolean; token: string; check: { games: unknown[] } };
      expect(a, r.out).toMatchObject({ entrant: `${b}-starter`, ok: true });
      expect(a.check.games).toHaveLength(2);
      tokens[a.entrant] = a.token;
    }
    const form = new FormData();
    for (const f of ['bot.json', 'bot.js']) form.append('files', new Blob([readFileSync(`bots/starters/javascript/${f}`)]), f);
    const res = await fetch(`${server.url}/submit`, { method: 'POST', body: form });
    expect(res.status).toBe(200);
    const page = await res.text();
    expect(page).toContain('Checked: it plays, and it entered the ladder.');
    tokens['javascript-starter'] = /<pre>([A-Za-z0-9_-]{20,})<\/pre>/.exec(page)![1];
    // Submitting again under a taken name needs its token.
    const again = havoc('submit', server.url, 'bots/starters/python');
    expect(again.code).toBe(1);
    expect(again.err).toBe('error: the server: python-starter: this entrant exists: send its token (given at its first submission) to submit again\n');
  });

  it("takes a .zip; refuses a TypeScript bot that throws, its fault placed in its own .ts file (the bundle's source map), not the bundle", () => {
    // A zip of its folder, as an entrant's zip tool makes one (a folder entry, then its files).
    const bot = join(dir, 'thrower.zip');
    writeFileSync(bot, rawZip([
      { name: 'thrower/', mode: 0o040755 },
      { name: 'thrower/bot.json', data: JSON.stringify({ name: 'thrower', language: 'TypeScript', bot: 'bot.ts', rulesets: ['rbp'] }) },
      { name: 'thrower/bot.ts', data: "import { plan } from './helper.js';\nexport default function make() {\n  return { program: (o: { turn: number }): string[] => plan(o.turn) };\n}\n" },
      { name: 'thrower/helper.ts', data: "// A helper the bot imports.\nexport function plan(turn: number): string[] {\n  if (turn >= 1) throw new Error(`no plan for turn ${turn}`);\n  return ['F', 'F', 'F', 'F', 'F'];\n}\n" },
    ]));
    const r = havoc('submit', server.url, bot, '--json');
    const a = JSON.parse(r.out) as { ok: boolean; check: { games: { faults: { kind: string; where: string | null }[] }[] } };
    expect(a.ok, r.out).toBe(false);
    const thrown = a.check.games.flatMap((g) => g.faults).filter((f) => f.kind === 'throw');
    expect(thrown.length).toBeGreaterThan(0);
    for (const f of thrown) expect(f.where).toBe('helper.ts:3');
    // A zip holding a symlink is refused with one line, before anything is checked.
    const link = join(dir, 'link.zip');
    writeFileSync(link, rawZip([{ name: 'bot.json', data: '{"name":"linker","bot":"bot.js"}' }, { name: 'bot.js', data: '/etc/passwd', mode: 0o120777 }]));
    const refused = havoc('submit', server.url, link);
    expect(refused.code).toBe(1);
    expect(refused.err).toBe('error: the server: link.zip: bot.js: is a symlink: only files and folders are taken (links could reach outside the submission)\n');
  });

  it('refuses an upload that would climb out of its folder, with one line', async () => {
    const form = new FormData();
    form.append('files', new Blob(['{"name":"evil","bot":"../../../etc/x.js"}']), 'bot.json');
    form.append('files', new Blob(['x']), 'x.js');
    const r = await fetch(`${server.url}/submit`, { method: 'POST', body: form, headers: { accept: 'application/json' } });
    expect(r.status).toBe(400);
    expect(await r.json()).toEqual({ error: `bot.json: bot: "../../../etc/x.js" is outside the submission's folder: name its own files, relative to bot.json` });
  });

  it('ranks every entrant on the live ladder', async () => {
    expect(await (await organiser('resume')).json()).toMatchObject({ paused: false });
    await until('every entrant rated', async () => {
      const b = await json<Board>(`${server.url}/api/leaderboard`);
      return b.standings.length === 4 && b.standings.every((s) => s.elo !== null && s.games >= 4);
    });
    const b = await json<Board>(`${server.url}/api/leaderboard`);
    expect(b.standings.map((s) => s.entrant).sort()).toEqual(['javascript-starter', 'python-starter', 'random', 'typescript-starter']);
    for (const s of b.standings) expect(s.wins + s.draws + s.losses).toBe(s.games);
    expect(await (await organiser('pause')).json()).toMatchObject({ paused: true }); // till the kill, below
  });

  it('serves the pages with names, never the storage paths; stderr for its entrant alone', async () => {
    const home = await (await fetch(`${server.url}/`)).text();
    for (const n of ['python-starter', 'javascript-starter', 'typescript-starter', 'random']) expect(home).toContain(`/entrants/${n}`);
    const page = await (await fetch(`${server.url}/entrants/python-starter`)).text();
    expect(page).toMatch(/[\d,]+ decisions of its current submission, against a budget of <b>1,000 ms<\/b> a decision/);
    // Its CPU time (the budget's clock) and the wall clock's: mean, p99, max.
    expect(page).toMatch(/<th>CPU time \(the budget's clock\)<\/th>(<td class="n">[\d,]+\.\d\d<\/td>){2}<td class="n">[\d,]+\.\d\d/);
    expect(page).toMatch(/<th>wall clock<\/th>(<td class="n">[\d,]+\.\d\d<\/td>){2}<td class="n">[\d,]+\.\d\d/);
    const id = /href="\/matches\/(L[\d-]+)"/.exec(page)![1];
    const replay = await (await fetch(`${server.url}/matches/${id}`)).text();
    const raw = await (await fetch(`${server.url}/matches/${id}/replay.jsonl`)).text();
    for (const text of [home, page, replay, raw]) expect(text).not.toContain(dir);
    expect(JSON.parse(raw.split('\n')[0]).header.bots).toContain('python-starter');
    // A bot's stderr: its entrant's, with its token (200, or 404 when it wrote none); nobody else's.
    const stderr = async (seat: number, token?: string): Promise<number> => (await fetch(`${server.url}/matches/${id}/stderr/${seat}`, token ? { headers: { authorization: `Bearer ${token}` } } : {})).status;
    expect([await stderr(0), await stderr(1)]).toEqual([403, 403]);
    const own = [await stderr(0, tokens['python-starter']), await stderr(1, tokens['python-starter'])];
    expect(own.filter((s) => s === 403)).toHaveLength(1);
    expect(own.filter((s) => s === 200 || s === 404)).toHaveLength(1);
    expect((await fetch(`${server.url}/organiser`)).status).toBe(403);
    expect((await fetch(`${server.url}/organiser?token=org-secret`)).status).toBe(200);
  });

  it('the organiser freezes submissions and plays a final round robin among the top 3', async () => {
    const post = (path: string, body: Record<string, string>) => organiser(path.replace('/organiser/', ''), body);
    expect((await fetch(`${server.url}/organiser/final`, { method: 'POST', body: new URLSearchParams({ top: '3', games: '2' }) })).status).toBe(403);
    expect(await (await post('/organiser/final', { top: '3', games: '3' })).json()).toEqual({ error: 'games: must be an even whole number ≥ 2 (seat-swapped), not "3"' });
    expect((await post('/organiser/final', { top: '3', games: '2' })).status).toBe(200);
    const late = havoc('submit', server.url, 'bots/contest/faulty');
    expect(late.err).toBe('error: the server: submission: the contest is frozen: it takes no more submissions\n');
    await until('the final to be played', async () => (await (await fetch(`${server.url}/`)).text()).includes('6 of 6 games played (top 3, 2 games a pair)'));
    // Open again; the ladder plays on after the final (resumed by the kill test; the final's standing stays above it).
    await post('/organiser/unfreeze', {});
  });

  it.skipIf(!existsSync(CHROMIUM))('fits a phone (390 px) and a desktop in Chromium', async () => {
    const { chromium } = await import('playwright-core');
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu'] });
    try {
      // One page, its viewport set for each size: a page for each cost 0.6-0.9 s of CPU more (its own renderer; measured alone).
      const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
      for (const [w, h, tag] of [[390, 844, 'phone'], [1280, 800, 'desktop']] as const) {
        await page.setViewportSize({ width: w, height: h });
        for (const [path, name] of [['/', 'leaderboard'], ['/entrants/python-starter', 'entrant']] as const) {
          await page.goto(`${server.url}${path}`);
          // Nothing wider than the screen: rating and W-D-L on it.
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(w);
          if (name === 'leaderboard') {
            const cells = await page.$$eval('tbody tr:first-child td', (tds) => tds.map((td) => td.getBoundingClientRect().right));
            expect(Math.max(...cells)).toBeLessThanOrEqual(w);
          }
          await page.screenshot({ path: `${SCREENS}/${name}-${tag}.png`, fullPage: true });
        }
        await page.goto(`${server.url}/entrants/python-starter`);
        await page.click('a[href^="/matches/L"]');
        await page.waitForSelector('#replay-select');
        expect(await page.$eval('#replay-select', (s) => (s as HTMLSelectElement).options[0].text)).toContain('python-starter');
        await page.screenshot({ path: `${SCREENS}/replay-${tag}.png` });
      }
      await page.close();
    } finally {
      await browser.close();
    }
  });

  it('killed mid-ladder and started again: every match written once, ratings equal to a replay of the stored results', async () => {
    expect(await (await organiser('resume')).json()).toMatchObject({ paused: false });
    const before = await json<Board>(`${server.url}/api/leaderboard`);
    await until('the ladder to be under way', async () => (await json<Board>(`${server.url}/api/leaderboard`)).queued > 0);
    // The server and the remote worker killed at once, mid-ladder.
    server.proc.kill('SIGKILL');
    worker.kill('SIGKILL');
    await Promise.all([new Promise((r) => server.proc.once('exit', r)), new Promise((r) => worker.once('exit', r))]);
    const Sqlite = createRequire(import.meta.url)('better-sqlite3') as new (f: string, o?: object) => { prepare(s: string): { all(...a: unknown[]): unknown[] }; close(): void };
    const read = (sql: string): unknown[] => {
      const d = new Sqlite(db, { readonly: true });
      try {
        return d.prepare(sql).all();
      } finally {
        d.close();
      }
    };
    const queuedAtKill = (read("SELECT id FROM matches WHERE state = 'queued'") as { id: string }[]).map((r) => r.id);
    const doneAtKill = (read("SELECT COUNT(*) AS n FROM matches WHERE state = 'done'") as { n: number }[])[0].n;
    expect(doneAtKill).toBeGreaterThanOrEqual(before.done);
    expect(queuedAtKill.length).toBeGreaterThan(0);

    server = await start();
    worker = startWorker(server.url, 'worker-2');
    // Nothing new chosen meanwhile (a pause stops only the choosing): the wait is for the worker's lease to lapse.
    expect(await (await organiser('pause')).json()).toMatchObject({ paused: true });
    await until('the matches queued at the kill to be played', async () => {
      const rows = read(`SELECT state FROM matches WHERE id IN (${queuedAtKill.map((id) => `'${id}'`).join(',')})`) as { state: string }[];
      return rows.every((r) => r.state === 'done');
    });
    const status = await json<{ played: number; done: number }>(`${server.url}/api/status`);
    server.proc.kill('SIGTERM');
    worker.kill('SIGTERM');
    await new Promise((r) => server.proc.once('exit', r));
    // Both the server's own thread and the remote workers played ladder matches.
    const by = (read("SELECT json_extract(detail, '$.worker') AS w, COUNT(*) AS n FROM matches WHERE state = 'done' GROUP BY w") as { w: string; n: number }[]).map((r) => r.w);
    expect(by).toContain('local');
    expect(by.some((w) => w !== 'local')).toBe(true);
    const rows = read("SELECT id, s0, s1, winner, state FROM matches WHERE kind = 'ladder' ORDER BY id") as { id: string; s0: number; s1: number; winner: number | null; state: string }[];
    const done = rows.filter((r) => r.state === 'done');
    // This run wrote exactly the matches beyond those written before the kill (none twice).
    expect(status.done - doneAtKill).toBe(status.played);
    // Each pair's games are numbered 0..n-1 with none missing or repeated; seats swap within each seed's pair.
    const byPair = new Map<string, number[]>();
    for (const r of rows) {
      const [, lo, hi, k] = /^L(\d+)-(\d+)-(\d+)$/.exec(r.id)!.map(Number);
      expect(k % 2 === 0 ? [r.s0, r.s1] : [r.s1, r.s0]).toEqual([lo, hi]);
      byPair.set(`${lo}-${hi}`, [...(byPair.get(`${lo}-${hi}`) ?? []), k]);
    }
    for (const ks of byPair.values()) expect(ks.sort((a, b) => a - b)).toEqual(ks.map((_, i) => i));
    // The ratings table is the ratings of the stored results.
    const stored = read('SELECT submission, elo, lo, hi, games, wins, draws, losses FROM ratings ORDER BY submission');
    const replayed = [...rateResults(done.map((r): Result => ({ s0: r.s0, s1: r.s1, winner: r.winner! }))).bySubmission.values()];
    expect(stored).toEqual(replayed.map(({ submission, elo, lo, hi, games, wins, draws, losses }) => ({ submission, elo, lo, hi, games, wins, draws, losses })));
    // A stored match plays again from its seed.
    const v = havoc('replay', join(`${db}.files`, 'replays', `${queuedAtKill[0]}.jsonl`), '--verify');
    expect(v.out).toMatch(/verified, \d+ steps over \d+ turns re-simulate exactly/);
  }, 200_000);
});
