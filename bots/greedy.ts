/**
 * `greedy`: one turn of look-ahead against a guess. It generates a few hundred
 * sensible candidate programs (bots/lib/candidates.ts), simulates each against
 * two predictions of the other machines — standing still and firing where
 * they stand, and repeating last turn's program — and plays the one whose
 * outcome scores best on average (bots/lib/evaluate.ts: damage dealt and
 * taken, kills, firing lines, distance). Deterministic: ties go to the
 * earlier candidate.
 */
import type { BotFactory } from '../src/rules/nhm/botApi.js';
import * as commands from '../src/rules/nhm/commands.js';
import { ProgramList } from './lib/programList.js';
import { pickNear, repeatLast } from './lib/predict.js';
import { searchKit, warmUp } from './lib/kit.js';

// Module-local copy of an imported constant for the hot loop: V8 folds a
// module's own unexported `const`s into optimised code, but loads an imported
// (or exported) binding from its cell at every use.
const PROGRAM_LENGTH = commands.PROGRAM_LENGTH;

/** At most this many candidates are simulated. */
export const GREEDY_CANDIDATES = 300;
/** Candidates within this much of the best value (a tenth of a heart) are equally good: the RNG picks one. */
export const GREEDY_TOLERANCE = 1;

const factory: BotFactory = (ctx) => {
  warmUp(factory, ctx);
  const { game, seat, notation } = ctx;
  const { gens, ev, sim, budget } = searchKit(ctx);
  const own = new ProgramList(GREEDY_CANDIDATES);
  const still: number[][] = Array.from({ length: game.n }, () => []);
  const values = new Float64Array(GREEDY_CANDIDATES);

  return {
    program(obs, view) {
      const st = view.state;
      budget.begin();
      sim.reset(st);
      // Predictions: 0 = everyone stands and fires; 1 = everyone repeats last turn (where known).
      const preds: number[][][] = [[], []];
      let repeats = false;
      for (let o = 0; o < game.n; o++) {
        gens[o].stillProgram(st, still[o]);
        preds[0].push(still[o]);
        const r = o === seat ? null : repeatLast(game, st, o, obs.machines[o].lastProgram, notation);
        if (r) repeats = true;
        preds[1].push(r ?? still[o]);
      }
      if (!repeats) preds.pop();
      const max = Math.max(1, Math.min(GREEDY_CANDIDATES, Math.floor(ctx.budget.sims / preds.length)));
      gens[seat].generate(st, max, own);
      let bestV = -Infinity, done = 0;
      for (let i = 0; i < own.count; i++) {
        if (!budget.take(preds.length)) break;
        let v = 0;
        for (const pred of preds) {
          for (let o = 0; o < game.n; o++) if (o !== seat) sim.setProgram(o, pred[o]);
          sim.setProgram(seat, own.codes, i * PROGRAM_LENGTH);
          v += ev.value(sim.play());
        }
        values[i] = v / preds.length;
        if (values[i] > bestV) bestV = values[i];
        done++;
      }
      return own.get(pickNear(values, done, bestV - GREEDY_TOLERANCE, ctx.rng));
    },
  };
};

export default factory;
