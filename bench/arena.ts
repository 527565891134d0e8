/**
 * The arena rows of `npm run bench`: real `havoc tournament` runs in child
 * processes (the compiled CLI, `--quiet`, and `--no-report` unless the row is of a run with its report, a fresh folder under
 * the system's temp directory each time):
 *
 * - the worker pool: one batch of matches with `--workers 1` and with
 *   `--workers N`, alternated, best of the repetitions each;
 * - memory and time: the peak resident size of a whole run (main thread and
 *   worker threads are one process) and its wall-clock time.
 *
 * Each child is run with `--import dist/bench/rss-hook.js`, which reports the
 * process's own maxRSS at exit (and its main thread's peak V8 heap); when
 * /usr/bin/time exists the child runs under `/usr/bin/time -v` as well and its
 * "Maximum resident set size" is kept beside it (the two agree).
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url)); // dist/bench
const CLI = join(here, '..', 'src', 'cli', 'main.js');
const HOOK = join(here, 'rss-hook.js');
const TIME = '/usr/bin/time';

/** One `havoc tournament` run. */
export interface TournamentRun {
  readonly matches: number;
  readonly workers: number;
  /** The whole command, spawn to exit (start-up, playing, tables). */
  readonly wallS: number;
  /** Playing only: summary.json's timing.seconds (what the pool did). */
  readonly playS: number;
  /** CPU seconds of the child, all its threads (user + system, from /usr/bin/time; null without it). */
  readonly cpuS: number | null;
  /** Peak resident size of the child process (its own maxRSS at exit). */
  readonly maxRssMb: number;
  /** The same from /usr/bin/time -v, when present. */
  readonly timeMaxRssMb: number | null;
  /** Peak V8 heap (heapTotal) of the child's main thread, sampled every 100 ms. */
  readonly mainHeapPeakMb: number;
  /** sha256 of matches.csv and of the tables (bots, loadouts, matchups, ratings, parts). */
  readonly matchesSha: string;
  readonly tablesSha: string;
  /** 1-minute load average when the run began. */
  readonly load: number;
}

/** A scratch directory for the bench's runs (removed by `cleanup`). */
export const scratch = (): string => mkdtempSync(join(tmpdir(), 'havoc-bench-'));
export const cleanup = (dir: string): void => rmSync(dir, { recursive: true, force: true });

/** The reference tournament: two bench-random seats, round robin, `games` matches. */
export function rbpBenchConfig(dir: string, games: number, seed = '1'): string {
  const path = join(dir, `rbp-bench-${games}.json`);
  const cfg = {
    name: 'rbp-bench',
    ruleset: 'rbp',
    seed,
    bots: [
      { name: 'a', bot: 'bench-random' },
      { name: 'b', bot: 'bench-random' },
    ],
    schedule: { type: 'round-robin', games },
  };
  writeFileSync(path, JSON.stringify(cfg));
  return path;
}

/** A Ninja Havoc Machines sweep: `matches` matches of `bot` between `sample` sampled designs. */
export function nhmSweepConfig(dir: string, matches: number, sample: number, bot = 'random', seed = 'bench'): string {
  const path = join(dir, `nhm-sweep-${bot}-${matches}.json`);
  writeFileSync(path, JSON.stringify({ name: 'nhm-sweep', ruleset: 'nhm', seed, bots: [bot], schedule: { type: 'sweep', matches, sample } }));
  return path;
}

const sha = (path: string): string => createHash('sha256').update(readFileSync(path)).digest('hex');

/** Runs `havoc tournament CONFIG --workers N` into a fresh folder and measures it (`report`: with report.html written at the end, as a user runs it); the folder is removed afterwards. */
export function runTournament(dir: string, config: string, workers: number, tag: string, report = false): TournamentRun {
  const out = join(dir, `run-${tag}-w${workers}`);
  const rssFile = join(dir, `rss-${tag}-w${workers}.json`);
  rmSync(out, { recursive: true, force: true });
  rmSync(rssFile, { force: true });
  const args = ['--import', HOOK, CLI, 'tournament', config, '--out', out, '--quiet', ...(report ? [] : ['--no-report']), '--json', '--workers', String(workers)];
  const useTime = existsSync(TIME);
  const load = loadavg()[0];
  const t0 = performance.now();
  const p = useTime
    ? spawnSync(TIME, ['-v', process.execPath, ...args], { encoding: 'utf8', env: { ...process.env, HAVOC_BENCH_RSS_OUT: rssFile }, maxBuffer: 1 << 26 })
    : spawnSync(process.execPath, args, { encoding: 'utf8', env: { ...process.env, HAVOC_BENCH_RSS_OUT: rssFile }, maxBuffer: 1 << 26 });
  const wallS = (performance.now() - t0) / 1000;
  if (p.status !== 0 || !existsSync(rssFile))
    throw new Error(`havoc tournament ${config} --workers ${workers} failed (${p.status}): ${(p.stderr ?? '').slice(-400)}`);
  const rss = JSON.parse(readFileSync(rssFile, 'utf8')) as { maxRssMb: number; mainHeapPeakMb: number };
  const summary = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')) as { matches: { played: number }; timing: { seconds: number } };
  const field = (re: RegExp): number | null => {
    const m = useTime ? re.exec(p.stderr) : null;
    return m ? Number(m[1]) : null;
  };
  const timeRss = field(/Maximum resident set size \(kbytes\): (\d+)/);
  const user = field(/User time \(seconds\): ([\d.]+)/), sys = field(/System time \(seconds\): ([\d.]+)/);
  const tables = createHash('sha256');
  for (const t of ['bots', 'loadouts', 'matchups', 'ratings', 'parts']) tables.update(readFileSync(join(out, `${t}.csv`)));
  const run: TournamentRun = {
    matches: summary.matches.played,
    workers,
    wallS,
    playS: summary.timing.seconds,
    cpuS: user === null || sys === null ? null : user + sys,
    maxRssMb: rss.maxRssMb,
    timeMaxRssMb: timeRss === null ? null : Number((timeRss / 1024).toFixed(1)),
    mainHeapPeakMb: rss.mainHeapPeakMb,
    matchesSha: sha(join(out, 'matches.csv')),
    tablesSha: tables.digest('hex'),
    load,
  };
  rmSync(out, { recursive: true, force: true });
  return run;
}

/** The worker pool: the same run with one worker and with `workers`, alternated `reps` times; the best of each. */
export interface PoolResult {
  readonly workers: number;
  readonly one: TournamentRun;
  readonly all: TournamentRun;
  /** Playing phase (summary.json timing): best one-worker seconds over best all-worker seconds. */
  readonly speedup: number;
  /** The whole command, start-up and tables included. */
  readonly speedupWall: number;
  /** matches.csv and the tables were the same bytes in every run. */
  readonly identical: boolean;
  readonly runs: readonly TournamentRun[];
}

export function poolSpeedup(dir: string, config: string, workers: number, reps: number, tag: string): PoolResult {
  const runs: TournamentRun[] = [];
  for (let r = 0; r < reps; r++) for (const w of r % 2 === 0 ? [1, workers] : [workers, 1]) runs.push(runTournament(dir, config, w, tag));
  const best = (w: number, key: 'playS' | 'wallS'): TournamentRun =>
    runs.filter((x) => x.workers === w).reduce((a, b) => (b[key] < a[key] ? b : a));
  const one = best(1, 'playS'), all = best(workers, 'playS');
  return {
    workers,
    one,
    all,
    speedup: one.playS / all.playS,
    speedupWall: best(1, 'wallS').wallS / best(workers, 'wallS').wallS,
    identical: runs.every((x) => x.matchesSha === runs[0].matchesSha && x.tablesSha === runs[0].tablesSha),
    runs,
  };
}

/**
 * What the machine gives `k` cores on this very workload, without the pool:
 * the run with one worker alone, then `k` copies of it at once, each its own
 * process with one worker (nothing shared), alternated `reps` times; k x the
 * best playing time alone over the best time of the slowest copy. A workload
 * that leans on memory scales less than bare kernel matches: this, not the
 * kernel's scaling, is the ceiling for the pool on it.
 */
export async function workloadScaling(dir: string, config: string, k: number, reps: number): Promise<{ alone: number; together: number; scaling: number }> {
  const play = (tag: string): Promise<number> =>
    new Promise((resolve, reject) => {
      const out = join(dir, `run-${tag}`);
      rmSync(out, { recursive: true, force: true });
      const p = spawn(process.execPath, [CLI, 'tournament', config, '--out', out, '--quiet', '--no-report', '--workers', '1'], { stdio: 'ignore' });
      p.on('error', reject);
      p.on('close', (code) => {
        if (code !== 0) return reject(new Error(`havoc tournament ${config} --workers 1 exited with ${code}`));
        const s = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')) as { timing: { seconds: number } };
        rmSync(out, { recursive: true, force: true });
        resolve(s.timing.seconds);
      });
    });
  let alone = Infinity, together = Infinity;
  for (let r = 0; r < reps; r++) {
    alone = Math.min(alone, await play('alone'));
    const times = await Promise.all(Array.from({ length: k }, (_, i) => play(`together-${i}`)));
    together = Math.min(together, Math.max(...times));
  }
  return { alone, together, scaling: (k * alone) / together };
}
