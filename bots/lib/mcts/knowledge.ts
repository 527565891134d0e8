/**
 * What `mcts` knows of each built-in ruleset beyond the game interface: an
 * action generator, an evaluator and, for hidden information, a belief
 * sampler — each optional. A ruleset not listed here (a user's, a test's) is
 * searched with the interface alone: candidates from its `legal` actions,
 * playouts to the end. Rulesets are told apart by their id (KNOWLEDGE).
 *
 * - Ninja Havoc Machines and Robo Battle Pigs: the search bots' candidate
 *   programs (candidates.ts: five slots' product cut to a few dozen), led by
 *   the guesses minimax and nash make (standing still firing what bears;
 *   at the root, last turn's program again), and their position evaluator
 *   (evaluate.ts; for two machines one zero-sum value).
 * - Hovercrafts: the pilot's program first (at the root its runners-up
 *   too), then random ones; hull left and enemies in the ships' sights, own
 *   team against the others.
 * - What Blind Ninjas?: the tracker's belief (ninjaBelief.ts) draws where the
 *   enemy ninjas stand; at the root the tracker's orders lead the seat's
 *   candidates; ninjas alive, own against the others, after two random steps.
 * - Battle Engine: every legal step (a few dozen at most), the commander's
 *   deployment first; the commander's material-and-position evaluator,
 *   backed up as a minimax too (implicit minimax, search.ts).
 */
import type { BotContext } from '../../../src/core/bot.js';
import type { AnyGameModule } from '../../../src/core/game.js';
import type { Rng } from '../../../src/core/rng.js';
import { canonicalDeployment, DEPLOY, legalSteps, type BeAction } from '../../../src/rules/battle-engine/actions.js';
import { BATTLE_ENGINE_ID, randomDeployment } from '../../../src/rules/battle-engine/module.js';
import { copyBeState, newBeState, type BeState } from '../../../src/rules/battle-engine/state.js';
import { applyStep } from '../../../src/rules/battle-engine/step.js';
import type { BnObservation } from '../../../src/rules/blind-ninjas/knowledge.js';
import { NINJAS } from '../../../src/rules/blind-ninjas/room.js';
import { aliveCount, type BnState, DEAD, UNKNOWN } from '../../../src/rules/blind-ninjas/state.js';
import type { BnBotContext } from '../../../src/rules/blind-ninjas/botApi.js';
import type { HoverBotContext } from '../../../src/rules/hovercrafts/botApi.js';
import { hullLeft, type HoverState } from '../../../src/rules/hovercrafts/state.js';
import type { Game } from '../../../src/rules/nhm/game.js';
import { nhmModule } from '../../../src/rules/nhm/module.js';
import { hoverModule } from '../../../src/rules/hovercrafts/module.js';
import { blindNinjasModule } from '../../../src/rules/blind-ninjas/module.js';
import { rbpModule } from '../../../src/rules/rbp/module.js';
import type { State } from '../../../src/rules/nhm/state.js';
import type { Observation } from '../../../src/rules/nhm/observe.js';
import type { Notation } from '../../../src/rules/nhm/programs.js';
import { repeatLast } from '../predict.js';
import { commanderDeployment, evaluate as battleValue } from '../battle-search.js';
import { CandidateGen } from '../candidates.js';
import { ProgramList } from '../programList.js';
import { Evaluator } from '../evaluate.js';
import { NinjaBelief } from '../ninjaBelief.js';
import { reachOf } from '../reach.js';
import pilot, { pBeat } from '../../pilot.js';
import { frontHexes } from '../../../src/core/hex.js';
import { BALLISTIC, SHIELD } from '../../../src/rules/hovercrafts/ships.js';
import { makeTracker } from '../../tracker.js';
import { randomCandidates, type Knowledge } from './search.js';

/** A logistic squashing of a score difference into a value in (0, 1). */
const squash = (x: number): number => 1 / (1 + Math.exp(-x));

/**
 * What `mcts` knows, by ruleset id: declared, not guessed from the context's
 * shape. A ruleset not listed is searched with the interface alone.
 */
const machines = (ctx: BotContext): Knowledge => machineKnowledge(ctx.rules!.game as Game, ctx.notation as Notation);
const KNOWLEDGE: Readonly<Record<string, (ctx: BotContext) => Knowledge>> = {
  // By the modules' ids (only src/rules spells those ids: test/unit/layering.test.ts).
  [nhmModule.id]: machines,
  [rbpModule.id]: machines,
  [hoverModule.id]: (ctx) => hoverKnowledge(ctx as HoverBotContext),
  [blindNinjasModule.id]: (ctx) => ninjaKnowledge(ctx as BnBotContext & BotContext),
  [BATTLE_ENGINE_ID]: () => battleKnowledge(),
};

/** The knowledge for a bot's match (the empty knowledge for a ruleset not listed: legal candidates, playouts to the end). */
export function knowledgeFor(ctx: BotContext): Knowledge {
  const id = ctx.rules?.module.id;
  return id !== undefined && Object.hasOwn(KNOWLEDGE, id) ? KNOWLEDGE[id](ctx) : {};
}

/** Programs' values are on the evaluator's scale (a heart is 10): a heart up is worth about 0.58. */
const NHM_SCALE = 30;

function machineKnowledge(game: Game, notation: Notation): Knowledge {
  const reach = reachOf(game);
  const gens = Array.from({ length: game.n }, (_, s) => new CandidateGen(game, s, reach));
  const evs = Array.from({ length: game.n }, (_, s) => new Evaluator(game, s, reach));
  const list = new ProgramList(32);
  const still: number[] = [];
  /** The programs each machine played last turn, as the root's observation shows them. */
  let last: (string | null)[] | null = null;
  return {
    // Candidates a seat, best first (measured against nash, 180 games: 20 gave 23% of decided games, 32 35.5%, 44 38%,
    // 64 54%, 96 47.5%, 128 53% at 35 ms a decision): the answer the opponent plays must be among them.
    maxCandidates: 64,
    c: 0.05,
    // A joint cell is valued by the evaluator after its turn until reached 60 times (the search's default is 4):
    // expanded sooner, it is valued by the mean of its own exploration, below its best play, and the search drifts off
    // the cells that matter; and the mixture keeps only actions with 15% of the visits (docs/bots.md has the measurements).
    expandAfter: 60,
    floor: 0.15,
    observe(obs) {
      last = (obs as Observation).machines.map((m) => m.lastProgram);
    },
    // Every machine's last program is shown to all: the tree below last turn's joint program is kept.
    played: () => last,
    candidates(st, seat, _kind, max, _rng, root) {
      // As minimax and nash guess (predict.ts): standing still firing what bears, and last turn's program again, ahead of the generated.
      const s = st as State;
      gens[seat].generate(s, max, list);
      gens[seat].stillProgram(s, still);
      list.putFirst(still, root && last ? repeatLast(game, s, seat, last[seat], notation) : null);
      const out: number[][] = [];
      for (let i = 0; i < list.count && i < max; i++) out.push(list.get(i));
      return out;
    },
    evaluate(st, out) {
      // Two seats: one zero-sum value (each seat's evaluation against the other's), so the search plays the game the result ranks.
      if (game.n === 2) {
        const v = squash((evs[0].value(st as State) - evs[1].value(st as State)) / (2 * NHM_SCALE));
        out[0] = v;
        out[1] = 1 - v;
      } else for (let s = 0; s < game.n; s++) out[s] = squash(evs[s].value(st as State) / NHM_SCALE);
    },
  };
}

/** A ruleset's own bot's answer, parsed, ahead of random candidates (none twice). */
function withFirst(mod: AnyGameModule, st: unknown, seat: number, kind: string, first: unknown, max: number, rng: Rng): unknown[] {
  return withLeads(mod, st, seat, kind, first === null ? [] : [first], max, rng);
}

/** Answers in the ruleset's notation, the legal ones parsed, ahead of random candidates (none twice). */
function withLeads(mod: AnyGameModule, st: unknown, seat: number, kind: string, leads: readonly unknown[], max: number, rng: Rng): unknown[] {
  const out: unknown[] = [], keys = new Set<string>();
  for (const first of leads) {
    const p = mod.parse(st, seat, kind, first);
    if (!p.ok || mod.check(st, seat, kind, p.value) !== null) continue;
    const key = mod.format(st, seat, kind, p.value);
    if (out.length < max && !keys.has(key)) out.push(p.value), keys.add(key);
  }
  for (const a of randomCandidates(mod, st, seat, kind, max, rng)) {
    const key = mod.format(st, seat, kind, a);
    if (out.length < max && !keys.has(key)) out.push(a), keys.add(key);
  }
  return out;
}

/** What an enemy in a ship's sights is worth, in hull points (measured: 2, 3, 4 and 6 gave 47%, 49%, 42% and 37% of decided games against pilot). */
const HOVER_AIM = 3;

function hoverKnowledge(ctx: HoverBotContext): Knowledge {
  const game = ctx.hovercrafts, mod = ctx.rules!.module;
  const teams = Math.max(...Array.from(game.team)) + 1;
  const hull = new Float64Array(teams);
  // Every seat's first candidate is the pilot's program for it (the pilot reads only the state).
  const pilots = Array.from({ length: game.seats }, (_, seat) => pilot({ ...ctx, seat }));
  return {
    // The evaluator at once: two random steps first made the values noise (docs/bots.md).
    rolloutDepth: 0,
    c: 0.05,
    // Below the root most candidates are not legal in the world drawn (the Energy checks set each ship's actions), so
    // growing the tree early bought little: expanding at 60 visits, 53.7% of decided games against pilot (500 games)
    // at 12.2 ms a decision, against 52.1% at 4 and 35.1 ms.
    expandAfter: 60,
    // At the root the pilot's runners-up too (each ship's plan ranked 2nd, 3rd…: 49% of decided games against pilot
    // without them, 52.5% with 6, 52.4% with 12; below the root they cost more than they bring: 6 everywhere, 69 ms a decision).
    candidates: (st, seat, kind, max, rng, root) => withLeads(mod, st, seat, kind, pilots[seat].variants(st as HoverState, root ? 6 : 1), max, rng),
    evaluate(st, out) {
      const h = st as HoverState;
      hull.fill(0);
      for (let s = 0; s < game.ships; s++) if (h.out[s] === 0) hull[game.team[s]] += Math.max(0, hullLeft(h, s));
      // Aim: each enemy in a ship's three front hexes (where its shots go), worth the chance its Ballistic check beats
      // that enemy's Shield, twice on a last hull point (as the pilot scores a firing position), HOVER_AIM hull points each.
      for (let s = 0; s < game.ships; s++) {
        if (h.out[s] !== 0) continue;
        const f = frontHexes(game.hex, h.cell[s], h.facing[s]);
        for (let e = 0; e < game.ships; e++) {
          if (h.out[e] !== 0 || game.team[e] === game.team[s]) continue;
          if (f[0] === h.cell[e] || f[1] === h.cell[e] || f[2] === h.cell[e])
            hull[game.team[s]] += HOVER_AIM * pBeat(game.stats[4 * s + BALLISTIC], game.stats[4 * e + SHIELD]) * (hullLeft(h, e) <= 1 ? 2 : 1);
        }
      }
      for (let seat = 0; seat < game.seats; seat++) {
        const t = game.seatTeam[seat];
        let others = 0;
        for (let u = 0; u < teams; u++) if (u !== t) others += hull[u];
        out[seat] = squash(0.6 * (hull[t] - others / Math.max(1, teams - 1)));
      }
    },
  };
}

function ninjaKnowledge(ctx: BnBotContext & BotContext): Knowledge {
  const game = ctx.blindNinjas.game, me = ctx.seat, mod = ctx.rules!.module;
  const belief = new NinjaBelief(game, me);
  const n = game.players;
  // The tracker's orders lead the seat's candidates at the root (its belief follows the real observations only).
  const tracker = makeTracker(ctx);
  let lead: string | null = null;
  return {
    maxCandidates: 24,
    rolloutDepth: 2,
    c: 0.02,
    observe(obs) {
      belief.update(obs as BnObservation);
      lead = tracker.orders(obs as BnObservation, null as never) as string;
    },
    candidates: (st, seat, kind, max, rng, root) => withFirst(mod, st, seat, kind, root && seat === me ? lead : null, max, rng),
    determinize(st, rng) {
      const s = st as BnState;
      for (let v = 0; v < n; v++) {
        if (v === me) continue;
        for (let k = 0; k < NINJAS; k++) {
          const i = v * NINJAS + k;
          if (s.sq[i] !== UNKNOWN) continue;
          // Drawn from the belief, a few tries to keep one player's ninjas on distinct squares.
          for (let t = 0; t < 4; t++) {
            const x = drawState(belief.p[i], rng);
            if (x === belief.dead) {
              s.sq[i] = DEAD;
              break;
            }
            const sq = x >> 2;
            let taken = false;
            for (let q = v * NINJAS; q < i; q++) if (s.sq[q] === sq) taken = true;
            s.sq[i] = sq;
            s.facing[i] = x & 3;
            if (!taken) break;
          }
        }
      }
    },
    evaluate(st, out) {
      const s = st as BnState;
      let total = 0;
      for (let v = 0; v < n; v++) total += aliveCount(s, v);
      for (let v = 0; v < n; v++) {
        const mine = aliveCount(s, v);
        out[v] = squash(0.9 * (mine - (total - mine) / Math.max(1, n - 1)));
      }
    },
  };
}

/** A state index drawn in proportion to a distribution's weights. */
function drawState(p: Float64Array, rng: Rng): number {
  let total = 0;
  for (let i = 0; i < p.length; i++) total += p[i];
  let u = rng.next() * total;
  for (let i = 0; i < p.length; i++) if ((u -= p[i]) < 0) return i;
  return p.length - 1;
}

/** Battle Engine's evaluator scale: a private's price and hit points are a few points. */
const noName = (): string => '';
const BE_SCALE = 4;

function battleKnowledge(): Knowledge {
  const steps: BeAction[] = [];
  let scratch: BeState | null = null;
  const order: { a: BeAction; v: number }[] = [];
  return {
    maxCandidates: 32,
    c: 0.05,
    // Steps alternate by turns, as in the games implicit minimax was measured on; it pairs with the low c (docs/bots.md).
    implicit: 0.6,
    pure: true,
    candidates(st, seat, kind, max, rng) {
      const s = st as BeState;
      if (kind === 'deploy') {
        const out: unknown[] = [{ t: DEPLOY, from: -1, to: -1, squares: canonicalDeployment(s, seat, commanderDeployment(s, seat)) }];
        for (let k = 1; k < Math.min(max, 6); k++) out.push(randomDeployment(s, seat, rng));
        return out;
      }
      // Best first, by the evaluator one step on (so progressive widening opens the likely steps first).
      const legal = legalSteps(s, seat, steps);
      scratch ??= newBeState(s.game, 'mcts');
      order.length = 0;
      for (const a of legal) {
        copyBeState(s, scratch);
        applyStep(scratch, a, null, noName);
        order.push({ a, v: battleValue(scratch, seat) });
      }
      order.sort((x, y) => y.v - x.v);
      return order.slice(0, max).map((o) => o.a);
    },
    evaluate(st, out) {
      // Seat B's value is seat A's negated, to the bit (the same sum with every term's sign flipped): evaluated once.
      const v = battleValue(st as BeState, 0);
      out[0] = squash(v / BE_SCALE);
      out[1] = squash(-v / BE_SCALE);
    },
  };
}
