/**
 * The skilled bot's search timed on recorded positions (issue 48): how a
 * change to bots/lib/mcts/flat.ts, the candidate generator or the engine
 * moves the CPU of a decision, and whether it moves the decisions.
 *
 *   node dist/bench/flatDecisions.js [--pairs N] [--sampled N] [--rounds R] [--against DIST] [--json]
 *
 * Positions: every decision of `skilled` self-play games, N seat-swapped
 * seeds on each of the ladder's NHM settings (default 1) and one game on
 * each of --sampled designs drawn as a sweep draws them (default 4). Each
 * position is searched with a fresh RNG seeded by its index, so a decision
 * is a pure function of the position, and the moves' digest tells whether a
 * change altered any. The positions come in pairs, both seats' decisions
 * of one turn, so each build's second search of a turn finds the first's
 * lists, cells and counts as in self-play (bots/lib/mcts/sharedRoot.ts);
 * the report says how many it took.
 *
 * --against DIST times another build (its dist/ folder, e.g. a copy of
 * main's) on the same positions in the same process, position by position,
 * the order swapped every other one, each build on its own games and states
 * (a build handed the other's objects runs slower for it); the figures are
 * CPU time (process.cpuUsage), never wall time, and the ratio is this
 * build's over the other's.
 */
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dirname, join, resolve } from 'node:path';
import { createHash } from 'node:crypto';
import { fork } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { DEFAULT_BUDGET } from '../src/core/bot.js';
import { makeRng, matchSeed } from '../src/core/rng.js';
import { loadBot } from '../src/match/bots.js';
import { playMatch } from '../src/match/loop.js';
import type { BotFactory } from '../src/rules/nhm/botApi.js';

/** This build's dist folder (this file is its bench/flatDecisions.js). */
const ownDist = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** A decision as recorded: the setting, the seat, the view's state as bytes and scalars, last turn's programs. */
interface Position {
  setting: string;
  key: string;
  seat: number;
  scalars: [number, number, number, number];
  /** The state's bytes, base64 (positions pass from the recording process as JSON). */
  bytes: string;
  last: (string | null)[];
  notation: string;
}

/** One build's modules, games and searchers: `search(i)` searches position i and returns the move as JSON. */
interface Build {
  readonly name: string;
  search(i: number): { move: string; iterations: number; sims: number; listsShared: boolean; searchShared: boolean };
}

type Mod = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A build's games by setting id: the ladder's NHM settings, and `sampled<k>` for designs drawn as a sweep draws them. */
async function gamesOf(dist: string): Promise<(id: string) => { module: unknown; game: any }> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const m = (p: string): Promise<Mod> => import(pathToFileURL(resolve(dist, p)).href);
  const [ladder, cat, space, starts, nhm, grid, reg] = await Promise.all([
    m('bench/ladder.js'), m('src/rules/nhm/catalogue.js'), m('src/rules/nhm/designSpace.js'), m('src/rules/nhm/starts.js'),
    m('src/rules/nhm/game.js'), m('src/core/grid.js'), m('src/rules/registry.js'),
  ]);
  const cache = new Map<string, { module: unknown; game: unknown }>();
  return (id) => {
    let g = cache.get(id);
    if (!g) {
      if (id.startsWith('sampled')) {
        const c = cat.defaultCatalogue(), s = starts.defaultStarts(grid.BOARD_8X8, 2);
        const designs = space.sampleLoadouts(c, 2, `flat-decisions/${id}`);
        g = { module: reg.rulesetById('nhm'), game: new nhm.Game({ catalogue: c, machines: designs.map((loadout: unknown, i: number) => ({ name: 'AB'[i], loadout, ...s[i] })) }) };
      } else g = ladder.gameFor(ladder.SETTINGS.findIndex((s: { id: string }) => s.id === id));
      cache.set(id, g!);
    }
    return g as { module: unknown; game: any }; // eslint-disable-line @typescript-eslint/no-explicit-any
  };
}

/** Skilled self-play's decisions on the settings, recorded by this build. */
async function record(ids: string[], pairs: number, sampled: number): Promise<Position[]> {
  const gameOf = await gamesOf(ownDist);
  const skilled = (await loadBot('skilled')) as unknown as BotFactory;
  const out: Position[] = [];
  const games = [...ids.flatMap((id) => Array.from({ length: pairs }, (_, k) => ({ id, k }))), ...Array.from({ length: sampled }, (_, k) => ({ id: `sampled${k}`, k: 0 }))];
  for (const { id, k } of games) {
    const g = gameOf(id);
    const rec: BotFactory = (ctx) => {
      const bot = skilled(ctx);
      return {
        program(obs, view) {
          const s = view.state;
          out.push({ setting: id, key: `${id}/${k}/${ctx.seat}`, seat: ctx.seat, scalars: [s.turn, s.end, s.winner, s.minesUnarmed], bytes: Buffer.from(s.bytes).toString('base64'), last: obs.machines.map((x) => x.lastProgram), notation: ctx.notation });
          return bot.program(obs, view);
        },
      };
    };
    playMatch({ module: g.module as never, game: g.game, bots: [rec, rec], seed: matchSeed(`flat-decisions/${id}`, k), budget: DEFAULT_BUDGET });
  }
  return out;
}

/** A build (its dist folder) searching the positions on its own games and states. */
async function build(dist: string, positions: Position[]): Promise<Build> {
  const m = (p: string): Promise<Mod> => import(pathToFileURL(resolve(dist, p)).href);
  const [stateMod, rngMod, flat] = await Promise.all([m('src/rules/nhm/state.js'), m('src/core/rng.js'), m('bots/lib/mcts/flat.js')]);
  const gameOf = await gamesOf(dist);
  const states = positions.map((p) => {
    const st = new stateMod.State(gameOf(p.setting).game);
    [st.turn, st.end, st.winner, st.minesUnarmed] = p.scalars;
    st.bytes.set(Buffer.from(p.bytes, 'base64'));
    return st;
  });
  let rng = rngMod.makeRng('flat-decisions');
  const seatRng = { next: () => rng.next() };
  const searchers = new Map<string, Mod>();
  return {
    name: dist,
    search(i) {
      const p = positions[i];
      let s = searchers.get(p.key);
      if (!s) searchers.set(p.key, (s = new flat.FlatSearcher(gameOf(p.setting).game, p.seat, seatRng, DEFAULT_BUDGET) as Mod));
      rng = rngMod.makeRng(`flat-decisions/${i}`);
      const searcher = s!;
      const move = JSON.stringify(searcher.search(states[i], p.last, p.notation));
      // What the search took from the other seat's search of the position (bots/lib/mcts/sharedRoot.ts; older builds: nothing).
      return { move, iterations: searcher.iterationsDone, sims: searcher.simsDone, listsShared: searcher.listsShared === true, searchShared: searcher.searchShared === true };
    },
  };
}

const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const opt = (name: string, dflt: number): number => {
    const i = argv.indexOf(name);
    if (i < 0) return dflt;
    const v = Number(argv[i + 1]);
    if (!Number.isInteger(v) || v < 0) throw new Error(`${name} takes a whole number, not ${argv[i + 1]}`);
    return v;
  };
  const against = argv.includes('--against') ? argv[argv.indexOf('--against') + 1] : null;
  if (argv.includes('--against') && !against) throw new Error('--against needs a build\'s dist folder');
  const pairs = opt('--pairs', 1), sampled = opt('--sampled', 4), rounds = Math.max(1, opt('--rounds', 2));
  const recordTo = argv.includes('--record-to') ? argv[argv.indexOf('--record-to') + 1] : null;
  if (recordTo) {
    const { DEFAULT_SETTINGS } = await import('./ladder.js');
    return writeFileSync(recordTo, JSON.stringify(await record([...DEFAULT_SETTINGS], pairs, sampled)));
  }
  // Recorded in a child process: a build that had just played the games would have its code warmed and shaped by
  // them, and time about 10% faster than a copy of itself.
  const dir = mkdtempSync(join(tmpdir(), 'flat-decisions-')), file = join(dir, 'positions.json');
  let positions: Position[];
  try {
    await new Promise<void>((ok, fail) =>
      fork(fileURLToPath(import.meta.url), ['--record-to', file, '--pairs', String(pairs), '--sampled', String(sampled)]).on('exit', (code) =>
        code === 0 ? ok() : fail(new Error(`recording the positions failed (exit ${code})`)),
      ),
    );
    positions = JSON.parse(readFileSync(file, 'utf8')) as Position[];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const builds = [await build(ownDist, positions)];
  if (against) builds.push(await build(resolve(against), positions));
  // Warm every build's code first, then time: the order swapped every other position, so neither is always second.
  for (let i = 0; i < Math.min(300, positions.length); i++) for (const b of builds) b.search(i);
  const ms = builds.map(() => 0), digests = builds.map(() => createHash('sha256')), figures = builds.map(() => ({ iterations: 0, sims: 0, listsShared: 0, searchShared: 0 }));
  let same = 0;
  for (let r = 0; r < rounds; r++)
    for (let i = 0; i < positions.length; i++) {
      const moves: string[] = [];
      for (const k of (i + r) & 1 ? [...builds.keys()].reverse() : [...builds.keys()]) {
        const t0 = cpuMs(), got = builds[k].search(i);
        ms[k] += cpuMs() - t0;
        moves[k] = got.move;
        if (r === 0) {
          digests[k].update(got.move);
          const f = figures[k];
          f.iterations += got.iterations;
          f.sims += got.sims;
          if (got.listsShared) f.listsShared++;
          if (got.searchShared) f.searchShared++;
        }
      }
      if (r === 0 && moves.every((x) => x === moves[0])) same++;
    }
  const n = positions.length, report = builds.map((b, k) => ({
    build: b.name,
    cpuMsPerDecision: ms[k] / (n * rounds),
    iterations: figures[k].iterations / n,
    sims: figures[k].sims / n,
    listsShared: figures[k].listsShared,
    searchShared: figures[k].searchShared,
    digest: digests[k].digest('hex').slice(0, 16),
  }));
  const ratio = builds.length > 1 ? ms[0] / ms[1] : null;
  if (argv.includes('--json')) return void process.stdout.write(JSON.stringify({ positions: n, rounds, builds: report, ratio, sameMoves: builds.length > 1 ? same : null }, null, 2) + '\n');
  process.stdout.write(`flat decisions: ${n} positions (skilled self-play), ${rounds} rounds, CPU time a decision:\n`);
  for (const b of report)
    process.stdout.write(
      `    ${b.build}: ${b.cpuMsPerDecision.toFixed(3)} ms (${b.iterations.toFixed(0)} iterations, ${b.sims.toFixed(0)} simulated turns; taken from the other seat's search of the position: its lists in ${b.listsShared}, its whole search in ${b.searchShared}), moves' digest ${b.digest}\n`,
    );
  if (ratio !== null) process.stdout.write(`    this build / the other: ${ratio.toFixed(3)}x; the same move in ${same} of ${n} positions\n`);
}

if (process.argv[1] === fileURLToPath(import.meta.url))
  main().catch((e) => {
    process.stderr.write(`flat-decisions: ${(e as Error).message}\n`);
    process.exit(1);
  });
