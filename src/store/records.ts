/**
 * `matches.csv`, the one record a run keeps: one row per match, appended in
 * whole lines, never rewritten. Every table is rebuilt from it, so resuming,
 * sharding and merging only have to get this file right.
 *
 * Columns (k = seats per match, seats a, b, c, …):
 *   id, seed, a_bot, a_loadout, …, winner (A, B, …; the letters of every seat
 *   that shares first place, e.g. AC for a team's win; empty for a draw), turns,
 *   reason (kill, mutual-destruction, turn-limit, fault, …), then for each of
 *   the ruleset's figures (NHM: dealt) a_<figure>, …, then a_faults, ….
 * `fault` marks a match that could not be played (its worker died); it counts
 * as a draw.
 */
import { closeSync, existsSync, fstatSync, ftruncateSync, openSync, readSync, writeSync } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import { HavocError } from '../core/errors.js';
import { formulaSafe, fromFormulaSafe, mayLookLikeFormula } from './csvCells.js';
import { MarkHasher, sumsPath } from './matchSums.js';

export const SEAT_LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** One match's outcome. */
export interface MatchRow {
  readonly id: number;
  readonly seed: string;
  readonly bots: readonly string[];
  readonly loadouts: readonly string[];
  /** The seat alone in first place, or -1 (a draw, or a first place shared). */
  readonly winner: number;
  /** When first place is shared by some seats but not all (a team's win): a bit per seat in it; else 0 or absent. */
  readonly shared?: number;
  readonly turns: number;
  readonly reason: string;
  /** The ruleset's per-seat figures: `figures[f][seat]`, in the ruleset's `figures` order. */
  readonly figures: readonly (readonly number[])[];
  readonly faults: readonly number[];
}

/** A bit per seat in first place when some seats but not all share it (a team's win), else 0. */
export function sharedFirst(ranks: readonly number[]): number {
  let mask = 0, n = 0;
  for (let s = 0; s < ranks.length; s++) if (ranks[s] === 0) (mask |= 1 << s), n++;
  return n > 1 && n < ranks.length ? mask : 0;
}

/** The header of matches.csv for k seats per match and a ruleset's figures. */
export function matchesHeader(k: number, figures: readonly string[] = ['dealt']): string[] {
  const seats = [...SEAT_LETTERS.slice(0, k)];
  return [
    'id',
    'seed',
    ...seats.flatMap((s) => [`${s}_bot`, `${s}_loadout`]),
    'winner',
    'turns',
    'reason',
    ...figures.flatMap((f) => seats.map((s) => `${s}_${f}`)),
    ...seats.map((s) => `${s}_faults`),
  ];
}

/** The winner column: the lone winner's letter, the letters of a shared first place, or empty for a draw. */
export function winnerField(r: MatchRow): string {
  if (r.winner >= 0) return SEAT_LETTERS[r.winner].toUpperCase();
  let w = '';
  for (let s = 0; r.shared && s < r.bots.length; s++) if (r.shared & (1 << s)) w += SEAT_LETTERS[s].toUpperCase();
  return w;
}

/** A row's outcome for seat s: 1 first place (alone or shared), 0.5 a draw, 0 otherwise. */
export function seatScore(r: MatchRow, s: number): number {
  if (r.winner >= 0) return r.winner === s ? 1 : 0;
  if (r.shared) return (r.shared >> s) & 1;
  return 0.5;
}

/** A row's fields in header order. */
export function rowFields(r: MatchRow): (string | number)[] {
  return [
    r.id,
    r.seed,
    ...r.bots.flatMap((b, i) => [b, r.loadouts[i]]),
    winnerField(r),
    r.turns,
    r.reason,
    ...r.figures.flat(),
    ...r.faults,
  ];
}

/**
 * One CSV field, exactly as csv-stringify writes it (its string cast
 * csvCells.ts's `formulaSafe`, as every table's, report/csv.ts): a
 * number as `String(x)`; a string as is, unless it holds a comma, a double
 * quote, CR or LF, then in double quotes with its quotes doubled; a string a
 * spreadsheet would take for a formula first made text (csvCells.ts). Written
 * here because the workers format every row: csv-stringify's general
 * machinery (casts, options, a rope of small strings) cost about an eighth of
 * a worker's time on kernel matches.
 */
export function csvField(v: string | number): string {
  if (typeof v !== 'string') return String(v);
  if (mayLookLikeFormula(v.charCodeAt(0))) v = formulaSafe(v);
  for (let i = 0; i < v.length; i++) {
    const c = v.charCodeAt(i);
    if (c === 44 || c === 34 || c === 10 || c === 13) return '"' + v.replaceAll('"', '""') + '"';
  }
  return v;
}

/** One CSV line (with its newline) of fields. */
export function csvLine(fields: readonly (string | number)[]): string {
  let s = fields.length ? csvField(fields[0]) : '';
  for (let i = 1; i < fields.length; i++) s += ',' + csvField(fields[i]);
  return s + '\n';
}

/** CSV text (complete lines) for rows: the same bytes as csv-stringify's. */
export const csvLines = (rows: readonly (readonly (string | number)[])[]): string => rows.map(csvLine).join('');

/**
 * matches.csv lines written straight into UTF-8 bytes, `csvLine(rowFields(r))`
 * for each row: the lines of a worker's batch. Names and numbers go in byte by
 * byte with no string made; a field that needs quoting or is not ASCII takes
 * the general path. A batch held as strings (thousands of lines) outlived the
 * workers' young generation, and the old generation's collections then kept
 * V8's helper threads busy beside the workers.
 */
export class MatchLines {
  private static readonly encoder = new TextEncoder();
  private bytes: Uint8Array;
  private used = 0;

  constructor(rows: number) {
    this.bytes = new Uint8Array(Math.max(256, rows * 96));
  }

  /** Appends a row's line. */
  add(r: MatchRow): void {
    const k = r.bots.length;
    this.int(r.id, false);
    this.text(r.seed);
    for (let i = 0; i < k; i++) this.text(r.bots[i]), this.text(r.loadouts[i]);
    this.room(2 + k);
    this.bytes[this.used++] = 44;
    if (r.winner >= 0) this.bytes[this.used++] = 65 + r.winner; // A, B, C, …
    else if (r.shared) for (let s = 0; s < k; s++) if (r.shared & (1 << s)) this.bytes[this.used++] = 65 + s;
    this.int(r.turns);
    this.text(r.reason);
    for (let f = 0; f < r.figures.length; f++) for (let i = 0; i < k; i++) this.int(r.figures[f][i]);
    for (let i = 0; i < k; i++) this.int(r.faults[i]);
    this.room(1);
    this.bytes[this.used++] = 10;
  }

  /** The lines so far (a view of the buffer). */
  done(): Uint8Array {
    return this.bytes.subarray(0, this.used);
  }

  private room(n: number): void {
    if (this.bytes.length - this.used >= n) return;
    const grown = new Uint8Array(Math.max(this.bytes.length * 2, this.used + n));
    grown.set(this.bytes.subarray(0, this.used));
    this.bytes = grown;
  }

  /** A separator (unless the field opens the line) and a number, as String(n). */
  private int(n: number, separator = true): void {
    this.room(18);
    if (separator) this.bytes[this.used++] = 44;
    if (!(Number.isSafeInteger(n) && n >= 0)) return this.slow(String(n));
    let digits = 1;
    for (let x = n; x >= 10; x = Math.floor(x / 10)) digits++;
    for (let i = digits - 1, x = n; i >= 0; i--, x = Math.floor(x / 10)) this.bytes[this.used + i] = 48 + (x % 10);
    this.used += digits;
  }

  /** A separator and a string field: as is when it is ASCII with no comma, quote, CR or LF, else csvField's quoting in UTF-8. */
  private text(s: string): void {
    this.room(1 + s.length);
    this.bytes[this.used++] = 44;
    if (mayLookLikeFormula(s.charCodeAt(0))) return this.slow(csvField(s));
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c >= 128 || c === 44 || c === 34 || c === 10 || c === 13) return this.slow(csvField(s));
      this.bytes[this.used + i] = c;
    }
    this.used += s.length;
  }

  /** Writes `field` (already CSV) in UTF-8 (at most 3 bytes per UTF-16 unit). */
  private slow(field: string): void {
    this.room(field.length * 3);
    this.used += MatchLines.encoder.encodeInto(field, this.bytes.subarray(this.used)).written;
  }
}

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

const INT = /^-?\d+$/;

/** An integer field: optional minus and ASCII digits only (as /^-?\d+$/, then Number). */
function int(s: string): number {
  const n = s.length, neg = n > 1 && s.charCodeAt(0) === 45;
  if (n === 0 || n > 15) {
    // (empty: malformed; over 15 characters: Number() rounds, leave it to the general path)
    if (!INT.test(s)) throw new Error(`"${s}" is not an integer`);
    return Number(s);
  }
  let v = 0;
  for (let i = neg ? 1 : 0; i < n; i++) {
    const d = s.charCodeAt(i) - 48;
    if (d < 0 || d > 9) throw new Error(`"${s}" is not an integer`);
    v = v * 10 + d;
  }
  return neg ? -v : v;
}

/** Reads a row back from its fields (k seats, `figures` figures per seat). Throws on a malformed row. */
export function parseRow(f: readonly string[], k: number, figures = 1): MatchRow {
  // The columns: id, seed, a bot and a loadout per seat, winner, turns, reason, each figure per seat, faults per seat.
  const winnerAt = 2 + 2 * k, turnsAt = winnerAt + 1, reasonAt = winnerAt + 2, figuresAt = winnerAt + 3, faultsAt = figuresAt + figures * k;
  const want = faultsAt + k;
  if (f.length !== want) throw new Error(`expected ${want} fields, got ${f.length}`);
  const w = f[winnerAt];
  let winner = -1, shared = 0;
  for (let i = 0; i < w.length; i++) {
    const s = SEAT_LETTERS.indexOf(w[i].toLowerCase());
    if (s < 0 || s >= k || shared & (1 << s)) throw new Error(`bad winner "${w}"`);
    shared |= 1 << s;
  }
  if (w.length === 1) (winner = SEAT_LETTERS.indexOf(w.toLowerCase())), (shared = 0);
  else if (w.length >= k) throw new Error(`bad winner "${w}" (every seat first is a draw, written empty)`);
  const bots = new Array<string>(k), loadouts = new Array<string>(k), faults = new Array<number>(k);
  const figs = new Array<number[]>(figures);
  for (let i = 0; i < k; i++) {
    bots[i] = fromFormulaSafe(f[2 + 2 * i]);
    loadouts[i] = fromFormulaSafe(f[3 + 2 * i]);
  }
  const id = int(f[0]), turns = int(f[turnsAt]);
  for (let g = 0; g < figures; g++) {
    const v = (figs[g] = new Array<number>(k));
    for (let i = 0; i < k; i++) v[i] = int(f[figuresAt + g * k + i]);
  }
  for (let i = 0; i < k; i++) faults[i] = int(f[faultsAt + i]);
  return { id, seed: fromFormulaSafe(f[1]), bots, loadouts, winner, ...(shared ? { shared } : {}), turns, reason: fromFormulaSafe(f[reasonAt]), figures: figs, faults };
}

/** A matches.csv line's row: `parseRow(parseCsvLine(line), k, figures)`, with a plain split when nothing is quoted. */
export const parseMatchLine = (line: string, k: number, figures = 1): MatchRow =>
  parseRow(line.indexOf('"') < 0 ? line.split(',') : parseCsvLine(line), k, figures);

/**
 * The complete lines of a file, streamed (the file may hold millions of
 * rows): a last line without its newline (a write cut short) is not given.
 * `done.bytes` counts the bytes of the lines given so far, newlines included.
 */
export function* linesOf(path: string, done: { bytes: number } = { bytes: 0 }): Generator<string, void, undefined> {
  const fd = openSync(path, 'r');
  try {
    // 64 KB at a time: the decoded text of a chunk then stays an ordinary young object. (A megabyte's
    // text went straight to V8's large-object space, old generation: reading a million-row file that
    // way grew the heap by about 30 MB before a full collection came round.)
    const buf = Buffer.alloc(1 << 16);
    const decoder = new StringDecoder('utf8');
    let rest = '';
    for (;;) {
      const got = readSync(fd, buf, 0, buf.length, null);
      if (got === 0) break;
      const text = rest + decoder.write(buf.subarray(0, got));
      let start = 0;
      const lines: string[] = [];
      for (;;) {
        const nl = text.indexOf('\n', start);
        if (nl < 0) break;
        const end = nl > start && text.charCodeAt(nl - 1) === 13 ? nl - 1 : nl;
        lines.push(text.slice(start, end));
        start = nl + 1;
      }
      // The complete lines' bytes, counted once per chunk rather than per line.
      if (start > 0) done.bytes += Buffer.byteLength(start === text.length ? text : text.slice(0, start));
      rest = text.slice(start);
      yield* lines;
    }
  } finally {
    closeSync(fd);
  }
}

/** Calls `onLine` for every complete line of a file (linesOf); returns the byte length of those lines. */
export function forEachLine(path: string, onLine: (line: string, n: number) => void): number {
  const done = { bytes: 0 };
  let n = 0;
  for (const line of linesOf(path, done)) onLine(line, n++);
  return done.bytes;
}

/**
 * Reads every row of a matches.csv, checking the header. A torn last line is
 * ignored (and cut off when `repair` is set). Throws a HavocError naming the
 * file and line of a malformed row.
 */
export function readMatches(path: string, k: number, onRow: (r: MatchRow, line: string) => void, repair = false, figures: readonly string[] = ['dealt']): number {
  if (!existsSync(path)) return 0;
  const header = matchesHeader(k, figures).join(',');
  let rows = 0;
  const complete = forEachLine(path, (line, n) => {
    if (n === 0) {
      if (line !== header) throw new HavocError('ERR_MATCHES', `${path}, line 1`, `not the header of this run's matches (expected ${header})`);
      return;
    }
    let r: MatchRow;
    try {
      r = parseMatchLine(line, k, figures.length);
    } catch (e) {
      throw new HavocError('ERR_MATCHES', `${path}, line ${n + 1}`, (e as Error).message);
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

/** An append-only matches.csv: whole lines, one write per batch, each batch's sha256 then added to matches.sha256 (matchSums.ts). */
export class MatchesWriter {
  private readonly fd: number;
  private readonly sums: number;
  private readonly hasher: MarkHasher;

  /** Opens `path` for appending, writing the header when the file is empty. */
  constructor(
    readonly path: string,
    k: number,
    figures: readonly string[] = ['dealt'],
  ) {
    this.fd = openSync(path, 'a+');
    const size = existsSync(path) ? readHeadSize(path) : 0;
    if (size === 0) writeSync(this.fd, csvLines([matchesHeader(k, figures)]));
    this.hasher = new MarkHasher(this.fd, fstatSync(this.fd).size, sumsPath(path)); // first: it may drop marks past a cut end
    this.sums = openSync(sumsPath(path), 'a');
  }

  /** Appends complete CSV lines (text, or its UTF-8 bytes), and their checksum. */
  append(lines: string | Uint8Array): void {
    if (lines.length === 0) return;
    if (typeof lines === 'string') writeSync(this.fd, lines);
    else for (let at = 0; at < lines.length; ) at += writeSync(this.fd, lines, at);
    this.hasher.add(lines);
    writeSync(this.sums, this.hasher.mark());
  }

  close(): void {
    closeSync(this.fd);
    closeSync(this.sums);
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

/** The lines of matches.csv bytes (each with its newline), as views of them. */
export function lineSlices(bytes: Uint8Array): Uint8Array[] {
  const out: Uint8Array[] = [];
  let from = 0;
  for (let i = bytes.indexOf(10); i >= 0; i = bytes.indexOf(10, from)) {
    out.push(bytes.subarray(from, i + 1));
    from = i + 1;
  }
  return out;
}
