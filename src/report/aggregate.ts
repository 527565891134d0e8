/**
 * Tallies of a run's matches, built in one pass over matches.csv. Every
 * tally is a sum of integers keyed by name, so the result does not depend on
 * the order the rows come in (one worker or sixteen, resumed or merged);
 * the tables sort their rows by name before fitting anything.
 *
 * A draw counts half a win. In a match of 3–4 machines each pair of seats is
 * also tallied as a head-to-head: the one of the two that won, or neither
 * (a draw, or a third machine won). In a contest between teams only seats on
 * opposite sides meet head to head (team-mates share their result), and each
 * side's team is tallied too, the teams meeting once a match.
 */
import { seatScore, type MatchRow } from '../store/records.js';
import type { MatchTeams } from '../run/teams.js';

/** Per bot or loadout: games and results. */
export interface Tally {
  games: number;
  wins: number;
  draws: number;
  losses: number;
  /** The sum of the ruleset's first figure (NHM: damage dealt). */
  figure: number;
  faults: number;
}

/** Head-to-head counts of an ordered pair (i in the lower seat): games, i won, j won, neither. */
export type PairCounts = [number, number, number, number];

/** One dimension (bots or loadouts): names, tallies and head-to-heads. */
export class Dimension {
  readonly names: string[] = [];
  readonly index = new Map<string, number>();
  readonly tally: Tally[] = [];
  /** pairs.get(i).get(j): i in the lower seat, j in the higher. */
  readonly pairs = new Map<number, Map<number, PairCounts>>();

  id(name: string): number {
    let i = this.index.get(name);
    if (i === undefined) {
      // A name read from matches.csv is a slice of a chunk of the file's text and would keep the
      // chunk alive: keep a copy of its own (a sweep meets new loadouts all through the file).
      // (JSON round trip: a fresh string, every UTF-16 code unit kept.)
      name = JSON.parse(JSON.stringify(name)) as string;
      i = this.names.length;
      this.names.push(name);
      this.index.set(name, i);
      this.tally.push({ games: 0, wins: 0, draws: 0, losses: 0, figure: 0, faults: 0 });
    }
    return i;
  }

  pair(i: number, j: number): PairCounts {
    let m = this.pairs.get(i);
    if (!m) this.pairs.set(i, (m = new Map()));
    let c = m.get(j);
    if (!c) m.set(j, (c = [0, 0, 0, 0]));
    return c;
  }

  /** Every ordered pair with its counts, sorted by (name of i, name of j). */
  sortedPairs(): { i: number; j: number; c: PairCounts }[] {
    const out: { i: number; j: number; c: PairCounts }[] = [];
    for (const [i, m] of this.pairs) for (const [j, c] of m) out.push({ i, j, c });
    return out.sort((x, y) => cmp(this.names[x.i], this.names[y.i]) || cmp(this.names[x.j], this.names[y.j]));
  }
}

/** Plain string order (not locale order), the same everywhere. */
export const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** All tallies of a run. */
export class Aggregate {
  readonly bots = new Dimension();
  readonly loadouts = new Dimension();
  /** A contest between teams: each side's team (else empty). */
  readonly teams = new Dimension();
  matches = 0;
  turns = 0;
  draws = 0;
  faults = 0;
  readonly reasons = new Map<string, number>();

  /** `sides`: a contest between teams' sides and line-ups (arena/teams.ts), else null. */
  constructor(readonly seats: number, readonly sides: MatchTeams | null = null) {}

  /** Seat ids of the row being added (scratch). */
  private readonly ids: number[] = [];

  add(r: MatchRow): void {
    const k = this.seats;
    this.matches++;
    this.turns += r.turns;
    if (r.winner < 0 && !r.shared) this.draws++;
    this.reasons.set(r.reason, (this.reasons.get(r.reason) ?? 0) + 1);
    this.addTo(this.bots, r.bots, r);
    this.addTo(this.loadouts, r.loadouts, r);
    if (this.sides) this.addTeams(r, this.sides);
    for (let s = 0; s < k; s++) this.faults += r.faults[s];
  }

  /** Each side's team: the side's result (that of its first seat: a side shares one), its seats' figures and faults; side 0 the lower seat of the pair. */
  private addTeams(r: MatchRow, sides: MatchTeams): void {
    const dim = this.teams, side = sides.side;
    const id = [dim.id(sides.team(r.bots, 0)), dim.id(sides.team(r.bots, 1))];
    const score = [side.indexOf(0), side.indexOf(1)].map((s) => seatScore(r, s));
    for (let x = 0; x < 2; x++) {
      const t = dim.tally[id[x]];
      t.games++;
      if (score[x] === 1) t.wins++;
      else if (score[x] === 0) t.losses++;
      else t.draws++;
      for (let s = 0; s < side.length; s++) if (side[s] === x) (t.figure += r.figures[0]?.[s] ?? 0), (t.faults += r.faults[s]);
    }
    const c = dim.pair(id[0], id[1]);
    c[0]++;
    if (score[0] > score[1]) c[1]++;
    else if (score[1] > score[0]) c[2]++;
    else c[3]++;
  }

  private addTo(dim: Dimension, names: readonly string[], r: MatchRow): void {
    const k = this.seats, ids = this.ids;
    for (let s = 0; s < k; s++) ids[s] = dim.id(names[s]);
    for (let s = 0; s < k; s++) {
      const t = dim.tally[ids[s]];
      t.games++;
      const score = seatScore(r, s);
      if (score === 1) t.wins++;
      else if (score === 0) t.losses++;
      else t.draws++;
      t.figure += r.figures[0]?.[s] ?? 0;
      t.faults += r.faults[s];
    }
    const side = this.sides?.side;
    for (let s = 0; s < k; s++)
      for (let u = s + 1; u < k; u++) {
        if (side && side[s] === side[u]) continue;
        const c = dim.pair(ids[s], ids[u]);
        c[0]++;
        const a = seatScore(r, s), b = seatScore(r, u);
        if (a > b) c[1]++;
        else if (b > a) c[2]++;
        else c[3]++;
      }
  }
}
