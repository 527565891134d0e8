/**
 * A duel's games read back as pairs, and the test taken at its checks: after
 * every `checkPairs` pairs (and at the cap), never in between, so where it
 * stops depends on the games alone, not on how many workers played them or
 * when the duel was stopped and carried on.
 */
import { join } from 'node:path';
import type { RunConfig } from '../../config/types.js';
import { readMatches, seatScore } from '../../store/records.js';
import { figuresOf } from '../schedule.js';
import { addPair, EMPTY_PENTANOMIAL, estimate, type DuelEstimate, type Pentanomial } from '../../stats/pentanomial.js';
import { duelVerdict, pentanomialLlr, type DuelSprtSpec } from '../../stats/pentanomialSprt.js';

/** One pair as the first bot (A) played it. */
export interface DuelPair {
  readonly pair: number;
  readonly seed: string;
  /** The builds of seats A and B in both games. */
  readonly loadouts: readonly [string, string];
  /** A's score in seat A (the pair's first game) and in seat B (its second): 1, ½ or 0. */
  readonly scores: readonly [number, number];
  /** Why each game ended (the ruleset's reason, or fault, hang, …). */
  readonly reasons: readonly [string, string];
}

/** The whole pairs in the duel's matches.csv, in order (a pair's first game alone is left for the next session). */
export function readPairs(dir: string, run: RunConfig): DuelPair[] {
  const a = run.bots[0].name;
  const pairs: DuelPair[] = [];
  let first: { seed: string; loadouts: [string, string]; score: number; reason: string } | null = null;
  readMatches(
    join(dir, 'matches.csv'),
    2,
    (r) => {
      const seat = r.bots[0] === a ? 0 : 1;
      const score = seatScore(r, seat);
      if (r.id % 2 === 0) first = { seed: r.seed, loadouts: [r.loadouts[0], r.loadouts[1]], score, reason: r.reason };
      else if (first) pairs.push({ pair: (r.id - 1) / 2, seed: first.seed, loadouts: first.loadouts, scores: [first.score, score], reasons: [first.reason, r.reason] }), (first = null);
    },
    false,
    figuresOf(run),
  );
  return pairs;
}

/** Where the test stands after some pairs. */
export interface DuelCheck {
  readonly pairs: number;
  readonly games: number;
  /** A's wins, draws and losses. */
  readonly wins: number;
  readonly draws: number;
  readonly losses: number;
  readonly penta: Pentanomial;
  readonly estimate: DuelEstimate;
  readonly llr: number;
  /** H0 or H1 accepted, the cap reached (`max-games`), or undecided. */
  readonly verdict: 'H0' | 'H1' | 'max-games' | 'continue';
}

/** The pairs at which the test is taken: every `every`, and the cap. */
export function checkPoints(every: number, maxPairs: number, upTo: number): number[] {
  const out: number[] = [];
  for (let k = every; k < maxPairs + every; k += every) {
    const at = Math.min(k, maxPairs);
    if (at > upTo) break;
    out.push(at);
  }
  return out;
}

/** The test at each check the pairs reach, up to the first that decides (or the cap). */
export function runChecks(pairs: readonly DuelPair[], spec: DuelSprtSpec, every: number, maxPairs: number): DuelCheck[] {
  const checks: DuelCheck[] = [];
  let penta = EMPTY_PENTANOMIAL, wins = 0, draws = 0, losses = 0, i = 0;
  for (const at of checkPoints(every, maxPairs, pairs.length)) {
    for (; i < at; i++) {
      const [x, y] = pairs[i].scores;
      penta = addPair(penta, x, y);
      for (const s of [x, y]) s === 1 ? wins++ : s === 0 ? losses++ : draws++;
    }
    const llr = pentanomialLlr(penta, spec);
    const v = duelVerdict(llr, spec);
    const verdict = v !== 'continue' ? v : at >= maxPairs ? 'max-games' : 'continue';
    checks.push({ pairs: at, games: 2 * at, wins, draws, losses, penta, estimate: estimate(penta), llr, verdict });
    if (verdict !== 'continue') break;
  }
  return checks;
}
