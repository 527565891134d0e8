/**
 * `tracker` (What Blind Ninjas?): keeps a belief over the enemy ninjas from
 * what it hears (bots/lib/ninjaBelief.ts), and each turn
 *
 * 1. slashes with every ninja whose square ahead holds at least
 *    SLASH_AT expected enemy ninjas (never a square where its own ninja will
 *    stand once the turn's moves are made);
 * 2. moves or turns the others towards where the enemy will be next turn
 *    (the expected enemies on the square ahead after it moves or turns),
 *    away from squares the enemy could slash (the belief's threat), and off
 *    the squares its own slashes revealed (the four around each slashed
 *    square: a slasher stands on one of them).
 *
 * It plays only What Blind Ninjas?; its decision takes well under a
 * millisecond (no search), whatever the budget. While a replay is recorded
 * it exposes its belief (BOT_BELIEF): the expected enemy ninjas per square.
 */
import { type BnBot, type BnBotContext, isBlindNinjasContext } from '../src/rules/blind-ninjas/botApi.js';
import { NINJAS } from '../src/rules/blind-ninjas/room.js';
import { formatOrders, makeOrders, MOVE, SLASH, STAND, TURN } from '../src/rules/blind-ninjas/orders.js';
import { parseSquare, squareName } from '../src/core/grid.js';
import { BOT_BELIEF } from '../src/core/bot.js';
import { NinjaBelief } from './lib/ninjaBelief.js';

/** Expected enemy ninjas on a square worth a slash. */
export const SLASH_AT = 0.08;
/** Weights of a position's parts: the enemies ahead next turn, the threat on its square, a square it revealed. */
const W_AHEAD = 1, W_THREAT = 0.6, W_REVEALED = 0.5;

export interface TrackerBot extends BnBot {
  /** The belief as of the last decision (for measurement and the viewer). */
  readonly belief: NinjaBelief;
  /** For a replay: the expected enemy ninjas on each square, as of the last decision (the viewer's heat map). */
  [BOT_BELIEF](): Record<string, number>;
}

export function makeTracker(ctx: BnBotContext, slashAt = SLASH_AT): TrackerBot {
  const game = ctx.blindNinjas.game, me = ctx.seat, b = game.board;
  const belief = new NinjaBelief(game, me);
  const heat = new Float64Array(b.size), next = new Float64Array(b.size), threat = new Float64Array(b.size), revealed = new Float64Array(b.size);
  const ahead = (q: number, f: number): number => {
    const x = (q % b.width) + [0, 1, 0, -1][f], y = Math.floor(q / b.width) + [1, 0, -1, 0][f];
    return x >= 0 && y >= 0 && x < b.width && y < b.height ? y * b.width + x : -1;
  };
  return {
    belief,
    [BOT_BELIEF]() {
      const map: Record<string, number> = {};
      heat.forEach((w, q) => {
        if (w > 0) map[squareName(b, q)] = w;
      });
      return map;
    },
    orders(obs) {
      belief.update(obs);
      belief.heat(heat);
      belief.heatNext(next);
      belief.threat(threat);
      // The squares its own slashes of the last round revealed: the four around each.
      revealed.fill(0);
      for (const h of obs.heard)
        if (h.by === obs.seat && h.round >= obs.round - 1) {
          const s = parseSquare(b, h.square);
          for (let f = 0; f < 4; f++) {
            const q = ahead(s, f);
            if (q >= 0) revealed[q] = 1;
          }
        }
      const sq: number[] = [], fc: number[] = [];
      obs.ninjas.forEach((n, k) => {
        sq[k] = n ? parseSquare(b, n.square) : -1;
        fc[k] = n ? 'NESW'.indexOf(n.facing) : 0;
      });
      const slashers = new Set<number>();
      for (let k = 0; k < NINJAS; k++) {
        if (sq[k] < 0) continue;
        const t = ahead(sq[k], fc[k]);
        if (t >= 0 && heat[t] >= slashAt && !sq.includes(t)) slashers.add(k);
      }
      const targets = new Set([...slashers].map((k) => ahead(sq[k], fc[k])));
      const value = (q: number, f: number): number => {
        const t = ahead(q, f);
        return (t >= 0 ? W_AHEAD * next[t] : 0) - W_THREAT * threat[q] - W_REVEALED * revealed[q] - (targets.has(q) ? 100 : 0);
      };
      const pairs: [number, number][] = [];
      for (let k = 0; k < NINJAS; k++) {
        if (sq[k] < 0 || slashers.has(k)) continue;
        let best = STAND, bestV = value(sq[k], fc[k]) + ctx.rng.next() * 1e-3;
        const to = ahead(sq[k], fc[k]);
        if (to >= 0 && !sq.includes(to)) {
          // Moving on also keeps the facing; a small bonus for ground covered while nothing is known.
          const v = value(to, fc[k]) + 0.01 + ctx.rng.next() * 1e-3;
          if (v > bestV) (best = MOVE), (bestV = v);
        }
        for (let g = 0; g < 4; g++) {
          if (g === fc[k]) continue;
          const v = value(sq[k], g) + ctx.rng.next() * 1e-3;
          if (v > bestV) (best = TURN + g), (bestV = v);
        }
        if (best === MOVE) sq[k] = to;
        else if (best >= TURN) fc[k] = best - TURN;
        pairs.push([k, best]);
      }
      // Slashes last, and never at a square an own ninja stands on after the moves.
      for (const k of slashers) pairs.push([k, sq.includes(ahead(sq[k], fc[k])) ? STAND : SLASH]);
      if (pairs.length === 0) pairs.push([sq.findIndex((q) => q >= 0), STAND]);
      return formatOrders(makeOrders(pairs));
    },
  };
}

/** The built-in tracker; a user's bot for another ruleset gets a located fault. */
const factory = (ctx: BnBotContext): TrackerBot => {
  if (!isBlindNinjasContext(ctx)) throw new Error('tracker plays What Blind Ninjas? only');
  return makeTracker(ctx);
};

export default factory;
