/**
 * Where a run keeps its sandboxed bots' decision times: one file per match,
 * `DIR/logs/match-ID-times.json`, beside their stderr logs (botLogs.ts) and
 * like them of the last play of the match, outside the run's deterministic
 * records (a time is the machine's, not the game's). It maps each timed
 * seat's capital letter to the clock its milliseconds are by and the
 * milliseconds of each decision it answered, in order, and the same by the
 * wall clock (match/measuredBot.ts timedBot):
 * `{"A":{"clock":"cpu","ms":[0,10,…],"wallMs":[0.412,…]}}`.
 * The report's entrant pages read them (mean, p99, max against the budget).
 */
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { refusedWrite } from '../core/environment.js';
import { writeAtomic } from './folder.js';
import { SEAT_LETTERS } from './records.js';

/** One seat's decision times in a match. */
export interface SeatTimes {
  readonly clock: 'cpu' | 'wall';
  readonly ms: readonly number[];
  /** By the wall clock, the protocol's round trip included. */
  readonly wallMs: readonly number[];
}

/** Where match `id`'s decision times live in run folder `dir`. */
export const timesPath = (dir: string, id: number): string => join(dir, 'logs', `match-${id}-times.json`);

/** Writes match `id`'s times, `seats[s]` seat s's (null: not timed, a bot of the run's own thread). */
export function writeMatchTimes(dir: string, id: number, seats: readonly (SeatTimes | null)[]): void {
  const out: Record<string, SeatTimes> = {};
  seats.forEach((t, s) => {
    if (t) out[SEAT_LETTERS[s].toUpperCase()] = t;
  });
  const path = timesPath(dir, id);
  refusedWrite(dirname(path), () => mkdirSync(dirname(path), { recursive: true }), 'the logs folder');
  writeAtomic(path, JSON.stringify(out) + '\n');
}

/** Removes the times an earlier try of match `id` left. */
export function clearMatchTimes(dir: string, id: number): void {
  const path = timesPath(dir, id);
  refusedWrite(path, () => rmSync(path, { force: true }), "an earlier try's decision times");
}

/** Match `id`'s times by seat letter (upper case); empty when it has none or they cannot be read (the report shows what it can). */
export function readMatchTimes(dir: string, id: number): Record<string, SeatTimes> {
  try {
    const v = JSON.parse(readFileSync(timesPath(dir, id), 'utf8')) as Record<string, SeatTimes>;
    if (!v || typeof v !== 'object') return {};
    const out: Record<string, SeatTimes> = {};
    const numbers = (a: unknown): a is number[] => Array.isArray(a) && a.every((x) => typeof x === 'number' && Number.isFinite(x));
    for (const [k, t] of Object.entries(v)) if (t && (t.clock === 'cpu' || t.clock === 'wall') && numbers(t.ms) && numbers(t.wallMs)) out[k] = t;
    return out;
  } catch {
    return {};
  }
}
