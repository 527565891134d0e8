/**
 * The search bot's figures (bench row (n), issue 26), for every registered
 * ruleset, each in a child process of its own:
 *
 * - `search:ID`: `mcts` decisions at the default budget (DEFAULT_BUDGET) from
 *   32 positions met in random play of two-seat games (a fresh bot for each,
 *   made outside the timing): milliseconds of CPU a decision, and simulated
 *   steps (`apply` calls inside the search) per second of CPU;
 * - `search-alloc:ID`: the heap bytes those decisions leave per simulated
 *   step, tree and candidates included (no collection in between: the young
 *   generation is made larger than the run);
 * - `playout-alloc:ID`: the same for playouts alone (the search with no
 *   tree and no evaluator: every step a random action of the ruleset's
 *   `playoutAction` and an `apply`), what a playout step costs the heap:
 *   the bytes that grow with the steps, from runs of 20,000 and 100,000
 *   steps (a run's fixed bytes, the probe's own and the first iteration's,
 *   are some 100–300 KB whatever its length).
 *
 *   node dist/bench/search.js [--quick]
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { DEFAULT_BUDGET, type BotContext, type SeatView } from '../src/core/bot.js';
import { type AnyGameModule, nextDeciders } from '../src/core/game.js';
import { makeRng, matchSeed } from '../src/core/rng.js';
import { rulesetById, rulesetIds } from '../src/rules/registry.js';
import { makeMcts, type MctsBot } from '../bots/lib/mcts/bot.js';
import { DEFAULT_SEARCH, Searcher } from '../bots/lib/mcts/search.js';
import { heapLeftBy } from './heap.js';

const HERE = fileURLToPath(import.meta.url);

export interface SearchFigure {
  readonly ruleset: string;
  /** Decisions timed and the simulated steps they took. */
  readonly decisions: number;
  readonly sims: number;
  /** CPU ms a decision, and simulated steps per CPU second. */
  readonly msPerDecision: number;
  readonly simsPerSecond: number;
  /** Heap bytes a simulated step leaves in the whole search, and the bytes that grow with a playout's steps (null where a collection ran in between). */
  readonly bytesPerSim: number | null;
  readonly playoutBytesPerStep: number | null;
}

/** A ruleset's two-seat game: its one build, or two it samples. */
function gameOf(mod: AnyGameModule): unknown {
  const b = mod.builds;
  return mod.makeGame({ builds: b.fixed ? [b.fixed.build, b.fixed.build] : b.sample!(2, 'bench-search') });
}

interface Root {
  readonly bot: MctsBot;
  readonly seat: number;
  readonly kind: string;
  readonly obs: unknown;
  readonly view: SeatView;
}

/** Positions met in random play, each with a fresh `mcts` bot of its deciding seat, its observation and view. */
function roots(mod: AnyGameModule, game: unknown, count: number): Root[] {
  const rng = makeRng('bench-search');
  const out: Root[] = [];
  const k = mod.seatCount(game);
  for (let i = 0; out.length < count && i < 10 * count; i++) {
    const st = mod.newState(game, matchSeed('bench-search', i));
    const actions: unknown[] = new Array(k).fill(null);
    let seats = nextDeciders(mod, st);
    for (let t = 0; t < i % 12 && seats; t++) {
      actions.fill(null);
      for (const m of seats) actions[m] = mod.randomAction(st, m, mod.decision(st, m), rng);
      mod.apply(st, actions, () => null);
      seats = nextDeciders(mod, st);
    }
    if (!seats) continue;
    const seat = seats[0], view = mod.newState(game, 'view');
    mod.seatState(st, seat, view, new Uint32Array([i + 1, 2, 3, 4]));
    const ctx = { seat, rng: makeRng(`bench-search-${i}`), budget: DEFAULT_BUDGET, ...mod.botContext(game), rules: { module: mod, game } } as BotContext;
    out.push({ bot: makeMcts(ctx), seat, kind: mod.decision(st, seat), obs: mod.observe(st, seat), view: { seat, state: view } });
  }
  return out;
}

async function runChild(what: string, id: string, count: number): Promise<void> {
  const mod = rulesetById(id);
  const game = gameOf(mod);
  if (what === 'playout-alloc') {
    // Playouts alone: no tree (depth 0), no evaluator; every iteration plays random actions to the end.
    const view = mod.newState(game, 'view'), st = mod.newState(game, 'playout');
    const seats = nextDeciders(mod, st)!;
    mod.seatState(st, seats[0], view, new Uint32Array([1, 2, 3, 4]));
    const s = new Searcher(mod, game, seats[0], makeRng('playout'), { ms: 1e9, sims: count }, {}, { ...DEFAULT_SEARCH, maxDepth: 0 });
    s.search(view, mod.decision(st, seats[0])); // warm-up
    const h = await heapLeftBy(() => (s.search(view, mod.decision(st, seats[0])), s.sims));
    console.log(JSON.stringify({ bytes: h.bytes, work: h.out, gcs: h.gcs }));
    return;
  }
  const rs = roots(mod, game, count);
  const pass = (): number => {
    let sims = 0;
    for (const r of rs) {
      r.bot.decide(r.obs, r.view, r.kind);
      sims += r.bot.searcher.sims;
    }
    return sims;
  };
  pass(); // warm-up (and the bots' first-decision work)
  if (what === 'search-alloc') {
    // Two decisions: the young generation (the largest V8 takes) holds what they allocate.
    rs.length = Math.min(rs.length, 2);
    const h = await heapLeftBy(pass);
    console.log(JSON.stringify({ bytes: h.bytes, work: h.out, gcs: h.gcs }));
    return;
  }
  const c0 = process.cpuUsage();
  const sims = pass();
  const c = process.cpuUsage(c0);
  console.log(JSON.stringify({ decisions: rs.length, sims, cpuMs: (c.user + c.system) / 1000 }));
}

function child(what: string, id: string, count: number): Record<string, number> | string {
  const flags = what.endsWith('alloc') ? ['--min-semi-space-size=256', '--max-semi-space-size=256', '--expose-gc'] : [];
  const p = spawnSync(process.execPath, [...flags, HERE, '--child', what, id, String(count)], { encoding: 'utf8', timeout: 600_000 });
  const last = (p.stdout ?? '').trim().split('\n').pop() ?? '';
  try {
    return JSON.parse(last) as Record<string, number>;
  } catch {
    return (p.stderr ?? '').trim().split('\n').slice(-3).join(' | ') || `exit ${p.status}`;
  }
}

/** The figures of every registered ruleset (best CPU of `reps` repetitions). */
export function searchFigures(quick: boolean): (SearchFigure | { ruleset: string; error: string })[] {
  const reps = quick ? 2 : 3, count = quick ? 16 : 32;
  return rulesetIds().map((id) => {
    let best: Record<string, number> | null = null;
    for (let r = 0; r < reps; r++) {
      const f = child('search', id, count);
      if (typeof f === 'string') return { ruleset: id, error: f };
      if (!best || f.cpuMs < best.cpuMs) best = f;
    }
    const a = child('search-alloc', id, count);
    const perSim = (x: Record<string, number> | string): number | null => (typeof x === 'string' || x.gcs > 0 || !x.work ? null : Number((x.bytes / x.work).toFixed(1)));
    // Playout steps: what grows from 20,000 steps to 100,000 (below 0 is the probe's noise: nothing grows).
    const short = child('playout-alloc', id, 20_000), long = child('playout-alloc', id, 100_000);
    const grows = typeof short === 'string' || typeof long === 'string' || short.gcs > 0 || long.gcs > 0 ? null : Math.max(0, (long.bytes - short.bytes) / (long.work - short.work));
    return {
      ruleset: id,
      decisions: best!.decisions,
      sims: best!.sims,
      msPerDecision: Number((best!.cpuMs / best!.decisions).toFixed(2)),
      simsPerSecond: Math.round(best!.sims / (best!.cpuMs / 1000)),
      bytesPerSim: perSim(a),
      playoutBytesPerStep: grows === null ? null : Number(grows.toFixed(1)),
    };
  });
}

const args = process.argv.slice(2);
if (args[0] === '--child') await runChild(args[1], args[2], Number(args[3]));
else if (HERE === process.argv[1]) for (const f of searchFigures(args.includes('--quick'))) console.log(JSON.stringify(f));
