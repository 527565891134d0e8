/**
 * What a duel leaves for people and scripts: the line printed at each check,
 * duel.json (the test, the counts, the estimate, the verdict, the LLR at every
 * check) and pairs.csv (every pair played, A's result in each seat). Nothing
 * in them depends on the machine or the workers, so they are the same bytes
 * however the duel was played.
 */
import type { RunConfig } from '../../config/types.js';
import { normalQuantile } from '../../stats/normal.js';
import { pairKind } from '../../stats/pentanomial.js';
import { fixedSizeFor, type DuelSprtSpec } from '../../stats/pentanomialSprt.js';
import { sprtBounds } from '../../stats/sprt.js';
import { csvLines } from '../../store/records.js';
import type { DuelCheck, DuelPair } from './tally.js';

const signed = (x: number, digits = 1): string => (x === Infinity ? '+inf' : x === -Infinity ? '-inf' : Number.isNaN(x) ? 'n/a' : `${x >= 0 ? '+' : ''}${x.toFixed(digits)}`);
/** A number for JSON: rounded to 6 decimals; null for an infinite or undefined one. */
const num = (x: number): number | null => (Number.isFinite(x) ? Number(x.toFixed(6)) : null);

/** Half the width of the Elo interval (± as fastchess prints it). */
const eloPm = (c: DuelCheck): number => (c.estimate.eloHi - c.estimate.eloLo) / 2;

/** The verdict in words: `H1 accepted`, `H0 accepted`, or why it stopped. */
export const verdictText = (c: DuelCheck): string => (c.verdict === 'H1' ? 'H1 accepted' : c.verdict === 'H0' ? 'H0 accepted' : c.verdict === 'max-games' ? 'undecided at --max-games' : 'undecided');

/** One check as a line: games, A's W-D-L, the pairs, Elo ± 95%, normalised Elo, LOS, the LLR and its bounds. */
export function checkLine(c: DuelCheck, spec: DuelSprtSpec): string {
  const { lower, upper } = sprtBounds(spec.alpha, spec.beta);
  const p = c.penta, e = c.estimate;
  return [
    `games ${String(c.games).padStart(5)}`,
    `W-D-L ${c.wins}-${c.draws}-${c.losses}`,
    `pairs LL ${p.ll} LD ${p.ld} WL ${p.wl} DD ${p.dd} WD ${p.wd} WW ${p.ww}`,
    `Elo ${signed(e.elo)} ± ${Number.isFinite(eloPm(c)) ? eloPm(c).toFixed(1) : 'inf'}`,
    `nElo ${signed(e.nelo)} ± ${Number.isNaN(e.neloPm) ? 'n/a' : e.neloPm.toFixed(1)}`,
    `LOS ${(100 * e.los).toFixed(1)}%`,
    `LLR ${c.llr.toFixed(2)} (${lower.toFixed(2)}, ${upper.toFixed(2)})`,
  ].join('  ');
}

/**
 * Games a fixed-size duel needs for the same errors, at the spread of scores seen: of pairs (the duel's own
 * design), and of games counted one by one (a tournament that does not pair them). Null before a spread is seen
 * (a bot against an exact copy of itself: every pair is one win and one loss, and pairs do not vary).
 */
export function fixedGames(c: DuelCheck, spec: DuelSprtSpec): { paired: number | null; unpaired: number | null } {
  const za = normalQuantile(1 - spec.alpha), zb = normalQuantile(1 - spec.beta);
  const sdOf = (values: readonly (readonly [number, number])[], n: number): number => {
    const mean = values.reduce((s, [x, k]) => s + x * k, 0) / n;
    return Math.sqrt(Math.max(0, values.reduce((s, [x, k]) => s + k * (x - mean) ** 2, 0) / n));
  };
  const p = c.penta;
  const pairSd = sdOf([[0, p.ll], [0.25, p.ld], [0.5, p.wl + p.dd], [0.75, p.wd], [1, p.ww]], c.pairs);
  const gameSd = sdOf([[0, c.losses], [0.5, c.draws], [1, c.wins]], c.games);
  return {
    paired: c.pairs >= 2 && pairSd > 0 ? 2 * fixedSizeFor(spec, pairSd, true, za, zb) : null,
    unpaired: c.games >= 2 && gameSd > 0 ? fixedSizeFor(spec, gameSd, false, za, zb) : null,
  };
}

/** The closing words: the verdict, what it means, the games used against a fixed-size duel. */
export function verdictLines(c: DuelCheck, spec: DuelSprtSpec, names: readonly [string, string]): string[] {
  const [a, b] = names;
  const unit = spec.model === 'normalized' ? 'normalised Elo' : 'Elo';
  const meaning =
    c.verdict === 'H1'
      ? `${a} is stronger than ${b} by ${spec.elo1} ${unit} rather than ${spec.elo0} or less`
      : c.verdict === 'H0'
        ? `${a} is not stronger than ${b} by ${spec.elo1} ${unit}: ${spec.elo0} or less is the better explanation`
        : `neither hypothesis (${spec.elo0} or ${spec.elo1} ${unit}) is accepted`;
  const fixed = fixedGames(c, spec);
  return [
    `${verdictText(c)}: ${meaning} (alpha ${spec.alpha}, beta ${spec.beta}) after ${c.games} games`,
    fixed.paired !== null || fixed.unpaired !== null
      ? `a fixed-size run of the same errors needs about ${[fixed.paired !== null ? `${fixed.paired} games in pairs` : '', fixed.unpaired !== null ? `${fixed.unpaired} games counted one by one` : ''].filter(Boolean).join(', or ')} (at the spread of scores seen)`
      : '',
  ].filter(Boolean);
}

/** duel.json. */
export function duelJson(run: RunConfig, names: readonly [string, string], spec: DuelSprtSpec, maxGames: number, checkGames: number, checks: readonly DuelCheck[], played: number): string {
  const last = checks[checks.length - 1];
  const { lower, upper } = sprtBounds(spec.alpha, spec.beta);
  const e = last?.estimate;
  const doc = {
    format: 'havoc-duel/1',
    a: names[0],
    b: names[1],
    bots: run.bots.map((x) => x.bot),
    ruleset: run.ruleset,
    seed: run.seed,
    openings: run.schedule.type === 'duel' ? run.schedule.openings : 0,
    sprt: spec,
    bounds: { lower: num(lower), upper: num(upper) },
    maxGames,
    checkGames,
    // H1 accepted, H0 accepted, undecided (at --max-games), or null while the duel goes on.
    verdict: !last || last.verdict === 'continue' ? null : last.verdict === 'max-games' ? 'undecided' : verdictText(last),
    games: last?.games ?? 0,
    gamesPlayed: played,
    wins: last?.wins ?? 0,
    draws: last?.draws ?? 0,
    losses: last?.losses ?? 0,
    pentanomial: last?.penta ?? null,
    score: e ? num(e.score) : null,
    elo: e ? num(e.elo) : null,
    eloLo: e ? num(e.eloLo) : null,
    eloHi: e ? num(e.eloHi) : null,
    nelo: e ? num(e.nelo) : null,
    neloPm: e ? num(e.neloPm) : null,
    los: e ? num(e.los) : null,
    llr: last ? num(last.llr) : null,
    fixedGames: last ? fixedGames(last, spec) : null,
    checks: checks.map((c) => ({ games: c.games, llr: num(c.llr), elo: num(c.estimate.elo), los: num(c.estimate.los) })),
  };
  return JSON.stringify(doc, null, 2) + '\n';
}

/** pairs.csv: each pair's seed, builds, A's score in seat A and in seat B, the pair's cell and the games' reasons. */
export function pairsCsv(pairs: readonly DuelPair[]): string {
  const rows = pairs.map((p) => [p.pair, p.seed, p.loadouts[0], p.loadouts[1], p.scores[0], p.scores[1], pairKind(p.scores[0], p.scores[1]).toUpperCase(), p.reasons[0], p.reasons[1]]);
  return csvLines([['pair', 'seed', 'loadout_a', 'loadout_b', 'a_score_seat_a', 'a_score_seat_b', 'kind', 'reason_1', 'reason_2'], ...rows]);
}
