/**
 * The contest's database as the server speaks to it: one interface, two
 * engines — SQLite (sqlite.ts: an embedded file, one server) and PostgreSQL
 * (postgres.ts: several servers on one contest). Statements are written
 * once, in the SQL both understand, with `?` for each parameter.
 * `transaction` runs its function alone: on SQLite under the file's write
 * lock (BEGIN IMMEDIATE), on PostgreSQL under one advisory lock of the
 * contest, so what it reads and writes (a result and the ratings it changes,
 * the ladder's next matches, a submission's id) is never interleaved with
 * another server's.
 */

/** Statements on a connection, or inside a transaction. */
export interface Sql {
  all<T>(sql: string, ...params: unknown[]): Promise<T[]>;
  get<T>(sql: string, ...params: unknown[]): Promise<T | undefined>;
  /** A write: the rows it changed. */
  run(sql: string, ...params: unknown[]): Promise<number>;
}

export interface SqlDatabase extends Sql {
  readonly engine: 'sqlite' | 'postgres';
  /** Where it is, as a message may show it (a PostgreSQL URL's password masked). */
  readonly where: string;
  /** Runs `fn` alone (see above), committed when it resolves, rolled back when it throws. */
  transaction<R>(fn: (tx: Sql) => Promise<R>): Promise<R>;
  close(): Promise<void>;
}

/** Whether `--db` names a PostgreSQL database rather than a SQLite file. */
export const isPostgresUrl = (db: string): boolean => /^postgres(ql)?:\/\//i.test(db);

/** A PostgreSQL URL as messages show it: its password masked. */
export function maskUrl(url: string): string {
  return url.replace(/^(postgres(?:ql)?:\/\/[^:@/]*:)[^@/]*@/i, '$1***@');
}
