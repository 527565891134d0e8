/**
 * Two `havoc serve` processes on one contest in PostgreSQL (a server of the
 * test's own: initdb and postgres in a temporary folder, as nobody when run
 * as root), sharing one storage folder: a Python bot submitted on one and a
 * JavaScript bot on the other, the second server playing matches of the
 * first's submission, both showing the same leaderboard; the first killed
 * with SIGKILL mid-ladder while it holds matches and started again on its
 * port (the matches it held are played, the other plays on), then the other
 * stopped and the first playing on alone: every match is in the database
 * once (ids dense per pair), none played twice, the ratings equal a replay
 * of the stored results, and a match replays with `havoc replay --verify`.
 * A server given another storage folder is refused with one line (a URL no
 * database answers: test/unit/serve.test.ts). Skips, saying why, when no
 * PostgreSQL is installed (.ci/run installs it). */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresMissing, startPostgres, type PostgresServer } from '../../bench/postgresServer.js';
import { servedUrl } from '../../src/serve/address.js';
import { rateResults, type Result } from '../../src/serve/ratings.js';
import { havoc } from '../cli-helpers.js';

const missing = postgresMissing();
if (missing) console.log(`skipping the contest server on PostgreSQL: ${missing}`);

const dir = mkdtempSync(join(tmpdir(), 'serve-postgres-e2e-'));
// The sandboxed bots run as users of their own: they must pass through the storage's folders.
chmodSync(dir, 0o755);
const contest = join(dir, 'contest.json');
const storage = join(dir, 'storage');
writeFileSync(contest, JSON.stringify({ ruleset: 'rbp', bots: ['random'], seed: 'serve-pg', turnLimit: 8, maxFaults: 5, budget: { ms: 1000, firstMs: 5000 }, serve: { checkGames: 2, newGames: 2, newOpponents: 2, leaseSeconds: 30 } }));

const exited = (p: ChildProcess): Promise<unknown> => (p.exitCode !== null || p.signalCode !== null ? Promise.resolve() : new Promise((r) => p.once('exit', r)));

async function until(what: string, ok: () => Promise<boolean>): Promise<void> {
  const end = Date.now() + 120_000;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const json = async <T>(url: string): Promise<T> => (await (await fetch(url, { headers: { accept: 'application/json' } })).json()) as T;

describe.skipIf(missing !== null)('two servers on one contest in PostgreSQL', () => {
  let db: PostgresServer;
  const procs: ChildProcess[] = [];
  const start = async (port = 0, store = storage): Promise<{ proc: ChildProcess; url: string; port: number; out: () => string }> => {
    const proc = spawn(process.execPath, ['dist/src/cli/main.js', 'serve', contest, '--port', String(port), '--db', db.url, '--storage', store, '--workers', '1', '--organiser-token', 'org'], { stdio: ['ignore', 'pipe', 'pipe'] });
    procs.push(proc);
    let out = '';
    proc.stdout!.on('data', (d) => (out += d));
    proc.stderr!.on('data', (d) => (out += d));
    const url = await servedUrl(proc, () => out);
    return { proc, url, port: Number(new URL(url).port), out: () => out };
  };
  const read = async <T>(sql: string, ...params: unknown[]): Promise<T[]> => {
    const c = new pg.Client({ connectionString: db.url });
    await c.connect();
    try {
      return (await c.query(sql, params)).rows as T[];
    } finally {
      await c.end();
    }
  };
  /** Done matches: id, pair, and the server that wrote each (HOST:PORT). */
  const done = () => read<{ id: string; s0: number; s1: number; server: string }>("SELECT id, s0, s1, detail::json->>'server' AS server FROM matches WHERE state = 'done' ORDER BY id");

  beforeAll(async () => {
    db = await startPostgres();
  });
  afterAll(async () => {
    for (const p of procs) if (p.exitCode === null && p.signalCode === null) p.kill('SIGKILL');
    await db?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('share submissions, the ladder and the leaderboard; one killed mid-ladder and started again loses nothing and plays nothing twice', async () => {
    let a = await start();
    const b = await start();
    const me = (s: { port: number }): string => `${hostname()}:${s.port}`;
    const python = JSON.parse(havoc('submit', a.url, 'bots/starters/python', '--json').out) as { submission: number; ok: boolean };
    const js = JSON.parse(havoc('submit', b.url, 'bots/starters/javascript', '--json').out) as { submission: number; ok: boolean };
    expect([python.ok, js.ok]).toEqual([true, true]);
    // B plays matches of the submission A took in (its files in the shared storage).
    await until("server B to play server A's submission", async () => (await done()).some((m) => m.server === me(b) && (m.s0 === python.submission || m.s1 === python.submission)));
    // The same leaderboard from both (read between two of the other's, so no result landed in between).
    type Board = { standings: { entrant: string; elo: number | null; games: number }[]; done: number };
    await until('the same leaderboard on both servers', async () => {
      const x = await json<Board>(`${a.url}/api/leaderboard`), y = await json<Board>(`${b.url}/api/leaderboard`), z = await json<Board>(`${a.url}/api/leaderboard`);
      return JSON.stringify(x) === JSON.stringify(z) && JSON.stringify(x) === JSON.stringify(y) && x.standings.length === 3;
    });

    // Server A killed mid-ladder, holding matches; started again on its port, it takes its claims back at once; B plays on.
    await until('server A to hold a match', async () => (await read("SELECT id FROM matches WHERE state = 'queued' AND claimer = $1", me(a))).length > 0);
    a.proc.kill('SIGKILL');
    await exited(a.proc);
    const held = (await read<{ id: string }>("SELECT id FROM matches WHERE state = 'queued' AND claimer LIKE $1", `${me(a)}%`)).map((r) => r.id);
    const atKill = new Set((await done()).map((m) => m.id));
    a = await start(a.port);
    await until('the matches server A held at its kill to be played, and B to play on', async () => {
      const after = (await done()).filter((m) => !atKill.has(m.id));
      return held.every((id) => after.some((m) => m.id === id)) && after.some((m) => m.server === me(b));
    });
    // B stopped (it lets go of its claims as it stops): A, started again, plays on alone.
    b.proc.kill('SIGTERM');
    await exited(b.proc);
    await until('server A, started again, to write matches', async () => (await json<{ played: number }>(`${a.url}/api/status`)).played >= 2);
    a.proc.kill('SIGTERM');
    await exited(a.proc);
    // No server played a match whose result was already written (a claim is one server's).
    for (const s of [a, b]) expect(s.out()).not.toMatch(/not written twice/);
    // Each pair's ladder games numbered 0..n-1, none missing or repeated; seats swapped within each seed's pair.
    const rows = await read<{ id: string; s0: number; s1: number }>("SELECT id, s0, s1 FROM matches WHERE kind = 'ladder'");
    const byPair = new Map<string, number[]>();
    for (const r of rows) {
      const [, lo, hi, k] = /^L(\d+)-(\d+)-(\d+)$/.exec(r.id)!.map(Number);
      expect(k % 2 === 0 ? [r.s0, r.s1] : [r.s1, r.s0]).toEqual([lo, hi]);
      byPair.set(`${lo}-${hi}`, [...(byPair.get(`${lo}-${hi}`) ?? []), k]);
    }
    for (const ks of byPair.values()) expect(ks.sort((x, y) => x - y)).toEqual(ks.map((_, i) => i));
    // The ratings table is the ratings of the stored results.
    const results = await read<Result>("SELECT s0, s1, winner FROM matches WHERE state = 'done' AND kind = 'ladder'");
    const want = [...rateResults(results).bySubmission.values()].map(({ submission, elo, lo, hi, games, wins, draws, losses }) => ({ submission, elo, lo, hi, games, wins, draws, losses }));
    expect(await read('SELECT submission, elo, lo, hi, games, wins, draws, losses FROM ratings ORDER BY submission')).toEqual(want);
    // A match of A's submission that B played re-simulates from its seed.
    const m = (await done()).find((x) => x.server === me(b) && (x.s0 === python.submission || x.s1 === python.submission))!;
    const v = havoc('replay', join(storage, 'replays', `${m.id}.jsonl`), '--verify');
    expect(v.out, v.err).toMatch(/verified, \d+ steps over \d+ turns re-simulate exactly/);
  }, 240_000);

  it("refuses a server whose storage is not the contest's, with one line", () => {
    const other = join(dir, 'other-storage');
    mkdirSync(other);
    const r = havoc('serve', contest, '--db', db.url, '--storage', other, '--port', '0', '--workers', '0');
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/^error: [^\n]*other-storage: is not this contest's storage \(it has no storage-id file; [^\n]*\)\n$/);
  });
});
