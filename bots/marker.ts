/**
 * `marker` (What Blind Ninjas?): the rulebook's marking, and nothing more.
 * It keeps the squares of the enemy slashes heard since its last turn (the
 * rulebook's upright pyramids, cleared each turn), and with each ninja
 * slashes the square ahead when a marked square is on it or next to it (the
 * slasher stood beside its mark, and may have stepped into it); otherwise the
 * ninja walks ahead, and turns at random when it cannot. It never slashes a
 * square where its own ninja stands. Weaker than `tracker`, which keeps
 * every consistent position; stronger than `random`.
 */
import { type BnBotContext, isBlindNinjasContext } from '../src/rules/blind-ninjas/botApi.js';
import { formatOrders, makeOrders, MOVE, SLASH, STAND, TURN } from '../src/rules/blind-ninjas/orders.js';
import { NINJAS } from '../src/rules/blind-ninjas/room.js';
import { parseSquare } from '../src/core/grid.js';

const factory = (ctx: BnBotContext) => {
  if (!isBlindNinjasContext(ctx)) throw new Error('marker plays What Blind Ninjas? only');
  const b = ctx.blindNinjas.game.board, rng = ctx.rng;
  const ahead = (q: number, f: number): number => {
    const x = (q % b.width) + [0, 1, 0, -1][f], y = Math.floor(q / b.width) + [1, 0, -1, 0][f];
    return x >= 0 && y >= 0 && x < b.width && y < b.height ? y * b.width + x : -1;
  };
  let seen = 0;
  return {
    orders(obs: import('../src/rules/blind-ninjas/knowledge.js').BnObservation): string {
      const marks = new Set<number>();
      for (; seen < obs.heard.length; seen++) if (obs.heard[seen].by !== obs.seat) marks.add(parseSquare(b, obs.heard[seen].square));
      const near = (t: number): boolean => {
        if (marks.has(t)) return true;
        for (let f = 0; f < 4; f++) if (marks.has(ahead(t, f))) return true;
        return false;
      };
      const sq = obs.ninjas.map((n) => (n ? parseSquare(b, n.square) : -1));
      const fc = obs.ninjas.map((n) => (n ? 'NESW'.indexOf(n.facing) : 0));
      const pairs: [number, number][] = [], slashes: number[] = [];
      for (let k = 0; k < NINJAS; k++) {
        if (sq[k] < 0) continue;
        const t = ahead(sq[k], fc[k]);
        if (t >= 0 && near(t) && !sq.includes(t)) slashes.push(k);
        else if (t >= 0 && !sq.includes(t) && rng.next() < 0.7) {
          sq[k] = t;
          pairs.push([k, MOVE]);
        } else pairs.push([k, t < 0 || rng.next() < 0.5 ? TURN + rng.int(4) : STAND]);
      }
      for (const k of slashes) pairs.push([k, sq.includes(ahead(sq[k], fc[k])) ? STAND : SLASH]);
      return formatOrders(makeOrders(pairs));
    },
  };
};

export default factory;
