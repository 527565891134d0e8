/**
 * `npm run bench:queue` (issue 29): the queue path against the local pool on
 * this machine. One run of cheap matches (random and greedy on Robo Battle
 * Pigs) played four ways — the local pool with 1 and 2 threads, the queue
 * with 1 and 2 local workers of one thread — each in a fresh folder; the
 * rows must be the same bytes every time. Reports matches/s (the runner's
 * playing time, summary.json) and the Redis commands per batch and per
 * second (INFO stats); then the queue's overhead per batch: the first
 * OVERHEAD_MATCHES matches in batches of one (--batch 1) on one thread,
 * locally and on one queue worker, the difference over the batches.
 * docs/distributed.md scales these to 100 machines.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startRedis, redisMissing } from './redisServer.js';

const MAIN = join(import.meta.dirname, '..', 'src', 'cli', 'main.js');
const GAMES = Number(process.argv[2] ?? 3000);
const OVERHEAD_MATCHES = 300;
const missing = redisMissing();
if (missing) {
  process.stderr.write(`bench:queue: ${missing}\n`);
  process.exit(1);
}
const tmp = mkdtempSync(join(tmpdir(), 'havoc-bench-queue-'));
const config = join(tmp, 'run.json');
writeFileSync(config, JSON.stringify({ ruleset: 'rbp', bots: ['random', 'greedy'], between: 'bots', schedule: { type: 'round-robin', games: GAMES }, seed: 'bench-queue' }));
const havoc = (args: string[]) => spawnSync(process.execPath, [MAIN, ...args], { encoding: 'utf8' });
const playS = (dir: string): number => JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8')).timing.seconds;
const exited = (p: ChildProcess): Promise<unknown> => (p.exitCode !== null || p.signalCode !== null ? Promise.resolve() : new Promise((r) => p.once('exit', r)));
const common = ['--quiet', '--no-report', '--save-replays', 'none'];

const redis = await startRedis();
/** Jobs completed so far (BullMQ keeps them a day): the batches a run played are the difference. */
const completed = (): number => Number(spawnSync('redis-cli', ['-u', redis.url, 'zcard', 'bull:havoc-batches:completed'], { encoding: 'utf8' }).stdout.trim());
const commands = (): number => Number(/total_commands_processed:(\d+)/.exec(spawnSync('redis-cli', ['-u', redis.url, 'info', 'stats'], { encoding: 'utf8' }).stdout)?.[1] ?? NaN);
interface Row { way: string; threads: number; batch1: boolean; seconds: number; batches: number | null; redisCommands: number | null }
const rows: Row[] = [];
let reference: string | null = null;
const check = (dir: string): void => {
  const csv = readFileSync(join(dir, 'matches.csv'), 'utf8');
  reference ??= csv;
  if (csv !== reference) throw new Error(`${dir}: matches.csv differs from the first run's`);
};
/** One run: locally or on `threads` queue workers of one thread; `batch1`: the overhead runs (the first matches, batches of one). */
const play = async (way: 'local pool' | 'queue', threads: number, batch1: boolean): Promise<void> => {
  const dir = join(tmp, `${way === 'queue' ? 'queue' : 'local'}${threads}${batch1 ? '-b1' : ''}`);
  const args = ['tournament', batch1 ? small : config, '--out', dir, ...common, ...(batch1 ? ['--batch', '1'] : [])];
  if (way === 'local pool') {
    havoc([...args, '--workers', String(threads)]);
    if (!batch1) check(dir);
    rows.push({ way, threads, batch1, seconds: playS(dir), batches: null, redisCommands: null });
    return;
  }
  const workers = Array.from({ length: threads }, (_, i) => spawn(process.execPath, [MAIN, 'worker', '--queue', redis.url, '--workers', '1', '--quiet', '--cache', join(tmp, `cache-${dir.split('/').pop()}-${i}`)], { stdio: 'ignore' }));
  await new Promise((r) => setTimeout(r, 1500)); // the workers' heartbeats are in: the coordinator sizes its window by them
  const before = commands(), jobsBefore = completed();
  havoc([...args, '--queue', redis.url]);
  const after = commands(), batches = completed() - jobsBefore;
  for (const w of workers) w.kill('SIGTERM');
  await Promise.all(workers.map(exited));
  if (!batch1) check(dir);
  rows.push({ way, threads, batch1, seconds: playS(dir), batches, redisCommands: after - before });
};
const small = join(tmp, 'small.json');
writeFileSync(small, JSON.stringify({ ruleset: 'rbp', bots: ['random', 'greedy'], between: 'bots', schedule: { type: 'round-robin', games: OVERHEAD_MATCHES }, seed: 'bench-queue' }));
try {
  for (const threads of [1, 2]) await play('local pool', threads, false);
  for (const threads of [1, 2]) await play('queue', threads, false);
  await play('local pool', 1, true);
  await play('queue', 1, true);
} finally {
  await redis.stop();
  rmSync(tmp, { recursive: true, force: true });
}
const matches = GAMES;
process.stdout.write(`${matches} matches (rbp, random and greedy), matches.csv the same bytes all four ways\n`);
for (const r of rows.filter((x) => !x.batch1)) {
  const extra = r.batches ? `, ${r.batches} batches, Redis ${(r.redisCommands! / r.batches).toFixed(0)} commands a batch (${(r.redisCommands! / r.seconds).toFixed(0)}/s)` : '';
  process.stdout.write(`  ${r.way.padEnd(10)} ${r.threads} thread${r.threads > 1 ? 's' : ' '}: ${(matches / r.seconds).toFixed(0).padStart(6)} matches/s (${r.seconds.toFixed(2)} s)${extra}\n`);
}
const [l1, q1] = rows.filter((x) => x.batch1);
process.stdout.write(`overhead: ${OVERHEAD_MATCHES} matches in batches of one on one thread: local ${l1.seconds.toFixed(2)} s, queue ${q1.seconds.toFixed(2)} s (${q1.batches} batches): ${(((q1.seconds - l1.seconds) * 1000) / q1.batches!).toFixed(1)} ms a batch, Redis ${(q1.redisCommands! / q1.batches!).toFixed(0)} commands a batch\n`);
