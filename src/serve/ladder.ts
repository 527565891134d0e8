/**
 * Which matches the live ladder plays next, where they tell most: first a
 * new submission meets a few opponents (`newOpponents`, nearest in rating,
 * `newGames` each, seat-swapped); then the neighbours on the leaderboard
 * whose order is least certain (the likelihood that the higher is the
 * stronger nearest one half), fewest games between them breaking ties; when
 * every neighbour is settled (likelihood ≥ `confidence`), the neighbours that
 * have played each other least, so the ladder keeps measuring. And the final
 * round robin among the top N. Match ids and seeds come from the pair and
 * the count of games between them, so the same match is the same game
 * wherever and whenever it is played.
 */
import { deriveSeed } from '../core/rng.js';
import type { MatchKind } from './db.js';

/** The ladder as the choice reads it. */
export interface LadderView {
  /** The submissions that play (each entrant's latest that passed its check), oldest first. */
  readonly current: readonly number[];
  /** Elo rating of a submission, null before it has played. */
  rating(id: number): number | null;
  /** Likelihood that `a` is stronger than `b`, null when unknown. */
  los(a: number, b: number): number | null;
  /** Ladder games queued or played between two submissions. */
  games(a: number, b: number): number;
  /** Ladder games still queued between two submissions. */
  pending(a: number, b: number): number;
}

export interface PairChoice {
  readonly a: number;
  readonly b: number;
  readonly games: number;
  readonly why: string;
}

export interface LadderOptions {
  readonly newGames: number;
  readonly newOpponents: number;
  readonly confidence: number;
}

/** Up to `want` pairs to play next (none while fewer than two submissions play). */
export function nextPairs(v: LadderView, want: number, o: LadderOptions): PairChoice[] {
  const out: PairChoice[] = [];
  const taken = (a: number, b: number): boolean => v.pending(a, b) > 0 || out.some((p) => (p.a === a && p.b === b) || (p.a === b && p.b === a));
  const cur = v.current;
  if (cur.length < 2) return out;
  const r = (id: number): number => v.rating(id) ?? 1500;
  // New submissions first, the newest first: each meets its nearest opponents until it has met enough.
  for (const s of [...cur].reverse()) {
    const met = cur.filter((x) => x !== s && v.games(s, x) >= o.newGames).length;
    if (met >= Math.min(o.newOpponents, cur.length - 1)) continue;
    const fresh = cur.filter((x) => x !== s && v.games(s, x) < o.newGames && !taken(s, x)).sort((x, y) => Math.abs(r(x) - r(s)) - Math.abs(r(y) - r(s)) || x - y);
    for (const x of fresh.slice(0, Math.min(o.newOpponents, cur.length - 1) - met)) {
      if (out.length >= want) return out;
      out.push({ a: s, b: x, games: o.newGames - v.games(s, x), why: 'a new submission meets its nearest opponents' });
    }
  }
  // Then neighbours on the leaderboard, the least certain order first.
  const order = [...cur].sort((x, y) => r(y) - r(x) || x - y);
  const pairs = order.slice(0, -1).map((a, i) => ({ a, b: order[i + 1], los: v.los(a, order[i + 1]) }));
  const doubt = (p: { los: number | null }): number => (p.los === null ? 0 : Math.abs(p.los - 0.5));
  const open = pairs.filter((p) => p.los === null || (p.los < o.confidence && p.los > 1 - o.confidence));
  const ranked = (open.length ? open : pairs).sort((x, y) => doubt(x) - doubt(y) || v.games(x.a, x.b) - v.games(y.a, y.b) || x.a - y.a);
  if (!open.length) ranked.sort((x, y) => v.games(x.a, x.b) - v.games(y.a, y.b) || x.a - y.a);
  for (const p of ranked) {
    if (out.length >= want) break;
    if (taken(p.a, p.b)) continue;
    const los = p.los === null ? 'unknown' : p.los.toFixed(3);
    out.push({ a: p.a, b: p.b, games: 2, why: open.length ? `neighbours whose order is uncertain (likelihood ${los})` : `settled neighbours, fewest games between them (likelihood ${los})` });
  }
  return out;
}

/** A match of the ladder or the final: its id, seats and seed, from the pair and the games they had before it. */
export function matchOf(kind: MatchKind, contestSeed: string, a: number, b: number, n: number): { id: string; kind: MatchKind; s0: number; s1: number; seed: string } {
  const [lo, hi] = a < b ? [a, b] : [b, a];
  // Seat-swapped pairs of games on one seed: the lower-numbered submission first in even games.
  const [s0, s1] = n % 2 === 0 ? [lo, hi] : [hi, lo];
  return { id: `${kind === 'ladder' ? 'L' : 'F'}${lo}-${hi}-${n}`, kind, s0, s1, seed: deriveSeed(contestSeed, kind, lo, hi, n >> 1) };
}

/** Every pair of the final's submissions, `games` games each. */
export function finalMatches(contestSeed: string, top: readonly number[], games: number): ReturnType<typeof matchOf>[] {
  const out: ReturnType<typeof matchOf>[] = [];
  for (let i = 0; i < top.length; i++) for (let j = i + 1; j < top.length; j++) for (let n = 0; n < games; n++) out.push(matchOf('final', contestSeed, top[i], top[j], n));
  return out;
}
