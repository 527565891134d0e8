/**
 * The queue with a real Redis (issue 29): a coordinator and three worker
 * processes, one worker killed with kill -9 mid-run, a coordinator killed and
 * started again, a run cancelled, a worker of another build refusing, a bot
 * named by path and a command bot travelling with the run: the tables are byte for byte a one-machine run's;
 * a batch of other code whose coordinator is gone is dropped.
 * Skips, saying why, when redis-server is not installed (.ci/run installs it).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { redisMissing, startRedis, type RedisServer } from '../../bench/redisServer.js';
import { bullConnection, parseQueueUrl } from '../../src/queue/connection.js';
import { BEAT_TTL_SECONDS, folderJobsKey, QUEUE_NAME } from '../../src/queue/names.js';
import { runKey } from '../../src/run/runner.js';

const MAIN = 'dist/src/cli/main.js';
const missing = redisMissing();
if (missing) console.log(`skipping the queue's tests: ${missing}`);

const havoc = (args: string[]) => spawnSync(process.execPath, [MAIN, ...args], { encoding: 'utf8', timeout: 180_000 });
const start = (args: string[]): ChildProcess => spawn(process.execPath, [MAIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
const exited = (p: ChildProcess): Promise<number | null> => (p.exitCode !== null || p.signalCode !== null ? Promise.resolve(p.exitCode) : new Promise((r) => p.once('exit', (code) => r(code))));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Rows in a run folder's matches.csv (its header not counted). */
const rows = (dir: string): number => (existsSync(join(dir, 'matches.csv')) ? readFileSync(join(dir, 'matches.csv'), 'utf8').split('\n').filter(Boolean).length - 1 : 0);
const until = async (what: () => boolean, ms = 60_000): Promise<void> => {
  for (const t0 = Date.now(); !what(); await sleep(100)) if (Date.now() - t0 > ms) throw new Error('timed out');
};
const TABLES = ['matches.csv', 'bots.csv', 'ratings.csv', 'matchups.csv'];

describe.skipIf(missing !== null)('a run on the queue', () => {
  let redis: RedisServer;
  const tmp = mkdtempSync(join(tmpdir(), 'havoc-queue-'));
  const workers: ChildProcess[] = [];
  // configs/quick.json with a roomy budget: its bots decide in the arena's threads, timed by the wall clock, and at a
  // load average of 10 nash took over the default second in the local run once (a timeout fault), so its table differed.
  const QUICK = join(tmp, 'quick.json');
  // 40 games a pairing (120 matches, twice the shipped quick run): long enough on the queue for a worker and a
  // coordinator to be killed in the middle of it. nash searches 500 simulations, not the default 2,000: the run is
  // played four times here, and at 2,000 its 120 matches took 4.3 s of CPU in one thread, at 200 2.2 s.
  writeFileSync(QUICK, JSON.stringify({ ...JSON.parse(readFileSync('configs/quick.json', 'utf8')), schedule: { type: 'round-robin', games: 40 }, budget: { ms: 10_000, sims: 500 } }));
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    for (const w of workers) if (w.exitCode === null) w.kill('SIGKILL');
    await redis?.stop();
    rmSync(tmp, { recursive: true, force: true });
  });

  it('three workers, one killed with kill -9 mid-run: its batch goes to another and the tables are a one-machine run\'s', async () => {
    const local = join(tmp, 'local'), queued = join(tmp, 'queued');
    expect(havoc(['tournament', QUICK, '--out', local, '--workers', '2', '--quiet', '--no-report']).status).toBe(0);
    for (let i = 0; i < 3; i++) workers.push(start(['worker', '--queue', redis.url, '--workers', '1', '--cache', join(tmp, `cache${i}`)]));
    const coordinator = start(['tournament', QUICK, '--queue', redis.url, '--out', queued, '--batch', '3', '--quiet', '--no-report']);
    let out = '';
    coordinator.stderr!.on('data', (d) => (out += d));
    await until(() => rows(queued) >= 15);
    workers[0].kill('SIGKILL'); // mid-batch: its job's lock lapses and the stalled-job check hands the batch to another worker
    expect(await exited(coordinator), out).toBe(0); // every batch came back, the killed worker's too (matches.csv is written in id order)
    for (const t of TABLES) expect(readFileSync(join(queued, t), 'utf8'), t).toBe(readFileSync(join(local, t), 'utf8'));
    let status = havoc(['status', '--queue', redis.url]);
    expect(status.stdout).toMatch(/quick {2}\w+ {2}finished {2}120\/120 matches/);
    // The one killed is gone once its heartbeat lapses (BEAT_TTL_SECONDS; registry.ts): a run that ends sooner than
    // that after the kill still lists it, so look again for up to the heartbeat's life and a little more.
    for (const t0 = Date.now(); !/workers alive \(2, 2 threads\)/.test(status.stdout) && Date.now() - t0 < (BEAT_TTL_SECONDS + 5) * 1000; await sleep(1000))
      status = havoc(['status', '--queue', redis.url]);
    expect(status.stdout).toMatch(/workers alive \(2, 2 threads\)/);
  }, 240_000);

  it('a coordinator killed with kill -9 and started again carries on to the same tables, taking the batches it had enqueued from the queue', async () => {
    const dir = join(tmp, 'restarted');
    const run = ['tournament', QUICK, '--queue', redis.url, '--out', dir, '--batch', '4', '--quiet', '--no-report'];
    const first = start(run);
    await until(() => rows(dir) >= 12);
    first.kill('SIGKILL');
    await exited(first);
    expect(rows(dir)).toBeLessThan(120);
    // Started again with batches cut otherwise (as batch sizes timed on another start are), so no job id is the same by chance.
    const again = havoc(run.map((a) => (a === '4' ? '3' : a)));
    expect(again.status, again.stderr).toBe(0);
    for (const t of TABLES) expect(readFileSync(join(dir, t), 'utf8'), t).toBe(readFileSync(join(tmp, 'local', t), 'utf8'));
    // The batches the killed coordinator had enqueued were taken from the queue (finished) or awaited, not enqueued again:
    // the jobs of the folder, both coordinators', hold each of the 120 matches once (the replays chosen after are jobs of their own).
    const key = runKey(JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8')).run);
    const conn = bullConnection(parseQueueUrl(redis.url));
    const client = new Redis(conn), queue = new Queue(QUEUE_NAME, { connection: conn });
    try {
      let played = 0;
      for (const id of await client.smembers(folderJobsKey(key, dir))) {
        const job = await queue.getJob(id);
        if (job && job.data.task.saveReplays !== 'all') played += job.data.task.count;
      }
      // Before, the killed coordinator's batches were enqueued again, cut otherwise, and its own played too (132 here once).
      expect(played).toBe(120);
    } finally {
      await queue.close();
      client.disconnect();
    }
    expect(again.stderr).toMatch(/^quick: \d+ matches enqueued by a coordinator since stopped are taken from the queue, not played again$/m);
  }, 240_000);

  it('a run cancelled with havoc status --cancel stops, and started again carries on to the same tables', async () => {
    // One worker of one thread, batches of one: the run lasts long enough to be cancelled midway.
    for (const w of workers) if (w.exitCode === null) w.kill('SIGTERM');
    await Promise.all(workers.map(exited));
    workers.push(start(['worker', '--queue', redis.url, '--workers', '1', '--cache', join(tmp, 'cache-slow')]));
    // 4,000 quick matches, a job each: on the queue they last well past the coordinator's next look at the cancel flags
    // (every 2 s; quick.json's 120 were sometimes all played by then), and played locally a fraction of a second.
    const config = join(tmp, 'cancel.json'), local = join(tmp, 'cancel-local'), dir = join(tmp, 'cancelled');
    writeFileSync(config, JSON.stringify({ ruleset: 'rbp', bots: ['random', 'bench-random'], between: 'bots', schedule: { type: 'round-robin', games: 4000 }, seed: 'c1' }));
    expect(havoc(['tournament', config, '--out', local, '--workers', '2', '--quiet', '--no-report']).status).toBe(0);
    const run = ['tournament', config, '--queue', redis.url, '--out', dir, '--batch', '1', '--quiet', '--no-report'];
    const coordinator = start(run);
    let err = '';
    coordinator.stderr!.on('data', (d) => (err += d));
    await until(() => rows(dir) >= 6);
    const cancel = havoc(['status', '--queue', redis.url, '--cancel', 'cancel']);
    expect(cancel.stdout).toContain('cancelled cancel');
    expect(await exited(coordinator), err).toBe(130);
    expect(err).toContain('cancelled');
    expect(rows(dir)).toBeLessThan(4000);
    // Carried on in batches of another size: the tables do not depend on how the run was cut.
    expect(havoc(run.map((a) => (a === '1' ? '100' : a))).status).toBe(0);
    expect(readFileSync(join(dir, 'matches.csv'), 'utf8')).toBe(readFileSync(join(local, 'matches.csv'), 'utf8'));
  }, 240_000);

  it('a worker with other code refuses the batch with one line and stops; a path bot travels bundled and a command bot\'s file travels, both run sandboxed (they would forfeit every match if they did not load), and the tables are a local run\'s', async () => {
    for (const w of workers) if (w.exitCode === null) w.kill('SIGTERM');
    await Promise.all(workers.map(exited));
    // Another build: the same files but the package's version, so its code hash differs.
    const other = join(tmp, 'other-build');
    mkdirSync(other);
    cpSync('dist', join(other, 'dist'), { recursive: true });
    cpSync('configs', join(other, 'configs'), { recursive: true });
    symlinkSync(join(process.cwd(), 'node_modules'), join(other, 'node_modules'));
    const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
    writeFileSync(join(other, 'package.json'), JSON.stringify({ ...pkg, version: `${pkg.version}-other` }));
    const config = join(tmp, 'path-bot.json');
    // A command bot too (Python): the file its command names travels, and the worker runs it from its copy.
    const py = { name: 'py', command: ['python3', resolve('bots/starters/python/bot.py')] };
    writeFileSync(config, JSON.stringify({ ruleset: 'rbp', bots: ['random', resolve('bots/example.ts'), py], between: 'bots', schedule: { type: 'round-robin', games: 2 }, seed: 'p1', budget: { ms: 5000 } }));
    // A generous budget: a sandboxed bot's decision over it is a fault, and the machine may be busy.
    const local = join(tmp, 'path-local'), dir = join(tmp, 'path-queued');
    expect(havoc(['tournament', config, '--out', local, '--workers', '2', '--quiet', '--no-report']).status).toBe(0);
    expect(existsSync(join(local, 'errors.log'))).toBe(false); // every bot played, none forfeited

    const stale = spawn(process.execPath, [join(other, 'dist', 'src', 'cli', 'main.js'), 'worker', '--queue', redis.url, '--workers', '1', '--cache', join(tmp, 'cache-other')], { stdio: ['ignore', 'pipe', 'pipe'] });
    let said = '';
    stale.stderr!.on('data', (d) => (said += d));
    const coordinator = start(['tournament', config, '--queue', redis.url, '--out', dir, '--quiet', '--no-report']);
    expect(await exited(stale)).toBe(1);
    expect(said).toMatch(/^error: worker: stopped: this worker's havoc code \(\w+\) is not the coordinator's \(\w+\): update this machine's checkout/m);
    expect(rows(dir)).toBe(0);
    workers.push(start(['worker', '--queue', redis.url, '--workers', '2', '--cache', join(tmp, 'cache-path')]));
    expect(await exited(coordinator)).toBe(0);
    // Line by line, so a difference shows which matches.
    for (const t of TABLES) expect(readFileSync(join(dir, t), 'utf8').split('\n'), t).toEqual(readFileSync(join(local, t), 'utf8').split('\n'));
  }, 240_000);

  /** The tables of two run folders, each file line by line (so a difference shows which rows). */
  const sameTables = (a: string, b: string, files: readonly string[]): void => {
    for (const t of files) expect(readFileSync(join(b, t), 'utf8').split('\n'), t).toEqual(readFileSync(join(a, t), 'utf8').split('\n'));
  };
  /** A worker of two threads, unless one is serving already (so each test also runs alone, with -t). */
  const serving = (): void => {
    if (!workers.some((w) => w.exitCode === null && w.signalCode === null)) workers.push(start(['worker', '--queue', redis.url, '--workers', '2', '--cache', join(tmp, 'cache-more')]));
  };
  const SWEEP = ['sweep', 'configs/sweep.json', '--matches', '100', '--sample', '20', '--bots', 'random', '--quiet', '--no-report', '--save-replays', 'none'];

  it('havoc sweep --queue: the tables (loadouts, parts, …) are a local sweep\'s', () => {
    serving();
    const local = join(tmp, 'sweep-local'), queued = join(tmp, 'sweep-queued');
    expect(havoc([...SWEEP, '--out', local, '--workers', '2']).status).toBe(0);
    const r = havoc([...SWEEP, '--out', queued, '--queue', redis.url]);
    expect(r.status, r.stderr).toBe(0);
    sameTables(local, queued, ['matches.csv', 'loadouts.csv', 'parts.csv', 'bots.csv', 'ratings.csv', 'matchups.csv']);
  });

  it('a skilled sweep on the queue: the same matches.csv as played here (its search never reads the clock for a decision)', () => {
    serving();
    const cfg = join(tmp, 'skilled-sweep.json');
    writeFileSync(cfg, JSON.stringify({ ruleset: 'nhm', bots: ['skilled'], schedule: { type: 'sweep', matches: 24, sample: 12 }, turnLimit: 20, budget: { ms: 1000, sims: 300 }, seed: 'skilled-queue' }));
    const run = ['sweep', cfg, '--quiet', '--no-report', '--save-replays', 'none'];
    const local = join(tmp, 'skilled-local'), queued = join(tmp, 'skilled-queued');
    expect(havoc([...run, '--out', local, '--workers', '1']).status).toBe(0);
    const r = havoc([...run, '--out', queued, '--queue', redis.url]);
    expect(r.status, r.stderr).toBe(0);
    sameTables(local, queued, ['matches.csv']);
  }, 240_000);

  it('havoc resume --queue carries on a local run cut short (a torn last row, as kill -9 leaves it) to the same tables', () => {
    serving();
    const local = join(tmp, 'sweep-local'), cut = join(tmp, 'sweep-cut');
    if (!existsSync(local)) expect(havoc([...SWEEP, '--out', local, '--workers', '2']).status).toBe(0);
    cpSync(local, cut, { recursive: true });
    const rowsCsv = readFileSync(join(local, 'matches.csv'), 'utf8');
    writeFileSync(join(cut, 'matches.csv'), rowsCsv.slice(0, rowsCsv.split('\n').slice(0, 30).join('\n').length + 40)); // 29 rows and part of one
    for (const t of ['loadouts.csv', 'parts.csv', 'bots.csv', 'ratings.csv', 'matchups.csv']) rmSync(join(cut, t));
    const r = havoc(['resume', cut, '--queue', redis.url, '--quiet', '--no-report', '--save-replays', 'none']);
    expect(r.status, r.stderr).toBe(0);
    sameTables(local, cut, ['matches.csv', 'loadouts.csv', 'parts.csv', 'bots.csv', 'ratings.csv', 'matchups.csv']);
  });

  it('havoc contest --queue with the starters (a Python command entrant: its folder travels): the matches and the leaderboard are a local contest\'s', () => {
    serving();
    const file = join(tmp, 'contest.json');
    writeFileSync(file, JSON.stringify({ ruleset: 'rbp', entrants: [resolve('bots/starters/javascript'), resolve('bots/starters/python')], bots: ['random'], games: { first: 2, more: 2, max: 12 }, maxRounds: 1, seed: 'q1' }));
    const local = join(tmp, 'contest-local'), queued = join(tmp, 'contest-queued');
    const l = havoc(['contest', file, '--out', local, '--workers', '2', '--quiet', '--no-report']);
    expect(l.status, l.stderr).toBe(0);
    expect(existsSync(join(local, 'errors.log'))).toBe(false); // both starters played every game
    const q = havoc(['contest', file, '--out', queued, '--queue', redis.url, '--quiet', '--no-report']);
    expect(q.status, q.stderr).toBe(0);
    expect(q.stdout).toContain('python-starter');
    sameTables(local, queued, ['matches.csv', 'leaderboard.csv', 'ratings.csv']);
  });

  it('a batch of other code whose coordinator is gone is dropped, and the worker carries on', async () => {
    const live = start(['worker', '--queue', redis.url, '--workers', '1', '--cache', join(tmp, 'cache-orphans')]);
    workers.push(live);
    const queue = new Queue(QUEUE_NAME, { connection: bullConnection(parseQueueUrl(redis.url)) });
    try {
      const job = await queue.add('batch', { code: 'other-code', task: { key: 'feedfacecafebeef', start: 0, step: 1, count: 1, saveReplays: 'none', trustBots: false } }, { jobId: 'feedfacecafebeef-0-1-1-orphan' });
      for (let i = 0; i < 100 && !(await job.isFailed()); i++) await sleep(100);
      expect(await job.isFailed()).toBe(true);
      expect((await queue.getJob(job.id!))?.failedReason).toMatch(/coordinator is gone/);
      expect(live.exitCode).toBe(null);
    } finally {
      await queue.close();
    }
  });
});

describe('bad queue input', () => {
  it('a bad URL or an unreachable Redis is one line naming it, and nothing is written', () => {
    const out = mkdtempSync(join(tmpdir(), 'havoc-queue-bad-'));
    for (const [url, said] of [
      ['http://127.0.0.1:1', 'must start with redis://'],
      ['redis://127.0.0.1:1', 'cannot reach Redis (ECONNREFUSED)'],
    ]) {
      const contest = ['contest', 'configs/contest.json', '--out', join(out, 'run')];
      for (const args of url.startsWith('http') ? [['tournament', 'configs/quick.json', '--out', join(out, 'run')], ['worker'], ['status']] : [['tournament', 'configs/quick.json', '--out', join(out, 'run')], contest, ['worker']]) {
        const r = havoc([...args, '--queue', url]);
        expect(r.status).toBe(1);
        expect(r.stderr.trim().split('\n')).toEqual([expect.stringContaining(said)]);
      }
    }
    expect(existsSync(join(out, 'run'))).toBe(false);
    rmSync(out, { recursive: true, force: true });
  });
});
