/**
 * `nash`: treats the turn as the matrix game it is. It builds, against each
 * opponent separately, the payoff matrix of its own candidate programs
 * against that opponent's candidates (the other opponents holding their
 * guessed program — candidates are enumerated per player, never as the joint
 * product), solves the game by regret matching+ (bots/lib/matrix.ts) and
 * returns the equilibrium as a mixed strategy, which the arena samples with
 * the seat's RNG.
 *
 * With several opponents the payoff is additive: value against the guess plus,
 * per opponent, the change that opponent's program makes.
 */
import type { Mixed } from '../src/core/bot.js';
import type { BotFactory, Program } from '../src/rules/nhm/botApi.js';
import * as commands from '../src/rules/nhm/commands.js';
import { ProgramList } from './lib/programList.js';
import { solve } from './lib/matrix.js';
import { OpponentLists } from './lib/predict.js';
import { searchKit, warmUp } from './lib/kit.js';

// Module-local copy of an imported constant for the hot loop: V8 folds a
// module's own unexported `const`s into optimised code, but loads an imported
// (or exported) binding from its cell at every use.
const PROGRAM_LENGTH = commands.PROGRAM_LENGTH;

/** Own and per-opponent candidate counts at most. */
export const NASH_OWN = 44;
export const NASH_OPP = 44;
/** Regret-matching rounds per decision. */
export const NASH_ITERATIONS = 300;
/** Probabilities below this are dropped from the mixed strategy. */
export const NASH_MIN_P = 0.02;

const factory: BotFactory = (ctx) => {
  warmUp(factory, ctx);
  const { game, seat, notation } = ctx;
  const { gens, ev, sim, budget } = searchKit(ctx);
  const own = new ProgramList(NASH_OWN);
  const opponents = new OpponentLists(game.n, NASH_OPP);
  const { lists: opp, guess } = opponents;

  return {
    program(obs, view): Program | Mixed<Program> {
      const st = view.state;
      budget.begin();
      sim.reset(st);
      const enemies: number[] = [];
      for (let o = 0; o < game.n; o++) if (o !== seat && st.alive[o]) enemies.push(o);
      const e = Math.max(1, enemies.length);
      const side = Math.max(2, Math.floor(Math.sqrt(ctx.budget.sims / e)));
      const nOwn = Math.min(NASH_OWN, side), nOpp = Math.min(NASH_OPP, side);
      opponents.fill(gens, game, seat, st, obs, notation, Math.max(1, nOpp - 2));
      gens[seat].generate(st, nOwn, own);
      if (enemies.length === 0) return own.get(0);
      for (const o of enemies) sim.setProgram(o, guess[o]);
      // Rows are filled while the budget lasts; a row is used only if complete.
      const base = new Float64Array(own.count);
      const mats = enemies.map((o) => new Float64Array(own.count * opp[o].count));
      let rows = 0;
      fill: for (let i = 0; i < own.count; i++) {
        sim.setProgram(seat, own.codes, i * PROGRAM_LENGTH);
        if (!budget.take()) break;
        base[i] = ev.value(sim.play());
        for (let oi = 0; oi < enemies.length; oi++) {
          const o = enemies[oi], cols = opp[o].count, a = mats[oi];
          a[i * cols] = base[i];
          for (let k = 1; k < cols; k++) {
            if (!budget.take()) break fill;
            sim.setProgram(o, opp[o].codes, k * PROGRAM_LENGTH);
            a[i * cols + k] = ev.value(sim.play());
          }
          sim.setProgram(o, guess[o]);
        }
        rows++;
      }
      if (rows <= 1) return own.get(0);
      // Additive payoff: sum over opponents of A_o minus (e - 1) / e of the base value per matrix.
      const share = (enemies.length - 1) / enemies.length;
      const sol = solve(
        {
          rows,
          opponents: enemies.map((o, oi) => {
            const cols = opp[o].count, a = mats[oi].subarray(0, rows * cols);
            if (share > 0) for (let i = 0; i < rows; i++) for (let k = 0; k < cols; k++) a[i * cols + k] -= share * base[i];
            return { cols, a };
          }),
        },
        NASH_ITERATIONS,
      );
      const mixed: { action: Program; p: number }[] = [];
      let top = 0;
      for (let i = 0; i < rows; i++) {
        if (sol.p[i] > sol.p[top]) top = i;
        if (sol.p[i] >= NASH_MIN_P) mixed.push({ action: own.get(i), p: sol.p[i] });
      }
      if (mixed.length === 0) return own.get(top);
      return { mixed };
    },
  };
};

export default factory;
