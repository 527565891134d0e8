/**
 * What a seat knows (docs/rules-blind-ninjas.md 6): its own ninjas, and
 * everything heard — every slash with its round, square and slasher's
 * player, and for each slash the players who grunted or that it swished —
 * plus what the table says aloud (whose turn it is, the round, who is out).
 * Nothing else: `observe` gives exactly this, and `seatState` a state of
 * the same shape with every other player's ninjas UNKNOWN and no figures
 * but the seat's own losses, so two rooms that differ only where the enemy
 * ninjas stand (consistently with what was heard) give the same view.
 */
import { FACINGS, squareName } from '../../core/grid.js';
import { NINJAS, SEAT_NAMES } from './room.js';
import { type BnState, copyState, H_GRUNTS, H_ROUND, H_SEAT, H_SQ, HEARD_STRIDE, RUNNING, UNKNOWN } from './state.js';

/** One heard slash. */
export interface HeardSlash {
  /** The round it was made in (1 = the first). */
  readonly round: number;
  /** The slasher's player. */
  readonly by: string;
  readonly square: string;
  /** The players who grunted (lost a ninja), in seat order; empty: it swished. */
  readonly grunts: readonly string[];
}

/** What a seat sees. */
export interface BnObservation {
  readonly seat: string;
  readonly room: { readonly width: number; readonly height: number };
  /** The round being played (1 = the first). */
  readonly round: number;
  readonly turnLimit: number;
  /** Whose turn it is (null once the game is over). */
  readonly toAct: string | null;
  /** The seat's own ninjas, 1 to 4: square and facing, or null once slain. */
  readonly ninjas: readonly ({ readonly square: string; readonly facing: string } | null)[];
  /** Every slash heard so far, in order. */
  readonly heard: readonly HeardSlash[];
  /** Players out of the game. */
  readonly out: readonly string[];
}

/** The heard log as objects (a view's or the real state's: the log is the same). */
export function heardLog(st: BnState): HeardSlash[] {
  const out: HeardSlash[] = [];
  const n = st.game.players;
  for (let i = 0; i < st.heardLen; i++) {
    const h = i * HEARD_STRIDE, g = st.heard[h + H_GRUNTS];
    const grunts: string[] = [];
    for (let v = 0; v < n; v++) if (g & (1 << v)) grunts.push(SEAT_NAMES[v]);
    out.push({ round: st.heard[h + H_ROUND] + 1, by: SEAT_NAMES[st.heard[h + H_SEAT]], square: squareName(st.game.board, st.heard[h + H_SQ]), grunts });
  }
  return out;
}

/** The whole room as JSON for a scenario's trace: every player's ninjas (as each sees its own), the heard log, whose turn, who is out. */
export function stateJson(st: BnState): object {
  const views = Array.from({ length: st.game.players }, (_, s) => observeSeat(st, s));
  const v = views[0];
  return { round: v.round, toAct: v.toAct, out: v.out, ninjas: Object.fromEntries(views.map((o) => [o.seat, o.ninjas])), heard: v.heard };
}

export function observeSeat(st: BnState, seat: number): BnObservation {
  const b = st.game.board, n = st.game.players;
  const ninjas = [];
  for (let k = 0; k < NINJAS; k++) {
    const i = seat * NINJAS + k;
    ninjas.push(st.sq[i] >= 0 ? { square: squareName(b, st.sq[i]), facing: FACINGS[st.facing[i]] } : null);
  }
  const out: string[] = [];
  for (let v = 0; v < n; v++) if (st.out[v]) out.push(SEAT_NAMES[v]);
  return {
    seat: SEAT_NAMES[seat],
    room: { width: b.width, height: b.height },
    round: st.round + 1,
    turnLimit: st.game.turnLimit,
    toAct: st.end === RUNNING ? SEAT_NAMES[st.toAct] : null,
    ninjas,
    heard: heardLog(st),
    out,
  };
}

/** Writes into `into` the state `seat` may simulate: its own ninjas, the heard log, the public facts; every other ninja UNKNOWN. */
export function seatView(st: BnState, seat: number, into: BnState): void {
  copyState(st, into);
  const n = st.game.players;
  for (let i = 0; i < n * NINJAS; i++)
    if (Math.floor(i / NINJAS) !== seat) {
      into.sq[i] = UNKNOWN;
      into.facing[i] = 0;
    }
  into.kills.fill(0);
  into.slashes.fill(0);
  into.lost.fill(0);
  into.lost[seat] = st.lost[seat];
}
