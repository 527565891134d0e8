/**
 * `bench-random`: the reference random policy of the Robo Battle Pigs
 * benchmark (issue 14). A pig missing d >= 1 hearts writes `R R R R R` with
 * probability 1/10; otherwise (always when d = 0) it writes exactly d X in
 * uniformly random distinct slots and fills every other slot uniformly from
 * the eight actions `^ v \ / TL TR F H`.
 *
 * A program is drawn from ONE uniform number: PROGRAMS[d] lists every
 * program with exactly d X, so "d random distinct slots, then an action per
 * free slot" is one index into it. The draw is the seat's alea stream (the
 * `ctx.rng` the arena gives every bot); the native `policy` below draws from
 * an inlined alea seeded with the same string (src/rules/rbp/alea.ts), so the
 * bot-API bot and the kernel's native bot play the same programs from the
 * same match seed (test/unit/kernel.test.ts).
 */
import type { BotFactory } from '../src/rules/nhm/botApi.js';
import { CMD_BACK, CMD_FL, CMD_FR, CMD_FWD, CMD_R, CMD_TL, CMD_TR, CMD_X, weaponCmd } from '../src/rules/nhm/commands.js';
import * as commands from '../src/rules/nhm/commands.js';
import { requiredX } from '../src/rules/nhm/state.js';
import { aleaNext } from '../src/core/alea.js';
import { K_ACTIONS, K_CODES, K_HEARTS, K_X, MAX_HEARTS, PROGRAM_IDLE, PROGRAM_REPAIR, type NativePolicy } from '../src/rules/rbp/kernel.js';

// Module-local copies of constants for the hot loops: V8 folds a module's
// own unexported `const`s into optimised code, but loads an imported (or
// exported) binding from its cell at every use.
const PROGRAM_LENGTH = commands.PROGRAM_LENGTH;
const HEARTS = K_HEARTS, FULL = MAX_HEARTS, IDLE = PROGRAM_IDLE, REPAIR = PROGRAM_REPAIR;
const CHANCE = 0.1;

/** Chance of `R R R R R` for a damaged pig. */
export const REPAIR_CHANCE = CHANCE;

/**
 * PROGRAMS[d] (d = 0..5 missing hearts): every packed kernel program with
 * exactly d X and an action in each other slot — X-slot sets by ascending
 * bit mask, then the actions of the free slots as base-8 digits, the first
 * free slot lowest. 32768, 20480, 5120, 640, 40 and 1 programs.
 */
export const PROGRAMS: readonly Int32Array[] = Array.from({ length: MAX_HEARTS + 1 }, (_, d) => {
  const free = PROGRAM_LENGTH - d, fills = K_ACTIONS ** free, out: number[] = [];
  for (let mask = 0; mask < (1 << PROGRAM_LENGTH); mask++) {
    let bits = 0;
    for (let k = 0; k < PROGRAM_LENGTH; k++) bits += (mask >> k) & 1;
    if (bits !== d) continue;
    for (let f = 0; f < fills; f++) {
      let p = 0, rest = f;
      for (let k = 0; k < PROGRAM_LENGTH; k++) {
        if ((mask >> k) & 1) p |= K_X << (4 * k);
        else (p |= (rest % K_ACTIONS) << (4 * k)), (rest = Math.floor(rest / K_ACTIONS));
      }
      out.push(p);
    }
  }
  return Int32Array.from(out);
});

// The tables of PROGRAMS one after another in FLAT (PROGRAMS[d] from
// OFFSET[d] to LAST[d]), and per d the scale from a draw above the repair
// chance to an index: one typed array read where an array of them took three.
const FLAT = new Int32Array(PROGRAMS.reduce((n, t) => n + t.length, 0));
const OFFSET = new Int32Array(16), LAST = new Int32Array(16), SCALE = new Float64Array(16);
PROGRAMS.reduce((at, t, d) => {
  FLAT.set(t, at);
  OFFSET[d] = at;
  LAST[d] = at + t.length - 1;
  SCALE[d] = t.length / (1 - CHANCE);
  return at + t.length;
}, 0);

/** The policy's program (packed kernel codes) for a pig missing `missing` hearts, from one uniform draw `u` in [0, 1). */
export function drawProgram(u: number, missing: number): number {
  if (missing === 0) {
    // PROGRAMS[0][i] is i's five base-8 digits spread to four bits each: computed, not looked up.
    const i = (u * 32768) | 0;
    return (i & 7) | ((i & 0x38) << 1) | ((i & 0x1c0) << 2) | ((i & 0xe00) << 3) | ((i & 0x7000) << 4);
  }
  if (missing >= FULL) return IDLE; // dead: never asked
  if (u < CHANCE) return REPAIR;
  const i = OFFSET[missing] + (((u - CHANCE) * SCALE[missing]) | 0);
  return FLAT[i < LAST[missing] ? i : LAST[missing]];
}

/** The policy as a native bot for the kernel (src/rules/rbp/kernel.ts): one alea draw per program. */
export const policy: NativePolicy = (st, seat, rng) => drawProgram(aleaNext(rng), FULL - st[HEARTS + seat]);

/** The policy through the bot API: same draw, from `ctx.rng`, written as the game's command codes. */
const factory: BotFactory = (ctx) => {
  const { game, rng, seat } = ctx;
  const weapon = (short: string): number => {
    const p = game.catalogue.byKey.get(short);
    return p?.weapon ? weaponCmd(p.index, 0) : -1;
  };
  // Kernel code -> the game's command code.
  const toGame = [CMD_FWD, CMD_BACK, CMD_FL, CMD_FR, CMD_TL, CMD_TR, weapon('F'), weapon('H'), CMD_X, CMD_R];
  if (toGame.length !== K_CODES || !game.repairAllSlots || toGame.some((c) => !game.isLegal(seat, c)))
    throw new Error('bench-random plays Robo Battle Pigs: it needs the pig’s commands and the R R R R R repair');
  return {
    program(_obs, view) {
      const p = drawProgram(rng.next(), requiredX(view.state, seat));
      const out = new Array<number>(PROGRAM_LENGTH);
      for (let k = 0; k < PROGRAM_LENGTH; k++) out[k] = toGame[(p >> (4 * k)) & 15];
      return out;
    },
  };
};

export default factory;
