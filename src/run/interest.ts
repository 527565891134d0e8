/**
 * Which matches of a run are worth watching. A run saves the replays of a
 * few matches (`--save-replays N`) and a report shows a few of those; the
 * first matches by id are mostly alike (and in a sweep mostly turn-limit
 * draws), so the matches are chosen from the run's rows, in this order:
 *
 * 1. a loss of every entrant, the strongest entrant's first: how the best
 *    are beaten (an entrant is a bot or a loadout, as the run compares);
 * 2. then, taking turns: upsets (the weaker side won, the biggest gap
 *    first) and long decisive games (the most turns first);
 * 3. then more losses, then any decisive game, and only then draws.
 *
 * Rows of matches that were not played, could not be, or in which a bot
 * hung are never chosen. Strength is the entrant's score rate in the run's
 * own table (wins and half the draws), so the choice is a pure function of
 * the rows: the same run gives the same choice on any number of workers.
 * One pass over the rows, keeping at most `limit` candidates of each kind.
 */
import { DROPPED } from './hangs.js';
import { HANG } from '../match/forfeit.js';
import { FAULT } from './player.js';
import type { MatchRow } from '../store/records.js';
import { seatScore } from '../store/records.js';

/** Rows that are no game to watch: not played (a dropped bot), not playable (a fault), or a bot that hung (it would hang again). */
const UNWATCHABLE: ReadonlySet<string> = new Set([DROPPED, FAULT, HANG]);

/** Why a match was chosen. */
export type Interest = 'loss' | 'upset' | 'long' | 'decisive' | 'draw';

export interface ChosenMatch {
  readonly id: number;
  readonly why: Interest;
  /** For a loss: the entrant that lost it. */
  readonly loser?: string;
}

/** Keeps the `limit` best items by `better` (a is better than b: negative), cheaply for a long stream. */
class Best<T> {
  private items: T[] = [];
  constructor(
    private readonly limit: number,
    private readonly better: (a: T, b: T) => number,
  ) {}

  add(x: T): void {
    if (this.limit <= 0) return;
    if (this.items.length === this.limit && this.better(x, this.items[this.items.length - 1]) >= 0) return;
    let i = this.items.length;
    while (i > 0 && this.better(x, this.items[i - 1]) < 0) i--;
    this.items.splice(i, 0, x);
    if (this.items.length > this.limit) this.items.pop();
  }

  get(): readonly T[] {
    return this.items;
  }
}

/**
 * Up to `limit` matches of `rows` worth watching, most interesting first.
 * `entrant(row, seat)` names what the run compares; `strength` is each
 * entrant's score rate (unknown entrants count 0.5).
 */
export function chooseMatches(
  rows: Iterable<MatchRow>,
  entrant: (r: MatchRow, seat: number) => string,
  strength: ReadonlyMap<string, number>,
  limit: number,
): ChosenMatch[] {
  const c = new MatchChooser(entrant, strength, limit);
  for (const r of rows) c.add(r);
  return c.chosen();
}

/** chooseMatches over a stream: `add` each row in id order, then `chosen`. */
export class MatchChooser {
  // Each entrant's first `limit` losses (in id order: the rows come in id order).
  private readonly losses = new Map<string, number[]>();
  private readonly upsets: Best<{ id: number; gap: number }>;
  private readonly long: Best<{ id: number; turns: number }>;
  private readonly decisive: number[] = [];
  private readonly draws: number[] = [];

  constructor(
    private readonly entrant: (r: MatchRow, seat: number) => string,
    private readonly strength: ReadonlyMap<string, number>,
    private readonly limit: number,
  ) {
    this.upsets = new Best(limit, (a, b) => b.gap - a.gap || a.id - b.id);
    this.long = new Best(limit, (a, b) => b.turns - a.turns || a.id - b.id);
  }

  private st(e: string): number {
    return this.strength.get(e) ?? 0.5;
  }

  add(r: MatchRow): void {
    const k = r.bots.length, limit = this.limit;
    if (UNWATCHABLE.has(r.reason)) return;
    if (!(r.winner >= 0 || r.shared)) {
      if (this.draws.length < limit) this.draws.push(r.id);
      return;
    }
    if (this.decisive.length < limit) this.decisive.push(r.id);
    this.long.add({ id: r.id, turns: r.turns });
    let bestWinner = -Infinity, bestLoser = -Infinity;
    const winners = new Set<string>();
    for (let s = 0; s < k; s++) if (seatScore(r, s) === 1) winners.add(this.entrant(r, s));
    for (let s = 0; s < k; s++) {
      const e = this.entrant(r, s);
      if (seatScore(r, s) === 1) bestWinner = Math.max(bestWinner, this.st(e));
      else {
        bestLoser = Math.max(bestLoser, this.st(e));
        // A mirror match (the same entrant on both sides) is no loss of that entrant.
        if (winners.has(e)) continue;
        const l = this.losses.get(e) ?? [];
        if (l.length < limit && l[l.length - 1] !== r.id) l.push(r.id);
        this.losses.set(e, l);
      }
    }
    if (bestLoser > bestWinner) this.upsets.add({ id: r.id, gap: bestLoser - bestWinner });
  }

  chosen(): ChosenMatch[] {
    const limit = this.limit, chosen: ChosenMatch[] = [], taken = new Set<number>();
    const take = (id: number, why: Interest, loser?: string): boolean => {
      if (chosen.length >= limit || taken.has(id)) return false;
      taken.add(id);
      chosen.push(loser === undefined ? { id, why } : { id, why, loser });
      return true;
    };
    const by = (a: string, b: string): number => this.st(b) - this.st(a) || (a < b ? -1 : a > b ? 1 : 0);
    const entrants = [...new Set([...this.strength.keys(), ...this.losses.keys()])].sort(by);
    const lossRound = (cap: number): void => {
      for (const e of entrants) {
        if (chosen.length >= cap) return;
        for (const id of this.losses.get(e) ?? []) if (take(id, 'loss', e)) break;
      }
    };
    // 1. A loss of every entrant, the strongest first (at most half the choice, at least two).
    lossRound(Math.max(Math.ceil(limit / 2), Math.min(limit, 2)));
    // 2. Upsets and long games, taking turns.
    const u = this.upsets.get(), g = this.long.get();
    for (let i = 0; chosen.length < limit && (i < u.length || i < g.length); i++) {
      if (i < u.length) take(u[i].id, 'upset');
      if (i < g.length) take(g[i].id, 'long');
    }
    // 3. More losses, any decisive game, and last the draws.
    for (let before = -1; chosen.length < limit && chosen.length !== before; ) {
      before = chosen.length;
      lossRound(limit);
    }
    for (const id of this.decisive) take(id, 'decisive');
    for (const id of this.draws) take(id, 'draw');
    return chosen;
  }
}
