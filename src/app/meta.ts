/**
 * `havoc meta DIR`: the metagame of a finished run of builds. Its top K builds
 * (report/meta/field.ts) play a round robin, every pair N games seat-swapped,
 * in a run of their own (DIR/meta/, played and resumed like any run); then
 * the matchup matrix's Nash equilibrium (HiGHS), α-Rank beside it, and each
 * part's share of the equilibrium next to its win rate (report/meta/analysis.ts):
 * bootstrapped (`--bootstrap N` resamples of the games), how often each build
 * and part is in the equilibrium: meta.csv, meta-parts.csv, meta.json,
 * printed in short and in the meta run's report.
 */
import { join } from 'node:path';
import { loadConfigJson } from '../config/file.js';
import { loadRunRuleset } from '../config/rulesets.js';
import { checkRunFolder, folderData, initRunFolder } from '../store/folder.js';
import { HavocError } from '../core/errors.js';
import { writeReport } from '../report/html.js';
import { formatMeta, metagame, writeMeta, type MetaResult } from '../report/meta/analysis.js';
import { type FieldBuild, metaConfigJson, metaSource, topBuilds } from '../report/meta/field.js';
import { checkRunArgs, finishRun, playJob, withPool, type RunArgs } from './runs.js';

export interface MetaArgs extends RunArgs {
  dir: string;
  top: number;
  games: number;
  seed?: string;
  out?: string;
  /** Bootstrap resamples of the games (docs/balance.md); absent, none (`havoc reprice`'s metagames; the CLI's default is META_BOOTSTRAP). */
  bootstrap?: number;
  /** The builds to play (programmatic: `havoc reprice --same-field`); absent, the run's top `top`. */
  field?: readonly FieldBuild[];
}

/** `havoc meta`'s resamples by default: K = 50 solves them in about 2.5 s on two busy cores, against minutes of play (docs/balance.md). */
export const META_BOOTSTRAP = 200;
const MIN_BOOTSTRAP = 20;

const wholeAtLeast = (v: number, min: number): boolean => Number.isInteger(v) && v >= min;

/** Plays the metagame of `args.dir` (or carries it on) and returns it; null when the run was stopped. Silent with `args.silent`. */
export async function playMeta(args: MetaArgs): Promise<MetaResult | null> {
  if (!wholeAtLeast(args.top, 2)) throw new HavocError('ERR_ARGS', '--top', 'must be a whole number >= 2 (builds in the metagame)');
  if (!wholeAtLeast(args.games, 2) || args.games % 2 !== 0) throw new HavocError('ERR_ARGS', '--games', 'must be an even whole number >= 2 (each pair plays seat-swapped)');
  const resamples = args.bootstrap ?? 0;
  // Below 20 resamples a frequency under 5% cannot be told from none, so the "never played" rule would mean nothing.
  if (!(resamples === 0 || wholeAtLeast(resamples, MIN_BOOTSTRAP))) throw new HavocError('ERR_ARGS', '--bootstrap', `must be 0 (none) or a whole number >= ${MIN_BOOTSTRAP} (resamples of the games)`);
  if (args.seed !== undefined && String(args.seed).trim() === '') throw new HavocError('ERR_ARGS', '--seed', 'must not be empty');
  const opts: MetaArgs = { ...args, 'save-replays': args['save-replays'] ?? 'none' };
  checkRunArgs(opts);
  const source = metaSource(args.dir);
  const where = join(args.dir, 'config.json');
  await loadRunRuleset(source, where);
  const field = args.field ? [...args.field] : topBuilds(args.dir, args.top);
  const json = metaConfigJson(args.dir, source, field, { top: args.top, games: args.games, seed: args.seed });
  const plan = await loadConfigJson(json, where, { out: args.out, trustBots: args['unsafe-bots'] === true });
  const { run, out } = plan.runs[0];
  checkRunFolder(out, run, null);
  initRunFolder(out, run, null, plan.runs[0].data?.text ?? null, where);
  const data = folderData(out, run)?.value;
  const done: { meta?: MetaResult } = {};
  await withPool(opts, async (exec, stop) => {
    const job = { dir: out, run, shard: null, data };
    const outcome = await playJob(job, exec, stop, opts);
    if (!outcome) return;
    // With --json only meta.json is printed: finishRun prints text (none here) and names the report, which is then written here.
    const report = opts.report !== false;
    await finishRun(job, exec, outcome, { ...opts, json: false, report: report && !args.json }, async () => {
      const meta = (done.meta = await metagame(out, run, data, args.dir, field, resamples));
      writeMeta(out, meta);
      return args.json ? '' : formatMeta(out, meta);
    });
    if (args.json && report) await writeReport(out);
    if (args.json && done.meta) process.stdout.write(JSON.stringify(done.meta.summary) + '\n');
  });
  return done.meta ?? null;
}
