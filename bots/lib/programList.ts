/**
 * A list of programs, PROGRAM_LENGTH (five) codes each, in flat typed arrays
 * with a score per program: what the candidate generator fills and the
 * searching bots read.
 */
import * as commands from '../../src/rules/nhm/commands.js';

// A module-local copy for the hot loops: V8 folds a module's own unexported
// `const`s, but loads an imported binding from its cell at every use.
const PROGRAM_LENGTH = commands.PROGRAM_LENGTH;

export class ProgramList {
  count = 0;
  codes: Uint16Array;
  score: Float64Array;
  /** putFirst's copy of the list. */
  private spare = new Uint16Array(0);
  private spareScore = new Float64Array(0);

  constructor(capacity = 64) {
    this.codes = new Uint16Array(capacity * PROGRAM_LENGTH);
    this.score = new Float64Array(capacity);
  }

  clear(): void {
    this.count = 0;
  }

  /** Appends codes[offset..offset+PROGRAM_LENGTH] with a score. */
  add(codes: ArrayLike<number>, score = 0, offset = 0): void {
    if ((this.count + 1) * PROGRAM_LENGTH > this.codes.length) {
      const c = new Uint16Array(this.codes.length * 2);
      c.set(this.codes);
      this.codes = c;
      const s = new Float64Array(this.score.length * 2);
      s.set(this.score);
      this.score = s;
    }
    for (let k = 0; k < PROGRAM_LENGTH; k++) this.codes[this.count * PROGRAM_LENGTH + k] = codes[offset + k];
    this.score[this.count++] = score;
  }

  /** Becomes a copy of `from`: its programs and scores, in order. */
  copyFrom(from: ProgramList): void {
    const n = from.count;
    if (this.codes.length < n * PROGRAM_LENGTH) this.codes = new Uint16Array(from.codes.length);
    if (this.score.length < n) this.score = new Float64Array(from.score.length);
    this.codes.set(from.codes.subarray(0, n * PROGRAM_LENGTH));
    this.score.set(from.score.subarray(0, n));
    this.count = n;
  }

  /** Whether the list holds these PROGRAM_LENGTH codes. */
  has(codes: ArrayLike<number>, offset = 0): boolean {
    outer: for (let i = 0; i < this.count; i++) {
      for (let k = 0; k < PROGRAM_LENGTH; k++) if (this.codes[i * PROGRAM_LENGTH + k] !== codes[offset + k]) continue outer;
      return true;
    }
    return false;
  }

  /**
   * Moves (or adds) the given programs to the front, in order, keeping the
   * rest in order; nulls are skipped. In place (a copy of the list kept for
   * the purpose): the search bots call it for every seat at every decision,
   * and it made 64 arrays each time.
   */
  putFirst(...programs: (readonly number[] | null)[]): void {
    const n = this.count, len = n * PROGRAM_LENGTH;
    if (this.spare.length < this.codes.length) this.spare = new Uint16Array(this.codes.length);
    if (this.spareScore.length < this.score.length) this.spareScore = new Float64Array(this.score.length);
    const old = this.spare, oldScore = this.spareScore;
    old.set(this.codes.subarray(0, len));
    oldScore.set(this.score.subarray(0, n));
    this.clear();
    for (const p of programs) if (p !== null && !this.has(p)) this.add(p, 0);
    outer: for (let i = 0; i < n; i++) {
      const at = i * PROGRAM_LENGTH;
      for (const p of programs) if (p !== null && sameCodes(p, old, at)) continue outer;
      this.add(old, oldScore[i], at);
    }
  }

  /** Program i as a fresh array. */
  get(i: number): number[] {
    const out = new Array<number>(PROGRAM_LENGTH);
    for (let k = 0; k < PROGRAM_LENGTH; k++) out[k] = this.codes[i * PROGRAM_LENGTH + k];
    return out;
  }
}

/** Whether program `p` is the PROGRAM_LENGTH codes at `codes[at..]`. */
function sameCodes(p: readonly number[], codes: Uint16Array, at: number): boolean {
  for (let k = 0; k < PROGRAM_LENGTH; k++) if (p[k] !== codes[at + k]) return false;
  return true;
}
