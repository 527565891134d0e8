/**
 * A two-pig Robo Battle Pigs kernel: exactly the rules of the general engine
 * (src/rules/nhm/step.ts) for two living pigs on 8x8 with the Bazooka, the
 * Hammer-Fist and Tank Treads, no armour, no CPU, repair `R R R R R` worth 1;
 * specialised so that a turn is a few table look-ups on integers in locals.
 * test/unit/kernel.test.ts checks it against the general engine, and bridge.ts
 * decides when a Game may use it.
 *
 * - A state is an Int32Array of KSTATE_SIZE integers (layout below).
 * - A command is a kernel code 0..9: the eight actions in the order
 *   `^ v \ / TL TR F H`, then X and R (bridge.ts maps them to the general
 *   engine's codes, whose weapon codes depend on the catalogue).
 * - A program is five codes packed four bits each, slot k at bits 4k..4k+3,
 *   so a program is one small integer and a joint program is two.
 *
 * Why the shape (measured, docs/performance.md): integers in locals instead
 * of objects; a pig's square and facing as one "pose" number; one table
 * look-up per move and per attack, and no branch on the command. The Bazooka
 * ray and the fist's three squares are each a 64-bit set per pose, stored as
 * two 32-bit halves, since with two machines and no wreckage "the ray stops
 * at the first machine" is "the other pig is on the ray".
 */
import { aleaSeed, ALEA_SIZE } from '../../core/alea.js';
import { PROGRAM_LENGTH } from '../nhm/commands.js';
import { aleaSeedRunMatch, aleaSeedRunMatches8, aleaSeedSeats } from './alea.js';

export const K_FWD = 0; // `^`
export const K_BACK = 1; // `v`
export const K_FL = 2; // `\`, forward-left
export const K_FR = 3; // `/`, forward-right
export const K_TL = 4;
export const K_TR = 5;
export const K_FIRE = 6; // `F`, Bazooka
export const K_HIT = 7; // `H`, Hammer-Fist
export const K_X = 8;
export const K_R = 9;
/** Kernel codes 0..K_ACTIONS-1 are the actions a program may fill a free slot with. */
export const K_ACTIONS = 8;
export const K_CODES = 10;
/** Robo Battle Pigs notation of the kernel codes. */
export const K_NAMES = ['^', 'v', '\\', '/', 'TL', 'TR', 'F', 'H', 'X', 'R'] as const;

// Not exported, so that V8 folds them into playTurnK's optimised code: it
// folds a module's own unexported `const`s, but loads an exported or
// imported binding from its cell at every use.
/** Bits per slot of a packed program (codes 0..15). */
const SLOT_BITS = 4;
/** Bits per slot of a packed program (for bridge.ts). */
export const K_SLOT_BITS = SLOT_BITS;

/** The kernel's board: BOARD_8X8 (core/grid), files and ranks 0..K_SIDE-1. */
export const K_SIDE = 8;
/** Squares of the kernel's board; a square fits in 6 bits. */
export const K_SQUARES = K_SIDE * K_SIDE;

/** `R R R R R` and `X X X X X`, packed. */
export const PROGRAM_REPAIR = 0x99999;
export const PROGRAM_IDLE = 0x88888;

// State layout: per-seat fields at FIELD + seat. The module's own copies
// (SQ, FACING, ...) are what the turn reads: V8 folds an unexported const.
const SQ = 0, FACING = 2, HEARTS = 4, DEALT = 6, TURN = 8, END = 9, WINNER = 10, LIMIT = 11;
export const K_SQ = SQ; // square, rank * K_SIDE + file (a1 = 0)
export const K_FACING = FACING; // 0..3 = N E S W
export const K_HEARTS = HEARTS; // 0 once dead (wreckage)
export const K_DEALT = DEALT; // damage dealt so far (as the engine's State.dealt)
export const K_TURN = TURN; // turns completed
export const K_END = END; // END_* of nhm/state.ts: 0 running, 1 kill, 2 mutual destruction, 3 turn limit
export const K_WINNER = WINNER; // seat, -1 while running, -2 draw
export const K_LIMIT = LIMIT; // turn limit
export const KSTATE_SIZE = 12;

const END_NONE = 0, END_KILL = 1, END_MUTUAL = 2, END_TURN_LIMIT = 3;
const NO_WINNER = -1, DRAW = -2;
const HEARTS_MAX = 5;
export const MAX_HEARTS = HEARTS_MAX;

/** The starting facts of a kernel match; defaults are the Robo Battle Pigs starts. */
export interface KernelSetup {
  /** Squares of A and B; default d8 and e1. */
  readonly sq?: readonly [number, number];
  /** Facings of A and B; default S and N. */
  readonly facing?: readonly [number, number];
  /** Hearts of A and B (1..5); default 5 each. */
  readonly hearts?: readonly [number, number];
  readonly turnLimit?: number;
}

/** Makes a kernel state at the start of a match. */
export function newKState(setup: KernelSetup = {}): Int32Array {
  const st = new Int32Array(KSTATE_SIZE);
  resetKState(st, setup);
  return st;
}

/** Puts `st` back at the start of a match, without allocating. */
export function resetKState(st: Int32Array, setup: KernelSetup = {}): void {
  st[K_SQ] = setup.sq?.[0] ?? 59; // d8
  st[K_SQ + 1] = setup.sq?.[1] ?? 4; // e1
  st[K_FACING] = setup.facing?.[0] ?? 2;
  st[K_FACING + 1] = setup.facing?.[1] ?? 0;
  st[K_HEARTS] = setup.hearts?.[0] ?? MAX_HEARTS;
  st[K_HEARTS + 1] = setup.hearts?.[1] ?? MAX_HEARTS;
  st[K_DEALT] = st[K_DEALT + 1] = 0;
  st[K_TURN] = 0;
  st[K_END] = END_NONE;
  st[K_WINNER] = NO_WINNER;
  st[K_LIMIT] = setup.turnLimit ?? 100;
}

/** Copies `src` into `dst` (the simulation API's "copy state"). */
export function copyKState(src: Int32Array, dst: Int32Array): void {
  for (let i = 0; i < KSTATE_SIZE; i++) dst[i] = src[i];
}

/** Packs PROGRAM_LENGTH (five) kernel codes into a program. */
export function packProgram(codes: ArrayLike<number>, offset = 0): number {
  let p = 0;
  for (let k = 0; k < PROGRAM_LENGTH; k++) p |= codes[offset + k] << (SLOT_BITS * k);
  return p;
}

/** The kernel code in slot k (0..PROGRAM_LENGTH-1) of a packed program. */
export const programSlot = (program: number, k: number): number => (program >> (SLOT_BITS * k)) & 15;

/** A packed program in Robo Battle Pigs notation, e.g. `^ X F TL H`. */
export function formatKProgram(program: number): string {
  const out: string[] = [];
  for (let k = 0; k < PROGRAM_LENGTH; k++) out.push(K_NAMES[programSlot(program, k)] ?? '?');
  return out.join(' ');
}

/** Whether a packed program repairs: every slot R or X and at least one R (the engine's isRepairProgram). */
export function isRepairK(p: number): boolean {
  // Codes are 0..9: a slot is 8 (X) or 9 (R) exactly when bit 3 is set and bits 1-2 are clear.
  return (p & 0x88888) === 0x88888 && (p & 0x66666) === 0 && (p & 0x11111) !== 0;
}

// Tables: built once at module load from the board geometry. Every code
// 0..15 has a row (codes above 9 act as X), so a step reads its tables with
// no branch on the command; branches the CPU cannot predict cost more here
// than the look-ups (docs/performance.md).

/**
 * A machine's square and facing make its pose, `(facing << 6) | square`
 * (0..255). NEXT[(c << 8) | pose] is the pose code c leads to: a move's
 * destination (the machine's own square when off the board), or the facing
 * after a turn; any other command keeps the pose.
 */
const NEXT = new Uint8Array(16 * 4 * 64);
/**
 * Weapon row of each code: 0 none, 1 Bazooka (F), 2 Hammer-Fist (H). Sized
 * past 64 bytes so that V8 keeps it off its heap, where its address is a
 * constant of the optimised code (a smaller typed array can move).
 */
const WEAPON = new Uint8Array(256);
/**
 * Squares a weapon row damages from each pose: a 64-bit set as two 32-bit
 * halves at [((row << 8) | pose) * 2 + half]; row 0 is empty.
 */
const ATTACK = new Int32Array(3 * 4 * 64 * 2);

/** (dfile, drank) of one step forward for each facing N E S W. */
const FWD = [
  [0, 1],
  [1, 0],
  [0, -1],
  [-1, 0],
] as const;

(() => {
  const at = (f: number, r: number): number => (f < 0 || r < 0 || f >= K_SIDE || r >= K_SIDE ? -1 : r * K_SIDE + f);
  WEAPON[K_FIRE] = 1;
  WEAPON[K_HIT] = 2;
  // (right, forward) of `^ v \ /`.
  const moves = [
    [0, 1],
    [0, -1],
    [-1, 1],
    [1, 1],
  ];
  for (let f = 0; f < 4; f++) {
    const [fx, fy] = FWD[f];
    const [rx, ry] = FWD[(f + 1) & 3]; // the machine's right
    for (let s = 0; s < K_SQUARES; s++) {
      const x = s % K_SIDE, y = Math.floor(s / K_SIDE);
      for (let c = 0; c < 16; c++) {
        let to = s, facing = f;
        if (c < 4) {
          const [r, fw] = moves[c];
          const t = at(x + r * rx + fw * fx, y + r * ry + fw * fy);
          if (t >= 0) to = t;
        } else if (c === K_TL) facing = (f + 3) & 3;
        else if (c === K_TR) facing = (f + 1) & 3;
        NEXT[(c << 8) | (f << 6) | s] = (facing << 6) | to;
      }
      const add = (row: number, t: number): void => {
        if (t >= 0) ATTACK[(((row << 8) | (f << 6) | s) << 1) + (t >> 5)] |= 1 << (t & 31);
      };
      // Bazooka: every square straight ahead to the edge.
      for (let k = 1; k < K_SIDE; k++) add(1, at(x + k * fx, y + k * fy));
      // Hammer-Fist: front-left, front, front-right.
      for (const r of [-1, 0, 1]) add(2, at(x + r * rx + fx, y + r * ry + fy));
    }
  }
})();

/** The squares weapon w (0 Bazooka, 1 Hammer-Fist) of a machine on `sq` facing `facing` damages, ascending (for bridge.ts's checks). */
export function attackSquares(w: number, facing: number, sq: number): number[] {
  const out: number[] = [];
  for (let t = 0; t < K_SQUARES; t++) if ((ATTACK[((((w + 1) << 8) | (facing << 6) | sq) << 1) + (t >> 5)] >>> (t & 31)) & 1) out.push(t);
  return out;
}

/** The destination of move code c (K_FWD..K_FR) from `sq` facing `facing`, -1 off the board (for bridge.ts's checks). */
export function moveSquare(c: number, facing: number, sq: number): number {
  const to = NEXT[(c << 8) | (facing << 6) | sq] & 63;
  return to === sq ? -1 : to;
}

/**
 * Plays one turn of the packed programs `pa` (seat A) and `pb` (seat B):
 * five steps of moves under the collision rules, fire, damage with the
 * repair absorb rule, the game ending at once at a death; then repair, the
 * turn count and the turn limit. Returns the number of steps played (0 when
 * the game was already over). Programs are taken as legal (the arena checks).
 *
 * The five steps are written out, each the same block but for the slot's
 * shift (0, 4, 8, 12, 16): as a loop the turn took 8% longer, its shift by a
 * variable and its counter costing more than the step's look-ups.
 */
export function playTurnK(st: Int32Array, pa: number, pb: number): number {
  if (st[END] !== END_NONE) return 0;
  // Poses, (facing << 6) | square: one number per pig is all a step reads and writes.
  let qa = (st[FACING] << 6) | st[SQ], qb = (st[FACING + 1] << 6) | st[SQ + 1];
  let ha = st[HEARTS], hb = st[HEARTS + 1];
  // Repairing and not yet hit: the repair (worth 1) can still absorb a point.
  let ra = isRepairK(pa) ? 1 : 0, rb = isRepairK(pb) ? 1 : 0;
  // Each step: phase 1, turns and step moves. With two machines the collision
  // rules of RULES.md section 3 come to one test, where a pig that stays (not
  // moving, or moving off the board) "moves" onto its own square: two onto
  // one square (which covers moving onto a pig that stays), or through each
  // other, and both stay (keeping any turn); otherwise both complete. Phase
  // 4, fire from the poses after the moves (row 0 of ATTACK is empty); phase
  // 5, damage at once, a repairing pig absorbing its first point, and the
  // game over at a death.
  let ca = pa & 15, cb = pb & 15;
  let na = NEXT[(ca << 8) | qa], nb = NEXT[(cb << 8) | qb];
  if ((na & 63) !== (nb & 63) && ((na & 63) !== (qb & 63) || (nb & 63) !== (qa & 63))) (qa = na), (qb = nb);
  else (qa = (na & 0xc0) | (qa & 63)), (qb = (nb & 0xc0) | (qb & 63));
  let hitB = (ATTACK[(((WEAPON[ca] << 8) | qa) << 1) + ((qb & 63) >> 5)] >>> (qb & 31)) & 1;
  let hitA = (ATTACK[(((WEAPON[cb] << 8) | qb) << 1) + ((qa & 63) >> 5)] >>> (qa & 31)) & 1;
  if ((hitA | hitB) !== 0) {
    if (hitB) { st[DEALT]++; if (rb) rb = 0; else hb--; }
    if (hitA) { st[DEALT + 1]++; if (ra) ra = 0; else ha--; }
    if (ha <= 0 || hb <= 0) return endTurnK(st, qa, qb, ha, hb, 1);
  }
  ca = (pa >> 4) & 15, cb = (pb >> 4) & 15;
  na = NEXT[(ca << 8) | qa], nb = NEXT[(cb << 8) | qb];
  if ((na & 63) !== (nb & 63) && ((na & 63) !== (qb & 63) || (nb & 63) !== (qa & 63))) (qa = na), (qb = nb);
  else (qa = (na & 0xc0) | (qa & 63)), (qb = (nb & 0xc0) | (qb & 63));
  hitB = (ATTACK[(((WEAPON[ca] << 8) | qa) << 1) + ((qb & 63) >> 5)] >>> (qb & 31)) & 1;
  hitA = (ATTACK[(((WEAPON[cb] << 8) | qb) << 1) + ((qa & 63) >> 5)] >>> (qa & 31)) & 1;
  if ((hitA | hitB) !== 0) {
    if (hitB) { st[DEALT]++; if (rb) rb = 0; else hb--; }
    if (hitA) { st[DEALT + 1]++; if (ra) ra = 0; else ha--; }
    if (ha <= 0 || hb <= 0) return endTurnK(st, qa, qb, ha, hb, 2);
  }
  ca = (pa >> 8) & 15, cb = (pb >> 8) & 15;
  na = NEXT[(ca << 8) | qa], nb = NEXT[(cb << 8) | qb];
  if ((na & 63) !== (nb & 63) && ((na & 63) !== (qb & 63) || (nb & 63) !== (qa & 63))) (qa = na), (qb = nb);
  else (qa = (na & 0xc0) | (qa & 63)), (qb = (nb & 0xc0) | (qb & 63));
  hitB = (ATTACK[(((WEAPON[ca] << 8) | qa) << 1) + ((qb & 63) >> 5)] >>> (qb & 31)) & 1;
  hitA = (ATTACK[(((WEAPON[cb] << 8) | qb) << 1) + ((qa & 63) >> 5)] >>> (qa & 31)) & 1;
  if ((hitA | hitB) !== 0) {
    if (hitB) { st[DEALT]++; if (rb) rb = 0; else hb--; }
    if (hitA) { st[DEALT + 1]++; if (ra) ra = 0; else ha--; }
    if (ha <= 0 || hb <= 0) return endTurnK(st, qa, qb, ha, hb, 3);
  }
  ca = (pa >> 12) & 15, cb = (pb >> 12) & 15;
  na = NEXT[(ca << 8) | qa], nb = NEXT[(cb << 8) | qb];
  if ((na & 63) !== (nb & 63) && ((na & 63) !== (qb & 63) || (nb & 63) !== (qa & 63))) (qa = na), (qb = nb);
  else (qa = (na & 0xc0) | (qa & 63)), (qb = (nb & 0xc0) | (qb & 63));
  hitB = (ATTACK[(((WEAPON[ca] << 8) | qa) << 1) + ((qb & 63) >> 5)] >>> (qb & 31)) & 1;
  hitA = (ATTACK[(((WEAPON[cb] << 8) | qb) << 1) + ((qa & 63) >> 5)] >>> (qa & 31)) & 1;
  if ((hitA | hitB) !== 0) {
    if (hitB) { st[DEALT]++; if (rb) rb = 0; else hb--; }
    if (hitA) { st[DEALT + 1]++; if (ra) ra = 0; else ha--; }
    if (ha <= 0 || hb <= 0) return endTurnK(st, qa, qb, ha, hb, 4);
  }
  ca = (pa >> 16) & 15, cb = (pb >> 16) & 15;
  na = NEXT[(ca << 8) | qa], nb = NEXT[(cb << 8) | qb];
  if ((na & 63) !== (nb & 63) && ((na & 63) !== (qb & 63) || (nb & 63) !== (qa & 63))) (qa = na), (qb = nb);
  else (qa = (na & 0xc0) | (qa & 63)), (qb = (nb & 0xc0) | (qb & 63));
  hitB = (ATTACK[(((WEAPON[ca] << 8) | qa) << 1) + ((qb & 63) >> 5)] >>> (qb & 31)) & 1;
  hitA = (ATTACK[(((WEAPON[cb] << 8) | qb) << 1) + ((qa & 63) >> 5)] >>> (qa & 31)) & 1;
  if ((hitA | hitB) !== 0) {
    if (hitB) { st[DEALT]++; if (rb) rb = 0; else hb--; }
    if (hitA) { st[DEALT + 1]++; if (ra) ra = 0; else ha--; }
    if (ha <= 0 || hb <= 0) return endTurnK(st, qa, qb, ha, hb, 5);
  }
  // Repair: regain 1 minus what was absorbed, never above the starting hearts.
  if (ra && ha < HEARTS_MAX) ha++;
  if (rb && hb < HEARTS_MAX) hb++;
  st[SQ] = qa & 63;
  st[SQ + 1] = qb & 63;
  st[FACING] = qa >> 6;
  st[FACING + 1] = qb >> 6;
  st[HEARTS] = ha;
  st[HEARTS + 1] = hb;
  if (++st[TURN] >= st[LIMIT]) (st[END] = END_TURN_LIMIT), (st[WINNER] = DRAW);
  return PROGRAM_LENGTH;
}

/** The end of a turn at a death in step `steps`: no repair, the winner the survivor (a draw when both died). */
function endTurnK(st: Int32Array, qa: number, qb: number, ha: number, hb: number, steps: number): number {
  if (ha <= 0 && hb <= 0) (st[END] = END_MUTUAL), (st[WINNER] = DRAW), (ha = hb = 0);
  else if (ha <= 0) (st[END] = END_KILL), (st[WINNER] = 1), (ha = 0);
  else (st[END] = END_KILL), (st[WINNER] = 0), (hb = 0);
  st[SQ] = qa & 63;
  st[SQ + 1] = qb & 63;
  st[FACING] = qa >> 6;
  st[FACING + 1] = qb >> 6;
  st[HEARTS] = ha;
  st[HEARTS + 1] = hb;
  st[TURN]++;
  return steps;
}

/**
 * A native bot: this turn's packed program for `seat` in state `st`, drawing
 * from its own generator state `rng` (an alea state, see alea.ts). It must
 * write a legal program (at least one X per missing heart, or R R R R R).
 */
export type NativePolicy = (st: Int32Array, seat: number, rng: Float64Array) => number;

/** Plays turns until the game ends, each seat's program from its native policy. Returns the state's END_*. */
export function playMatchK(st: Int32Array, policyA: NativePolicy, policyB: NativePolicy, rngA: Float64Array, rngB: Float64Array): number {
  while (st[END] === END_NONE) playTurnK(st, policyA(st, 0, rngA), policyB(st, 1, rngB));
  return st[END];
}

/**
 * Plays a match from the default starts (or `setup`): each seat's generator
 * is seeded with its own seed `seats[seat]` (core/seatKey.ts's seat seeds:
 * the stream the arena gives that seat's bot), so the result is the arena's
 * for the same bots. `rngs` is scratch for the two generator states (2 * ALEA_SIZE doubles).
 */
export function playSeededMatchK(
  st: Int32Array, seats: readonly string[], policyA: NativePolicy, policyB: NativePolicy, rngs: readonly [Float64Array, Float64Array], setup?: KernelSetup,
): number {
  resetKState(st, setup);
  aleaSeed(rngs[0], seats[0]);
  aleaSeed(rngs[1], seats[1]);
  return playMatchK(st, policyA, policyB, rngs[0], rngs[1]);
}

/** Two generator states for playSeededMatchK. */
export const newRngPair = (): [Float64Array, Float64Array] => [new Float64Array(ALEA_SIZE), new Float64Array(ALEA_SIZE)];

const runRngs = Array.from({ length: 16 }, () => new Float64Array(ALEA_SIZE));
const [firstRngs, lastRngs] = [runRngs.slice(0, 8), runRngs.slice(8)];

/**
 * Plays the matches `from` .. `from + n - 1` of the run `runSeed` (match i's
 * seed `matchSeed(runSeed, i)`, each seat seeded `seatSeed(match, seat)`: the
 * streams before seat keys, kept for the bench's and C reference's figures; the arena's are
 * keyed, core/seatKey.ts) from the default
 * starts, calling `each(st, i)` after each. Eight matches' streams are seeded
 * at once (alea.ts aleaSeedRunMatches8): a sixth of a match's time less.
 */
export function playRunMatchesK(
  st: Int32Array, runSeed: string | number, from: number, n: number, policyA: NativePolicy, policyB: NativePolicy, each: (st: Int32Array, id: number) => void,
): void {
  let i = from;
  for (const end = from + n; i < end; i++) {
    const lane = (i - from) & 7;
    if (lane === 0) {
      if (end - i < 8) break;
      aleaSeedRunMatches8(firstRngs, lastRngs, runSeed, i);
    }
    resetKState(st);
    playMatchK(st, policyA, policyB, runRngs[2 * lane], runRngs[2 * lane + 1]);
    each(st, i);
  }
  for (const end = from + n; i < end; i++) {
    resetKState(st);
    aleaSeedRunMatch(runRngs, runSeed, i);
    playMatchK(st, policyA, policyB, runRngs[0], runRngs[1]);
    each(st, i);
  }
}
