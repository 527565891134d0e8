/**
 * `havoc reprice` judges each part (issue 47 item 5). A round's change is
 * kept when it brings the parts it prices within the tolerance in the sweep
 * played with it, whatever the other parts do; the kept changes together
 * are the catalogue written (always: the catalogue given where none is
 * kept). Each part is then judged in the kept catalogue's own sweep, by its
 * price list (report/priceList.ts, summary.json `parts.prices`): fixed,
 * still or newly flagged, beyond its budget (no price it may take mends it:
 * reported apart, never a reason to keep or drop a change), needs more
 * games, no price yet, or fair. prices.csv, the page and the printout say
 * it a part a line, in words.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PriceRow, PriceStatus } from '../report/priceList.js';
import { MIN_GAMES, priceFigure, priceSpan } from '../report/priceList.js';

/** A part's standing in a sweep, its price list's status held to the tolerance: flagged only beyond it. */
export type Standing = 'under' | 'over' | 'fair' | 'untested' | 'unpriced';

/** A sweep's price list as `havoc sweep` wrote it (summary.json `parts.prices`), its figures times `k`; null where it has none. */
export function pricesOf(dir: string, k = 1): PriceRow[] | null {
  let s: unknown;
  try {
    s = JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8'));
  } catch {
    return null;
  }
  const rows = (s as { parts?: { prices?: unknown } } | null)?.parts?.prices;
  if (!Array.isArray(rows)) return null;
  const times = (x: unknown): number | null => (typeof x === 'number' ? x * k : null);
  return rows.map((r: Record<string, unknown>) => ({
    part: String(r.part),
    category: String(r.category ?? ''),
    listed: Number(r.listed) * k,
    suggested: times(r.suggested),
    worth: times(r.worth),
    lo: times(r.lo),
    hi: times(r.hi),
    games: Number(r.games),
    pooled: r.pooled === true,
    status: r.status as PriceStatus,
    sentence: String(r.sentence ?? ''),
  }));
}

/** A price-list row's standing: flagged only where the end of its interval facing its listed cost is more than `tol` from it. */
export function standing(r: PriceRow, tol: number): Standing {
  if (r.status === 'untested' || r.status === 'unpriced' || r.status === 'fair') return r.status;
  const under = r.status === 'underpriced';
  const end = under ? r.lo : r.hi;
  if (tol > 0 && end !== null && (under ? end <= r.listed + tol : end >= r.listed - tol)) return 'fair';
  return under ? 'under' : 'over';
}

const flaggedStanding = (s: Standing | undefined): boolean => s === 'under' || s === 'over';

/** A round's change as kept or not: the price, its new cost, the parts it prices. */
export interface RoundChange {
  readonly round: number;
  readonly key: string;
  readonly from: number;
  readonly to: number;
  readonly parts: readonly string[];
  /** Whether `to` is the end of the price's range the change went toward (the most it may be for a raise, the least for a cut). */
  readonly atLimit: boolean;
}

/**
 * The changes kept, by price: a change is kept when every part it prices was tested and is not flagged (within the
 * tolerance) in the sweep of its round (`after(round)`: part → standing), or when it took its price as far as its
 * range goes and every part it prices is still beyond its budget that way (`beyond(round)`): no price does better,
 * and the verdict says which way. The later of two kept changes of one price wins. The others are not: a part still
 * flagged within its budget, or with too few games to say, keeps its price.
 */
export function keptChanges(changes: readonly RoundChange[], after: (round: number) => ReadonlyMap<string, Standing>, beyond: (round: number) => ReadonlySet<string> = () => new Set()): Map<string, RoundChange> {
  const kept = new Map<string, RoundChange>();
  for (const c of changes) {
    const now = after(c.round), past = beyond(c.round);
    const fixed = c.parts.length > 0 && c.parts.every((p) => {
      const s = now.get(p);
      return s !== undefined && s !== 'untested' && !flaggedStanding(s);
    });
    const way = c.to > c.from ? 'under' : 'over';
    const asFar = c.atLimit && c.parts.length > 0 && c.parts.every((p) => past.has(p) && now.get(p) === way);
    if (fixed || asFar) kept.set(c.key, c);
  }
  return kept;
}

/** What became of a part, given to kept. */
export type Outcome = 'fixed' | 'still flagged' | 'now flagged' | 'beyond its budget' | 'needs more games' | 'no longer flagged' | 'no price yet' | 'fair';

/** One part's line of prices.csv, in the kept catalogue's points. */
export interface PartJudgement {
  readonly part: string;
  readonly category: string;
  /** Its cost in the catalogue given (×--scale) and in the one kept. */
  readonly listed: number;
  readonly kept: number;
  /** The kept catalogue's sweep: the cost it suggests, the part's worth with its interval, the machine-games it was in. */
  readonly suggested: number | null;
  readonly worth: number | null;
  readonly lo: number | null;
  readonly hi: number | null;
  readonly games: number;
  readonly before: Standing;
  readonly outcome: Outcome;
  /** Of the sweeps played with the part at its kept cost (the rounds', the kept catalogue's, the re-checks'), how many find it within the tolerance. */
  readonly tally: { readonly within: number; readonly of: number } | null;
  readonly sentence: string;
}

const OUTCOME_ORDER: readonly Outcome[] = ['fixed', 'still flagged', 'now flagged', 'no longer flagged', 'beyond its budget', 'needs more games', 'no price yet', 'fair'];
const verdictWord = (s: Standing): string => (s === 'under' ? 'underpriced' : s === 'over' ? 'overpriced' : s);

/** "worth 3.6 [2.1, 5.2]", "worth at least 3.1", or "" where the sweep gives neither. */
function worthOf(r: Pick<PriceRow, 'worth' | 'lo' | 'hi'>): string {
  const span = priceSpan(r as PriceRow);
  if (r.worth !== null) return `worth ${priceFigure(r.worth)}${span ? ` ${span}` : ''}`;
  return span ? `worth ${span}` : '';
}

/**
 * Each part of the catalogue given judged in the kept catalogue's sweep (`after`, its price list in the kept points,
 * `beyond`: its parts no price within their budget mends), beside its standing in the sweep given (`before`, in the
 * same points). `costs`: each part's cost given and kept. The parts to act on first (fixed, flagged), fair ones last.
 */
export function judgeParts(
  before: readonly PriceRow[],
  after: readonly PriceRow[],
  costs: (part: string) => { listed: number; kept: number },
  beyond: ReadonlySet<string>,
  tol: number,
  tallyOf: (part: string) => PartJudgement['tally'] = () => null,
): PartJudgement[] {
  const now = new Map(after.map((r) => [r.part, r]));
  const rows = before.map((b): PartJudgement => {
    const a = now.get(b.part) ?? b;
    const { listed, kept } = costs(b.part);
    const was = standing(b, tol), is = standing(a, tol);
    const changed = kept !== listed;
    const outcome: Outcome =
      is === 'untested' ? 'needs more games'
      : flaggedStanding(is) && beyond.has(b.part) ? 'beyond its budget'
      : flaggedStanding(is) ? (flaggedStanding(was) || changed ? 'still flagged' : 'now flagged')
      : changed ? 'fixed'
      : flaggedStanding(was) ? 'no longer flagged'
      : is === 'unpriced' ? 'no price yet'
      : 'fair';
    const tally = changed ? tallyOf(b.part) : null;
    const base = { part: b.part, category: b.category, listed, kept, suggested: a.suggested, worth: a.worth, lo: a.lo, hi: a.hi, games: a.games, before: was, outcome, tally };
    const said = sentenceOf(base, a, is);
    // One sweep is one sample: where the part was played at its kept cost in several, how many find it within the tolerance.
    return { ...base, sentence: said && tally && tally.of > 1 ? `${said} (within the tolerance in ${tally.within} of the ${tally.of} sweeps played with it at ${kept})` : said };
  });
  const rank = (j: PartJudgement): number => OUTCOME_ORDER.indexOf(j.outcome);
  return rows.map((r, i) => ({ r, i })).sort((x, y) => rank(x.r) - rank(y.r) || x.i - y.i).map((x) => x.r);
}

/** The plain sentence of a part's line: "dragon-breath: 1 → 4, now fair (worth 3.6 [2.1, 5.2]) — fixed". */
function sentenceOf(j: Omit<PartJudgement, 'sentence'>, a: PriceRow, is: Standing): string {
  const cost = j.kept === j.listed ? `${j.kept}` : `${j.listed} → ${j.kept}`;
  const worth = worthOf(j);
  const w = worth ? ` (${worth})` : '';
  const act = (): string =>
    j.suggested !== null && j.suggested !== j.kept ? `: ${j.suggested > j.kept ? 'raise' : 'lower'} it to ${j.suggested}` : ': its price cannot move that way; look at what it does';
  switch (j.outcome) {
    case 'fixed':
      return is === 'unpriced' ? `${j.part}: ${cost}, no longer flagged (no price in points yet)${w} — fixed` : `${j.part}: ${cost}, now fair${w} — fixed`;
    case 'still flagged':
      return `${j.part}: ${cost}, still ${verdictWord(is)}${w}${act()}`;
    case 'now flagged':
      return `${j.part}: ${cost}, now ${verdictWord(is)}${w}${act()}`;
    case 'beyond its budget':
      return `${j.part}: ${cost}${j.kept !== j.listed ? `, as far as its budget allows, still ${verdictWord(is)}` : `, ${verdictWord(is)}`} beyond its budget${w}: no price it may take mends it — its budget, or what it does, is the question`;
    case 'needs more games':
      return `${j.part}: ${cost}, needs more games (in ${a.games} machine-games of the kept catalogue's sweep; ${MIN_GAMES} judge a part)`;
    case 'no longer flagged':
      return `${j.part}: ${cost}, no longer flagged${w}, its price unchanged`;
    case 'no price yet':
      return `${j.part}: ${cost}, not flagged, no price yet (its category's point value is not yet clear of 0)`;
    default:
      return '';
  }
}

/** prices.csv's rows. */
export const judgementTable = (rows: readonly PartJudgement[]): (string | number)[][] => [
  ['part', 'category', 'listed', 'kept', 'suggested', 'worth', 'worth_lo', 'worth_hi', 'games', 'before', 'status', 'within_sweeps', 'sentence'],
  ...rows.map((j) => [j.part, j.category, j.listed, j.kept, j.suggested ?? '', j.worth ?? '', j.lo ?? '', j.hi ?? '', j.games, verdictWord(j.before), j.outcome, j.tally ? `${j.tally.within}/${j.tally.of}` : '', j.sentence]),
];

/** How many parts came out each way, in OUTCOME_ORDER: "1 fixed, 2 still flagged, 3 beyond its budget, 30 fair". */
export function outcomeCounts(rows: readonly PartJudgement[]): string {
  return OUTCOME_ORDER.map((o) => [o, rows.filter((r) => r.outcome === o).length] as const)
    .filter(([, n]) => n > 0)
    .map(([o, n]) => `${n} ${o}`)
    .join(', ');
}

/** The outcomes that ask nothing of a designer but a bigger sweep: said once for all their parts in the printout. */
const QUIET: readonly Outcome[] = ['needs more games', 'no price yet', 'fair'];

/** The parts to read one by one (fixed, flagged, beyond their budgets), and one line for each quiet outcome with its parts. */
export function judgementSentences(rows: readonly PartJudgement[]): { loud: PartJudgement[]; quiet: string[] } {
  const loud = rows.filter((r) => !QUIET.includes(r.outcome));
  const quiet = QUIET.flatMap((o) => {
    const parts = rows.filter((r) => r.outcome === o).map((r) => r.part);
    if (!parts.length) return [];
    const what = o === 'needs more games' ? `in fewer than ${MIN_GAMES} machine-games of the kept catalogue's sweep: a bigger sweep would judge them` : o === 'no price yet' ? "not flagged, no price in points yet (their category's point value is not yet clear of 0)" : 'fair at their prices';
    return [`${o}: ${parts.join(', ')} — ${what}`];
  });
  return { loud, quiet };
}

/**
 * How many of `sweeps` (each its price list and the cost of `part`'s price in it) find `part` within the tolerance
 * where its price is `cost`; null where none played it at that cost.
 */
export function tallyAt(sweeps: readonly { readonly rows: ReadonlyMap<string, PriceRow>; readonly cost: (part: string) => number | null }[], part: string, cost: number, tol: number): PartJudgement['tally'] {
  const at = sweeps.filter((s) => s.cost(part) === cost && s.rows.has(part));
  if (!at.length) return null;
  const within = at.filter((s) => {
    const st = standing(s.rows.get(part)!, tol);
    return st !== 'untested' && !flaggedStanding(st);
  }).length;
  return { within, of: at.length };
}

/**
 * The parts of a price list flagged beyond every cost their price may take (`rangeOf`: its least and most, null where
 * the part's cost is not one price of its own): under with the least it is worth above the most, or over with the most
 * it is worth below the least, by more than `tol`. The price list's own figures, so the status and its sentence agree.
 */
export function beyondRows(rows: readonly PriceRow[], rangeOf: (part: string) => readonly [number, number] | null, tol: number): Set<string> {
  return new Set(
    rows
      .filter((r) => {
        const s = standing(r, tol), range = rangeOf(r.part);
        if (!range || !flaggedStanding(s)) return false;
        return s === 'under' ? r.lo !== null && r.lo > range[1] + tol : r.hi !== null && r.hi < range[0] - tol;
      })
      .map((r) => r.part),
  );
}
