/**
 * The bot API (issue 4): faults cost a turn and never the match, a seat sees
 * only its own secrets, the built-in bots play legal programs on any loadout
 * and 2-4 machines, deterministically per seed, and greedy beats random.
 * Also the bots' library: the simulator, the candidate generator, the solver.
 */
import { describe, expect, it } from 'vitest';
import { playMatch, type MatchOptions } from '../../src/match/loop.js';
import { BOARD_8X8, squareName } from '../../src/core/grid.js';
import { matchSeed } from '../../src/core/rng.js';
import type { BotFactory } from '../../src/rules/nhm/botApi.js';
import { defaultCatalogue } from '../../src/rules/nhm/catalogue.js';
import { defaultChooser } from '../../src/rules/nhm/choices.js';
import { CMD_X } from '../../src/rules/nhm/commands.js';
import { Game } from '../../src/rules/nhm/game.js';
import { loadNamedLoadouts } from '../../src/rules/nhm/loadout.js';
import { checkProgram, parseProgram } from '../../src/rules/nhm/programs.js';
import { copyState, State } from '../../src/rules/nhm/state.js';
import { defaultStarts } from '../../src/rules/nhm/starts.js';
import { playTurn } from '../../src/rules/nhm/step.js';
import { rbpGame } from '../../src/rules/rbp/index.js';
import example from '../../bots/example.js';
import greedy from '../../bots/greedy.js';
import { CandidateGen } from '../../bots/lib/candidates.js';
import { ProgramList } from '../../bots/lib/programList.js';
import { solve } from '../../bots/lib/matrix.js';
import { reachOf } from '../../bots/lib/reach.js';
import { Simulator } from '../../bots/lib/sim.js';
import minimax from '../../bots/minimax.js';
import nash from '../../bots/nash.js';
import random from '../../bots/random.js';
import { engine } from '../helpers.js';

const cat = defaultCatalogue();
const named = loadNamedLoadouts(cat);

/** An NHM game of named loadouts on the default starts. */
function nhm(names: string[], turnLimit = 100): Game {
  const starts = defaultStarts(BOARD_8X8, names.length);
  return new Game({
    catalogue: cat,
    turnLimit,
    machines: names.map((n, i) => {
      const loadout = named.get(n);
      if (!loadout) throw new Error(`no loadout ${n}`);
      return { name: 'ABCD'[i], loadout, ...starts[i] };
    }),
  });
}

const builtins: [string, BotFactory][] = [
  ['greedy', greedy],
  ['minimax', minimax],
  ['nash', nash],
  ['example', example],
];

describe('faults cost a turn, never the match', () => {
  const play = (bots: BotFactory[], extra: Partial<MatchOptions> = {}) =>
    playMatch({ ...engine(rbpGame(cat, { turnLimit: 20 })), bots, seed: matchSeed('faults', 0), ...extra });

  it('a bot that throws: every turn is a fault, the match goes on to its end', () => {
    const thrower: BotFactory = () => ({
      program() {
        throw new Error('boom');
      },
    });
    const r = play([thrower, random]);
    expect(r.faults[0]).toBeGreaterThan(0);
    expect(r.faults[1]).toBe(0);
    expect(r.faultLog.every((f) => f.seat === 0 && f.kind === 'throw' && f.message === 'boom')).toBe(true);
    expect(r.faultLog.map((f) => f.turn)).toEqual(Array.from({ length: r.faults[0] }, (_, i) => i + 1));
    expect(['kill', 'turn-limit', 'mutual-destruction']).toContain(r.reason);
  });

  it('a factory that throws: the seat plays all X, the match is played', () => {
    const r = play([() => { throw new Error('no'); }, random]);
    expect(r.faultLog[0]).toMatchObject({ seat: 0, kind: 'throw' });
    expect(r.turns).toBeGreaterThan(0);
  });

  it('garbage answers are each a fault, and the turn is all X', () => {
    const garbage: unknown[] = [
      'hello', 'F F F', 'F F F F F F', [1, 2, 3], 42, null, undefined, { mixed: [] }, [9999, 0, 0, 0, 0],
      { mixed: [{ action: 'nonsense', p: 1 }] }, 'R F R R R', [NaN, 0, 0, 0, 0], { some: 'object' },
    ];
    let turn = 0;
    const played: string[] = [];
    const bad: BotFactory = () => ({ program: () => garbage[turn++ % garbage.length] as never });
    const r = play([bad, () => ({ program: () => 'X X X X X' })], {
      game: rbpGame(cat, { turnLimit: garbage.length }),
      onTurn: (_st, programs) => played.push(programs[0]),
    });
    expect(r.turns).toBe(garbage.length);
    expect(r.faults[0]).toBe(garbage.length);
    expect(r.faults[1]).toBe(0);
    expect(new Set(r.faultLog.map((f) => f.kind))).toEqual(new Set(['illegal', 'throw']));
    expect(played.every((p) => p === 'X X X X X')).toBe(true);
  });

  it('a program missing the X its damage demands is illegal', () => {
    // B starts missing 2 hearts: five fires lack the two X.
    const game = rbpGame(cat, { turnLimit: 1, machines: [{ name: 'A', square: 59, facing: 2 }, { name: 'B', square: 4, facing: 0, hearts: 3 }] });
    const r = playMatch({ ...engine(game), bots: [random, () => ({ program: () => 'F F F F F' })], seed: 's' });
    expect(r.faultLog).toEqual([expect.objectContaining({ seat: 1, kind: 'illegal' })]);
    expect(r.faultLog[0].message).toMatch(/X/);
  });

  it('overrunning the budget (measured by the injected clock) is a timeout fault', () => {
    let now = 0;
    const slow: BotFactory = (ctx) => ({
      program() {
        now += ctx.budget.ms + 1; // one millisecond too many
        return 'F F F F F';
      },
    });
    const onTime: BotFactory = (ctx) => ({
      program() {
        now += ctx.budget.ms; // exactly the budget is allowed
        return 'X X X X X';
      },
    });
    const r = play([slow, onTime], { clock: () => now, budget: { ms: 50, sims: 100 }, game: rbpGame(cat, { turnLimit: 5 }) });
    expect(r.turns).toBe(5);
    expect(r.faults).toEqual([5, 0]);
    expect(r.faultLog.every((f) => f.kind === 'timeout' && f.seat === 0)).toBe(true);
    expect(r.faultLog[0].message).toBe('took 51.0 ms of CPU time, budget 50 ms'); // the injected clock stands for the budget's (default cpu)
    expect(r.decisionMs).toEqual([51, 50]);
  });

  it("a seat cannot read another seat's mines, nor the rules' coming dice", () => {
    // A lays a mine every turn; B looks for it everywhere it can.
    const game = nhm(['mine-layer', 'iron-tank'], 8);
    const layer: BotFactory = () => ({ program: () => 'mines:f mines:l mines:r X X' });
    let looked = 0, sawCount = 0;
    const views: Uint32Array[] = [];
    const snoop: BotFactory = () => ({
      program(obs, view) {
        looked++;
        const st = view.state;
        for (let s = 0; s < game.size; s++)
          if ((st.mineOwner[s] | st.mineArmed[s]) & ~(1 << 1)) throw new Error(`saw a mine of another seat on square ${s}`);
        if (JSON.stringify(obs).includes('"ownMines":[{')) throw new Error('saw mines in its observation');
        if (obs.minesOnBoard[0] > 0) sawCount++; // that mines were laid is public
        views.push(Uint32Array.from(st.dice));
        return 'X X X X X';
      },
    });
    let real = 0;
    const realDice: Uint32Array[] = [];
    const r = playMatch({ 
      ...engine(game),
      bots: [layer, snoop],
      seed: 'mines',
      onTurn: (st) => {
        for (let s = 0; s < game.size; s++) if (st.mineOwner[s] & 1) real++;
        realDice.push(Uint32Array.from(st.dice)); // no teleports: the dice are as they were when B decided
      },
    });
    expect(real).toBeGreaterThan(0);
    expect(looked).toBeGreaterThan(1);
    expect(sawCount).toBeGreaterThan(0);
    expect(r.faults).toEqual([0, 0]);
    views.forEach((d, i) => expect(Array.from(d)).not.toEqual(Array.from(realDice[i])));
  });

  it('bad run-time answers are faults and count as X', () => {
    const game = nhm(['lazor-sniper', 'dodger'], 2);
    const r = playMatch({ 
      ...engine(game),
      bots: [
        () => ({ program: () => 'A A A A A', autoTarget: () => 'TL' }),
        () => ({ program: () => 'D D D D D', dodge: () => 'lazor' }),
      ],
      seed: 'choices',
    });
    expect(r.faultLog.filter((f) => f.seat === 0).every((f) => f.kind === 'choice')).toBe(true);
    expect(r.faults[0]).toBeGreaterThan(0);
  });
});

describe('built-in bots', () => {
  const settings: [string, () => Game][] = [
    ['rbp', () => rbpGame(cat, { turnLimit: 30 })],
    ['3 machines', () => nhm(['buzz-brawler', 'mine-layer', 'telefrag-gambler'], 10)],
    ['4 machines', () => nhm(['lazor-sniper', 'dodger', 'dragon', 'iron-tank'], 10)],
  ];
  for (const [name, bot] of builtins)
    for (const [where, make] of settings)
      it(`${name} plays only legal programs: ${where}`, () => {
        const game = make();
        const bots = Array.from({ length: game.n }, (_, i) => (i % 2 === 0 ? bot : random));
        const r = playMatch({ ...engine(game), bots, seed: matchSeed(`legal-${name}`, game.n) });
        expect(r.faultLog).toEqual([]);
        expect(r.turns).toBeGreaterThan(0);
      });

  it('all four in one 4-machine match, and a mixed-loadout 3-machine match: no faults', () => {
    for (const [names, seed] of [[['iron-tank', 'dragon', 'mine-layer', 'buzz-brawler'], 'mix4'], [['dodger', 'telefrag-gambler', 'robo-pig'], 'mix3']] as const) {
      const game = nhm([...names], 12);
      const r = playMatch({ ...engine(game), bots: [greedy, minimax, nash, example].slice(0, game.n), seed });
      expect(r.faultLog).toEqual([]);
    }
  });

  it('the same seed gives the same match; nash mixes with its seeded RNG', () => {
    const log = (bots: BotFactory[], seed: string) => {
      const programs: string[][] = [];
      const r = playMatch({ ...engine(nhm(['buzz-brawler', 'iron-tank'], 15)), bots, seed, onTurn: (_st, p) => programs.push(p) });
      return { winner: r.winner, turns: r.turns, dealt: r.figures[0], programs };
    };
    for (const pair of [[greedy, minimax], [nash, greedy]]) expect(log(pair, 'd1')).toEqual(log(pair, 'd1'));
    const seeds = ['d1', 'd2', 'd3', 'd4'].map((s) => JSON.stringify(log([nash, nash], s).programs));
    expect(new Set(seeds).size).toBeGreaterThan(1);
  });

  it('greedy beats random in at least 80% of 40 decided games (seat-swapped)', () => {
    let wins = 0, decided = 0;
    for (let i = 0; decided < 40 && i < 60; i++) {
      const swap = i % 2 === 1;
      const r = playMatch({ ...engine(rbpGame(cat)), bots: swap ? [random, greedy] : [greedy, random], seed: matchSeed('greedy-random', i >> 1) });
      if (r.winner === null) continue;
      decided++;
      if (r.winner === (swap ? 1 : 0)) wins++;
    }
    expect(decided).toBe(40);
    expect(wins / decided).toBeGreaterThanOrEqual(0.8);
  });
});

describe('bots/lib', () => {
  it('Simulator.play is playTurn on a copy of the start, which it never changes', () => {
    const game = nhm(['dragon', 'mine-layer', 'dodger'], 100);
    const st = new State(game, 'sim');
    const sim = new Simulator(game);
    const progs = [parseProgram(game, 0, '^ dragon-breath TL ^ dragon-breath', 'nhm'), parseProgram(game, 1, 'mines:f ^ mortar:3 @ bazooka', 'nhm'), parseProgram(game, 2, 'D F/ longsword < rapier:left', 'nhm')];
    sim.reset(st);
    progs.forEach((p, m) => sim.setProgram(m, p));
    const a = sim.play();
    const ref = new State(game, 'other');
    copyState(st, ref);
    playTurn(ref, progs.flat(), defaultChooser);
    for (const k of ['sq', 'facing', 'hearts', 'shields', 'alive', 'occ', 'mineOwner', 'mineArmed'] as const) expect(Array.from(a[k])).toEqual(Array.from(ref[k]));
    expect(sim.start.turn).toBe(0);
    expect(Array.from(sim.start.sq)).toEqual(Array.from(st.sq));
    const again = sim.play();
    expect(again).toBe(a);
    expect(Array.from(again.hearts)).toEqual(Array.from(ref.hearts));
    expect(sim.count).toBe(2);
    expect(sim.hearts(1)).toBe(ref.hearts[1]);
  });

  it('an NHM observation tells the seat its weapons\' reach: the reach tables\' firing now, per weapon command', () => {
    const names = [...named.keys()];
    // Each square told is compared in a loop and what differs asserted at the end (an expect a square was 80,000).
    const wrong: string[] = [];
    for (let g = 0; g < names.length; g += 3) {
      const game = nhm([names[g], names[(g + 1) % names.length], names[(g + 2) % names.length]], 100);
      const reach = reachOf(game), mod = engine(game).module;
      playMatch({
        ...engine(game),
        bots: [random, random, random],
        seed: `reach-${g}`,
        onTurn: (st) => {
          for (let m = 0; m < 3; m++) {
            const told = mod.observe(st, m).reach as { command: string; squares: Record<string, number> }[];
            if (!st.alive[m]) {
              expect(told).toEqual([]);
              continue;
            }
            expect(told.map((w) => w.command)).toEqual(Array.from(game.weaponCmds[m], (c) => mod.format(st, m, 'autoTarget', c)));
            told.forEach((w, k) => {
              const table = reach.weaponNow[m][k];
              for (let t = 0; t < game.size; t++) {
                const d = table ? table[(st.facing[m] * game.size + st.sq[m]) * game.size + t] : 0;
                const said = w.squares[squareName(game.board, t)] ?? 0;
                if (said !== d) wrong.push(`${game.loadouts[m].name} ${w.command} on ${squareName(game.board, t)}: told ${said}, the tables ${d}`);
              }
            });
          }
        },
      });
    }
    expect(wrong).toEqual([]);
  });

  it('every candidate program is legal, in positions from random play on every named loadout', () => {
    const names = [...named.keys()];
    for (let g = 0; g < names.length; g += 2) {
      const game = nhm([names[g], names[(g + 1) % names.length], names[(g + 2) % names.length]], 100);
      const reach = reachOf(game);
      const gens = [0, 1, 2].map((m) => new CandidateGen(game, m, reach));
      const list = new ProgramList();
      let checked = 0;
      playMatch({ 
        ...engine(game),
        bots: [random, random, random],
        seed: `cands-${g}`,
        onTurn: (st) => {
          if (st.isOver()) return;
          for (let m = 0; m < 3; m++) {
            if (!st.alive[m]) continue;
            gens[m].generate(st, 120, list);
            expect(list.count).toBeGreaterThan(0);
            for (let i = 0; i < list.count; i++) {
              const err = checkProgram(st, m, list.get(i));
              if (err) throw new Error(`${game.loadouts[m].name}: ${list.get(i).join(' ')}: ${err.message}`);
              checked++;
            }
          }
        },
      });
      expect(checked).toBeGreaterThan(0);
    }
  });

  it('candidates for a Robo Battle Pig: a few hundred at most, deduplicated, damaged pigs write their X', () => {
    const game = rbpGame(cat, { machines: [{ name: 'A', square: 59, facing: 2 }, { name: 'B', square: 4, facing: 0, hearts: 2 }] });
    const st = new State(game);
    const list = new CandidateGen(game, 1, reachOf(game)).generate(st, 1000);
    expect(list.count).toBeGreaterThan(20);
    expect(list.count).toBeLessThan(1000);
    const keys = new Set(Array.from({ length: list.count }, (_, i) => list.get(i).join(',')));
    expect(keys.size).toBe(list.count);
    for (let i = 0; i < list.count; i++) {
      const p = list.get(i);
      expect(checkProgram(st, 1, p)).toBeNull();
      if (!p.every((c) => c === 1)) expect(p.filter((c) => c === CMD_X).length).toBe(3);
    }
  });

  it('regret matching solves matching pennies and rock-paper-scissors, and finds a dominant row', () => {
    const pennies = solve({ rows: 2, opponents: [{ cols: 2, a: Float64Array.from([1, -1, -1, 1]) }] }, 2000);
    expect(pennies.p[0]).toBeCloseTo(0.5, 1);
    expect(pennies.value).toBeCloseTo(0, 1);
    const rps = solve({ rows: 3, opponents: [{ cols: 3, a: Float64Array.from([0, -1, 1, 1, 0, -1, -1, 1, 0]) }] }, 2000);
    for (const x of rps.p) expect(x).toBeCloseTo(1 / 3, 1);
    const dominant = solve({ rows: 2, opponents: [{ cols: 2, a: Float64Array.from([3, 2, 1, 0]) }] }, 500);
    expect(dominant.p[0]).toBeGreaterThan(0.99);
    expect(dominant.value).toBeCloseTo(2, 1);
  });
});
