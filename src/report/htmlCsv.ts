/**
 * Reading a run's CSV tables for the HTML report: a small RFC 4180 parser
 * (quoted fields, doubled quotes, commas and newlines inside quotes, CRLF)
 * and columns picked by name through a list of accepted names, so the report
 * keeps working when a column is renamed or added. No dependency: the tables
 * are written by csv-stringify in this same package, and parsing them is
 * forty lines.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fromFormulaSafe } from '../store/csvCells.js';

/** Parses CSV text into rows of fields. A final newline does not make an empty row. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  if (text.charCodeAt(0) === 0xfeff) i = 1;
  const n = text.length;
  const endField = (): void => {
    row.push(fromFormulaSafe(field)); // the apostrophe before a formula-like cell is the writer's (store/csvCells.ts)
    field = '';
  };
  const endRow = (): void => {
    endField();
    rows.push(row);
    row = [];
  };
  for (; i < n; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') endField();
    else if (c === '\n') endRow();
    else if (c === '\r') {
      if (text[i + 1] === '\n') i++;
      endRow();
    } else field += c;
  }
  if (field !== '' || row.length > 0 || quoted) endRow();
  return rows;
}

/** A table read from CSV: its header and its rows as objects by column name. */
export interface CsvTable {
  header: string[];
  rows: Record<string, string>[];
}

/** Reads a CSV file with a header row; null when the file does not exist. */
export function readCsv(path: string): CsvTable | null {
  if (!existsSync(path)) return null;
  const all = parseCsv(readFileSync(path, 'utf8'));
  if (all.length === 0) return { header: [], rows: [] };
  const header = all[0].map((h) => h.trim());
  const rows = all.slice(1).filter((r) => !(r.length === 1 && r[0] === '')).map((r) => Object.fromEntries(header.map((h, j) => [h, r[j] ?? ''])));
  return { header, rows };
}

/** Normalises a column name: lower case, letters and digits only (`Win Rate` = `win_rate`). */
const norm = (s: string): string => s.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * The column of `table` for a field, trying the accepted names in order.
 * Returns the header's own spelling, or null when the table has none of them.
 */
export function findColumn(table: CsvTable, names: readonly string[]): string | null {
  const byNorm = new Map(table.header.map((h) => [norm(h), h]));
  for (const n of names) {
    const h = byNorm.get(norm(n));
    if (h !== undefined) return h;
  }
  return null;
}

/**
 * Accepted column names per table and field, first the names the arena
 * writes (src/report/tables.ts, src/arena/records.ts), then other spellings.
 * Adjust here when a table's columns change.
 */
export const COLUMNS = {
  entity: {
    name: ['loadout', 'bot', 'team', 'name'],
    key: ['key', 'loadout_key'],
    games: ['games', 'n'],
    rate: ['win_rate', 'winrate', 'win'],
    rateLo: ['win_rate_lo', 'win_rate_low', 'win_lo', 'lo'],
    rateHi: ['win_rate_hi', 'win_rate_high', 'win_hi', 'hi'],
    rating: ['rating', 'elo'],
  },
  parts: {
    part: ['part', 'key', 'name'],
    category: ['category', 'budget'],
    listed: ['listed_cost', 'cost', 'listed'],
    games: ['games_with', 'games'],
    diff: ['diff', 'win_rate_diff', 'difference'],
    diffLo: ['diff_lo', 'diff_low'],
    diffHi: ['diff_hi', 'diff_high'],
    fair: ['fair_cost', 'estimated_cost', 'fair'],
    fairLo: ['fair_cost_lo', 'fair_lo', 'estimated_cost_lo'],
    fairHi: ['fair_cost_hi', 'fair_hi', 'estimated_cost_hi'],
    delta: ['delta', 'fair_minus_listed'],
    deltaLo: ['delta_lo'],
    deltaHi: ['delta_hi'],
    mispriced: ['mispriced', 'flag'],
    note: ['note', 'reason'],
  },
  matchups: {
    a: ['a', 'row', 'name'],
    b: ['b', 'col', 'column', 'opponent'],
    games: ['games', 'n'],
    rate: ['a_win_rate', 'win_rate', 'rate'],
    rateLo: ['a_win_rate_lo', 'win_rate_lo', 'lo'],
    rateHi: ['a_win_rate_hi', 'win_rate_hi', 'hi'],
  },
  ratings: {
    name: ['name', 'entrant', 'loadout', 'bot'],
    games: ['games'],
    rating: ['rating', 'elo'],
    lo: ['rating_lo', 'lo', 'elo_lo'],
    hi: ['rating_hi', 'hi', 'elo_hi'],
  },
} as const;

/** Field names of a table kind mapped to the table's columns (null where missing). */
export function columnsOf<K extends keyof typeof COLUMNS>(table: CsvTable, kind: K): Record<keyof (typeof COLUMNS)[K], string | null> {
  const spec = COLUMNS[kind] as Record<string, readonly string[]>;
  return Object.fromEntries(Object.entries(spec).map(([f, names]) => [f, findColumn(table, names)])) as Record<keyof (typeof COLUMNS)[K], string | null>;
}

/** A number from a cell, or null when empty or not a number. */
export function num(v: string | undefined): number | null {
  if (v === undefined || v.trim() === '') return null;
  const x = Number(v);
  return Number.isFinite(x) ? x : null;
}
