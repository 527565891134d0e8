/**
 * `matches.csv`, the one record a run keeps: one row per match, appended in
 * whole lines, never rewritten. Every table is rebuilt from it, so resuming,
 * sharding and merging only have to get this file right.
 *
 * Columns (k = machines per match, seats a, b, c, d):
 *   id, seed, a_bot, a_loadout, …, winner (A…D, empty for a draw), turns,
 *   reason (kill, mutual-destruction, turn-limit, fault), a_dealt, …, a_faults, …
 * `fault` marks a match that could not be played (its worker died); it counts
 * as a draw.
 */
import { closeSync, existsSync, ftruncateSync, openSync, readSync, writeSync } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import { stringify } from 'csv-stringify/sync';
import { HavocError } from '../core/ruleset.js';

export const SEAT_LETTERS = 'abcd';

/** One match's outcome. */
export interface MatchRow {
  readonly id: number;
  readonly seed: string;
  readonly bots: readonly string[];
  readonly loadouts: readonly string[];
  /** Winning seat, or -1 for a draw. */
  readonly winner: number;
  readonly turns: number;
  readonly reason: string;
  readonly dealt: readonly number[];
  readonly faults: readonly number[];
}

/** The header of matches.csv for k machines per match. */
export function matchesHeader(k: number): string[] {
  const seats = [...SEAT_LETTERS.slice(0, k)];
  return [
    'id',
    'seed',
    ...seats.flatMap((s) => [`${s}_bot`, `${s}_loadout`]),
    'winner',
    'turns',
    'reason',
    ...seats.map((s) => `${s}_dealt`),
    ...seats.map((s) => `${s}_faults`),
  ];
}

/** A row's fields in header order. */
export function rowFields(r: MatchRow): (string | number)[] {
  return [
    r.id,
    r.seed,
    ...r.bots.flatMap((b, i) => [b, r.loadouts[i]]),
    r.winner < 0 ? '' : SEAT_LETTERS[r.winner].toUpperCase(),
    r.turns,
    r.reason,
    ...r.dealt,
    ...r.faults,
  ];
}

/** CSV text (complete lines) for rows. */
export const csvLines = (rows: readonly (readonly (string | number)[])[]): string => (rows.length ? stringify(rows as (string | number)[][]) : '');

/** Splits one CSV line (RFC 4180 quoting, no embedded line breaks). */
export function parseCsvLine(line: string): string[] {
  const out: string[] = [];
  let i = 0;
  for (;;) {
    if (line[i] === '"') {
      let v = '';
      i++;
      for (;;) {
        const q = line.indexOf('"', i);
        if (q < 0) throw new Error('unterminated quoted field');
        v += line.slice(i, q);
        if (line[q + 1] === '"') (v += '"'), (i = q + 2);
        else {
          i = q + 1;
          break;
        }
      }
      out.push(v);
    } else {
      const c = line.indexOf(',', i);
      out.push(line.slice(i, c < 0 ? line.length : c));
      i = c < 0 ? line.length : c;
    }
    if (i >= line.length) return out;
    if (line[i] !== ',') throw new Error(`expected a comma at column ${i + 1}`);
    i++;
  }
}

const int = (s: string): number => {
  if (!/^-?\d+$/.test(s)) throw new Error(`"${s}" is not an integer`);
  return Number(s);
};

/** Reads a row back from its fields. Throws on a malformed row. */
export function parseRow(f: readonly string[], k: number): MatchRow {
  if (f.length !== 5 + 4 * k) throw new Error(`expected ${5 + 4 * k} fields, got ${f.length}`);
  const w = f[2 + 2 * k];
  const winner = w === '' ? -1 : SEAT_LETTERS.indexOf(w.toLowerCase());
  if (winner >= k || (w !== '' && winner < 0)) throw new Error(`bad winner "${w}"`);
  return {
    id: int(f[0]),
    seed: f[1],
    bots: Array.from({ length: k }, (_, i) => f[2 + 2 * i]),
    loadouts: Array.from({ length: k }, (_, i) => f[3 + 2 * i]),
    winner,
    turns: int(f[3 + 2 * k]),
    reason: f[4 + 2 * k],
    dealt: f.slice(5 + 2 * k, 5 + 3 * k).map(int),
    faults: f.slice(5 + 3 * k, 5 + 4 * k).map(int),
  };
}

/**
 * Calls `onLine` for every complete line of a file, streaming (the file may
 * hold millions of rows). Returns the byte length of the complete lines: a
 * last line without its newline (a write cut short) is not passed on.
 */
export function forEachLine(path: string, onLine: (line: string, n: number) => void): number {
  const fd = openSync(path, 'r');
  try {
    const buf = Buffer.alloc(1 << 20);
    const decoder = new StringDecoder('utf8');
    let rest = '';
    let complete = 0;
    let n = 0;
    for (;;) {
      const got = readSync(fd, buf, 0, buf.length, null);
      if (got === 0) break;
      const text = rest + decoder.write(buf.subarray(0, got));
      let start = 0;
      for (;;) {
        const nl = text.indexOf('\n', start);
        if (nl < 0) break;
        const line = text.slice(start, nl);
        complete += Buffer.byteLength(line) + 1;
        onLine(line.endsWith('\r') ? line.slice(0, -1) : line, n++);
        start = nl + 1;
      }
      rest = text.slice(start);
    }
    return complete;
  } finally {
    closeSync(fd);
  }
}

/**
 * Reads every row of a matches.csv, checking the header. A torn last line is
 * ignored (and cut off when `repair` is set). Throws a HavocError naming the
 * file and line of a malformed row.
 */
export function readMatches(path: string, k: number, onRow: (r: MatchRow, line: string) => void, repair = false): number {
  if (!existsSync(path)) return 0;
  const header = matchesHeader(k).join(',');
  let rows = 0;
  const complete = forEachLine(path, (line, n) => {
    if (n === 0) {
      if (line !== header) throw new HavocError('bad-matches', `${path}, line 1`, `not the header of this run's matches (expected ${header})`);
      return;
    }
    let r: MatchRow;
    try {
      r = parseRow(parseCsvLine(line), k);
    } catch (e) {
      throw new HavocError('bad-matches', `${path}, line ${n + 1}`, (e as Error).message);
    }
    rows++;
    onRow(r, line);
  });
  if (repair) {
    const fd = openSync(path, 'r+');
    try {
      ftruncateSync(fd, complete);
    } finally {
      closeSync(fd);
    }
  }
  return rows;
}

/** An append-only matches.csv: whole lines, one write per batch. */
export class MatchesWriter {
  private readonly fd: number;

  /** Opens `path` for appending, writing the header when the file is empty. */
  constructor(
    readonly path: string,
    k: number,
  ) {
    this.fd = openSync(path, 'a');
    const size = existsSync(path) ? readHeadSize(path) : 0;
    if (size === 0) writeSync(this.fd, csvLines([matchesHeader(k)]));
  }

  /** Appends complete CSV lines. */
  append(text: string): void {
    if (text) writeSync(this.fd, text);
  }

  close(): void {
    closeSync(this.fd);
  }
}

function readHeadSize(path: string): number {
  const fd = openSync(path, 'r');
  try {
    return readSync(fd, Buffer.alloc(1), 0, 1, 0);
  } finally {
    closeSync(fd);
  }
}
