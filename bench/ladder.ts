/**
 * `npm run ladder`: the built-in bots against each other. Every pairing plays
 * seat-swapped pairs of games (the same match seed with the seats exchanged)
 * on Robo Battle Pigs and on a fixed set of Ninja Havoc Machines match-ups
 * from configs/loadouts.json, and the ladder prints each pairing's score (a
 * draw is half a win) and its win rate among decided games, each with a 95%
 * Wilson interval, then every bot's decision time. Targets (issue 4) are
 * checked on the decided-games win rate.
 *
 *   node dist/bench/ladder.js [--games N] [--quick] [--threads T] [--sims S] [--ms M]
 *                             [--pairings a-b,c-d] [--settings rbp,dragon,…] [--json]
 *
 * --games N  games per pairing (default 1000), spread evenly over the settings
 * --quick    120 games per pairing
 * --threads  worker processes (default: every core); 0 plays in this process
 *
 * Hovercrafts' bots play their own setting: `--settings hovercrafts --pairings pilot-random`;
 * so do What Blind Ninjas?'s and Battle Engine's (`--settings blind-ninjas --pairings mcts-tracker`,
 * `--settings battle-engine --pairings mcts-commander`). The search bot `mcts` plays every setting.
 * --sims/--ms  the bots' budget (default: DEFAULT_BUDGET)
 *
 * Games are played in child processes (one per core by default), one
 * seat-swapped pair per task; results are a pure function of the seeds,
 * whatever the process count (decision times apart). A decision's time is
 * reported both as wall-clock and as the CPU time of the thread that made it
 * (bench/timing.ts), the "on one core" figure that stays honest on a shared,
 * busy machine.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { builtinBotPath, loadBot } from '../src/match/bots.js';
import { playMatch } from '../src/match/loop.js';
import { rulesetById } from '../src/rules/registry.js';
import type { Game as EngineGame } from '../src/rules/nhm/game.js';

import { type Budget, DEFAULT_BUDGET } from '../src/core/bot.js';
import { BOARD_8X8 } from '../src/core/grid.js';
import { matchSeed } from '../src/core/rng.js';
import type { BotFactory } from '../src/rules/nhm/botApi.js';
import { defaultCatalogue } from '../src/rules/nhm/catalogue.js';
import { Game } from '../src/rules/nhm/game.js';
import { loadNamedLoadouts } from '../src/rules/nhm/loadout.js';
import { defaultStarts } from '../src/rules/nhm/starts.js';
import { rbpGame } from '../src/rules/rbp/index.js';
import { wilson } from '../src/stats/wilson.js';
import { CPU_CLOCK, timedBot } from './timing.js';

/** A game of the NHM engine with its ruleset's module, as playMatch takes them. */
const engine = (game: EngineGame) => ({ module: rulesetById(game.rulesetId), game });

/**
 * Where games can be played: RBP, and NHM match-ups of named loadouts
 * (mirrors and a few cross match-ups).
 */
export const SETTINGS: readonly { readonly id: string; readonly loadouts: readonly string[] | null; readonly ruleset?: string }[] = [
  { id: 'rbp', loadouts: null },
  // Hovercrafts 2v2 (two seats, a duo fleet each, the default 7x4 map), for its bots: --settings hovercrafts --pairings pilot-random.
  { id: 'hovercrafts', loadouts: ['duo', 'duo'], ruleset: 'hovercrafts' },
  // What Blind Ninjas? for two (4x8 room, turn limit 100): --settings blind-ninjas --pairings mcts-tracker.
  { id: 'blind-ninjas', loadouts: null, ruleset: 'blind-ninjas' },
  // Battle Engine, a General and his privates on each side (configs/battle-engine.json's first army): --settings battle-engine --pairings mcts-commander.
  { id: 'battle-engine', loadouts: ['gen+cpl*2+archer+pvt*9', 'gen+cpl*2+archer+pvt*9'], ruleset: 'battle-engine' },
  ...['buzz-brawler', 'iron-tank', 'dodger', 'dragon', 'mine-layer', 'telefrag-gambler', 'lazor-sniper'].map((l) => ({ id: l, loadouts: [l, l] })),
  ...[
    ['buzz-brawler', 'lazor-sniper'],
    ['iron-tank', 'dodger'],
    ['dragon', 'mine-layer'],
    ['telefrag-gambler', 'robo-pig'],
  ].map((ls) => ({ id: ls.join('/'), loadouts: ls })),
];

/**
 * The ladder's fixed set. Left out by default, because the loadouts and not
 * the bots decide them: lazor-sniper mirror (beams against Reflecto armour:
 * nobody can hurt anybody, every game a draw), dragon/mine-layer and
 * telefrag-gambler/robo-pig (whoever drives the first loadout nearly always
 * wins, so every pairing scores about 50%). `--settings` plays any of them.
 */
export const DEFAULT_SETTINGS = [
  'rbp', 'buzz-brawler', 'iron-tank', 'dodger', 'dragon', 'mine-layer', 'telefrag-gambler', 'buzz-brawler/lazor-sniper', 'iron-tank/dodger',
];

/** Pairings (first bot's score is reported) and the decided-games win rate each should reach. */
export const PAIRINGS: readonly { readonly a: string; readonly b: string; readonly target: number }[] = [
  { a: 'greedy', b: 'random', target: 0.9 },
  { a: 'minimax', b: 'greedy', target: 0.6 },
  { a: 'nash', b: 'greedy', target: 0.6 },
  { a: 'nash', b: 'minimax', target: 0.5 },
];

/** Pairings outside the default ladder (their bots play other settings), with their targets: Hovercrafts' pilot on setting `hovercrafts`. */
export const OTHER_PAIRINGS: readonly { readonly a: string; readonly b: string; readonly target: number }[] = [
  { a: 'pilot', b: 'random', target: 0.9 },
  // The search bot (issue 26): on the NHM settings against nash and minimax; per ruleset against its own bots.
  { a: 'mcts', b: 'nash', target: 0.55 },
  { a: 'mcts', b: 'minimax', target: 0.5 },
  { a: 'mcts', b: 'pilot', target: 0.5 },
  { a: 'mcts', b: 'random', target: 0.9 },
  { a: 'mcts', b: 'tracker', target: 0.5 },
  { a: 'mcts', b: 'commander', target: 0.5 },
];

/** Decision-time target, ms. */
export const DECISION_MS = 50;

interface Task {
  a: string;
  b: string;
  setting: number;
  pair: number;
  budget: Budget;
}

/** One game from the first bot's side. */
interface GameOutcome {
  /** 1 first bot won, 0 lost, 0.5 draw. */
  score: number;
  turns: number;
  faults: [number, number];
}

interface PairResult {
  games: GameOutcome[];
  /** Per bot name: decision times, ms. */
  times: Record<string, Timing>;
}

/** Decision times: wall-clock and CPU, each a histogram in 0.5 ms buckets up to 200 ms (then one overflow bucket), a sum and a max. */
interface Timing {
  count: number;
  wall: { hist: number[]; sum: number; max: number };
  cpu: { hist: number[]; sum: number; max: number };
}

const newTiming = (): Timing => ({
  count: 0,
  wall: { hist: new Array<number>(BUCKETS).fill(0), sum: 0, max: 0 },
  cpu: { hist: new Array<number>(BUCKETS).fill(0), sum: 0, max: 0 },
});

function record(h: Timing['wall'], dt: number): void {
  h.hist[Math.min(BUCKETS - 1, Math.floor(dt / BUCKET))]++;
  h.sum += dt;
  if (dt > h.max) h.max = dt;
}

function merge(into: Timing, t: Timing): void {
  into.count += t.count;
  for (const k of ['wall', 'cpu'] as const) {
    t[k].hist.forEach((x, i) => (into[k].hist[i] += x));
    into[k].sum += t[k].sum;
    into[k].max = Math.max(into[k].max, t[k].max);
  }
}

const BUCKET = 0.5, BUCKETS = 401;

// ---- worker side -------------------------------------------------------------

const factories = new Map<string, Promise<BotFactory>>();
const games = new Map<number, { module: ReturnType<typeof rulesetById>; game: unknown }>();

function gameFor(setting: number): { module: ReturnType<typeof rulesetById>; game: unknown } {
  let m = games.get(setting);
  if (m) return m;
  const s = SETTINGS[setting];
  if (s.ruleset) {
    const mod = rulesetById(s.ruleset);
    const fixed = mod.builds.fixed;
    const builds = s.loadouts
      ? s.loadouts.map((raw) => {
          const b = mod.builds.check(raw, `ladder setting ${s.id}`);
          if (!b.ok) throw b.error;
          return b.value;
        })
      : [fixed!.build, fixed!.build];
    m = { module: mod, game: mod.makeGame({ builds }) };
  } else m = engine(nhmGameFor(s));
  games.set(setting, m);
  return m;
}

function nhmGameFor(s: (typeof SETTINGS)[number]): Game {
  let g: Game;
  const cat = defaultCatalogue();
  if (!s.loadouts) g = rbpGame(cat);
  else {
    const named = loadNamedLoadouts(cat);
    const starts = defaultStarts(BOARD_8X8, s.loadouts.length);
    g = new Game({
      catalogue: cat,
      machines: s.loadouts.map((name, i) => {
        const loadout = named.get(name);
        if (!loadout) throw new Error(`ladder: no loadout named "${name}" in configs/loadouts.json`);
        return { name: 'ABCD'[i], loadout, ...starts[i] };
      }),
    });
  }
  return g;
}

/** A bot spec's built-in bot: `mcts@500` is `mcts` with 500 simulations a decision (its own budget, whatever the run's). */
export const specBot = (spec: string): string => spec.split('@')[0];

function botFor(name: string): Promise<BotFactory> {
  let f = factories.get(name);
  if (!f) {
    const [bot, sims] = name.split('@');
    const base = loadBot(bot) as Promise<BotFactory>; // the built-in bots are NHM-engine bots
    f = sims === undefined ? base : base.then((b) => withSims(b, Number(sims)));
    factories.set(name, f);
  }
  return f;
}

/** A factory whose bots get `sims` simulations a decision (the run's milliseconds). */
export function withSims(f: BotFactory, sims: number): BotFactory {
  if (!(sims > 0)) throw new Error(`a bot's @sims must be a positive number`);
  return (ctx) => f({ ...ctx, budget: { ...ctx.budget, sims } });
}

/** Wraps a factory so each decision's time lands in `t`. */
function timed(f: BotFactory, t: Timing): BotFactory {
  return timedBot(f, (wall, cpu) => {
    t.count++;
    record(t.wall, wall);
    record(t.cpu, cpu);
  });
}

/** Plays one seat-swapped pair. */
export default async function playPair(task: Task): Promise<PairResult> {
  const game = gameFor(task.setting);
  const [fa, fb] = await Promise.all([botFor(task.a), botFor(task.b)]);
  const times: PairResult['times'] = {};
  for (const n of [task.a, task.b]) times[n] ??= newTiming();
  const ta = timed(fa, times[task.a]), tb = timed(fb, times[task.b]);
  const seed = matchSeed(`ladder/${SETTINGS[task.setting].id}`, task.pair);
  const out: GameOutcome[] = [];
  for (const swap of [false, true]) {
    const r = playMatch({ ...game, bots: swap ? [tb, ta] : [ta, tb], seed, budget: task.budget });
    const aSeat = swap ? 1 : 0;
    out.push({
      score: r.winner === null ? 0.5 : r.winner === aSeat ? 1 : 0,
      turns: r.turns,
      faults: [r.faults[aSeat], r.faults[1 - aSeat]],
    });
  }
  return { games: out, times };
}

// ---- main side ---------------------------------------------------------------

interface Args {
  games: number;
  threads: number;
  budget: Budget;
  pairings: typeof PAIRINGS;
  /** Indices into SETTINGS. */
  settings: number[];
  json: boolean;
}

function parseArgs(argv: string[]): Args {
  const args: Args = { games: 1000, threads: availableParallelism(), budget: DEFAULT_BUDGET, pairings: PAIRINGS, settings: DEFAULT_SETTINGS.map((id) => SETTINGS.findIndex((x) => x.id === id)), json: false };
  let sims = DEFAULT_BUDGET.sims, ms = DEFAULT_BUDGET.ms;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i], v = (): string => {
      const x = argv[++i];
      if (x === undefined) throw new Error(`${a} needs a value`);
      return x;
    };
    const num = (): number => {
      const x = Number(v());
      if (!Number.isFinite(x) || x < 0) throw new Error(`${a} needs a number`);
      return x;
    };
    if (a === '--games') args.games = Math.max(2, Math.round(num()));
    else if (a === '--quick') args.games = 120;
    else if (a === '--threads') args.threads = Math.round(num());
    else if (a === '--sims') sims = num();
    else if (a === '--ms') ms = num();
    else if (a === '--json') args.json = true;
    else if (a === '--settings')
      args.settings = v().split(',').map((id) => {
        const i = SETTINGS.findIndex((x) => x.id === id);
        if (i < 0) throw new Error(`unknown setting ${id} (${SETTINGS.map((x) => x.id).join(', ')})`);
        return i;
      });
    else if (a === '--pairings')
      args.pairings = v().split(',').map((p) => {
        // Bot names may hold a hyphen themselves (mcts-rm): the split whose halves are both built-in bots.
        const cuts = [...p.matchAll(/-/g)].map((m) => m.index!);
        const cut = cuts.find((i) => builtinBotPath(specBot(p.slice(0, i))) && builtinBotPath(specBot(p.slice(i + 1)))) ?? cuts[0] ?? -1;
        if (cut < 0) throw new Error(`a pairing is two bots joined by "-", not ${p}`);
        const x = p.slice(0, cut), y = p.slice(cut + 1);
        const known = [...PAIRINGS, ...OTHER_PAIRINGS].find((q) => q.a === x && q.b === y);
        return { a: x, b: y, target: known?.target ?? 0.5 };
      });
    else if (a === '--help' || a === '-h') {
      process.stdout.write('usage: ladder [--games N] [--quick] [--threads T] [--sims S] [--ms M] [--pairings a-b,c-d] [--settings rbp,dragon,…] [--json]\n');
      process.exit(0);
    } else throw new Error(`unknown option ${a}`);
  }
  args.budget = { sims, ms };
  return args;
}

const pct = (x: number): string => (100 * x).toFixed(1).padStart(5);

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const perSetting = 2 * Math.ceil(args.games / args.settings.length / 2);
  const run: (t: Task) => Promise<PairResult> = args.threads === 0 ? playPair : processPool(args.threads);
  const tasks: { pairing: number; task: Task }[] = [];
  args.pairings.forEach((p, pi) => {
    for (const s of args.settings)
      for (let k = 0; k < perSetting / 2; k++) tasks.push({ pairing: pi, task: { a: p.a, b: p.b, setting: s, pair: k, budget: args.budget } });
  });
  const results: PairResult[][][] = args.pairings.map(() => SETTINGS.map(() => []));
  let done = 0;
  const t0 = performance.now();
  await Promise.all(
    tasks.map(async ({ pairing, task }) => {
      const r = await run(task);
      results[pairing][task.setting].push(r);
      done++;
      if (process.stderr.isTTY || done % 50 === 0 || done === tasks.length)
        process.stderr.write(`\r${done}/${tasks.length} pairs played (${((performance.now() - t0) / 1000).toFixed(0)} s)`);
    }),
  );
  process.stderr.write('\n');
  for (const c of closers) await c();

  const report = summarise(args, results, perSetting, (performance.now() - t0) / 1000);
  if (args.json) process.stdout.write(JSON.stringify(report, null, 2) + '\n');
  else printReport(report);
}

const closers: (() => Promise<void>)[] = [];

/** A pool of `n` child processes running this file with --worker; tasks go to whichever is free. */
function processPool(n: number): (t: Task) => Promise<PairResult> {
  const idle: ChildProcess[] = [];
  const waiting: (() => void)[] = [];
  const children: ChildProcess[] = [];
  for (let i = 0; i < n; i++) {
    const c = fork(fileURLToPath(import.meta.url), ['--worker'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    children.push(c);
    idle.push(c);
  }
  closers.push(async () => {
    for (const c of children) c.kill();
  });
  return async (t) => {
    while (idle.length === 0) await new Promise<void>((r) => waiting.push(r));
    const c = idle.pop()!;
    try {
      return await new Promise<PairResult>((resolve, reject) => {
        const onExit = (code: number | null): void => reject(new Error(`a ladder worker exited (${code})`));
        c.once('exit', onExit);
        c.once('message', (m: { ok: boolean; result?: PairResult; error?: string }) => {
          c.off('exit', onExit);
          if (m.ok) resolve(m.result!);
          else reject(new Error(m.error));
        });
        c.send(t);
      });
    } finally {
      idle.push(c);
      waiting.shift()?.();
    }
  };
}

/** The worker side: play each task it is sent and send the result back. */
function worker(): void {
  process.on('message', (t: Task) => {
    playPair(t).then(
      (result) => process.send!({ ok: true, result }),
      (e: unknown) => process.send!({ ok: false, error: (e as Error)?.stack ?? String(e) }),
    );
  });
}

interface Tally {
  games: number;
  wins: number;
  losses: number;
  draws: number;
  score: { p: number; lo: number; hi: number };
  decided: { p: number; lo: number; hi: number };
  turns: number;
  faults: number;
}

function tally(gs: GameOutcome[]): Tally {
  const wins = gs.filter((g) => g.score === 1).length, losses = gs.filter((g) => g.score === 0).length;
  const draws = gs.length - wins - losses;
  return {
    games: gs.length,
    wins,
    losses,
    draws,
    score: wilson(wins + draws / 2, gs.length),
    decided: wilson(wins, wins + losses),
    turns: gs.reduce((s, g) => s + g.turns, 0) / Math.max(1, gs.length),
    faults: gs.reduce((s, g) => s + g.faults[0] + g.faults[1], 0),
  };
}

function summarise(args: Args, results: PairResult[][][], perSetting: number, seconds: number) {
  const timeAcc: Record<string, Timing> = {};
  const pairings = args.pairings.map((p, pi) => {
    const all: GameOutcome[] = [];
    const bySetting = args.settings.map((si) => {
      const s = SETTINGS[si];
      const gs = results[pi][si].flatMap((r) => r.games);
      all.push(...gs);
      for (const r of results[pi][si])
        for (const [name, t] of Object.entries(r.times)) merge((timeAcc[name] ??= newTiming()), t);
      return { setting: s.id, ...tally(gs) };
    });
    const total = tally(all);
    return { a: p.a, b: p.b, target: p.target, met: total.decided.p >= p.target, ...total, bySetting };
  });
  const quantile = (hist: number[], count: number, q: number): number => {
    let c = 0;
    for (let i = 0; i < hist.length; i++) if ((c += hist[i]) >= q * count) return (i + 1) * BUCKET;
    return Infinity;
  };
  const stats = (h: Timing['wall'], count: number) => ({
    meanMs: h.sum / Math.max(1, count),
    p99Ms: quantile(h.hist, count, 0.99),
    maxMs: h.max,
    over: h.hist.slice(Math.floor(DECISION_MS / BUCKET)).reduce((s, x) => s + x, 0),
  });
  const times = Object.entries(timeAcc).map(([bot, t]) => ({ bot, decisions: t.count, cpu: stats(t.cpu, t.count), wall: stats(t.wall, t.count) }));
  return { gamesPerPairing: perSetting * args.settings.length, gamesPerSetting: perSetting, budget: args.budget, threads: args.threads, seconds, pairings, times };
}

function printReport(r: ReturnType<typeof summarise>): void {
  const out = (s: string): boolean => process.stdout.write(s + '\n');
  out(`ladder: ${r.gamesPerPairing} games per pairing (${r.gamesPerSetting} per setting, seat-swapped pairs), budget ${r.budget.sims} sims / ${r.budget.ms} ms, ${r.threads} threads, ${r.seconds.toFixed(0)} s`);
  out('score = (wins + draws/2) / games; decided = wins / (wins + losses); [95% Wilson interval]');
  out('');
  for (const p of r.pairings) {
    out(
      `${p.a} vs ${p.b}: score ${pct(p.score.p)}% [${pct(p.score.lo)}, ${pct(p.score.hi)}]  decided ${pct(p.decided.p)}% [${pct(p.decided.lo)}, ${pct(p.decided.hi)}]` +
        `  W/L/D ${p.wins}/${p.losses}/${p.draws}  target ≥ ${(100 * p.target).toFixed(0)}% decided: ${p.met ? 'met' : 'MISSED'}`,
    );
    for (const s of p.bySetting)
      out(
        `    ${s.setting.padEnd(28)} score ${pct(s.score.p)}% [${pct(s.score.lo)}, ${pct(s.score.hi)}]  decided ${pct(s.decided.p)}% [${pct(s.decided.lo)}, ${pct(s.decided.hi)}]  W/L/D ${s.wins}/${s.losses}/${s.draws}  turns ${s.turns.toFixed(1)}${s.faults ? `  FAULTS ${s.faults}` : ''}`,
      );
  }
  out('');
  out(`decision time per bot (target ≤ ${DECISION_MS} ms; CPU = ${CPU_CLOCK}, wall = elapsed):`);
  for (const t of r.times)
    for (const k of ['cpu', 'wall'] as const)
      out(
        `    ${(k === 'cpu' ? t.bot : '').padEnd(8)} ${k.padEnd(4)} mean ${t[k].meanMs.toFixed(2).padStart(6)} ms  p99 ${t[k].p99Ms.toFixed(1).padStart(5)} ms  max ${t[k].maxMs.toFixed(1).padStart(6)} ms` +
          `  over ${DECISION_MS} ms: ${t[k].over}/${t.decisions}`,
      );
}

if (process.argv.includes('--worker')) worker();
else
  main().catch((e) => {
    process.stderr.write(`ladder: ${(e as Error).message}\n`);
    process.exit(1);
  });
