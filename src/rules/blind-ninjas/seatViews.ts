/**
 * The board view's per-seat layer (core/game.ts SeatViews): the room as each
 * seat heard it, frame by frame — its own ninjas, every slash heard so far
 * (square, slasher's player, grunt or swish), and what happened in words as
 * the seat knew it. It is built from the records alone and holds exactly
 * what `observe` gives the seat (docs/rules-blind-ninjas.md 6): no enemy
 * square, no enemy order, no name of a slain enemy ninja.
 */
import type { SeatFrame, SeatLayer, SeatViews } from '../../core/game.js';
import { NINJAS, SEAT_NAMES } from './room.js';
import type { TurnRecord } from './record.js';

/** Mark kinds: a slash that swished (nobody grunted), and one somebody grunted at. */
export const MARK_KINDS = ['swish', 'grunt'];
const SWISH = 0, GRUNT = 1;

const seatOf = (name: string): number => SEAT_NAMES.indexOf(name[0] as (typeof SEAT_NAMES)[number]);

/** Each of `players` seats' layer for `records` (frame 0 the start, frame k record k). */
export function heardViews(players: number, records: readonly TurnRecord[]): SeatViews {
  const seats: SeatLayer[] = [];
  for (let s = 0; s < players; s++) {
    const own = Array.from({ length: NINJAS }, (_, k) => s * NINJAS + k);
    const frames: SeatFrame[] = [{ p: own, ev: ['start: you see your own ninjas only'] }];
    const marks: SeatLayer['marks'] = [];
    records.forEach((r, i) => {
      const mine = seatOf(r.seat) === s;
      const ev: string[] = [mine ? `${r.seat} (you): ${r.orders}` : `${r.seat}'s turn`];
      for (const x of r.slashes) {
        marks.push([i + 1, seatOf(x.ninja), x.square, x.grunts.length ? GRUNT : SWISH]);
        // The seat knows which of its own ninjas slashed and which of its own were slain; of the others only the player.
        const who = mine ? x.ninja : x.ninja[0];
        const heard = x.grunts.length ? `${x.grunts.join(', ')} grunt${x.grunts.length > 1 ? '' : 's'}` : 'swish';
        const lost = x.slain.filter((n) => seatOf(n) === s);
        ev.push(`${who} slashes ${x.square}: ${heard}${lost.length ? ` (your ${lost.join(', ')} slain)` : ''}`);
      }
      for (const p of r.out) ev.push(`${p} is out`);
      if (r.end) ev.push(`the game ends: ${r.end}`);
      frames.push({ p: own, ev });
    });
    seats.push({ marks, frames });
  }
  return { kinds: MARK_KINDS, seats };
}
