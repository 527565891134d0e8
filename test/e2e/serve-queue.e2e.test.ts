/**
 * `havoc serve --queue`: a contest server whose ladder is played by the Redis
 * queue's workers (`havoc worker --queue URL`, the same command that plays
 * runs' batches), none of its own: a Python bot submitted over HTTP (checked
 * on the server's own thread), its matches played by a queue worker; the
 * worker killed with kill -9 mid-ladder and another started; the server
 * killed and started again, collecting what the queue finished while it was
 * down: every match written once, each by a queue worker, one replayed with
 * `havoc replay --verify`. Skips, saying why, when redis-server is not
 * installed (.ci/run installs it).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisMissing, startRedis, type RedisServer } from '../../bench/redisServer.js';
import { servedUrl } from '../../src/serve/address.js';
import { havoc } from '../cli-helpers.js';

const missing = redisMissing();
if (missing) console.log(`skipping the served contest's queue tests: ${missing}`);

const dir = mkdtempSync(join(tmpdir(), 'serve-queue-e2e-'));
// The sandboxed bots run as users of their own: they must pass through the storage's and the cache's folders.
chmodSync(dir, 0o755);
const contest = join(dir, 'contest.json');
const db = join(dir, 'c.db');
writeFileSync(contest, JSON.stringify({ ruleset: 'rbp', bots: ['random'], seed: 'serve-queue', turnLimit: 8, maxFaults: 5, budget: { ms: 1000, firstMs: 5000 }, serve: { checkGames: 2, newGames: 2, newOpponents: 1, leaseSeconds: 30 } }));

const Sqlite = createRequire(import.meta.url)('better-sqlite3') as new (f: string, o?: object) => { prepare(s: string): { all(...a: unknown[]): unknown[] }; close(): void };
const read = <T>(sql: string): T[] => {
  const d = new Sqlite(db, { readonly: true });
  try {
    return d.prepare(sql).all() as T[];
  } finally {
    d.close();
  }
};
const done = (): { id: string; worker: string | null }[] => read("SELECT id, json_extract(detail, '$.worker') AS worker FROM matches WHERE state = 'done' ORDER BY id");
const exited = (p: ChildProcess): Promise<unknown> => (p.exitCode !== null || p.signalCode !== null ? Promise.resolve() : new Promise((r) => p.once('exit', r)));

async function until(what: string, ok: () => boolean | Promise<boolean>, ms = 120_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe.skipIf(missing !== null)('a contest server played by the queue\'s workers', () => {
  let redis: RedisServer;
  const procs: ChildProcess[] = [];
  const run = (args: string[]): ChildProcess => {
    const p = spawn(process.execPath, ['dist/src/cli/main.js', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    procs.push(p);
    return p;
  };
  const startServer = async (): Promise<{ proc: ChildProcess; url: string }> => {
    const proc = run(['serve', contest, '--port', '0', '--db', db, '--workers', '0', '--queue', redis.url, '--organiser-token', 'org']);
    let out = '';
    proc.stdout!.on('data', (d) => (out += d));
    proc.stderr!.on('data', (d) => (out += d));
    return { proc, url: await servedUrl(proc, () => out) };
  };
  const startWorker = (): ChildProcess => run(['worker', '--queue', redis.url, '--workers', '1', '--cache', join(dir, `cache-${procs.length}`), '--quiet']);

  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    for (const p of procs) if (p.exitCode === null && p.signalCode === null) p.kill('SIGKILL');
    await redis?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('plays the ladder on havoc worker; a worker and the server killed mid-ladder lose nothing and write nothing twice', async () => {
    let server = await startServer();
    let worker = startWorker();
    const r = havoc('submit', server.url, 'bots/starters/python', '--json');
    expect(JSON.parse(r.out), r.err).toMatchObject({ entrant: 'python-starter', ok: true });
    await until('two matches played by the queue', () => done().length >= 2);
    // The worker killed with kill -9: its match's job goes to the next worker (BullMQ's stalled-job check).
    worker.kill('SIGKILL');
    await exited(worker);
    worker = startWorker();
    await until('two more matches', () => done().length >= 4);
    // The server killed: the queue's workers play on; started again, it collects what they finished.
    server.proc.kill('SIGKILL');
    await exited(server.proc);
    const atKill = done().length;
    server = await startServer();
    await until('the ladder to go on after the restart', () => done().length >= atKill + 2);
    server.proc.kill('SIGTERM');
    worker.kill('SIGTERM');
    await Promise.all([exited(server.proc), exited(worker)]);

    const rows = done();
    // Every match by a queue worker (the server has no threads of its own for matches), each written once.
    for (const m of rows) expect(m.worker, m.id).toMatch(/^queue /);
    expect(new Set(rows.map((m) => m.id)).size).toBe(rows.length);
    // Each pair's ladder games numbered 0..n-1, none missing or repeated.
    const byPair = new Map<string, number[]>();
    for (const { id } of read<{ id: string }>("SELECT id FROM matches WHERE kind = 'ladder'")) {
      const [, lo, hi, k] = /^L(\d+)-(\d+)-(\d+)$/.exec(id)!.map(Number);
      byPair.set(`${lo}-${hi}`, [...(byPair.get(`${lo}-${hi}`) ?? []), k]);
    }
    for (const ks of byPair.values()) expect(ks.sort((a, b) => a - b)).toEqual(ks.map((_, i) => i));
    // A match a queue worker played re-simulates from its seed on the server's machine.
    const v = havoc('replay', join(`${db}.files`, 'replays', `${rows[0].id}.jsonl`), '--verify');
    expect(v.out, v.err).toMatch(/verified, \d+ steps over \d+ turns re-simulate exactly/);
  }, 240_000);
});
