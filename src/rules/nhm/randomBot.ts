/**
 * The NHM engine's random player (GameModule.randomBot, what the `random`
 * bot plays in Ninja Havoc Machines and Robo Battle Pigs): a uniformly
 * random legal program. Every legal program is equally likely: it counts the
 * programs of each shape (how many X, repair or not) and draws a shape in
 * proportion, then fills it, reading only the observation (no view: it is
 * the benchmark's bot path). Questions get the rulebook's defaults.
 */
import type { RandomBot } from '../../core/game.js';
import type { Rng } from '../../core/rng.js';
import { CMD_R, CMD_X, PROGRAM_LENGTH } from './commands.js';
import type { Game } from './game.js';
import type { Observation } from './observe.js';
import type { State } from './state.js';

/** The shape index of a repair program: after the X-count shapes 0..PROGRAM_LENGTH. */
const REPAIR_SHAPE = PROGRAM_LENGTH + 1;

const binom = (n: number, k: number): number => (k < 0 || k > n ? 0 : k === 0 || k === n ? 1 : binom(n - 1, k - 1) + binom(n - 1, k));
/** C(PROGRAM_LENGTH, j). */
const CHOOSE = Array.from({ length: PROGRAM_LENGTH + 1 }, (_, j) => binom(PROGRAM_LENGTH, j));

/** The shapes' weights for one count of required X, with their sums (added in the order they are drawn in). */
interface Shapes {
  readonly weights: Float64Array;
  readonly total: number;
  /** Weight of the repair shape. */
  readonly repair: number;
}

/** The `program` player of machine `seat`: every legal program equally likely, drawn with `rng`. */
export function nhmRandomBot(game: Game, seat: number, rng: Rng): RandomBot<Observation, State> {
  const { actions, shapes } = kitOf(game, seat);
  const a = actions.length;
  return {
    program(obs) {
      const { weights, total, repair } = shapes[obs.requiredX];
      let u = rng.next() * total, shape = 0;
      while (shape < weights.length - 1 && (u -= weights[shape]) >= 0) shape++;
      // A packed literal of PROGRAM_LENGTH (five) codes, not new Array(5): its holes made every later read of it slower.
      const prog = [0, 0, 0, 0, 0];
      if (shape === REPAIR_SHAPE) {
        if (game.repairAllSlots) return prog.fill(CMD_R);
        // j X with at least one R: draw j in proportion to C(PROGRAM_LENGTH, j), j in d..PROGRAM_LENGTH-1.
        let v = rng.next() * repair, j = obs.requiredX;
        while (j < PROGRAM_LENGTH - 1 && (v -= CHOOSE[j]) >= 0) j++;
        return fillX(prog.fill(CMD_R), j, rng);
      }
      for (let k = 0; k < PROGRAM_LENGTH; k++) prog[k] = actions[rng.int(a)];
      return fillX(prog, shape, rng);
    },
  };
}

/** A seat's commands a program draws from (not X, not R) and the shapes' weights for each count of required X. */
interface Kit {
  readonly actions: readonly number[];
  readonly shapes: readonly Shapes[];
}

/** Kits per game and seat, made at a seat's first match (a sweep plays a design many times; making them was a fifth of a short match). */
const kits = new WeakMap<Game, Kit[]>();

function kitOf(game: Game, seat: number): Kit {
  let perSeat = kits.get(game);
  if (!perSeat) kits.set(game, (perSeat = []));
  return (perSeat[seat] ??= makeKit(game, seat));
}

function makeKit(game: Game, seat: number): Kit {
  const actions = Array.from(game.commands[seat]).filter((c) => c !== CMD_X && c !== CMD_R);
  const a = actions.length;
  // The weights depend only on the required X (0..PROGRAM_LENGTH).
  const shapes: Shapes[] = Array.from({ length: PROGRAM_LENGTH + 1 }, (_, d) => {
    // Shapes 0..PROGRAM_LENGTH: j X commands and PROGRAM_LENGTH - j actions (j >= d); then a repair program.
    const weights = new Float64Array(PROGRAM_LENGTH + 2);
    for (let j = 0; j <= PROGRAM_LENGTH; j++) weights[j] = j >= d ? CHOOSE[j] * a ** (PROGRAM_LENGTH - j) : 0;
    // Robo Battle Pigs repairs only as R R R R R; NHM with j X (d <= j < PROGRAM_LENGTH) and R elsewhere.
    let repair = 1;
    if (!game.repairAllSlots) {
      repair = 0;
      for (let j = d; j < PROGRAM_LENGTH; j++) repair += CHOOSE[j];
    }
    weights[REPAIR_SHAPE] = repair;
    let total = 0;
    for (let j = 0; j < weights.length; j++) total += weights[j];
    return { weights, total, repair };
  });
  return { actions, shapes };
}

/** Scratch for fillX: a decision runs to its end before the next starts, so every bot can share it. */
const slots = new Int8Array(PROGRAM_LENGTH);

/** Puts X in `j` distinct random slots (shuffling `slots`). */
function fillX(prog: number[], j: number, rng: { int(n: number): number }): number[] {
  for (let k = 0; k < PROGRAM_LENGTH; k++) slots[k] = k;
  for (let i = 0; i < j; i++) {
    const pick = i + rng.int(PROGRAM_LENGTH - i);
    const t = slots[i];
    slots[i] = slots[pick];
    slots[pick] = t;
    prog[slots[i]] = CMD_X;
  }
  return prog;
}

