/**
 * The contest's database on PostgreSQL (node-postgres, `pg`): several
 * servers on one contest. A pool of connections; `?` placeholders become
 * `$1…`; whole numbers of 64 bits (COUNT, SUM, the claims' times) are read
 * as numbers. A transaction holds one advisory lock of the contest
 * (pg_advisory_xact_lock), so two servers' transactions run one after the
 * other, as SQLite's do on one file.
 */
import pg from 'pg';
import { HavocError } from '../core/errors.js';
import { maskUrl, type Sql, type SqlDatabase } from './sql.js';

/** The advisory lock every transaction of a contest's database takes (any number; one for the database). */
const LOCK = 0x4861766f; // "Havo"

/** `?` to `$1`, `$2`, … (the statements here hold no `?` in a string). */
export function numbered(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}

const INT8 = 20, NUMERIC = 1700;
const types = {
  getTypeParser: ((oid: number, format?: string) =>
    oid === INT8 || oid === NUMERIC ? (v: string) => Number(v) : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
};

class On implements Sql {
  constructor(private readonly c: pg.Pool | pg.PoolClient) {}
  async all<T>(sql: string, ...params: unknown[]): Promise<T[]> {
    return (await this.c.query(numbered(sql), params)).rows as T[];
  }
  async get<T>(sql: string, ...params: unknown[]): Promise<T | undefined> {
    return (await this.all<T>(sql, ...params))[0];
  }
  async run(sql: string, ...params: unknown[]): Promise<number> {
    return (await this.c.query(numbered(sql), params)).rowCount ?? 0;
  }
}

export class PostgresDatabase implements SqlDatabase {
  readonly engine = 'postgres';
  readonly where: string;
  private readonly pool: pg.Pool;
  private readonly on: On;

  private constructor(url: string) {
    this.where = maskUrl(url);
    this.pool = new pg.Pool({ connectionString: url, max: 6, connectionTimeoutMillis: 10_000, types });
    // A connection lost while idle (the database restarted): the pool drops it and makes another when asked.
    this.pool.on('error', () => undefined);
    this.on = new On(this.pool);
  }

  /** Connects (once, to say at the start why it cannot) and returns the database. */
  static async open(url: string): Promise<PostgresDatabase> {
    const d = new PostgresDatabase(url);
    try {
      await d.pool.query('SELECT 1');
    } catch (e) {
      await d.pool.end().catch(() => undefined);
      throw new HavocError('ERR_SERVE', d.where, `cannot reach the contest's database: ${causeOf(e)}`);
    }
    return d;
  }

  all<T>(sql: string, ...params: unknown[]): Promise<T[]> {
    return this.on.all<T>(sql, ...params);
  }
  get<T>(sql: string, ...params: unknown[]): Promise<T | undefined> {
    return this.on.get<T>(sql, ...params);
  }
  run(sql: string, ...params: unknown[]): Promise<number> {
    return this.on.run(sql, ...params);
  }

  /** Runs SQL text of several statements (the schema), under the lock. */
  async exec(sql: string): Promise<void> {
    await this.transaction(async () => undefined, sql);
  }

  async transaction<R>(fn: (tx: Sql) => Promise<R>, first?: string): Promise<R> {
    const c = await this.pool.connect();
    try {
      await c.query('BEGIN');
      await c.query('SELECT pg_advisory_xact_lock($1)', [LOCK]);
      if (first) await c.query(first);
      const r = await fn(new On(c));
      await c.query('COMMIT');
      return r;
    } catch (e) {
      await c.query('ROLLBACK').catch(() => undefined);
      throw e;
    } finally {
      c.release();
    }
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}

/** Why a connection failed, in one line (node-postgres gives an AggregateError for every address it tried). */
export function causeOf(e: unknown): string {
  const err = e as Error & { code?: string; errors?: Error[] };
  const msg = err.errors?.length ? err.errors.map((x) => x.message).join('; ') : err.message || err.code || String(e);
  return msg.split('\n')[0];
}
