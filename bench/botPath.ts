/**
 * The path every real bot takes (bench rows (j) and (k), issue 20):
 *
 * (j) whole matches through the arena's one match loop (`playMatch`: the bot
 *     API, observations, seat views, parse and check) between two built-in
 *     `random` bots — Robo Battle Pigs (the reference workload's game, not
 *     the kernel's native policy) and two-machine Ninja Havoc Machines on
 *     sampled designs; and Hovercrafts 2v2 (two seats, a duo fleet each, on
 *     the default 7x4 map), matches/s and its simulated turns/s;
 * (k) every registered ruleset through the game interface alone: random
 *     play (`randomAction` for each deciding seat, `apply`) in matches/s, and
 *     the simulation a search bot runs (`copy` a state, `apply` one turn of
 *     joint actions drawn in advance, `node`) in turns/s, with two seats and
 *     (for a ruleset that seats four) four (`sim:nhm:4`);
 * (l) the heap bytes those simulated turns leave behind (`alloc:…`).
 *
 * Each figure is taken in child processes, one repetition each, best of
 * several by CPU time. With `--against DIR` (another checkout of the
 * project, built) the same children run that tree's code too, alternated
 * with this one's, so old and new are measured side by side in one run.
 *
 *   node dist/bench/botPath.js [--quick] [--against DIR]
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type GameNode, nextDeciders } from '../src/core/game.js';
import { rulesetById, rulesetIds } from '../src/rules/registry.js';
import { heapLeftBy } from './heap.js';

/** What a child measures. */
type Workload = 'rbp-random' | 'nhm2-random' | 'hover2v2-random' | `rules:${string}` | `sim:${string}` | `alloc:${string}`;

export interface PathFigure {
  readonly workload: Workload;
  readonly tree: string;
  /** The allocation probe's: heap bytes left by `work` simulated steps, and the collections in between (0: the figure is whole). */
  readonly bytes?: number;
  readonly gcs?: number;
  /** Best repetition: work done (matches or simulated turns), turns played, CPU ms. */
  readonly work: number;
  readonly turns: number;
  readonly cpuMs: number;
  /** Work per second of CPU (matches/s or turns/s). */
  readonly rate: number;
}

const HERE = fileURLToPath(import.meta.url);

/** The project root a built file of it runs from (dist/bench/botPath.js → the checkout). */
const rootOf = (file: string): string => resolve(file, '..', '..', '..');

/** Runs one repetition of `workload` on `tree`'s code in a child process. */
type ChildFigure = { work: number; turns: number; cpuMs: number; bytes?: number; gcs?: number };

function child(tree: string, workload: Workload, n: number): ChildFigure | string {
  // The allocation probe: a young generation too large to be collected in its run, so what the steps allocate stays counted.
  const flags = workload.startsWith('alloc:') ? ['--min-semi-space-size=128', '--max-semi-space-size=128'] : [];
  const p = spawnSync(process.execPath, [...flags, HERE, '--child', tree, workload, String(n)], { encoding: 'utf8', timeout: 300_000 });
  const last = (p.stdout ?? '').trim().split('\n').pop() ?? '';
  try {
    return JSON.parse(last) as ChildFigure;
  } catch {
    return (p.stderr ?? '').trim().split('\n').slice(-3).join(' | ') || `exit ${p.status}`;
  }
}

/**
 * Measures each workload on each tree, `reps` times, the trees alternated
 * within each repetition; the best repetition (least CPU per unit of work)
 * per tree and workload.
 */
export function measurePaths(workloads: readonly { workload: Workload; n: number }[], trees: readonly string[], reps: number): (PathFigure | { workload: Workload; tree: string; error: string })[] {
  const best = new Map<string, PathFigure>();
  const errors = new Map<string, string>();
  for (let r = 0; r < reps; r++)
    for (const { workload, n } of workloads)
      for (const tree of trees) {
        const key = `${workload}\n${tree}`;
        if (errors.has(key)) continue;
        const got = child(tree, workload, n);
        if (typeof got === 'string') {
          errors.set(key, got);
          continue;
        }
        const rate = got.bytes !== undefined ? -got.bytes : (got.work / got.cpuMs) * 1000; // the probe: least bytes is best
        const was = best.get(key);
        if (!was || rate > was.rate) best.set(key, { workload, tree, ...got, rate });
      }
  return workloads.flatMap(({ workload }) =>
    trees.map((tree) => best.get(`${workload}\n${tree}`) ?? { workload, tree, error: errors.get(`${workload}\n${tree}`) ?? 'not measured' }),
  );
}

/** The workloads: (j) for both trees; (k) for every ruleset registered in this tree. */
export function pathWorkloadList(quick: boolean): { workload: Workload; n: number }[] {
  const ids = rulesetIds();
  return [
    { workload: 'rbp-random', n: quick ? 1500 : 5000 },
    { workload: 'nhm2-random', n: quick ? 1000 : 3000 },
    { workload: 'hover2v2-random', n: quick ? 3000 : 10000 },
    ...ids.flatMap((id) => [
      { workload: `rules:${id}` as Workload, n: quick ? 1500 : 5000 },
      { workload: `sim:${id}` as Workload, n: quick ? 100_000 : 300_000 },
      { workload: `alloc:${id}` as Workload, n: 100_000 },
      ...(rulesetById(id).seats.max >= 4
        ? [
            { workload: `sim:${id}:4` as Workload, n: quick ? 50_000 : 150_000 },
            { workload: `alloc:${id}:4` as Workload, n: 50_000 },
          ]
        : []),
    ]),
  ];
}

// ---------------------------------------------------------------- the child

type Module = {
  id: string;
  builds: { fixed?: { build: unknown }; sample?: (count: number, seed: string) => unknown[] };
  makeGame(setup: { builds: unknown[]; turnLimit?: number }): unknown;
  seatCount(g: unknown): number;
  newState(g: unknown, seed: string): unknown;
  copy(src: unknown, dst: unknown): void;
  node(st: unknown): GameNode;
  decision(st: unknown, seat: number): string;
  chance(st: unknown): void;
  randomAction(st: unknown, seat: number, kind: string, rng: unknown): unknown;
  apply(st: unknown, actions: unknown[], answer: () => null, recorder: null): void;
  turns(st: unknown): number;
};

async function runChild(tree: string, workload: Workload, n: number): Promise<void> {
  const at = (p: string): Promise<Record<string, unknown>> => import(pathToFileURL(join(tree, 'dist', p)).href);
  // The match loop moved from src/arena/match.js to src/match/loop.js: an older checkout (--against) has the first.
  const loop = existsSync(join(tree, 'dist', 'src', 'match', 'loop.js')) ? 'src/match/loop.js' : 'src/arena/match.js';
  const { playMatch } = (await at(loop)) as { playMatch: (o: unknown) => { turns: number } };
  const { rulesetById } = (await at('src/rules/registry.js')) as { rulesetById: (id: string) => Module };
  const { matchSeed, makeRng } = (await at('src/core/rng.js')) as { matchSeed: (run: string, i: number) => string; makeRng: (s: string) => unknown };
  const random = ((await at('bots/random.js')) as { default: unknown }).default;

  /** Games to cycle through: the ruleset's one build, or designs it samples (made once, outside the timing). */
  const gamesOf = (mod: Module, seats: number, count: number): unknown[] => {
    if (mod.builds.fixed) return [mod.makeGame({ builds: Array.from({ length: seats }, () => mod.builds.fixed!.build) })];
    const designs = mod.builds.sample!(seats * count, 'bench-bot-path');
    return Array.from({ length: count }, (_, i) => mod.makeGame({ builds: designs.slice(seats * i, seats * i + seats) }));
  };
  const time = (rep: () => { work: number; turns: number }): void => {
    rep(); // warm-up
    const c0 = process.cpuUsage();
    const r = rep();
    const c = process.cpuUsage(c0);
    console.log(JSON.stringify({ ...r, cpuMs: (c.user + c.system) / 1000 }));
  };

  if (workload === 'hover2v2-random') {
    // Hovercrafts 2v2: two seats commanding two base ships each, on the default map.
    const mod = rulesetById('hovercrafts');
    const game = mod.makeGame({ builds: ['duo', 'duo'] });
    time(() => {
      let turns = 0;
      for (let i = 0; i < n; i++) turns += playMatch({ module: mod, game, bots: [random, random], seed: matchSeed('bench', i) }).turns;
      return { work: n, turns };
    });
    return;
  }
  if (workload === 'rbp-random' || workload === 'nhm2-random') {
    const mod = rulesetById(workload === 'rbp-random' ? 'rbp' : 'nhm');
    const games = gamesOf(mod, 2, 64);
    time(() => {
      let turns = 0;
      for (let i = 0; i < n; i++) turns += playMatch({ module: mod, game: games[i % games.length], bots: [random, random], seed: matchSeed('bench', i) }).turns;
      return { work: n, turns };
    });
    return;
  }
  // `what:ruleset[:seats]`, two seats unless told.
  const [what, id, seatsText] = workload.split(':');
  const mod = rulesetById(id);
  const games = gamesOf(mod, Number(seatsText ?? 2), 64);
  const answer = (): null => null;
  /** Plays a match by random actions through the interface; its final state. */
  const randomPlay = (game: unknown, seed: string, rng: unknown, stopAt = Infinity): unknown => {
    const st = mod.newState(game, seed), k = mod.seatCount(game), actions: unknown[] = new Array(k).fill(null);
    for (let t = 0; t < stopAt; t++) {
      const seats = nextDeciders(mod, st);
      if (!seats) break;
      actions.fill(null);
      for (const m of seats) actions[m] = mod.randomAction(st, m, mod.decision(st, m), rng);
      mod.apply(st, actions, answer, null);
    }
    return st;
  };
  if (what === 'rules') {
    time(() => {
      let turns = 0;
      const rng = makeRng('bench-rules');
      for (let i = 0; i < n; i++) turns += mod.turns(randomPlay(games[i % games.length], matchSeed('bench', i), rng));
      return { work: n, turns };
    });
    return;
  }
  // The simulation: 256 roots met in random play, 16 joint actions drawn in advance for each.
  const rng = makeRng('bench-sim');
  const roots: { st: unknown; acts: unknown[][]; scratch: unknown }[] = [];
  for (let i = 0; roots.length < 256 && i < 10_000; i++) {
    const game = games[i % games.length];
    const st = randomPlay(game, matchSeed('bench-sim', i), rng, 1 + (i % 12));
    // A chance node between turns (Hovercrafts' Energy checks) is rolled: the root is the decision after it.
    const seats = nextDeciders(mod, st);
    if (!seats) continue;
    const acts = Array.from({ length: 16 }, () => {
      const a: unknown[] = new Array(mod.seatCount(game)).fill(null);
      for (const m of seats) a[m] = mod.randomAction(st, m, mod.decision(st, m), rng);
      return a;
    });
    roots.push({ st, acts, scratch: mod.newState(game, 'scratch') });
  }
  const simulate = (count: number): { work: number; turns: number } => {
    let ends = 0;
    for (let t = 0; t < count; t++) {
      const r = roots[t & 255];
      mod.copy(r.st, r.scratch);
      mod.apply(r.scratch, r.acts[(t >> 8) & 15], answer, null);
      if (mod.node(r.scratch).kind === 'terminal') ends++;
    }
    return { work: count, turns: ends };
  };
  if (what === 'alloc') {
    // Bytes of heap a simulated step leaves behind: heap used after n steps less before, with no collection in between (counted).
    simulate(n);
    const h = await heapLeftBy(() => simulate(n));
    console.log(JSON.stringify({ work: n, turns: 0, cpuMs: 0, bytes: h.bytes, gcs: h.gcs }));
    return;
  }
  time(() => simulate(n));
}

// ---------------------------------------------------------------- main

const args = process.argv.slice(2);
if (args[0] === '--child') {
  await runChild(args[1], args[2] as Workload, Number(args[3]));
} else if (HERE === resolve(process.argv[1] ?? '')) {
  const quick = args.includes('--quick');
  const i = args.indexOf('--against');
  const against = i >= 0 ? resolve(args[i + 1]) : null;
  if (against && !existsSync(join(against, 'dist', 'src', 'match', 'loop.js')) && !existsSync(join(against, 'dist', 'src', 'arena', 'match.js'))) {
    console.error(`error: --against ${against}: not a built checkout of the project (no dist/src/match/loop.js; run npm run build there)`);
    process.exit(1);
  }
  const trees = against ? [against, rootOf(HERE)] : [rootOf(HERE)];
  const figures = measurePaths(pathWorkloadList(quick), trees, quick ? 3 : 5);
  for (const f of figures) console.log(JSON.stringify(f));
}
