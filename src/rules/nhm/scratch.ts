/**
 * Per-state working memory for the step loop, allocated once per state and
 * never copied: targets, blocks, pending damage, hot squares, beam stacks.
 */
import { DIR8_COUNT } from '../../core/grid.js';
import type { State } from './state.js';

// Move targets (Scratch.tgt, Scratch.extraTgt): a square (>= 0) or one of
// these codes. step.ts, collide.ts and fire.ts keep module-local copies, which
// V8 folds into their optimised loops as literals (an imported or exported
// binding is loaded from its cell at every use).

/** No move this step (also: no push or pull queued, in extraTgt). */
export const TGT_NONE = -1;
/** A move off the board: the machine is blocked where it stands. */
export const TGT_OFF_BOARD = -2;
/** Codes at or below this are telefrag landings: TGT_TELEFRAG - sq lands on sq (see telefragTarget). */
export const TGT_TELEFRAG = -3;
/** extraTgt only: two different pushes or pulls cancelled out, the machine stays. */
export const EXTRA_CANCELLED = -4;

/** The target code of a telefrag teleport landing on square `sq`. */
export const telefragTarget = (sq: number): number => TGT_TELEFRAG - sq;
/** The landing square of a telefrag target code (`code <= TGT_TELEFRAG`). */
export const telefragSquare = (code: number): number => TGT_TELEFRAG - code;

/** Ints per entry of the beam stack: square, direction, squares left. */
const BEAM_ENTRY = 3;

export class Scratch {
  readonly cmd: Uint16Array;
  /** Move target per machine: a square, TGT_NONE, TGT_OFF_BOARD, or telefragTarget(sq) for a telefrag landing. */
  readonly tgt: Int16Array;
  readonly blocked: Uint8Array;
  readonly partner: Int16Array;
  readonly clash: Int16Array;
  readonly pend: Int16Array;
  readonly hit: Int8Array;
  /** Push or pull target per machine for phase 6: a square, TGT_NONE, TGT_OFF_BOARD or EXTRA_CANCELLED. */
  readonly extraTgt: Int16Array;
  readonly jumpFrom: Int16Array;
  readonly jumpFacing: Uint8Array;
  /** Highest damage on each square this step (0: not hot). */
  readonly hot: Uint8Array;
  /** Per square, bit m set when it is a shield spot of machine m this step. */
  readonly shield: Uint8Array;
  readonly reach: Uint8Array;
  /** The beam tracer's stack and visit stamps: made at the first beam (beamMemory), as most designs fire none and a state is made per match. */
  beams: Int32Array | null = null;
  seen: Uint32Array | null = null;
  stamp = 0;
  /** Pushes and pulls queued this step (phase 6 runs only when there are any). */
  extras = 0;
  /**
   * Squares machines left this step: the only squares where a mine laid under
   * a machine can arm at its end (every unarmed mine is under a machine after
   * every step). A machine leaves a square at most once per phase that moves it.
   */
  readonly vacated: Int16Array;
  vacatedCount = 0;
  private readonly size: number;
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
    this.vacated = new Int16Array(4 * n);
    this.size = size;
  }

  /** Makes the beam tracer's memory, once. */
  beamMemory(): void {
    if (this.beams) return;
    // Every push follows a first entry into a (square, direction), two per entry at most.
    this.beams = new Int32Array(this.size * DIR8_COUNT * 2 * BEAM_ENTRY + 2 * BEAM_ENTRY);
    this.seen = new Uint32Array(this.size * DIR8_COUNT);
  }
}

/** Gets the scratch of a state, making it on first use. */
export function scratchOf(st: State): Scratch {
  let s = st.scratch as Scratch | null;
  if (!s) st.scratch = s = new Scratch(st.game.n, st.game.size, st.game.tables.maxCells);
  return s;
}
