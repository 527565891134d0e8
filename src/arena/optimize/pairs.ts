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
import type { AnyBotFactory, Budget } from '../../core/bot.js';
import type { AnyGameModule } from '../../core/game.js';
import { deriveSeed, makeRng } from '../../core/rng.js';
import { playMatch } from '../match.js';

/** Where the games are played: the rules, the bot on every seat, and the field. */
export interface Arena<B = unknown> {
  readonly module: AnyGameModule;
  readonly bot: AnyBotFactory;
  readonly budget?: Budget;
  readonly turnLimit?: number;
  readonly field: readonly B[];
}

/** A build's side of a pair: its wins and draws over the two games. */
export interface PairResult {
  readonly wins: number;
  readonly draws: number;
}

/** A pair's score for the build, in [0, 1]: a win 1, a draw ½, over two games. */
export const pairScore = (r: PairResult): number => (r.wins + r.draws / 2) / 2;

/** Plays `build` against `opponent` twice, on seat A with seed `seed`/0 and on seat B with `seed`/1. */
export function playPair<B>(arena: Arena<B>, build: B, opponent: B, seed: string): PairResult {
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
 * field) with seed (stream seed, k). Each build's pairs are kept by its key.
 */
export class PairBook<B> {
  private readonly played = new Map<string, PairResult[]>();
  private readonly order: number[];
  /** Games played so far. */
  games = 0;

  constructor(
    private readonly arena: Arena<B>,
    private readonly key: (b: B) => string,
    private readonly seed: string,
  ) {
    this.order = shuffled(arena.field.length, deriveSeed(seed, 'order'));
  }

  /** The build's result in pair k (played now if it was not yet). */
  pair(build: B, k: number): PairResult {
    const key = this.key(build);
    let list = this.played.get(key);
    if (!list) this.played.set(key, (list = []));
    while (list.length <= k) {
      const i = list.length;
      list.push(playPair(this.arena, build, this.arena.field[this.order[i % this.order.length]], deriveSeed(this.seed, 'pair', i)));
      this.games += 2;
    }
    return list[k];
  }

  /** A build's pairs played so far. */
  results(build: B): readonly PairResult[] {
    return this.played.get(this.key(build)) ?? [];
  }
}
