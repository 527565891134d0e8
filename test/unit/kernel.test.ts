/**
 * The two-pig kernel (src/rules/rbp/kernel.ts) against the general engine
 * (src/rules/nhm/step.ts playTurn), which is the reference: random joint
 * programs from random legal states, every first step of two pigs near each
 * other, whole seeded matches of the bench policy through the arena, and a
 * turn the RBP module applies in the kernel (fastTurn) against the step
 * engine's, state byte for byte.
 * Also: the inlined alea is seedrandom's, the bot-API and native bench
 * policies write the same programs, and the policy's statistics land on the
 * published figures (issue 14).
 */
import { describe, expect, it } from 'vitest';
import seedrandom from 'seedrandom';
import { playMatch } from '../../src/match/loop.js';
import type { GameModule } from '../../src/core/game.js';
import { makeRng, matchSeed, seatSeed, type Rng } from '../../src/core/rng.js';
import { defaultCatalogue } from '../../src/rules/nhm/catalogue.js';
import { defaultChooser } from '../../src/rules/nhm/choices.js';
import { CMD_X } from '../../src/rules/nhm/commands.js';
import { Game } from '../../src/rules/nhm/game.js';
import { loadNamedLoadouts } from '../../src/rules/nhm/loadout.js';
import { checkProgram } from '../../src/rules/nhm/programs.js';
import { copyState, State } from '../../src/rules/nhm/state.js';
import { rulesetById } from '../../src/rules/registry.js';
import { playTurn } from '../../src/rules/nhm/step.js';
import { aleaNext, aleaSeed } from '../../src/core/alea.js';
import { aleaSeedRunMatch, aleaSeedRunMatches8, aleaSeedSeats } from '../../src/rules/rbp/alea.js';
import {
  fromKState, kernelBridge, kernelResult, kernelSetupOf, packGameProgram, toKState, unpackGameProgram, type KernelBridge,
} from '../../src/rules/rbp/bridge.js';
import { rbpGame } from '../../src/rules/rbp/index.js';
import {
  copyKState, formatKProgram, isRepairK, K_ACTIONS, K_DEALT, K_END, K_FACING, K_HEARTS, K_LIMIT, K_R, K_SQ, K_TURN, K_WINNER, K_X,
  KSTATE_SIZE, newKState, newRngPair, packProgram, playMatchK, playRunMatchesK, playSeededMatchK, playTurnK, PROGRAM_REPAIR, resetKState,
} from '../../src/rules/rbp/kernel.js';
import benchRandom, { drawProgram, policy, PROGRAMS } from '../../bots/bench-random.js';
import { engine } from '../helpers.js';

const cat = defaultCatalogue();
const game = rbpGame(cat);
const bridge = kernelBridge(game) as KernelBridge;
const rbp = rulesetById('rbp') as unknown as GameModule<Game, State, readonly number[] | number, unknown, unknown>;

/** Puts a kernel state into a reference engine state of `game`, field by field. */
function setReference(st: State, k: Int32Array): void {
  fromKState(k, st);
  st.shields.fill(0);
}

/** Everything both engines must agree on, as one comparable object. */
function fromReference(st: State) {
  return {
    sq: [st.sq[0], st.sq[1]],
    facing: [st.facing[0], st.facing[1]],
    hearts: [st.hearts[0], st.hearts[1]],
    alive: [st.alive[0], st.alive[1]],
    dealt: [st.dealt[0], st.dealt[1]],
    turn: st.turn,
    end: st.end,
    winner: st.winner,
  };
}
function fromKernel(k: Int32Array) {
  return {
    sq: [k[K_SQ], k[K_SQ + 1]],
    facing: [k[K_FACING], k[K_FACING + 1]],
    hearts: [k[K_HEARTS], k[K_HEARTS + 1]],
    alive: [k[K_HEARTS] > 0 ? 1 : 0, k[K_HEARTS + 1] > 0 ? 1 : 0],
    dealt: [k[K_DEALT], k[K_DEALT + 1]],
    turn: k[K_TURN],
    end: k[K_END],
    winner: k[K_WINNER],
  };
}

/** Whether the kernel state and the engine state agree on everything fromKernel / fromReference list (fast path). */
function same(k: Int32Array, st: State): boolean {
  for (let m = 0; m < 2; m++) {
    if (k[K_SQ + m] !== st.sq[m] || k[K_FACING + m] !== st.facing[m] || k[K_HEARTS + m] !== st.hearts[m]) return false;
    if ((k[K_HEARTS + m] > 0 ? 1 : 0) !== st.alive[m] || k[K_DEALT + m] !== st.dealt[m]) return false;
  }
  return k[K_TURN] === st.turn && k[K_END] === st.end && k[K_WINNER] === st.winner;
}

/** A random legal program for a pig with `hearts`: R R R R R, or at least the required X and actions elsewhere. */
function randomProgram(rng: Rng, hearts: number): number {
  if (rng.next() < 0.12) return PROGRAM_REPAIR;
  const codes = Array.from({ length: 5 }, () => rng.int(K_ACTIONS));
  const x = Math.min(5, 5 - hearts + (rng.next() < 0.3 ? rng.int(3) : 0));
  const slots = [0, 1, 2, 3, 4];
  for (let i = 0; i < x; i++) {
    const j = i + rng.int(5 - i);
    [slots[i], slots[j]] = [slots[j], slots[i]];
    codes[slots[i]] = K_X;
  }
  return packProgram(codes);
}

/** A random legal state: two living pigs, often close together, any facings, hearts and turn. */
function randomState(rng: Rng, k: Int32Array): void {
  const a = rng.int(64);
  let b: number;
  do {
    if (rng.next() < 0.6) {
      const x = (a & 7) + rng.int(5) - 2, y = (a >> 3) + rng.int(5) - 2;
      b = x < 0 || y < 0 || x > 7 || y > 7 ? -1 : y * 8 + x;
    } else b = rng.int(64);
  } while (b < 0 || b === a);
  resetKState(k, { sq: [a, b], facing: [rng.int(4), rng.int(4)], hearts: [1 + rng.int(5), 1 + rng.int(5)], turnLimit: 100 });
  k[K_TURN] = rng.int(100);
  k[K_DEALT] = rng.int(10);
  k[K_DEALT + 1] = rng.int(10);
}

describe('inlined alea', () => {
  it('draws exactly what seedrandom.alea draws from the same seed', () => {
    const r = new Float64Array(4);
    for (const seed of ['', ' ', 'a', 'dice', '0123456789abcdef', 'a much longer seed string / with spaces', 'ünïcödé ✓']) {
      const ref = seedrandom.alea(seed);
      aleaSeed(r, seed);
      for (let i = 0; i < 500; i++) expect(aleaNext(r)).toBe(ref());
    }
  });

  it('seeds each seat as the arena seeds its bot (makeRng(seatSeed(matchSeed(run, i), seat))), for 1, 2 or 4 seats', () => {
    const rngs = newRngPair(), rngs2 = newRngPair();
    const four = Array.from({ length: 4 }, () => new Float64Array(4)), one = [new Float64Array(4)];
    for (const seed of ['m', matchSeed(3, 4), 'x'.repeat(300)]) {
      aleaSeedSeats(four, seed);
      aleaSeedSeats(one, seed);
      for (let s = 0; s < 4; s++) {
        const ref = makeRng(seatSeed(seed, s));
        for (let j = 0; j < 5; j++) {
          const u = ref.next();
          expect(aleaNext(four[s])).toBe(u);
          if (s === 0) expect(aleaNext(one[0])).toBe(u);
        }
      }
    }
    for (const run of [1, 'bench', 'x/y', 12345678]) {
      for (const i of [0, 1, 9, 10, 99, 123456, 1_000_000]) {
        const ms = matchSeed(run, i);
        aleaSeedRunMatch(rngs, run, i);
        aleaSeedSeats(rngs2, ms);
        for (let s = 0; s < 2; s++) {
          const ref = makeRng(seatSeed(ms, s));
          for (let j = 0; j < 20; j++) {
            const u = ref.next();
            expect(aleaNext(rngs[s])).toBe(u);
            expect(aleaNext(rngs2[s])).toBe(u);
          }
        }
      }
    }
  });
  it('seeds eight matches at once exactly as one at a time: ids across a power of ten, any run seed', () => {
    const first4 = Array.from({ length: 8 }, () => new Float64Array(4)), last4 = Array.from({ length: 8 }, () => new Float64Array(4));
    for (const run of [1, 'bench', 'x/y', 12345678, 'r'.repeat(300)]) {
      for (const first of [0, 3, 8, 95, 97, 999_995, 1_000_000]) {
        aleaSeedRunMatches8(first4, last4, run, first);
        for (let m = 0; m < 8; m++) {
          for (let s = 0; s < 2; s++) {
            const ref = makeRng(seatSeed(matchSeed(run, first + m), s));
            const rng = m < 4 ? first4[2 * m + s] : last4[2 * (m - 4) + s];
            for (let j = 0; j < 10; j++) expect(aleaNext(rng)).toBe(ref.next());
          }
        }
      }
    }
  });
});

describe('bench-random policy', () => {
  it('lists every program with exactly d X once, and draws them from one number', () => {
    expect(PROGRAMS.map((t) => t.length)).toEqual([32768, 20480, 5120, 640, 40, 1]);
    const xCount = (p: number): number => [0, 1, 2, 3, 4].filter((k) => ((p >> (4 * k)) & 15) === K_X).length;
    const actionsOnly = (p: number): boolean => [0, 1, 2, 3, 4].every((k) => ((p >> (4 * k)) & 15) < K_ACTIONS || ((p >> (4 * k)) & 15) === K_X);
    PROGRAMS.forEach((t, d) => {
      expect(new Set(t).size).toBe(t.length);
      expect(t.filter((p) => xCount(p) !== d || !actionsOnly(p))).toEqual(new Int32Array(0));
    });
    // d = 0 is computed, not looked up: it must be the table.
    const computed = Int32Array.from({ length: 32768 }, (_, i) => drawProgram((i + 0.5) / 32768, 0));
    expect(computed).toEqual(PROGRAMS[0]);
    for (let d = 1; d <= 4; d++) {
      expect(drawProgram(0.0999, d)).toBe(PROGRAM_REPAIR);
      expect(drawProgram(0.1, d)).toBe(PROGRAMS[d][0]);
      expect(drawProgram(0.999999999, d)).toBe(PROGRAMS[d][PROGRAMS[d].length - 1]);
    }
  });

  it('its programs are legal for the general engine', () => {
    const st = new State(game);
    const rng = makeRng('legal');
    const codes = new Array<number>(5);
    for (let i = 0; i < 3000; i++) {
      st.hearts[1] = 1 + (i % 5);
      unpackGameProgram(bridge, drawProgram(rng.next(), 5 - st.hearts[1]), codes);
      expect(checkProgram(st, 1, codes, 'rbp')).toBeNull();
    }
  });
});

describe('bridge', () => {
  it('fits Robo Battle Pigs games, and only those', () => {
    expect(bridge).not.toBeNull();
    expect(Array.from(bridge.toGame.slice(0, 6))).toEqual([5, 6, 9, 10, 2, 3]);
    expect(bridge.toGame[K_X]).toBe(CMD_X);
    const named = loadNamedLoadouts(cat);
    const pig = named.get('robo-pig')!;
    const other = [...named.values()].find((l) => l.name !== 'robo-pig')!;
    const setup = (loadouts: typeof pig[], extra = {}) =>
      new Game({ catalogue: cat, machines: loadouts.map((l, i) => ({ name: 'AB'[i], loadout: l, square: [59, 4][i], facing: [2, 0][i] })), repairAllSlots: true, ...extra });
    expect(kernelBridge(setup([pig, pig]))).not.toBeNull();
    expect(kernelBridge(setup([pig, other]))).toBeNull();
    expect(kernelBridge(rbpGame(cat, { machines: [{ name: 'A', square: 59, facing: 2 }, { name: 'B', square: 4, facing: 0, hearts: 0 }] }))).toBeNull();
    expect(kernelBridge(new Game({ catalogue: cat, machines: [0, 1].map((i) => ({ name: 'AB'[i], loadout: pig, square: [59, 4][i], facing: [2, 0][i] })) }))).toBeNull();
    expect(kernelSetupOf(rbpGame(cat, { turnLimit: 7 }))).toEqual({ sq: [59, 4], facing: [2, 0], hearts: [5, 5], turnLimit: 7 });
  });

  it('maps programs and states both ways', () => {
    const rng = makeRng('bridge');
    const codes: number[] = [];
    for (let i = 0; i < 200; i++) {
      const p = randomProgram(rng, 1 + rng.int(5));
      unpackGameProgram(bridge, p, codes);
      expect(packGameProgram(bridge, codes)).toBe(p);
    }
    expect(packGameProgram(bridge, [CMD_X, CMD_X, CMD_X, CMD_X, 4])).toBe(-1); // `@` is no pig command
    const k = newKState(), k2 = newKState(), st = new State(game);
    randomState(rng, k);
    fromKState(k, st);
    toKState(st, k2);
    expect(Array.from(k2)).toEqual(Array.from(k));
  });
});

describe('kernel against the general engine', () => {
  it('random joint programs from random legal states: identical after every turn', () => {
    const rng = makeRng('kernel-differential');
    const k = newKState(), st = new State(game), codes = new Array<number>(10);
    let turns = 0, ends = 0, hits = 0;
    for (let trial = 0; trial < 25_000; trial++) {
      randomState(rng, k);
      setReference(st, k);
      for (let t = 0; t < 4 && k[K_END] === 0; t++) {
        const pa = randomProgram(rng, k[K_HEARTS]), pb = randomProgram(rng, k[K_HEARTS + 1]);
        unpackGameProgram(bridge, pa, codes, 0);
        unpackGameProgram(bridge, pb, codes, 5);
        const dealt = k[K_DEALT] + k[K_DEALT + 1];
        playTurnK(k, pa, pb);
        playTurn(st, codes, defaultChooser);
        turns++;
        if (k[K_DEALT] + k[K_DEALT + 1] > dealt) hits++;
        if (!same(k, st))
          expect({ got: fromKernel(k), programs: [formatKProgram(pa), formatKProgram(pb)] }).toEqual({ got: fromReference(st), programs: [formatKProgram(pa), formatKProgram(pb)] });
      }
      if (k[K_END]) ends++;
    }
    // The sample reaches every outcome often.
    expect(turns).toBeGreaterThan(80_000);
    expect(hits).toBeGreaterThan(5_000);
    expect(ends).toBeGreaterThan(1_500);
  });

  it('every first step of two adjacent pigs (diagonals too), every facing, every command pair', () => {
    const k = newKState(), st = new State(game), codes = new Array<number>(10);
    // One command then X (R R R R R for R); one heart each, so every hit ends the game at once.
    const programs = Array.from({ length: 10 }, (_, c) => (c === K_R ? PROGRAM_REPAIR : packProgram([c, K_X, K_X, K_X, K_X])));
    let cases = 0;
    for (let a = 0; a < 64; a++)
      for (let b = 0; b < 64; b++) {
        if (a === b || Math.abs((a & 7) - (b & 7)) > 1 || Math.abs((a >> 3) - (b >> 3)) > 1) continue;
        for (let fa = 0; fa < 4; fa++)
          for (let fb = 0; fb < 4; fb++)
            for (const pa of programs)
              for (const pb of programs) {
                resetKState(k, { sq: [a, b], facing: [fa, fb], hearts: [1, 2], turnLimit: 100 });
                setReference(st, k);
                unpackGameProgram(bridge, pa, codes, 0);
                unpackGameProgram(bridge, pb, codes, 5);
                playTurnK(k, pa, pb);
                playTurn(st, codes, defaultChooser);
                cases++;
                if (!same(k, st)) {
                  const at = [a, b, fa, fb, formatKProgram(pa), formatKProgram(pb)];
                  expect({ got: fromKernel(k), at }).toEqual({ got: fromReference(st), at });
                }
              }
      }
    expect(cases).toBe(420 * 16 * 100);
  });

  it('whole seeded matches of bench-random: the arena (bot API; step engine with a recorder, kernel turns without) and the kernel (native policy) play the same turns', () => {
    const k = newKState(), rngs = newRngPair(), k2 = newKState(), rngs2 = newRngPair();
    const outcomes = new Set<string>();
    for (let i = 0; i < 120; i++) {
      const seed = matchSeed('kernel-matches', i);
      const turns: unknown[] = [], kturns: unknown[] = [], fastTurns: unknown[] = [];
      // With a recorder every turn is the step engine's; without one, the module plays each turn in the kernel (fastTurn).
      const result = playMatch({
        ...engine(game),
        bots: [benchRandom, benchRandom],
        seed,
        record: (get) => rbp.recorder(get as () => State, () => {}),
        onTurn: (st, programs) => turns.push({ programs, ...fromReference(st as State) }),
      });
      const fast = playMatch({ ...engine(game), bots: [benchRandom, benchRandom], seed, onTurn: (st, programs) => fastTurns.push({ programs, ...fromReference(st as State) }) });
      expect(fastTurns).toEqual(turns);
      expect({ ...fast, decisionMs: [] }).toEqual({ ...result, decisionMs: [] });
      resetKState(k);
      aleaSeedSeats(rngs, seed);
      while (k[K_END] === 0) {
        const pa = policy(k, 0, rngs[0]), pb = policy(k, 1, rngs[1]);
        playTurnK(k, pa, pb);
        kturns.push({ programs: [formatKProgram(pa), formatKProgram(pb)], ...fromKernel(k) });
      }
      expect(kturns).toEqual(turns);
      expect(result.faults).toEqual([0, 0]);
      expect(kernelResult(k)).toEqual({ winner: result.winner, reason: result.reason, turns: result.turns, dealt: result.figures[0] });
      // The whole-match entry point gives the same end.
      expect(playSeededMatchK(k2, seed, policy, policy, rngs2)).toBe(k[K_END]);
      expect(Array.from(k2)).toEqual(Array.from(k));
      outcomes.add(result.reason + ':' + result.winner);
    }
    expect(outcomes.size).toBeGreaterThanOrEqual(3);
  });
});

describe('a turn applied through the game interface (the RBP module plays it in the kernel)', () => {
  /** The whole of an engine state: its scalars and every array (the one buffer they share). */
  const whole = (st: State) => ({ turn: st.turn, end: st.end, winner: st.winner, minesUnarmed: st.minesUnarmed, bytes: Array.from(st.bytes) });

  it('leaves the state byte for byte as the step engine does, for any codes of the pig (legal or not) and codes it lacks', () => {
    const rng = makeRng('apply-differential');
    const k = newKState(), st = new State(game), ref = new State(game), before = new State(game);
    const pig = Array.from(game.commands[0]);
    let turns = 0, kernelTurns = 0, ends = 0;
    for (let trial = 0; trial < 6000; trial++) {
      randomState(rng, k);
      setReference(st, k);
      // Leftovers of an earlier turn, which the turn must overwrite as the step engine does.
      for (let i = 0; i < 10; i++) st.prog[i] = pig[rng.int(pig.length)];
      st.repairing[0] = rng.int(2);
      st.absorbed[1] = rng.int(2);
      for (let t = 0; t < 4 && !st.isOver(); t++) {
        const kind = rng.next();
        const codes = Array.from({ length: 10 }, () => pig[rng.int(pig.length)]);
        if (kind < 0.4) {
          unpackGameProgram(bridge, randomProgram(rng, st.hearts[0]), codes, 0);
          unpackGameProgram(bridge, randomProgram(rng, st.hearts[1]), codes, 5);
        } else if (kind > 0.97) codes[rng.int(10)] = 4; // `@`, no pig command: the step engine plays it
        copyState(st, before);
        copyState(st, ref);
        playTurn(ref, codes, defaultChooser);
        rbp.apply(st, [codes.slice(0, 5), codes.slice(5)], () => null, null);
        turns++;
        if (packGameProgram(bridge, codes, 0) >= 0 && packGameProgram(bridge, codes, 5) >= 0) kernelTurns++;
        if (JSON.stringify(whole(st)) !== JSON.stringify(whole(ref)))
          expect({ got: whole(st), codes, from: whole(before) }).toEqual({ got: whole(ref), codes, from: whole(before) });
      }
      if (st.isOver()) ends++;
    }
    expect(turns).toBeGreaterThan(18_000);
    expect(kernelTurns).toBeGreaterThan(turns * 0.8);
    expect(ends).toBeGreaterThan(300);
  });

  it('a game the kernel does not fit (3 hearts of shields) is the step engine\'s', () => {
    expect(kernelBridge(rbpGame(cat, { machines: [{ name: 'A', square: 59, facing: 2, shields: 3 }, { name: 'B', square: 4, facing: 0 }] }))).toBeNull();
  });
});

describe('kernel API', () => {
  it('a copied state plays on exactly as the original', () => {
    const rng = makeRng('copy');
    const root = newKState(), a = newKState(), b = newKState();
    for (let i = 0; i < 500; i++) {
      randomState(rng, root);
      copyKState(root, a);
      const pa = randomProgram(rng, root[K_HEARTS]), pb = randomProgram(rng, root[K_HEARTS + 1]);
      playTurnK(a, pa, pb);
      copyKState(root, b);
      playTurnK(b, pa, pb);
      expect(Array.from(b)).toEqual(Array.from(a));
    }
    expect(KSTATE_SIZE).toBe(12);
  });

  it('a finished game does not move; steps played are counted', () => {
    const k = newKState({ sq: [59, 3], facing: [2, 0], hearts: [5, 1] });
    expect(playTurnK(k, packProgram([6, 8, 8, 8, 8]), packProgram([8, 8, 8, 8, 8]))).toBe(1);
    expect(kernelResult(k)).toEqual({ winner: 0, reason: 'kill', turns: 1, dealt: [1, 0] });
    const before = Array.from(k);
    expect(playTurnK(k, PROGRAM_REPAIR, PROGRAM_REPAIR)).toBe(0);
    expect(Array.from(k)).toEqual(before);
    expect(isRepairK(PROGRAM_REPAIR)).toBe(true);
    expect(isRepairK(packProgram([K_R, K_X, K_R, K_R, K_X]))).toBe(true);
    expect(isRepairK(packProgram([K_R, 0, K_R, K_R, K_R]))).toBe(false);
    expect(isRepairK(packProgram([K_X, K_X, K_X, K_X, K_X]))).toBe(false);
    const lim = newKState({ turnLimit: 2 });
    playTurnK(lim, packProgram([4, 4, 4, 4, 4]), packProgram([5, 5, 5, 5, 5]));
    playTurnK(lim, packProgram([4, 4, 4, 4, 4]), packProgram([5, 5, 5, 5, 5]));
    expect(kernelResult(lim)).toEqual({ winner: null, reason: 'turn-limit', turns: 2, dealt: [0, 0] });
    expect(lim[K_LIMIT]).toBe(2);
  });
});

describe('the reference workload (issue 14)', () => {
  it('a run’s matches played eight seedings at a time are the matches played one by one, whatever the first id and count', () => {
    const k = newKState(), one = newKState(), rngs = newRngPair();
    for (const [run, from, n] of [[1, 95, 37], ['bench', 0, 3], ['x', 9_998, 9], [7, 0, 0]] as const) {
      const ids: number[] = [];
      playRunMatchesK(k, run, from, n, policy, policy, (st, id) => {
        ids.push(id);
        playSeededMatchK(one, matchSeed(run, id), policy, policy, rngs);
        expect(Array.from(st)).toEqual(Array.from(one));
      });
      expect(ids).toEqual(Array.from({ length: n }, (_, j) => from + j));
    }
  });

  it('20,000 seeded matches land on the published figures', () => {
    const k = newKState(), rngs = newRngPair();
    const n = 20_000;
    let turns = 0, a = 0, b = 0, limit = 0;
    for (let i = 0; i < n; i++) {
      resetKState(k);
      aleaSeedRunMatch(rngs, 1, i);
      playMatchK(k, policy, policy, rngs[0], rngs[1]);
      turns += k[K_TURN];
      if (k[K_WINNER] === 0) a++;
      if (k[K_WINNER] === 1) b++;
      if (k[K_END] === 3) limit++;
    }
    // Published: 89.3 turns, A 12%, B 12%, turn limit 76%.
    expect(Math.abs(turns / n - 89.3)).toBeLessThan(1.0);
    expect(Math.abs(a / n - 0.12)).toBeLessThan(0.015);
    expect(Math.abs(b / n - 0.12)).toBeLessThan(0.015);
    expect(Math.abs(limit / n - 0.76)).toBeLessThan(0.02);
  });
});
