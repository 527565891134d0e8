/**
 * The skilled bot (`skilled`, bots/skilled.ts, bots/lib/mcts/flat.ts): on
 * the NHM engine its flat search keeps to the decision's budget (simulated
 * turns and iterations in `sims`, a wall-clock guard in `ms`), answers
 * legal programs, and a match is a pure function of its seed; on every other
 * ruleset it is `mcts`, move for move.
 */
import { describe, expect, it, vi } from 'vitest';
import { playMatch } from '../../src/match/loop.js';
import { type AnyBotFactory, type Budget, type BotContext } from '../../src/core/bot.js';
import type { AnyGameModule } from '../../src/core/game.js';
import { BOARD_8X8 } from '../../src/core/grid.js';
import { makeRng } from '../../src/core/rng.js';
import { rulesetById, rulesetIds } from '../../src/rules/registry.js';
import { defaultCatalogue } from '../../src/rules/nhm/catalogue.js';
import { Game } from '../../src/rules/nhm/game.js';
import { loadNamedLoadouts } from '../../src/rules/nhm/loadout.js';
import { copyForSeat, observe } from '../../src/rules/nhm/observe.js';
import { checkProgram } from '../../src/rules/nhm/programs.js';
import { defaultStarts } from '../../src/rules/nhm/starts.js';
import { State } from '../../src/rules/nhm/state.js';
import { rbpGame } from '../../src/rules/rbp/index.js';
import skilled from '../../bots/skilled.js';
import mcts from '../../bots/mcts.js';
import random from '../../bots/random.js';
import { FlatSearcher } from '../../bots/lib/mcts/flat.js';
import { buildsFor, randomBot } from '../games/randomMatches.js';

const cat = defaultCatalogue();

function duel(a: string, b: string): Game {
  const named = loadNamedLoadouts(cat), starts = defaultStarts(BOARD_8X8, 2);
  return new Game({ catalogue: cat, machines: [a, b].map((n, i) => ({ name: 'AB'[i], loadout: named.get(n)!, ...starts[i] })) });
}

/** A position a few turns into a game, from seat 0's view. */
function position(game: Game): { st: State; view: State } {
  const st = new State(game, 'skilled-test'), view = new State(game, 'view');
  copyForSeat(st, view, 0);
  return { st, view };
}

describe('skilled on the NHM engine', () => {
  it('beats random at Robo Battle Pigs and plays a match again the same from its seed, without faults', () => {
    const game = rbpGame(cat), mod = rulesetById(game.rulesetId);
    let wins = 0;
    for (let k = 0; k < 3; k++)
      for (const swap of [false, true]) {
        const bots = [skilled, random] as AnyBotFactory[];
        const play = () => playMatch({ module: mod, game, bots: swap ? [...bots].reverse() : bots, seed: `skilled-${k}`, budget: { ms: 60_000, sims: 500 } });
        const r = play(), again = play();
        expect(r.faults).toEqual([0, 0]);
        expect({ w: again.winner, t: again.turns, f: again.figures }).toEqual({ w: r.winner, t: r.turns, f: r.figures });
        if (r.winner === (swap ? 1 : 0)) wins++;
      }
    expect(wins).toBeGreaterThanOrEqual(5);
  });

  it('keeps to its budget: simulated turns at most sims, iterations at most twice sims', () => {
    const game = duel('buzz-brawler', 'buzz-brawler'), { view } = position(game);
    for (const sims of [1, 10, 100, 1000]) {
      const s = new FlatSearcher(game, 0, makeRng('b'), { ms: 60_000, sims });
      const move = s.search(view, null, 'nhm');
      expect(s.simsDone).toBeLessThanOrEqual(sims);
      expect(s.iterationsDone).toBeLessThanOrEqual(2 * sims);
      expect(move.programs.length).toBeGreaterThan(0);
      for (const p of move.programs) expect(checkProgram(view, 0, p, 'nhm')).toBeNull();
    }
  });

  it('the wall clock never shortens a search: past half its budget the move is the same; past the whole budget the decision faults', () => {
    const game = duel('dragon', 'dragon'), { view } = position(game);
    const budget: Budget = { ms: 1000, sims: 600 };
    const search = (now: (() => number) | null) => {
      const s = new FlatSearcher(game, 0, makeRng('clock'), budget);
      const spy = now ? vi.spyOn(performance, 'now').mockImplementation(now) : null;
      try {
        return { move: s.search(view, null, 'nhm'), iterations: s.iterationsDone, sims: s.simsDone };
      } finally {
        spy?.mockRestore();
      }
    };
    const free = search(null);
    expect(free.iterations).toBe(1200);
    // A clock that reads 0 when the decision starts and 750 ms on every later look (mcts's guard stops at 500).
    let first = true;
    expect(search(() => (first ? ((first = false), 0) : 750))).toEqual(free);
    // 1,001 ms on every later look: past the budget, a fault (a HavocError the match records), not a shorter search.
    first = true;
    expect(() => search(() => (first ? ((first = false), 0) : 1001))).toThrow(/ran 1001 ms by the wall clock after \d+ of its 600 simulations, past its budget of 1000 ms/);
  });

  it('a decision is a pure function of the position and the seat RNG', () => {
    const game = duel('telefrag-gambler', 'mine-layer'), { view } = position(game);
    const budget: Budget = { ms: 60_000, sims: 800 };
    const a = new FlatSearcher(game, 0, makeRng('same'), budget).search(view, null, 'nhm');
    const b = new FlatSearcher(game, 0, makeRng('same'), budget).search(view, null, 'nhm');
    expect(b).toEqual(a);
  });

  it('answers through the bot API with a legal program or a mixture of them', () => {
    const game = duel('iron-tank', 'dodger'), { st, view } = position(game);
    const bot = skilled({ seat: 0, rng: makeRng('api'), budget: { ms: 60_000, sims: 300 }, game, notation: 'nhm', rules: { module: rulesetById('nhm'), game } } as BotContext) as { program: (o: unknown, v: unknown) => unknown };
    const answer = bot.program(observe(st, 0, 'nhm', [null, null]), { seat: 0, state: view }) as readonly number[] | { mixed: { action: readonly number[]; p: number }[] };
    const programs = 'mixed' in answer ? answer.mixed.map((m) => m.action) : [answer];
    for (const p of programs) expect(checkProgram(view, 0, p, 'nhm')).toBeNull();
  });
});

describe('skilled on the other rulesets is mcts', () => {
  const engine = new Set(['nhm', 'rbp']);
  for (const id of rulesetIds().filter((x) => !engine.has(x))) {
    it(`${id}: the same match as mcts's from the same seed`, () => {
      const mod: AnyGameModule = rulesetById(id);
      const game = mod.makeGame({ builds: buildsFor(mod, mod.seats.min, `skilled-${id}`)!, turnLimit: 20 });
      const play = (f: AnyBotFactory) => playMatch({ module: mod, game, bots: [f, randomBot(mod)], seed: `skilled-${id}`, budget: { ms: 60_000, sims: 200 } });
      const a = play(skilled as AnyBotFactory), b = play(mcts as AnyBotFactory);
      expect(a.faults).toEqual([0, 0]);
      expect({ ranks: a.ranks, turns: a.turns, figures: a.figures }).toEqual({ ranks: b.ranks, turns: b.turns, figures: b.figures });
    });
  }
});
