/**
 * A contest's leaderboard (`leaderboard.csv`): every entrant that has played,
 * ranked by the run's ratings (the report's model: Bradley–Terry with the
 * prior's virtual draws), with its author and language, its build (where
 * entrants bring their own), W-D-L, rating and
 * interval, the Elo gap to the next with its SE and the likelihood it is the
 * stronger of the two, and its faults. And the standing a contest's schedule
 * reads after each round.
 */
import { join } from 'node:path';
import type { RunConfig } from '../config/types.js';
import type { Entrant } from '../run/contest/file.js';
import type { Standing } from '../run/contest/rounds.js';
import { readMatches } from '../store/records.js';
import { figuresOf, seatsOf } from '../run/schedule.js';
import { Aggregate } from './aggregate.js';
import { columns } from './summary.js';
import { standingOf, type Table } from './tables.js';

/** The standing of the entrants `active` from the run's matches so far. */
export function contestStanding(dir: string, run: RunConfig, active: readonly string[]): Standing {
  const agg = new Aggregate(seatsOf(run));
  readMatches(join(dir, 'matches.csv'), seatsOf(run), (r) => agg.add(r), false, figuresOf(run));
  return standingOf(agg.bots, seatsOf(run), active);
}

/** leaderboard.csv from the run's ratings and bots tables: ranked as ratings.csv, each entrant's faults from bots.csv. */
export function leaderboardTable(ratings: Table, bots: Table, entrants: readonly Entrant[], active: readonly string[], buildOf?: (name: string) => string): Table {
  const col = (t: Table, name: string): number => t.header.indexOf(name);
  const botRow = new Map(bots.rows.map((r) => [r[col(bots, 'bot')], r]));
  const ranked = ratings.rows.length ? ratings.rows.map((r) => r[col(ratings, 'name')]) : bots.rows.map((r) => r[col(bots, 'bot')]);
  const header = ['rank', 'entrant', 'author', 'language', ...(buildOf ? ['build'] : []), 'status', 'games', 'wins', 'draws', 'losses', 'win_rate', 'rating', 'rating_lo', 'rating_hi', 'gap', 'gap_se', 'los', 'faults'];
  const rows = ranked.map((name, i) => {
    const e = entrants.find((x) => x.name === name);
    const b = botRow.get(name);
    const r = ratings.rows.find((x) => x[col(ratings, 'name')] === name);
    const cell = (t: Table, row: readonly string[] | undefined, c: string): string => (row ? (row[col(t, c)] ?? '') : '');
    return [
      String(i + 1), name, e?.author ?? '', e?.language ?? '', ...(buildOf ? [buildOf(name)] : []), active.includes(name) ? 'playing' : 'withdrawn',
      cell(bots, b, 'games'), cell(bots, b, 'wins'), cell(bots, b, 'draws'), cell(bots, b, 'losses'), cell(bots, b, 'win_rate'),
      cell(ratings, r, 'rating'), cell(ratings, r, 'rating_lo'), cell(ratings, r, 'rating_hi'), cell(ratings, r, 'gap'), cell(ratings, r, 'gap_se'), cell(ratings, r, 'los'),
      cell(bots, b, 'faults'),
    ];
  });
  return { header, rows };
}

/** The leaderboard as text columns, for the end of `havoc contest`. */
export function formatLeaderboard(t: Table): string {
  const cols = ['rank', 'entrant', 'language', 'games', 'wins', 'draws', 'losses', 'rating', 'rating_lo', 'rating_hi', 'los', 'faults', 'status'];
  const rows = t.rows.map((r) => cols.map((c) => r[t.header.indexOf(c)] ?? ''));
  return columns([['#', 'entrant', 'language', 'games', 'W', 'D', 'L', 'rating', 'lo', 'hi', 'los next', 'faults', 'status'], ...rows], [1, 2, 12]);
}
