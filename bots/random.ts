/**
 * `random`: a uniformly random legal program. Every legal program is equally
 * likely: the bot counts the programs of each shape (how many X, repair or
 * not) and draws a shape in proportion, then fills it.
 */
import { CMD_R, CMD_X } from '../src/rules/nhm/commands.js';
import type { BotFactory } from '../src/rules/nhm/botApi.js';
import { requiredX } from '../src/rules/nhm/state.js';

const binom = (n: number, k: number): number => (k < 0 || k > n ? 0 : k === 0 || k === n ? 1 : binom(n - 1, k - 1) + binom(n - 1, k));

const factory: BotFactory = (ctx) => {
  const { game, rng, seat } = ctx;
  const actions = Array.from(game.commands[seat]).filter((c) => c !== CMD_X && c !== CMD_R);
  const a = actions.length;
  return {
    program(_obs, view) {
      const d = requiredX(view.state, seat);
      // Shapes: j X commands and 5 - j actions (j >= d), or a repair program.
      const weights: number[] = [];
      for (let j = 0; j <= 5; j++) weights.push(j >= d ? binom(5, j) * a ** (5 - j) : 0);
      // Robo Battle Pigs repairs only as R R R R R; NHM with j X (d <= j <= 4) and R elsewhere.
      let repair = 1;
      if (!game.repairAllSlots) {
        repair = 0;
        for (let j = d; j <= 4; j++) repair += binom(5, j);
      }
      weights.push(repair);
      const total = weights.reduce((s, x) => s + x, 0);
      let u = rng.next() * total, shape = 0;
      while (shape < weights.length - 1 && (u -= weights[shape]) >= 0) shape++;
      const prog = new Array<number>(5);
      if (shape === 6) {
        if (game.repairAllSlots) return [CMD_R, CMD_R, CMD_R, CMD_R, CMD_R];
        // j X among five slots with at least one R: draw j in proportion to C(5, j), j in d..4.
        let v = rng.next() * repair, j = d;
        while (j < 4 && (v -= binom(5, j)) >= 0) j++;
        return fillX(prog.fill(CMD_R), j, rng);
      }
      for (let k = 0; k < 5; k++) prog[k] = actions[rng.int(a)];
      return fillX(prog, shape, rng);
    },
  };
};

/** Puts X in `j` distinct random slots. */
function fillX(prog: number[], j: number, rng: { int(n: number): number }): number[] {
  const slots = [0, 1, 2, 3, 4];
  for (let i = 0; i < j; i++) {
    const pick = i + rng.int(5 - i);
    [slots[i], slots[pick]] = [slots[pick], slots[i]];
    prog[slots[i]] = CMD_X;
  }
  return prog;
}

export default factory;
