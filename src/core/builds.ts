/** What a seat brings to a match, as a ruleset describes its builds to the arena (`GameModule.builds`). */
import type { HavocError } from './errors.js';
import type { Parsed } from './game.js';

/** What a run allows its builds. */
export interface BuildOptions {
  /** Builds may use experimental components (default: yes, as a replay or a sweep's key needs). */
  readonly experimental?: boolean;
  /** The file of named builds a name is looked up in (a config's `loadoutsFile`); default the ruleset's own list. */
  readonly names?: string;
}

/**
 * What a seat brings to a match (an NHM loadout, a ship's upgrades, an army):
 * the ruleset's own type, named in configs by a key or a name.
 */
export interface BuildKit<B> {
  /** The build a ruleset uses when a run names none (NHM: none; RBP: the pig). */
  readonly fixed?: { readonly name: string; readonly build: B };
  /**
   * Checks a build as a config writes it (a key, a name of the ruleset's
   * named builds, or an object); several problems come as one HavocProblems,
   * each naming its place under `where`.
   */
  check(raw: unknown, where: string, opts?: BuildOptions): Parsed<B>;
  /** What a run calls a build a config gave as a string (NHM: its name in the named list, else its canonical key); default its key. */
  name?(build: B): string;
  /** The named builds (`opts.names`, default the ruleset's own list), or the problem with their file; absent when builds have no names. */
  named?(opts?: BuildOptions): Parsed<ReadonlyMap<string, B>>;
  /** Problems with a sweep's filter (`schedule.filter`, its shape already checked) that only the ruleset can see: tags or components that do not exist. */
  filterProblems?(filter: unknown, where: string): HavocError[];
  /** The canonical key: equal builds have equal keys, and `check(key)` gives the build back. */
  key(build: B): string;
  /** The build as a config writes it (what `check` reads back); default its key. */
  spec?(build: B): unknown;
  /** Its cost in the ruleset's points. */
  cost(build: B): number;
  /**
   * Sweeps: the legal builds passing `filter` (the run's `schedule.filter`
   * with the run's `experimental` beside its fields; its meaning is the
   * ruleset's), drawn from a seed with replacement, listed in a fixed order, or
   * counted. Absent when a ruleset has one build.
   */
  sample?(count: number, seed: string, filter?: unknown): B[];
  /**
   * Like `sample`, but drawn uniformly from the legal builds passing `filter`
   * that hold `component` (one of `listing`'s keys); none when no legal build
   * holds it. A sweep's part-balanced design draws each part's share of its
   * pool with it (run/balancedPool.ts). Absent: the design is uniform.
   * With `spread` (where `spreadsSpend`), each budget's spend is drawn evenly
   * over the levels it can take, then the build uniformly at those levels.
   */
  sampleHolding?(count: number, seed: string, component: string, filter?: unknown, spread?: boolean): B[];
  /** Whether `sampleHolding` can spread its builds' spend over each budget's levels (NHM); else the spread design is the balanced one. */
  readonly spreadsSpend?: boolean;
  enumerate?(filter?: unknown): Iterable<B>;
  count?(filter?: unknown): number;
  /**
   * The legal builds one move from `build` (NHM: a part added, removed, or
   * swapped for another of its category) passing `filter` as `sample` reads
   * it, in a fixed order: a local search's moves (`havoc optimize`). Absent:
   * a search can only draw fresh builds with `sample`.
   */
  neighbours?(build: B, filter?: unknown): B[];
  /**
   * The legal build nearest one written under other prices (`key`, which the
   * current data may refuse): the ruleset's rule for fitting a build back into
   * its budgets (NHM: the fewest parts of an over-spent budget dropped), or
   * null when none fits. Absent: such a build is left out (`havoc reprice --refit`).
   */
  refit?(key: string, opts?: BuildOptions): B | null;
  /** The priced components a build is made of (NHM: its part keys), for part pricing; absent when builds have none. */
  components?(build: B): readonly string[];
  /** Every component in listing order with its listed cost and the category it competes in (NHM: the catalogue). */
  listing?(): ReadonlyMap<string, { readonly cost: number; readonly category: string }>;
}
