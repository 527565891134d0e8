/**
 * `npm run demo:distributed` (issue 29): starts a Redis, three queue workers
 * and a coordinator playing configs/quick.json, kills one worker with kill -9
 * mid-run, and ends by comparing the tables with a one-machine run of the
 * same config, byte for byte. Exits 1 if they differ.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { redisMissing, startRedis } from './redisServer.js';

const MAIN = join(import.meta.dirname, '..', 'src', 'cli', 'main.js');
const CONFIG = 'configs/quick.json';
const TABLES = ['matches.csv', 'bots.csv', 'ratings.csv', 'matchups.csv'];
const say = (line: string): void => void process.stdout.write(`demo: ${line}\n`);
const start = (args: string[], quiet = true): ChildProcess => spawn(process.execPath, [MAIN, ...args], { stdio: ['ignore', quiet ? 'ignore' : 'inherit', 'inherit'] });
const exited = (p: ChildProcess): Promise<number | null> => (p.exitCode !== null || p.signalCode !== null ? Promise.resolve(p.exitCode) : new Promise((r) => p.once('exit', (code) => r(code))));
const rows = (dir: string): number => (existsSync(join(dir, 'matches.csv')) ? readFileSync(join(dir, 'matches.csv'), 'utf8').split('\n').filter(Boolean).length - 1 : 0);

const missing = redisMissing();
if (missing) {
  process.stderr.write(`demo: ${missing}\n`);
  process.exit(1);
}
const tmp = mkdtempSync(join(tmpdir(), 'havoc-demo-'));
const redis = await startRedis();
const workers: ChildProcess[] = [];
let same = false;
try {
  say(`redis-server at ${redis.url}`);
  let t0 = performance.now();
  spawnSync(process.execPath, [MAIN, 'tournament', CONFIG, '--out', join(tmp, 'local'), '--workers', '2', '--quiet', '--no-report'], { stdio: 'ignore' });
  say(`one machine: ${CONFIG} played locally on 2 threads in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  for (let i = 0; i < 3; i++) workers.push(start(['worker', '--queue', redis.url, '--workers', '1', '--cache', join(tmp, `worker${i}`), '--quiet']));
  say(`three workers started (pids ${workers.map((w) => w.pid).join(', ')}), one thread each`);
  t0 = performance.now();
  const dir = join(tmp, 'queued');
  const coordinator = start(['tournament', CONFIG, '--queue', redis.url, '--out', dir, '--batch', '3', '--no-report'], false);
  while (rows(dir) < 15 && coordinator.exitCode === null) await new Promise((r) => setTimeout(r, 100));
  workers[0].kill('SIGKILL');
  say(`killed worker ${workers[0].pid} with kill -9 at ${rows(dir)} matches written; its batch is handed on when its lock lapses`);
  const code = await exited(coordinator);
  say(`the coordinator finished (exit ${code}) in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  process.stdout.write(spawnSync(process.execPath, [MAIN, 'status', '--queue', redis.url], { encoding: 'utf8' }).stdout);
  same = code === 0;
  for (const t of TABLES) {
    const equal = readFileSync(join(dir, t), 'utf8') === readFileSync(join(tmp, 'local', t), 'utf8');
    say(`${t}: ${equal ? 'byte for byte the one-machine run\'s' : 'DIFFERS from the one-machine run'}`);
    same &&= equal;
  }
} finally {
  for (const w of workers) if (w.exitCode === null) w.kill('SIGTERM');
  await Promise.all(workers.map(exited));
  await redis.stop();
  rmSync(tmp, { recursive: true, force: true });
}
say(same ? 'the queue run is the one-machine run' : 'the runs differ');
process.exit(same ? 0 : 1);
