/**
 * The contest's database on SQLite (better-sqlite3, in WAL mode): an
 * embedded file, one server's. better-sqlite3 is synchronous; the interface
 * (sql.ts) is not, so a transaction's function may wait between statements.
 * While one is open, every other statement of this process waits for it to
 * end (a queue of one), so none lands inside another's transaction.
 * Loaded with require: it is a CommonJS native module, and it ships no types
 * (the few calls made are typed here).
 */
import { createRequire } from 'node:module';
import type { Sql, SqlDatabase } from './sql.js';

interface Statement {
  run(...params: unknown[]): { changes: number };
  get(...params: unknown[]): unknown;
  all(...params: unknown[]): unknown[];
}

interface Database {
  prepare(sql: string): Statement;
  exec(sql: string): void;
  pragma(sql: string, opts?: { simple?: boolean }): unknown;
  close(): void;
}

type DatabaseConstructor = new (file: string, opts?: { timeout?: number }) => Database;

/** Statements straight on the file (a transaction's, or any once no transaction is open). */
class Direct implements Sql {
  private readonly statements = new Map<string, Statement>();
  constructor(readonly db: Database) {}
  private prepared(sql: string): Statement {
    let s = this.statements.get(sql);
    if (!s) this.statements.set(sql, (s = this.db.prepare(sql)));
    return s;
  }
  async all<T>(sql: string, ...params: unknown[]): Promise<T[]> {
    return this.prepared(sql).all(...params) as T[];
  }
  async get<T>(sql: string, ...params: unknown[]): Promise<T | undefined> {
    return this.prepared(sql).get(...params) as T | undefined;
  }
  async run(sql: string, ...params: unknown[]): Promise<number> {
    return this.prepared(sql).run(...params).changes;
  }
}

export class SqliteDatabase implements SqlDatabase {
  readonly engine = 'sqlite';
  private readonly direct: Direct;
  /** The open transaction's end (null: none open). */
  private open: Promise<void> | null = null;

  constructor(readonly where: string) {
    const Sqlite = createRequire(import.meta.url)('better-sqlite3') as DatabaseConstructor;
    const db = new Sqlite(where, { timeout: 5000 });
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    this.direct = new Direct(db);
  }

  /** Runs SQL text of several statements (the schema). */
  exec(sql: string): void {
    this.direct.db.exec(sql);
  }

  /** The names of a table's columns. */
  columns(table: string): string[] {
    return (this.direct.db.pragma(`table_info(${table})`) as { name: string }[]).map((c) => c.name);
  }

  private async idle(): Promise<void> {
    while (this.open) await this.open;
  }

  async all<T>(sql: string, ...params: unknown[]): Promise<T[]> {
    await this.idle();
    return this.direct.all<T>(sql, ...params);
  }
  async get<T>(sql: string, ...params: unknown[]): Promise<T | undefined> {
    await this.idle();
    return this.direct.get<T>(sql, ...params);
  }
  async run(sql: string, ...params: unknown[]): Promise<number> {
    await this.idle();
    return this.direct.run(sql, ...params);
  }

  async transaction<R>(fn: (tx: Sql) => Promise<R>): Promise<R> {
    // No wait between the look and the claim: two waiting transactions cannot both take it.
    while (this.open) await this.open;
    let end!: () => void;
    this.open = new Promise<void>((r) => (end = r));
    try {
      this.direct.db.exec('BEGIN IMMEDIATE');
      try {
        const r = await fn(this.direct);
        this.direct.db.exec('COMMIT');
        return r;
      } catch (e) {
        this.direct.db.exec('ROLLBACK');
        throw e;
      }
    } finally {
      this.open = null;
      end();
    }
  }

  async close(): Promise<void> {
    await this.idle();
    this.direct.db.close();
  }
}
