/**
 * What every searching bot builds once per match: damage reach tables, a
 * candidate generator per seat, the evaluator, a simulator and the budget.
 */
import type { Mixed } from '../../src/core/bot.js';
import { makeRng } from '../../src/core/rng.js';
import type { BotContext, BotFactory, Program } from '../../src/rules/nhm/botApi.js';
import { defaultChooser } from '../../src/rules/nhm/choices.js';
import { CMD_X, PROGRAM_LENGTH } from '../../src/rules/nhm/commands.js';
import { Game } from '../../src/rules/nhm/game.js';
import { sampleLoadouts } from '../../src/rules/nhm/designSpace.js';
import type { Catalogue, Loadout, Part } from '../../src/rules/nhm/parts.js';
import { copyForSeat, observe } from '../../src/rules/nhm/observe.js';
import { formatProgram, parseProgram, type Notation } from '../../src/rules/nhm/programs.js';
import { defaultStarts } from '../../src/rules/nhm/starts.js';
import { NO_WINNER, State } from '../../src/rules/nhm/state.js';
import { playTurn } from '../../src/rules/nhm/step.js';
import { SimBudget } from './budget.js';
import { CandidateGen } from './candidates.js';
import { Evaluator } from './evaluate.js';
import { reachOf } from './reach.js';
import { Simulator } from './sim.js';
import { nhmModule } from '../../src/rules/nhm/module.js';

/** Builds a searching bot's tools for its seat. */
export function searchKit(ctx: BotContext) {
  const { game, seat } = ctx;
  const reach = reachOf(game);
  return {
    reach,
    gens: Array.from({ length: game.n }, (_, s) => new CandidateGen(game, s, reach)),
    ev: new Evaluator(game, seat, reach),
    sim: new Simulator(game),
    budget: new SimBudget(ctx.budget),
  };
}

/** The rulesets each factory has warmed up on in this process. */
const warmed = new WeakMap<BotFactory, Set<string>>();

/** Turns of the warm-up game of the bot's own match-up, and of each of the others. Each ends at its turn limit (a path of its own). */
const WARM_OWN_TURNS = 10;
const WARM_TURNS = 3;
/** At most this many two-machine games of designs from the catalogue, so parts the first match lacks are compiled too. */
const WARM_GAMES = 6;

/**
 * Designs that between them hold every part of a fixed-seed sample of legal
 * designs (at most `count` of them): picked greedily, most parts not yet held
 * first.
 */
function coveringDesigns(cat: Catalogue, count: number): Loadout[] {
  const pool = sampleLoadouts(cat, 400, 'warm-up');
  const held = new Set<Part>();
  const out: Loadout[] = [];
  while (out.length < count) {
    let best: Loadout | null = null, gain = 0;
    for (const l of pool) {
      const g = l.parts.reduce((n, p) => n + (held.has(p) ? 0 : 1), 0);
      if (g > gain) (best = l), (gain = g);
    }
    if (!best) break;
    out.push(best);
    for (const p of best.parts) held.add(p);
  }
  return out;
}

/**
 * The warm-up's games: the bot's own match-up, then, in Ninja Havoc Machines,
 * two-machine games of designs covering the catalogue's parts (its matches
 * meet designs the first did not). Robo Battle Pigs has one build, so its
 * own match-up is all a run of it meets; a process that goes on to Ninja
 * Havoc Machines warms up again there (warmUp is once a ruleset).
 */
function warmGames(game: Game): Game[] {
  const { catalogue, board, repairAllSlots, rulesetId } = game;
  const machines = game.names.map((name, i) => ({
    name,
    loadout: game.loadouts[i],
    square: game.startSq[i],
    facing: game.startFacing[i],
    hearts: game.startHearts[i],
    shields: game.startShields[i],
  }));
  const out = [new Game({ catalogue, board, machines, repairAllSlots, rulesetId, turnLimit: WARM_OWN_TURNS })];
  if (rulesetId !== nhmModule.id) return out;
  const designs = coveringDesigns(game.catalogue, 2 * WARM_GAMES);
  const starts = defaultStarts(game.board, 2);
  for (let g = 0; 2 * g < designs.length; g++)
    out.push(
      new Game({
        catalogue: game.catalogue,
        board: game.board,
        turnLimit: WARM_TURNS,
        rulesetId: nhmModule.id,
        machines: [0, 1].map((i) => ({ name: 'AB'[i], loadout: designs[(2 * g + i) % designs.length], ...starts[i] })),
      }),
    );
  return out;
}

/** A bot's answer as five codes (a mixed strategy's likeliest program). */
function codesOf(game: Game, seat: number, p: Program | Mixed<Program>, notation: Notation): readonly number[] {
  if (typeof p === 'object' && 'mixed' in p) p = p.mixed.reduce((a, b) => (b.p > a.p ? b : a)).action;
  return typeof p === 'string' ? parseProgram(game, seat, p, notation) : p;
}

/**
 * Compiles a bot's hot code before its first timed decision. The first time a
 * process makes a bot of this factory for a ruleset, copies of it with an RNG
 * of their own play a few turns against each other: in the bot's own
 * match-up, and in Ninja Havoc Machines games of designs covering the
 * catalogue's parts (warmGames), so that a part first met in a later match
 * does not send the engine's or the bot's compiled code back to the
 * interpreter in the middle of a decision.
 * The real bot's RNG is untouched, so its decisions are the same whether or
 * not the process was warm (matches stay a pure function of their seed). The
 * warm-up is only an optimisation: if it fails, the bot is made all the same.
 */
export function warmUp(factory: BotFactory, ctx: BotContext): void {
  const done = warmed.get(factory) ?? new Set<string>(), ruleset = ctx.game.rulesetId;
  if (done.has(ruleset)) return;
  warmed.set(factory, done.add(ruleset));
  try {
    warmGames(ctx.game).forEach((game) => warmGame(factory, ctx, game));
  } catch {
    // (a bot that fails here will fail, and be recorded, in the match itself)
  }
}

/** Copies of the bot play `game` to its (short) turn limit. */
function warmGame(factory: BotFactory, ctx: BotContext, game: Game): void {
  const rng = makeRng('warm-up');
  const notation = game.rulesetId as Notation; // an NHM-engine game's notation is its ruleset's
  const n = game.n;
  const bots = Array.from({ length: n }, (_, seat) => factory({ ...ctx, game, seat, rng, notation }));
  const state = new State(game, 'warm-up'), view = new State(game, 'warm-up');
  const codes = new Uint16Array(PROGRAM_LENGTH * n).fill(CMD_X);
  const last: (string | null)[] = new Array<string | null>(n).fill(null);
  while (state.winner === NO_WINNER) {
    for (let seat = 0; seat < n; seat++) {
      if (!state.alive[seat]) continue;
      copyForSeat(state, view, seat);
      const p = codesOf(game, seat, bots[seat].program(observe(state, seat, notation, last), { seat, state: view }), notation);
      for (let k = 0; k < PROGRAM_LENGTH; k++) codes[PROGRAM_LENGTH * seat + k] = p[k];
    }
    for (let seat = 0; seat < n; seat++) last[seat] = state.alive[seat] ? formatProgram(game, codes, notation, PROGRAM_LENGTH * seat) : null;
    playTurn(state, codes, defaultChooser);
  }
}
