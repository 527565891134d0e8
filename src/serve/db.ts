/**
 * The contest's database (sql.ts: SQLite by default, PostgreSQL where
 * several servers share a contest; the same schema and statements on both):
 * entrants (a token each, kept as its hash), submissions (each one's folder
 * in the storage and its check), matches (keyed by a deterministic id, queued
 * before they are played, their result written once), each match's stderr
 * per seat, the ratings, and the organiser's settings. A result, its logs and
 * the ratings it changes are one transaction, so a server killed at any
 * moment restarts with every result it wrote and plays again only the
 * matches it had not written (the same ids, seeds and bots: the same games).
 * A queued match is claimed before it is played (`claim`: a server's own
 * threads renew their claims while they play, a remote worker's lease ends
 * at its time), so two servers never play it at once; a claim of a server
 * killed ends with its time, and the match goes to another.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { HavocError } from '../core/errors.js';
import { isPostgresUrl, type Sql, type SqlDatabase } from './sql.js';
import { SqliteDatabase } from './sqlite.js';
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
  faults0 INTEGER, faults1 INTEGER, detail TEXT, replay TEXT, played TEXT, claimer TEXT, claim_until BIGINT);
CREATE INDEX IF NOT EXISTS matches_state ON matches(state, queued);
CREATE INDEX IF NOT EXISTS matches_s0 ON matches(s0);
CREATE INDEX IF NOT EXISTS matches_s1 ON matches(s1);
CREATE TABLE IF NOT EXISTS logs (match TEXT NOT NULL, seat INTEGER NOT NULL, text TEXT NOT NULL, PRIMARY KEY (match, seat));
CREATE TABLE IF NOT EXISTS ratings (
  submission INTEGER PRIMARY KEY, elo DOUBLE PRECISION NOT NULL, lo DOUBLE PRECISION NOT NULL, hi DOUBLE PRECISION NOT NULL,
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
  /** Who plays it now (a server, or a server's remote worker), until when (ms since 1970); null when nobody. */
  readonly claimer: string | null;
  readonly claim_until: number | null;
}

/** Columns added since the first schema (a database written before them gets them at its next start). */
const ADDED: readonly [table: string, column: string, type: string][] = [
  ['matches', 'claimer', 'TEXT'],
  ['matches', 'claim_until', 'BIGINT'],
];

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

/** Opens the contest's database: a PostgreSQL URL (postgres://…), else a SQLite file (made with its folder). */
export async function openContestDb(db: string): Promise<ContestDb> {
  if (isPostgresUrl(db)) {
    // Loaded only when asked for: a SQLite contest needs no PostgreSQL client.
    const { PostgresDatabase } = await import('./postgres.js');
    const pg = await PostgresDatabase.open(db);
    try {
      await pg.exec(SCHEMA + ADDED.map(([t, c, ty]) => `ALTER TABLE ${t} ADD COLUMN IF NOT EXISTS ${c} ${ty};`).join('\n'));
    } catch (e) {
      await pg.close();
      throw new HavocError('ERR_SERVE', pg.where, `cannot make the contest's tables: ${(e as Error).message.split('\n')[0]}`);
    }
    return new ContestDb(pg, pg);
  }
  try {
    mkdirSync(dirname(db), { recursive: true });
    const lite = new SqliteDatabase(db);
    lite.exec(SCHEMA);
    for (const [t, c, ty] of ADDED) if (!lite.columns(t).includes(c)) lite.exec(`ALTER TABLE ${t} ADD COLUMN ${c} ${ty}`);
    return new ContestDb(lite, lite);
  } catch (e) {
    throw new HavocError('ERR_SERVE', db, `cannot open the contest's database: ${(e as Error).message}`);
  }
}

/** The claim of a match of the ladder's matches: by `claimer` until `until` (ms since 1970). */
const CLAIM = "UPDATE matches SET claimer = ?, claim_until = ? WHERE id = ? AND state = 'queued' AND (claimer IS NULL OR claim_until < ?)";

export class ContestDb {
  /**
   * @param database the database (its engine, transactions, closing)
   * @param sql where statements go: the database, or a transaction of it (`alone`)
   */
  constructor(
    readonly database: SqlDatabase,
    private readonly sql: Sql,
    private readonly inTransaction = false,
  ) {}

  /** Where the database is (a file, or a URL with its password masked). */
  get where(): string {
    return this.database.where;
  }

  get engine(): 'sqlite' | 'postgres' {
    return this.database.engine;
  }

  /** Runs `fn` alone in one transaction (sql.ts): no other server's transaction between its reads and writes. */
  alone<R>(fn: (db: ContestDb) => Promise<R>): Promise<R> {
    // Inside one already: its part.
    if (this.inTransaction) return fn(this);
    return this.database.transaction((tx) => fn(new ContestDb(this.database, tx, true)));
  }

  close(): Promise<void> {
    return this.database.close();
  }

  async setting(key: string): Promise<string | null> {
    return (await this.sql.get<{ value: string }>('SELECT value FROM settings WHERE key = ?', key))?.value ?? null;
  }

  async setSetting(key: string, value: string): Promise<void> {
    await this.sql.run('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value', key, value);
  }

  /** Writes a setting unless it is there; its value either way (the first server's, when two start at once). */
  async settingOnce(key: string, value: string): Promise<string> {
    await this.sql.run('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING', key, value);
    return (await this.setting(key))!;
  }

  async entrant(name: string): Promise<EntrantRow | null> {
    return (await this.sql.get<EntrantRow>('SELECT * FROM entrants WHERE name = ?', name)) ?? null;
  }

  /** The entrant whose token has this hash. */
  async entrantByToken(hash: string): Promise<string | null> {
    return (await this.sql.get<{ name: string }>('SELECT name FROM entrants WHERE token = ?', hash))?.name ?? null;
  }

  entrants(): Promise<EntrantRow[]> {
    return this.sql.all<EntrantRow>('SELECT * FROM entrants ORDER BY name');
  }

  async addEntrant(e: EntrantRow): Promise<void> {
    await this.sql.run('INSERT INTO entrants (name, token, author, house, created) VALUES (?, ?, ?, ?, ?)', e.name, e.token, e.author, e.house, e.created);
  }

  /** Removes an entrant that has no submission (its first one did not get in: its token was never given). */
  async dropEntrantWithoutSubmissions(name: string): Promise<void> {
    await this.sql.run('DELETE FROM entrants WHERE name = ? AND NOT EXISTS (SELECT 1 FROM submissions WHERE entrant = ?)', name, name);
  }

  /**
   * A new submission's id, taken before its row is written (its check's games are seeded by it): one past every id
   * written or taken, so two servers taking one at once get two.
   */
  reserveSubmissionId(): Promise<number> {
    return this.alone(async (db) => {
      const written = (await db.sql.get<{ m: number | null }>('SELECT MAX(id) AS m FROM submissions'))!.m ?? 0;
      const id = Math.max(written, Number((await db.setting('submission-id')) ?? 0)) + 1;
      await db.setSetting('submission-id', String(id));
      return id;
    });
  }

  async addSubmission(s: SubmissionRow): Promise<number> {
    await this.sql.run('INSERT INTO submissions (id, entrant, at, dir, spec, language, sha256, ok, report) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)', s.id, s.entrant, s.at, s.dir, s.spec, s.language, s.sha256, s.ok, s.report);
    return s.id;
  }

  async submission(id: number): Promise<SubmissionRow | null> {
    return (await this.sql.get<SubmissionRow>('SELECT * FROM submissions WHERE id = ?', id)) ?? null;
  }

  submissionsOf(entrant: string): Promise<SubmissionRow[]> {
    return this.sql.all<SubmissionRow>('SELECT * FROM submissions WHERE entrant = ? ORDER BY id', entrant);
  }

  /** The entrant of each of these submissions. */
  async entrantsOf(ids: readonly number[]): Promise<Map<number, string>> {
    if (!ids.length) return new Map();
    const rows = await this.sql.all<{ id: number; entrant: string }>(`SELECT id, entrant FROM submissions WHERE id IN (${ids.map(() => '?').join(',')})`, ...ids);
    return new Map(rows.map((r) => [r.id, r.entrant]));
  }

  /** Per entrant: its submissions, how many passed, the last one's time (the organiser's page). */
  submissionSummary(): Promise<{ entrant: string; n: number; ok: number; last: string }[]> {
    return this.sql.all('SELECT entrant, COUNT(*) AS n, SUM(ok) AS ok, MAX(at) AS last FROM submissions GROUP BY entrant ORDER BY entrant');
  }

  /** Each entrant's latest submission that passed its check: what plays new matches. */
  current(): Promise<SubmissionRow[]> {
    return this.sql.all<SubmissionRow>('SELECT s.* FROM submissions s WHERE s.ok = 1 AND s.id = (SELECT MAX(id) FROM submissions t WHERE t.entrant = s.entrant AND t.ok = 1) ORDER BY s.id');
  }

  async match(id: string): Promise<MatchRow | null> {
    return (await this.sql.get<MatchRow>('SELECT * FROM matches WHERE id = ?', id)) ?? null;
  }

  /** Queued matches, in the order they were queued. */
  queued(): Promise<MatchRow[]> {
    return this.sql.all<MatchRow>("SELECT * FROM matches WHERE state = 'queued' ORDER BY queued, id");
  }

  /** Every ladder match's pair and state (the ladder's choice counts them). */
  ladderPairs(): Promise<{ s0: number; s1: number; state: string }[]> {
    return this.sql.all("SELECT s0, s1, state FROM matches WHERE kind = 'ladder'");
  }

  matchesOf(submissions: readonly number[]): Promise<MatchRow[]> {
    if (!submissions.length) return Promise.resolve([]);
    const list = submissions.map(() => '?').join(',');
    return this.sql.all<MatchRow>(`SELECT * FROM matches WHERE s0 IN (${list}) OR s1 IN (${list}) ORDER BY queued, id`, ...submissions, ...submissions);
  }

  /** Matches already queued or played between two submissions, of a kind. */
  async pairCount(kind: MatchKind, a: number, b: number): Promise<number> {
    return (await this.sql.get<{ n: number }>('SELECT COUNT(*) AS n FROM matches WHERE kind = ? AND ((s0 = ? AND s1 = ?) OR (s0 = ? AND s1 = ?))', kind, a, b, b, a))!.n;
  }

  async counts(): Promise<{ queued: number; done: number }> {
    const r = (await this.sql.get<{ q: number | null; d: number | null }>("SELECT SUM(CASE WHEN state = 'queued' THEN 1 ELSE 0 END) AS q, SUM(CASE WHEN state = 'done' THEN 1 ELSE 0 END) AS d FROM matches"))!;
    return { queued: r.q ?? 0, done: r.d ?? 0 };
  }

  /** Queues matches (a match already there, by id, stays as it is), in one transaction; how many were new. */
  queue(rows: readonly Pick<MatchRow, 'id' | 'kind' | 's0' | 's1' | 'seed'>[]): Promise<number> {
    return this.alone(async (db) => {
      let n = 0;
      for (const r of rows)
        n += await db.sql.run("INSERT INTO matches (id, kind, s0, s1, seed, queued, state) VALUES (?, ?, ?, ?, ?, (SELECT COALESCE(MAX(queued), 0) + 1 FROM matches), 'queued') ON CONFLICT (id) DO NOTHING", r.id, r.kind, r.s0, r.s1, r.seed);
      return n;
    });
  }

  /**
   * Claims queued match `id` for `claimer` until `until` (ms since 1970): true when it is now `claimer`'s (nobody held
   * it, or its claim ended before `now`). One statement, so two servers cannot both win it.
   */
  async claim(id: string, claimer: string, until: number, now: number): Promise<boolean> {
    return (await this.sql.run(CLAIM, claimer, until, id, now)) === 1;
  }

  /** Renews every claim of `claimer` on a queued match to `until`. */
  async renewClaims(claimer: string, until: number): Promise<void> {
    await this.sql.run("UPDATE matches SET claim_until = ? WHERE claimer = ? AND state = 'queued'", until, claimer);
  }

  /** Lets go of claims on queued matches: `claimer`'s own, or (null) everyone's. */
  async releaseClaims(claimer: string | null, id?: string): Promise<void> {
    const where = [claimer === null ? null : 'claimer = ?', id === undefined ? null : 'id = ?'].filter(Boolean).join(' AND ');
    const params = [claimer, id].filter((x) => x !== null && x !== undefined);
    await this.sql.run(`UPDATE matches SET claimer = NULL, claim_until = NULL WHERE state = 'queued'${where ? ` AND ${where}` : ''}`, ...params);
  }

  /** Every result of a kind, in the order written. */
  results(kind: MatchKind): Promise<Result[]> {
    return this.sql.all<Result>("SELECT s0, s1, winner FROM matches WHERE state = 'done' AND kind = ? ORDER BY played, id", kind);
  }

  /**
   * Writes match `id`'s result, its stderr logs and the ladder's ratings again, in one transaction; false
   * (nothing written) when the match is not queued (its result is already in: a match is counted once).
   */
  finish(id: string, r: MatchResultIn, played: string): Promise<boolean> {
    return this.alone(async (db) => {
      const m = await db.match(id);
      if (!m || m.state !== 'queued') return false;
      const n = await db.sql.run(
        "UPDATE matches SET state = 'done', winner = ?, reason = ?, turns = ?, faults0 = ?, faults1 = ?, detail = ?, replay = ?, played = ?, claimer = NULL, claim_until = NULL WHERE id = ? AND state = 'queued'",
        r.winner, r.reason, r.turns, r.faults[0] ?? 0, r.faults[1] ?? 0, r.detail, r.replay, played, id,
      );
      if (n !== 1) return false;
      for (const [s, t] of r.logs.entries()) if (t) await db.sql.run('INSERT INTO logs (match, seat, text) VALUES (?, ?, ?) ON CONFLICT (match, seat) DO UPDATE SET text = excluded.text', id, s, t);
      if (m.kind === 'ladder') await db.rewriteRatings();
      return true;
    });
  }

  /** The ratings table from every ladder result (ratings.ts). */
  private async rewriteRatings(): Promise<void> {
    const ratings = rateResults(await this.results('ladder'));
    await this.sql.run('DELETE FROM ratings');
    for (const r of ratings.bySubmission.values())
      await this.sql.run('INSERT INTO ratings (submission, elo, lo, hi, games, wins, draws, losses) VALUES (?, ?, ?, ?, ?, ?, ?, ?)', r.submission, r.elo, r.lo, r.hi, r.games, r.wins, r.draws, r.losses);
  }

  ratings(): Promise<{ submission: number; elo: number; lo: number; hi: number; games: number; wins: number; draws: number; losses: number }[]> {
    return this.sql.all('SELECT * FROM ratings ORDER BY submission');
  }

  /** Which seats of these matches left stderr, as `MATCH/SEAT`. */
  async loggedSeats(matches: readonly string[]): Promise<Set<string>> {
    if (!matches.length) return new Set();
    const rows = await this.sql.all<{ match: string; seat: number }>(`SELECT match, seat FROM logs WHERE match IN (${matches.map(() => '?').join(',')})`, ...matches);
    return new Set(rows.map((r) => `${r.match}/${r.seat}`));
  }

  async log(match: string, seat: number): Promise<string | null> {
    return (await this.sql.get<{ text: string }>('SELECT text FROM logs WHERE match = ? AND seat = ?', match, seat))?.text ?? null;
  }
}
