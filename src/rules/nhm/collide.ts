/**
 * Collisions ("bonk", RULES.md section 3) for any number of machines: every
 * machine with a target moves at once, or is blocked; then mines spring.
 * Telefrag teleports resolve before everything else in phase 1.
 */
import { kill } from './lookups.js';
import { MAX_MACHINES } from './game.js';
import * as scratch from './scratch.js';
import type { Scratch } from './scratch.js';
import type { State } from './state.js';
import { PHASE_MOVE, SRC_MINE, SRC_RHINO, SRC_TELEFRAG, type Tracer } from './trace.js';

// Module-local copies of imported constants for the hot loops: V8 folds a
// module's own unexported `const`s into optimised code, but loads an imported
// (or exported) binding from its cell at every use.
const TGT_NONE = scratch.TGT_NONE, TGT_OFF_BOARD = scratch.TGT_OFF_BOARD, TGT_TELEFRAG = scratch.TGT_TELEFRAG;
const telefragSquare = scratch.telefragSquare;

/**
 * Telefrag teleports resolve first: the machine "arrives slightly before it
 * left" (FAQ). Two landing on one square both bonk; wreckage blocks; a machine
 * on the square dies and is removed; landing on one's own square is suicide.
 */
export function telefrags(st: State, S: Scratch, tr: Tracer | null): void {
  const n = st.game.n;
  for (let m = 0; m < n; m++) {
    if (S.tgt[m] > TGT_TELEFRAG) continue;
    const to = telefragSquare(S.tgt[m]);
    S.tgt[m] = TGT_NONE;
    if (!st.alive[m]) continue;
    let clash = false;
    for (let j = 0; j < n; j++) if (j !== m && S.tgt[j] <= TGT_TELEFRAG && telefragSquare(S.tgt[j]) === to) clash = true;
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
      S.tgt[o] = TGT_NONE;
    }
    st.occ[st.sq[m]] = -1;
    S.vacated[S.vacatedCount++] = st.sq[m];
    if (tr) tr.move(m, st.sq[m], to, PHASE_MOVE);
    st.sq[m] = to;
    st.occ[to] = m;
    springMines(st, S, m, to, tr);
  }
  for (let m = 0; m < n; m++) S.clash[m] = 0; // not fill: a call into the runtime
}

/**
 * Moves every machine with a target (S.tgt >= 0, or TGT_OFF_BOARD)
 * under the collision rules of RULES.md section 3, then springs mines.
 */
export function resolveMoves(st: State, S: Scratch, phase: number, tr: Tracer | null): void {
  const g = st.game, n = g.n, tgt = S.tgt, blocked = S.blocked, partner = S.partner;
  for (let m = 0; m < n; m++) {
    blocked[m] = 0;
    partner[m] = -1;
    const t = tgt[m];
    if (t === TGT_NONE) continue;
    if (!st.alive[m]) {
      tgt[m] = TGT_NONE;
      continue;
    }
    if (t === TGT_OFF_BOARD || t === st.sq[m]) blocked[m] = 1; // off the board, or a teleport home
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
      if (o >= 0 && (tgt[o] === TGT_NONE || blocked[o])) {
        blocked[m] = 1;
        partner[m] = o;
        changed = true;
      }
    }
  }
  if (g.anyRhino) rhinoBonks(st, S, tr);
  for (let m = 0; m < n; m++) {
    if (tgt[m] === TGT_NONE) continue;
    if (blocked[m]) {
      if (tr) tr.bonk(m, partner[m], phase);
    } else if (st.occ[st.sq[m]] === m) {
      st.occ[st.sq[m]] = -1;
      S.vacated[S.vacatedCount++] = st.sq[m];
    }
  }
  for (let m = 0; m < n; m++) {
    if (tgt[m] < 0 || blocked[m]) continue;
    const from = st.sq[m], to = tgt[m];
    st.sq[m] = to;
    st.occ[to] = m;
    if (tr) tr.move(m, from, to, phase);
    springMines(st, S, m, to, tr);
  }
}

/**
 * Rhino-Horn: every bonk between a horned machine and another living machine
 * hurts the other. Two machines bonk when both were blocked aiming at one
 * square, or when a blocked one aimed at the other's square.
 */
function rhinoBonks(st: State, S: Scratch, tr: Tracer | null): void {
  const g = st.game, n = g.n, tgt = S.tgt;
  for (let a = 0; a < n; a++)
    for (let b = a + 1; b < n; b++) {
      const bonk =
        (S.blocked[a] && S.blocked[b] && tgt[a] >= 0 && tgt[a] === tgt[b]) ||
        (S.blocked[a] && tgt[a] >= 0 && st.occ[tgt[a]] === b) ||
        (S.blocked[b] && tgt[b] >= 0 && st.occ[tgt[b]] === a);
      if (!bonk || !st.alive[a] || !st.alive[b]) continue;
      if (g.bonkDamage[a] > 0) {
        S.pend[b] += g.bonkDamage[a];
        if (tr) tr.hit(b, a, g.bonkDamage[a], SRC_RHINO);
      }
      if (g.bonkDamage[b] > 0) {
        S.pend[a] += g.bonkDamage[b];
        if (tr) tr.hit(a, b, g.bonkDamage[b], SRC_RHINO);
      }
    }
}

/** An armed mine of another machine hurts a non-hover machine that ends a move on it (1 each), and is used up. */
function springMines(st: State, S: Scratch, m: number, to: number, tr: Tracer | null): void {
  const g = st.game;
  const enemy = st.mineArmed[to] & ~(1 << m);
  if (!enemy || g.hover[m]) return;
  for (let o = 0; o < MAX_MACHINES; o++) {
    if (!(enemy & (1 << o))) continue;
    S.pend[m] += 1;
    st.mineOwner[to] &= ~(1 << o);
    st.mineArmed[to] &= ~(1 << o);
    if (o < g.n) st.dealt[o] += 1;
    if (tr) tr.mine(o, to, 'triggered'), tr.hit(m, o, 1, SRC_MINE);
  }
}
