/**
 * Bots that hang, dropped from a run. A bot that hangs (an isolated bot's
 * process killed at its deadline, a trusted bot stopped by the watchdog)
 * loses that match with reason `hang`; one that hangs in `maxHangs` of its
 * matches in a row is dropped: its later matches are not played but recorded
 * as lost, reason `dropped`, so a broken entrant costs a run a few deadlines,
 * not one per match.
 *
 * "In a row" is in match-id order over the matches of the run folder (a
 * shard's own): the runner settles drops as it writes matches.csv, which is
 * in id order, and a resume reads them back from the rows. A hang is an event
 * of the wall clock, so a run with one is only as repeatable as the hang.
 */
import { winnerOf } from '../core/game.js';
import { HANG } from '../match/forfeit.js';
import { csvLines, lineSlices, rowFields, sharedFirst, type MatchRow } from '../store/records.js';
import type { MatchSpec } from './schedule.js';
import type { IdRange } from './batches.js';

/** Hangs in a row after which a bot is dropped, unless the run's `maxHangs` says otherwise. */
export const DEFAULT_MAX_HANGS = 3;

/** Where a bot's streak stands: the ids of its last matches, all hangs. */
export type HangState = { readonly streaks: readonly (readonly [string, readonly number[]])[]; readonly dropped: readonly string[] };

export class HangStreaks {
  readonly dropped = new Set<string>();
  /** Per bot with a streak: the ids of the matches it hung in, in a row. */
  private readonly streaks = new Map<string, number[]>();

  constructor(
    readonly limit: number,
    state?: HangState,
  ) {
    if (!state) return;
    for (const [b, ids] of state.streaks) this.streaks.set(b, [...ids]);
    for (const b of state.dropped) this.dropped.add(b);
  }

  /** No bot has a streak or is dropped: matches can be written as they come. */
  get quiet(): boolean {
    return this.streaks.size === 0 && this.dropped.size === 0;
  }

  /** Whether a match with these bots is one a dropped bot plays. */
  drops(bots: readonly string[]): boolean {
    if (this.dropped.size === 0) return false;
    for (const b of bots) if (this.dropped.has(b)) return true;
    return false;
  }

  /**
   * A match in id order: its seats' bots and a bit per seat that hung (see
   * `hungSeats`). Returns what the match settled: each bot it dropped, with
   * the matches of its streak.
   */
  see(id: number, bots: readonly string[], hung: number): { bot: string; matches: number[] }[] {
    const out: { bot: string; matches: number[] }[] = [];
    for (let s = 0; s < bots.length; s++) {
      const b = bots[s];
      if (this.dropped.has(b) || bots.indexOf(b) !== s) continue; // a bot in several seats counts once
      let h = false;
      for (let t = s; t < bots.length; t++) if (bots[t] === b && hung & (1 << t)) h = true;
      if (!h) {
        this.streaks.delete(b);
        continue;
      }
      const ids = this.streaks.get(b) ?? [];
      ids.push(id);
      if (ids.length >= this.limit) {
        this.streaks.delete(b);
        this.dropped.add(b);
        out.push({ bot: b, matches: ids });
      } else this.streaks.set(b, ids);
    }
    return out;
  }

  /** A row read back from matches.csv (a resume): a `dropped` row names bots already dropped. */
  seeRow(r: MatchRow): void {
    if (r.reason === DROPPED) {
      const lost = losers(r);
      r.bots.forEach((b, s) => lost & (1 << s) && this.dropped.add(b));
    } else this.see(r.id, r.bots, hungSeats(r));
  }

  state(): HangState {
    return { streaks: [...this.streaks].map(([b, ids]) => [b, [...ids]] as const), dropped: [...this.dropped] };
  }
}

/** The end reason of a dropped bot's matches. */
export const DROPPED = 'dropped';

/** A bit per seat not in first place. */
function losers(r: Pick<MatchRow, 'winner' | 'shared' | 'bots'>): number {
  const all = (1 << r.bots.length) - 1;
  if (r.winner >= 0) return all & ~(1 << r.winner);
  if (r.shared) return all & ~r.shared;
  return all; // a draw of a match everybody lost
}

/** A bit per seat that hung in the match of this row: the losers of a `hang` row, else none. */
export const hungSeats = (r: Pick<MatchRow, 'winner' | 'shared' | 'bots' | 'reason'>): number => (r.reason === HANG ? losers(r) : 0);

/**
 * A batch's rows (matches.csv bytes of ids start, start + step, …) as the
 * runner writes them, in id order: each match's hangs counted (`hung`: id and
 * a bit per seat that hung), and every match a dropped bot plays made its
 * `dropped` row (a worker that did not know of the drop yet played it).
 * Returns the bytes to write and the bots the batch dropped.
 */
export function settleRows(
  streaks: HangStreaks,
  bytes: Uint8Array,
  b: IdRange,
  hung: readonly (readonly [number, number])[],
  spec: (id: number) => MatchSpec,
  figures: number,
): { bytes: Uint8Array; dropped: { bot: string; matches: number[] }[] } {
  const dropped: { bot: string; matches: number[] }[] = [];
  if (streaks.quiet && hung.length === 0) return { bytes, dropped };
  const hungAt = new Map(hung);
  const lines = lineSlices(bytes);
  let changed = false;
  for (let i = 0; i < b.count; i++) {
    const id = b.start + i * b.step;
    const s = spec(id);
    const bots = s.seats.map((seat) => seat.bot);
    if (streaks.drops(bots)) {
      lines[i] = Buffer.from(csvLines([rowFields(droppedRow(s, streaks.dropped, figures))]));
      changed = true;
    } else dropped.push(...streaks.see(id, bots, hungAt.get(id) ?? 0));
  }
  return { bytes: changed ? Buffer.concat(lines) : bytes, dropped };
}

/** The row of a match one of whose bots is dropped: not played, lost by the dropped bots (a draw if all are). */
export function droppedRow(spec: MatchSpec, dropped: ReadonlySet<string>, figures: number): MatchRow {
  return lostRow(spec, spec.seats.map((s) => dropped.has(s.bot)), DROPPED, figures);
}

/** The row of a match a trusted bot hung in (the watchdog stopped it): lost by that seat. */
export function hangRow(spec: MatchSpec, seat: number, figures: number): MatchRow {
  return lostRow(spec, spec.seats.map((_, s) => s === seat), HANG, figures);
}

/** A match that ended before its first turn, lost by the seats marked: they share the last place, the others the first. */
function lostRow(spec: MatchSpec, lost: readonly boolean[], reason: string, figures: number): MatchRow {
  const k = spec.seats.length;
  const all = lost.every(Boolean);
  const ranks = lost.map((l) => (l && !all ? 1 : 0));
  return {
    id: spec.id,
    seed: spec.seed,
    bots: spec.seats.map((s) => s.bot),
    loadouts: spec.seats.map((s) => s.loadout),
    winner: winnerOf({ ranks, reason }) ?? -1,
    shared: sharedFirst(ranks),
    turns: 0,
    reason,
    figures: Array.from({ length: figures }, () => new Array<number>(k).fill(0)),
    faults: new Array<number>(k).fill(0),
  };
}
