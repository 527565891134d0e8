/**
 * The step engine: one command step of every machine at once, in the six
 * phases of RULES.md section 2, on the typed arrays of a State. Nothing here
 * allocates; per-step working memory lives in the state's Scratch.
 */
import { cmdPart, isMove } from './commands.js';
import * as commands from './commands.js';
import { resolveMoves, telefrags } from './collide.js';
import * as fire from './fire.js';
import { fireWeapon, layShields } from './fire.js';
import { isWeaponOf, kill, moveTarget, rollSquare, targetCell } from './lookups.js';
import * as scratch from './scratch.js';
import { type Scratch, scratchOf } from './scratch.js';
import * as game from './game.js';
import * as state from './state.js';
import type { State } from './state.js';
import * as trace from './trace.js';
import type { Tracer } from './trace.js';

// Module-local copies of imported constants for the hot loops: V8 folds a
// module's own unexported `const`s into optimised code, but loads an imported
// (or exported) binding from its cell at every use.
const PROGRAM_LENGTH = commands.PROGRAM_LENGTH;
const CMD_X = commands.CMD_X, CMD_R = commands.CMD_R, CMD_TL = commands.CMD_TL, CMD_TR = commands.CMD_TR, CMD_SPIN = commands.CMD_SPIN;
const CMD_FWD = commands.CMD_FWD, CMD_TEL = commands.CMD_TEL, CMD_DODGE = commands.CMD_DODGE, CMD_TARGET = commands.CMD_TARGET;
const CMD_WEAPON = commands.CMD_WEAPON;
const FIRE_HOT = fire.FIRE_HOT, FIRE_REAL = fire.FIRE_REAL;
const MAX_MACHINES = game.MAX_MACHINES, WK_JUMP = game.WK_JUMP, WK_SHIELD = game.WK_SHIELD;
const DRAW = state.DRAW, END_KILL = state.END_KILL, END_MUTUAL = state.END_MUTUAL, END_NONE = state.END_NONE, END_TURN_LIMIT = state.END_TURN_LIMIT;
const PHASE_CHOICE = trace.PHASE_CHOICE, PHASE_EXTRA = trace.PHASE_EXTRA, PHASE_MOVE = trace.PHASE_MOVE;
const TGT_NONE = scratch.TGT_NONE, TGT_OFF_BOARD = scratch.TGT_OFF_BOARD, EXTRA_CANCELLED = scratch.EXTRA_CANCELLED;
const telefragTarget = scratch.telefragTarget;

/** Answers to run-time commands (Dodge, Auto-Target); see `defaultChooser`. */
export interface Chooser {
  /** Machine m wrote `A`: a weapon command it fires this step, or CMD_X to hold fire. */
  autoTarget(st: State, m: number): number;
  /** Machine m wrote `D` and stands on a hot square (`hot` per square): a move command, or CMD_X to stay. */
  dodge(st: State, m: number, hot: Uint8Array): number;
}

/** Plays one turn: sets the programs (PROGRAM_LENGTH codes per machine), runs a step per slot, then repair. */
export function playTurn(st: State, programs: ArrayLike<number> | null, chooser: Chooser, tr: Tracer | null = null): void {
  if (st.end !== END_NONE) return;
  const g = st.game;
  if (programs) st.prog.set(programs);
  for (let m = 0; m < g.n; m++) {
    st.repairing[m] = st.alive[m] && isRepairProgram(st.prog, m) ? 1 : 0;
    st.absorbed[m] = 0;
  }
  const S = scratchOf(st);
  for (let k = 0; k < PROGRAM_LENGTH && st.end === END_NONE; k++) playStep(st, S, k, chooser, tr);
  st.turn++;
  if (st.end === END_NONE && st.turn >= g.turnLimit) {
    st.end = END_TURN_LIMIT;
    st.winner = DRAW;
  }
}

/** A repair program: every slot R or X, and at least one R. */
export function isRepairProgram(prog: ArrayLike<number>, m: number): boolean {
  let r = 0;
  for (let k = 0; k < PROGRAM_LENGTH; k++) {
    const c = prog[m * PROGRAM_LENGTH + k];
    if (c === CMD_R) r++;
    else if (c !== CMD_X) return false;
  }
  return r > 0;
}

/** Plays step k (0..PROGRAM_LENGTH-1) of the current turn (S: the state's scratch). */
export function playStep(st: State, S: Scratch, k: number, chooser: Chooser, tr: Tracer | null): void {
  const g = st.game, n = g.n, cmd = S.cmd, tgt = S.tgt;
  let movers = 0, telefrag = 0, shields = 0, targets = 0, dodgers = 0, weapons = 0;
  for (let m = 0; m < n; m++) {
    const c = st.alive[m] ? st.prog[m * PROGRAM_LENGTH + k] : CMD_X;
    cmd[m] = c;
    S.pend[m] = 0;
    tgt[m] = TGT_NONE;
    S.jumpFrom[m] = -1;
    S.extraTgt[m] = TGT_NONE;
  }
  S.extras = 0;
  S.vacatedCount = 0;
  if (tr) tr.beginStep(st.turn + 1, k + 1, cmd);

  // Phase 1: moves, turns, teleports and leaps.
  for (let m = 0; m < n; m++) {
    const c = cmd[m];
    if (c >= CMD_WEAPON) {
      weapons++;
      const kind = g.weaponKind[cmdPart(c)];
      if (kind === WK_SHIELD) shields++;
      else if (kind === WK_JUMP && leap(st, S, m, c)) movers++;
    } else if (c === CMD_TL) st.facing[m] = (st.facing[m] + 3) & 3;
    else if (c === CMD_TR) st.facing[m] = (st.facing[m] + 1) & 3;
    else if (c === CMD_SPIN) st.facing[m] = (st.facing[m] + 2) & 3;
    else if (isMove(c)) {
      tgt[m] = moveTarget(st, m, c);
      movers++;
    } else if (c === CMD_TEL) {
      const to = rollSquare(st);
      if (tr) tr.teleport(m, to);
      if (g.telefrag[m]) (tgt[m] = telefragTarget(to)), telefrag++; // resolved first, in telefrags()
      else tgt[m] = to;
      movers++;
    } else if (c === CMD_TARGET) targets++;
    else if (c === CMD_DODGE) dodgers++;
  }
  if (telefrag > 0) {
    telefrags(st, S, tr);
    // A telefrag kills at once: the game may be over before anything else happens.
    if (checkEnd(st)) return endStep(st, S, k, tr);
  }
  if (movers > 0) resolveMoves(st, S, PHASE_MOVE, tr);

  // Phase 3: run-time choices. Auto-targets first, seeing every declared attack (shields included).
  if (shields > 0) layShields(st, S);
  if (targets > 0) {
    for (let m = 0; m < n; m++) {
      if (cmd[m] !== CMD_TARGET) continue;
      let c = chooser.autoTarget(st, m);
      if (c !== CMD_X && !isWeaponOf(st, m, c)) {
        st.faults[m]++;
        c = CMD_X;
      }
      cmd[m] = c;
      if (tr) tr.choice(m, 'target', c);
      if (c >= CMD_WEAPON) weapons++;
    }
    layShields(st, S);
  }
  if (dodgers > 0) dodge(st, S, chooser, tr);

  // Phase 4: fire.
  if (weapons > 0) {
    for (let m = 0; m < n; m++) {
      const c = cmd[m];
      if (c >= CMD_WEAPON && st.alive[m]) fireWeapon(st, S, m, c, FIRE_REAL, tr);
    }
  }

  // Phase 5: damage, all at once. Only a death ends the game (or, at a turn's first step, a state set up with one machine alive).
  if ((applyPending(st, S, tr) || k === 0) && checkEnd(st)) return endStep(st, S, k, tr);

  // Phase 6: pushes and pulls, when a weapon queued any.
  let extra = 0;
  if (S.extras > 0)
    for (let m = 0; m < n; m++) {
      tgt[m] = TGT_NONE;
      if (S.extraTgt[m] !== TGT_NONE && st.alive[m]) {
        tgt[m] = S.extraTgt[m] === EXTRA_CANCELLED ? TGT_NONE : S.extraTgt[m];
        extra++;
      }
    }
  if (extra > 0) {
    for (let m = 0; m < n; m++) S.pend[m] = 0;
    resolveMoves(st, S, PHASE_EXTRA, tr);
    if (applyPending(st, S, tr)) checkEnd(st);
  }
  endStep(st, S, k, tr);
}

/** Jump-Blade: with a living machine on the front square, aim the leap at the option's landing square. */
function leap(st: State, S: Scratch, m: number, c: number): boolean {
  const front = moveTarget(st, m, CMD_FWD);
  const o = front >= 0 ? st.occ[front] : -1;
  if (o < 0 || !st.alive[o]) return false;
  // The leapt-over square is hot in phase 4, traced from where the leap began.
  S.jumpFrom[m] = st.sq[m];
  S.jumpFacing[m] = st.facing[m];
  const to = targetCell(st, m, c);
  S.tgt[m] = to === -1 ? TGT_OFF_BOARD : to;
  return true;
}

function endStep(st: State, S: Scratch, k: number, tr: Tracer | null): void {
  if (k === PROGRAM_LENGTH - 1 && st.end === END_NONE) repair(st, tr);
  // A mine laid under a machine arms once its square is first empty at the end of a step: one the
  // step vacated. A tracer reports the arming in square order, from a scan of the board.
  if (st.minesUnarmed > 0 && !tr) armVacated(st, S);
  else if (st.minesUnarmed > 0) {
    // The search stops at the last unarmed mine.
    let left = st.minesUnarmed;
    for (let s = 0, size = st.game.size; s < size && left > 0; s++) {
      const unarmed = st.mineOwner[s] & ~st.mineArmed[s];
      if (unarmed === 0) continue;
      const count = popcount8(unarmed);
      left -= count;
      if (st.occ[s] === -1) {
        st.mineArmed[s] |= unarmed;
        st.minesUnarmed -= count;
        if (tr) for (let m = 0; m < MAX_MACHINES; m++) if (unarmed & (1 << m)) tr.mine(m, s, 'armed');
      }
    }
  }
  S.vacatedCount = 0;
  // Loops, not TypedArray fill: fill calls into the runtime, dearer than a loop over these lengths.
  if (S.shieldsLaid) {
    const shield = S.shield;
    for (let s = 0; s < shield.length; s++) shield[s] = 0;
    S.shieldsLaid = false;
  }
  if (tr) tr.endStep(st.turn + 1, k + 1);
}

/** Arms the unarmed mines on the squares this step vacated that are still empty (the scan's result, untraced). */
function armVacated(st: State, S: Scratch): void {
  for (let i = 0; i < S.vacatedCount; i++) {
    const s = S.vacated[i];
    if (st.occ[s] !== -1) continue;
    const unarmed = st.mineOwner[s] & ~st.mineArmed[s];
    if (unarmed === 0) continue;
    st.mineArmed[s] |= unarmed;
    st.minesUnarmed -= popcount8(unarmed);
  }
}

/** The end of the turn: repairing machines regain the repair amount minus what they absorbed, hearts first, then shields. */
function repair(st: State, tr: Tracer | null): void {
  const g = st.game;
  for (let m = 0; m < g.n; m++) {
    if (!st.repairing[m] || !st.alive[m]) continue;
    let gain = g.repairAmount[m] - st.absorbed[m];
    const h = Math.min(gain, g.maxHearts[m] - st.hearts[m]);
    st.hearts[m] += h;
    gain -= h;
    const s = Math.min(gain, g.maxShields[m] - st.shields[m]);
    st.shields[m] += s;
    if (tr) tr.repair(m, h, s);
  }
}

/** Ends the game when at most one machine lives. Returns whether it ended. */
function checkEnd(st: State): boolean {
  const n = st.game.n;
  if (n < 2) return false;
  let alive = 0, last = -1;
  for (let m = 0; m < n; m++) if (st.alive[m]) (alive++, (last = m));
  if (alive > 1) return false;
  st.end = alive === 1 ? END_KILL : END_MUTUAL;
  st.winner = alive === 1 ? last : DRAW;
  return true;
}

function dodge(st: State, S: Scratch, chooser: Chooser, tr: Tracer | null): void {
  const n = st.game.n;
  // The hot squares of every declared attack, from where everyone now stands.
  const hot = S.hot, tgt = S.tgt;
  for (let s = 0; s < hot.length; s++) hot[s] = 0;
  for (let m = 0; m < n; m++) if (S.cmd[m] >= CMD_WEAPON && st.alive[m]) fireWeapon(st, S, m, S.cmd[m], FIRE_HOT, null);
  for (let m = 0; m < n; m++) tgt[m] = TGT_NONE;
  let moving = 0;
  for (let m = 0; m < n; m++) {
    if (S.cmd[m] !== CMD_DODGE || !st.alive[m] || S.hot[st.sq[m]] === 0) continue;
    let c = chooser.dodge(st, m, S.hot);
    if (c !== CMD_X && !((isMove(c) || c === CMD_TEL) && st.game.isLegal(m, c))) {
      st.faults[m]++;
      c = CMD_X;
    }
    if (tr) tr.choice(m, 'dodge', c);
    if (c === CMD_X) continue;
    S.tgt[m] = c === CMD_TEL ? rollSquare(st) : moveTarget(st, m, c);
    moving++;
  }
  if (moving > 0) resolveMoves(st, S, PHASE_CHOICE, tr);
}

/** Phase 5: pending damage lands; repair absorbs first, then shields, then hearts. Returns whether a machine died. */
function applyPending(st: State, S: Scratch, tr: Tracer | null): boolean {
  const g = st.game;
  let died = false;
  for (let m = 0; m < g.n; m++) {
    let d = S.pend[m];
    if (d === 0 || !st.alive[m]) continue;
    if (st.repairing[m]) {
      const a = Math.min(d, g.repairAmount[m] - st.absorbed[m]);
      st.absorbed[m] += a;
      d -= a;
    }
    const s = Math.min(d, st.shields[m]);
    st.shields[m] -= s;
    d -= s;
    st.hearts[m] -= d;
    if (st.hearts[m] <= 0) kill(st, m, tr), (died = true);
  }
  return died;
}

function popcount8(x: number): number {
  let c = 0;
  for (; x; x &= x - 1) c++;
  return c;
}

