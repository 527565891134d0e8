/**
 * The search bot (`mcts`, bots/lib/mcts/): it plays every registered ruleset
 * (and Kuhn poker, a ruleset it knows nothing of) through the game interface,
 * decides from its seat's view alone, keeps to its budget, and its mixed
 * strategies are measured exactly on small games: Kuhn poker's twelve
 * information sets, and the one-turn matrix game of two machines in reach of
 * each other.
 */
import { describe, expect, it } from 'vitest';
import { playMatch } from '../../src/match/loop.js';
import { type AnyBotFactory, type Budget, type BotContext, DEFAULT_BUDGET } from '../../src/core/bot.js';
import { type AnyGameModule, nextDeciders } from '../../src/core/game.js';
import { BOARD_8X8, parseSquare } from '../../src/core/grid.js';
import { makeRng, matchSeed } from '../../src/core/rng.js';
import { registerRuleset, rulesetById, rulesetIds } from '../../src/rules/registry.js';
import { defaultCatalogue } from '../../src/rules/nhm/catalogue.js';
import { Game } from '../../src/rules/nhm/game.js';
import { loadNamedLoadouts } from '../../src/rules/nhm/loadout.js';
import { copyForSeat } from '../../src/rules/nhm/observe.js';
import { State } from '../../src/rules/nhm/state.js';
import { rbpGame } from '../../src/rules/rbp/index.js';
import mcts from '../../bots/mcts.js';
import mctsRm from '../../bots/mcts-rm.js';
import random from '../../bots/random.js';
import nash from '../../bots/nash.js';
import { makeMcts } from '../../bots/lib/mcts/bot.js';
import { knowledgeFor } from '../../bots/lib/mcts/knowledge.js';
import { DEFAULT_SEARCH, Searcher, type TreeNode } from '../../bots/lib/mcts/search.js';
import { warmUp as searchWarmUp } from '../../bots/lib/mcts/warmUp.js';
import { battleEngineModule } from '../../src/rules/battle-engine/module.js';
import { defaultRoster } from '../../src/rules/battle-engine/roster.js';
import { hovercraftsModule } from '../../src/rules/hovercrafts/module.js';
import { SeatStats } from '../../bots/lib/mcts/select.js';
import kuhnModule, { KuhnState } from '../games/kuhn/index.js';
import { completeModule } from '../../src/core/complete.js';
import { buildsFor, randomBot } from '../games/randomMatches.js';
import { blindNinjaTwins } from '../blind-ninjas/twins.js';

/** Kuhn poker as the registry holds it: completed with the interface's defaults. */
const kuhn = completeModule(kuhnModule);

registerRuleset(kuhn);

const SMALL: Budget = { ms: 60_000, sims: 300 };

/** A bot of `factory` with the rules in its context, as the arena makes it. */
function botOf(factory: AnyBotFactory, mod: AnyGameModule, game: unknown, seat: number, seed: string, budget: Budget = SMALL) {
  return factory({ seat, rng: makeRng(seed), budget, ...mod.botContext(game), rules: { module: mod, game } } as BotContext) as Record<string, unknown>;
}

describe('mcts plays every ruleset through the interface', () => {
  for (const id of [...rulesetIds(), 'kuhn']) {
    it(`${id}: a match against random, no faults, and the same match again from the same seed`, () => {
      const mod = rulesetById(id);
      const builds = buildsFor(mod, mod.seats.min, `mcts-${id}`)!;
      const game = mod.makeGame({ builds, turnLimit: 30 });
      const once = () => playMatch({ module: mod, game, bots: [mcts as AnyBotFactory, randomBot(mod)], seed: `mcts-${id}`, budget: SMALL });
      const a = once(), b = once();
      expect(a.faults).toEqual([0, 0]);
      expect(a.faultLog).toEqual([]);
      expect({ ranks: b.ranks, turns: b.turns, figures: b.figures }).toEqual({ ranks: a.ranks, turns: a.turns, figures: a.figures });
    });
  }

  it('beats random at Robo Battle Pigs (10 seat-swapped games, at least 9)', () => {
    const mod = rulesetById(rbpGame(defaultCatalogue()).rulesetId);
    const game = rbpGame(defaultCatalogue());
    let wins = 0;
    for (let k = 0; k < 5; k++)
      for (const swap of [false, true]) {
        const bots = [mcts, random] as AnyBotFactory[];
        const r = playMatch({ module: mod, game, bots: swap ? bots.reverse() : bots, seed: `vs-random-${k}`, budget: { ms: 60_000, sims: 1000 } });
        if (r.winner === (swap ? 1 : 0)) wins++;
      }
    expect(wins).toBeGreaterThanOrEqual(9);
  });

  it('keeps to its simulation budget and answers mid-step questions with the default', () => {
    const game = rbpGame(defaultCatalogue());
    const mod = rulesetById(game.rulesetId);
    const bot = botOf(mcts as AnyBotFactory, mod, game, 0, 'budget', { ms: 60_000, sims: 150 }) as { searcher: Searcher; program: Function; dodge: Function };
    const st = mod.newState(game, 'budget'), view = mod.newState(game, 'budget');
    mod.seatState(st, 0, view, new Uint32Array([1, 2, 3, 4]));
    const ans = bot.program(mod.observe(st, 0), { seat: 0, state: view }) as { mixed: { action: string; p: number }[] };
    expect(bot.searcher.sims).toBeGreaterThan(0);
    expect(bot.searcher.sims).toBeLessThanOrEqual(150);
    expect(ans.mixed.length).toBeGreaterThan(0);
    for (const m of ans.mixed) expect(mod.parse(st, 0, 'program', m.action).ok).toBe(true);
    expect(ans.mixed.reduce((s, m) => s + m.p, 0)).toBeCloseTo(1, 9);
    // Dodge is a question asked mid-step, not the node's decision: no answer, the rulebook's default.
    expect(bot.dodge(mod.observe(st, 0), { seat: 0, state: view }, [])).toBeNull();
  });

  it('goes on from the last tree where the observation shows the joint action played (NHM: every last program)', () => {
    const game = rbpGame(defaultCatalogue());
    const mod = rulesetById(game.rulesetId);
    const capture: AnyBotFactory = (ctx) => {
      const b = (mcts as AnyBotFactory)(ctx) as { searcher: Searcher; program: Function };
      return { program: (obs: unknown, view: unknown) => {
        const out = b.program(obs, view);
        reused.push(b.searcher.reused);
        return out;
      } };
    };
    const reused: boolean[] = [];
    const r = playMatch({ module: mod, game, bots: [capture, capture], seed: 'reuse', budget: { ms: 60_000, sims: 600 } });
    expect(r.turns).toBeGreaterThan(2);
    // The first decision of each seat starts afresh; later ones go on from the node of the turn played, when the tree holds it.
    expect(reused.slice(0, 2)).toEqual([false, false]);
    // Measured: 198 of 200 decisions. (Since NHM's cells are expanded only after 60 visits, the node gone on from
    // seldom holds statistics of its own: docs/bots.md, "Between decisions".)
    expect(reused.filter(Boolean).length).toBeGreaterThan(reused.length / 2);
  });

  it('plays only what its view allows when it keeps a tree the dice made otherwise (a ladder game once faulted: NHM telefrag-gamblers)', () => {
    const cat = defaultCatalogue(), named = loadNamedLoadouts(cat);
    const game = new Game({
      catalogue: cat,
      machines: [0, 1].map((i) => ({ name: 'AB'[i], loadout: named.get('telefrag-gambler')!, square: parseSquare(BOARD_8X8, ['d8', 'e1'][i]), facing: [2, 0][i] })),
    });
    const mod = rulesetById(game.rulesetId);
    const r = playMatch({ module: mod, game, bots: [nash as AnyBotFactory, mcts as AnyBotFactory], seed: matchSeed('ladder/telefrag-gambler', 8), budget: DEFAULT_BUDGET });
    expect(r.faultLog).toEqual([]);
  });

  it('decides the same whether or not its process warmed the search up (Battle Engine and Hovercrafts, fresh modules)', () => {
    const decideWith = (mod: AnyGameModule, game: unknown, warm: boolean) => {
      // A module marked warm without warming (the copies' maker fails at once) gives a cold bot.
      if (!warm) searchWarmUp({ seat: 0, rng: makeRng('x'), budget: SMALL, rules: { module: mod, game } } as BotContext, () => { throw new Error('cold'); });
      const st = mod.newState(game, 'warm-or-cold');
      const seats = nextDeciders(mod, st)!;
      const view = mod.newState(game, 'v');
      mod.seatState(st, seats[0], view, new Uint32Array([9, 8, 7, 6]));
      const bot = botOf(mcts as AnyBotFactory, mod, game, seats[0], 'warm-or-cold') as { decide: Function; searcher: Searcher };
      return bot.decide(mod.observe(st, seats[0]), { seat: seats[0], state: view }, mod.decision(st, seats[0]));
    };
    const battle = () => {
      const mod = battleEngineModule(defaultRoster()) as unknown as AnyGameModule;
      return { mod, game: mod.makeGame({ builds: buildsFor(mod, 2, 'warm')! }) };
    };
    const hover = () => {
      const mod = hovercraftsModule() as unknown as AnyGameModule;
      return { mod, game: mod.makeGame({ builds: ['duo', 'duo'] }) };
    };
    for (const make of [battle, hover]) {
      const cold = make(), warm = make();
      expect(decideWith(warm.mod, warm.game, true)).toEqual(decideWith(cold.mod, cold.game, false));
    }
  });

  it('decides from its seat view alone: What Blind Ninjas? rooms that differ only where the enemy stands give the same decision', () => {
    const mod = rulesetById('blind-ninjas');
    const game = mod.makeGame({ builds: ['ninjas', 'ninjas'] });
    for (let i = 0; i < 4; i++) {
      const { a, b, seat } = blindNinjaTwins(game, i);
      const decide = (truth: unknown) => {
        const view = mod.newState(game, 'v');
        mod.seatState(truth, seat, view, new Uint32Array([5, 6, 7, 8]));
        const bot = botOf(mcts as AnyBotFactory, mod, game, seat, `twins-${i}`);
        return (bot.orders as Function)(mod.observe(truth, seat), { seat, state: view });
      };
      expect(decide(b)).toEqual(decide(a));
    }
  });
});

// ---- exploitability, computed exactly ------------------------------------------------

/** Kuhn poker as the interface ranks it (win or lose, whatever the stake): seat 0's payoff, +1 or -1. */
function kuhnPayoff(c0: number, c1: number, h: readonly number[]): number {
  if (h.length >= 2 && h[h.length - 1] === 0 && h[h.length - 2] === 1) return h.length === 2 ? 1 : -1; // a fold
  return c0 > c1 ? 1 : -1;
}
const kuhnOver = (h: readonly number[]): boolean => h.length === 3 || (h.length === 2 && !(h[0] === 0 && h[1] === 1));

/** p(bet) at each information set of a seat: `${card}:${history}`. */
type KuhnStrategy = (seat: number, card: number, h: readonly number[]) => number;

/** NashConv of a strategy profile: each seat's best-response gain, summed (0 exactly at an equilibrium). */
function kuhnNashConv(sigma: KuhnStrategy): number {
  let total = 0;
  for (const br of [0, 1]) {
    const sign = br === 0 ? 1 : -1;
    let v = 0;
    for (let c = 0; c < 3; c++) {
      const opp = [0, 1, 2].filter((o) => o !== c);
      // W(h, reach): the best responder's value over the opponent's cards, weighted by the opponent's reach.
      const W = (h: number[], reach: number[]): number => {
        if (kuhnOver(h)) return opp.reduce((s, o, k) => s + 0.5 * reach[k] * sign * (br === 0 ? kuhnPayoff(c, o, h) : kuhnPayoff(o, c, h)), 0);
        const toAct = h.length % 2;
        if (toAct === br) return Math.max(W([...h, 0], reach), W([...h, 1], reach));
        const pb = opp.map((o) => sigma(toAct, o, h));
        return W([...h, 0], reach.map((r, k) => r * (1 - pb[k]))) + W([...h, 1], reach.map((r, k) => r * pb[k]));
      };
      v += W([], [1, 1]) / 3;
    }
    total += v;
  }
  return total;
}

/** The search's strategy at every Kuhn information set for a simulation budget. */
function kuhnSearchStrategy(sims: number, selection: 'uct' | 'rm'): KuhnStrategy {
  const game = kuhn.makeGame({ builds: ['standard', 'standard'] });
  const memo = new Map<string, number>();
  return (seat, card, h) => {
    const key = `${seat}:${card}:${h.join('')}`;
    let p = memo.get(key);
    if (p !== undefined) return p;
    const view = new KuhnState();
    view.cards[seat] = card;
    view.cards[1 - seat] = (card + 1) % 3; // drawn afresh by every iteration's seatState
    h.forEach((a, i) => (view.hist[i] = a));
    view.len = h.length;
    const s = new Searcher(kuhn as AnyGameModule, game, seat, makeRng(`kuhn-${key}`), { ms: 60_000, sims }, {}, { ...DEFAULT_SEARCH, selection });
    const m = s.search(view, 'bet');
    p = m.mixed.filter((x) => x.action === 'bet' || x.action === 'call').reduce((t, x) => t + x.p, 0);
    memo.set(key, p);
    return p;
  };
}

describe('implicit minimax backups (Battle Engine)', () => {
  it("selection weighs a candidate's minimax value against its mean", () => {
    const o = { ...DEFAULT_SEARCH, c: 0.05, implicit: 0.6 };
    const st = new SeatStats(2);
    st.add('a', 'a');
    st.add('b', 'b');
    // Equal means; b's subtree holds the better minimax value.
    for (const i of [0, 1]) for (let k = 0; k < 10; k++) st.update(o, i, 0.5);
    st.h = new Float64Array([0.4, 0.7]);
    expect(st.pick(o, 0)).toBe(1);
    st.h = new Float64Array([0.7, 0.4]);
    expect(st.pick(o, 0)).toBe(0);
    // Without the weight, or without a known value, the means alone (a tie: the first).
    expect(st.pick({ ...o, implicit: 0 }, 0)).toBe(0);
    st.h = new Float64Array([NaN, 0.7]);
    expect(st.pick(o, 0)).toBe(1);
  });

  it("a one-seat node's heuristic value is its acting seat's best child's, in every search of a match", () => {
    const mod = rulesetById('battle-engine');
    const game = mod.makeGame({ builds: buildsFor(mod, 2, 'implicit')!, turnLimit: 40 });
    let checked = 0, searches = 0;
    const walk = (node: TreeNode): void => {
      if (node.hv) for (const x of node.hv) expect(x >= 0 && x <= 1).toBe(true);
      if (node.seats?.length === 1 && node.hv) {
        const s = node.seats[0], stats = node.stats[0];
        let best = -Infinity;
        for (let i = 0; i < stats.size; i++) {
          const child = node.children.get(i + 1);
          if (!child?.hv) continue;
          expect(stats.h![i]).toBe(child.hv[s]);
          best = Math.max(best, child.hv[s]);
        }
        // (No child valued yet, an iteration having left the tree below it: still its own mean as a leaf.)
        if (best > -Infinity) expect(node.hv[s]).toBe(best), checked++;
      }
      for (const child of node.children.values()) walk(child);
    };
    const capture: AnyBotFactory = (ctx) => {
      const b = (mcts as AnyBotFactory)(ctx) as { searcher: Searcher } & Record<string, Function>;
      return new Proxy(b, {
        get: (t, k) => (typeof k === 'string' && k !== 'then' && k !== 'searcher' ? (obs: unknown, view: unknown) => {
          const out = t[k](obs, view);
          if (t.searcher.root) searches++, walk(t.searcher.root);
          return out;
        } : undefined),
      });
    };
    const r = playMatch({ module: mod, game, bots: [capture, capture], seed: 'implicit', budget: { ms: 60_000, sims: 400 } });
    expect(r.faultLog).toEqual([]);
    // Measured: 44 searches, 846 nodes checked.
    expect(searches).toBeGreaterThan(20);
    expect(checked).toBeGreaterThan(10 * searches);
  });
});

describe('exploitability of the search on small games', () => {
  it('Kuhn poker: a uniform strategy is exploitable, an equilibrium is not (the measure itself)', () => {
    expect(kuhnNashConv(() => 0.5)).toBeGreaterThan(0.3);
    // The win-or-lose game's equilibrium: bet and call always (a fold loses as surely as the worse card, so calling
    // weakly dominates folding, and then betting first or checking both come to the showdown).
    const eq: KuhnStrategy = () => 1;
    expect(kuhnNashConv(eq)).toBeCloseTo(0, 12);
  });

  it('Kuhn poker: the exploitability of the search shrinks with its budget to under 0.01', () => {
    const conv = [30, 300, 3000].map((sims) => kuhnNashConv(kuhnSearchStrategy(sims, 'uct')));
    // Measured: 0.079, 0, 0 (and 0 at every budget with regret matching).
    expect(conv[2]).toBeLessThan(conv[0]);
    expect(conv[2]).toBeLessThan(0.01);
    expect(kuhnNashConv(kuhnSearchStrategy(300, 'rm'))).toBeLessThan(0.01);
  });

  it('a one-turn matrix game of two machines in reach: regret matching at the root approaches its equilibrium', () => {
    const cat = defaultCatalogue();
    const named = loadNamedLoadouts(cat);
    const sq = (n: string) => parseSquare(BOARD_8X8, n);
    const game = new Game({
      catalogue: cat,
      machines: [
        { name: 'A', loadout: named.get('buzz-brawler')!, square: sq('d3'), facing: 0 },
        { name: 'B', loadout: named.get('buzz-brawler')!, square: sq('e6'), facing: 2 },
      ],
    });
    const mod = rulesetById(game.rulesetId);
    const ctx = { seat: 0, rng: makeRng('m'), budget: SMALL, ...mod.botContext(game), rules: { module: mod, game } } as BotContext;
    // The matrix of 20 candidates a seat (the search's own default is 64: a larger game, slower to converge).
    const know = { ...knowledgeFor(ctx), maxCandidates: 20 };
    const st = new State(game, 'matrix'), view = new State(game, 'matrix');
    copyForSeat(st, view, 0);
    const conv = (sims: number): number => {
      const s = new Searcher(mod, game, 0, makeRng(`matrix-${sims}`), { ms: 60_000, sims }, know, { ...DEFAULT_SEARCH, selection: 'rm', maxDepth: 1 });
      s.search(view, 'program');
      const root = s.root!;
      const [s0, s1] = root.stats;
      const sig = (x: typeof s0) => {
        const p = new Float64Array(x.size);
        for (const { index, p: w } of x.strategy(s.opts, 0)) p[index] = w;
        return p;
      };
      const p0 = sig(s0), p1 = sig(s1);
      // The exact payoff matrix of the root's candidates: one turn, then the evaluator (zero-sum for two seats).
      const after = new State(game, 'm'), out = new Float64Array(2);
      const M = s0.actions.map((a) =>
        s1.actions.map((b) => {
          mod.copy(view, after);
          mod.apply(after, [a, b], () => null);
          know.evaluate!(after, out);
          return out[0];
        }),
      );
      const row = M.map((r) => r.reduce((t, x, j) => t + x * p1[j], 0));
      const col = s1.actions.map((_, j) => M.reduce((t, r, i) => t + r[j] * p0[i], 0));
      return Math.max(...row) - Math.min(...col);
    };
    const c = [200, 2000, 20000, 200000].map(conv);
    // Measured: 0.240, 0.161, 0.065, 0.016 (about 1/sqrt(budget), as sampled regret matching goes).
    for (let i = 1; i < c.length; i++) expect(c[i]).toBeLessThan(c[i - 1]);
    expect(c[3]).toBeLessThan(0.03);
  });
});

describe('mcts-rm', () => {
  it('plays Robo Battle Pigs against random without faults', () => {
    const game = rbpGame(defaultCatalogue());
    const mod = rulesetById(game.rulesetId);
    const r = playMatch({ module: mod, game, bots: [mctsRm as AnyBotFactory, random as AnyBotFactory], seed: 'rm', budget: SMALL });
    expect(r.faults).toEqual([0, 0]);
    expect(makeMcts).toBeTypeOf('function');
  });
});
