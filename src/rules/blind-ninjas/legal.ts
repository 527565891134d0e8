/**
 * A What Blind Ninjas? seat's legal orders (GameModule.legal): every living
 * ninja one order (a ninja given none stands, so that writing is left out),
 * Move, Stand, Slash! or a Turn, written in every order that is legal when
 * each order's turn comes (a Move onto a square its own side holds is not),
 * slashes last. Writings that differ only where the slashes stood are one
 * (the rules carry slashes out last), so each action is listed once, as
 * `formatOrders` writes it. At most 7^4 assignments times 4! writings:
 * listed once per call.
 */
import { listedActions, type LegalActions } from '../../core/game.js';
import { DECISION, makeOrders, MOVE, type Orders, SLASH, STAND, TURN } from './orders.js';
import { ahead, NINJAS } from './room.js';
import { RUNNING, type BnState } from './state.js';

const NONE: LegalActions<Orders> = listedActions([]);
/** Order codes in listing order: Move, Stand, Slash!, Turn N, E, S, W. */
const CODES = [MOVE, STAND, SLASH, TURN, TURN + 1, TURN + 2, TURN + 3];

/** Every permutation of `xs`, in lexicographic order of positions. */
function permutations(xs: readonly number[]): number[][] {
  if (xs.length <= 1) return [xs.slice()];
  const out: number[][] = [];
  xs.forEach((x, i) => {
    for (const rest of permutations([...xs.slice(0, i), ...xs.slice(i + 1)])) out.push([x, ...rest]);
  });
  return out;
}

export function legalOrders(st: BnState, seat: number, kind: string): LegalActions<Orders> {
  if (kind !== DECISION || st.end !== RUNNING || seat !== st.toAct) return NONE;
  const b = st.game.board, base = seat * NINJAS;
  const living: number[] = [];
  for (let k = 0; k < NINJAS; k++) if (st.sq[base + k] >= 0) living.push(k);
  const perms = permutations(living);
  // A ninja carries out one order, so the square ahead of it is the one it starts with: a Slash! is legal there or
  // nowhere, whatever the order; only a Move's depends on which ninjas moved before it.
  const front = new Array<number>(NINJAS).fill(-1);
  for (const k of living) front[k] = ahead(b, st.sq[base + k], st.facing[base + k]);
  const keys: number[] = [];
  // Writings of one assignment differ from every other's (each carries its codes): told apart within it alone.
  const mine: number[] = [];
  const code = new Array<number>(NINJAS).fill(STAND), sq = new Array<number>(NINJAS);
  const total = CODES.length ** living.length;
  for (let a = 0; a < total; a++) {
    let possible = true, moves = 0;
    for (let i = living.length - 1, r = a; i >= 0; i--, r = Math.floor(r / CODES.length)) {
      const k = living[i], c = CODES[r % CODES.length];
      code[k] = c;
      if ((c === MOVE || c === SLASH) && front[k] < 0) possible = false;
      if (c === MOVE) moves++;
    }
    if (!possible) continue;
    mine.length = 0;
    for (const perm of perms) {
      if (moves > 0) {
        for (let k = 0; k < NINJAS; k++) sq[k] = st.sq[base + k];
        let ok = true;
        for (const k of perm) {
          if (code[k] !== MOVE) continue;
          if (sq.includes(front[k])) {
            ok = false;
            break;
          }
          sq[k] = front[k];
        }
        if (!ok) continue;
      }
      // The writing as a number, a token a base-64 digit (ninja, code), slashes last: writings told apart without text, made into orders only when read.
      let key = 0;
      for (const k of perm) if (code[k] !== SLASH) key = key * 64 + k * 8 + code[k] + 1;
      for (const k of perm) if (code[k] === SLASH) key = key * 64 + k * 8 + code[k] + 1;
      if (!mine.includes(key)) mine.push(key), keys.push(key);
    }
  }
  return { count: keys.length, at: (i) => ordersOf(keys[i]) };
}

/** The orders a writing's number stands for. */
function ordersOf(key: number): Orders {
  const pairs: (readonly [number, number])[] = [];
  for (; key > 0; key = Math.floor(key / 64)) {
    const d = (key % 64) - 1;
    pairs.unshift([d >> 3, d & 7]);
  }
  return makeOrders(pairs);
}
