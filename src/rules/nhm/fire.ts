/**
 * Phase 4, fire: hot squares traced from the compiled tables, beams traced at
 * run time (Reflecto, Refracto, Chain Lazor), shield spots, mines laid,
 * pushes and pulls queued for phase 6. A machine is damaged at most once by
 * one firing: the highest damage of any path that reaches it counts.
 */
import * as grid from '../../core/grid.js';
import * as commands from './commands.js';
import { cmdPart } from './commands.js';
import * as game from './game.js';
import { moveTarget, optionTable, targetCell } from './lookups.js';
import * as parts from './parts.js';
import * as scratch from './scratch.js';
import { type Scratch, scratchOf } from './scratch.js';
import type { State } from './state.js';
import * as tables from './tables.js';
import * as trace from './trace.js';
import type { Tracer } from './trace.js';

// Module-local copies of imported constants for the hot loops: V8 folds a
// module's own unexported `const`s into optimised code, but loads an imported
// (or exported) binding from its cell at every use.
const TGT_NONE = scratch.TGT_NONE, TGT_OFF_BOARD = scratch.TGT_OFF_BOARD, EXTRA_CANCELLED = scratch.EXTRA_CANCELLED;
const DIR8_COUNT = grid.DIR8_COUNT;
const CMD_FIRST_MOVE = commands.CMD_FIRST_MOVE, CMD_FWD = commands.CMD_FWD, CMD_WEAPON = commands.CMD_WEAPON;
const ARMOUR_REFLECTO = game.ARMOUR_REFLECTO, ARMOUR_REFRACTO = game.ARMOUR_REFRACTO;
const WK_JUMP = game.WK_JUMP, WK_MINES = game.WK_MINES, WK_PASSIVE = game.WK_PASSIVE, WK_SHIELD = game.WK_SHIELD;
const CELL_PULL = parts.CELL_PULL, CELL_SHIELD = parts.CELL_SHIELD;
const BEAM_BRANCHING = tables.BEAM_BRANCHING, BEAM_FULL_HEARTS = tables.BEAM_FULL_HEARTS, BEAM_PENETRATE = tables.BEAM_PENETRATE;
const SRC_WEAPON = trace.SRC_WEAPON;

/** Shield-Arm commands make their shield spots for this step. */
export function layShields(st: State, S: Scratch): void {
  const g = st.game, size = g.size;
  for (let m = 0; m < g.n; m++) {
    const c = S.cmd[m];
    if (c < CMD_WEAPON || !st.alive[m] || g.weaponKind[cmdPart(c)] !== WK_SHIELD) continue;
    S.shieldsLaid = true;
    const t = optionTable(st, c), i = st.facing[m] * size + st.sq[m];
    for (let j = t.cellStart[i]; j < t.cellStart[i + 1]; j++) if (t.cellFlags[j] & CELL_SHIELD) S.shield[t.cellSq[j]] |= 1 << m;
  }
}

/**
 * Fires machine m's weapon command c: adds damage to S.pend, queues pushes and
 * pulls, lays mines. The preview modes only mark S.hot or only fill S.hit.
 */
export const FIRE_REAL = 0;
export const FIRE_HOT = 1; // only mark the hot squares (what a dodger sees)
export const FIRE_HITS = 2; // only work out who would be hit (what an auto-targeter weighs)
// Local copies for the hot loops (an exported binding is loaded from its cell at every use).
const REAL = FIRE_REAL, HOT = FIRE_HOT, HITS = FIRE_HITS;

/** Damage each machine would take if machine m fired weapon command c now (valid until the next call). */
export function previewHits(st: State, m: number, c: number): Int8Array {
  const S = scratchOf(st);
  const hit = S.hit;
  for (let o = 0; o < hit.length; o++) hit[o] = 0; // not fill: a call into the runtime
  fireWeapon(st, S, m, c, HITS, null);
  return S.hit;
}

export function fireWeapon(st: State, S: Scratch, m: number, c: number, mode: number, tr: Tracer | null): void {
  const g = st.game, part = cmdPart(c), kind = g.weaponKind[part];
  if (kind === WK_SHIELD || kind === WK_PASSIVE) return;
  if (kind === WK_MINES) {
    if (mode !== REAL) return;
    const to = targetCell(st, m, c);
    if (to < 0 || st.mineOwner[to] & (1 << m)) return;
    st.mineOwner[to] |= 1 << m;
    if (st.occ[to] === -1) st.mineArmed[to] |= 1 << m;
    else st.minesUnarmed++;
    if (tr) tr.mine(m, to, 'laid');
    return;
  }
  let from = st.sq[m], facing = st.facing[m];
  if (kind === WK_JUMP) {
    if (S.jumpFrom[m] < 0) return; // no opportunity: it does nothing
    from = S.jumpFrom[m];
    facing = S.jumpFacing[m];
  }
  const lobbed = g.lobbed[part] === 1, through = lobbed || g.penetrates[part] === 1, push = g.pushes[part] === 1;
  const t = optionTable(st, c), n = g.n;
  const hit = S.hit;
  if (mode !== HITS) for (let o = 0; o < n; o++) hit[o] = 0;
  // The cell walk reads its arrays from locals: the walk calls out (a tracer, a push), after which V8 would reload every field.
  const cellParent = t.cellParent, cellSq = t.cellSq, cellDmg = t.cellDmg, occ = st.occ, alive = st.alive, shield = S.shield;
  const i = facing * g.size + from, a = t.cellStart[i], b = t.cellStart[i + 1];
  const reach = S.reach, mine = 1 << m;
  for (let j = a; j < b; j++) {
    const p = cellParent[j];
    if (p >= 0 && reach[p - a] !== 1) {
      reach[j - a] = 0;
      continue;
    }
    const s = cellSq[j], d = cellDmg[j];
    if (d === 0) {
      reach[j - a] = 1;
      continue;
    }
    if (!lobbed && shield[s] & ~mine) {
      reach[j - a] = 2; // a shield spot: the ray stops, hitting nothing
      continue;
    }
    if (mode === HOT && d > S.hot[s]) S.hot[s] = d;
    if (tr && mode === REAL) tr.hot(m, s, d);
    const o = occ[s];
    if (o < 0) {
      reach[j - a] = 1;
      continue;
    }
    reach[j - a] = through ? 1 : 2;
    if (!alive[o] || mode === HOT) continue;
    if (d > hit[o]) hit[o] = d;
    if (mode !== REAL) continue;
    if (t.cellFlags[j] & CELL_PULL) requestExtra(S, o, moveTarget(st, m, CMD_FWD));
    else if (push) requestExtra(S, o, pushTarget(st, o, facing));
  }
  const ba = t.beamStart[i], bb = t.beamStart[i + 1];
  for (let j = ba; j < bb; j++) {
    if (t.beamFlags[j] & BEAM_FULL_HEARTS && st.hearts[m] < g.maxHearts[m]) continue;
    if (t.beamAfter[j] >= 0 && reach[t.beamAfter[j] - a] !== 1) continue;
    traceBeam(st, S, m, t.beamOrigin[j], t.beamDir[j], t.beamRange[j], t.beamDmg[j], t.beamFlags[j], mode === HOT, tr);
  }
  if (mode !== REAL) return;
  for (let o = 0; o < n; o++) {
    if (hit[o] === 0) continue;
    S.pend[o] += hit[o];
    if (o !== m) st.dealt[m] += hit[o];
    if (tr) tr.hit(o, m, hit[o], SRC_WEAPON);
  }
}

/** The square one step from machine o's square in facing f's forward direction, TGT_OFF_BOARD off the board. */
function pushTarget(st: State, o: number, f: number): number {
  const g = st.game, size = g.size;
  const t = g.tables.moveTo[(CMD_FWD - CMD_FIRST_MOVE) * 4 * size + f * size + st.sq[o]];
  return t < 0 ? TGT_OFF_BOARD : t;
}

/** Queues an extra move; two different ones for one machine cancel out (EXTRA_CANCELLED: it stays). */
function requestExtra(S: Scratch, o: number, to: number): void {
  S.extras++;
  if (to === TGT_NONE) to = TGT_OFF_BOARD;
  if (S.extraTgt[o] === TGT_NONE) S.extraTgt[o] = to;
  else if (S.extraTgt[o] !== to) S.extraTgt[o] = EXTRA_CANCELLED;
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
  if (S.beams === null) S.beamMemory();
  const stack = S.beams!, seen = S.seen!;
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
      if (seen[s * DIR8_COUNT + d] === stamp) break;
      seen[s * DIR8_COUNT + d] = stamp;
      left--;
      if (S.shield[s] & ~mine) break;
      if (preview && dmg > S.hot[s]) S.hot[s] = dmg;
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
