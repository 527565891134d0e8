/**
 * The queue with a real Redis (issue 29): a coordinator and three worker
 * processes, one worker killed with kill -9 mid-run, a coordinator killed and
 * started again, a run cancelled, a worker of another build refusing, a bot
 * named by path and a command bot travelling with the run: the tables are byte for byte a one-machine run's;
 * a batch of other code whose coordinator is gone is dropped.
 * Skips, saying why, when redis-server is not installed (.ci/run installs it).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, linkSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
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
/** A folder's files hard-linked under `to` (the same files under another root). */
const linkTree = (from: string, to: string): void => {
  mkdirSync(to, { recursive: true });
  for (const e of readdirSync(from, { withFileTypes: true })) (e.isDirectory() ? linkTree : linkSync)(join(from, e.name), join(to, e.name));
};

describe.skipIf(missing !== null)('a run on the queue', () => {
  let redis: RedisServer;
  const tmp = mkdtempSync(join(tmpdir(), 'havoc-queue-'));
  const workers: ChildProcess[] = [];
  // configs/quick.json with a roomy budget: its bots decide in the arena's threads, timed by the wall clock, and at a
  // load average of 10 nash took over the default second in the local run once (a timeout fault), so its table differed.
  const QUICK = join(tmp, 'quick.json');
  // Its 60 matches (20 games a pairing) last on the queue long enough for a worker and a coordinator to be killed in
  // the middle (each killed once its run's first batch is back). nash searches 500 simulations, not the default 2,000: the
  // run is played three times and more here, and at 2,000 120 matches took 4.3 s of CPU in one thread, at 200 2.2 s.
  writeFileSync(QUICK, JSON.stringify({ ...JSON.parse(readFileSync('configs/quick.json', 'utf8')), budget: { ms: 10_000, sims: 500 } }));
  /** A worker serving the queue: the one serving already, else a new one of one thread (so each test also runs alone, with -t). */
  const serving = (): ChildProcess => {
    const live = workers.find((w) => w.exitCode === null && w.signalCode === null);
    if (live) return live;
    workers.push(start(['worker', '--queue', redis.url, '--workers', '1', '--cache', join(tmp, 'cache-more')]));
    return workers[workers.length - 1];
  };
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    for (const w of workers) if (w.exitCode === null) w.kill('SIGKILL');
    await redis?.stop();
    rmSync(tmp, { recursive: true, force: true });
  });

  // First: no worker of this code may serve while the other build's takes the batch, and the one started after it
  // serves the tests below (the first of the next test's three), so no worker is stopped here to be started again.
  it('a worker with other code refuses the batch with one line and stops; a path bot travels bundled and a command bot\'s file travels, both run sandboxed (they would forfeit every match if they did not load), and the tables are a local run\'s', async () => {
    for (const w of workers) if (w.exitCode === null) w.kill('SIGTERM');
    await Promise.all(workers.map(exited));
    // Another build: the same files but the package's version, so its code hash differs.
    const other = join(tmp, 'other-build');
    mkdirSync(other);
    linkTree('dist', join(other, 'dist')); // links, not copies: 16 MB copied cost 0.8 s of CPU
    cpSync('configs', join(other, 'configs'), { recursive: true });
    symlinkSync(join(process.cwd(), 'node_modules'), join(other, 'node_modules'));
    const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
    writeFileSync(join(other, 'package.json'), JSON.stringify({ ...pkg, version: `${pkg.version}-other` }));
    const config = join(tmp, 'path-bot.json');
    // A command bot too (Python): the file its command names travels, and the worker runs it from its copy.
    const py = { name: 'py', command: ['python3', resolve('bots/starters/python/bot.py')] };
    // The two of them alone, two games seat-swapped: each sandboxed game costs a process start (a quarter second of CPU).
    writeFileSync(config, JSON.stringify({ ruleset: 'rbp', bots: [resolve('bots/example.ts'), py], between: 'bots', schedule: { type: 'round-robin', games: 2 }, seed: 'p1', budget: { ms: 5000 } }));
    // A generous budget: a sandboxed bot's decision over it is a fault, and the machine may be busy.
    const local = join(tmp, 'path-local'), dir = join(tmp, 'path-queued');
    // No replays: the ones chosen would play their matches again, each sandboxed bot in a process of its own.
    expect(havoc(['tournament', config, '--out', local, '--quiet', '--no-report', '--save-replays', 'none']).status).toBe(0);
    expect(existsSync(join(local, 'errors.log'))).toBe(false); // every bot played, none forfeited

    const stale = spawn(process.execPath, [join(other, 'dist', 'src', 'cli', 'main.js'), 'worker', '--queue', redis.url, '--workers', '1', '--cache', join(tmp, 'cache-other')], { stdio: ['ignore', 'pipe', 'pipe'] });
    let said = '';
    stale.stderr!.on('data', (d) => (said += d));
    const coordinator = start(['tournament', config, '--queue', redis.url, '--out', dir, '--quiet', '--no-report', '--save-replays', 'none']);
    expect(await exited(stale)).toBe(1);
    expect(said).toMatch(/^error: worker: stopped: this worker's havoc code \(\w+\) is not the coordinator's \(\w+\): update this machine's checkout/m);
    expect(rows(dir)).toBe(0);
    workers.push(start(['worker', '--queue', redis.url, '--workers', '1', '--cache', join(tmp, 'cache-path')]));
    expect(await exited(coordinator)).toBe(0);
    // Line by line, so a difference shows which matches.
    for (const t of TABLES) expect(readFileSync(join(dir, t), 'utf8').split('\n'), t).toEqual(readFileSync(join(local, t), 'utf8').split('\n'));
  }, 240_000);

  it('three workers, one killed with kill -9 mid-run: its batch goes to another and the tables are a one-machine run\'s', async () => {
    const local = join(tmp, 'local'), queued = join(tmp, 'queued');
    // The reference plays no replays; the queued run chooses its ten and plays them as jobs of their own.
    expect(havoc(['tournament', QUICK, '--out', local, '--quiet', '--no-report', '--save-replays', 'none']).status).toBe(0);
    // The worker serving already (the first test's, started after the other build refused) and two more: three.
    const three = [serving()];
    for (let i = 1; i < 3; i++) workers.push((three[i] = start(['worker', '--queue', redis.url, '--workers', '1', '--cache', join(tmp, `cache${i}`)])));
    const coordinator = start(['tournament', QUICK, '--queue', redis.url, '--out', queued, '--batch', '3', '--quiet', '--no-report']);
    let out = '';
    coordinator.stderr!.on('data', (d) => (out += d));
    await until(() => rows(queued) >= 3); // its first batch back
    three[0].kill('SIGKILL'); // mid-batch: its job's lock lapses and the stalled-job check hands the batch to another worker
    expect(await exited(coordinator), out).toBe(0); // every batch came back, the killed worker's too (matches.csv is written in id order)
    for (const t of TABLES) expect(readFileSync(join(queued, t), 'utf8'), t).toBe(readFileSync(join(local, t), 'utf8'));
    let status = havoc(['status', '--queue', redis.url]);
    expect(status.stdout).toMatch(/quick {2}\w+ {2}finished {2}60\/60 matches/);
    // The one killed is gone once its heartbeat lapses (BEAT_TTL_SECONDS; registry.ts): a run that ends sooner than
    // that after the kill still lists it, so look again for up to the heartbeat's life and a little more.
    for (const t0 = Date.now(); !/workers alive \(2, 2 threads\)/.test(status.stdout) && Date.now() - t0 < (BEAT_TTL_SECONDS + 5) * 1000; await sleep(1000))
      status = havoc(['status', '--queue', redis.url]);
    expect(status.stdout).toMatch(/workers alive \(2, 2 threads\)/);
  }, 240_000);

  it('a coordinator killed with kill -9 and started again carries on to the same tables, taking the batches it had enqueued from the queue', async () => {
    // One worker of one thread (one left serving): the run lasts twice as long as on two, for the same CPU. Batches of
    // one: 60, more than the 16 a coordinator has out at once, so the worker cannot play the run to its end ahead of the
    // rows written. No replays: a job's id is its range and its task's other fields, and 60 matches are cut in batches
    // of 2 and 1 whatever --batch above 2 says (the last ones a quarter of a worker's share of what is left, at least 8
    // workers counted), so this run's jobs would be the first test's, played already (all 60 rows at once, in two runs).
    const one = serving();
    for (const w of workers) if (w !== one && w.exitCode === null) w.kill('SIGTERM');
    await Promise.all(workers.filter((w) => w !== one).map(exited));
    const dir = join(tmp, 'restarted');
    const run = ['tournament', QUICK, '--queue', redis.url, '--out', dir, '--batch', '1', '--quiet', '--no-report', '--save-replays', 'none'];
    const first = start(run);
    await until(() => rows(dir) >= 4);
    first.kill('SIGKILL');
    await exited(first);
    expect(rows(dir)).toBeLessThan(60);
    // Started again with batches cut otherwise (of 2 where the first cut 1), so no job id is the same by chance.
    const again = havoc(run.map((a) => (a === '1' ? '3' : a)));
    expect(again.status, again.stderr).toBe(0);
    for (const t of TABLES) expect(readFileSync(join(dir, t), 'utf8'), t).toBe(readFileSync(join(tmp, 'local', t), 'utf8'));
    // The batches the killed coordinator had enqueued were taken from the queue (finished) or awaited, not enqueued again:
    // the jobs of the folder, both coordinators', hold each of the 60 matches once.
    const key = runKey(JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8')).run);
    const conn = bullConnection(parseQueueUrl(redis.url));
    const client = new Redis(conn), queue = new Queue(QUEUE_NAME, { connection: conn });
    try {
      let played = 0;
      for (const id of await client.smembers(folderJobsKey(key, dir))) {
        const job = await queue.getJob(id);
        if (job) played += job.data.task.count;
      }
      // Before, the killed coordinator's batches were enqueued again, cut otherwise, and its own played too (132 of 120 once).
      expect(played).toBe(60);
    } finally {
      await queue.close();
      client.disconnect();
    }
    expect(again.stderr).toMatch(/^quick: \d+ matches enqueued by a coordinator since stopped are taken from the queue, not played again$/m);
  }, 240_000);

  it('a run cancelled with havoc status --cancel stops, and started again carries on to the same tables', async () => {
    // One worker of one thread (the one left serving: every worker here has one), batches of one: the run lasts long
    // enough to be cancelled midway.
    const slow = serving();
    for (const w of workers) if (w !== slow && w.exitCode === null) w.kill('SIGTERM');
    await Promise.all(workers.filter((w) => w !== slow).map(exited));
    // 4,000 quick matches, a job each: on the queue they last well past the coordinator's next look at the cancel flags
    // (every 2 s; quick.json's 120 were sometimes all played by then: 4,000 took 12.5 s at a load average of 10), and
    // played locally in about a second. 20 turns, not rbp's 100: a job's time is the queue's, not the match's, and the
    // 4,000 (played here, and again on the queue) cost 1.3 s of CPU in one command, at 81 turns on average 2.0 s.
    const config = join(tmp, 'cancel.json'), local = join(tmp, 'cancel-local'), dir = join(tmp, 'cancelled');
    // A roomy budget, as QUICK's: at a load average of 15, random once took over the default second here (a fault in
    // one table and not the other).
    writeFileSync(config, JSON.stringify({ ruleset: 'rbp', bots: ['random', 'bench-random'], between: 'bots', schedule: { type: 'round-robin', games: 4000 }, turnLimit: 20, seed: 'c1', budget: { ms: 10_000 } }));
    expect(havoc(['tournament', config, '--out', local, '--quiet', '--no-report', '--save-replays', 'none']).status).toBe(0);
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

  /** The tables of two run folders, each file line by line (so a difference shows which rows). */
  const sameTables = (a: string, b: string, files: readonly string[]): void => {
    for (const t of files) expect(readFileSync(join(b, t), 'utf8').split('\n'), t).toEqual(readFileSync(join(a, t), 'utf8').split('\n'));
  };
  // configs/sweep.json played by the skilled bot (--bots, as --matches and --sample, overriding the file's), 8 matches
  // among 4 loadouts of 20 turns, searching 300 simulations with a roomy budget (its bots decide in the arena's threads,
  // timed by the wall clock; QUICK's note): the skilled sweep this file played on its own before (the same 8 matches).
  // One sweep for the sweep test and the resume test: a random sweep of 100 matches (played here, on the queue and
  // resumed on it) beside the skilled one (here and on the queue) cost about 1.6 s of CPU more.
  const SWEEP_JSON = join(tmp, 'sweep.json');
  writeFileSync(SWEEP_JSON, JSON.stringify({ ...JSON.parse(readFileSync('configs/sweep.json', 'utf8')), turnLimit: 20, budget: { ms: 10_000, sims: 300 }, seed: 'skilled-queue' }));
  const SWEEP = ['sweep', SWEEP_JSON, '--matches', '8', '--sample', '4', '--bots', 'skilled', '--quiet', '--no-report', '--save-replays', 'none'];

  it('havoc sweep --queue with the skilled bot: the tables (loadouts, parts, …) are a local sweep\'s, the same matches as played here (its search never reads the clock for a decision)', () => {
    serving();
    const local = join(tmp, 'sweep-local'), queued = join(tmp, 'sweep-queued');
    expect(havoc([...SWEEP, '--out', local]).status).toBe(0);
    const r = havoc([...SWEEP, '--out', queued, '--queue', redis.url]);
    expect(r.status, r.stderr).toBe(0);
    expect(readFileSync(join(local, 'bots.csv'), 'utf8').split('\n')[1]).toMatch(/^1,skilled,16,/); // the bot --bots named, in 8 matches
    sameTables(local, queued, ['matches.csv', 'loadouts.csv', 'parts.csv', 'bots.csv', 'ratings.csv', 'matchups.csv']);
  }, 240_000);

  it('havoc resume --queue carries on a local run cut short (a torn last row, as kill -9 leaves it) to the same tables', () => {
    serving();
    const local = join(tmp, 'sweep-local'), cut = join(tmp, 'sweep-cut');
    if (!existsSync(local)) expect(havoc([...SWEEP, '--out', local]).status).toBe(0);
    cpSync(local, cut, { recursive: true });
    const rowsCsv = readFileSync(join(local, 'matches.csv'), 'utf8');
    writeFileSync(join(cut, 'matches.csv'), rowsCsv.slice(0, rowsCsv.split('\n').slice(0, 4).join('\n').length + 40)); // 3 rows of 8 and part of one
    for (const t of ['loadouts.csv', 'parts.csv', 'bots.csv', 'ratings.csv', 'matchups.csv']) rmSync(join(cut, t));
    // Every replay saved (written as each match is played, none played again): a job's id is its range and its task's
    // other fields, and with none each batch left (of one match: 5 of 8) would be one of the sweep test's, its result
    // taken from the queue rather than played.
    const r = havoc(['resume', cut, '--queue', redis.url, '--quiet', '--no-report', '--save-replays', 'all']);
    expect(r.status, r.stderr).toBe(0);
    sameTables(local, cut, ['matches.csv', 'loadouts.csv', 'parts.csv', 'bots.csv', 'ratings.csv', 'matchups.csv']);
    // The 5 matches left were played by the worker (their replays came back with them), not taken from the queue.
    expect(readdirSync(join(cut, 'replays')).filter((f) => f.endsWith('.jsonl')).sort()).toEqual(['match-3.jsonl', 'match-4.jsonl', 'match-5.jsonl', 'match-6.jsonl', 'match-7.jsonl']);
  });

  it('havoc contest --queue with the starters (a Python command entrant: its folder travels): the matches and the leaderboard are a local contest\'s', () => {
    serving();
    const file = join(tmp, 'contest.json');
    // The two starters alone, one round of two games (seat-swapped): each sandboxed game costs a process start.
    writeFileSync(file, JSON.stringify({ ruleset: 'rbp', entrants: [resolve('bots/starters/javascript'), resolve('bots/starters/python')], games: { first: 2, more: 2, max: 12 }, maxRounds: 1, seed: 'q1' }));
    const local = join(tmp, 'contest-local'), queued = join(tmp, 'contest-queued');
    // No replays: the ones chosen would play their matches again, each sandboxed starter in a process of its own.
    const l = havoc(['contest', file, '--out', local, '--quiet', '--no-report', '--save-replays', 'none']);
    expect(l.status, l.stderr).toBe(0);
    expect(existsSync(join(local, 'errors.log'))).toBe(false); // both starters played every game
    const q = havoc(['contest', file, '--out', queued, '--queue', redis.url, '--quiet', '--no-report', '--save-replays', 'none']);
    expect(q.status, q.stderr).toBe(0);
    expect(q.stdout).toContain('python-starter');
    sameTables(local, queued, ['matches.csv', 'leaderboard.csv', 'ratings.csv']);
  });

  it('a batch of other code whose coordinator is gone is dropped, and the worker carries on', async () => {
    const live = serving();
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
    // Once for each command's own check of --queue (each parses the URL, then reaches Redis, before anything is
    // written: app/runs.ts for tournaments, cli/contest.ts, cli/worker.ts, cli/status.ts); a bad URL once (the parse is
    // connection.ts's, shared by all four), an unreachable Redis for the others (it gets past their parse too).
    for (const [args, url, said] of [
      [['status'], 'http://127.0.0.1:1', 'must start with redis://'],
      [['tournament', 'configs/quick.json', '--out', join(out, 'run')], 'redis://127.0.0.1:1', 'cannot reach Redis (ECONNREFUSED)'],
      [['contest', 'configs/contest.json', '--out', join(out, 'run')], 'redis://127.0.0.1:1', 'cannot reach Redis (ECONNREFUSED)'],
      [['worker'], 'redis://127.0.0.1:1', 'cannot reach Redis (ECONNREFUSED)'],
    ] as const) {
      const r = havoc([...args, '--queue', url]);
      expect(r.status, args[0]).toBe(1);
      expect(r.stderr.trim().split('\n'), args[0]).toEqual([expect.stringContaining(said)]);
    }
    expect(existsSync(join(out, 'run'))).toBe(false);
    rmSync(out, { recursive: true, force: true });
  });
});
