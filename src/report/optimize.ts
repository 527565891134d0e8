/**
 * What `havoc optimize` writes: top.csv (the builds measured again, ranked,
 * with their intervals and how much of the field each beats), history.csv
 * (every move the search tried and what the test said) and summary.json
 * (the settings, the field, the games spent and the flagged builds). Nothing
 * in them depends on the clock: the same command and seed write the same bytes.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { csvText } from './csv.js';
import type { BuildKit } from '../core/game.js';
import { DOMINANT } from '../lab/rank.js';
import type { OptimizeResult } from '../lab/optimize.js';
import type { SearchOptions } from '../lab/search.js';

/** What the run was, for summary.json. */
export interface OptimizeSettings extends Omit<SearchOptions, 'filter'> {
  readonly ruleset: string;
  readonly bot: string;
  readonly parts: string | null;
  readonly fieldSpec: string;
  /** Builds measured again at the end (--top). */
  readonly measured: number;
  readonly finalGames: number;
}

const fixed = (x: number, d = 4): string => x.toFixed(d);

/** Writes the three files into `dir`; returns their paths. */
export function writeOptimize(dir: string, kit: BuildKit<unknown>, field: readonly unknown[], settings: OptimizeSettings, r: OptimizeResult): string[] {
  mkdirSync(dir, { recursive: true });
  const parts = (b: unknown): string => (kit.components ? kit.components(b).join(' ') : kit.key(b));
  const top = [
    ['rank', 'build', 'score', 'lo', 'hi', 'wins', 'draws', 'games', 'beaten', 'field', 'dominant', 'cost', 'parts'],
    ...r.ranked.map((x) => [x.rank, x.key, fixed(x.score.p), fixed(x.score.lo), fixed(x.score.hi), x.wins, x.draws, x.games, x.beaten, field.length, String(x.dominant), kit.cost(x.build), parts(x.build)]),
  ];
  const history = [
    ['restart', 'iteration', 'incumbent', 'candidate', 'pairs', 'games', 'diff', 'llr', 'outcome', 'accepted'],
    ...r.steps.map((s) => [s.restart, s.iteration, s.incumbent, s.candidate, s.pairs, s.games, fixed(s.diff), fixed(s.llr, 3), s.outcome, String(s.accepted)]),
  ];
  const outcomes: Record<string, number> = { H1: 0, H0: 0, cap: 0 };
  for (const s of r.steps) outcomes[s.outcome]++;
  const summary = {
    ...settings,
    field: field.map((b) => kit.key(b)),
    games: { search: r.games.search, final: r.games.final, total: r.games.search + r.games.final },
    steps: { proposed: r.steps.length, accepted: r.steps.filter((s) => s.accepted).length, outcomes, converged: r.converged },
    dominantRule: `beats (scores more than half of their games against) at least ${DOMINANT * 100}% of the field's builds, in the final games`,
    top: r.ranked.map((x) => ({ rank: x.rank, build: x.key, score: +fixed(x.score.p), lo: +fixed(x.score.lo), hi: +fixed(x.score.hi), games: x.games, beaten: x.beaten, dominant: x.dominant })),
    dominant: r.ranked.filter((x) => x.dominant).map((x) => x.key),
  };
  const files = [join(dir, 'top.csv'), join(dir, 'history.csv'), join(dir, 'summary.json')];
  writeFileSync(files[0], csvText(top));
  writeFileSync(files[1], csvText(history));
  writeFileSync(files[2], JSON.stringify(summary, null, 2) + '\n');
  return files;
}
