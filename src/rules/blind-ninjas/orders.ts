/**
 * A player's orders for one turn and their notation. A token per ninja: its
 * number (1–4) and its order — `M` move one square ahead, `S` stand, `X`
 * Slash! at the square ahead, `TN`/`TE`/`TS`/`TW` turn to face north, east,
 * south or west — tokens separated by spaces: `1M 2TE 3S 4X`. A ninja given
 * no order stands. Orders are carried out one ninja at a time in the order
 * written, slashes last (in the order they are written), so `4X 1M` and
 * `1M 4X` are the same orders and both are written `1M 4X`.
 *
 * A Move off the room or onto a square where one of the player's own ninjas
 * stands at that moment, a slash with no square ahead, an order for a ninja
 * that is slain or does not exist, and two orders for one ninja are illegal:
 * the seat's whole turn is a fault and it stands (docs/rules-blind-ninjas.md 3).
 */
import { HavocError } from '../../core/errors.js';
import { FACINGS } from '../../core/grid.js';
import type { Parsed } from '../../core/game.js';
import { ahead, NINJAS, SEAT_NAMES } from './room.js';
import type { BnState } from './state.js';

/** Order codes: Move, Stand, Slash!, then Turn to N, E, S, W (TURN + facing). */
export const MOVE = 0, STAND = 1, SLASH = 2, TURN = 3;

/** One turn's orders: `count` of them, ninja numbers (0-based) and codes, slashes after the rest. */
export interface Orders {
  readonly count: number;
  readonly ninja: Int8Array;
  readonly code: Int8Array;
}

/** The one decision a seat makes. */
export const DECISION = 'orders';

/** Orders from (ninja, code) pairs in the order given; slashes are put last, keeping their order. */
export function makeOrders(pairs: readonly (readonly [number, number])[]): Orders {
  const ninja = new Int8Array(NINJAS), code = new Int8Array(NINJAS);
  let c = 0;
  for (const pass of [false, true])
    for (const [k, o] of pairs)
      if ((o === SLASH) === pass && c < NINJAS) {
        ninja[c] = k;
        code[c++] = o;
      }
  return { count: Math.min(pairs.length, NINJAS), ninja, code };
}

/** One order's token, e.g. `2TE`. */
export const orderToken = (ninja: number, code: number): string =>
  `${ninja + 1}${code === MOVE ? 'M' : code === STAND ? 'S' : code === SLASH ? 'X' : `T${FACINGS[code - TURN]}`}`;

export function formatOrders(o: Orders): string {
  const out: string[] = [];
  for (let i = 0; i < o.count; i++) out.push(orderToken(o.ninja[i], o.code[i]));
  return out.join(' ');
}

const TOKEN = /\s*([1-9])\s*(T\s*[NESW]|[MSX])\s*(?:,|(?=\s)|$)/iy;

/** Reads orders text; structure only (`checkOrders` judges them against the room). */
export function parseOrders(raw: unknown, where: string): Parsed<Orders> {
  const bad = (problem: string): Parsed<Orders> => ({ ok: false, error: new HavocError('ERR_ORDERS', where, problem) });
  if (typeof raw !== 'string') return bad(`orders are text such as "1M 2TE 3S 4X", not ${raw === null ? 'null' : Array.isArray(raw) ? 'a list' : typeof raw}`);
  const text = raw.trim();
  if (text === '') return bad('no orders: give each ninja M, S, X or T N|E|S|W (write "1S" for a ninja that only stands)');
  const pairs: [number, number][] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < text.length) {
    const at = TOKEN.lastIndex;
    const m = TOKEN.exec(text);
    if (!m) return bad(`cannot read "${text.slice(at).trim()}": an order is a ninja's number and M, S, X or T N|E|S|W (e.g. "2TE")`);
    const k = Number(m[1]) - 1;
    if (k >= NINJAS) return bad(`there is no ninja ${k + 1} (a player has ninjas 1 to ${NINJAS})`);
    if (pairs.some(([j]) => j === k)) return bad(`ninja ${k + 1} has two orders (one order a ninja a turn)`);
    const w = m[2].toUpperCase().replace(/\s+/g, '');
    pairs.push([k, w === 'M' ? MOVE : w === 'S' ? STAND : w === 'X' ? SLASH : TURN + FACINGS.indexOf(w[1] as never)]);
  }
  return { ok: true, value: makeOrders(pairs) };
}

/** Whether `o` is legal for `seat` now: its ninjas alive, and every move and slash possible when its turn comes. */
export function checkOrders(st: BnState, seat: number, o: Orders, where: string): HavocError | null {
  const bad = (problem: string): HavocError => new HavocError('ERR_ORDERS', where, problem);
  const b = st.game.board, base = seat * NINJAS;
  const sq = [st.sq[base], st.sq[base + 1], st.sq[base + 2], st.sq[base + 3]];
  const seen = new Set<number>();
  for (let i = 0; i < o.count; i++) {
    const k = o.ninja[i], c = o.code[i], name = `${SEAT_NAMES[seat]}${k + 1}`;
    if (k < 0 || k >= NINJAS || c < 0 || c >= TURN + 4) return bad(`not an order: ${k + 1}/${c}`);
    if (seen.has(k)) return bad(`ninja ${k + 1} has two orders`);
    seen.add(k);
    if (sq[k] < 0) return bad(`${name} is slain and takes no orders`);
    if (c === MOVE) {
      const to = ahead(b, sq[k], st.facing[base + k]);
      if (to < 0) return bad(`${name} cannot move off the room`);
      if (sq.includes(to)) return bad(`${name} cannot move onto ${squareLabel(st, to)}: ${SEAT_NAMES[seat]}${sq.indexOf(to) + 1} stands there (one player's ninjas never share a square)`);
      sq[k] = to;
    } else if (c === SLASH && ahead(b, sq[k], st.facing[base + k]) < 0) return bad(`${name} faces the wall: there is no square to slash`);
  }
  return null;
}

/** Every ninja of `seat` stands (the forfeit: what a seat does when its orders are a fault). */
export function standOrders(st: BnState, seat: number): Orders {
  const pairs: [number, number][] = [];
  for (let k = 0; k < NINJAS; k++) if (st.sq[seat * NINJAS + k] >= 0) pairs.push([k, STAND]);
  return makeOrders(pairs);
}

const squareLabel = (st: BnState, sq: number): string => String.fromCharCode(97 + (sq % st.game.board.width)) + String(Math.floor(sq / st.game.board.width) + 1);
