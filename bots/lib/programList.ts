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

  /** Whether the list holds these PROGRAM_LENGTH codes. */
  has(codes: ArrayLike<number>, offset = 0): boolean {
    outer: for (let i = 0; i < this.count; i++) {
      for (let k = 0; k < PROGRAM_LENGTH; k++) if (this.codes[i * PROGRAM_LENGTH + k] !== codes[offset + k]) continue outer;
      return true;
    }
    return false;
  }

  /** Moves (or adds) the given programs to the front, in order, keeping the rest in order; nulls are skipped. */
  putFirst(...programs: (readonly number[] | null)[]): void {
    const first = programs.filter((p): p is readonly number[] => p !== null);
    const rest: number[][] = [], scores: number[] = [];
    for (let i = 0; i < this.count; i++) {
      const p = this.get(i);
      if (!first.some((f) => f.every((c, k) => c === p[k]))) rest.push(p), scores.push(this.score[i]);
    }
    this.clear();
    for (const p of first) if (!this.has(p)) this.add(p, 0);
    rest.forEach((p, i) => this.add(p, scores[i]));
  }

  /** Program i as a fresh array. */
  get(i: number): number[] {
    return Array.from(this.codes.subarray(i * PROGRAM_LENGTH, (i + 1) * PROGRAM_LENGTH));
  }
}
