/**
 * Playing run folders, as every run-playing command does: on a worker pool
 * or the queue's workers, with a progress bar, Ctrl-C and the queue's cancel
 * stopping it cleanly; then the tables, the chosen replays and the report.
 * `tournament`, `sweep`, `resume`, `contest`, `meta` and `reprice` share it.
 */
import { join } from 'node:path';
import { loadConfig, type ConfigOverrides, type Plan, type RunConfig } from '../config/index.js';
import { checkParentFolder, checkRunFolder, folderData, initParentFolder, initRunFolder } from '../store/folder.js';
import { defaultWorkers, makeExecutor, workersProblem, type Executor } from '../run/pool.js';
import { parseReplayChoice } from '../run/player.js';
import { runsTrustedFromPath } from '../match/bots.js';
import { DEFAULT_REPLAYS, playRun, saveReplaysOf, type PlayOutcome, type ProgressListener } from '../run/runner.js';
import { parseShard, type Shard } from '../store/shard.js';
import { HavocError } from '../core/errors.js';
import { writeReport } from '../report/html.js';
import { scoreRates } from '../report/tables.js';
import { saveChosenReplays } from '../run/rerun.js';
import { formatReport, writeTables, type RunTables, type Summary } from '../report/summary.js';
import { RunProgressBar } from './progress.js';
import type { QueueExecutor } from '../queue/executor.js';
/** The queue's modules (ioredis, BullMQ: a fifth of a second's start) are loaded only by a run that uses one. */
const queueApp = () => import('./queue.js');

/** Options every run-playing command takes. */
export interface RunArgs {
  workers?: number;
  batch?: number;
  'save-replays'?: string;
  report?: boolean;
  quiet: boolean;
  json: boolean;
  'unsafe-bots'?: boolean;
  /** Print nothing of a run's tables (a command that reports them its own way). */
  silent?: boolean;
  queue?: string;
}

export interface ConfigArgs extends RunArgs {
  config: string;
  out?: string;
  seed?: string;
  shard?: string;
}

/** A run folder to play and report. */
export interface FolderJob {
  readonly dir: string;
  readonly run: RunConfig;
  readonly shard: Shard | null;
  /** The run's data as its ruleset read it (undefined: it reads none). */
  readonly data: unknown;
}

/** Checks --workers. */
function workerCount(w: number | undefined): number {
  if (w === undefined) return defaultWorkers();
  const problem = workersProblem(w, 0);
  if (problem) throw new HavocError('ERR_ARGS', '--workers', problem);
  return w;
}

/** Checks the options every run-playing command takes, before anything is written. */
export function checkRunArgs(args: RunArgs): void {
  parseReplayChoice(args['save-replays'], DEFAULT_REPLAYS);
}

/** Checks --batch. */
function checkBatch(b: number | undefined): void {
  if (b !== undefined && !(Number.isInteger(b) && b >= 1)) throw new HavocError('ERR_ARGS', '--batch', 'must be a whole number >= 1');
}

/**
 * Runs `body` with a worker pool (or the queue's workers, with --queue) and a
 * stop signal: Ctrl-C, or cancelling the run on the queue, stops handing out
 * matches, the ones under way are written, and the command exits 130 (a
 * second Ctrl-C quits at once). The pool is closed after.
 */
export async function withPool<T>(args: RunArgs, body: (exec: Executor, stop: AbortSignal) => Promise<T>): Promise<T> {
  checkBatch(args.batch);
  const stop = new AbortController();
  const onCancel = (run: string): void => {
    process.stderr.write(`\n${run}: cancelled (havoc status --cancel): finishing the batches under way\n`);
    stop.abort('cancelled');
  };
  const exec: Executor = args.queue !== undefined ? await (await queueApp()).openQueue(args.queue, onCancel) : await makeExecutor(workerCount(args.workers));
  let interrupts = 0;
  const onInt = (): void => {
    if (++interrupts > 1) process.exit(130);
    process.stderr.write('\nstopping: finishing the matches under way (Ctrl-C again to quit now)\n');
    stop.abort();
  };
  process.on('SIGINT', onInt);
  try {
    return await body(exec, stop.signal);
  } finally {
    process.off('SIGINT', onInt);
    await exec.close();
  }
}

/** Plays what is left of a run folder with a progress bar; null (and exit code 130) when it was stopped. */
export async function playJob(job: FolderJob, exec: Executor, stop: AbortSignal, args: RunArgs): Promise<PlayOutcome | null> {
  const queue = 'report' in exec ? (exec as QueueExecutor) : null;
  const alive = queue ? () => `${queue.alive().workers} workers alive` : undefined;
  const bar = !args.quiet && process.stderr.isTTY === true ? new RunProgressBar(job.run.name, alive) : null;
  const status = queue ? (await queueApp()).statusReporter(job, queue) : null;
  const onProgress: ProgressListener | undefined =
    bar && status ? (d, t, i) => (bar.onProgress(d, t, i), status.progress(d, t, i)) : (bar?.onProgress ?? status?.progress);
  let outcome;
  try {
    outcome = await playRun(job.dir, job.run, job.shard, job.data, {
      executor: exec,
      onProgress,
      signal: stop,
      warn: (line) => process.stderr.write(`warning: ${line}\n`),
      maxBatch: args.batch,
      saveReplays: parseReplayChoice(args['save-replays'], DEFAULT_REPLAYS),
      trustBots: args['unsafe-bots'] === true,
    });
  } finally {
    bar?.stop();
  }
  if (outcome.reused) process.stderr.write(`${job.run.name}: ${outcome.reused} matches enqueued by a coordinator since stopped are taken from the queue, not played again\n`);
  await status?.end(!outcome.interrupted ? 'finished' : stop.reason === 'cancelled' ? 'cancelled' : 'stopped', outcome.done, outcome.scheduled);
  if (!outcome.interrupted) return outcome;
  process.stderr.write(`${job.run.name}: ${outcome.done} of ${outcome.scheduled} matches are in ${join(job.dir, 'matches.csv')}; \`${resumeHint(job)}${queue ? ' --queue URL' : ''}\` plays the rest\n`);
  process.exitCode = 130;
  return null;
}

/** The command that carries on a stopped run (a contest's or a duel's own command for one). */
const resumeHint = (job: FolderJob): string =>
  job.run.schedule.type === 'rounds' ? 'havoc contest CONFIG' : job.run.schedule.type === 'duel' ? 'the same havoc duel command' : `havoc resume ${job.dir}`;

/**
 * A played run's tables (printed: `text` in place of the usual top of the tables, after writing what it
 * adds), its chosen replays and its report.
 */
export async function finishRun(job: FolderJob, exec: Executor, outcome: PlayOutcome, args: RunArgs, text: (t: RunTables) => string | Promise<string> = (t) => formatReport(job.dir, t)): Promise<Summary> {
  const t = writeTables(job.dir, job.run, job.data, job.shard, outcome.scheduled, {
    seconds: Number(outcome.seconds.toFixed(3)),
    playedThisSession: outcome.playedNow,
    matchesPerSecond: Number((outcome.playedNow / Math.max(outcome.seconds, 1e-9)).toFixed(1)),
    workers: exec.workers,
    workerSeconds: Number(outcome.workerSeconds.toFixed(3)),
  });
  const said = await text(t);
  if (args.silent) {
    // the caller reports
  } else if (args.json) process.stdout.write(JSON.stringify(t.summary) + '\n');
  else process.stdout.write(said);
  // The replays worth watching (interest.ts), chosen from the finished rows and played again; not with a
  // trusted path bot, which would play them in this process's threads once more (havoc replay plays any match).
  const choice = parseReplayChoice(args['save-replays'], DEFAULT_REPLAYS);
  // Under `losses` (a contest's) the report's replays are still ordered by interest: the usual number chosen.
  const count = typeof choice === 'number' ? choice : choice === 'losses' ? (DEFAULT_REPLAYS as number) : 0;
  const trusted = job.run.bots.some((b) => runsTrustedFromPath(b.bot, args['unsafe-bots'] === true));
  if (count > 0 && trusted && !args.quiet)
    process.stderr.write(`${job.run.name}: no replays chosen (a bot named by path runs in this process with --unsafe-bots); \`havoc replay ${job.dir} --match ID\` plays any match\n`);
  if (count > 0 && !trusted)
    await saveChosenReplays(job.dir, job.run, scoreRates(t.tables.teams ?? (job.run.between === 'bots' ? t.tables.bots : t.tables.loadouts)), count, (ids) =>
      saveReplaysOf(job.dir, job.run, ids, { executor: exec, trustBots: args['unsafe-bots'] === true }),
    );
  if (args.report !== false) {
    const html = await writeReport(job.dir);
    if (!args.json && !args.silent) process.stdout.write(`report: ${html}\n`);
  }
  if (outcome.crashed) process.stderr.write(`${job.run.name}: ${outcome.crashed} matches could not be played (see ${join(job.dir, 'errors.log')})\n`);
  return t.summary;
}

/** Plays run folders one after another on one worker pool, writing each one's tables when it is complete. */
export async function playFolders(jobs: readonly FolderJob[], args: RunArgs): Promise<Summary[]> {
  return withPool(args, async (exec, stop) => {
    const summaries: Summary[] = [];
    for (const job of jobs) {
      const outcome = await playJob(job, exec, stop, args);
      if (!outcome) break;
      summaries.push(await finishRun(job, exec, outcome, args));
      if (!args.json && jobs.length > 1) process.stdout.write('\n');
    }
    return summaries;
  });
}

/** Checks the folders of a plan (nothing written), then creates them and plays every run. */
export async function playPlan(plan: Plan, shard: Shard | null, args: RunArgs): Promise<Summary[]> {
  if (plan.multi) checkParentFolder(plan.out, plan.runs.map((r) => r.run.name));
  for (const r of plan.runs) checkRunFolder(r.out, r.run, shard);
  if (plan.multi) initParentFolder(plan.out, plan.runs.map((r) => r.run.name), plan.file);
  for (const r of plan.runs) initRunFolder(r.out, r.run, shard, r.data?.text ?? null, plan.file);
  const jobs = plan.runs.map((r) => ({ dir: r.out, run: r.run, shard, data: folderData(r.out, r.run)?.value }));
  return playFolders(jobs, args);
}

/** Runs a config file (tournament and sweep). */
export async function runConfig(args: ConfigArgs, overrides: ConfigOverrides = {}, check?: (plan: Plan) => void): Promise<void> {
  const shard = args.shard !== undefined ? parseShard(args.shard) : null;
  workerCount(args.workers);
  checkBatch(args.batch);
  checkRunArgs(args);
  if (args.queue !== undefined) await (await queueApp()).checkQueue(args.queue);
  if (args.seed !== undefined && String(args.seed).trim() === '') throw new HavocError('ERR_ARGS', '--seed', 'must not be empty');
  const plan = await loadConfig(args.config, { ...overrides, out: args.out, seed: args.seed, trustBots: args['unsafe-bots'] === true });
  check?.(plan);
  await playPlan(plan, shard, args);
}
