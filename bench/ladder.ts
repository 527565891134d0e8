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
 * --sims/--ms  the bots' budget (default: DEFAULT_BUDGET); a bot named `mcts@500` gets 500 simulations whatever the run's
 * --curve    the strength-cost curve (issue 48): mcts at each of --budgets (default 100,250,500,1000,2000,4000)
 *            simulations against greedy and nash (NHM ladder), pilot, tracker and commander (their rulesets), and
 *            skilled at the same budgets against nash; a table of decided games won and CPU a game
 * --skilled  the skilled bot against nash, greedy and mcts, greedy and mcts against nash, and self-play rows
 *            (CPU a match as a sweep plays), alternated; its closing lines give the ratios
 *
 * Games are played in child processes (one per core by default), one
 * seat-swapped pair per task; results are a pure function of the seeds,
 * whatever the process count (decision times apart). A decision's time is
 * reported both as wall-clock and as the CPU time of the thread that made it
 * (bench/timing.ts), the "on one core" figure that stays honest on a shared,
 * busy machine.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';
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
import { sampleLoadouts } from '../src/rules/nhm/designSpace.js';
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
export const SETTINGS: readonly { readonly id: string; readonly loadouts: readonly string[] | null; readonly ruleset?: string; readonly sampled?: boolean }[] = [
  { id: 'rbp', loadouts: null },
  // NHM, two designs drawn from every legal design afresh for each seat-swapped pair (as a sweep draws them): where
  // two nearly deterministic bots would play the fixed match-ups' same game again and again.
  { id: 'sampled', loadouts: null, sampled: true },
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
  // The skilled bot (issue 48): beats nash by at least as much as mcts does (63.6% of decided games), and holds mcts.
  { a: 'skilled', b: 'nash', target: 0.636 },
  { a: 'skilled', b: 'mcts', target: 0.5 },
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

export function gameFor(setting: number): { module: ReturnType<typeof rulesetById>; game: unknown } {
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

/** Setting `sampled`'s game for pair `pair`: two designs sampled from the catalogue's legal ones, default starts. */
function sampledGame(pair: number): { module: ReturnType<typeof rulesetById>; game: unknown } {
  const cat = defaultCatalogue(), starts = defaultStarts(BOARD_8X8, 2);
  const designs = sampleLoadouts(cat, 2, `ladder/sampled/${pair}`);
  return engine(new Game({ catalogue: cat, machines: designs.map((loadout, i) => ({ name: 'AB'[i], loadout, ...starts[i] })) }));
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
  const game = SETTINGS[task.setting].sampled ? sampledGame(task.pair) : gameFor(task.setting);
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

/** A pairing as a run plays it: its own settings where it names them (the curve's), else the run's. */
interface Pairing {
  readonly a: string;
  readonly b: string;
  readonly target: number;
  /** Setting ids (the run's `--settings` when absent). */
  readonly settings?: readonly string[];
  /** A label the report groups it under (the curve: its ruleset). */
  readonly group?: string;
  /** Games of its own, as a share of the run's `--games` (self-play rows that only measure CPU a match). */
  readonly gamesShare?: number;
}

interface Args {
  games: number;
  threads: number;
  budget: Budget;
  pairings: readonly Pairing[];
  /** Indices into SETTINGS. */
  settings: number[];
  json: boolean;
  /** Which preset the pairings come from (the report's closing lines). */
  preset: 'curve' | 'skilled' | null;
}

/** The ladder's NHM settings, the search bots' curve and skilled rows play them. */
const NHM_LADDER = DEFAULT_SETTINGS;

/** The strength-cost curve's default simulation budgets a decision (issue 48). */
export const CURVE_BUDGETS = [100, 250, 500, 1000, 2000, 4000];

/**
 * `--curve`: `mcts` at each budget against each ruleset's reference bots
 * (NHM and RBP: greedy and nash; Hovercrafts: pilot; What Blind Ninjas?:
 * tracker; Battle Engine: commander), and `skilled` at the same budgets
 * against nash (on the other rulesets it is `mcts`).
 */
export function curvePairings(budgets: readonly number[]): Pairing[] {
  const out: Pairing[] = [];
  for (const n of budgets) {
    out.push({ a: `mcts@${n}`, b: 'greedy', target: 0.5, settings: NHM_LADDER, group: 'nhm' });
    out.push({ a: `mcts@${n}`, b: 'nash', target: 0.5, settings: NHM_LADDER, group: 'nhm' });
    out.push({ a: `skilled@${n}`, b: 'nash', target: 0.5, settings: NHM_LADDER, group: 'nhm' });
    out.push({ a: `mcts@${n}`, b: 'pilot', target: 0.5, settings: ['hovercrafts'], group: 'hovercrafts' });
    out.push({ a: `mcts@${n}`, b: 'tracker', target: 0.5, settings: ['blind-ninjas'], group: 'blind-ninjas' });
    out.push({ a: `mcts@${n}`, b: 'commander', target: 0.5, settings: ['battle-engine'], group: 'battle-engine' });
  }
  return out;
}

/**
 * `--skilled`: the skilled bot against nash, greedy and `mcts` on the NHM
 * ladder, with greedy and `mcts` against nash beside it (their CPU a match
 * in the same games' settings is what the skilled bot's is compared with).
 */
export const SKILLED_PAIRINGS: readonly Pairing[] = [
  { a: 'skilled', b: 'nash', target: 0.636 },
  { a: 'mcts', b: 'nash', target: 0.55 },
  { a: 'greedy', b: 'nash', target: 0 },
  { a: 'skilled', b: 'greedy', target: 0.6 },
  { a: 'skilled', b: 'mcts', target: 0.5 },
  // Self-play, as a sweep plays: CPU a match of both seats (a quarter of the games: it converges long before a win share does).
  { a: 'skilled', b: 'skilled', target: 0, gamesShare: 0.25 },
  { a: 'greedy', b: 'greedy', target: 0, gamesShare: 0.25 },
  { a: 'mcts', b: 'mcts', target: 0, gamesShare: 0.25 },
];

function parseArgs(argv: string[]): Args {
  const args: Args = { games: 1000, threads: availableParallelism(), budget: DEFAULT_BUDGET, pairings: PAIRINGS, settings: DEFAULT_SETTINGS.map(settingIndex), json: false, preset: null };
  let budgets = CURVE_BUDGETS;
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
    else if (a === '--curve') args.preset = 'curve';
    else if (a === '--skilled') (args.preset = 'skilled'), (args.pairings = SKILLED_PAIRINGS);
    else if (a === '--budgets') budgets = v().split(',').map((x) => {
      const n = Number(x);
      if (!(n > 0)) throw new Error(`--budgets takes simulation counts, not ${x}`);
      return n;
    });
    else if (a === '--settings')
      args.settings = v().split(',').map(settingIndex);
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
      process.stdout.write('usage: ladder [--games N] [--quick] [--threads T] [--sims S] [--ms M] [--pairings a-b,c-d] [--settings rbp,dragon,…] [--curve [--budgets 100,…]] [--skilled] [--json]\n');
      process.exit(0);
    } else throw new Error(`unknown option ${a}`);
  }
  args.budget = { sims, ms };
  if (args.preset === 'curve') args.pairings = curvePairings(budgets);
  return args;
}

function settingIndex(id: string): number {
  const i = SETTINGS.findIndex((x) => x.id === id);
  if (i < 0) throw new Error(`unknown setting ${id} (${SETTINGS.map((x) => x.id).join(', ')})`);
  return i;
}

/** A pairing's settings (indices into SETTINGS). */
const settingsOf = (p: Pairing, args: Args): number[] => (p.settings ? p.settings.map(settingIndex) : args.settings);

const pct = (x: number): string => (100 * x).toFixed(1).padStart(5);

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const run: (t: Task) => Promise<PairResult> = args.threads === 0 ? playPair : processPool(args.threads);
  // The pairings' pairs alternated (each pairing's k-th pair, then the (k+1)-th…): pairings measured side by side
  // share the machine's moments alike. Results do not depend on the order.
  const lists: { pairing: number; task: Task }[][] = args.pairings.map((p, pi) => {
    const settings = settingsOf(p, args), per = perSettingOf(args, settings.length, p.gamesShare), out: { pairing: number; task: Task }[] = [];
    for (let k = 0; k < per / 2; k++) for (const s of settings) out.push({ pairing: pi, task: { a: p.a, b: p.b, setting: s, pair: k, budget: args.budget } });
    return out;
  });
  const tasks: { pairing: number; task: Task }[] = [];
  for (let i = 0; lists.some((l) => i < l.length); i++) for (const l of lists) if (i < l.length) tasks.push(l[i]);
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

  const report = summarise(args, results, (performance.now() - t0) / 1000);
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

/** Games a pairing plays on each of its settings: an even number, `games` spread over them. */
const perSettingOf = (args: Args, settings: number, share = 1): number => 2 * Math.ceil((share * args.games) / settings / 2);

function summarise(args: Args, results: PairResult[][][], seconds: number) {
  const timeAcc: Record<string, Timing> = {};
  const pairings = args.pairings.map((p, pi) => {
    const all: GameOutcome[] = [];
    // Each bot's decision CPU in this pairing's games: ms a game and decisions a game.
    const own = { a: newTiming(), b: newTiming() };
    const bySetting = settingsOf(p, args).map((si) => {
      const s = SETTINGS[si];
      const gs = results[pi][si].flatMap((r) => r.games);
      all.push(...gs);
      for (const r of results[pi][si]) {
        for (const [name, t] of Object.entries(r.times)) merge((timeAcc[name] ??= newTiming()), t);
        if (r.times[p.a]) merge(own.a, r.times[p.a]);
        if (r.times[p.b] && p.b !== p.a) merge(own.b, r.times[p.b]);
      }
      return { setting: s.id, ...tally(gs) };
    });
    const total = tally(all);
    const perGame = (t: Timing) => ({ cpuMsPerGame: t.cpu.sum / Math.max(1, total.games), decisionsPerGame: t.count / Math.max(1, total.games), cpuMsPerDecision: t.cpu.sum / Math.max(1, t.count) });
    return { a: p.a, b: p.b, group: p.group ?? null, target: p.target, met: total.decided.p >= p.target, ...total, cpu: { a: perGame(own.a), b: perGame(own.b) }, bySetting };
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
  const perSetting = perSettingOf(args, args.settings.length);
  return { gamesPerPairing: perSetting * args.settings.length, gamesPerSetting: perSetting, budget: args.budget, threads: args.threads, seconds, preset: args.preset, load: loadavg(), pairings, times };
}

function printReport(r: ReturnType<typeof summarise>): void {
  const out = (s: string): boolean => process.stdout.write(s + '\n');
  const load = `load average ${r.load.map((x) => x.toFixed(2)).join(' / ')} (1 / 5 / 15 min, at the end)`;
  out(`ladder: ${r.preset === 'curve' ? 'the strength-cost curve, ' : ''}${r.gamesPerPairing} games per pairing (${r.gamesPerSetting} per setting, seat-swapped pairs), budget ${r.budget.sims} sims / ${r.budget.ms} ms, ${r.threads} threads, ${r.seconds.toFixed(0)} s; ${load}`);
  out('score = (wins + draws/2) / games; decided = wins / (wins + losses); [95% Wilson interval]; CPU = the deciding thread\'s, ms a game');
  out('');
  for (const p of r.pairings) {
    out(
      `${p.a} vs ${p.b}${p.group ? ` (${p.group})` : ''}: score ${pct(p.score.p)}% [${pct(p.score.lo)}, ${pct(p.score.hi)}]  decided ${pct(p.decided.p)}% [${pct(p.decided.lo)}, ${pct(p.decided.hi)}]` +
        `  W/L/D ${p.wins}/${p.losses}/${p.draws}  target ≥ ${(100 * p.target).toFixed(0)}% decided: ${p.met ? 'met' : 'MISSED'}`,
    );
    out(`    CPU a game: ${p.a} ${p.cpu.a.cpuMsPerGame.toFixed(1)} ms (${p.cpu.a.decisionsPerGame.toFixed(1)} decisions of ${p.cpu.a.cpuMsPerDecision.toFixed(2)} ms), ${p.b} ${p.cpu.b.cpuMsPerGame.toFixed(1)} ms (${p.cpu.b.decisionsPerGame.toFixed(1)} of ${p.cpu.b.cpuMsPerDecision.toFixed(2)} ms)`);
    if (p.bySetting.length > 1)
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
  if (r.preset === 'curve') printCurve(r, out);
  if (r.preset === 'skilled') printSkilled(r, out);
}

type Report = ReturnType<typeof summarise>;

/** The curve as a table: per ruleset and opponent, each budget's decided share and CPU a game. */
function printCurve(r: Report, out: (s: string) => boolean): void {
  out('');
  out('strength-cost curve (decided games won [95% Wilson]; CPU a game of the searching bot, and of its opponent):');
  out(`    ${'ruleset'.padEnd(14)}${'bot'.padEnd(14)}${'vs'.padEnd(11)}${'decided'.padStart(8)} ${'[95%]'.padEnd(15)}${'W/L/D'.padEnd(13)}${'CPU a game'.padStart(11)}${'opponent'.padStart(10)}`);
  for (const p of r.pairings)
    out(
      `    ${(p.group ?? '').padEnd(14)}${p.a.padEnd(14)}${p.b.padEnd(11)}${pct(p.decided.p).padStart(7)}% [${pct(p.decided.lo)}, ${pct(p.decided.hi)}]  ${`${p.wins}/${p.losses}/${p.draws}`.padEnd(13)}${(p.cpu.a.cpuMsPerGame.toFixed(0) + ' ms').padStart(11)}${(p.cpu.b.cpuMsPerGame.toFixed(0) + ' ms').padStart(10)}`,
    );
}

/** The skilled bot's closing lines: its strength against nash beside mcts's, and its CPU a game against greedy's and mcts's, all against nash in the same settings. */
function printSkilled(r: Report, out: (s: string) => boolean): void {
  const find = (a: string, b: string) => r.pairings.find((p) => p.a === a && p.b === b);
  const sk = find('skilled', 'nash'), mc = find('mcts', 'nash'), gr = find('greedy', 'nash'), vm = find('skilled', 'mcts');
  if (!sk || !mc || !gr) return;
  const share = (p: NonNullable<typeof sk>) => `${pct(p.decided.p)}% [${pct(p.decided.lo)}, ${pct(p.decided.hi)}] of ${p.wins + p.losses} decided (${p.games} games)`;
  out('');
  out('skilled bot (issue 48), pairings alternated in one run:');
  out(`    vs nash: skilled ${share(sk)}; mcts ${share(mc)}; greedy ${share(gr)}`);
  if (vm) out(`    skilled vs mcts: ${share(vm)}`);
  const c = (p: NonNullable<typeof sk>) => p.cpu.a.cpuMsPerGame;
  out(`    CPU a match against nash (the bot's seat): skilled ${c(sk).toFixed(1)} ms, greedy ${c(gr).toFixed(1)} ms, mcts ${c(mc).toFixed(1)} ms: skilled / greedy ${(c(sk) / c(gr)).toFixed(2)}x, skilled / mcts ${(c(sk) / c(mc)).toFixed(3)}x (games against nash last as long as the bot holds out: greedy's are short)`);
  const ss = find('skilled', 'skilled'), gg = find('greedy', 'greedy'), mm = find('mcts', 'mcts');
  if (ss && gg && mm)
    out(`    CPU a self-play match (both seats, as a sweep plays): skilled ${c(ss).toFixed(1)} ms, greedy ${c(gg).toFixed(1)} ms, mcts ${c(mm).toFixed(1)} ms: skilled / greedy ${(c(ss) / c(gg)).toFixed(2)}x (target ≤ 5x), skilled / mcts ${(c(ss) / c(mm)).toFixed(3)}x (target ≤ 0.1x at mcts's strength)`);
  out(`    CPU a decision: skilled ${sk.cpu.a.cpuMsPerDecision.toFixed(2)} ms, greedy ${gr.cpu.a.cpuMsPerDecision.toFixed(2)} ms, mcts ${mc.cpu.a.cpuMsPerDecision.toFixed(2)} ms`);
}

if (process.argv.includes('--worker')) worker();
else if (process.argv[1] === fileURLToPath(import.meta.url))
  main().catch((e) => {
    process.stderr.write(`ladder: ${(e as Error).message}\n`);
    process.exit(1);
  });
