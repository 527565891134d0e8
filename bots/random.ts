/**
 * `random`: a uniformly random legal program. Every legal program is equally
 * likely: the bot counts the programs of each shape (how many X, repair or
 * not) and draws a shape in proportion, then fills it.
 */
import { CMD_R, CMD_X, PROGRAM_LENGTH } from '../src/rules/nhm/commands.js';
import type { BotFactory } from '../src/rules/nhm/botApi.js';
import { requiredX } from '../src/rules/nhm/state.js';

/** The shape index of a repair program: after the X-count shapes 0..PROGRAM_LENGTH. */
const REPAIR_SHAPE = PROGRAM_LENGTH + 1;

const binom = (n: number, k: number): number => (k < 0 || k > n ? 0 : k === 0 || k === n ? 1 : binom(n - 1, k - 1) + binom(n - 1, k));

const factory: BotFactory = (ctx) => {
  const { game, rng, seat } = ctx;
  const actions = Array.from(game.commands[seat]).filter((c) => c !== CMD_X && c !== CMD_R);
  const a = actions.length;
  return {
    program(_obs, view) {
      const d = requiredX(view.state, seat);
      // Shapes 0..PROGRAM_LENGTH: j X commands and PROGRAM_LENGTH - j actions (j >= d); then a repair program.
      const weights: number[] = [];
      for (let j = 0; j <= PROGRAM_LENGTH; j++) weights.push(j >= d ? binom(PROGRAM_LENGTH, j) * a ** (PROGRAM_LENGTH - j) : 0);
      // Robo Battle Pigs repairs only as R R R R R; NHM with j X (d <= j < PROGRAM_LENGTH) and R elsewhere.
      let repair = 1;
      if (!game.repairAllSlots) {
        repair = 0;
        for (let j = d; j < PROGRAM_LENGTH; j++) repair += binom(PROGRAM_LENGTH, j);
      }
      weights.push(repair);
      const total = weights.reduce((s, x) => s + x, 0);
      let u = rng.next() * total, shape = 0;
      while (shape < weights.length - 1 && (u -= weights[shape]) >= 0) shape++;
      const prog = new Array<number>(PROGRAM_LENGTH);
      if (shape === REPAIR_SHAPE) {
        if (game.repairAllSlots) return prog.fill(CMD_R);
        // j X with at least one R: draw j in proportion to C(PROGRAM_LENGTH, j), j in d..PROGRAM_LENGTH-1.
        let v = rng.next() * repair, j = d;
        while (j < PROGRAM_LENGTH - 1 && (v -= binom(PROGRAM_LENGTH, j)) >= 0) j++;
        return fillX(prog.fill(CMD_R), j, rng);
      }
      for (let k = 0; k < PROGRAM_LENGTH; k++) prog[k] = actions[rng.int(a)];
      return fillX(prog, shape, rng);
    },
  };
};

/** Puts X in `j` distinct random slots. */
function fillX(prog: number[], j: number, rng: { int(n: number): number }): number[] {
  const slots = Array.from({ length: PROGRAM_LENGTH }, (_, k) => k);
  for (let i = 0; i < j; i++) {
    const pick = i + rng.int(PROGRAM_LENGTH - i);
    [slots[i], slots[pick]] = [slots[pick], slots[i]];
    prog[slots[i]] = CMD_X;
  }
  return prog;
}

export default factory;
