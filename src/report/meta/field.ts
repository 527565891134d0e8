/**
 * The field a metagame is played over: the top K builds of a finished run
 * (its loadouts.csv, by rating, else by its rank: the win rate), and the run
 * config that plays them against each other — a round robin between those
 * builds, every pair `games` times seat-swapped, with the run's bot, ruleset,
 * data file, turn limit, budget and seed — into DIR/meta/ (docs/balance.md).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { commandOf } from '../../match/bots.js';
import type { RunConfig } from '../../config/index.js';
import { DATA_FILE, inspectFolder } from '../../store/folder.js';
import { HavocError } from '../../core/errors.js';
import { columnsOf, num, readCsv } from '../htmlCsv.js';

/** A build of the run the metagame plays. */
export interface FieldBuild {
  /** Its name in the run (a sweep's: its key). */
  readonly name: string;
  readonly key: string;
  readonly winRate: number | null;
  readonly rating: number | null;
  readonly games: number;
  /** A build refitted to new prices: the key it was refitted from (carriedField). */
  readonly from?: string;
}

export const META_FOLDER = 'meta';

/** The run of a run folder, refused (one line, naming what is wrong) when it cannot have a metagame of builds. */
export function metaSource(dir: string): RunConfig {
  const f = inspectFolder(dir);
  if (f.kind === 'parent') throw new HavocError('ERR_RUN_FOLDER', dir, `holds several runs (${f.config.runs.join(', ')}): name one of them, e.g. ${join(dir, f.config.runs[0] ?? 'RUN')}`);
  if (f.kind === 'empty') throw new HavocError('ERR_RUN_FOLDER', dir, 'no run here (no config.json): play one with havoc tournament or havoc sweep');
  if (f.kind !== 'run') throw new HavocError('ERR_RUN_FOLDER', dir, existsSync(join(dir, 'config.json')) ? 'not a run folder (its config.json is not a run\'s)' : 'not a run folder (no config.json)');
  const run = f.config.run;
  if (run.between !== 'loadouts') throw new HavocError('ERR_RUN_FOLDER', dir, `a run between ${run.between}: havoc meta plays the run's builds against each other, so it needs a run between loadouts (a sweep, or a round robin of loadouts)`);
  return run;
}

/** The run's builds, best first: by rating when the run rated them, else in loadouts.csv's order (the win rate). */
export function rankedBuilds(dir: string): FieldBuild[] {
  const path = join(dir, 'loadouts.csv');
  const t = readCsv(path);
  if (!t) throw new HavocError('ERR_RUN_FOLDER', dir, 'has no loadouts.csv: the run is not finished (havoc resume plays the rest)');
  const c = columnsOf(t, 'entity');
  if (!c.name) throw new HavocError('ERR_RUN_FOLDER', path, 'has no loadout column');
  const builds = t.rows.map((r) => ({
    name: r[c.name!],
    key: (c.key ? r[c.key] : '') || r[c.name!],
    winRate: c.rate ? num(r[c.rate]) : null,
    rating: c.rating ? num(r[c.rating]) : null,
    games: (c.games ? num(r[c.games]) : null) ?? 0,
  }));
  if (builds.every((b) => b.rating !== null)) return builds.map((b, i) => ({ b, i })).sort((p, q) => q.b.rating! - p.b.rating! || p.i - q.i).map((p) => p.b);
  return builds;
}

/** The top `k` builds, or a one-line error when the run has fewer. */
export function topBuilds(dir: string, k: number): FieldBuild[] {
  const all = rankedBuilds(dir);
  if (all.length < 2) throw new HavocError('ERR_RUN_FOLDER', dir, `has ${all.length === 0 ? 'no builds' : 'one build'} in loadouts.csv: a metagame needs at least two`);
  if (k > all.length) throw new HavocError('ERR_ARGS', '--top', `${k} is more builds than the run has (${all.length} in ${join(dir, 'loadouts.csv')})`);
  return all.slice(0, k);
}

/**
 * A field carried over from an earlier one: its builds still legal (`legal`, under new prices), in their order,
 * then the best of `fresh` not among them, to `k` — so a metagame after a price change is solved over the same
 * builds as far as the prices allow, not over a field drawn afresh (`havoc reprice --aim support --same-field`).
 * Given `refit` (`--refit`: the key of the legal build nearest a key, or null), a build the prices made illegal
 * takes its place refitted (`from` its key) rather than leaving it to a fresh build.
 */
export function carriedField(
  earlier: readonly FieldBuild[], fresh: readonly FieldBuild[], k: number, legal: (key: string) => boolean, refit?: (key: string) => string | null,
): FieldBuild[] {
  const out: FieldBuild[] = [];
  const held = new Set<string>();
  // A refit that lands on a build of the field still legal as it is leaves that build its own place.
  const standing = new Set(earlier.filter((b) => legal(b.key)).map((b) => b.key));
  for (const b of earlier) {
    if (out.length >= k) break;
    if (standing.has(b.key)) {
      if (!held.has(b.key)) out.push(b), held.add(b.key);
      continue;
    }
    const key = refit?.(b.key) ?? null;
    // A refitted build has no record of its own in the run: its win rate and rating are not the old build's.
    if (key !== null && !held.has(key) && !standing.has(key)) out.push({ name: key, key, winRate: null, rating: null, games: 0, from: b.key }), held.add(key);
  }
  for (const b of fresh) {
    if (out.length >= k) break;
    if (!held.has(b.key)) out.push(b), held.add(b.key);
  }
  return out;
}

export interface MetaPlan {
  readonly top: number;
  readonly games: number;
  /** The meta run's seed (default: the run's). */
  readonly seed?: string;
}

/** The run config (as JSON, for the config checker) of the metagame of `builds` from the run `run` in `dir`. */
export function metaConfigJson(dir: string, run: RunConfig, builds: readonly FieldBuild[], p: MetaPlan): Record<string, unknown> {
  return {
    name: `${run.name}-meta`,
    description: `havoc meta: the top ${builds.length} builds of ${dir} in a round robin, ${p.games} games a pair, seat-swapped`,
    ruleset: run.rulesetModule ?? run.ruleset,
    ...(run.catalogueHash !== undefined ? { parts: join(dir, DATA_FILE) } : {}),
    experimental: run.experimental,
    bots: run.bots.map((b) => {
      const argv = commandOf(b.bot);
      return argv ? { name: b.name, command: argv } : { name: b.name, bot: b.bot };
    }),
    between: 'loadouts',
    loadouts: builds.map((b) => b.key),
    schedule: { type: 'round-robin', games: p.games },
    turnLimit: run.turnLimit,
    budget: run.budget,
    ...(run.maxFaults !== undefined ? { maxFaults: run.maxFaults } : {}),
    ...(run.maxHangs !== undefined ? { maxHangs: run.maxHangs } : {}),
    seed: p.seed ?? run.seed,
    stats: run.stats,
    out: join(dir, META_FOLDER),
  };
}
