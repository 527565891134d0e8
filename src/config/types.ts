/**
 * What a checked run config is: the types the rest of the arena reads (a run,
 * its bots, loadouts, schedule and table options; a plan of runs), and the
 * saved run's format tag. The config file's own shape is in schema.ts.
 */
import type { Budget } from '../core/bot.js';
import type { BotLimits } from '../sandbox/limits.js';
import type { RunData } from './data.js';

export const RUN_FORMAT = 'havoc-run/1';

/** A bot as a run names it: `bot` is a built-in name or an absolute path. */
export interface BotEntry {
  readonly name: string;
  readonly bot: string;
  /** For a bot named by path: the sha256 of its module file when the run was planned (part of the run's identity: resume and merge refuse a changed bot). */
  readonly sha256?: string;
  /** A contest entrant's folder (its manifest's): its sha256 is then of every file there and the command's words (config/bots.ts botHash). */
  readonly folder?: string;
}

/** A loadout (a build) as a run names it, with its spec as the ruleset's builds write it (`BuildKit.spec`; NHM: its parts by list). */
export interface LoadoutEntry {
  readonly name: string;
  readonly spec: unknown;
}

/** A team as a run names it: its bots (names of the run's bots), one a seat of its side, in seat order. */
export interface TeamEntry {
  readonly name: string;
  readonly bots: readonly string[];
}

/** Which designs a sweep draws from (see LoadoutFilter). */
export interface SweepFilter {
  readonly excludeTags: readonly string[];
  readonly includeParts: readonly string[];
  readonly excludeParts: readonly string[];
  readonly minSpent: number | null;
  readonly maxSpent: number | null;
}

/** A sweep's filter as the ruleset's builds take it (`BuildKit.sample`, …): the run's filter with the run's `experimental` beside its fields. */
export const sweepFilter = (f: SweepFilter, experimental: boolean): SweepFilter & { readonly experimental: boolean } => ({ ...f, experimental });

/** How a sweep draws its sample: every part given its share of the builds (run/balancedPool.ts), half of them with each budget's spend spread over its levels ('spread') or none ('balanced'), or uniformly from the legal builds. */
export const SWEEP_DESIGNS = ['balanced', 'spread', 'uniform'] as const;
export type SweepDesign = (typeof SWEEP_DESIGNS)[number];

export type ScheduleSpec =
  | { readonly type: 'round-robin'; readonly games: number }
  | { readonly type: 'gauntlet'; readonly games: number; readonly challengers: readonly string[] }
  | { readonly type: 'free-for-all'; readonly games: number; readonly seats: number }
  | { readonly type: 'sweep'; readonly matches: number; readonly seats: number; readonly sample: number | null; readonly design: SweepDesign; readonly filter: SweepFilter }
  | {
      readonly type: 'rounds';
      readonly rounds: readonly ContestRound[];
      /** The build each entrant that brings its own plays, by bot name (a loadout's name); the others play the run's first loadout. */
      readonly builds?: Readonly<Record<string, string>>;
    }
  | {
      readonly type: 'duel';
      /** Matches so far: a duel's run grows a check at a time (`havoc duel`, src/run/duel/); run configs do not write duels. */
      readonly matches: number;
      /** Openings: pairs of builds drawn from the run's seed, pair p playing opening p mod openings; 0: the run's first loadout in every seat. */
      readonly openings: number;
    };

/**
 * One round of a contest (`havoc contest`, src/arena/contest/): pairs of the run's bots, each playing
 * `games` games seat-swapped. A contest's run grows by a round at a time; run configs do not write rounds.
 */
export interface ContestRound {
  readonly pairs: readonly (readonly [string, string])[];
  readonly games: number;
  /** Why the contest played it (the first round, an entrant joining, an order still uncertain). */
  readonly why: string;
}

export const SCHEDULE_TYPES = ['round-robin', 'gauntlet', 'free-for-all', 'sweep'] as const;

/** What a run that leaves a field out gets (the budget's is DEFAULT_BUDGET, src/core/bot.ts). */
export const DEFAULT_TURN_LIMIT = 100;
export const DEFAULT_SEED = '1';
export const DEFAULT_BOTS: readonly string[] = ['random'];
export const DEFAULT_SWEEP_SEATS = 2;

/** How the tables are computed. */
export interface StatsOptions {
  /** Family-wise error rate of the part mispricing flags. */
  readonly alpha: number;
  /** Fair-cost anchor (see stats/partEffects). */
  readonly anchor: 'all' | 'unflagged' | 'robust';
  /** Ratings are fitted only when at most this many bots or loadouts are rated. */
  readonly maxRated: number;
}

export const DEFAULT_STATS: StatsOptions = { alpha: 0.05, anchor: 'robust', maxRated: 1000 };

/** A checked run: everything a worker needs to regenerate any match of it. */
export interface RunConfig {
  readonly format: typeof RUN_FORMAT;
  readonly name: string;
  /** The ruleset's id. */
  readonly ruleset: string;
  /** The absolute path of the ruleset's module, for a ruleset named by path (workers load it). */
  readonly rulesetModule?: string;
  readonly rulesVersion: string;
  /** The hash of the ruleset's data file (NHM: its parts catalogue); absent for a ruleset that reads none. */
  readonly catalogueHash?: string;
  readonly experimental: boolean;
  readonly bots: readonly BotEntry[];
  readonly loadouts: readonly LoadoutEntry[];
  /** What the schedule pairs up and the ratings compare. */
  readonly between: 'bots' | 'loadouts' | 'teams';
  /** A contest between teams: the teams (all one size), each on one side's seats (GameModule.sideOf). */
  readonly teams?: readonly TeamEntry[];
  readonly schedule: ScheduleSpec;
  readonly turnLimit: number;
  readonly budget: Budget;
  /** What each sandboxed bot's process may use (start-up, memory, output); absent: DEFAULT_BOT_LIMITS (a run config that leaves it out is recorded as before). */
  readonly limits?: BotLimits;
  /** A bot with more faults than this in one match forfeits it; absent: never. */
  readonly maxFaults?: number;
  /** A bot that hangs in this many of its matches in a row is dropped from the run (hangs.ts); absent: DEFAULT_MAX_HANGS. */
  readonly maxHangs?: number;
  readonly seed: string;
  readonly stats: StatsOptions;
}

/** A run ready to play: its config, its folder and its ruleset's data (null when it reads none). */
export interface PlannedRun {
  readonly run: RunConfig;
  readonly out: string;
  readonly data: RunData | null;
}

/** A config file resolved: one run, or several under one folder. */
export interface Plan {
  readonly file: string;
  readonly out: string;
  readonly multi: boolean;
  readonly runs: readonly PlannedRun[];
}

export interface ConfigOverrides {
  readonly seed?: string;
  readonly out?: string;
  /** Bots named by path run in the arena's threads, trusted (`--unsafe-bots`), rather than isolated: their modules are checked by importing them. */
  readonly trustBots?: boolean;
  /** Per-run schedule field overrides (e.g. `havoc sweep --matches N`). */
  readonly schedule?: Readonly<Record<string, unknown>>;
  /** Every run's matches, in place of its schedule's (`--matches N` of tournament and sweep; total.ts withMatches). */
  readonly matches?: number;
  /** Every run's bots, in place of the config's (`havoc sweep --bots greedy`). */
  readonly bots?: readonly string[];
}
