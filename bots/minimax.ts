/**
 * `minimax`: the pessimistic bound of the simultaneous-move game. For each of
 * its candidate programs it finds the worst outcome over a candidate set of
 * each opponent's programs (per opponent, the others holding their guessed
 * program — never the joint product) and plays the candidate whose worst case
 * is best.
 *
 * Search: own candidates are ordered by their value against the guess; an
 * opponent's candidates are tried in move-to-front order (the one that last
 * refuted a candidate first); a candidate is dropped as soon as its running
 * worst case falls to the best found so far (its worst case can only fall
 * further). The simulation count of the budget bounds the search.
 *
 * With several opponents the worst case is additive: value against the guess
 * plus, per opponent, the worst change that opponent alone can make.
 */
import type { BotFactory } from '../src/rules/nhm/botApi.js';
import * as commands from '../src/rules/nhm/commands.js';
import { ProgramList } from './lib/programList.js';
import { OpponentLists, pickNear } from './lib/predict.js';
import { searchKit, warmUp } from './lib/kit.js';

// Module-local copy of an imported constant for the hot loop: V8 folds a
// module's own unexported `const`s into optimised code, but loads an imported
// (or exported) binding from its cell at every use.
const PROGRAM_LENGTH = commands.PROGRAM_LENGTH;

/** Own and per-opponent candidate counts at most. */
export const MINIMAX_OWN = 60;
export const MINIMAX_OPP = 40;
/** Candidates whose worst case is within this much of the best are equally good: the RNG picks one. */
export const MINIMAX_TOLERANCE = 1;

const factory: BotFactory = (ctx) => {
  warmUp(factory, ctx);
  const { game, seat, notation } = ctx;
  const { gens, ev, sim, budget } = searchKit(ctx);
  const own = new ProgramList(MINIMAX_OWN);
  const opponents = new OpponentLists(game.n, MINIMAX_OPP);
  const { lists: opp, guess } = opponents;
  const done = new Float64Array(MINIMAX_OWN);

  return {
    program(obs, view) {
      const st = view.state;
      budget.begin();
      sim.reset(st);
      const enemies: number[] = [];
      for (let o = 0; o < game.n; o++) if (o !== seat && st.alive[o]) enemies.push(o);
      const e = Math.max(1, enemies.length);
      // Sizes: own * (1 + e * opp) simulations at most, within the count.
      const sims = ctx.budget.sims;
      let nOpp = Math.min(MINIMAX_OPP, Math.max(2, Math.floor(Math.sqrt(sims / e))));
      const nOwn = Math.min(MINIMAX_OWN, Math.max(1, Math.floor(sims / (1 + e * nOpp))));
      if (nOwn * (1 + e * nOpp) > sims) nOpp = Math.max(1, Math.floor((sims / nOwn - 1) / e));
      // Each opponent's set: its guess (standing and firing) first, then its last program, then its candidates.
      opponents.fill(gens, game, seat, st, obs, notation, nOpp);
      gens[seat].generate(st, nOwn, own);
      for (const o of enemies) sim.setProgram(o, guess[o]);
      // Values against the guess, for ordering.
      const base = new Float64Array(own.count);
      let evaluated = 0;
      for (let i = 0; i < own.count; i++) {
        if (!budget.take()) break;
        sim.setProgram(seat, own.codes, i * PROGRAM_LENGTH);
        base[i] = ev.value(sim.play());
        evaluated++;
      }
      const order = Array.from({ length: evaluated }, (_, i) => i).sort((a, b) => base[b] - base[a] || a - b);
      const oppOrder = enemies.map((o) => Array.from({ length: opp[o].count }, (_, k) => k));
      let bestV = -Infinity;
      const floor = (): number => bestV - MINIMAX_TOLERANCE;
      done.fill(-Infinity);
      search: for (const i of order) {
        sim.setProgram(seat, own.codes, i * PROGRAM_LENGTH);
        let v = base[i];
        let complete = true;
        for (let oi = 0; oi < enemies.length && v >= floor(); oi++) {
          const o = enemies[oi], list = opp[o], ord = oppOrder[oi];
          let worst = 0;
          for (let j = 0; j < ord.length; j++) {
            const k = ord[j];
            if (k === 0) continue; // the guess: already in base
            if (!budget.take()) {
              complete = false;
              break;
            }
            sim.setProgram(o, list.codes, k * PROGRAM_LENGTH);
            const d = ev.value(sim.play()) - base[i];
            if (d < worst) {
              v += d - worst;
              worst = d;
              ord.splice(j, 1);
              ord.unshift(k); // refuted: try it first next time
              if (v < floor()) break;
            }
          }
          sim.setProgram(o, guess[o]);
          if (!complete) break;
        }
        if (!complete) break search;
        done[i] = v;
        if (v > bestV) bestV = v;
      }
      if (bestV === -Infinity) return own.get(order.length ? order[0] : 0);
      return own.get(pickNear(done, own.count, floor(), ctx.rng));
    },
  };
};

export default factory;
