/**
 * Per-state working memory for the step loop, allocated once per state and
 * never copied: targets, blocks, pending damage, hot squares, beam stacks.
 */
import type { State } from './state.js';

export class Scratch {
  readonly cmd: Uint16Array;
  /** Move target per machine: -1 none, -2 off the board, -3-sq a telefrag landing. */
  readonly tgt: Int16Array;
  readonly blocked: Uint8Array;
  readonly partner: Int16Array;
  readonly clash: Int16Array;
  readonly pend: Int16Array;
  readonly hit: Int8Array;
  readonly extraTgt: Int16Array;
  readonly jumpFrom: Int16Array;
  readonly jumpFacing: Uint8Array;
  /** Highest damage on each square this step (0: not hot). */
  readonly hot: Uint8Array;
  /** Per square, bit m set when it is a shield spot of machine m this step. */
  readonly shield: Uint8Array;
  readonly reach: Uint8Array;
  readonly beams: Int32Array;
  readonly seen: Uint32Array;
  stamp = 0;
  /** Whether `shield` holds spots that need clearing. */
  shieldsLaid = false;

  constructor(n: number, size: number, maxCells: number) {
    this.cmd = new Uint16Array(n);
    this.tgt = new Int16Array(n);
    this.blocked = new Uint8Array(n);
    this.partner = new Int16Array(n);
    this.clash = new Int16Array(n);
    this.pend = new Int16Array(n);
    this.hit = new Int8Array(n);
    this.extraTgt = new Int16Array(n);
    this.jumpFrom = new Int16Array(n);
    this.jumpFacing = new Uint8Array(n);
    this.hot = new Uint8Array(size);
    this.shield = new Uint8Array(size);
    this.reach = new Uint8Array(maxCells);
    // Every push follows a first entry into a (square, direction), two per entry at most.
    this.beams = new Int32Array(size * 8 * 2 * 3 + 6);
    this.seen = new Uint32Array(size * 8);
  }
}

/** Gets the scratch of a state, making it on first use. */
export function scratchOf(st: State): Scratch {
  let s = st.scratch as Scratch | null;
  if (!s) {
    const t = st.game.tables;
    let maxCells = 1;
    for (const w of t.weapons)
      for (const o of w ?? []) for (let i = 0; i + 1 < o.cellStart.length; i++) maxCells = Math.max(maxCells, o.cellStart[i + 1] - o.cellStart[i]);
    st.scratch = s = new Scratch(st.game.n, st.game.size, maxCells);
  }
  return s;
}
