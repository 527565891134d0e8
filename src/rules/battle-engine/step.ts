/**
 * Applying actions: the deployment and the start, then one step at a time —
 * damage and kills, deaths of pieces whose bonuses alone kept them alive,
 * the last officer's fall (surrender) or escape (panic), the end of the turn
 * and of the game.
 */
import { rowFromFront, rowOf } from './board.js';
import { arrowsLeft, canContinue, ESCAPE, HIT, MOVE, PANIC_MOVE, PASS, SHOOT, END, type BeAction } from './actions.js';
import {
  actingType,
  baseType,
  COIN,
  DEAD,
  ESCAPED,
  GONE_ESCAPED,
  GONE_KILLED,
  hpLeft,
  ON,
  onBoard,
  OVER,
  PANIC,
  PLAY,
  SURRENDERED,
  topOfficer,
  type BeState,
} from './state.js';

/** What a step did, in words (for records); null: nobody listens. */
export type Events = string[] | null;

/** A piece as the records name it: its seat, its roster name and its square (`B Archer. c5`). */
export const pieceName = (st: BeState, p: number, sqName: (sq: number) => string): string =>
  `${'AB'[st.game.owner[p]]} ${baseType(st, p).name}${st.sq[p] >= 0 ? ` ${sqName(st.sq[p])}` : ''}`;

/** Places both armies (squares already checked), with a scenario's mid-game facts, and settles who starts. */
export function deploy(st: BeState, squares: readonly (readonly number[])[], ev: Events): void {
  const g = st.game;
  for (let s = 0; s < 2; s++)
    for (let k = 0; k < squares[s].length; k++) {
      const p = g.first[s] + k, q = squares[s][k];
      st.sq[p] = q;
      st.occ[q] = p;
      st.flags[p] = ON;
    }
  const mid = g.midGame;
  if (mid) {
    st.dmg.set(mid.dmg);
    st.shot.set(mid.shot);
    for (let p = 0; p < mid.panic.length; p++) if (mid.panic[p]) st.flags[p] |= PANIC;
    if (mid.turn !== null) st.turn = mid.turn;
  }
  const starter = g.starts ?? startingSeat(st);
  if (starter === null) {
    st.phase = COIN;
    ev?.push('as many pieces on every row: a coin decides who starts');
  } else {
    st.toMove = starter;
    st.phase = PLAY;
    ev?.push(`${'AB'[starter]} starts${g.starts !== undefined ? ' (as the scenario says)' : ''}`);
  }
}

/**
 * Who starts: the seat with more pieces on its row nearest no man's land;
 * on a tie the next row back, and so on; on a tie on every row, the
 * `startTie` reading (A, B, or null for a coin).
 */
export function startingSeat(st: BeState): number | null {
  const g = st.game, b = g.board;
  for (let k = 0; k < b.rowsPerSide; k++) {
    // Row k from the front of each side (no lists: a playout deploys once a game).
    const rowA = rowFromFront(b, 0, k), rowB = rowFromFront(b, 1, k);
    let na = 0, nb = 0;
    for (let p = 0; p < g.type.length; p++) {
      if (!(st.flags[p] & ON)) continue;
      const r = rowOf(b, st.sq[p]);
      if (g.owner[p] === 0) na += r === rowA ? 1 : 0;
      else nb += r === rowB ? 1 : 0;
    }
    if (na !== nb) return na > nb ? 0 : 1;
  }
  return g.rules.startTie === 'A' ? 0 : g.rules.startTie === 'B' ? 1 : null;
}

/** Takes a piece off the board as `flag` (DEAD, ESCAPED, SURRENDERED), noting how an officer left. */
function remove(st: BeState, p: number, flag: number): void {
  st.occ[st.sq[p]] = -1;
  st.sq[p] = -1;
  st.flags[p] = (st.flags[p] & PANIC) | flag;
  if (baseType(st, p).officer && flag !== SURRENDERED) st.officerGone[st.game.owner[p]] = flag === DEAD ? GONE_KILLED : GONE_ESCAPED;
}

/** Kills every piece whose hit points, bonuses included, are used up, until none is (a death can take another's bonus). */
export function settle(st: BeState, ev: Events, sqName: (sq: number) => string): void {
  for (let again = true; again; ) {
    again = false;
    for (let p = 0; p < st.flags.length; p++)
      if (st.flags[p] & ON && hpLeft(st, p) <= 0) {
        ev?.push(`${pieceName(st, p, sqName)} dies: its bonus was all that kept it alive`);
        remove(st, p, DEAD);
        again = true;
      }
  }
}

/** The last officer's fall: the rest surrender (killed) or panic (escaped); merely panicking him does nothing. */
export function officerRule(st: BeState, ev: Events, sqName: (sq: number) => string): void {
  const g = st.game;
  for (let s = 0; s < 2; s++) {
    if (st.officerDone[s] || topOfficer(st, s) >= 0 || st.officerGone[s] === 0) continue;
    st.officerDone[s] = 1;
    const killed = st.officerGone[s] === GONE_KILLED;
    const rest: string[] = [];
    for (let p = g.first[s]; p < g.first[s + 1]; p++) {
      if (!(st.flags[p] & ON)) continue;
      if (ev) rest.push(`${baseType(st, p).name} ${sqName(st.sq[p])}`);
      if (killed) remove(st, p, SURRENDERED);
      else st.flags[p] |= PANIC;
    }
    ev?.push(`${'AB'[s]}'s last officer is ${killed ? 'killed: the rest surrender' : 'escaped: the rest panic'}${rest.length ? ` (${rest.join(', ')})` : ''}`);
  }
}

/** Ends the game when a side has no piece left on the board. */
export function checkEnd(st: BeState): void {
  const left0 = onBoard(st, 0), left1 = onBoard(st, 1);
  if (left0 > 0 && left1 > 0) return;
  st.phase = OVER;
  if (left0 === 0 && left1 === 0) {
    st.winner = 2;
    st.reason = 'mutual-destruction';
    return;
  }
  const loser = left0 === 0 ? 0 : 1, g = st.game;
  st.winner = 1 - loser;
  let surrendered = 0, escaped = 0;
  for (let p = g.first[loser]; p < g.first[loser + 1]; p++) {
    if (st.flags[p] & SURRENDERED) surrendered++;
    if (st.flags[p] & ESCAPED) escaped++;
  }
  st.reason = surrendered > 0 ? 'surrender' : escaped > 0 ? 'rout' : 'annihilation';
}

/** Ends the turn: the other seat moves, or the turn limit ends the game as a draw. */
function endTurn(st: BeState, ev: Events): void {
  st.turn++;
  st.active = -1;
  st.toMove = 1 - st.toMove;
  if (st.turn >= st.game.rules.turnLimit) {
    st.phase = OVER;
    st.winner = 2;
    st.reason = 'turn-limit';
    ev?.push(`turn limit ${st.game.rules.turnLimit}: a draw`);
  }
}

/** Applies one checked step of the seat to move. */
export function applyStep(st: BeState, a: BeAction, ev: Events, sqName: (sq: number) => string): void {
  if (st.phase !== PLAY) return;
  if (a.t === PASS || a.t === END || (st.active < 0 && st.occ[a.from] < 0)) return endTurn(st, ev);
  const g = st.game;
  if (st.active < 0) {
    st.active = st.occ[a.from];
    st.movesLeft = actingType(st, st.active).moves;
    st.attacksDone = 0;
    st.moved = false;
  }
  const p = st.active;
  let moved = false;
  if (a.t === MOVE || a.t === PANIC_MOVE) {
    if (a.t === PANIC_MOVE && !(st.flags[p] & PANIC)) ev?.push(`${pieceName(st, p, sqName)} panics`);
    ev?.push(`${pieceName(st, p, sqName)} ${a.t === PANIC_MOVE ? 'flees' : 'moves'} to ${sqName(a.to)}`);
    if (a.t === PANIC_MOVE) st.flags[p] |= PANIC;
    st.occ[st.sq[p]] = -1;
    st.sq[p] = a.to;
    st.occ[a.to] = p;
    st.movesLeft--;
    st.moved = moved = true;
  } else if (a.t === ESCAPE) {
    ev?.push(`${pieceName(st, p, sqName)} escapes${st.flags[p] & PANIC ? '' : ' (and so panics)'}`);
    st.flags[p] |= PANIC;
    remove(st, p, ESCAPED);
    moved = true;
  } else if (a.t === HIT || a.t === SHOOT) {
    const target = st.occ[a.to];
    const dmg = actingType(st, p).damage;
    if (a.t === SHOOT) st.shot[p]++;
    st.attacksDone++;
    st.movesLeft = 0;
    if (target >= 0) {
      const n = arrowsLeft(st, p);
      const who = ev ? `${pieceName(st, p, sqName)} ${a.t === SHOOT ? 'shoots' : 'hits'} ${pieceName(st, target, sqName)}${a.t === SHOOT ? ` (${n} arrow${n === 1 ? '' : 's'} left)` : ''}` : '';
      st.dmg[target] = Math.min(255, st.dmg[target] + dmg);
      const left = hpLeft(st, target);
      ev?.push(`${who}: ${dmg} damage, ${left > 0 ? `${left} hp left` : 'killed'}`);
      if (left <= 0) remove(st, target, DEAD);
    }
  }
  if (moved || g.rules.bonusLoss === 'always') settle(st, ev, sqName);
  officerRule(st, ev, sqName);
  checkEnd(st);
  if (st.phase !== PLAY) return;
  if (g.rules.turnShape === 'one' || !(st.flags[p] & ON) || !canContinue(st)) endTurn(st, ev);
}

/** Resolves the starting coin with the state's dice. */
export function tossCoin(st: BeState, bit: number, ev: Events): void {
  st.toMove = bit & 1;
  st.phase = PLAY;
  ev?.push(`the coin: ${'AB'[st.toMove]} starts`);
}
