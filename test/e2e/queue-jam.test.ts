/**
 * Issue 49 item 7, a queue that cannot jam. Two workers of one machine set
 * the same run up at once (its parts.json is written aside and renamed: a
 * reader never sees half of it; written in place, about one read in six saw
 * half of it); and a coordinator whose Redis is killed mid-run and started
 * again, empty, carries on (the run's files and the jobs Redis lost stored
 * again) to the tables of a one-machine run, with `havoc status` showing the
 * run. Skips, saying why, when redis-server is not installed.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { redisMissing } from '../../bench/redisServer.js';

const MAIN = 'dist/src/cli/main.js';
const tmp = mkdtempSync(join(tmpdir(), 'queue-jam-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const exited = (p: ChildProcess): Promise<number | null> => (p.exitCode !== null || p.signalCode !== null ? Promise.resolve(p.exitCode) : new Promise((r) => p.once('exit', (code) => r(code))));
const output = (p: ChildProcess): Promise<string> => new Promise((r) => {
  let out = '';
  p.stdout!.on('data', (d) => (out += d));
  p.once('exit', () => r(out));
});

describe('two workers of one machine setting the same run up', () => {
  it('never read half a parts.json: 10 rounds of 50 set-ups each, in two processes at once', async () => {
    // Each process: materialize (the worker's set-up of a run from its files) then read the data file, as a worker's pool does.
    // 10 rounds, not 20 (about 0.3 s of CPU less): written in place (materialize's writeAside made a plain write), 10
    // rounds saw half a file in every one of 5 runs at a load average of 8, 1 to 9 reads in most rounds of each process.
    const child = join(tmp, 'setup.mjs');
    writeFileSync(
      child,
      `import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
const { materialize } = await import(${JSON.stringify(resolve('dist/src/queue/runFiles.js'))});
const [cache, rounds, each] = process.argv.slice(2).map((x, i) => (i ? Number(x) : x));
const text = readFileSync('configs/parts.json', 'utf8');
const files = { key: 'race', code: 'x', run: { name: 'race', bots: [] }, data: { text, sha256: createHash('sha256').update(text).digest('hex') }, bots: {}, commands: {} };
const bad = [];
for (let r = 0; r < rounds; r++) {
  let n = 0;
  for (let i = 0; i < each; i++) {
    const local = materialize(files, cache, cache + '/bots');
    try { JSON.parse(readFileSync(local.dir + '/parts.json', 'utf8')); } catch { n++; }
  }
  bad.push(n);
}
console.log(JSON.stringify(bad));`,
    );
    const cache = join(tmp, 'cache');
    const two = [0, 1].map(() => spawn(process.execPath, [child, cache, '10', '50'], { stdio: ['ignore', 'pipe', 'inherit'] }));
    const outs = await Promise.all(two.map(output));
    const rounds = outs.map((o) => JSON.parse(o) as number[]);
    for (const r of rounds) expect(r).toEqual(new Array(10).fill(0));
  });
});

const missing = redisMissing();
if (missing) console.log(`skipping the Redis restart test: ${missing}`);

describe.skipIf(missing !== null)('Redis killed mid-run and started again', () => {
  it('the coordinator carries on to a one-machine run\'s tables, and havoc status shows the run', async () => {
    // A Redis on a port of its own, started again on the same port, empty (nothing saved).
    const port = 20000 + (process.pid % 20000);
    const url = `redis://127.0.0.1:${port}`;
    const redisDir = mkdtempSync(join(tmp, 'redis-'));
    const startRedis = async (): Promise<ChildProcess> => {
      const p = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--dir', redisDir, '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
      for (let i = 0; i < 100 && spawnSync('redis-cli', ['-p', String(port), 'ping'], { encoding: 'utf8' }).stdout.trim() !== 'PONG'; i++) await sleep(50);
      return p;
    };
    let redis = await startRedis();
    const config = join(tmp, 'run.json');
    writeFileSync(config, JSON.stringify({ ruleset: 'rbp', bots: ['random', 'greedy'], schedule: { type: 'round-robin', games: 60 }, seed: 'jam', budget: { ms: 10_000 } }));
    const local = join(tmp, 'local'), queued = join(tmp, 'queued');
    // The reference in this process's thread (no --workers: the pool is not what is checked here), without replays (only the tables are compared).
    expect(spawnSync(process.execPath, [MAIN, 'tournament', config, '--out', local, '--quiet', '--no-report', '--save-replays', 'none']).status).toBe(0);
    // Two workers of one machine, one cache: they set the run up side by side.
    const cache = join(tmp, 'shared-cache');
    const workers = [0, 1].map(() => spawn(process.execPath, [MAIN, 'worker', '--queue', url, '--workers', '1', '--cache', cache], { stdio: 'ignore' }));
    try {
      const coordinator = spawn(process.execPath, [MAIN, 'tournament', config, '--queue', url, '--out', queued, '--batch', '2', '--quiet', '--no-report'], { stdio: ['ignore', 'pipe', 'pipe'] });
      let err = '';
      coordinator.stderr!.on('data', (d) => (err += d));
      const rows = (): number => (existsSync(join(queued, 'matches.csv')) ? readFileSync(join(queued, 'matches.csv'), 'utf8').split('\n').filter(Boolean).length - 1 : 0);
      for (const t0 = Date.now(); rows() < 10; await sleep(100)) if (Date.now() - t0 > 90_000) throw new Error(`no rows after 90 s: ${err}`);
      redis.kill('SIGKILL');
      await exited(redis);
      await sleep(1500);
      redis = await startRedis();
      expect(await exited(coordinator), err).toBe(0);
      for (const t of ['matches.csv', 'bots.csv', 'ratings.csv']) expect(readFileSync(join(queued, t), 'utf8'), t).toBe(readFileSync(join(local, t), 'utf8'));
      const status = spawnSync(process.execPath, [MAIN, 'status', '--queue', url], { encoding: 'utf8' });
      expect(status.stdout).toMatch(/run {2}\w+ {2}finished {2}60\/60 matches/);
    } finally {
      for (const w of workers) w.kill('SIGKILL');
      redis.kill('SIGKILL');
    }
  }, 180_000);
});
