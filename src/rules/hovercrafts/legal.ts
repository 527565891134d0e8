/**
 * A Hovercrafts seat's legal orders (GameModule.legal): each of its ships on
 * the map takes as many actions as its Energy check gave, each any of the
 * six, so a seat has 6^(its actions) orders. Decoded from an index (the
 * last action of the last ship varies fastest), never listed.
 */
import { listedActions, type LegalActions } from '../../core/game.js';
import { ACTION_COUNT, type Order } from './actions.js';
import type { HoverState } from './state.js';

const NONE: LegalActions<Order> = listedActions([]);

export function legalOrders(st: HoverState, seat: number, kind: string): LegalActions<Order> {
  const g = st.game;
  if (kind !== 'program' || st.over || !st.rolled || seat < 0 || seat >= g.seats) return NONE;
  const ships = g.seatShips[seat];
  if (!ships.some((s) => st.out[s] === 0)) return NONE;
  const lengths = ships.map((s) => (st.out[s] ? 0 : st.actions[s]));
  const total = lengths.reduce((a, b) => a + b, 0);
  return {
    count: ACTION_COUNT ** total,
    at(i) {
      const order = lengths.map((n) => new Array<number>(n).fill(0));
      for (let p = order.length - 1; p >= 0; p--)
        for (let k = order[p].length - 1; k >= 0; k--) {
          order[p][k] = i % ACTION_COUNT;
          i = Math.floor(i / ACTION_COUNT);
        }
      return order;
    },
  };
}
