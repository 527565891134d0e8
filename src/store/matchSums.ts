/**
 * matches.csv's checksums, `matches.sha256` beside it: one line a batch
 * appended, `END SHA256`, the sha256 of the file's bytes from the previous
 * line's END (0 for the first) to END. The writer adds a line after each
 * batch it appends (records.ts MatchesWriter); resume and merge check the
 * file against them before they use a row (`checkMatchSums`), so a row
 * edited after it was written (a flipped winner) is refused, located by its
 * lines, instead of changing the tables.
 *
 * Rows past the last line (a run killed between the two appends, or a run
 * folder written before checksums, which has no matches.sha256) are taken as
 * they are and covered by the next line the writer adds. Rows cut off the
 * end (a torn row, or more) are no change to what is kept: the lines past
 * the file's end are dropped when the writer opens it, the batch the cut
 * falls in is taken as its rows are, and resume plays the rest again.
 */
import { createHash } from 'node:crypto';
import { closeSync, existsSync, openSync, readFileSync, readSync, statSync, writeFileSync } from 'node:fs';
import { HavocError } from '../core/errors.js';

/** The checksums file of a matches.csv. */
export const sumsPath = (matches: string): string => matches.replace(/\.csv$/, '') + '.sha256';

interface Mark {
  readonly end: number;
  readonly sha256: string;
}

/** The marks of a matches.sha256 (complete lines; a torn last one is left out, its batch is past the last mark). */
export function readMarks(path: string): Mark[] {
  if (!existsSync(path)) return [];
  const text = readFileSync(path, 'utf8');
  const lines = text.split('\n').slice(0, -1); // the last piece is after the last newline: empty, or torn
  return lines.map((l, i) => {
    const m = /^(\d+) ([0-9a-f]{64})$/.exec(l);
    if (!m) throw new HavocError('ERR_MATCHES', `${path}, line ${i + 1}`, 'not a checksum line ("END SHA256"): the run\'s checksums are damaged');
    return { end: Number(m[1]), sha256: m[2] };
  });
}

/** Calls `each` with successive chunks of the bytes [from, to) of the open file `fd`. */
function chunks(fd: number, from: number, to: number, each: (b: Buffer) => void): void {
  const buf = Buffer.alloc(1 << 16);
  for (let at = from; at < to; ) {
    const got = readSync(fd, buf, 0, Math.min(buf.length, to - at), at);
    if (got === 0) break;
    each(buf.subarray(0, got));
    at += got;
  }
}

/**
 * Checks matches.csv at `path` against its checksums; a HavocError naming
 * the lines of the first batch whose bytes differ (or are missing). No
 * checksums file: nothing to check (a folder written before them).
 */
export function checkMatchSums(path: string): void {
  const marks = readMarks(sumsPath(path));
  if (marks.length === 0 || !existsSync(path)) return;
  const size = statSync(path).size;
  const fd = openSync(path, 'r');
  try {
    let from = 0, line = 1; // `line`: the 1-based line number at byte `from`
    for (const [i, m] of marks.entries()) {
      const h = createHash('sha256');
      let newlines = 0;
      chunks(fd, from, Math.min(m.end, size), (b) => {
        h.update(b);
        for (let j = b.indexOf(10); j >= 0; j = b.indexOf(10, j + 1)) newlines++;
      });
      const lines = newlines > 1 ? `lines ${line}–${line + newlines - 1}` : `line ${line}`;
      if (m.end > size) return; // cut off the end: the rest is played again
      if (h.digest('hex') !== m.sha256)
        throw new HavocError(
          'ERR_MATCHES',
          `${path}, ${lines}`,
          `changed since they were written (their sha256 differs from batch ${i + 1} of ${sumsPath(path)}): the tables would not be the games played; restore the file, or play the run again in a new folder`,
        );
      from = m.end;
      line += newlines;
    }
  } finally {
    closeSync(fd);
  }
}

/** The running hash of bytes appended after the last mark, and the mark line that closes them. */
export class MarkHasher {
  private hash = createHash('sha256');
  private end: number;

  /** Starts after the last mark of `sums` within the file (`size` bytes; marks past its end, rows cut off, are dropped first), hashing the bytes of the file at `fd` that no mark covers yet. */
  constructor(fd: number, size: number, sums: string) {
    const marks = readMarks(sums);
    const kept = marks.filter((m) => m.end <= size);
    if (kept.length < marks.length) writeFileSync(sums, kept.map((m) => `${m.end} ${m.sha256}\n`).join(''));
    this.end = kept.at(-1)?.end ?? 0;
    chunks(fd, this.end, size, (b) => this.hash.update(b));
    this.end = size;
  }

  /** Adds appended bytes. */
  add(bytes: Uint8Array | string): void {
    this.hash.update(bytes);
    this.end += typeof bytes === 'string' ? Buffer.byteLength(bytes) : bytes.length;
  }

  /** The mark line for everything added since the last one (and starts the next). */
  mark(): string {
    const line = `${this.end} ${this.hash.digest('hex')}\n`;
    this.hash = createHash('sha256');
    return line;
  }
}
