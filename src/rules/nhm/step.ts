/**
 * The step engine: one command step of every machine at once, in the six
 * phases of RULES.md section 2, on the typed arrays of a State. Nothing here
 * allocates; per-step working memory lives in the state's Scratch.
 */
import { sfc32Next } from '../../core/rng.js';
import {
  CMD_DODGE, CMD_FIRST_MOVE, CMD_FWD, CMD_R, CMD_SPIN, CMD_TARGET, CMD_TEL, CMD_TL, CMD_TR, CMD_WEAPON, CMD_X,
  cmdOption, cmdPart, isMove,
} from './commands.js';
import { ARMOUR_REFLECTO, ARMOUR_REFRACTO } from './game.js';
import { CELL_PULL, CELL_SHIELD, CELL_TARGET } from './parts.js';
import { DRAW, END_KILL, END_MUTUAL, END_NONE, END_TURN_LIMIT, type State } from './state.js';
import { BEAM_BRANCHING, BEAM_FULL_HEARTS, BEAM_PENETRATE, type OptionTable } from './tables.js';
import { PHASE_CHOICE, PHASE_EXTRA, PHASE_MOVE, SRC_MINE, SRC_RHINO, SRC_WEAPON, SRC_TELEFRAG, type Tracer } from './trace.js';
import { Scratch, scratchOf } from './scratch.js';

/** Answers to run-time commands (Dodge, Auto-Target); see `defaultChooser`. */
export interface Chooser {
  /** Machine m wrote `A`: a weapon command it fires this step, or CMD_X to hold fire. */
  autoTarget(st: State, m: number): number;
  /** Machine m wrote `D` and stands on a hot square (`hot` per square): a move command, or CMD_X to stay. */
  dodge(st: State, m: number, hot: Uint8Array): number;
}

/** Plays one turn: sets the programs (five codes per machine), runs five steps, then repair. */
export function playTurn(st: State, programs: ArrayLike<number> | null, chooser: Chooser, tr: Tracer | null = null): void {
  if (st.end !== END_NONE) return;
  const g = st.game;
  if (programs) st.prog.set(programs);
  for (let m = 0; m < g.n; m++) {
    st.repairing[m] = st.alive[m] && isRepairProgram(st.prog, m) ? 1 : 0;
    st.absorbed[m] = 0;
  }
  for (let k = 0; k < 5 && st.end === END_NONE; k++) playStep(st, k, chooser, tr);
  st.turn++;
  if (st.end === END_NONE && st.turn >= g.turnLimit) {
    st.end = END_TURN_LIMIT;
    st.winner = DRAW;
  }
}

/** A repair program: every slot R or X, and at least one R. */
export function isRepairProgram(prog: ArrayLike<number>, m: number): boolean {
  let r = 0;
  for (let k = 0; k < 5; k++) {
    const c = prog[m * 5 + k];
    if (c === CMD_R) r++;
    else if (c !== CMD_X) return false;
  }
  return r > 0;
}

/** Plays step k (0..4) of the current turn. */
export function playStep(st: State, k: number, chooser: Chooser, tr: Tracer | null): void {
  const g = st.game, n = g.n, S = scratchOf(st);
  const cmd = S.cmd;
  for (let m = 0; m < n; m++) cmd[m] = st.alive[m] ? st.prog[m * 5 + k] : CMD_X;
  if (tr) tr.beginStep(st.turn + 1, k + 1, cmd);
  S.pend.fill(0);

  // Phase 1: moves, turns, teleports and leaps.
  S.tgt.fill(-1);
  S.jumpFrom.fill(-1);
  let movers = 0;
  for (let m = 0; m < n; m++) {
    const c = cmd[m];
    if (c < CMD_WEAPON) {
      if (c === CMD_TL) st.facing[m] = (st.facing[m] + 3) & 3;
      else if (c === CMD_TR) st.facing[m] = (st.facing[m] + 1) & 3;
      else if (c === CMD_SPIN) st.facing[m] = (st.facing[m] + 2) & 3;
      else if (isMove(c)) {
        S.tgt[m] = moveTarget(st, m, c);
        movers++;
      } else if (c === CMD_TEL) {
        const to = rollSquare(st);
        if (tr) tr.teleport(m, to);
        if (g.telefrag[m]) S.tgt[m] = -3 - to; // marked: resolved first, below
        else S.tgt[m] = to;
        movers++;
      }
    } else if (g.catalogue.parts[cmdPart(c)].weapon!.kind === 'jump') {
      const front = moveTarget(st, m, CMD_FWD);
      const o = front >= 0 ? st.occ[front] : -1;
      if (o >= 0 && st.alive[o]) {
        // Opportunity: leap to the option's landing square; the leapt-over square is hot in phase 4.
        S.jumpFrom[m] = st.sq[m];
        S.jumpFacing[m] = st.facing[m];
        S.tgt[m] = targetCell(st, m, c);
        if (S.tgt[m] === -1) S.tgt[m] = -2;
        movers++;
      }
    }
  }
  if (movers > 0) {
    telefrags(st, S, tr);
    resolveMoves(st, S, PHASE_MOVE, tr);
  }

  // Phase 3: run-time choices. Auto-targets first, seeing every declared attack.
  layShields(st, S);
  let dodgers = 0;
  for (let m = 0; m < n; m++) {
    if (cmd[m] === CMD_TARGET) {
      let c = chooser.autoTarget(st, m);
      if (c !== CMD_X && !isWeaponOf(st, m, c)) {
        st.faults[m]++;
        c = CMD_X;
      }
      cmd[m] = c;
      if (tr) tr.choice(m, 'target', c);
    } else if (cmd[m] === CMD_DODGE) dodgers++;
  }
  layShields(st, S);
  if (dodgers > 0) dodge(st, S, chooser, tr);

  // Phase 4: fire.
  S.hot.fill(0);
  S.extraTgt.fill(-1);
  for (let m = 0; m < n; m++) {
    const c = cmd[m];
    if (c >= CMD_WEAPON && st.alive[m]) fireWeapon(st, S, m, c, FIRE_REAL, tr);
  }

  // Phase 5: damage, all at once.
  applyPending(st, S, tr);
  if (checkEnd(st)) return endStep(st, S, k, tr);

  // Phase 6: pushes and pulls.
  let extra = 0;
  for (let m = 0; m < n; m++) {
    S.tgt[m] = -1;
    if (S.extraTgt[m] !== -1 && st.alive[m]) {
      S.tgt[m] = S.extraTgt[m] === -4 ? -1 : S.extraTgt[m];
      extra++;
    }
  }
  if (extra > 0) {
    S.pend.fill(0);
    resolveMoves(st, S, PHASE_EXTRA, tr);
    applyPending(st, S, tr);
    checkEnd(st);
  }
  endStep(st, S, k, tr);
}

function endStep(st: State, S: Scratch, k: number, tr: Tracer | null): void {
  if (k === 4 && st.end === END_NONE) repair(st, tr);
  // A mine laid under a machine arms once its square is first empty at the end of a step.
  if (st.minesUnarmed > 0) {
    for (let s = 0; s < st.game.size; s++) {
      const unarmed = st.mineOwner[s] & ~st.mineArmed[s];
      if (unarmed && st.occ[s] === -1) {
        st.mineArmed[s] |= unarmed;
        st.minesUnarmed -= popcount8(unarmed);
        if (tr) for (let m = 0; m < 8; m++) if (unarmed & (1 << m)) tr.mine(m, s, 'armed');
      }
    }
  }
  S.shield.fill(0);
  if (tr) tr.endStep(st.turn + 1, k + 1);
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

/** The square move command c takes machine m to, or -2 off the board. */
function moveTarget(st: State, m: number, c: number): number {
  const g = st.game, size = g.size;
  const t = g.tables.moveTo[(c - CMD_FIRST_MOVE) * 4 * size + st.facing[m] * size + st.sq[m]];
  return t < 0 ? -2 : t;
}

/** The TARGET cell of weapon command c for machine m where it stands, or -1 off the board. */
function targetCell(st: State, m: number, c: number): number {
  const t = optionTable(st, c), size = st.game.size;
  const i = st.facing[m] * size + st.sq[m];
  for (let j = t.cellStart[i]; j < t.cellStart[i + 1]; j++) if (t.cellFlags[j] & CELL_TARGET) return t.cellSq[j];
  return -1;
}

function optionTable(st: State, c: number): OptionTable {
  return st.game.tables.weapons[cmdPart(c)]![cmdOption(c)];
}

function isWeaponOf(st: State, m: number, c: number): boolean {
  const w = st.game.weaponCmds[m];
  for (let i = 0; i < w.length; i++) if (w[i] === c) return true;
  return false;
}

/** Rolls the teleporter's dice: a file and a rank (2d8 on the standard board). */
function rollSquare(st: State): number {
  const b = st.game.board;
  const file = Math.floor((sfc32Next(st.dice, 0) / 4294967296) * b.width);
  const rank = Math.floor((sfc32Next(st.dice, 0) / 4294967296) * b.height);
  return rank * b.width + file;
}

/**
 * Telefrag teleports resolve first: the machine "arrives slightly before it
 * left" (FAQ). Two landing on one square both bonk; wreckage blocks; a machine
 * on the square dies and is removed; landing on one's own square is suicide.
 */
function telefrags(st: State, S: Scratch, tr: Tracer | null): void {
  const n = st.game.n;
  for (let m = 0; m < n; m++) {
    if (S.tgt[m] > -3) continue;
    const to = -3 - S.tgt[m];
    S.tgt[m] = -1;
    if (!st.alive[m]) continue;
    let clash = false;
    for (let j = 0; j < n; j++) if (j !== m && S.tgt[j] <= -3 && -3 - S.tgt[j] === to) clash = true;
    for (let j = 0; j < m; j++) if (S.clash[j] === to + 1) clash = true;
    S.clash[m] = to + 1;
    const o = st.occ[to];
    if (clash || (o >= 0 && o !== m && !st.alive[o])) {
      if (tr) tr.bonk(m, clash ? -1 : o, PHASE_MOVE);
      continue;
    }
    if (o === m) {
      kill(st, m, tr);
      if (tr) tr.hit(m, m, 0, SRC_TELEFRAG);
      continue;
    }
    if (o >= 0) {
      if (tr) tr.hit(o, m, 0, SRC_TELEFRAG);
      kill(st, o, tr);
      st.sq[o] = -1;
      S.tgt[o] = -1;
    }
    st.occ[st.sq[m]] = -1;
    if (tr) tr.move(m, st.sq[m], to, PHASE_MOVE);
    st.sq[m] = to;
    st.occ[to] = m;
  }
  S.clash.fill(0);
}

function kill(st: State, m: number, tr: Tracer | null): void {
  st.hearts[m] = 0;
  st.alive[m] = 0;
  if (tr) tr.death(m);
}

/**
 * Moves every machine with a target (S.tgt >= 0, or -2 for off the board)
 * under the collision rules of RULES.md section 3, then springs mines.
 */
export function resolveMoves(st: State, S: Scratch, phase: number, tr: Tracer | null): void {
  const g = st.game, n = g.n, tgt = S.tgt, blocked = S.blocked, partner = S.partner;
  blocked.fill(0);
  partner.fill(-1);
  for (let m = 0; m < n; m++) {
    const t = tgt[m];
    if (t === -1) continue;
    if (!st.alive[m]) {
      tgt[m] = -1;
      continue;
    }
    if (t === -2 || t === st.sq[m]) blocked[m] = 1; // off the board, or a teleport home
    else {
      const o = st.occ[t];
      if (o >= 0 && !st.alive[o]) (blocked[m] = 1), (partner[m] = o); // wreckage
    }
  }
  // Two or more onto one square: all blocked. Two onto each other's squares: both blocked.
  for (let a = 0; a < n; a++) {
    if (tgt[a] < 0) continue;
    for (let b = a + 1; b < n; b++) {
      if (tgt[b] < 0) continue;
      if (tgt[a] === tgt[b] || (tgt[a] === st.sq[b] && tgt[b] === st.sq[a])) {
        blocked[a] = blocked[b] = 1;
        partner[a] = b;
        partner[b] = a;
      }
    }
  }
  // Onto a machine that stays, or is itself blocked: blocked, until nothing changes.
  // A cycle of three or more all moving completes.
  for (let changed = true; changed; ) {
    changed = false;
    for (let m = 0; m < n; m++) {
      if (tgt[m] < 0 || blocked[m]) continue;
      const o = st.occ[tgt[m]];
      if (o >= 0 && (tgt[o] === -1 || blocked[o])) {
        blocked[m] = 1;
        partner[m] = o;
        changed = true;
      }
    }
  }
  for (let m = 0; m < n; m++) {
    if (tgt[m] === -1) continue;
    if (blocked[m]) {
      if (tr) tr.bonk(m, partner[m], phase);
      const o = partner[m];
      // Rhino-Horn: a bonk with another machine hurts it.
      if (o >= 0 && st.alive[o] && g.bonkDamage[m] > 0) {
        S.pend[o] += g.bonkDamage[m];
        if (tr) tr.hit(o, m, g.bonkDamage[m], SRC_RHINO);
      }
      if (o >= 0 && st.alive[o] && g.bonkDamage[o] > 0 && partner[o] !== m) {
        S.pend[m] += g.bonkDamage[o];
        if (tr) tr.hit(m, o, g.bonkDamage[o], SRC_RHINO);
      }
    } else if (st.occ[st.sq[m]] === m) st.occ[st.sq[m]] = -1;
  }
  for (let m = 0; m < n; m++) {
    if (tgt[m] < 0 || blocked[m]) continue;
    const from = st.sq[m], to = tgt[m];
    st.sq[m] = to;
    st.occ[to] = m;
    if (tr) tr.move(m, from, to, phase);
    // An armed mine of another machine under a machine that ends a move here.
    const enemy = st.mineArmed[to] & ~(1 << m);
    if (enemy && !g.hover[m]) {
      for (let o = 0; o < 8; o++) {
        if (!(enemy & (1 << o))) continue;
        S.pend[m] += 1;
        st.mineOwner[to] &= ~(1 << o);
        st.mineArmed[to] &= ~(1 << o);
        if (o < n) st.dealt[o] += 1;
        if (tr) tr.mine(o, to, 'triggered'), tr.hit(m, o, 1, SRC_MINE);
      }
    }
  }
}

/** Shield-Arm commands make their shield spots for this step. */
function layShields(st: State, S: Scratch): void {
  const g = st.game, size = g.size;
  for (let m = 0; m < g.n; m++) {
    const c = S.cmd[m];
    if (c < CMD_WEAPON || !st.alive[m] || g.catalogue.parts[cmdPart(c)].weapon!.kind !== 'shield') continue;
    const t = optionTable(st, c), i = st.facing[m] * size + st.sq[m];
    for (let j = t.cellStart[i]; j < t.cellStart[i + 1]; j++) if (t.cellFlags[j] & CELL_SHIELD) S.shield[t.cellSq[j]] |= 1 << m;
  }
}

function dodge(st: State, S: Scratch, chooser: Chooser, tr: Tracer | null): void {
  const n = st.game.n;
  // The hot squares of every declared attack, from where everyone now stands.
  S.hot.fill(0);
  for (let m = 0; m < n; m++) if (S.cmd[m] >= CMD_WEAPON && st.alive[m]) fireWeapon(st, S, m, S.cmd[m], FIRE_HOT, null);
  S.tgt.fill(-1);
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

/**
 * Fires machine m's weapon command c: adds damage to S.pend, queues pushes and
 * pulls, lays mines. The preview modes only mark S.hot or only fill S.hit.
 */
const FIRE_REAL = 0;
const FIRE_HOT = 1; // only mark the hot squares (what a dodger sees)
const FIRE_HITS = 2; // only work out who would be hit (what an auto-targeter weighs)

/** Damage each machine would take if machine m fired weapon command c now (valid until the next call). */
export function previewHits(st: State, m: number, c: number): Int8Array {
  const S = scratchOf(st);
  S.hit.fill(0);
  fireWeapon(st, S, m, c, FIRE_HITS, null);
  return S.hit;
}

function fireWeapon(st: State, S: Scratch, m: number, c: number, mode: number, tr: Tracer | null): void {
  const g = st.game, size = g.size, w = g.catalogue.parts[cmdPart(c)].weapon!;
  const t = optionTable(st, c);
  let from = st.sq[m], facing = st.facing[m];
  if (w.kind === 'shield' || w.kind === 'passive') return;
  if (w.kind === 'mines') {
    if (mode !== FIRE_REAL) return;
    const to = targetCell(st, m, c);
    if (to < 0 || st.mineOwner[to] & (1 << m)) return;
    st.mineOwner[to] |= 1 << m;
    if (st.occ[to] === -1) st.mineArmed[to] |= 1 << m;
    else st.minesUnarmed++;
    if (tr) tr.mine(m, to, 'laid');
    return;
  }
  if (w.kind === 'jump') {
    if (S.jumpFrom[m] < 0) return; // no opportunity: it does nothing
    from = S.jumpFrom[m];
    facing = S.jumpFacing[m];
  }
  const hit = S.hit;
  if (mode !== FIRE_HITS) hit.fill(0);
  const i = facing * size + from, a = t.cellStart[i], b = t.cellStart[i + 1];
  const reach = S.reach, mine = 1 << m;
  for (let j = a; j < b; j++) {
    const p = t.cellParent[j];
    if (p >= 0 && reach[p - a] !== 1) {
      reach[j - a] = 0;
      continue;
    }
    const s = t.cellSq[j], d = t.cellDmg[j];
    if (d === 0) {
      reach[j - a] = 1;
      continue;
    }
    if (!w.lobbed && S.shield[s] & ~mine) {
      reach[j - a] = 2; // a shield spot: the ray stops, hitting nothing
      continue;
    }
    if (d > S.hot[s]) S.hot[s] = d;
    if (tr && mode === FIRE_REAL) tr.hot(m, s, d);
    const o = st.occ[s];
    if (o < 0) {
      reach[j - a] = 1;
      continue;
    }
    reach[j - a] = w.penetrate || w.lobbed ? 1 : 2;
    if (!st.alive[o] || mode === FIRE_HOT) continue;
    if (d > hit[o]) hit[o] = d;
    if (mode !== FIRE_REAL) continue;
    if (t.cellFlags[j] & CELL_PULL) requestExtra(S, o, moveTarget(st, m, CMD_FWD));
    else if (w.push) requestExtra(S, o, pushTarget(st, o, facing));
  }
  const ba = t.beamStart[i], bb = t.beamStart[i + 1];
  for (let j = ba; j < bb; j++) {
    if (t.beamFlags[j] & BEAM_FULL_HEARTS && st.hearts[m] < g.maxHearts[m]) continue;
    traceBeam(st, S, m, t.beamOrigin[j], t.beamDir[j], t.beamRange[j], t.beamDmg[j], t.beamFlags[j], mode === FIRE_HOT, tr);
  }
  if (mode !== FIRE_REAL) return;
  for (let o = 0; o < g.n; o++) {
    if (hit[o] === 0) continue;
    S.pend[o] += hit[o];
    if (o !== m) st.dealt[m] += hit[o];
    if (tr) tr.hit(o, m, hit[o], SRC_WEAPON);
  }
}

/** The square one step from machine o's square in facing f's forward direction, -2 off the board. */
function pushTarget(st: State, o: number, f: number): number {
  const g = st.game, size = g.size;
  const t = g.tables.moveTo[(CMD_FWD - CMD_FIRST_MOVE) * 4 * size + f * size + st.sq[o]];
  return t < 0 ? -2 : t;
}

/** Queues an extra move; two different ones for one machine cancel out (-4: stays). */
function requestExtra(S: Scratch, o: number, to: number): void {
  if (to === -1) to = -2;
  if (S.extraTgt[o] === -1) S.extraTgt[o] = to;
  else if (S.extraTgt[o] !== to) S.extraTgt[o] = -4;
}

const DIR_DF = [0, 1, 1, 1, 0, -1, -1, -1];
const DIR_DR = [1, 1, 0, -1, -1, -1, 0, 1];

/**
 * Traces a beam from `origin` in 8-direction `dir`. Reflecto turns it back,
 * Refracto splits it, a Chain Lazor branches on every hit; a beam never enters
 * a square twice in the same direction in one firing, so every firing ends.
 */
function traceBeam(
  st: State, S: Scratch, m: number, origin: number, dir: number, range: number, dmg: number, flags: number,
  preview: boolean, tr: Tracer | null,
): void {
  const g = st.game, w = g.board.width, h = g.board.height, mine = 1 << m;
  const stack = S.beams, seen = S.seen;
  const stamp = ++S.stamp;
  let top = 0;
  stack[top++] = origin;
  stack[top++] = dir;
  stack[top++] = range === 0 ? 1 << 30 : range;
  while (top > 0) {
    let left = stack[--top];
    let d = stack[--top];
    let s = stack[--top];
    while (left > 0) {
      const f = (s % w) + DIR_DF[d], r = ((s / w) | 0) + DIR_DR[d];
      if (f < 0 || r < 0 || f >= w || r >= h) break;
      s = r * w + f;
      if (seen[s * 8 + d] === stamp) break;
      seen[s * 8 + d] = stamp;
      left--;
      if (S.shield[s] & ~mine) break;
      if (dmg > S.hot[s]) S.hot[s] = dmg;
      if (tr && !preview) tr.hot(m, s, dmg);
      const o = st.occ[s];
      if (o < 0) continue;
      const armour = g.armour[o];
      if (armour === ARMOUR_REFLECTO) {
        d = (d + 4) & 7;
        continue;
      }
      if (armour === ARMOUR_REFRACTO || flags & BEAM_BRANCHING) {
        if (armour !== ARMOUR_REFRACTO && st.alive[o] && !preview && dmg > S.hit[o]) S.hit[o] = dmg;
        if (left > 0) {
          stack[top++] = s, stack[top++] = (d + 2) & 7, stack[top++] = left;
          stack[top++] = s, stack[top++] = (d + 6) & 7, stack[top++] = left;
        }
        break;
      }
      if (st.alive[o] && !preview && dmg > S.hit[o]) S.hit[o] = dmg;
      if (!(flags & BEAM_PENETRATE)) break;
    }
  }
}

/** Phase 5: pending damage lands; repair absorbs first, then shields, then hearts. */
function applyPending(st: State, S: Scratch, tr: Tracer | null): void {
  const g = st.game;
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
    if (st.hearts[m] <= 0) kill(st, m, tr);
  }
}

function popcount8(x: number): number {
  let c = 0;
  for (; x; x &= x - 1) c++;
  return c;
}

