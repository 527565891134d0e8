/**
 * better-sqlite3 as this room uses it: the few calls it makes, typed here
 * (the package ships no types, and @types/better-sqlite3 is not installed).
 * Loaded with require: it is a CommonJS native module.
 */
import { createRequire } from 'node:module';

export interface Statement {
  run(...params: unknown[]): { changes: number; lastInsertRowid: number | bigint };
  get(...params: unknown[]): unknown;
  all(...params: unknown[]): unknown[];
}

export interface Database {
  prepare(sql: string): Statement;
  exec(sql: string): void;
  pragma(sql: string, opts?: { simple?: boolean }): unknown;
  transaction<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R;
  close(): void;
}

type DatabaseConstructor = new (file: string, opts?: { timeout?: number }) => Database;

/** Opens (or creates) the database file. */
export function openSqlite(file: string): Database {
  const Sqlite = createRequire(import.meta.url)('better-sqlite3') as DatabaseConstructor;
  return new Sqlite(file, { timeout: 5000 });
}
