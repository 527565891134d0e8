/**
 * A contest's folder: one run folder whose run grows a round at a time
 * (config.json rewritten as it grows, matches.csv only appended), and
 * contest.json beside it: every entrant that ever played, with its author and
 * language, the contest's options and why it stopped. Running the contest
 * again carries it on: entrants already in keep their games (a changed bot
 * must enter under a new name), new entrants join, and the leaderboard is
 * rebuilt from every game.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { canonicalJson } from '../../core/json.js';
import { HavocError } from '../../core/errors.js';
import type { RunConfig } from '../../config/types.js';
import { botHash } from '../../config/bots.js';
import { FOLDER_FORMAT, inspectFolder, writeAtomic, writeFolderConfig } from '../../store/folder.js';
import type { ContestOptions, ContestPlan, Entrant } from './file.js';

export const CONTEST_FILE = 'contest.json';

/** contest.json. */
export interface ContestState {
  readonly format: 'havoc-contest/1';
  readonly source: string;
  /** Every entrant that has played, in the order they joined. */
  readonly entrants: readonly Entrant[];
  /** The entrants of the latest run of the contest (the others have withdrawn: their games stay). */
  readonly active: readonly string[];
  readonly options: ContestOptions;
  /** Why the schedule stopped growing, or null while it grows. */
  readonly stopped: string | null;
}

/** The run to carry on in `dir` for this plan (its rounds so far, the new entrants' bots added), and every entrant so far. Writes nothing. */
export function contestRun(dir: string, plan: ContestPlan): { run: RunConfig; entrants: Entrant[]; fresh: boolean } {
  const f = inspectFolder(dir);
  if (f.kind === 'empty') return { run: plan.run, entrants: [...plan.entrants], fresh: true };
  if (f.kind !== 'run' || f.config.run.schedule.type !== 'rounds')
    throw new HavocError('ERR_RUN_FOLDER', dir, 'the output folder holds something other than a contest; choose another with --out');
  const prev = f.config.run;
  // Everything but the entrants and the rounds must be as the contest began: its games were played so.
  const rest = (r: RunConfig): Record<string, unknown> => ({ ...r, bots: null, loadouts: null, schedule: null, name: null });
  const a = rest(prev), b = rest(plan.run);
  const differ = Object.keys({ ...a, ...b }).filter((k) => canonicalJson(a[k]) !== canonicalJson(b[k]));
  if (differ.length)
    throw new HavocError('ERR_RUN_FOLDER', dir, `the folder holds a contest with other settings (they differ in ${differ.join(', ')}); its games were played so: choose another folder with --out`);
  const bots = [...prev.bots];
  for (const bot of plan.run.bots) {
    const old = bots.find((x) => x.name === bot.name);
    if (!old) bots.push(bot);
    else {
      // An entrant that entered before whole folders were fingerprinted: its main file checked as then, and its folder's fingerprint kept from now on.
      const then = old.folder === undefined && bot.folder !== undefined ? botHash(bot.bot) : bot.sha256;
      if (old.bot !== bot.bot || old.sha256 !== then || (old.folder ?? bot.folder) !== bot.folder) throw changed(dir, bot.name, old.bot !== bot.bot ? 'its bot is another' : old.folder !== undefined ? 'its sha256 differs: a file of its folder changed' : 'its sha256 differs');
      if (old.folder === undefined && bot.folder !== undefined) bots[bots.indexOf(old)] = bot;
    }
  }
  // The builds: the contest's loadout as it began, each entrant's own as it entered (a changed one is refused, as a changed bot).
  if (canonicalJson(prev.loadouts[0]) !== canonicalJson(plan.run.loadouts[0]))
    throw new HavocError('ERR_RUN_FOLDER', dir, 'the folder holds a contest with another loadout: its games were played so: choose another folder with --out');
  const loadouts = [...prev.loadouts];
  for (const l of plan.run.loadouts) if (!loadouts.some((x) => x.name === l.name)) loadouts.push(l);
  const prevBuilds = prev.schedule.type === 'rounds' ? (prev.schedule.builds ?? {}) : {};
  const newBuilds = plan.run.schedule.type === 'rounds' ? (plan.run.schedule.builds ?? {}) : {};
  for (const b of plan.run.bots) {
    const had = prev.bots.some((x) => x.name === b.name);
    if (had && (prevBuilds[b.name] ?? null) !== (newBuilds[b.name] ?? null))
      throw new HavocError('ERR_RUN_FOLDER', dir, `entrant ${b.name} brings another build than when it entered (${newBuilds[b.name] ?? "the contest's"} for ${prevBuilds[b.name] ?? "the contest's"}): enter it under a new name`);
  }
  const builds = { ...newBuilds, ...prevBuilds };
  const state = readContestState(dir);
  const entrants = [...(state?.entrants ?? prev.bots.map((x) => ({ name: x.name, author: null, language: null, manifest: null })))];
  for (const e of plan.entrants) {
    const i = entrants.findIndex((x) => x.name === e.name);
    if (i < 0) entrants.push(e);
    else entrants[i] = e;
  }
  const schedule = prev.schedule.type === 'rounds' ? { ...prev.schedule, ...(Object.keys(builds).length ? { builds } : {}) } : prev.schedule;
  return { run: { ...plan.run, bots, loadouts, schedule }, entrants, fresh: false };
}

/** Rewrites the contest run's config.json (its rounds have grown). */
export function saveContestRun(dir: string, run: RunConfig, source: string): void {
  writeFolderConfig(dir, { format: FOLDER_FORMAT, source, shard: null, run });
}

/** contest.json, or null when the folder has none (or an unreadable one). */
export function readContestState(dir: string): ContestState | null {
  try {
    const v = JSON.parse(readFileSync(join(dir, CONTEST_FILE), 'utf8')) as ContestState;
    return v.format === 'havoc-contest/1' ? v : null;
  } catch {
    return null;
  }
}

export function writeContestState(dir: string, state: ContestState): void {
  writeAtomic(join(dir, CONTEST_FILE), JSON.stringify(state, null, 2) + '\n');
}

const changed = (dir: string, name: string, why: string): HavocError =>
  new HavocError(
    'ERR_RUN_FOLDER',
    dir,
    `entrant ${name} has changed since it entered (${why}): its games so far were played by the old one; enter the new one under a new name ("name" in its manifest), or start a new contest folder`,
  );

/** Refuses to play on when an entrant's folder changed since it entered (between two rounds of one contest run, say): its games so far were played by the old files. */
export function checkEntrantsUnchanged(dir: string, run: RunConfig): void {
  for (const b of run.bots) if (b.folder !== undefined && b.sha256 !== undefined && botHash(b.bot, b.folder) !== b.sha256) throw changed(dir, b.name, `its sha256 differs: a file of its folder ${b.folder} changed`);
}
