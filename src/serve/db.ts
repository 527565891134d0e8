/**
 * The contest's database (SQLite through better-sqlite3, in WAL mode):
 * entrants (a token each, kept as its hash), submissions (each one's folder
 * in the storage and its check), matches (keyed by a deterministic id, queued
 * before they are played, their result written once), each match's stderr
 * per seat, the ratings, and the organiser's settings. A result, its logs and
 * the ratings it changes are one transaction, so a server killed at any
 * moment restarts with every result it wrote and plays again only the
 * matches it had not written (the same ids, seeds and bots: the same games).
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { HavocError } from '../core/errors.js';
import { openSqlite, type Database } from './sqlite.js';
import { rateResults, type Result } from './ratings.js';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS entrants (
  name TEXT PRIMARY KEY, token TEXT, author TEXT, house INTEGER NOT NULL DEFAULT 0, created TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS submissions (
  id INTEGER PRIMARY KEY, entrant TEXT NOT NULL REFERENCES entrants(name), at TEXT NOT NULL,
  dir TEXT, spec TEXT NOT NULL, language TEXT, sha256 TEXT NOT NULL, ok INTEGER NOT NULL, report TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS matches (
  id TEXT PRIMARY KEY, kind TEXT NOT NULL, s0 INTEGER NOT NULL, s1 INTEGER NOT NULL, seed TEXT NOT NULL,
  queued INTEGER NOT NULL, state TEXT NOT NULL, winner INTEGER, reason TEXT, turns INTEGER,
  faults0 INTEGER, faults1 INTEGER, detail TEXT, replay TEXT, played TEXT);
CREATE INDEX IF NOT EXISTS matches_state ON matches(state, queued);
CREATE INDEX IF NOT EXISTS matches_s0 ON matches(s0);
CREATE INDEX IF NOT EXISTS matches_s1 ON matches(s1);
CREATE TABLE IF NOT EXISTS logs (match TEXT NOT NULL, seat INTEGER NOT NULL, text TEXT NOT NULL, PRIMARY KEY (match, seat));
CREATE TABLE IF NOT EXISTS ratings (
  submission INTEGER PRIMARY KEY, elo REAL NOT NULL, lo REAL NOT NULL, hi REAL NOT NULL,
  games INTEGER NOT NULL, wins INTEGER NOT NULL, draws INTEGER NOT NULL, losses INTEGER NOT NULL);
`;

export interface EntrantRow {
  readonly name: string;
  /** The sha256 of its token (null: a house bot, which takes no submissions). */
  readonly token: string | null;
  readonly author: string | null;
  readonly house: number;
  readonly created: string;
}

export interface SubmissionRow {
  readonly id: number;
  readonly entrant: string;
  readonly at: string;
  /** Its folder under the storage (null: a house bot, named by spec). */
  readonly dir: string | null;
  /** The bot as the arena names it: a module's absolute path, a command's spec, or a built-in's name. */
  readonly spec: string;
  readonly language: string | null;
  readonly sha256: string;
  /** Whether it passed its check (only those play). */
  readonly ok: number;
  /** Its check as JSON (check.ts CheckReport). */
  readonly report: string;
}

export type MatchKind = 'ladder' | 'final';

export interface MatchRow {
  readonly id: string;
  readonly kind: MatchKind;
  readonly s0: number;
  readonly s1: number;
  readonly seed: string;
  /** Order it was queued in. */
  readonly queued: number;
  readonly state: 'queued' | 'done';
  /** The winning seat, -1 a draw (null while queued). */
  readonly winner: number | null;
  readonly reason: string | null;
  readonly turns: number | null;
  readonly faults0: number | null;
  readonly faults1: number | null;
  /** JSON: per seat, its decision times and its faults (play.ts MatchDetail). */
  readonly detail: string | null;
  /** The replay's file under the storage. */
  readonly replay: string | null;
  readonly played: string | null;
}

/** A result as the worker returns it and the database keeps it. */
export interface MatchResultIn {
  readonly winner: number;
  readonly reason: string;
  readonly turns: number;
  readonly faults: readonly number[];
  readonly detail: string;
  readonly replay: string | null;
  readonly logs: readonly (string | null)[];
}

export class ContestDb {
  readonly db: Database;

  constructor(readonly file: string) {
    try {
      mkdirSync(dirname(file), { recursive: true });
      this.db = openSqlite(file);
      this.db.pragma('journal_mode = WAL');
      this.db.pragma('synchronous = NORMAL');
      this.db.pragma('foreign_keys = ON');
      this.db.exec(SCHEMA);
    } catch (e) {
      throw new HavocError('ERR_SERVE', file, `cannot open the contest's database: ${(e as Error).message}`);
    }
  }

  close(): void {
    this.db.close();
  }

  setting(key: string): string | null {
    return (this.db.prepare('SELECT value FROM settings WHERE key = ?').get(key) as { value: string } | undefined)?.value ?? null;
  }

  setSetting(key: string, value: string): void {
    this.db.prepare('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value').run(key, value);
  }

  entrant(name: string): EntrantRow | null {
    return (this.db.prepare('SELECT * FROM entrants WHERE name = ?').get(name) as EntrantRow | undefined) ?? null;
  }

  entrants(): EntrantRow[] {
    return this.db.prepare('SELECT * FROM entrants ORDER BY name').all() as EntrantRow[];
  }

  addEntrant(e: EntrantRow): void {
    this.db.prepare('INSERT INTO entrants (name, token, author, house, created) VALUES (?, ?, ?, ?, ?)').run(e.name, e.token, e.author, e.house, e.created);
  }

  addSubmission(s: Omit<SubmissionRow, 'id'>): number {
    const r = this.db.prepare('INSERT INTO submissions (entrant, at, dir, spec, language, sha256, ok, report) VALUES (?, ?, ?, ?, ?, ?, ?, ?)').run(s.entrant, s.at, s.dir, s.spec, s.language, s.sha256, s.ok, s.report);
    return Number(r.lastInsertRowid);
  }

  /** The next submission's id (its folder is named by it before the row is written). */
  nextSubmissionId(): number {
    return ((this.db.prepare('SELECT MAX(id) AS m FROM submissions').get() as { m: number | null }).m ?? 0) + 1;
  }

  submission(id: number): SubmissionRow | null {
    return (this.db.prepare('SELECT * FROM submissions WHERE id = ?').get(id) as SubmissionRow | undefined) ?? null;
  }

  submissionsOf(entrant: string): SubmissionRow[] {
    return this.db.prepare('SELECT * FROM submissions WHERE entrant = ? ORDER BY id').all(entrant) as SubmissionRow[];
  }

  /** Each entrant's latest submission that passed its check: what plays new matches. */
  current(): SubmissionRow[] {
    return this.db.prepare('SELECT s.* FROM submissions s WHERE s.ok = 1 AND s.id = (SELECT MAX(id) FROM submissions t WHERE t.entrant = s.entrant AND t.ok = 1) ORDER BY s.id').all() as SubmissionRow[];
  }

  match(id: string): MatchRow | null {
    return (this.db.prepare('SELECT * FROM matches WHERE id = ?').get(id) as MatchRow | undefined) ?? null;
  }

  /** Queued matches, in the order they were queued. */
  queued(): MatchRow[] {
    return this.db.prepare("SELECT * FROM matches WHERE state = 'queued' ORDER BY queued").all() as MatchRow[];
  }

  matchesOf(submissions: readonly number[]): MatchRow[] {
    if (!submissions.length) return [];
    const list = submissions.map(() => '?').join(',');
    return this.db.prepare(`SELECT * FROM matches WHERE s0 IN (${list}) OR s1 IN (${list}) ORDER BY queued`).all(...submissions, ...submissions) as MatchRow[];
  }

  /** Matches already queued or played between two submissions, of a kind. */
  pairCount(kind: MatchKind, a: number, b: number): number {
    return (this.db.prepare('SELECT COUNT(*) AS n FROM matches WHERE kind = ? AND ((s0 = ? AND s1 = ?) OR (s0 = ? AND s1 = ?))').get(kind, a, b, b, a) as { n: number }).n;
  }

  counts(): { queued: number; done: number } {
    const r = this.db.prepare("SELECT SUM(state = 'queued') AS q, SUM(state = 'done') AS d FROM matches").get() as { q: number | null; d: number | null };
    return { queued: r.q ?? 0, done: r.d ?? 0 };
  }

  /** Queues matches (a match already there, by id, stays as it is). */
  queue(rows: readonly Pick<MatchRow, 'id' | 'kind' | 's0' | 's1' | 'seed'>[]): number {
    const ins = this.db.prepare("INSERT OR IGNORE INTO matches (id, kind, s0, s1, seed, queued, state) VALUES (?, ?, ?, ?, ?, (SELECT COALESCE(MAX(queued), 0) + 1 FROM matches), 'queued')");
    return this.db.transaction(() => rows.reduce((n, r) => n + ins.run(r.id, r.kind, r.s0, r.s1, r.seed).changes, 0))();
  }

  /** Every result of a kind, in the order written. */
  results(kind: MatchKind): Result[] {
    return this.db.prepare("SELECT s0, s1, winner FROM matches WHERE state = 'done' AND kind = ? ORDER BY played, id").all(kind) as Result[];
  }

  /**
   * Writes match `id`'s result, its stderr logs and the ladder's ratings again, in one transaction; false
   * (nothing written) when the match is not queued (its result is already in: a match is counted once).
   */
  finish(id: string, r: MatchResultIn, played: string): boolean {
    return this.db.transaction(() => {
      const m = this.match(id);
      if (!m || m.state !== 'queued') return false;
      this.db
        .prepare("UPDATE matches SET state = 'done', winner = ?, reason = ?, turns = ?, faults0 = ?, faults1 = ?, detail = ?, replay = ?, played = ? WHERE id = ? AND state = 'queued'")
        .run(r.winner, r.reason, r.turns, r.faults[0] ?? 0, r.faults[1] ?? 0, r.detail, r.replay, played, id);
      const log = this.db.prepare('INSERT OR REPLACE INTO logs (match, seat, text) VALUES (?, ?, ?)');
      r.logs.forEach((t, s) => t && log.run(id, s, t));
      if (m.kind === 'ladder') this.rewriteRatings();
      return true;
    })();
  }

  /** The ratings table from every ladder result (ratings.ts). */
  private rewriteRatings(): void {
    const ratings = rateResults(this.results('ladder'));
    this.db.exec('DELETE FROM ratings');
    const ins = this.db.prepare('INSERT INTO ratings (submission, elo, lo, hi, games, wins, draws, losses) VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
    for (const r of ratings.bySubmission.values()) ins.run(r.submission, r.elo, r.lo, r.hi, r.games, r.wins, r.draws, r.losses);
  }

  ratings(): { submission: number; elo: number; lo: number; hi: number; games: number; wins: number; draws: number; losses: number }[] {
    return this.db.prepare('SELECT * FROM ratings ORDER BY submission').all() as ReturnType<ContestDb['ratings']>;
  }

  log(match: string, seat: number): string | null {
    return (this.db.prepare('SELECT text FROM logs WHERE match = ? AND seat = ?').get(match, seat) as { text: string } | undefined)?.text ?? null;
  }
}
