/**
 * The What Blind Ninjas? ladder (issue 24): `tracker` against `random` (or
 * any two built-in bots) over seat-swapped 2-player games, with the win share
 * of decided games and its 95% Wilson interval, the tracker's belief coverage
 * (at every tracker decision, the share of living enemy ninjas whose true
 * square, and whose true square and facing, have positive weight in its
 * belief), and the tracker's decision time (mean, p99).
 *
 *   node dist/bench/blindNinjas.js [--games N] [--a tracker] [--b random] [--players 2] [--json]
 */
import { performance } from 'node:perf_hooks';
import { loadBot } from '../src/match/bots.js';
import { playMatch } from '../src/match/loop.js';
import type { AnyBotFactory } from '../src/core/bot.js';
import { matchSeed } from '../src/core/rng.js';
import { rulesetById } from '../src/rules/registry.js';
import type { BnState } from '../src/rules/blind-ninjas/state.js';
import { wilson } from '../src/stats/wilson.js';
import type { NinjaBelief } from '../bots/lib/ninjaBelief.js';

export interface LadderFigures {
  a: string;
  b: string;
  players: number;
  games: number;
  aWins: number;
  bWins: number;
  draws: number;
  /** a's share of decided games, with its 95% Wilson interval. */
  share: { p: number; lo: number; hi: number };
  /** Belief coverage of a (when it exposes `belief`): checks made, squares covered, states covered. */
  coverage: { checks: number; squares: number; states: number; meanSupport: number } | null;
  /** a's decision time, ms. */
  decisionMs: { mean: number; p99: number; n: number };
  meanRounds: number;
}

export async function blindNinjasLadder(games: number, aName = 'tracker', bName = 'random', players = 2): Promise<LadderFigures> {
  const mod = rulesetById('blind-ninjas');
  const game = mod.makeGame({ builds: Array(players).fill('ninjas') });
  const aF = await loadBot(aName), bF = await loadBot(bName);
  let aWins = 0, bWins = 0, draws = 0, rounds = 0;
  const cov = { checks: 0, squares: 0, states: 0, meanSupport: 0 };
  let support = 0;
  let hasBelief = false;
  const times: number[] = [];
  for (let g = 0; g < games; g++) {
    const aSeat = g % players;
    let truth: () => BnState = () => null as never;
    // a, wrapped: its decisions timed here and its belief checked against the true room.
    const wrapped: AnyBotFactory = (ctx) => {
      const bot = aF(ctx) as { orders: (o: unknown, v: unknown) => string; belief?: NinjaBelief };
      return {
        orders(obs: unknown, view: unknown) {
          const t0 = performance.now();
          const out = bot.orders(obs, view);
          times.push(performance.now() - t0);
          const belief = bot.belief;
          if (belief) {
            hasBelief = true;
            const st = truth();
            for (let i = 0; i < st.sq.length; i++) {
              if (Math.floor(i / 4) === ctx.seat || st.sq[i] < 0) continue;
              cov.checks++;
              let onSq = false;
              for (let f = 0; f < 4; f++) if (belief.holds(i, st.sq[i], f)) onSq = true;
              if (onSq) cov.squares++;
              if (belief.holds(i, st.sq[i], st.facing[i])) cov.states++;
              for (let q = 0; q < st.game.board.size; q++) for (let f = 0; f < 4; f++) if (belief.holds(i, q, f)) { support++; break; }
            }
          }
          return out;
        },
      };
    };
    const bots = Array.from({ length: players }, (_, s) => (s === aSeat ? wrapped : bF));
    const r = playMatch({
      module: mod,
      game,
      bots,
      seed: matchSeed('blind-ninjas-ladder', Math.floor(g / players)),
      budget: { ms: 10_000, sims: 0 },
      record: (st) => ((truth = st as () => BnState), mod.recorder(st, () => {})),
    });
    rounds += r.turns;
    if (r.winner === null) draws++;
    else if (r.winner === aSeat) aWins++;
    else bWins++;
  }
  times.sort((x, y) => x - y);
  const mean = times.reduce((s, t) => s + t, 0) / Math.max(1, times.length);
  return {
    a: aName,
    b: bName,
    players,
    games,
    aWins,
    bWins,
    draws,
    share: wilson(aWins, aWins + bWins),
    coverage: hasBelief ? { ...cov, meanSupport: support / Math.max(1, cov.checks) } : null,
    decisionMs: { mean, p99: times.length ? times[Math.min(times.length - 1, Math.floor(times.length * 0.99))] : 0, n: times.length },
    meanRounds: rounds / games,
  };
}

export function describeLadder(f: LadderFigures): string {
  const pc = (x: number) => (100 * x).toFixed(1);
  const lines = [
    `${f.a} vs ${f.b}, ${f.players} players, ${f.games} games (seats rotated): ${f.a} ${f.aWins}, ${f.b} ${f.bWins}, draws ${f.draws}; mean ${f.meanRounds.toFixed(1)} rounds`,
    `${f.a}'s share of decided games: ${pc(f.share.p)}% [${pc(f.share.lo)}, ${pc(f.share.hi)}] (95% Wilson, ${f.aWins + f.bWins} decided)`,
  ];
  if (f.coverage) {
    const c = f.coverage;
    lines.push(`belief coverage over ${c.checks} (decision, living enemy ninja) checks: true square ${pc(c.squares / c.checks)}%, true square and facing ${pc(c.states / c.checks)}%; the belief's support averages ${c.meanSupport.toFixed(1)} squares a ninja`);
  }
  lines.push(`${f.a}'s decision time: mean ${f.decisionMs.mean.toFixed(3)} ms, p99 ${f.decisionMs.p99.toFixed(3)} ms over ${f.decisionMs.n} decisions`);
  return lines.join('\n');
}

if (process.argv[1] && /blindNinjas\.[jt]s$/.test(process.argv[1])) {
  const arg = (name: string, dflt: string): string => {
    const i = process.argv.indexOf(`--${name}`);
    return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : dflt;
  };
  const f = await blindNinjasLadder(Number(arg('games', '500')), arg('a', 'tracker'), arg('b', 'random'), Number(arg('players', '2')));
  process.stdout.write(process.argv.includes('--json') ? JSON.stringify(f, null, 2) + '\n' : describeLadder(f) + '\n');
}
