/**
 * A served contest's file (`havoc serve CONTEST`): a run config's fields for
 * one ruleset (ruleset, loadouts, budget, turnLimit, maxFaults, limits, seed)
 * — checked as a run config is, so every problem names its field — plus
 * `bots` (house bots that stand on the ladder from the start, e.g. `random`;
 * optional), `confidence` (when two neighbours on the ladder count as
 * settled) and `serve`: who sees what, the upload limits, the check's games
 * and the ladder's pace (docs/contest.md, "A contest server").
 */
import { z } from 'zod';
import { HavocError } from '../core/errors.js';
import { loadConfigJson, readConfigJson } from '../config/file.js';
import { check, isObj, Problems } from '../config/problems.js';
import type { RunConfig } from '../config/types.js';

/** What a served contest allows and how it plays. */
export interface ServeOptions {
  /** Everyone sees the leaderboard and entrants' pages (else only entrants and the organiser). */
  readonly publicLeaderboard: boolean;
  /** Everyone watches replays (else only the two entrants of a match and the organiser). */
  readonly publicReplays: boolean;
  /** Largest upload, KiB (an archive, or the files of a folder together). */
  readonly uploadKb: number;
  /** Largest submission unpacked, KiB. */
  readonly unpackedKb: number;
  /** Files a submission may hold. */
  readonly files: number;
  /** Submissions an entrant may make over the contest. */
  readonly submissions: number;
  /** Games of the check against `random` a submission plays before it enters (seat-swapped: even). */
  readonly checkGames: number;
  /** Games a new submission plays against each of its first opponents (seat-swapped: even). */
  readonly newGames: number;
  /** Opponents a new submission meets before the ladder treats it as any other. */
  readonly newOpponents: number;
  /** Seconds a remote worker (havoc serve-worker) holds a match before it is handed out again. */
  readonly leaseSeconds: number;
}

export const DEFAULT_SERVE: ServeOptions = {
  publicLeaderboard: true,
  publicReplays: true,
  uploadKb: 1024,
  unpackedKb: 4096,
  files: 64,
  submissions: 100,
  checkGames: 2,
  newGames: 2,
  newOpponents: 4,
  leaseSeconds: 120,
};

/** A contest file read: its run (the ruleset's settings; `bots` are the house bots), its options and its neighbours' confidence. */
export interface ServedContest {
  readonly file: string;
  readonly name: string;
  readonly run: RunConfig;
  /** The text of the run's data file (NHM and RBP: the parts catalogue), or null when its ruleset reads none. */
  readonly dataText: string | null;
  readonly house: readonly { readonly name: string; readonly spec: string }[];
  readonly confidence: number;
  readonly serve: ServeOptions;
}

const whole = (min: number, what: string) => z.number(`must be a whole number ≥ ${min} (${what})`).int(`must be a whole number ≥ ${min} (${what})`).min(min, `must be a whole number ≥ ${min} (${what})`);
const evenGames = (what: string) => whole(2, what).refine((n) => n % 2 === 0, `must be even (${what}, seat-swapped)`);
const Serve = z.strictObject(
  {
    publicLeaderboard: z.boolean('must be true or false').optional(),
    publicReplays: z.boolean('must be true or false').optional(),
    uploadKb: whole(1, 'KiB an upload may be').optional(),
    unpackedKb: whole(1, 'KiB a submission may unpack to').optional(),
    files: whole(1, 'files a submission may hold').optional(),
    submissions: whole(1, 'submissions an entrant may make').optional(),
    checkGames: evenGames("games of a submission's check").optional(),
    newGames: evenGames('games a new submission plays against each first opponent').optional(),
    newOpponents: whole(1, 'opponents a new submission meets first').optional(),
    leaseSeconds: whole(1, 'seconds a remote worker holds a match').optional(),
  },
  { error: (iss) => (iss.code === 'unrecognized_keys' ? `unknown field (expected ${Object.keys(DEFAULT_SERVE).join(', ')})` : 'must be an object (see docs/contest.md, "A contest server")') },
);
const Confidence = z.number('must be a number between 0.5 and 1').gt(0.5, 'must be a number between 0.5 and 1').lt(1, 'must be a number between 0.5 and 1');

/** The file's own fields; the rest are a run config's. */
const OWN = ['serve', 'confidence', 'description'];
/** A run config's fields the server sets itself, and `havoc contest`'s that mean nothing here. */
const NOT_HERE: Record<string, string> = {
  between: 'the server pairs entrants itself',
  schedule: 'the ladder chooses the matches',
  runs: 'a server plays one contest',
  teams: 'entrants play for themselves',
  entrants: 'entrants submit to the server (havoc submit, or its web form)',
  games: 'the ladder chooses how many games (serve.newGames for a new submission)',
  maxRounds: 'the ladder plays on until the organiser stops it',
};

/** Reads and checks a served contest's file. Writes nothing. */
export async function loadServedContest(file: string): Promise<ServedContest> {
  const json = readConfigJson(file);
  if (!isObj(json)) throw new HavocError('ERR_CONFIG', file, 'a contest file is a JSON object (see docs/contest.md, "A contest server")');
  const problems = new Problems(file);
  for (const [k, why] of Object.entries(NOT_HERE)) if (k in json) problems.add(k, `not in a served contest: ${why}; leave it out`);
  const serve = json.serve !== undefined && check(Serve, json.serve, 'serve', problems) ? { ...DEFAULT_SERVE, ...(json.serve as Partial<ServeOptions>) } : DEFAULT_SERVE;
  const confidence = json.confidence !== undefined && check(Confidence, json.confidence, 'confidence', problems) ? (json.confidence as number) : 0.95;
  problems.throwIfAny();
  // The rest is a run config between the house bots and random (the check's opponent; a run compares two bots at least).
  const CHECK = { name: 'serve-check-random', bot: 'random' };
  const bots = [...(Array.isArray(json.bots) ? json.bots : []), CHECK];
  const run: Record<string, unknown> = { ...json, bots, between: 'bots', schedule: { type: 'round-robin', games: 2 } };
  for (const k of OWN) delete run[k];
  const plan = await loadConfigJson(run, file);
  const r = plan.runs[0];
  const house = r.run.bots.filter((b) => b.name !== CHECK.name).map((b) => ({ name: b.name, spec: b.bot }));
  return { file, name: r.run.name, run: r.run, dataText: r.data?.text ?? null, house, confidence, serve };
}
