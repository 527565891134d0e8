/**
 * `npm run bench`: what the engines cost, on one core, and results/bench.json.
 *
 *   node dist/bench/bench.js [--quick] [--seed S] [--out results/bench.json] [--against DIR] [--c-ref DIR] [--curve] [--sweep]
 *   node dist/bench/bench.js --sweep-only [--sweep-matches N] [--json]   (row (p)'s 4,000-match sweep alone)
 *
 * (a) the Robo Battle Pigs reference workload of issue 14 (two pigs, default
 *     starts, 100-turn limit, both seats bench-random, match i seeded from
 *     the run seed and i) in the two-pig kernel, and for comparison in the
 *     general engine and through the arena's playMatch;
 * (b) the engines alone: command steps per second with programs drawn in
 *     advance (kernel; general engine on RBP and on 4-machine NHM with
 *     sampled loadouts);
 * (c) 4-machine NHM random play on seeded sampled loadouts, general engine;
 * (d) the simulation API: copy a state, play one turn of joint programs,
 *     read the outcome (kernel, and the general engine's copyState+playTurn);
 * (e) peak RSS of a 100,000-match kernel run, in a child process of its own;
 * (f) the worker pool: the same `havoc tournament` with --workers 1 and with
 *     every core (bench/arena.ts), its speed-up, and whether the tables were
 *     the same bytes; beside it, what the machine gives bare kernel processes
 *     run one per core at once (the ceiling for any pool at that moment);
 * (g) the built-in bots' mean decision times at the default budget
 *     (bench/decisions.ts);
 * (h) memory and time of whole `havoc tournament` runs (child processes):
 *     peak resident size of a 100,000-match run and, in the full run, of a
 *     1,000,000-match run, with its wall-clock time.
 * (i) isolated bots (bench/isolation.ts): a sandboxed bot process's start,
 *     the round trip it adds to a decision, and random-vs-random matches/s
 *     with both bots isolated, beside the same matches in the thread.
 * (j)-(k) the bot-API path and every registered ruleset through the game
 *     interface (bench/botPath.ts): `random` vs `random` through playMatch,
 *     random play, simulated turns and the heap bytes a simulated turn
 *     leaves; `--against DIR` measures another built checkout beside this
 *     one, alternated.
 * (l) with `--c-ref DIR`: the kernel beside the C reference (bench/cref.ts).
 * (m) What Blind Ninjas?: the `tracker` bot's decision time (mean, p99, wall
 *     clock) in 2-player games against `random` through playMatch, with its
 *     win share and belief coverage (bench/blindNinjas.ts); the ruleset's
 *     random play is in (k) with every other ruleset's.
 * (o) Battle Engine: the `commander` bot (alpha-beta) against `random` on
 *     sampled armies through playMatch: its step decisions' time (mean, p99,
 *     wall clock), its win share, and its search's nodes a CPU second
 *     (bench/battleEngine.ts).
 * (n) the search bot `mcts` on every registered ruleset (bench/search.ts):
 *     simulated steps/s and CPU ms a decision at the default budget, and the
 *     heap bytes a simulated step leaves, in playouts and in the whole search.
 * (p) the skilled bot (issue 48; `npm run ladder -- --skilled`): `skilled`
 *     against nash, greedy and `mcts`, with greedy and `mcts` against nash,
 *     the pairings alternated in one run, on the NHM ladder (1,008 games a
 *     pairing; --quick 72): decided games won with 95% Wilson intervals and
 *     each bot's CPU a match, skilled's as a ratio of greedy's and mcts's.
 *     With `--curve`, the strength-cost curve (`npm run ladder -- --curve`:
 *     mcts at 100 to 4,000 simulations against greedy, nash, pilot, tracker,
 *     commander; skilled at the same budgets against nash); with `--sweep`,
 *     the 4,000-match NHM sweep (configs/sweep.json's) played by skilled on
 *     every core and on one, and by greedy, timed (its matches.csv compared).
 * (q) every built-in bot on every ruleset: mean and p99 CPU a decision at the
 *     default budget in games against random (bench/decisions.ts
 *     decisionTable), and the decisions over 50 ms.
 *
 * The machine is shared and noisy: every figure is the best of several
 * repetitions, timed by this process's CPU time (what it ran, not what it
 * waited for another process), with the wall-clock figure beside it.
 */
import { seatKeyOf, seatSeedsOf } from '../src/core/seatKey.js';
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { dirname, resolve as resolvePath } from 'node:path';
import { fileURLToPath } from 'node:url';
import { playMatch } from '../src/match/loop.js';
import { rulesetById } from '../src/rules/registry.js';
import type { Game as EngineGame } from '../src/rules/nhm/game.js';

import { BOARD_8X8 } from '../src/core/grid.js';
import { diceSeed, matchSeed } from '../src/core/rng.js';
import { defaultCatalogue } from '../src/rules/nhm/catalogue.js';
import { defaultChooser } from '../src/rules/nhm/choices.js';
import { CMD_R, CMD_X } from '../src/rules/nhm/commands.js';
import * as commands from '../src/rules/nhm/commands.js';
import { Game } from '../src/rules/nhm/game.js';
import * as loadoutModule from '../src/rules/nhm/designSpace.js';
import type { Catalogue, Loadout } from '../src/rules/nhm/parts.js';
import { defaultStarts } from '../src/rules/nhm/starts.js';
import { copyState, requiredX, State } from '../src/rules/nhm/state.js';
import { playTurn } from '../src/rules/nhm/step.js';
import type { Tracer } from '../src/rules/nhm/trace.js';
import { aleaNext, aleaSeed, ALEA_SIZE } from '../src/core/alea.js';
import { aleaSeedRunMatch, aleaSeedSeats } from '../src/rules/rbp/alea.js';
import { fromKState, kernelBridge, unpackGameProgram, type KernelBridge } from '../src/rules/rbp/bridge.js';
import { rbpGame } from '../src/rules/rbp/index.js';
import {
  copyKState, K_END, K_HEARTS, K_TURN, K_WINNER, newKState, newRngPair, playMatchK, playRunMatchesK, playSeededMatchK, playTurnK, resetKState,
} from '../src/rules/rbp/kernel.js';
import * as kernel from '../src/rules/rbp/kernel.js';
import benchRandom, { drawProgram, policy } from '../bots/bench-random.js';
import { cleanup, nhmSweepConfig, poolSpeedup, rbpBenchConfig, runTournament, scratch, workloadScaling, type PoolResult, type TournamentRun } from './arena.js';
import { decisionTable, decisionTimes } from './decisions.js';
import { isolationCost } from './isolation.js';
import { measurePaths, pathWorkloadList, type PathFigure } from './botPath.js';
import { blindNinjasLadder } from './blindNinjas.js';
import { battleEngineLadder } from './battleEngine.js';
import { COMMANDER_NODES } from '../bots/commander.js';
import { searchFigures } from './search.js';
import { cReference } from './cref.js';

// Module-local copies of imported constants for the timed loops: V8 folds a
// module's own unexported `const`s into optimised code, but loads an imported
// (or exported) binding from its cell at every use.
const PROGRAM_LENGTH = commands.PROGRAM_LENGTH;
const MAX_HEARTS = kernel.MAX_HEARTS;

/** A game of the NHM engine with its ruleset's module, as playMatch takes them. */
const engine = (game: EngineGame) => ({ module: rulesetById(game.rulesetId), game });

const ARGS = process.argv.slice(2);
const flag = (name: string): boolean => ARGS.includes(name);
const option = (name: string, dflt: string): string => {
  const i = ARGS.indexOf(name);
  return i >= 0 && i + 1 < ARGS.length ? ARGS[i + 1] : dflt;
};

// ---------------------------------------------------------------- timing

interface Timing {
  /** Best (least) CPU milliseconds of one repetition, and its wall-clock milliseconds. */
  cpuMs: number;
  wallMs: number;
  /** Median CPU milliseconds over the repetitions. */
  medianCpuMs: number;
}

/** Runs `rep(i)` once untimed (warm-up, i = -1), then `reps` times; the best repetition by CPU time counts. */
function measure(reps: number, rep: (i: number) => void): Timing {
  rep(-1);
  const runs: { cpu: number; wall: number }[] = [];
  for (let i = 0; i < reps; i++) {
    const c0 = process.cpuUsage(), t0 = performance.now();
    rep(i);
    const wall = performance.now() - t0, c = process.cpuUsage(c0);
    runs.push({ cpu: (c.user + c.system) / 1000, wall });
  }
  const byCpu = [...runs].sort((a, b) => a.cpu - b.cpu);
  return { cpuMs: byCpu[0].cpu, wallMs: byCpu[0].wall, medianCpuMs: byCpu[Math.floor(byCpu.length / 2)].cpu };
}

const perSec = (work: number, ms: number): number => (work / ms) * 1000;

// ---------------------------------------------------------------- table

interface Row {
  section: string;
  what: string;
  value: string;
  note: string;
}
const rows: Row[] = [];
const fmt = (x: number, digits = 0): string => x.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
function row(section: string, what: string, value: string, note = ''): void {
  rows.push({ section, what, value, note });
  process.stderr.write(`  ${section} ${what}: ${value}${note ? `  (${note})` : ''}\n`);
}
/** A throughput row: CPU-timed best repetition, wall-clock beside it. */
function rateRow(section: string, what: string, work: number, t: Timing, unit: string, extra = ''): number {
  const r = perSec(work, t.cpuMs);
  row(section, what, `${fmt(r)} ${unit}`, `wall ${fmt(perSec(work, t.wallMs))}; median ${fmt(perSec(work, t.medianCpuMs))}${extra ? '; ' + extra : ''}`);
  return r;
}

function printTable(): void {
  const w = [7, Math.max(...rows.map((r) => r.what.length)), Math.max(...rows.map((r) => r.value.length))];
  const line = (a: string, b: string, c: string, d: string): string => `${a.padEnd(w[0])}  ${b.padEnd(w[1])}  ${c.padStart(w[2])}  ${d}`;
  console.log(line('', 'measurement', 'value', 'notes'));
  console.log(line('', '-'.repeat(w[1]), '-'.repeat(w[2]), '-----'));
  for (const r of rows) console.log(line(r.section, r.what, r.value, r.note));
}

// ---------------------------------------------------------------- (a) the reference workload

interface WorkloadStats {
  matches: number;
  turns: number;
  a: number;
  b: number;
  mutual: number;
  limit: number;
}

/** Plays kernel matches ids [from, from + n) of run `run`; adds to `s`. */
function kernelMatches(run: string, from: number, n: number, s: WorkloadStats): void {
  playRunMatchesK(newKState(), run, from, n, policy, policy, (st) => {
    s.matches++;
    s.turns += st[K_TURN];
    const w = st[K_WINNER], e = st[K_END];
    if (w === 0) s.a++;
    else if (w === 1) s.b++;
    else if (e === 2) s.mutual++;
    else s.limit++;
  });
}

/** The same matches in the general engine: State + playTurn, programs from the same policy and streams. */
function engineMatches(game: Game, bridge: KernelBridge, run: string, from: number, n: number): number {
  const st0 = new State(game), st = new State(game), rngs = newRngPair(), codes = new Uint16Array(2 * PROGRAM_LENGTH);
  let turns = 0;
  for (let i = from; i < from + n; i++) {
    copyState(st0, st);
    aleaSeedRunMatch(rngs, run, i);
    while (!st.isOver()) {
      unpackGameProgram(bridge, drawProgram(aleaNext(rngs[0]), requiredX(st, 0)), codes, 0);
      unpackGameProgram(bridge, drawProgram(aleaNext(rngs[1]), requiredX(st, 1)), codes, PROGRAM_LENGTH);
      playTurn(st, codes, defaultChooser);
    }
    turns += st.turn;
  }
  return turns;
}

// ---------------------------------------------------------------- programs drawn in advance

const POOL = 1024;

/** Per missing hearts 0..MAX_HEARTS, POOL packed kernel programs of the bench policy. */
function kernelPools(seed: string): Int32Array[] {
  const r = new Float64Array(ALEA_SIZE);
  aleaSeed(r, seed);
  return Array.from({ length: MAX_HEARTS + 1 }, (_, d) => Int32Array.from({ length: POOL }, () => drawProgram(aleaNext(r), d)));
}

/**
 * The bench policy for any loadout, for the general engine: with d required
 * X, a repair program (R wherever there is no X) with chance 1/10 when d >= 1,
 * else d X in random slots and a uniformly random other command elsewhere.
 */
function nhmProgram(game: Game, m: number, d: number, rng: Float64Array, out: Uint16Array, at: number): void {
  const cmds = game.commands[m];
  const repair = d >= 1 && d < PROGRAM_LENGTH && aleaNext(rng) < 0.1;
  for (let k = 0; k < PROGRAM_LENGTH; k++) {
    if (repair) out[at + k] = CMD_R;
    else {
      let c: number;
      do c = cmds[Math.floor(aleaNext(rng) * cmds.length)];
      while (c === CMD_X || c === CMD_R);
      out[at + k] = c;
    }
  }
  for (let placed = 0; placed < Math.min(d, PROGRAM_LENGTH); ) {
    const k = Math.floor(aleaNext(rng) * PROGRAM_LENGTH);
    if (out[at + k] !== CMD_X) (out[at + k] = CMD_X), placed++;
  }
}

/** Per machine, per required X 0..5, POOL programs (PROGRAM_LENGTH codes each) for the general engine. */
function enginePools(game: Game, seed: string): Uint16Array[][] {
  const r = new Float64Array(ALEA_SIZE);
  aleaSeed(r, seed);
  return Array.from({ length: game.n }, (_, m) =>
    Array.from({ length: 6 }, (_, d) => {
      const pool = new Uint16Array(POOL * PROGRAM_LENGTH);
      for (let i = 0; i < POOL; i++) nhmProgram(game, m, d, r, pool, i * PROGRAM_LENGTH);
      return pool;
    }),
  );
}

/** A tracer that only counts steps (for an untimed pass that gives the exact step count of a timed one). */
function countingTracer(counter: { steps: number }): Tracer {
  const nop = (): void => {};
  return {
    beginStep: () => void counter.steps++,
    move: nop, bonk: nop, teleport: nop, choice: nop, hot: nop, hit: nop, mine: nop, death: nop, repair: nop, endStep: nop,
  };
}

/**
 * Plays `turns` turns in the general engine over `games` (in turn), each
 * from its start, programs from the pools; a game that ends starts again.
 * Returns the turns played (with a tracer, steps are counted on it).
 */
function engineTurns(games: readonly Game[], pools: readonly Uint16Array[][][], turns: number, tr: Tracer | null): number {
  const starts = games.map((g) => new State(g, 'bench-dice'));
  const states = games.map((g) => new State(g, 'bench-dice'));
  const codes = games.map((g) => new Uint16Array(g.n * PROGRAM_LENGTH));
  let gi = 0, cursor = 0;
  for (let t = 0; t < turns; t++) {
    const st = states[gi], g = games[gi], c = codes[gi], p = pools[gi];
    for (let m = 0; m < g.n; m++) {
      const pool = p[m][requiredX(st, m)], at = ((cursor + m * 331) & (POOL - 1)) * PROGRAM_LENGTH;
      for (let k = 0; k < PROGRAM_LENGTH; k++) c[m * PROGRAM_LENGTH + k] = pool[at + k];
    }
    cursor += 7;
    playTurn(st, c, defaultChooser, tr);
    if (st.isOver()) {
      copyState(starts[gi], st);
      gi = (gi + 1) % games.length;
    }
  }
  return turns;
}

// ---------------------------------------------------------------- NHM games

type Sampler = (cat: Catalogue, n: number, seed: string | number) => Loadout[];
const sampleLoadouts = (loadoutModule as Record<string, unknown>).sampleLoadouts as Sampler | undefined;

function nhmGame(cat: Catalogue, loadouts: readonly Loadout[]): Game {
  const starts = defaultStarts(BOARD_8X8, loadouts.length);
  return new Game({ catalogue: cat, machines: loadouts.map((l, i) => ({ name: 'ABCD'[i], loadout: l, ...starts[i] })) });
}

/** Match i of a run: its seed and its four loadouts, sampled from the seed (before any timing: that is the scheduler's work). */
interface NhmMatch {
  seed: string;
  loadouts: Loadout[];
}

/**
 * 4-machine random play: per match a Game and a State are built, the bots'
 * streams seeded as the arena seeds them, and the match played to its end.
 * With a tracer, steps are counted on it.
 */
function nhmMatches(cat: Catalogue, matches: readonly NhmMatch[], out: { turns: number; games: number }, tr: Tracer | null = null): void {
  const rngs = Array.from({ length: 4 }, () => new Float64Array(ALEA_SIZE));
  const codes = new Uint16Array(4 * PROGRAM_LENGTH);
  for (const { seed, loadouts } of matches) {
    const game = nhmGame(cat, loadouts);
    const st = new State(game, diceSeed(seed));
    aleaSeedSeats(rngs, seed);
    while (!st.isOver()) {
      for (let m = 0; m < 4; m++) {
        if (st.alive[m]) nhmProgram(game, m, requiredX(st, m), rngs[m], codes, m * PROGRAM_LENGTH);
        else codes.fill(CMD_X, m * PROGRAM_LENGTH, (m + 1) * PROGRAM_LENGTH);
      }
      playTurn(st, codes, defaultChooser, tr);
    }
    out.turns += st.turn;
    out.games++;
  }
}

// ---------------------------------------------------------------- (e) the RSS probe

function rssProbe(n: number): void {
  const s: WorkloadStats = { matches: 0, turns: 0, a: 0, b: 0, mutual: 0, limit: 0 };
  const t0 = performance.now();
  kernelMatches('1', 0, n, s);
  const ms = performance.now() - t0;
  console.log(JSON.stringify({ matches: s.matches, ms, maxRssMb: process.resourceUsage().maxRSS / 1024 }));
}

/** One --rss-probe child: its kernel play's milliseconds. */
function probeChild(n: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, [fileURLToPath(import.meta.url), '--rss-probe', String(n)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    p.stdout.on('data', (d: Buffer) => (out += d.toString()));
    p.on('error', reject);
    p.on('close', (code) => (code === 0 ? resolve((JSON.parse(out) as { ms: number }).ms) : reject(new Error(`kernel probe exited with ${code}`))));
  });
}

/**
 * What the machine itself gives `k` cores: `n` bare kernel matches in one
 * process alone, then in k processes at once (no arena, no threads, nothing
 * shared), alternated `reps` times. Scaling = k x best time alone / best time
 * of the slowest of the k: the ceiling for any pool on this machine at this
 * time (vCPUs whose host cores are shared scale less than k).
 */
async function machineScaling(k: number, n: number, reps: number): Promise<{ alone: number; together: number; scaling: number }> {
  let alone = Infinity, together = Infinity;
  for (let r = 0; r < reps; r++) {
    alone = Math.min(alone, await probeChild(n));
    const ms = await Promise.all(Array.from({ length: k }, () => probeChild(n)));
    together = Math.min(together, Math.max(...ms));
  }
  return { alone, together, scaling: (k * alone) / together };
}

// ---------------------------------------------------------------- main

async function main(): Promise<void> {
  if (flag('--sweep-only')) {
    // Row (p)'s sweep alone.
    const matches = Number(option('--sweep-matches', '4000'));
    if (!Number.isInteger(matches) || matches < 1) {
      console.error(`bench: --sweep-matches takes a whole number of matches, not ${option('--sweep-matches', '')}`);
      process.exit(1);
    }
    const load0 = loadavg()[0], runs = skilledSweepRows(matches);
    row('', 'load average (1 min)', `${fmt(load0, 2)} at the start, ${fmt(loadavg()[0], 2)} at the end`, `on ${availableParallelism()} cores`);
    printTable();
    if (ARGS.includes('--json')) console.log(JSON.stringify(runs, null, 2));
    return;
  }
  const quick = flag('--quick');
  const run = option('--seed', '1');
  const out = option('--out', 'results/bench.json');
  const reps = quick ? 3 : 7;
  const cat = defaultCatalogue();
  const game = rbpGame(cat);
  const bridge = kernelBridge(game)!;
  const started = performance.now();
  const cpuModel = cpus()[0]?.model ?? 'unknown';
  row('', 'cores (availableParallelism)', String(availableParallelism()), `${cpus().length} logical CPUs, ${cpuModel}`);
  row('', 'node', process.version, `V8 ${process.versions.v8}, ${process.platform}/${process.arch}`);
  row('', 'mode', quick ? 'quick' : 'full', `best of ${reps} repetitions by CPU time; run seed ${run}`);
  const load0 = loadavg()[0];

  // (a) The reference workload in the kernel.
  const perRep = quick ? 30_000 : 100_000;
  const stats: WorkloadStats = { matches: 0, turns: 0, a: 0, b: 0, mutual: 0, limit: 0 };
  let next = 0;
  const tKernel = measure(reps, (i) => {
    const s = i < 0 ? { matches: 0, turns: 0, a: 0, b: 0, mutual: 0, limit: 0 } : stats;
    kernelMatches(run, next, perRep, s);
    next += perRep;
  });
  const meanTurns = stats.turns / stats.matches;
  const rbpMatches = rateRow('(a)', 'RBP reference workload, kernel: matches/s (1 core)', perRep, tKernel, 'matches/s');
  const rbpTurns = rbpMatches * meanTurns;
  row('(a)', 'RBP reference workload, kernel: turns/s', `${fmt(rbpTurns)} turns/s`);
  const rbpNs = 1e9 / rbpTurns;
  row('(a)', 'RBP reference workload, kernel: ns/turn', `${fmt(rbpNs, 1)} ns`, 'seeding, policy and turns, all included');
  row('(a)', 'mean turns per match', fmt(meanTurns, 2), `${fmt(stats.matches)} matches; published 89.3`);
  const share = (x: number): string => `${fmt((100 * x) / stats.matches, 2)}%`;
  row('(a)', 'A wins / B wins', `${share(stats.a)} / ${share(stats.b)}`, 'published about 12% / 12%');
  row('(a)', 'mutual destruction / turn limit', `${fmt(stats.mutual)} matches / ${share(stats.limit)}`, 'published turn limit about 76%');

  // The same matches seeded as the arena seeds them: the match seed made as a string by core/rng matchSeed, each seat's own seed under the seat key (core/seatKey.ts).
  const nStr = quick ? 10_000 : 40_000;
  const key = seatKeyOf(run);
  const tStr = measure(reps, () => {
    const st = newKState(), rngs = newRngPair();
    for (let i = 0; i < nStr; i++) playSeededMatchK(st, seatSeedsOf(key, matchSeed(run, i), 2).bots, policy, policy, rngs);
  });
  rateRow('(a)', 'same, seeded as the arena seeds (match seed string, keyed seat seeds)', nStr, tStr, 'matches/s', 'the match seed made as a string, each seat seeded by a SHA-256 of the seat key and it, as the arena does');

  // The same workload in the general engine, and through the arena.
  const nEng = quick ? 300 : 1500;
  let engTurns = 0;
  const tEng = measure(reps, (i) => {
    const t = engineMatches(game, bridge, run, 0, nEng);
    if (i === 0) engTurns = t;
  });
  const engMatches = rateRow('(a)', 'same workload, general engine (State + playTurn)', nEng, tEng, 'matches/s');
  row('(a)', 'same workload, general engine: ns/turn', `${fmt(1e9 / ((engMatches * engTurns) / nEng), 1)} ns`);
  const nArena = quick ? 40 : 200;
  let arenaTurns = 0;
  const tArena = measure(quick ? 2 : 3, (i) => {
    for (let j = 0; j < nArena; j++) {
      const r = playMatch({ ...engine(game), bots: [benchRandom, benchRandom], seed: matchSeed(run, j) });
      if (i === 0) arenaTurns += r.turns;
    }
  });
  const arenaMatches = rateRow('(a)', 'same workload, arena playMatch (bot API)', nArena, tArena, 'matches/s');
  row('(a)', 'same workload, arena playMatch: ns/turn', `${fmt(1e9 / ((arenaMatches * arenaTurns) / nArena), 0)} ns`);

  // (b) Engines alone, programs drawn in advance.
  const pools = kernelPools('bench-programs');
  const nTurns = quick ? 2_000_000 : 6_000_000;
  let kSteps = 0;
  const tSteps = measure(reps, (i) => {
    const st = newKState();
    let steps = 0, j = 0;
    for (let t = 0; t < nTurns; t++) {
      if (st[K_END] !== 0) resetKState(st);
      const pa = pools[MAX_HEARTS - st[K_HEARTS]][j & (POOL - 1)], pb = pools[MAX_HEARTS - st[K_HEARTS + 1]][(j + 331) & (POOL - 1)];
      j += 7;
      steps += playTurnK(st, pa, pb);
    }
    if (i >= 0) kSteps = steps;
  });
  const engineSteps = rateRow('(b)', 'RBP command steps/s, kernel', kSteps, tSteps, 'steps/s', `${fmt(kSteps / nTurns, 3)} steps per turn`);

  const rbpPools = [enginePoolsFromKernel(game, bridge, pools)];
  const nGen = quick ? 100_000 : 400_000;
  const genCount = { steps: 0 };
  engineTurns([game], rbpPools, nGen, countingTracer(genCount));
  const tGen = measure(reps, () => engineTurns([game], rbpPools, nGen, null));
  rateRow('(b)', 'RBP command steps/s, general engine', genCount.steps, tGen, 'steps/s', 'same programs as the kernel row');

  let nhm4Steps: number | null = null, nhm4Matches: number | null = null, nhm4MatchSteps: number | null = null;
  if (!sampleLoadouts) {
    row('(b)', 'NHM 4-machine command steps/s, general engine', 'skipped', 'src/rules/nhm/loadout.ts has no sampleLoadouts yet');
    row('(c)', 'NHM 4-machine random play', 'skipped', 'src/rules/nhm/loadout.ts has no sampleLoadouts yet');
  } else {
    const games = Array.from({ length: 32 }, (_, i) => nhmGame(cat, sampleLoadouts(cat, 4, matchSeed(`${run}/engine`, i))));
    const nhmPools = games.map((g, i) => enginePools(g, `bench-nhm-${i}`));
    const nNhm = quick ? 30_000 : 120_000;
    const nhmCount = { steps: 0 };
    engineTurns(games, nhmPools, nNhm, countingTracer(nhmCount));
    const tNhm = measure(reps, () => engineTurns(games, nhmPools, nNhm, null));
    nhm4Steps = rateRow('(b)', 'NHM 4-machine command steps/s, general engine', nhmCount.steps, tNhm, 'steps/s', '32 sampled 4-loadout games');

    // (c) 4-machine random play, seeded sampled loadouts.
    const nM = quick ? 300 : 1200;
    const matches: NhmMatch[] = [];
    const tSample = measure(1, (i) => {
      if (i < 0) return;
      for (let j = 0; j < nM; j++) matches.push({ seed: matchSeed(run, j), loadouts: sampleLoadouts(cat, 4, matchSeed(run, j)) });
    });
    const acc = { turns: 0, games: 0 }, stepCount = { steps: 0 };
    nhmMatches(cat, matches, acc, countingTracer(stepCount));
    const tM = measure(reps, () => nhmMatches(cat, matches, { turns: 0, games: 0 }));
    nhm4Matches = rateRow('(c)', 'NHM 4-machine random play, general engine: matches/s', nM, tM, 'matches/s', 'Game and State built per match');
    const meanNhm = acc.turns / acc.games;
    row('(c)', 'NHM 4-machine random play: turns/s', `${fmt(nhm4Matches * meanNhm)} turns/s`, `${fmt(meanNhm, 1)} turns per match`);
    nhm4MatchSteps = nhm4Matches * (stepCount.steps / nM);
    row('(c)', 'NHM 4-machine random play: steps/s', `${fmt(nhm4MatchSteps)} steps/s`);
    row('(c)', 'sampleLoadouts(cat, 4, seed), per match (not in the rows above)', `${fmt((tSample.cpuMs * 1000) / nM, 0)} µs`, 'the design space is rebuilt on every call');
  }

  // (d) The simulation API: copy a state, play one turn of joint programs, read the outcome.
  const roots = simRoots(run, 256);
  const nSim = quick ? 1_000_000 : 3_000_000;
  let simSum = 0;
  const tSim = measure(reps, () => {
    const scratch = newKState();
    for (let t = 0; t < nSim; t++) {
      const root = roots[t & 255];
      copyKState(root, scratch);
      playTurnK(scratch, pools[MAX_HEARTS - root[K_HEARTS]][t & (POOL - 1)], pools[MAX_HEARTS - root[K_HEARTS + 1]][(t * 7 + 3) & (POOL - 1)]);
      simSum += scratch[K_HEARTS] - scratch[K_HEARTS + 1] + scratch[K_END];
    }
  });
  const simTurns = rateRow('(d)', 'simulated RBP turns/s, kernel (copy + turn + read)', nSim, tSim, 'turns/s');
  const engRoots = roots.map((k) => {
    const st = new State(game);
    fromKState(k, st);
    return st;
  });
  const nSimG = quick ? 100_000 : 300_000;
  const tSimG = measure(reps, () => {
    const scratch = new State(game), codes = new Uint16Array(2 * PROGRAM_LENGTH);
    for (let t = 0; t < nSimG; t++) {
      const root = engRoots[t & 255];
      copyState(root, scratch);
      unpackGameProgram(bridge, pools[MAX_HEARTS - root.hearts[0]][t & (POOL - 1)], codes, 0);
      unpackGameProgram(bridge, pools[MAX_HEARTS - root.hearts[1]][(t * 7 + 3) & (POOL - 1)], codes, PROGRAM_LENGTH);
      playTurn(scratch, codes, defaultChooser);
      simSum += scratch.hearts[0] - scratch.hearts[1] + scratch.end;
    }
  });
  rateRow('(d)', 'simulated RBP turns/s, general engine (copyState + playTurn)', nSimG, tSimG, 'turns/s');
  if (simSum === 0.5) console.log(''); // keeps the reads observable

  // (e) Peak RSS of a 100,000-match kernel run, alone in a child process; and of the same child playing none.
  const probe = (n: number): { maxRssMb: number; ms: number } | string => {
    const p = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--rss-probe', String(n)], { encoding: 'utf8' });
    try {
      return JSON.parse(p.stdout.trim().split('\n').pop() ?? '') as { maxRssMb: number; ms: number };
    } catch {
      return p.stderr.slice(0, 200) || 'no output';
    }
  };
  let peakRss: number | null = null;
  const full = probe(100_000), none = probe(0);
  if (typeof full === 'string') row('(e)', 'peak RSS, 100,000-match kernel run', 'failed', full);
  else {
    peakRss = full.maxRssMb;
    const base = typeof none === 'string' ? '' : `; the same process playing no match: ${fmt(none.maxRssMb, 1)} MB`;
    row('(e)', 'peak RSS, 100,000-match kernel run', `${fmt(peakRss, 1)} MB`, `maxRSS of a child process, ${fmt(full.ms / 1000, 2)} s${base}`);
  }
  row('(e)', 'peak RSS, this bench process', `${fmt(process.resourceUsage().maxRSS / 1024, 1)} MB`);

  // (j)-(k) The bot-API path and every ruleset through the game interface (bench/botPath.ts), beside --against DIR's code.
  const paths = botPathRows(quick, option('--against', ''));
  // (l) The kernel beside the C reference, when asked for.
  const cref = option('--c-ref', '') ? cRefRows(option('--c-ref', ''), quick) : null;
  // (m) What Blind Ninjas?: the tracker's decisions.
  const ninjas = await blindNinjasRows(quick);
  // (o) Battle Engine: the commander's decisions and search.
  const battle = await battleEngineRows(quick);
  // (n) The search bot on every ruleset.
  const search = searchRows(quick);
  // (p) The skilled bot: its ladder, and the curve and the sweep when asked for.
  const skilled = skilledRows(quick, flag('--curve'), flag('--sweep'));
  // (q) Every built-in bot's decisions on every ruleset.
  const decisionTableFigures = await decisionTableRows(quick);

  // (f)-(h) The arena: real `havoc tournament` runs in child processes, and the bots' decisions.
  const arena = await arenaRows(quick, cat);

  const load = `${fmt(load0, 2)} at the start, ${fmt(loadavg()[0], 2)} at the end`;
  row('', 'load average (1 min)', load, `on ${availableParallelism()} cores: above 1, other processes shared them`);
  const totalS = (performance.now() - started) / 1000;
  console.log('');
  printTable();
  console.log(`\n${fmt(totalS, 1)} s in all; writing ${out}`);
  mkdirSync(dirname(out), { recursive: true });
  const json = {
    date: new Date().toISOString(),
    quick,
    run_seed: run,
    node: process.version,
    cpus: availableParallelism(),
    cpu_model: cpuModel,
    load_average: [load0, loadavg()[0]],
    timing: 'best of repetitions by process CPU time (wall-clock in *_wall)',
    rbp_matches_per_sec_per_core: Math.round(rbpMatches),
    rbp_matches_per_sec_wall: Math.round(perSec(perRep, tKernel.wallMs)),
    rbp_turns_per_sec: Math.round(rbpTurns),
    rbp_ns_per_turn: Number(rbpNs.toFixed(1)),
    rbp_mean_turns: Number(meanTurns.toFixed(3)),
    rbp_matches_measured: stats.matches,
    rbp_shares: { a: stats.a / stats.matches, b: stats.b / stats.matches, mutual: stats.mutual / stats.matches, turn_limit: stats.limit / stats.matches },
    rbp_general_engine_matches_per_sec: Math.round(engMatches),
    rbp_arena_matches_per_sec: Number(arenaMatches.toFixed(1)),
    engine_steps_per_sec: Math.round(engineSteps),
    general_engine_rbp_steps_per_sec: Math.round(perSec(genCount.steps, tGen.cpuMs)),
    nhm4_engine_steps_per_sec: nhm4Steps === null ? null : Math.round(nhm4Steps),
    nhm4_matches_per_sec_per_core: nhm4Matches === null ? null : Math.round(nhm4Matches),
    nhm4_match_steps_per_sec: nhm4MatchSteps === null ? null : Math.round(nhm4MatchSteps),
    sim_turns_per_sec: Math.round(simTurns),
    sim_turns_per_sec_general_engine: Math.round(perSec(nSimG, tSimG.cpuMs)),
    kernel_probe_rss_mb: peakRss === null ? null : Number(peakRss.toFixed(1)),
    ...arena,
    bot_path: paths,
    c_reference: cref,
    blind_ninjas: ninjas,
    battle_engine: battle,
    search: search,
    skilled,
    decision_table: decisionTableFigures,
    seconds: Number(totalS.toFixed(1)),
  };
  writeFileSync(out, JSON.stringify(json, null, 2) + '\n');
}

/** The kernel pools as general-engine pools for an RBP game (one per seat, same programs). */
function enginePoolsFromKernel(game: Game, bridge: KernelBridge, pools: readonly Int32Array[]): Uint16Array[][] {
  const seatPools = pools.map((p) => {
    const out = new Uint16Array(POOL * PROGRAM_LENGTH), codes: number[] = [];
    for (let i = 0; i < POOL; i++) {
      unpackGameProgram(bridge, p[i], codes);
      out.set(codes, i * PROGRAM_LENGTH);
    }
    return out;
  });
  return Array.from({ length: game.n }, () => seatPools);
}

/** Mid-game kernel states from the reference workload: each match stopped at a random turn. */
function simRoots(run: string, n: number): Int32Array[] {
  const out: Int32Array[] = [], rngs = newRngPair(), pick = new Float64Array(ALEA_SIZE);
  aleaSeed(pick, 'sim-roots');
  for (let i = 0; out.length < n; i++) {
    const st = newKState();
    aleaSeedRunMatch(rngs, `${run}/sim`, i);
    const stop = Math.floor(aleaNext(pick) * 90);
    while (st[K_END] === 0 && st[K_TURN] < stop) playTurnK(st, policy(st, 0, rngs[0]), policy(st, 1, rngs[1]));
    if (st[K_END] === 0) out.push(st);
  }
  return out;
}

// ---------------------------------------------------------------- (f)-(h) the arena

const runJson = (r: TournamentRun) => ({
  matches: r.matches,
  workers: r.workers,
  wall_seconds: Number(r.wallS.toFixed(2)),
  play_seconds: r.playS,
  cpu_seconds: r.cpuS === null ? null : Number(r.cpuS.toFixed(2)),
  peak_rss_mb: r.maxRssMb,
  time_v_peak_rss_mb: r.timeMaxRssMb,
  main_heap_peak_mb: r.mainHeapPeakMb,
  load_average: Number(r.load.toFixed(2)),
});

const poolJson = (what: string, p: PoolResult) => ({
  what,
  speedup: Number(p.speedup.toFixed(2)),
  speedup_wall: Number(p.speedupWall.toFixed(2)),
  identical_results: p.identical,
  one_worker: runJson(p.one),
  all_workers: runJson(p.all),
  runs: p.runs.map(runJson),
});

function poolRows(what: string, p: PoolResult): void {
  const rate = (r: TournamentRun): string => `${fmt(r.matches / r.playS)} matches/s`;
  // CPU seconds per wall second of the whole command: a 1-worker run already keeps more than one core
  // busy (main thread, V8's GC and compiler threads), which bounds what a second worker can add.
  const cores = (r: TournamentRun): string => (r.cpuS === null ? '' : `; ${fmt(r.cpuS / r.wallS, 2)} cores busy (${fmt(r.cpuS, 1)} CPU s)`);
  row('(f)', `${what}: 1 worker`, `${fmt(p.one.playS, 2)} s`, `${rate(p.one)} playing; whole command ${fmt(p.one.wallS, 2)} s${cores(p.one)}`);
  row('(f)', `${what}: ${p.workers} workers`, `${fmt(p.all.playS, 2)} s`, `${rate(p.all)} playing; whole command ${fmt(p.all.wallS, 2)} s${cores(p.all)}`);
  row(
    '(f)',
    `${what}: pool speedup (${p.workers} workers)`,
    `${fmt(p.speedup, 2)}x`,
    `playing phase, best of ${p.runs.length / 2} each; whole command ${fmt(p.speedupWall, 2)}x; matches.csv and tables ${p.identical ? 'identical' : 'DIFFERENT'} in every run; load ${p.runs.map((r) => fmt(r.load, 1)).join('/')}`,
  );
}

function memoryRow(what: string, r: TournamentRun): void {
  const time = r.timeMaxRssMb === null ? '' : `; /usr/bin/time -v: ${fmt(r.timeMaxRssMb, 1)} MB`;
  row('(h)', what, `${fmt(r.maxRssMb, 1)} MB`, `${r.workers} workers, ${fmt(r.wallS, 2)} s whole command (${fmt(r.playS, 2)} s playing); main thread's V8 heap peak ${fmt(r.mainHeapPeakMb, 1)} MB${time}`);
}

/** The arena's rows and their results/bench.json fields. */
async function arenaRows(quick: boolean, cat: Catalogue): Promise<Record<string, unknown>> {
  const workers = availableParallelism();
  const dir = scratch();
  try {
    // (f) The worker pool, through the real `havoc tournament`: the issue's million-match run (each
    // worker's start-up, about 0.2 s of modules, JIT and the first replays, is small beside it).
    // Alternated repetitions, the best of each: the machine's other tenants slow single runs by up to 1.5x.
    const nPool = quick ? 200_000 : 1_000_000;
    const machine = await machineScaling(workers, quick ? 100_000 : 300_000, 3);
    row(
      '(f)',
      `machine: ${workers} processes of bare kernel matches at once vs 1`,
      `${fmt(machine.scaling, 2)}x`,
      `best of 3 each: ${fmt(machine.alone / 1000, 2)} s alone, ${fmt(machine.together / 1000, 2)} s for the slowest of ${workers} at once; the ceiling for the pool now`,
    );
    const pool = poolSpeedup(dir, rbpBenchConfig(dir, nPool), workers, quick ? 2 : 3, 'pool');
    poolRows(`RBP ${fmt(nPool)} bench-random matches`, pool);
    row('(f)', 'pool speed-up / machine scaling', `${fmt((100 * pool.speedup) / machine.scaling, 0)}%`, 'how much of what the two cores gave bare kernel processes the pool got');
    let nhmPool: PoolResult | null = null, greedyPool: PoolResult | null = null;
    let greedyMachine: { alone: number; together: number; scaling: number } | null = null;
    if (!quick) {
      // Big enough that each worker's start-up (modules, JIT, the sweep's design pool) is small beside the play.
      const nNhm = 12_000;
      nhmPool = poolSpeedup(dir, nhmSweepConfig(dir, nNhm, 200), workers, 2, 'pool-nhm');
      poolRows(`NHM sweep, ${fmt(nNhm)} random-bot matches`, nhmPool);
      row('(f)', 'NHM random sweep: pool speed-up / machine scaling', `${fmt((100 * nhmPool.speedup) / machine.scaling, 0)}%`, 'a short run (seconds): the workers\' start-up weighs');
      // Where the bots' decisions, not the engine, take the time: about 40 s on one worker. Greedy
      // leans on memory (reach tables, candidates) more than the kernel does, so the ceiling is the
      // machine's scaling on this same sweep (copies of it in processes of their own), not the kernel's.
      const nGreedy = 9_000;
      const greedyConfig = nhmSweepConfig(dir, nGreedy, 200, 'greedy');
      greedyMachine = await workloadScaling(dir, greedyConfig, workers, 2);
      row(
        '(f)',
        `machine: ${workers} processes of the greedy sweep at once vs 1`,
        `${fmt(greedyMachine.scaling, 2)}x`,
        `best of 2 each: ${fmt(greedyMachine.alone, 2)} s alone, ${fmt(greedyMachine.together, 2)} s for the slowest of ${workers} at once (one worker each)`,
      );
      greedyPool = poolSpeedup(dir, greedyConfig, workers, 2, 'pool-greedy');
      poolRows(`NHM sweep, ${fmt(nGreedy)} greedy-bot matches`, greedyPool);
      row('(f)', 'NHM greedy sweep: pool speed-up / the machine\'s on it', `${fmt((100 * greedyPool.speedup) / greedyMachine.scaling, 0)}%`, `target: the machine's scaling; against bare kernel processes' ${fmt(machine.scaling, 2)}x: ${fmt((100 * greedyPool.speedup) / machine.scaling, 0)}%`);
    }

    // (g) Decision times of the built-in bots, default budget.
    const perSetting = quick ? 20 : 300;
    const decisions = await decisionTimes(cat, perSetting);
    for (const [bot, d] of Object.entries(decisions))
      row(
        '(g)',
        `decision time, ${bot} (default budget)`,
        `${fmt(d.meanWallMs, 2)} ms`,
        `mean of ${fmt(d.decisions)} decisions vs random (CPU ${fmt(d.meanCpuMs, 2)} ms; p99 ${fmt(d.p99WallMs, 1)} ms; max ${fmt(d.maxWallMs, 1)} ms; ${Object.entries(d.bySetting).map(([k, v]) => `${k} ${fmt(v, 2)}`).join(', ')})`,
      );

    // (h) Memory and time of whole runs, every core.
    const base = runTournament(dir, rbpBenchConfig(dir, 2), workers, 'base');
    memoryRow('peak RSS, havoc tournament of 2 matches (start-up, idle workers)', base);
    const r100k = runTournament(dir, rbpBenchConfig(dir, 100_000), workers, 'rss', true);
    memoryRow('peak RSS, havoc tournament of 100,000 RBP matches, with its report', r100k);
    let r1m: TournamentRun | null = null;
    if (!quick) {
      r1m = runTournament(dir, rbpBenchConfig(dir, 1_000_000), workers, 'rss', true);
      memoryRow('peak RSS, havoc tournament of 1,000,000 RBP matches, with its report (target < 300 MB)', r1m);
      row('(h)', '1,000,000-match havoc tournament, wall clock', `${fmt(r1m.wallS, 1)} s`, `${workers} workers; ${fmt(r1m.playS, 1)} s playing (${fmt(r1m.matches / r1m.playS)} matches/s); target < 60 s`);
    } else row('(h)', '1,000,000-match havoc tournament', 'skipped', 'full run only');

    // (i) What isolating a bot costs: process start, round trip per decision, matches/s.
    // A sandbox that cannot start now (no bubblewrap; the machine's tasks or namespaces used up) skips the row.
    let iso: ReturnType<typeof isolationCost>;
    try {
      iso = isolationCost(quick ? 20 : 100);
    } catch (e) {
      iso = `the sandbox failed: ${((e as Error)?.message ?? String(e)).split('\n')[0]}`;
    }
    if (typeof iso === 'string') row('(i)', 'isolated bots', 'skipped', iso);
    else {
      row('(i)', 'isolated bot: process start (spawn to first answer)', `${fmt(iso.startMs, 1)} ms`, 'mean of 10 sandboxed processes (bubblewrap, prlimit, the bot host), one at a time');
      row('(i)', 'isolated bot: round trip per decision', `${fmt(iso.roundTripUs, 0)} µs`, 'mean of 2,000 decisions after the first, isolated minus in the thread; random bot, RBP');
      row('(i)', 'RBP random vs random, both isolated', `${fmt(iso.isolatedMatchesPerSec, 1)} matches/s`, `one core; in the thread: ${fmt(iso.inThreadMatchesPerSec)} matches/s`);
    }

    return {
      workers,
      pool_speedup: Number(pool.speedup.toFixed(2)),
      pool_speedup_wall: Number(pool.speedupWall.toFixed(2)),
      machine_scaling: Number(machine.scaling.toFixed(2)),
      machine_scaling_seconds: { alone: machine.alone / 1000, slowest_together: machine.together / 1000 },
      pool_speedup_nhm: nhmPool && Number(nhmPool.speedup.toFixed(2)),
      pool_speedup_nhm_greedy: greedyPool && Number(greedyPool.speedup.toFixed(2)),
      machine_scaling_nhm_greedy: greedyMachine && { scaling: Number(greedyMachine.scaling.toFixed(2)), alone: greedyMachine.alone, slowest_together: greedyMachine.together },
      pool: poolJson(`RBP, ${nPool} bench-random matches, havoc tournament --workers 1 vs ${workers}`, pool),
      pool_nhm: nhmPool && poolJson(`NHM sweep, 12000 random-bot matches between 200 sampled designs, --workers 1 vs ${workers}`, nhmPool),
      pool_nhm_greedy: greedyPool && poolJson(`NHM sweep, 9000 greedy-bot matches between 200 sampled designs, --workers 1 vs ${workers}`, greedyPool),
      decision_ms: Object.fromEntries(Object.entries(decisions).map(([b, d]) => [b, d.meanWallMs])),
      decision_cpu_ms: Object.fromEntries(Object.entries(decisions).map(([b, d]) => [b, d.meanCpuMs])),
      decisions: { budget: 'DEFAULT_BUDGET', opponent: 'random', per_setting: perSetting, bots: decisions },
      peak_rss_mb: r100k.maxRssMb,
      peak_rss_mb_1m: r1m ? r1m.maxRssMb : null,
      peak_rss_baseline_mb: base.maxRssMb,
      tournament_1m_seconds: r1m ? Number(r1m.wallS.toFixed(1)) : null,
      tournament_1m_play_seconds: r1m ? r1m.playS : null,
      tournaments: { base: runJson(base), rbp_100k: runJson(r100k), rbp_1m: r1m && runJson(r1m) },
      isolation: typeof iso === 'string' ? { skipped: iso } : iso,
    };
  } finally {
    cleanup(dir);
  }
}

if (flag('--rss-probe')) rssProbe(Number(option('--rss-probe', '100000')));
else
  main().catch((e: unknown) => {
    process.stderr.write(`bench: ${(e as Error)?.stack ?? String(e)}\n`);
    process.exit(1);
  });

// ---------------------------------------------------------------- (j)-(l) the bot-API path, the rulesets, the C reference

/** Rows (j) and (k); with `against` (another built checkout), its figures beside this tree's and the ratio. */
function botPathRows(quick: boolean, against: string): unknown {
  const here = fileURLToPath(new URL('../..', import.meta.url)).replace(/\/$/, '');
  const trees = against ? [resolvePath(against), here] : [here];
  const figures = measurePaths(pathWorkloadList(quick), trees, quick ? 3 : 5);
  const of = (workload: string, tree: string) => figures.find((f) => f.workload === workload && f.tree === tree);
  const names: Record<string, [string, string]> = {
    'rbp-random': ['(j)', 'RBP random vs random through playMatch (bot API)'],
    'nhm2-random': ['(j)', 'NHM 2-machine random vs random through playMatch'],
    'hover2v2-random': ['(j)', 'Hovercrafts 2v2 (duo fleets, 7x4) random vs random through playMatch'],
  };
  for (const f of figures.filter((f) => f.tree === here)) {
    const [kind, ruleset, seats] = f.workload.includes(':') ? f.workload.split(':') : [f.workload, '', undefined];
    const id = seats ? `${ruleset} ${seats}-seat` : ruleset;
    const [section, what] = names[f.workload] ?? ['(k)', kind === 'rules' ? `${id}: random play through the game interface` : kind === 'sim' ? `${id}: simulated turns (copy + apply + node)` : `${id}: heap bytes per simulated turn`];
    if ('error' in f) {
      row(section, what, 'failed', f.error);
      continue;
    }
    const old = against ? of(f.workload, trees[0]) : undefined;
    const was = old && !('error' in old) ? old : null;
    if (kind === 'alloc') {
      const per = (x: PathFigure): string => `${fmt(x.bytes! / x.work, 1)} B${x.gcs ? ` (${x.gcs} collections: at least)` : ''}`;
      row(section, what, per(f), was ? `--against: ${per(was)}` : `${fmt(f.work)} steps, no collection in between`);
      continue;
    }
    const unit = kind === 'sim' ? 'turns/s' : 'matches/s';
    const perTurn = kind === 'sim' ? '' : `; ${fmt((f.cpuMs * 1e6) / f.turns, 0)} ns/turn`;
    row(section, what, `${fmt(f.rate)} ${unit}`, `${fmt(f.work)} ${kind === 'sim' ? 'turns' : 'matches'} a repetition${perTurn}${was ? `; --against: ${fmt(was.rate)} ${unit}, ${fmt(f.rate / was.rate, 2)}x` : ''}`);
  }
  return figures;
}

/** Rows (m): What Blind Ninjas?'s tracker against random (bench/blindNinjas.ts). */
async function blindNinjasRows(quick: boolean): Promise<unknown> {
  const f = await blindNinjasLadder(quick ? 100 : 500);
  const d = f.decisionMs;
  row('(m)', 'What Blind Ninjas? tracker decision vs random: mean', `${fmt(d.mean, 3)} ms`, `wall clock, ${fmt(d.n)} decisions in ${fmt(f.games)} 2-player games; p99 ${fmt(d.p99, 3)} ms; target <= 50 ms`);
  row('(m)', 'What Blind Ninjas? tracker vs random: share of decided games', `${fmt(100 * f.share.p, 1)}%`, `[${fmt(100 * f.share.lo, 1)}, ${fmt(100 * f.share.hi, 1)}] 95% Wilson; ${f.aWins}-${f.bWins}, ${f.draws} draws; belief coverage ${fmt((100 * f.coverage!.states) / f.coverage!.checks, 1)}%`);
  return f;
}

/** Rows (o): Battle Engine's commander against random (bench/battleEngine.ts). */
async function battleEngineRows(quick: boolean): Promise<unknown> {
  const f = await battleEngineLadder(quick ? 40 : 200);
  const d = f.decisionMs;
  row('(o)', 'Battle Engine commander step decision vs random: mean', `${fmt(d.mean, 3)} ms`, `wall clock, ${fmt(d.n)} decisions in ${fmt(f.games)} games on sampled armies; p99 ${fmt(d.p99, 3)} ms; target <= 50 ms`);
  row('(o)', 'Battle Engine commander search', `${fmt(f.search.nodesPerSecond)} nodes/s`, `CPU; ${fmt(f.search.nodes)} nodes in ${fmt(f.search.searches)} searches of at most ${fmt(COMMANDER_NODES)} nodes`);
  row('(o)', 'Battle Engine commander vs random: share of decided games', `${fmt(100 * f.share.p, 1)}%`, `[${fmt(100 * f.share.lo, 1)}, ${fmt(100 * f.share.hi, 1)}] 95% Wilson; ${f.wins}-${f.losses}, ${f.draws} draws`);
  return f;
}

/** The ladder (bench/ladder.ts) in a child process, its JSON report; a string on failure. */
function ladderChild(args: string[]): LadderReport | string {
  const p = spawnSync(process.execPath, [resolvePath(dirname(fileURLToPath(import.meta.url)), 'ladder.js'), ...args, '--json'], { encoding: 'utf8', maxBuffer: 1 << 26, timeout: 4 * 3600_000 });
  try {
    return JSON.parse(p.stdout) as LadderReport;
  } catch {
    return (p.stderr ?? '').trim().split('\n').slice(-3).join(' | ') || `exit ${p.status}`;
  }
}

interface LadderPairing {
  a: string;
  b: string;
  group: string | null;
  games: number;
  wins: number;
  losses: number;
  draws: number;
  decided: { p: number; lo: number; hi: number };
  cpu: { a: { cpuMsPerGame: number; cpuMsPerDecision: number; decisionsPerGame: number }; b: { cpuMsPerGame: number; cpuMsPerDecision: number } };
}
interface LadderReport {
  seconds: number;
  load: number[];
  pairings: LadderPairing[];
}

const shareText = (p: LadderPairing): string => `${fmt(100 * p.decided.p, 1)}% [${fmt(100 * p.decided.lo, 1)}, ${fmt(100 * p.decided.hi, 1)}]`;

/** Rows (p): the skilled bot's ladder; with `curve` the strength-cost curve, with `sweep` the 4,000-match sweep. */
function skilledRows(quick: boolean, curve: boolean, sweep: boolean): unknown {
  const games = quick ? 72 : 1008;
  const r = ladderChild(['--skilled', '--games', String(games)]);
  const out: Record<string, unknown> = {};
  if (typeof r === 'string') row('(p)', 'skilled bot ladder', 'failed', r);
  else {
    out.ladder = r;
    const find = (a: string, b: string) => r.pairings.find((p) => p.a === a && p.b === b)!;
    const sk = find('skilled', 'nash'), mc = find('mcts', 'nash'), gr = find('greedy', 'nash');
    const wld = (p: LadderPairing): string => `${p.wins}/${p.losses}/${p.draws} of ${fmt(p.games)} games`;
    for (const p of r.pairings)
      row(
        '(p)',
        `${p.a} vs ${p.b}, NHM ladder: decided games won`,
        shareText(p),
        `${wld(p)}; CPU a game ${fmt(p.cpu.a.cpuMsPerGame, 1)} ms (${fmt(p.cpu.a.cpuMsPerDecision, 2)} ms a decision)${p.a === p.b ? ', both seats' : ` against ${fmt(p.cpu.b.cpuMsPerGame, 1)} ms`}`,
      );
    const c = (p: LadderPairing): number => p.cpu.a.cpuMsPerGame;
    const ss = find('skilled', 'skilled'), gg = find('greedy', 'greedy'), mm = find('mcts', 'mcts');
    const when = `pairings alternated in one ${fmt(r.seconds)} s run, load average ${r.load.map((x) => fmt(x, 2)).join(' / ')} at its end`;
    row('(p)', 'skilled CPU a self-play match / greedy\'s', `${fmt(c(ss) / c(gg), 2)}x`, `${fmt(c(ss), 1)} ms against ${fmt(c(gg), 1)} ms, both seats, as a sweep plays (${fmt(ss.games)} games each); target ≤ 5x`);
    row('(p)', 'skilled CPU a self-play match / mcts\'s', `${fmt(c(ss) / c(mm), 3)}x`, `${fmt(c(ss), 1)} ms against ${fmt(c(mm), 1)} ms; ${when}`);
    row('(p)', 'skilled CPU a decision / greedy\'s, mcts\'s (against nash)', `${fmt(sk.cpu.a.cpuMsPerDecision / gr.cpu.a.cpuMsPerDecision, 2)}x, ${fmt(sk.cpu.a.cpuMsPerDecision / mc.cpu.a.cpuMsPerDecision, 3)}x`, `${fmt(sk.cpu.a.cpuMsPerDecision, 2)} ms, ${fmt(gr.cpu.a.cpuMsPerDecision, 2)} ms, ${fmt(mc.cpu.a.cpuMsPerDecision, 2)} ms`);
  }
  if (curve) {
    const cr = ladderChild(['--curve', '--games', String(quick ? 36 : 200)]);
    if (typeof cr === 'string') row('(p)', 'strength-cost curve', 'failed', cr);
    else {
      out.curve = cr;
      for (const p of cr.pairings)
        row('(p)', `curve, ${p.group}: ${p.a} vs ${p.b}`, shareText(p), `${p.wins}/${p.losses}/${p.draws}; CPU a game ${fmt(p.cpu.a.cpuMsPerGame, 0)} ms (${fmt(p.cpu.a.cpuMsPerDecision, 2)} ms a decision), opponent ${fmt(p.cpu.b.cpuMsPerGame, 0)} ms`);
    }
  }
  if (sweep) out.sweep = skilledSweepRows();
  return out;
}

/**
 * The 4,000-match NHM sweep (configs/sweep.json's 800 sampled designs and seed) played by skilled on every core,
 * by greedy on every core, and by skilled on one worker (the same bytes asked of its matches.csv). Alone:
 * `node dist/bench/bench.js --sweep-only [--sweep-matches N]` (about 20 minutes of CPU at 4,000).
 */
function skilledSweepRows(matches = 4000): unknown {
  const dir = scratch();
  const what = `${fmt(matches)}-match NHM sweep played by skilled`;
  try {
    const workers = availableParallelism();
    const runs: Record<string, TournamentRun> = {};
    for (const [tag, bot, w] of [['skilled', 'skilled', workers], ['greedy', 'greedy', workers], ['skilled-1', 'skilled', 1]] as const)
      runs[tag] = runTournament(dir, nhmSweepConfig(dir, matches, 800, bot, 'sweep-1'), w, tag);
    const s = runs.skilled, g = runs.greedy, one = runs['skilled-1'];
    const cpu = (r: TournamentRun): string => (r.cpuS === null ? '' : `, ${fmt(r.cpuS, 1)} CPU-s`);
    row('(p)', what, `${fmt(s.wallS, 1)} s`, `${workers} workers${cpu(s)}, ${fmt(s.playS, 1)} s playing; target < 240 s at 4,000; greedy ${fmt(g.wallS, 1)} s${cpu(g)} (skilled / greedy ${fmt(s.playS / g.playS, 2)}x); 1 worker ${fmt(one.wallS, 1)} s${cpu(one)}; matches.csv ${one.matchesSha === s.matchesSha ? 'identical' : 'DIFFERENT'} across 1 and ${workers} workers; load ${fmt(s.load, 2)}`);
    return runs;
  } catch (e) {
    row('(p)', what, 'failed', (e as Error).message.slice(0, 300));
    return null;
  } finally {
    cleanup(dir);
  }
}

/** Rows (q): every built-in bot on every ruleset, CPU a decision (bench/decisions.ts). */
async function decisionTableRows(quick: boolean): Promise<unknown> {
  const rows = await decisionTable(quick ? 40 : 300);
  const bots = [...new Set(rows.map((r) => r.bot))];
  for (const b of bots) {
    const mine = rows.filter((r) => r.bot === b && !r.skipped);
    if (mine.length === 0) continue;
    const worst = mine.reduce((x, y) => (y.p99CpuMs > x.p99CpuMs ? y : x));
    row('(q)', `CPU a decision, ${b}: mean / p99 ms by setting`, `p99 ≤ ${fmt(worst.p99CpuMs, 1)} ms`, mine.map((r) => `${r.setting} ${fmt(r.meanCpuMs, 2)} / ${fmt(r.p99CpuMs, 1)}${r.over50 ? ` (${r.over50} over 50 ms)` : ''}`).join('; '));
  }
  return rows;
}

/** Rows (n): `mcts` on every registered ruleset (bench/search.ts). */
function searchRows(quick: boolean): unknown {
  const figures = searchFigures(quick);
  for (const f of figures) {
    if ('error' in f) {
      row('(n)', `mcts on ${f.ruleset}`, 'failed', f.error);
      continue;
    }
    const bytes = (b: number | null): string => (b === null ? 'a collection ran (not measured)' : `${fmt(b, 1)} B`);
    row('(n)', `mcts on ${f.ruleset}: simulated steps/s`, `${fmt(f.simsPerSecond)}/s`, `${fmt(f.msPerDecision, 2)} ms CPU a decision at ${fmt(f.sims / f.decisions)} sims; ${fmt(f.decisions)} positions of random play`);
    row('(n)', `mcts on ${f.ruleset}: heap per step`, `playouts ${bytes(f.playoutBytesPerStep)}`, `whole search (tree and candidates): ${bytes(f.bytesPerSim)}`);
  }
  return figures;
}

/** Row (l): the kernel's ns/turn beside the C reference's, alternated, pinned to one core. */
function cRefRows(dir: string, quick: boolean): unknown {
  const r = cReference(dir, quick ? 2 : 3, quick ? 2 : 5);
  if (typeof r === 'string') {
    row('(l)', 'kernel vs C reference', 'failed', r);
    return { error: r };
  }
  row('(l)', 'C reference (rbp_native bench), ns/turn', `${fmt(r.cNsPerTurn, 1)} ns`, `best of ${r.rounds}, alternated with the kernel${r.pinned ? ', both pinned to core 1 (taskset)' : ', unpinned (no taskset)'}`);
  row('(l)', 'kernel (bench-random policy), ns/turn', `${fmt(r.kernelNsPerTurn, 1)} ns`, 'the same workload, a child process: the arena\'s matches, each seeded from its seed strings');
  row('(l)', 'kernel / C', `${fmt(r.ratio, 2)}x`, 'target: within 2x');
  row('(l)', 'kernel turns and policy alone, ns/turn', `${fmt(r.turnsNsPerTurn, 1)} ns`, `streams seeded once, as the C program's; the arena's seeding is the other ${fmt(r.kernelNsPerTurn - r.turnsNsPerTurn, 1)} ns`);
  row('(l)', 'kernel turns and policy / C', `${fmt(r.turnsRatio, 2)}x`, 'what the kernel would be without the arena\'s per-match seeding');
  return r;
}
