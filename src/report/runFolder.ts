/**
 * What a run folder holds, read for the report: its summary and tables, the
 * first rows of matches.csv, errors.log, and its replays made ready for the
 * viewer (the run's chosen ones first, each drawn and explained by its
 * ruleset through the game interface). Anything missing is null.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseReplay, type Replay } from '../store/replayFormat.js';
import { linesOf, parseCsvLine } from '../store/records.js';
import { fromFormulaSafe } from '../store/csvCells.js';
import type { AnyGameModule } from '../core/game.js';
import { rulesetById } from '../rules/registry.js';
import { readCsv, type CsvTable } from './htmlCsv.js';
import { replayId, viewerReplay, type ChosenNote, type ViewerReplay } from './viewer/data.js';
import { runBotNames } from './botNames.js';

export interface ReadOptions {
  /** At most this many replays go into the page (the run's chosen ones first, then by match id); default 60, a contest's MAX_CONTEST_REPLAYS. */
  maxReplays?: number;
}

/** What a run folder holds, read for the report. */
export interface RunFolder {
  dir: string;
  summary: Record<string, unknown> | null;
  summaryError: string | null;
  loadouts: CsvTable | null;
  bots: CsvTable | null;
  /** teams.csv: a contest between teams only. */
  teams: CsvTable | null;
  /** leaderboard.csv and why the schedule stopped (contest.json): a contest (`havoc contest`) only. */
  leaderboard: CsvTable | null;
  contestStopped: string | null;
  parts: CsvTable | null;
  matchups: CsvTable | null;
  ratings: CsvTable | null;
  /** meta.csv, meta-parts.csv and meta.json: a metagame's folder (`havoc meta`) only. */
  meta: CsvTable | null;
  metaParts: CsvTable | null;
  metaSummary: Record<string, unknown> | null;
  replays: ViewerReplay[];
  replayCount: number;
  replayErrors: string[];
  /** matches.csv: its first MAX_MATCH_ROWS rows and how many it has (null: no such file). */
  matches: { readonly header: string[]; readonly rows: string[][]; readonly total: number } | null;
  /** errors.log: its first lines and how many it has (null: no such file). */
  errors: { readonly lines: string[]; readonly total: number } | null;
}

/** A JSON file's object, or null when it is missing or not an object (the report shows what it can). */
function readJsonObject(path: string): Record<string, unknown> | null {
  if (!existsSync(path)) return null;
  try {
    const v = JSON.parse(readFileSync(path, 'utf8')) as unknown;
    return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** matches.csv rows the report's matches table holds at most (the rest stay in the file). */
export const MAX_MATCH_ROWS = 20_000;

/** Replays a contest's report holds at most (about 10 KB each in the page): beyond them, the command that plays one. */
export const MAX_CONTEST_REPLAYS = 500;

/** The first rows of matches.csv and their count, read line by line. */
function readMatchRows(path: string): RunFolder['matches'] {
  if (!existsSync(path)) return null;
  let header: string[] = [];
  const rows: string[][] = [];
  let total = 0;
  for (const line of linesOf(path)) {
    if (!line) continue;
    if (header.length === 0) header = parseCsvLine(line);
    else if (total++ < MAX_MATCH_ROWS) rows.push(parseCsvLine(line).map(fromFormulaSafe));
  }
  return { header, rows, total };
}

/** replays/chosen.json: the matches the run chose to save, most interesting first (arena/interest.ts); empty when absent or unreadable. */
function readChosen(dir: string): Map<number, ChosenNote> {
  const out = new Map<number, ChosenNote>();
  try {
    const v = JSON.parse(readFileSync(join(dir, 'replays', 'chosen.json'), 'utf8')) as { matches?: { id: number; why: string; loser?: string }[] };
    for (const m of v.matches ?? []) if (Number.isInteger(m.id) && typeof m.why === 'string') out.set(m.id, { why: m.why, ...(typeof m.loser === 'string' ? { loser: m.loser } : {}) });
  } catch {
    // No choice recorded (a run saved with --save-replays all, or older): id order.
  }
  return out;
}

/** A replay's ruleset, when it is at hand (registered): it draws the board and writes the legend. */
function rulesetOf(r: Replay): AnyGameModule | null {
  try {
    return rulesetById(r.header.ruleset);
  } catch {
    return null;
  }
}

/** The notation's legend for a replay's game, from its ruleset (through the game interface); empty when the ruleset is not at hand or gives none. */
function legendOf(mod: AnyGameModule | null, r: Replay, file: string): (readonly [string, string])[] {
  try {
    const legend = mod?.present?.legend;
    if (!legend || !mod.gameFromDescription) return [];
    return [...legend(mod.gameFromDescription(r.header.game, 'game', file))];
  } catch {
    return [];
  }
}

/** errors.log lines the report shows at most. */
const MAX_ERROR_LINES = 200;

/** The first lines of a run's errors.log and their count, read line by line. */
function readErrors(path: string): RunFolder['errors'] {
  if (!existsSync(path)) return null;
  const lines: string[] = [];
  let total = 0;
  for (const line of linesOf(path)) {
    if (!line) continue;
    if (total++ < MAX_ERROR_LINES) lines.push(line);
  }
  return { lines, total };
}

/** Why a contest's schedule stopped (contest.json's `stopped`), or null. */
function readStopped(dir: string): string | null {
  try {
    const v = JSON.parse(readFileSync(join(dir, 'contest.json'), 'utf8')) as { stopped?: unknown };
    return typeof v.stopped === 'string' ? v.stopped : null;
  } catch {
    return null;
  }
}

/** Sorts file names with their numbers compared as numbers (match-2 before match-10). */
const natural = (a: string, b: string): number => a.localeCompare(b, 'en', { numeric: true });

/** Reads a run folder's outputs; anything missing is null. */
export function readRunFolder(dir: string, opts: ReadOptions = {}): RunFolder {
  let summary: Record<string, unknown> | null = null;
  let summaryError: string | null = null;
  const sp = join(dir, 'summary.json');
  if (existsSync(sp)) {
    try {
      const v = JSON.parse(readFileSync(sp, 'utf8')) as unknown;
      if (typeof v === 'object' && v !== null && !Array.isArray(v)) summary = v as Record<string, unknown>;
      else summaryError = 'summary.json is not a JSON object';
    } catch (e) {
      summaryError = `summary.json is not valid JSON (${(e as Error).message})`;
    }
  }
  const rd = join(dir, 'replays');
  // The matches the run chose for interest first, in its order; then the rest by id.
  const chosen = readChosen(dir), rank = new Map([...chosen.keys()].map((id, i) => [id, i]));
  const place = (f: string): number => rank.get(replayId(f) ?? -1) ?? Infinity;
  const files = existsSync(rd) ? readdirSync(rd).filter((f) => f.endsWith('.jsonl')).sort((a, b) => place(a) - place(b) || natural(a, b)) : [];
  const replays: ViewerReplay[] = [];
  const replayErrors: string[] = [];
  const names = runBotNames(dir);
  // A contest keeps every match someone lost, each a click from its entrants' pages: all of them go in.
  const max = opts.maxReplays ?? (existsSync(join(dir, 'contest.json')) ? MAX_CONTEST_REPLAYS : 60);
  for (const f of files.slice(0, max)) {
    try {
      const read = parseReplay(readFileSync(join(rd, f), 'utf8'), f);
      // The bots by their names in the run (an entrant's, not the organiser's path to its files).
      const r = { ...read, header: { ...read.header, bots: read.header.bots.map(names.nameOf) } };
      const mod = rulesetOf(read);
      replays.push(viewerReplay(f, r, chosen.get(replayId(f) ?? -1), legendOf(mod, r, join(rd, f)), mod?.present?.boardView?.(r.header.game, r.steps) ?? null));
    } catch (e) {
      replayErrors.push(`${f}: ${(e as Error).message}`);
    }
  }
  const csv = (name: string): CsvTable | null => readCsv(join(dir, name));
  return {
    dir,
    summary,
    summaryError,
    loadouts: csv('loadouts.csv'),
    bots: csv('bots.csv'),
    teams: csv('teams.csv'),
    leaderboard: csv('leaderboard.csv'),
    contestStopped: readStopped(dir),
    parts: csv('parts.csv'),
    matchups: csv('matchups.csv'),
    ratings: csv('ratings.csv'),
    meta: csv('meta.csv'),
    metaParts: csv('meta-parts.csv'),
    metaSummary: readJsonObject(join(dir, 'meta.json')),
    replays,
    replayCount: files.length,
    matches: readMatchRows(join(dir, 'matches.csv')),
    replayErrors,
    errors: readErrors(join(dir, 'errors.log')),
  };
}
