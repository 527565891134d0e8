/**
 * One player's turn carried out: its orders one ninja at a time in the order
 * given (slashes last), each slash killing every ninja on its square, own
 * included, and heard by all with its grunts; a player left with no ninjas
 * is out; the game ends when at most one player has ninjas, or when the
 * round limit is reached (docs/rules-blind-ninjas.md 3–5).
 */
import { ahead, NINJAS } from './room.js';
import { type Orders, MOVE, SLASH, TURN } from './orders.js';
import { type BnState, H_GRUNTS, H_ROUND, H_SEAT, H_SQ, HEARD_STRIDE, KILL, LIMIT, RUNNING } from './state.js';

/** What a turn did, for its record: per slash made (in the log's order), the slashing ninja and the ninjas it slew. */
export interface TurnEvents {
  readonly slashers: number[];
  readonly slain: number[][];
}

/**
 * Plays `seat`'s orders (null: every ninja stands). Orders are checked
 * before (`checkOrders`); one that is not legal when its turn comes (it
 * cannot be, after the check) is carried out as Stand, so apply never throws.
 */
export function playTurn(st: BnState, seat: number, o: Orders | null, events?: TurnEvents): void {
  if (st.end !== RUNNING) return;
  const b = st.game.board, base = seat * NINJAS;
  if (o)
    for (let i = 0; i < o.count; i++) {
      const k = o.ninja[i], c = o.code[i], me = base + k;
      if (k < 0 || k >= NINJAS || st.sq[me] < 0) continue;
      if (c === MOVE) {
        const to = ahead(b, st.sq[me], st.facing[me]);
        let free = to >= 0;
        for (let j = base; j < base + NINJAS && free; j++) if (st.sq[j] === to) free = false;
        if (free) st.sq[me] = to;
      } else if (c >= TURN) st.facing[me] = c - TURN;
      else if (c === SLASH) {
        if (st.sq[me] < 0) continue; // slain earlier this turn by its own side's slash: it slashes no more
        const at = ahead(b, st.sq[me], st.facing[me]);
        if (at < 0) continue;
        events?.slashers.push(me);
        slash(st, seat, at, events);
        if (st.end !== RUNNING) return;
      }
    }
  endTurn(st, seat);
}

/** A slash by `seat` at square `at`: everyone there is slain; the slash and its grunts go in the log; players left with none are out. */
function slash(st: BnState, seat: number, at: number, events?: TurnEvents): void {
  const n = st.game.players;
  let grunts = 0;
  const slain: number[] | null = events ? [] : null;
  for (let i = 0; i < n * NINJAS; i++)
    if (st.sq[i] === at) {
      st.sq[i] = -1;
      slain?.push(i);
      const v = Math.floor(i / NINJAS);
      grunts |= 1 << v;
      st.lost[v]++;
      if (v !== seat) st.kills[seat]++;
    }
  st.slashes[seat]++;
  if (slain) events!.slain.push(slain);
  const h = st.heardLen * HEARD_STRIDE;
  st.heard[h + H_ROUND] = st.round;
  st.heard[h + H_SEAT] = seat;
  st.heard[h + H_SQ] = at;
  st.heard[h + H_GRUNTS] = grunts;
  let left = 0, outNow = 0;
  for (let v = 0; v < n; v++) {
    if (st.out[v]) continue;
    let alive = false;
    for (let k = 0; k < NINJAS && !alive; k++) if (st.sq[v * NINJAS + k] >= 0) alive = true;
    if (alive) left++;
    else if (grunts & (1 << v)) {
      st.out[v] = 1;
      st.outAt[v] = st.heardLen;
      outNow++;
    } else left++; // a view's enemy, whose ninjas are unknown, is in until the log says otherwise
  }
  st.heardLen++;
  // The slasher survives its own slash, so its player is always left: the game ends with a winner.
  if (left <= 1 && outNow > 0) st.end = KILL;
}

/** Passes the turn to the next player still in; a round ends when the turn passes back round the table; at the limit, a draw. */
function endTurn(st: BnState, seat: number): void {
  const n = st.game.players;
  let next = seat;
  do next = (next + 1) % n;
  while (st.out[next] && next !== seat);
  if (next <= seat) {
    st.round++;
    if (st.round >= st.game.turnLimit) {
      st.end = LIMIT;
      return;
    }
  }
  st.toAct = next;
}
