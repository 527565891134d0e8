/**
 * A contest file (`havoc contest configs/contest.json`): a run config's fields
 * for one ruleset (ruleset, loadouts, budget, turnLimit, maxFaults, seed, out,
 * …) plus the contest's own: `entrants` (manifests, or folders of them),
 * `bots` (house bots such as `random`, optional), `games` and `confidence`
 * (how the schedule grows: contest/rounds.ts) and `maxRounds`. The entrants
 * become the run's bots and the whole is checked as a run config is, so every
 * problem names its field; a manifest's problem names the manifest.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { HavocError, HavocProblems } from '../../core/errors.js';
import { loadConfigJson, readConfigJson } from '../../config/file.js';
import { check, isObj, Problems } from '../../config/problems.js';
import type { ConfigOverrides, LoadoutEntry, RunConfig } from '../../config/types.js';
import { resolveLoadouts } from '../../config/loadouts.js';
import { rulesetFactsOf } from '../../config/rulesets.js';
import type { RunData } from '../../config/data.js';
import { readManifest, type EntrantManifest } from '../../sandbox/manifest.js';
import { botHash } from '../../config/bots.js';

/** How a contest's schedule grows (contest/rounds.ts). */
export interface ContestOptions {
  /** Games each pair plays when it first meets (seat-swapped: even). */
  readonly first: number;
  /** Games a pair whose order is uncertain plays in each later round (even). */
  readonly more: number;
  /** Games the contest plays at most, over every run of it. */
  readonly max: number;
  /** Neighbours on the leaderboard are settled when the likelihood that the higher is stronger reaches this. */
  readonly confidence: number;
  /** Rounds at most, over every run of it. */
  readonly maxRounds: number;
}

export const DEFAULT_CONTEST: ContestOptions = { first: 10, more: 10, max: 2000, confidence: 0.95, maxRounds: 20 };

/** An entrant as the leaderboard shows it. */
export interface Entrant {
  readonly name: string;
  readonly author: string | null;
  readonly language: string | null;
  /** Its manifest (absolute), or null for a house bot named in `bots`. */
  readonly manifest: string | null;
}

/** A contest file checked: its run (schedule: no rounds yet), data, folder, entrants and options. */
export interface ContestPlan {
  readonly file: string;
  readonly out: string;
  readonly run: RunConfig;
  readonly data: RunData | null;
  readonly entrants: readonly Entrant[];
  readonly options: ContestOptions;
}

const even = (what: string) =>
  z
    .number(`must be an even whole number ≥ 2 (${what}, seat-swapped)`)
    .int(`must be an even whole number ≥ 2 (${what}, seat-swapped)`)
    .min(2, `must be an even whole number ≥ 2 (${what}, seat-swapped)`)
    .refine((n) => n % 2 === 0, `must be an even whole number ≥ 2 (${what}, seat-swapped)`);

const Games = z.strictObject(
  {
    first: even('games a pair plays when it first meets').optional(),
    more: even('games an uncertain pair plays in each later round').optional(),
    max: z.number('must be a whole number ≥ 2 (games the contest plays at most)').int('must be a whole number ≥ 2 (games the contest plays at most)').min(2, 'must be a whole number ≥ 2 (games the contest plays at most)').optional(),
  },
  { error: (iss) => (iss.code === 'unrecognized_keys' ? 'unknown field (expected first, more, max)' : 'must be an object {"first": 10, "more": 10, "max": 2000}') },
);
const Confidence = z.number('must be a number between 0.5 and 1').gt(0.5, 'must be a number between 0.5 and 1').lt(1, 'must be a number between 0.5 and 1');
const MaxRounds = z.number('must be a whole number ≥ 1').int('must be a whole number ≥ 1').min(1, 'must be a whole number ≥ 1');
const Entrants = z.array(z.string('each entrant is the path of a manifest (bot.json) or of a folder of them').min(1), 'must be a non-empty array of manifest paths or folders of manifests').min(1, 'must be a non-empty array of manifest paths or folders of manifests');

/** The contest's own fields; the rest are a run config's. */
const CONTEST_FIELDS = ['entrants', 'games', 'confidence', 'maxRounds'];
/** A run config's fields a contest sets itself. */
const SET_BY_CONTEST = ['between', 'teams', 'schedule', 'runs'];

/**
 * The builds entrants bring: an entrant whose manifest lists builds for the contest's ruleset plays the first
 * of them (the others are what `havoc check-bot` pairs it with); the rest play the contest's loadout. Each build
 * is checked by the ruleset as a config's loadout is; a problem names the manifest. None where the ruleset has
 * one build of its own (Robo Battle Pigs).
 */
function entrantBuilds(manifests: readonly { m: EntrantManifest; at: string }[], run: RunConfig, data: unknown, loadoutsFile: string | undefined): { loadouts: LoadoutEntry[]; builds: Map<string, string> } {
  const facts = rulesetFactsOf(run.ruleset)!;
  const loadouts: LoadoutEntry[] = [], builds = new Map<string, string>();
  if (facts.fixed) return { loadouts, builds };
  const problems = new Problems('contest');
  for (const { m } of manifests) {
    const raw = m.builds[run.ruleset]?.[0];
    if (raw === undefined) continue;
    const resolved = resolveLoadouts({ v: [raw], at: `${m.file}: builds.${run.ruleset}` }, { v: loadoutsFile, at: 'loadoutsFile' }, facts, data, run.experimental, false, problems);
    const entry = resolved?.[0];
    if (!entry) continue;
    if (!loadouts.some((l) => l.name === entry.name)) loadouts.push(entry);
    builds.set(m.name, entry.name);
  }
  problems.throwIfAny();
  return { loadouts, builds };
}

/** The manifests an `entrants` entry names: the file, or a folder's bot.json, or each subfolder's bot.json (sorted). */
export function manifestsIn(path: string): string[] {
  if (!existsSync(path)) throw new HavocError('ERR_CONTEST', path, 'no such file or folder');
  if (!statSync(path).isDirectory()) return [path];
  if (existsSync(join(path, 'bot.json'))) return [join(path, 'bot.json')];
  const found = readdirSync(path)
    .sort()
    .map((d) => join(path, d, 'bot.json'))
    .filter((f) => existsSync(f));
  if (found.length === 0) throw new HavocError('ERR_CONTEST', path, 'holds no manifest: neither bot.json nor a subfolder with one');
  return found;
}

/** Reads and checks a contest file, and checks that every entrant's bot loads (in the sandbox). Writes nothing. */
export async function loadContest(file: string, overrides: ConfigOverrides = {}): Promise<ContestPlan> {
  const json = readConfigJson(file);
  const problems = new Problems(file);
  if (!isObj(json)) throw new HavocError('ERR_CONFIG', file, 'a contest file is a JSON object (see docs/contest.md)');
  for (const k of SET_BY_CONTEST) if (k in json) problems.add(k, `a contest sets "${k}" itself (its entrants play each other in rounds): leave it out`);
  const options = {
    first: DEFAULT_CONTEST.first,
    more: DEFAULT_CONTEST.more,
    max: DEFAULT_CONTEST.max,
    confidence: json.confidence !== undefined && check(Confidence, json.confidence, 'confidence', problems) ? (json.confidence as number) : DEFAULT_CONTEST.confidence,
    maxRounds: json.maxRounds !== undefined && check(MaxRounds, json.maxRounds, 'maxRounds', problems) ? (json.maxRounds as number) : DEFAULT_CONTEST.maxRounds,
  };
  if (json.games !== undefined && check(Games, json.games, 'games', problems)) Object.assign(options, json.games);

  // Entrants: each manifest read; names unique among them and the house bots.
  const entrants: Entrant[] = [];
  const bots: unknown[] = [];
  const manifests: { m: EntrantManifest; at: string }[] = [];
  if (check(Entrants, json.entrants, 'entrants', problems)) {
    (json.entrants as string[]).forEach((p, i) => {
      try {
        for (const m of manifestsIn(p)) manifests.push({ m: readManifest(m, { ownFiles: true }), at: `entrants[${i}]` });
      } catch (e) {
        if (!(e instanceof HavocError)) throw e;
        for (const x of e instanceof HavocProblems ? e.problems : [e]) problems.add(`entrants[${i}]`, `${x.where}: ${x.problem}`);
      }
    });
  }
  const ruleset = typeof json.ruleset === 'string' ? json.ruleset : null;
  for (const { m, at } of manifests) {
    if (ruleset && m.rulesets && !m.rulesets.includes(ruleset)) problems.add(at, `${m.name} (${m.file}) does not play ${ruleset}: its manifest's rulesets are ${m.rulesets.join(', ')}`);
    if (entrants.some((e) => e.name === m.name)) problems.add(at, `two entrants are named "${m.name}" (${m.file} and ${entrants.find((e) => e.name === m.name)!.manifest}): names must differ`);
    entrants.push({ name: m.name, author: m.author, language: m.language, manifest: m.file });
    bots.push({ name: m.name, ...m.bot });
  }
  const house = Array.isArray(json.bots) ? json.bots : json.bots === undefined ? [] : null;
  if (house === null) problems.add('bots', 'must be an array of house bots (built-in names, paths or {"name": ..., "bot": ...}), or left out');
  for (const b of house ?? []) {
    bots.push(b);
    const name = typeof b === 'string' ? b : isObj(b) && typeof b.name === 'string' ? b.name : isObj(b) && typeof b.bot === 'string' ? b.bot : '?';
    entrants.push({ name, author: null, language: null, manifest: null });
  }
  problems.throwIfAny();

  // The rest is a run config between the entrants (its schedule only for the check: the contest plays rounds).
  const run: Record<string, unknown> = { ...json, bots, between: 'bots', schedule: { type: 'round-robin', games: options.first } };
  for (const k of CONTEST_FIELDS) delete run[k];
  const plan = await loadConfigJson(run, file, overrides);
  const r = plan.runs[0];
  const own = entrantBuilds(manifests, r.run, r.data?.value, typeof json.loadoutsFile === 'string' ? json.loadoutsFile : undefined);
  // An entrant is its whole folder: every file there is in its fingerprint (a helper module swapped is a changed entrant).
  const folders = new Map(manifests.map(({ m }) => [m.name, dirname(m.file)]));
  const entrantBots = r.run.bots.map((b) => {
    const folder = folders.get(b.name);
    return folder === undefined ? b : { ...b, folder, sha256: botHash(b.bot, folder) };
  });
  return {
    file,
    out: r.out,
    run: { ...r.run, bots: entrantBots, loadouts: [...r.run.loadouts, ...own.loadouts.filter((l) => !r.run.loadouts.some((x) => x.name === l.name))], schedule: { type: 'rounds', rounds: [], ...(own.builds.size ? { builds: Object.fromEntries(own.builds) } : {}) } },
    data: r.data,
    entrants,
    options,
  };
}
