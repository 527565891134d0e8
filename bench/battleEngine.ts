/**
 * Battle Engine's alpha-beta bot (issue 25): `commander` against `random`
 * over seat-swapped games on sampled armies through playMatch, with the win
 * share of decided games and its 95% Wilson interval, and the commander's
 * step decisions timed (mean, p99, wall clock: what the budget limits); and
 * its search's speed, nodes a second of CPU, from positions of random play
 * searched to the bot's node limit.
 *
 *   node dist/bench/battleEngine.js [--games N] [--json]
 */
import { performance } from 'node:perf_hooks';
import { loadBot } from '../src/match/bots.js';
import { playMatch } from '../src/match/loop.js';
import type { AnyBotFactory } from '../src/core/bot.js';
import { matchSeed } from '../src/core/rng.js';
import { rulesetById } from '../src/rules/registry.js';
import type { BeState } from '../src/rules/battle-engine/state.js';
import { wilson } from '../src/stats/wilson.js';
import { BattleSearch } from '../bots/lib/battle-search.js';
import { COMMANDER_NODES } from '../bots/commander.js';

export interface BattleFigures {
  games: number;
  wins: number;
  losses: number;
  draws: number;
  share: { p: number; lo: number; hi: number };
  /** The commander's step decisions (not its deployments), wall clock. */
  decisionMs: { mean: number; p99: number; max: number; n: number };
  /** Its search from positions of random play: nodes a CPU second, searches made. */
  search: { nodesPerSecond: number; searches: number; nodes: number };
}

const cpuMs = (): number => process.cpuUsage().user / 1000;

export async function battleEngineLadder(games: number): Promise<BattleFigures> {
  const mod = rulesetById('battle-engine');
  const commander = await loadBot('commander'), random = await loadBot('random');
  const armies = mod.builds.sample!(games + 1, 'battle-engine-bench');
  let wins = 0, losses = 0, draws = 0;
  const times: number[] = [];
  // Positions of the games, kept for the search's speed below (every 7th turn of random's side).
  const positions: { st: BeState; seat: number }[] = [];
  for (let g = 0; g < games; g++) {
    const cSeat = g % 2;
    // A pair of sampled armies a seat-swapped pair of games.
    const pair = g - (g % 2);
    const game = mod.makeGame({ builds: [armies[pair], armies[pair + 1]] });
    const timed: AnyBotFactory = (ctx) => {
      const bot = commander(ctx) as { deploy: (o: unknown, v: unknown) => string; act: (o: unknown, v: unknown) => string };
      return {
        deploy: (o: unknown, v: unknown) => bot.deploy(o, v),
        act(o: unknown, v: unknown) {
          const t0 = performance.now();
          const out = bot.act(o, v);
          times.push(performance.now() - t0);
          return out;
        },
      };
    };
    const watcher: AnyBotFactory = (ctx) => {
      const bot = random(ctx) as { deploy: (o: unknown, v: unknown) => string; act: (o: unknown, v: unknown) => string };
      let n = 0;
      return {
        deploy: (o: unknown, v: unknown) => bot.deploy(o, v),
        act(o: unknown, v: unknown) {
          if (n++ % 7 === 3 && positions.length < 400) positions.push({ st: copyOf(mod, (v as { state: BeState }).state), seat: ctx.seat });
          return bot.act(o, v);
        },
      };
    };
    const r = playMatch({ module: mod, game, bots: cSeat === 0 ? [timed, watcher] : [watcher, timed], seed: matchSeed('battle-engine-bench', Math.floor(g / 2)), budget: { ms: 1000, sims: 2000 } });
    if (r.winner === null) draws++;
    else if (r.winner === cSeat) wins++;
    else losses++;
  }
  // The search alone: each kept position searched for the side to move, to the commander's node limit.
  let nodes = 0, searches = 0;
  const t0 = cpuMs();
  for (const { st, seat } of positions) {
    const s = new BattleSearch(st.game, seat);
    try {
      s.best(st, 60_000, COMMANDER_NODES);
    } catch {
      continue; // a position with no step for that side
    }
    nodes += s.nodes;
    searches++;
  }
  const secs = (cpuMs() - t0) / 1000;
  times.sort((x, y) => x - y);
  const mean = times.reduce((s, t) => s + t, 0) / Math.max(1, times.length);
  return {
    games,
    wins,
    losses,
    draws,
    share: wilson(wins, wins + losses),
    decisionMs: { mean, p99: times.length ? times[Math.min(times.length - 1, Math.floor(times.length * 0.99))] : 0, max: times.length ? times[times.length - 1] : 0, n: times.length },
    search: { nodesPerSecond: secs > 0 ? nodes / secs : 0, searches, nodes },
  };
}

/** A copy of a state the match goes on changing (the ruleset's own copy into a fresh state). */
function copyOf(mod: ReturnType<typeof rulesetById>, st: BeState): BeState {
  const fresh = mod.newState(st.game, 'copy') as BeState;
  mod.copy(st, fresh);
  return fresh;
}

export function describeBattle(f: BattleFigures): string {
  const pc = (x: number) => (100 * x).toFixed(1);
  const d = f.decisionMs;
  return [
    `commander vs random, ${f.games} games on sampled armies (seats swapped): ${f.wins}-${f.losses}, ${f.draws} draws; share of decided games ${pc(f.share.p)}% [${pc(f.share.lo)}, ${pc(f.share.hi)}] (95% Wilson)`,
    `commander's step decisions: mean ${d.mean.toFixed(3)} ms, p99 ${d.p99.toFixed(3)} ms, max ${d.max.toFixed(1)} ms over ${d.n} (wall clock; the budget is 1,000 ms, the target p99 <= 50 ms)`,
    `its search: ${Math.round(f.search.nodesPerSecond).toLocaleString('en-US')} nodes/s of CPU (${f.search.nodes.toLocaleString('en-US')} nodes in ${f.search.searches} searches of ${COMMANDER_NODES} nodes at most, from positions of random play)`,
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const at = process.argv.indexOf('--games');
  const f = await battleEngineLadder(at > 0 ? Number(process.argv[at + 1]) : 200);
  process.stdout.write(process.argv.includes('--json') ? JSON.stringify(f) + '\n' : describeBattle(f) + '\n');
}
