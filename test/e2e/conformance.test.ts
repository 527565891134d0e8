/**
 * The conformance suite: every registered ruleset (and every test game of
 * test/games/, found there and registered) played only through the `GameModule` interface of
 * src/core/game.ts — random play to a result, exact and independent copies,
 * determinism, notation round trips, errors as values, and observation
 * secrecy. Kuhn also gets a block of exact game facts.
 */
import type { State } from '../../src/rules/nhm/state.js';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { DEFAULT_BUDGET } from '../../src/core/bot.js';
import { HavocError } from '../../src/core/errors.js';
import { actingSeats, nextDeciders, type AnyGameModule, type Answerer, type GameNode, type Outcome } from '../../src/core/game.js';
import { makeRng, sfc32Seed, type Rng } from '../../src/core/rng.js';
import { BUILTIN_RULESETS } from '../../src/rules/builtins.js';
import { registerRuleset, rulesetById, rulesetIds } from '../../src/rules/registry.js';
import alwaysBet from '../games/kuhn/bots/always-bet.js';
import randomBot from '../games/kuhn/bots/random.js';
import kuhnModule, { KuhnState, type KuhnBotFactory } from '../games/kuhn/index.js';
import { completeModule } from '../../src/core/complete.js';
import { buildsFor, randomMatches } from '../games/randomMatches.js';
import { testGames, type TwinMaker } from '../games/index.js';
import { blindNinjaTwins } from '../blind-ninjas/twins.js';
import type { BeGame, BeState } from '../../src/rules/battle-engine/state.js';
import type { HoverState } from '../../src/rules/hovercrafts/state.js';

/** Kuhn poker as the registry holds it: completed with the interface's defaults. */
const kuhn = completeModule(kuhnModule);

/** The test games (Kuhn among them), each with the twin maker of its folder: registered here, as the suite's worker does. */
const GAMES = await testGames();
for (const g of GAMES) registerRuleset(g.module);

const SEEDS = ['c1', 'c2', 'c3', 'c4', 'c5'];
/** Nodes a random game may take before the suite calls it endless. */
const MAX_NODES = 20_000;


/** Every seat's observation, as JSON. */
const views = (mod: AnyGameModule, st: unknown, seats: number): string[] =>
  Array.from({ length: seats }, (_, s) => JSON.stringify(mod.observe(st, s)));

/** Everything the interface tells of a state, as JSON. */
const snapshot = (mod: AnyGameModule, st: unknown, seats: number): string =>
  JSON.stringify({ node: mod.node(st), views: views(mod, st, seats), result: mod.result(st), figures: mod.figureValues(st), turns: mod.turns(st) });

/** The actions of a decision node: a random legal action per acting seat (checked), null for the others. */
function randomActions(mod: AnyGameModule, st: unknown, seats: number, rng: Rng): unknown[] {
  const actions = Array<unknown>(seats).fill(null);
  for (const s of actingSeats(mod.node(st))) {
    const kind = mod.decision(st, s);
    const a = mod.randomAction(st, s, kind, rng);
    expect(mod.check(st, s, kind, a), `${mod.id}: randomAction gave an illegal action`).toBeNull();
    actions[s] = a;
  }
  return actions;
}

/** An answerer that answers at random and logs what it answered. */
const randomAnswerer =
  (mod: AnyGameModule, st: () => unknown, rng: Rng, log: unknown[]): Answerer<unknown> =>
  (q) => {
    const a = mod.randomAction(st(), q.seat, q.kind, rng);
    log.push(a);
    return a;
  };

/** An answerer that gives back logged answers in order. */
const replayAnswerer = (log: readonly unknown[]): Answerer<unknown> => {
  let i = 0;
  return () => (i < log.length ? log[i++] : null);
};

interface Played {
  /** The formatted actions and answers, in order. */
  moves: string[];
  result: Outcome;
  figures: number[][];
  turns: number;
  nodes: number;
  /** The state at the end. */
  state: unknown;
}

/**
 * Plays a game at random from `seed` to the end, calling `visit` at every
 * node before it is resolved; checks the invariants of every node on the way.
 */
function playRandom(mod: AnyGameModule, game: unknown, seed: string, visit?: (st: unknown, node: GameNode) => void): Played {
  const seats = mod.seatCount(game);
  const st = mod.newState(game, seed);
  const rng = makeRng(`${seed}/choices`);
  const moves: string[] = [];
  let nodes = 0, turns = 0;
  for (;;) {
    const node = mod.node(st);
    visit?.(st, node);
    const t = mod.turns(st);
    expect(Number.isInteger(t) && t >= turns, `${mod.id}: turns go backwards`).toBe(true);
    turns = t;
    if (node.kind === 'terminal') break;
    expect(mod.result(st), `${mod.id}: a result before the end`).toBeNull();
    if (++nodes > MAX_NODES) throw new Error(`${mod.id}: no end after ${MAX_NODES} nodes (seed ${seed})`);
    if (node.kind === 'chance') {
      mod.chance(st);
      moves.push('chance');
      continue;
    }
    const who = actingSeats(node);
    expect(who.length).toBeGreaterThan(0);
    for (const s of who) expect(Number.isInteger(s) && s >= 0 && s < seats).toBe(true);
    const actions = randomActions(mod, st, seats, rng);
    for (const s of who) moves.push(`${s}:${mod.format(st, s, mod.decision(st, s), actions[s])}`);
    mod.apply(st, actions, (q) => {
      const a = mod.randomAction(st, q.seat, q.kind, rng);
      moves.push(`${q.seat}?${q.kind}:${mod.format(st, q.seat, q.kind, a)}`);
      return a;
    });
  }
  const result = mod.result(st);
  expect(result, `${mod.id}: no result at a terminal node`).not.toBeNull();
  return { moves, result: result!, figures: mod.figureValues(st), turns, nodes, state: st };
}

/** Decisions with at most this many legal actions are listed whole; larger ones by a seeded sample of indices. */
const LIST_CAP = 2000;
const SAMPLE = 100;

/**
 * Checks `legal` for one decision (or question, `decision` false): a positive
 * count; every enumerated action (or a sample) checks, round-trips
 * format/parse and is listed once; randomAction is among them; and texts
 * made of listed actions' tokens recombined, when they parse to something
 * not listed, are refused. The problems found are asserted once, at the end:
 * an `expect` for each of thousands of actions was most of this check's time
 * (Blind Ninjas' 10 s of the file's 18).
 */
function checkLegal(mod: AnyGameModule, st: unknown, s: number, kind: string, rng: Rng, full: boolean, decision: boolean): void {
  const what = `${mod.id}: seat ${s} ${kind}`;
  const legal = mod.legal(st, s, kind);
  expect(Number.isInteger(legal.count) && legal.count > 0, `${what}: count ${legal.count}`).toBe(true);
  if (!full) return;
  const problems: string[] = [];
  const whole = legal.count <= LIST_CAP;
  const indices = whole ? Array.from({ length: legal.count }, (_, i) => i) : [0, legal.count - 1, ...Array.from({ length: SAMPLE }, () => rng.int(legal.count))];
  const texts = new Set<string>();
  for (const i of indices) {
    const a = legal.at(i);
    if (mod.check(st, s, kind, a) !== null) problems.push(`${what}: legal action ${i} of ${legal.count} is refused`);
    const text = mod.format(st, s, kind, a);
    const p = mod.parse(st, s, kind, text);
    if (!p.ok) problems.push(`${what}: "${text}" does not parse back`);
    else if (mod.format(st, s, kind, p.value) !== text) problems.push(`${what}: "${text}" parses back to "${mod.format(st, s, kind, p.value)}"`);
    if (whole) {
      if (texts.has(text)) problems.push(`${what}: "${text}" listed twice`);
      texts.add(text);
    }
  }
  if (whole) {
    // randomAction is one of them (a question's random answer too).
    for (let k = 0; k < 3; k++) {
      const text = mod.format(st, s, kind, mod.randomAction(st, s, kind, rng));
      if (!texts.has(text)) problems.push(`${what}: randomAction's "${text}" is not listed`);
    }
    // Outside the list: the listed texts' tokens recombined, and small integers (NHM's questions take command codes).
    const listed = [...texts], made: unknown[] = [];
    for (let k = 0; k < 30; k++) {
      const x = listed[rng.int(listed.length)].split(' '), y = listed[rng.int(listed.length)].split(' ');
      made.push(x.map((t, i) => (i < y.length && rng.int(2) ? y[i] : t)).join(' '));
    }
    if (!decision) for (let c = 0; c < 64; c++) made.push(c);
    for (const raw of made) {
      const p = mod.parse(st, s, kind, raw);
      if (!p.ok || mod.check(st, s, kind, p.value) !== null) continue;
      if (!texts.has(mod.format(st, s, kind, p.value))) problems.push(`${what}: "${String(raw)}" is accepted but not listed`);
    }
  }
  expect(problems).toEqual([]);
}

/**
 * Twin makers, by ruleset id: two states of `game` that differ only in
 * secrets that `seat` may not know, at the same public point of the game.
 * A ruleset without one fails the secrecy check.
 */
/** NHM-engine twins: seat 1 has as many mines in both (the count is public), on other squares (the squares are its secret). Mines change what happens, so only the first node is compared. */
function mineTwins(mod: AnyGameModule) {
  return (game: unknown, i: number) => {
    const rng = makeRng(`mine-twins-${i}`);
    const a = mod.newState(game, `mine-twins-${i}`) as State, b = mod.newState(game, `mine-twins-${i}`) as State;
    const size = a.game.size, count = 1 + rng.int(3), bit = 1 << 1;
    const free = (st: State, sq: number) => st.occ[sq] === -1 && st.mineOwner[sq] === 0;
    for (const st of [a, b])
      for (let k = 0; k < count; ) {
        const sq = rng.int(size);
        if (!free(a, sq) || !free(b, sq)) continue;
        st.mineOwner[sq] |= bit;
        if (rng.int(2)) st.mineArmed[sq] |= bit;
        else st.minesUnarmed++;
        k++;
      }
    return { a, b, seat: 0, walk: false };
  };
}

/**
 * `secret`, where given, reads what the twins hide (for a secret no seat's observation shows, like the rules'
 * dice): the twins must differ in it, and the states the seat may simulate must not.
 */
const twinMakers: Partial<Record<string, TwinMaker>> = {
  nhm: mineTwins(rulesetById('nhm')),
  rbp: mineTwins(rulesetById('rbp')),
  'blind-ninjas': blindNinjaTwins,
  'battle-engine': battleEngineTwins,
  hovercrafts: hoverTwins,
  // A test game's own, from its folder's twins file.
  ...Object.fromEntries(GAMES.flatMap((g) => (g.twins ? [[g.module.id, g.twins]] : []))),
};

/**
 * Hovercrafts twins: the same board with the rules' dice in another state (the rolls to come are nobody's
 * to know). A roll makes the two games part, so only the first node is compared.
 */
function hoverTwins(game: unknown, i: number) {
  const mod = rulesetById('hovercrafts');
  const a = mod.newState(game, `hc-twins-${i}`) as HoverState;
  const b = mod.newState(game, `hc-twins-${i}`) as HoverState;
  sfc32Seed(b.dice, 0, `hc-twins-other-${i}`);
  const secret = (st: unknown): string => Array.from((st as HoverState).dice).join(',');
  return { a, b, seat: i % (game as { seats: number }).seats, walk: false, secret };
}

/** Battle Engine twins: after a random deployment, two of seat 1's pieces of one kind (officer or not) and different types swap squares; seat 0 sees only the kind. */
function battleEngineTwins(game: unknown, i: number) {
  const mod = rulesetById('battle-engine');
  const g = game as BeGame, rng = makeRng(`be-twins-${i}`);
  const a = mod.newState(game, `be-twins-${i}`) as BeState;
  mod.apply(a, [0, 1].map((s) => mod.randomAction(a, s, 'deploy', rng)), () => null);
  const b = mod.newState(game, `be-twins-${i}`) as BeState;
  mod.copy(a, b);
  const mine = Array.from({ length: g.first[2] - g.first[1] }, (_, k) => g.first[1] + k);
  const kind = (p: number) => g.roster.pieces[g.type[p]].officer;
  const pairs = mine.flatMap((p) => mine.filter((q) => q > p && kind(q) === kind(p) && g.type[q] !== g.type[p]).map((q) => [p, q]));
  if (pairs.length === 0) throw new Error('the conformance army of seat B has no two pieces of one kind and different types');
  const [p, q] = pairs[rng.int(pairs.length)];
  [b.sq[p], b.sq[q]] = [a.sq[q], a.sq[p]];
  b.occ[b.sq[p]] = p;
  b.occ[b.sq[q]] = q;
  return { a, b, seat: 0, walk: false };
}

describe.each(rulesetIds())('ruleset %s through the GameModule interface', (id) => {
  const mod = rulesetById(id);
  const seatCounts = [...new Set([mod.seats.min, mod.seats.max])];
  const unbuildable = seatCounts.some((n) => buildsFor(mod, n, 'conformance') === null);
  if (unbuildable) {
    // Fails: a ruleset the suite cannot make a game of would go unchecked.
    it('can be made through the interface', () => {
      expect.fail(`${id}: no fixed build and no builds.sample(seats, seed), so the suite cannot make a game of it`);
    });
    return;
  }
  // made on first use, so a ruleset whose makeGame throws fails its own tests and not the collection
  let made: { n: number; game: unknown }[] | null = null;
  const games = (): { n: number; game: unknown }[] =>
    (made ??= seatCounts.map((n) => ({ n, game: mod.makeGame({ builds: buildsFor(mod, n, `conformance/${n}`)! }) })));

  it('describes itself', () => {
    expect(mod.id).toBe(id);
    expect(typeof mod.title).toBe('string');
    expect(typeof mod.version).toBe('string');
    expect(mod.seats.min).toBeGreaterThanOrEqual(1);
    expect(mod.seats.max).toBeGreaterThanOrEqual(mod.seats.min);
    for (const { n, game } of games()) {
      expect(mod.seatCount(game)).toBe(n);
      const names = Array.from({ length: n }, (_, s) => mod.seatName(game, s));
      expect(new Set(names).size).toBe(n);
      expect(typeof mod.botContext(game)).toBe('object');
    }
    if (mod.builds.fixed) {
      const f = mod.builds.fixed;
      const key = mod.builds.key(f.build);
      const back = mod.builds.check(key, 'test');
      expect(back.ok).toBe(true);
      if (back.ok) expect(mod.builds.key(back.value)).toBe(key);
      expect(Number.isFinite(mod.builds.cost(f.build))).toBe(true);
    }
  });

  it('plays at random to a result from several seeds', () => {
    for (const { n, game } of games())
      for (const seed of SEEDS) {
        const p = playRandom(mod, game, seed);
        expect(p.result.ranks).toHaveLength(n);
        for (const r of p.result.ranks) expect(Number.isInteger(r) && r >= 0 && r < n).toBe(true);
        expect(p.result.ranks).toContain(0);
        expect(typeof p.result.reason).toBe('string');
        expect(p.result.reason.length).toBeGreaterThan(0);
        expect(p.figures).toHaveLength(mod.figures.length);
        for (const row of p.figures) {
          expect(row).toHaveLength(n);
          for (const v of row) expect(Number.isFinite(v)).toBe(true);
        }
      }
  });

  it('copies exactly, and a copy is independent of its original', () => {
    for (const { n, game } of games())
      for (const seed of SEEDS.slice(0, 2)) {
        const st = mod.newState(game, seed);
        const c = mod.newState(game, `${seed}/other`);
        const rng = makeRng(`${seed}/copy`);
        for (let nodes = 0; mod.node(st).kind !== 'terminal'; nodes++) {
          if (nodes > MAX_NODES) throw new Error('no end');
          mod.copy(st, c);
          const before = snapshot(mod, st, n);
          expect(snapshot(mod, c, n)).toBe(before);
          if (mod.node(st).kind === 'chance') {
            mod.chance(c);
            expect(snapshot(mod, st, n), 'rolling the copy changed the original').toBe(before);
            mod.chance(st);
          } else {
            const actions = randomActions(mod, st, n, rng);
            const answers: unknown[] = [];
            mod.apply(c, actions, randomAnswerer(mod, () => c, rng, answers));
            expect(snapshot(mod, st, n), 'applying to the copy changed the original').toBe(before);
            mod.apply(st, actions, replayAnswerer(answers));
          }
          expect(snapshot(mod, c, n)).toBe(snapshot(mod, st, n));
        }
      }
  });

  it('is deterministic: the same seed and the same choices give the same game', () => {
    for (const { game } of games())
      for (const seed of SEEDS.slice(0, 3)) {
        const a = playRandom(mod, game, seed), b = playRandom(mod, game, seed);
        expect(b.moves).toEqual(a.moves);
        expect(b.result).toEqual(a.result);
        expect(b.figures).toEqual(a.figures);
        expect(b.turns).toBe(a.turns);
      }
  });

  it('draws a playout action, where it offers one, as randomAction draws: the same action from the same RNG', () => {
    if (!mod.playoutAction) return;
    for (const { n, game } of games())
      for (const seed of SEEDS.slice(0, 3)) {
        const st = mod.newState(game, seed);
        const play = makeRng(`${seed}/play`);
        for (let nodes = 0; nodes < MAX_NODES; nodes++) {
          const seats = nextDeciders(mod, st);
          if (!seats) break;
          for (const m of seats) {
            const kind = mod.decision(st, m);
            const a = mod.randomAction(st, m, kind, makeRng(`${seed}/${nodes}/${m}`));
            const b = mod.playoutAction(st, m, kind, makeRng(`${seed}/${nodes}/${m}`));
            expect(mod.format(st, m, kind, b)).toBe(mod.format(st, m, kind, a));
            expect(mod.check(st, m, kind, b)).toBeNull();
          }
          mod.apply(st, randomActions(mod, st, n, play), () => null);
        }
      }
  });

  it('formats actions so that they parse back to the same text', () => {
    const rng = makeRng('round-trip');
    for (const { game } of games())
      for (const seed of SEEDS.slice(0, 2))
        playRandom(mod, game, seed, (st, node) => {
          for (const s of actingSeats(node)) {
            const kind = mod.decision(st, s);
            for (let k = 0; k < 5; k++) {
              const text = mod.format(st, s, kind, mod.randomAction(st, s, kind, rng));
              expect(typeof text).toBe('string');
              const p = mod.parse(st, s, kind, text);
              expect(p.ok, `${id}: "${text}" does not parse back`).toBe(true);
              if (!p.ok) continue;
              expect(mod.format(st, s, kind, p.value)).toBe(text);
              expect(mod.check(st, s, kind, p.value)).toBeNull();
            }
          }
        });
  });

  it('enumerates the legal actions of every decision and question: each checks and round-trips, randomAction is among them, others are refused', () => {
    // Two games a seat count, not three: the check is structural, and the third game cost a quarter of the suite's CPU.
    for (const { n, game } of games())
      for (const seed of SEEDS.slice(0, 2)) {
        const st = mod.newState(game, seed);
        const rng = makeRng(`${seed}/legal`);
        let decisions = 0;
        for (let nodes = 0; nodes < MAX_NODES; nodes++) {
          const seats = nextDeciders(mod, st);
          if (!seats) break;
          // Listing a whole decision is the suite's dearest check: the first decisions of a game, then one node in eight.
          const full = decisions++ < 12 || nodes % 8 === 0;
          for (const s of seats) {
            const kind = mod.decision(st, s);
            checkLegal(mod, st, s, kind, rng, full, true);
            // A seat not acting at a one-seat node has no such decision, and its turn's actions are refused for it.
            if (seats.length === 1 && full)
              for (let o = 0, a = mod.legal(st, s, kind).at(0); o < n; o++) {
                if (o === s) continue;
                expect(mod.legal(st, o, kind).count, `${id}: seat ${o} has legal actions off its turn`).toBe(0);
                expect(mod.check(st, o, kind, a), `${id}: seat ${o} may play seat ${s}'s action`).not.toBeNull();
              }
          }
          const actions = randomActions(mod, st, n, rng);
          // Questions asked mid-step: their answers enumerated at the moment they are asked.
          mod.apply(st, actions, (q) => {
            checkLegal(mod, st, q.seat, q.kind, rng, true, false);
            return mod.randomAction(st, q.seat, q.kind, rng);
          });
        }
      }
  });

  it('returns every problem as a value and never throws', () => {
    const rng = makeRng('errors');
    const bad: unknown[] = [42, null, undefined, {}, [], '', 'nonsense', true];
    for (const { n, game } of games())
      for (const seed of SEEDS.slice(0, 2)) {
        const p = playRandom(mod, game, seed, (st, node) => {
          const who = actingSeats(node);
          // apply at any node with no actions at all: no throw (chance and terminal nodes ignore it)
          const c = mod.newState(game, seed);
          mod.copy(st, c);
          expect(() => mod.apply(c, Array(n).fill(null), () => null)).not.toThrow();
          if (who.length === 0) return;
          const kind = mod.decision(st, who[0]);
          const action = mod.randomAction(st, who[0], kind, rng);
          for (const raw of bad) {
            let r: ReturnType<typeof mod.parse> | undefined;
            expect(() => (r = mod.parse(st, who[0], kind, raw)), `parse(${JSON.stringify(raw)}) threw`).not.toThrow();
            expect(r!.ok, `parse(${JSON.stringify(raw)}) was accepted`).toBe(false);
            if (!r!.ok) {
              expect(r!.error).toBeInstanceOf(HavocError);
              expect(r!.error.code).toMatch(/^ERR_/);
            }
          }
          // a decision the ruleset does not have
          let u: ReturnType<typeof mod.parse> | undefined;
          expect(() => (u = mod.parse(st, who[0], 'no-such-decision', mod.format(st, who[0], kind, action)))).not.toThrow();
          expect(u!.ok, `${id}: parse accepted an answer to a decision it does not have`).toBe(false);
          for (let s = 0; s < n; s++) {
            if (who.includes(s)) continue;
            let e: HavocError | null = null;
            expect(() => (e = mod.check(st, s, kind, action))).not.toThrow();
            expect(e, `${id}: check accepted an action of seat ${s}, which is not acting`).toBeInstanceOf(HavocError);
          }
        });
        expect(p.nodes).toBeGreaterThan(0);
      }
  });

  it('refuses every action once the game is over', () => {
    const rng = makeRng('over');
    for (const { n, game } of games())
      for (const seed of SEEDS.slice(0, 2)) {
        // an action some seat could take during the game, offered to every seat at the end
        let offer: { kind: string; action: unknown } | null = null;
        const p = playRandom(mod, game, seed, (st, node) => {
          const who = actingSeats(node);
          if (offer || who.length === 0) return;
          const kind = mod.decision(st, who[0]);
          offer = { kind, action: mod.randomAction(st, who[0], kind, rng) };
        });
        expect(mod.node(p.state).kind).toBe('terminal');
        if (!offer) continue;
        const { kind, action } = offer;
        for (let s = 0; s < n; s++) {
          let e: HavocError | null = null;
          expect(() => (e = mod.check(p.state, s, kind, action))).not.toThrow();
          expect(e, `${id}: check accepted seat ${s}'s ${kind} at a terminal node`).toBeInstanceOf(HavocError);
        }
      }
  });

  it('plays the same matches in a worker thread, in another order, as here (through playMatch and the compiled module)', async () => {
    const seeds = SEEDS.map((s) => `worker-${s}`);
    const here = randomMatches(id, seeds);
    // The compiled copy of the same code (npm test builds dist/ first), in a worker, seeds in reverse:
    // nothing a ruleset keeps between matches (caches, memos) may change a match.
    const worker = new Worker(new URL('../../dist/test/games/randomMatches.js', import.meta.url), { workerData: { randomMatches: { id, seeds: [...seeds].reverse() } } });
    const there = await new Promise<string[]>((done, fail) => {
      worker.once('message', done);
      worker.once('error', fail);
    });
    await worker.terminate();
    expect([...there].reverse()).toEqual(here);
    expect(new Set(here).size, 'the seeds give different matches').toBe(seeds.length);
    // Random legal actions written in the ruleset's notation pass the loop's parse and check: no faults.
    for (const line of here) expect((JSON.parse(line) as { faults: number[] }).faults.every((f) => f === 0), line.slice(0, 200)).toBe(true);
  });

  const twins = twinMakers[id];
  it('gives a seat the same observation and simulation state whatever the other seats hide', () => {
      // A ruleset without a twin maker fails here: its secrecy would go unchecked.
      expect(twins, `secrecy: no twin maker for "${id}" in test/conformance.test.ts (two states differing only in another seat's secrets)`).toBeDefined();
      const { n, game } = games()[0];
      const rng = makeRng('twins');
      for (let i = 0; i < 20; i++) {
        const { a, b, seat, walk, secret } = twins!(game, i);
        if (secret) expect(secret(a), 'the twins hide the same secret').not.toBe(secret(b));
        else expect(snapshot(mod, a, n), 'the twins are the same state').not.toBe(snapshot(mod, b, n));
        // Walk both down the same public path, comparing at every node.
        for (let nodes = 0; ; nodes++) {
          if (nodes > MAX_NODES) throw new Error('no end');
          expect(JSON.stringify(mod.observe(b, seat))).toBe(JSON.stringify(mod.observe(a, seat)));
          const va = mod.newState(game, 'view-a'), vb = mod.newState(game, 'view-b');
          const da = new Uint32Array(4), db = new Uint32Array(4);
          sfc32Seed(da, 0, `dice-${i}-${nodes}`);
          db.set(da);
          const beforeA = snapshot(mod, a, n);
          mod.seatState(a, seat, va, da);
          mod.seatState(b, seat, vb, db);
          expect(snapshot(mod, a, n), 'seatState changed its source').toBe(beforeA);
          expect(Array.from(db)).toEqual(Array.from(da));
          expect(views(mod, vb, n)).toEqual(views(mod, va, n));
          if (secret) expect(secret(vb), 'the simulation state holds the hidden secret').toBe(secret(va));
          expect(JSON.stringify(mod.node(vb))).toBe(JSON.stringify(mod.node(va)));
          const node = mod.node(a);
          if (node.kind === 'terminal' || walk === false) break;
          if (node.kind === 'chance') {
            mod.chance(a);
            mod.chance(b);
            continue;
          }
          const actions = randomActions(mod, a, n, rng);
          const answers: unknown[] = [];
          mod.apply(a, actions, randomAnswerer(mod, () => a, rng, answers));
          mod.apply(b, actions, replayAnswerer(answers));
        }
      }
    },
  );
});

describe('Kuhn poker: the game facts', () => {
  const game = kuhn.makeGame({ builds: ['standard', 'standard'] });
  const dealt = (seed: string): KuhnState => {
    const st = kuhn.newState(game, seed);
    expect(kuhn.node(st)).toEqual({ kind: 'chance' });
    kuhn.chance(st);
    return st;
  };
  /** Plays words in turn from a dealt state. */
  const play = (st: KuhnState, ...words: string[]): KuhnState => {
    for (const w of words) {
      const node = kuhn.node(st);
      if (node.kind !== 'seat') throw new Error(`not a seat node: ${node.kind}`);
      const p = kuhn.parse(st, node.seat, 'bet', w);
      if (!p.ok) throw p.error;
      expect(kuhn.check(st, node.seat, 'bet', p.value)).toBeNull();
      const actions: ('check' | 'bet' | null)[] = [null, null];
      actions[node.seat] = p.value;
      kuhn.apply(st, actions, () => null);
    }
    return st;
  };

  it('deals from the state dice: every deal of two different cards appears, and a seed always deals the same', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const st = dealt(`deal-${i}`);
      expect(st.cards[0]).not.toBe(st.cards[1]);
      seen.add(`${st.cards[0]}${st.cards[1]}`);
      expect(Array.from(dealt(`deal-${i}`).cards)).toEqual(Array.from(st.cards));
      expect(kuhn.node(st)).toEqual({ kind: 'seat', seat: 0 });
    }
    expect(seen.size).toBe(6);
  });

  it('bet, call: the higher card wins 2 chips at the showdown', () => {
    for (let i = 0; i < 50; i++) {
      const st = play(dealt(`bb-${i}`), 'bet', 'call');
      const hi = st.cards[0] > st.cards[1] ? 0 : 1;
      expect(kuhn.result(st)).toEqual({ ranks: hi === 0 ? [0, 1] : [1, 0], reason: 'showdown' });
      expect(kuhn.figureValues(st)).toEqual([hi === 0 ? [2, -2] : [-2, 2]]);
      expect(kuhn.turns(st)).toBe(2);
    }
  });

  it('check, check: the higher card wins 1 chip; check, bet, call: 2 chips', () => {
    for (let i = 0; i < 20; i++) {
      const cc = play(dealt(`cc-${i}`), 'check', 'check');
      const sign = cc.cards[0] > cc.cards[1] ? 1 : -1;
      expect(kuhn.figureValues(cc)).toEqual([[sign, -sign]]);
      expect(kuhn.result(cc)?.reason).toBe('showdown');
      const cbc = play(dealt(`cc-${i}`), 'check', 'bet', 'call');
      expect(kuhn.figureValues(cbc)).toEqual([[2 * sign, -2 * sign]]);
      expect(kuhn.turns(cbc)).toBe(3);
    }
  });

  it('a fold after a bet gives the bettor 1 chip, whatever the cards', () => {
    for (let i = 0; i < 20; i++) {
      const bf = play(dealt(`f-${i}`), 'bet', 'fold');
      expect(kuhn.result(bf)).toEqual({ ranks: [0, 1], reason: 'fold' });
      expect(kuhn.figureValues(bf)).toEqual([[1, -1]]);
      const cbf = play(dealt(`f-${i}`), 'check', 'bet', 'fold');
      expect(kuhn.result(cbf)).toEqual({ ranks: [1, 0], reason: 'fold' });
      expect(kuhn.figureValues(cbf)).toEqual([[-1, 1]]);
    }
  });

  it('reads check/fold as a pass and bet/call as a bet, and writes the word of the moment', () => {
    const st = dealt('words');
    for (const [w, a] of [['check', 'check'], ['fold', 'check'], [' Bet ', 'bet'], ['CALL', 'bet']] as const)
      expect(kuhn.parse(st, 0, 'bet', w)).toEqual({ ok: true, value: a });
    expect(kuhn.format(st, 0, 'bet', 'bet')).toBe('bet');
    expect(kuhn.format(st, 0, 'bet', 'check')).toBe('check');
    play(st, 'bet');
    expect(kuhn.format(st, 1, 'bet', 'bet')).toBe('call');
    expect(kuhn.format(st, 1, 'bet', 'check')).toBe('fold');
    expect(kuhn.observe(st, 1).history).toEqual(['bet']);
  });

  it('check: not your turn, not dealt, hand over, unknown decision', () => {
    const fresh = kuhn.newState(game, 'chk');
    expect(kuhn.check(fresh, 0, 'bet', 'bet')?.code).toBe('ERR_TURN');
    const st = dealt('chk');
    expect(kuhn.check(st, 1, 'bet', 'bet')?.code).toBe('ERR_TURN');
    expect(kuhn.check(st, 0, 'raise', 'bet')?.code).toBe('ERR_DECISION');
    expect(kuhn.check(st, 0, 'bet', 'raise' as never)?.code).toBe('ERR_ACTION');
    play(st, 'bet', 'fold');
    expect(kuhn.check(st, 0, 'bet', 'bet')?.code).toBe('ERR_TURN');
  });

  it('a null action is the forfeit (check, or fold to a bet); apply at a chance or terminal node does nothing', () => {
    const fresh = kuhn.newState(game, 'null');
    kuhn.apply(fresh, ['bet', 'bet'], () => null);
    expect(kuhn.node(fresh)).toEqual({ kind: 'chance' });
    const st = dealt('null');
    play(st, 'bet');
    kuhn.apply(st, [null, null], () => null);
    expect(kuhn.result(st)).toEqual({ ranks: [0, 1], reason: 'fold' });
    kuhn.apply(st, ['bet', 'bet'], () => null);
    expect(kuhn.turns(st)).toBe(2);
  });

  it('observe shows a seat its own card only; the seat view guesses the other card from the seat dice', () => {
    let differs = 0;
    for (let i = 0; i < 200; i++) {
      const st = dealt(`view-${i}`);
      for (const seat of [0, 1]) {
        const obs = kuhn.observe(st, seat);
        expect(obs.card).toBe('JQK'[st.cards[seat]]);
        expect(JSON.stringify(obs)).not.toContain(`"${'JQK'[st.cards[1 - seat]]}"`);
        const dice = new Uint32Array(4);
        sfc32Seed(dice, 0, `seat-dice-${i}-${seat}`);
        const view = new KuhnState();
        kuhn.seatState(st, seat, view, dice);
        expect(view.cards[seat]).toBe(st.cards[seat]);
        expect(view.cards[1 - seat]).not.toBe(view.cards[seat]);
        expect([0, 1, 2]).toContain(view.cards[1 - seat]);
        if (view.cards[1 - seat] !== st.cards[1 - seat]) differs++;
        expect(Array.from(view.dice)).not.toEqual(Array.from(st.dice));
      }
    }
    // about half of 400 guesses miss; it must not simply copy the truth (nor never)
    expect(differs).toBeGreaterThan(120);
    expect(differs).toBeLessThan(280);
  });

  it('a seat view of an undealt state deals from the seat dice, not the rules dice', () => {
    let differs = 0;
    for (let i = 0; i < 50; i++) {
      const st = kuhn.newState(game, `undealt-${i}`);
      const dice = new Uint32Array(4);
      sfc32Seed(dice, 0, `u-${i}`);
      const view = new KuhnState();
      kuhn.seatState(st, 0, view, dice);
      expect(kuhn.node(view)).toEqual({ kind: 'chance' });
      kuhn.chance(view);
      kuhn.chance(st);
      if (view.cards[0] !== st.cards[0] || view.cards[1] !== st.cards[1]) differs++;
    }
    expect(differs).toBeGreaterThan(20);
  });

  it('records one object per action through its recorder', () => {
    const st = dealt('rec');
    const records: object[] = [];
    const rec = kuhn.recorder(() => st, (r) => records.push(r));
    expect(rec.ruleset).toBe('kuhn');
    kuhn.apply(st, ['check', null], () => null, rec);
    kuhn.apply(st, [null, 'bet'], () => null, rec);
    kuhn.apply(st, ['bet', null], () => null, rec);
    expect(records).toEqual([
      { seat: 0, action: 'check', history: ['check'] },
      { seat: 1, action: 'bet', history: ['check', 'bet'] },
      { seat: 0, action: 'call', history: ['check', 'bet', 'call'] },
    ]);
  });

  it('has one build, and two seats only', () => {
    expect(kuhn.builds.check('standard', 'b')).toEqual({ ok: true, value: 'standard' });
    expect(kuhn.builds.check('deluxe', 'b').ok).toBe(false);
    expect(() => kuhn.makeGame({ builds: ['standard', 'standard', 'standard'] })).toThrow(HavocError);
    expect(() => kuhn.makeGame({ builds: ['standard'] })).toThrow(HavocError);
    expect(() => kuhn.makeGame({ builds: ['standard', 'deluxe' as never] })).toThrow(HavocError);
  });

  it('plays its bots: always-bet against always-bet is a showdown for 2 chips; random bots finish', () => {
    const match = (factories: KuhnBotFactory[], seed: string): KuhnState => {
      const bots = factories.map((f, seat) => f({ seat, rng: makeRng(`${seed}/${seat}`), budget: DEFAULT_BUDGET }));
      const st = kuhn.newState(game, seed);
      const view = new KuhnState();
      const dice = new Uint32Array(4);
      sfc32Seed(dice, 0, `${seed}/view`);
      for (let node = kuhn.node(st); node.kind !== 'terminal'; node = kuhn.node(st)) {
        if (node.kind === 'chance') kuhn.chance(st);
        else if (node.kind === 'seat') {
          kuhn.seatState(st, node.seat, view, dice);
          const p = kuhn.parse(st, node.seat, 'bet', bots[node.seat].bet(kuhn.observe(st, node.seat), { seat: node.seat, state: view }));
          expect(p.ok).toBe(true);
          const actions: ('check' | 'bet' | null)[] = [null, null];
          actions[node.seat] = p.ok ? p.value : null;
          kuhn.apply(st, actions, () => null);
        }
      }
      return st;
    };
    for (let i = 0; i < 20; i++) {
      const bb = match([alwaysBet, alwaysBet], `bots-${i}`);
      expect(kuhn.result(bb)?.reason).toBe('showdown');
      expect(Math.abs(kuhn.figureValues(bb)[0][0])).toBe(2);
      const rr = match([randomBot, randomBot], `bots-${i}`);
      expect(kuhn.result(rr)).not.toBeNull();
    }
  });
});

describe('the bot host\'s list of built-in rulesets (rules/builtins.ts)', () => {
  it('names every registered built-in ruleset, each loading the registry\'s module', async () => {
    const registered = rulesetIds().filter((id) => !GAMES.some((g) => g.module.id === id));
    expect(Object.keys(BUILTIN_RULESETS).sort()).toEqual(registered.sort());
    for (const id of registered) {
      const lazy = await BUILTIN_RULESETS[id]();
      expect([lazy.id, lazy.version, lazy.title], id).toEqual([id, rulesetById(id).version, rulesetById(id).title]);
    }
  });
});
