/**
 * Between the general engine and the two-pig kernel (kernel.ts): whether a
 * Game is one the kernel plays exactly, the mapping of command codes both
 * ways, and copying states across. The arena asks `kernelBridge(game)`; with
 * a bridge it may play the match in the kernel (see docs/performance.md),
 * without one it keeps the general engine.
 */
import { CMD_BACK, CMD_FL, CMD_FR, CMD_FWD, CMD_R, CMD_TL, CMD_TR, CMD_X, cmdOption, cmdPart } from '../nhm/commands.js';
import * as commands from '../nhm/commands.js';
import type { Game } from '../nhm/game.js';
import { END_REASONS, type State } from '../nhm/state.js';
import {
  attackSquares, K_CODES, K_DEALT, K_END, K_FACING, K_FIRE, K_FWD, K_HEARTS, K_LIMIT, K_SIDE, K_SLOT_BITS, K_SQ, K_SQUARES, K_TURN,
  K_WINNER, isRepairK, MAX_HEARTS, moveSquare, playTurnK, type KernelSetup,
} from './kernel.js';

// Module-local copies for unpackGameProgram, which runs in simulation loops:
// V8 folds a module's own unexported `const`s into optimised code, but loads
// an imported binding from its cell at every use.
const PROGRAM_LENGTH = commands.PROGRAM_LENGTH, SLOT_BITS = K_SLOT_BITS;

/** How one Game's command codes map to kernel codes. */
export interface KernelBridge {
  /** The game's command code of each kernel code (index 0..9). */
  readonly toGame: Int32Array;
  /** The kernel code of each of the game's command codes, -1 for one the kernel lacks. */
  readonly toKernel: Int8Array;
}

/**
 * The bridge for `game`, or null when the kernel does not play it exactly:
 * it needs two machines on 8x8, Robo Battle Pigs repair (`R R R R R`, worth
 * 1), both with exactly the pig's commands, a Bazooka and a Hammer-Fist whose
 * catalogue patterns are the kernel's, no armour, shields, CPU, Rhino-Horn or
 * telefrag, 5 hearts at most and both alive at the start.
 */
export function kernelBridge(game: Game): KernelBridge | null {
  if (game.n !== 2 || game.board.width !== K_SIDE || game.board.height !== K_SIDE || !game.repairAllSlots) return null;
  for (let m = 0; m < 2; m++) {
    if (game.armour[m] || game.maxShields[m] || game.startShields[m] || game.bonkDamage[m] || game.telefrag[m]) return null;
    if (game.repairAmount[m] !== 1 || game.heartsPerX[m] !== 1 || game.maxHearts[m] !== MAX_HEARTS) return null;
    if (game.startHearts[m] < 1 || game.startHearts[m] > MAX_HEARTS) return null;
  }
  const toGame = new Int32Array(K_CODES);
  [CMD_FWD, CMD_BACK, CMD_FL, CMD_FR, CMD_TL, CMD_TR, -1, -1, CMD_X, CMD_R].forEach((c, k) => (toGame[k] = c));
  const weapons = game.weaponCmds[0];
  if (weapons.length !== 2 || game.weaponCmds[1].length !== 2) return null;
  for (const c of weapons) {
    const w = whichWeapon(game, c);
    if (w < 0 || toGame[K_FIRE + w] !== -1) return null;
    toGame[K_FIRE + w] = c;
  }
  const want = Array.from(toGame).sort((a, b) => a - b).join();
  for (let m = 0; m < 2; m++) if (Array.from(game.commands[m]).join() !== want) return null;
  // The moves are the kernel's (they are, on 8x8; checked so a change in tables.ts cannot slip by).
  const size = K_SQUARES, t = game.tables.moveTo;
  for (let k = K_FWD; k < K_FWD + 4; k++)
    for (let f = 0; f < 4; f++)
      for (let s = 0; s < size; s++) if (t[(toGame[k] - CMD_FWD) * 4 * size + f * size + s] !== moveSquare(k, f, s)) return null;
  const toKernel = new Int8Array(game.cmdCount).fill(-1);
  toGame.forEach((c, k) => (toKernel[c] = k));
  return { toGame, toKernel };
}

/** 0 when weapon command c is the kernel's Bazooka, 1 its Hammer-Fist, -1 neither. */
function whichWeapon(game: Game, c: number): number {
  const part = game.catalogue.parts[cmdPart(c)];
  const w = part.weapon;
  if (!w || w.kind !== 'pattern' || w.push || w.bonkDamage || w.options.length !== 1) return -1;
  const t = game.tables.weapons[part.index]![cmdOption(c)];
  if (t.beamOrigin.length) return -1;
  for (let k = 0; k < 2; k++) {
    let same = true;
    for (let f = 0; f < 4 && same; f++)
      for (let s = 0; s < K_SQUARES && same; s++) {
        const i = f * K_SQUARES + s, cells: number[] = [];
        for (let j = t.cellStart[i]; j < t.cellStart[i + 1]; j++) {
          if (t.cellDmg[j] !== 1 || t.cellFlags[j] !== 0) same = false;
          cells.push(t.cellSq[j]);
        }
        same &&= cells.sort((a, b) => a - b).join() === attackSquares(k, f, s).join();
      }
    if (same) return k;
  }
  return -1;
}

/** The kernel setup of a game's starts (with a bridge). */
export function kernelSetupOf(game: Game): KernelSetup {
  return {
    sq: [game.startSq[0], game.startSq[1]],
    facing: [game.startFacing[0], game.startFacing[1]],
    hearts: [game.startHearts[0], game.startHearts[1]],
    turnLimit: game.turnLimit,
  };
}

/** Packs PROGRAM_LENGTH of the game's command codes (from `offset`) into a kernel program, or -1 if one has no kernel code. */
export function packGameProgram(b: KernelBridge, codes: ArrayLike<number>, offset = 0): number {
  let p = 0;
  for (let k = 0; k < PROGRAM_LENGTH; k++) {
    const c = codes[offset + k];
    const kc = c >= 0 && c < b.toKernel.length ? b.toKernel[c] : -1;
    if (kc < 0) return -1;
    p |= kc << (SLOT_BITS * k);
  }
  return p;
}

/** Writes a kernel program as PROGRAM_LENGTH of the game's command codes into `out` from `offset`. */
export function unpackGameProgram(b: KernelBridge, program: number, out: number[] | Uint16Array | Int32Array, offset = 0): void {
  for (let k = 0; k < PROGRAM_LENGTH; k++) out[offset + k] = b.toGame[(program >> (SLOT_BITS * k)) & 15];
}

/** Copies an engine state of a bridged game into a kernel state. */
export function toKState(st: State, k: Int32Array): void {
  for (let m = 0; m < 2; m++) {
    k[K_SQ + m] = st.sq[m];
    k[K_FACING + m] = st.facing[m];
    k[K_HEARTS + m] = st.alive[m] ? st.hearts[m] : 0;
    k[K_DEALT + m] = st.dealt[m];
  }
  k[K_TURN] = st.turn;
  k[K_END] = st.end;
  k[K_WINNER] = st.winner;
  k[K_LIMIT] = st.game.turnLimit;
}

/** Copies a kernel state into an engine state of a bridged game (positions, facings, hearts, alive, board, result, dealt). */
export function fromKState(k: Int32Array, st: State): void {
  // The board holds the two pigs and nothing else: clearing their old squares clears it (a fill of all 64 costs more).
  const occ = st.occ;
  for (let m = 0; m < 2; m++) if (occ[st.sq[m]] === m) occ[st.sq[m]] = -1;
  for (let m = 0; m < 2; m++) {
    st.sq[m] = k[K_SQ + m];
    st.facing[m] = k[K_FACING + m];
    st.hearts[m] = k[K_HEARTS + m];
    st.alive[m] = k[K_HEARTS + m] > 0 ? 1 : 0;
    st.dealt[m] = k[K_DEALT + m];
    occ[st.sq[m]] = m;
  }
  st.turn = k[K_TURN];
  st.end = k[K_END];
  st.winner = k[K_WINNER];
}

/**
 * Plays a running bridged state's turn of the programs in `st.prog` in the kernel, leaving `st` as the
 * step engine's playTurn would, through `k` (a kernel state used as scratch); false, untouched, when a
 * code is none of the pig's. The turn's working fields are the engine's too: who repairs, and the point a
 * repair absorbed (a repairing pig's first hit, so any hit).
 */
export function playBridgedTurn(b: KernelBridge, st: State, k: Int32Array): boolean {
  const pa = packGameProgram(b, st.prog, 0), pb = packGameProgram(b, st.prog, PROGRAM_LENGTH);
  if (pa < 0 || pb < 0) return false;
  toKState(st, k);
  const hitA = k[K_DEALT + 1], hitB = k[K_DEALT];
  playTurnK(k, pa, pb);
  fromKState(k, st);
  const ra = isRepairK(pa) ? 1 : 0, rb = isRepairK(pb) ? 1 : 0;
  st.repairing[0] = ra;
  st.repairing[1] = rb;
  st.absorbed[0] = ra && k[K_DEALT + 1] > hitA ? 1 : 0;
  st.absorbed[1] = rb && k[K_DEALT] > hitB ? 1 : 0;
  return true;
}

/** A finished kernel match as the arena records it: winning seat or null, the end reason, turns, damage dealt. */
export function kernelResult(k: Int32Array): { winner: number | null; reason: string; turns: number; dealt: number[] } {
  return { winner: k[K_WINNER] >= 0 ? k[K_WINNER] : null, reason: END_REASONS[k[K_END]], turns: k[K_TURN], dealt: [k[K_DEALT], k[K_DEALT + 1]] };
}
