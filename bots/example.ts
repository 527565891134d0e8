/**
 * `example`: a complete bot, commented line by line, to copy when writing
 * your own (docs/bots.md). Run it with `havoc match --bots ./dist/bots/example.js,random`
 * or, once built, by name: `--bots example,random`.
 *
 * What it does: each turn it draws a handful of random legal programs with
 * its own RNG, adds "fire my first weapon in every free slot", simulates each
 * against the other machines repeating their last program, and plays the one
 * that leaves the best hearts-and-shields balance. Simple, legal, and
 * deterministic given the match seed.
 */
import type { BotFactory } from '../src/rules/nhm/botApi.js';
import { CMD_R, CMD_X, PROGRAM_LENGTH } from '../src/rules/nhm/commands.js';
import { parseProgram } from '../src/rules/nhm/programs.js';
import { requiredX } from '../src/rules/nhm/state.js';
import { Simulator } from './lib/sim.js';

/** How many random programs to try per turn (each costs one simulated turn of the budget). */
const TRIES = 48;

// A bot module's default export is a factory. The arena calls it once per
// match and seat, before the first turn.
const factory: BotFactory = (ctx) => {
  // ctx.seat: which machine this bot drives (0-based).
  // ctx.game: the match's fixed facts — board, loadouts, and per seat the
  //   legal command codes (game.commands[seat]) and weapon codes.
  // ctx.rng: this seat's own seeded stream. Use it, never Math.random, so a
  //   match replays exactly from its seed.
  // ctx.budget: { sims, ms } per decision. Going over `ms` is a fault that
  //   costs the turn; `sims` is how many simulated turns to plan for.
  // ctx.notation: the notation of programs written as text (the ruleset's: RBP writes `\ /`, NHM `F\ F/`).
  const { game, seat, rng, budget, notation } = ctx;

  // Allocate once, reuse every turn: the simulator preallocates its states.
  const sim = new Simulator(game);
  // The commands this machine may fill a free slot with (X and R are special).
  const actions = Array.from(game.commands[seat]).filter((c) => c !== CMD_X && c !== CMD_R);
  const firstWeapon = game.weaponCmds[seat].length > 0 ? game.weaponCmds[seat][0] : CMD_X;
  // A program is PROGRAM_LENGTH (five) command codes, one per step of the turn.
  const prog = new Array<number>(PROGRAM_LENGTH);
  const best = new Array<number>(PROGRAM_LENGTH);
  const allX = new Array<number>(PROGRAM_LENGTH).fill(CMD_X); // stand still, do nothing

  return {
    // Called every turn while this machine lives. `obs` is what this seat may
    // see (positions, hearts, revealed last programs, its own mines, …);
    // `view.state` is the same knowledge as an engine state to simulate from:
    // other seats' mines are not in it, and its dice are not the real ones.
    program(obs, view) {
      const st = view.state;
      // Damage forces X commands: a machine missing m hearts writes at least
      // m X (obs.requiredX says how many; requiredX(st, seat) is the same).
      const need = requiredX(st, seat);
      sim.reset(st);
      // Guess the others: they repeat last turn's program (all X on turn 1).
      for (let o = 0; o < game.n; o++) {
        if (o === seat) continue;
        const last = obs.machines[o].lastProgram;
        const codes = last && obs.machines[o].alive ? safeParse(o, last) : null;
        sim.setProgram(o, codes ?? allX);
      }
      let bestScore = -Infinity;
      const tries = Math.min(TRIES, budget.sims);
      for (let t = 0; t <= tries; t++) {
        // Try 0 fires the first weapon in every free slot; the others are random.
        for (let k = 0; k < PROGRAM_LENGTH; k++) prog[k] = k < need ? CMD_X : t === 0 ? firstWeapon : actions[rng.int(actions.length)];
        sim.setProgram(seat, prog);
        const after = sim.play(); // one whole turn, all machines at once
        let score = after.alive[seat] ? 10 * after.hearts[seat] + 6 * after.shields[seat] : -1000;
        for (let o = 0; o < game.n; o++)
          if (o !== seat && after.alive[o]) score -= 10 * after.hearts[o] + 6 * after.shields[o];
        if (score > bestScore) {
          bestScore = score;
          for (let k = 0; k < PROGRAM_LENGTH; k++) best[k] = prog[k];
        }
      }
      // Answer with PROGRAM_LENGTH command codes (or text such as "F ^ F X X" in the
      // match's notation). A mixed strategy is `{ mixed: [{ action, p }, …] }`.
      return best.slice();
    },

    // Optional: the Dodge (D) and Auto-Target (A) answers at run time. Return
    // null for the rules' default (docs/rules.md); here, always the default.
    dodge: () => null,
    autoTarget: () => null,
  };

  function safeParse(o: number, text: string): number[] | null {
    try {
      return parseProgram(game, o, text, notation);
    } catch {
      return null;
    }
  }
};

export default factory;
