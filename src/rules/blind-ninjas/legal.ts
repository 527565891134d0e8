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
  const keys: number[] = [], seen = new Set<number>();
  const code = new Array<number>(NINJAS).fill(STAND), sq = new Array<number>(NINJAS);
  const total = CODES.length ** living.length;
  for (let a = 0; a < total; a++) {
    for (let i = living.length - 1, r = a; i >= 0; i--, r = Math.floor(r / CODES.length)) code[living[i]] = CODES[r % CODES.length];
    for (const perm of perms) {
      for (let k = 0; k < NINJAS; k++) sq[k] = st.sq[base + k];
      let ok = true;
      for (const k of perm) {
        const front = ahead(b, sq[k], st.facing[base + k]);
        if (code[k] === MOVE) {
          if (front < 0 || sq.includes(front)) ok = false;
          else sq[k] = front;
        } else if (code[k] === SLASH && front < 0) ok = false;
        if (!ok) break;
      }
      if (!ok) continue;
      // The writing as a number, a token a base-64 digit (ninja, code), slashes last: writings told apart without text, made into orders only when read.
      let key = 0;
      for (const k of perm) if (code[k] !== SLASH) key = key * 64 + k * 8 + code[k] + 1;
      for (const k of perm) if (code[k] === SLASH) key = key * 64 + k * 8 + code[k] + 1;
      if (!seen.has(key)) seen.add(key), keys.push(key);
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
