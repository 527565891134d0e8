/**
 * The optimizer's games: a build against one build of the field in a
 * seat-swapped pair (it plays seat A in one game and seat B in the other,
 * so neither seat's advantage counts for it), played in this thread.
 *
 * Every build meets the same opponent with the same seeds at the same place
 * of a stream (`PairBook`): comparing two builds pair by pair then cancels
 * the luck of the opponent and the dice they share (common random numbers),
 * and a build's pairs are played once, however often the search asks.
 */
import type { AnyBotFactory, Budget } from '../core/bot.js';
import type { AnyGameModule } from '../core/game.js';
import { deriveSeed, makeRng } from '../core/rng.js';
import { playMatch } from '../match/loop.js';
import type { PairJob, PairPlayer } from './players.js';

/** How the games are played: the rules and the bot on every seat. */
export interface Arena {
  readonly module: AnyGameModule;
  readonly bot: AnyBotFactory;
  readonly budget?: Budget;
  readonly turnLimit?: number;
}

/** A build's side of a pair: its wins and draws over the two games. */
export interface PairResult {
  readonly wins: number;
  readonly draws: number;
}

/** A pair's score for the build, in [0, 1]: a win 1, a draw ½, over two games. */
export const pairScore = (r: PairResult): number => (r.wins + r.draws / 2) / 2;

/** Plays `build` against `opponent` twice, on seat A with seed `seed`/0 and on seat B with `seed`/1. */
export function playPair<B>(arena: Arena, build: B, opponent: B, seed: string): PairResult {
  let wins = 0, draws = 0;
  for (const side of [0, 1]) {
    const builds = side === 0 ? [build, opponent] : [opponent, build];
    const game = arena.module.makeGame({ builds, ...(arena.turnLimit !== undefined ? { turnLimit: arena.turnLimit } : {}) });
    const r = playMatch({ module: arena.module, game, bots: [arena.bot, arena.bot], seed: deriveSeed(seed, side), ...(arena.budget ? { budget: arena.budget } : {}) });
    const first = r.ranks.filter((x) => x === 0).length;
    if (r.ranks[side] === 0) first === 1 ? wins++ : draws++;
  }
  return { wins, draws };
}

/** A seeded order of 0..n-1 (Fisher–Yates). */
export function shuffled(n: number, seed: string): number[] {
  const rng = makeRng(seed), out = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/**
 * A stream of pairs against the field: pair k meets the field's build
 * order[k mod size] (a seeded order, so the first pairs spread over the
 * field) with seed (stream seed, k). Each build's pairs are kept by its key;
 * `ensure` plays what is missing (on `player`, several at once), `pair` reads.
 */
export class PairBook<B> {
  private readonly played = new Map<string, PairResult[]>();
  private readonly order: number[];
  /** Games played so far. */
  games = 0;

  constructor(
    private readonly field: readonly B[],
    private readonly key: (b: B) => string,
    private readonly seed: string,
    private readonly player: PairPlayer<B>,
  ) {
    this.order = shuffled(field.length, deriveSeed(seed, 'order'));
  }

  /** Plays every pair below `upTo` that one of `builds` has not played yet. */
  async ensure(builds: readonly B[], upTo: number): Promise<void> {
    const jobs: PairJob<B>[] = [];
    const into: PairResult[][] = [];
    for (const b of builds) {
      const key = this.key(b);
      let list = this.played.get(key);
      if (!list) this.played.set(key, (list = []));
      if (into.includes(list)) continue;
      for (let k = list.length; k < upTo; k++) jobs.push([b, this.field[this.order[k % this.order.length]], deriveSeed(this.seed, 'pair', k)]);
      into.push(list);
    }
    if (!jobs.length) return;
    const results = await this.player.play(jobs);
    let i = 0;
    for (const list of into) while (list.length < upTo) list.push(results[i++]);
    this.games += 2 * jobs.length;
  }

  /** The build's result in pair k, once `ensure` has played it. */
  pair(build: B, k: number): PairResult {
    const r = this.played.get(this.key(build))?.[k];
    if (!r) throw new Error(`pair ${k} of ${this.key(build)} is not played yet`);
    return r;
  }

  /** A build's pairs played so far. */
  results(build: B): readonly PairResult[] {
    return this.played.get(this.key(build)) ?? [];
  }
}
