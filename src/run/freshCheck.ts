/**
 * Bots that keep state across matches, found. An isolated bot cannot: each
 * match starts its process afresh. A bot named by path and run with
 * `--unsafe-bots` lives in a worker thread for many matches, and one that
 * remembers (a module-level table, a patched global) makes a match's row
 * depend on what its thread played before — on the number of workers. So
 * after such a run a sample of its matches is played again, each alone in a
 * fresh worker thread (a fresh module instance), and compared with its row.
 */
import { HavocError } from '../core/errors.js';
import { runsTrustedFromPath } from '../match/bots.js';
import type { RunConfig } from '../config/types.js';
import { makeExecutor } from './pool.js';
import { DROPPED } from './hangs.js';
import { HANG } from '../match/forfeit.js';
import { FAULT } from './player.js';
import { parseMatchLine, readMatches } from '../store/records.js';
import type { Schedule } from './schedule.js';
import { botSpecOf, figuresOf, seatsOf } from './schedule.js';
import { inShard, type Shard } from '../store/shard.js';
import type { BatchTask } from './worker.js';

/** Matches played again per run (each costs a thread's start and its bots' warm-up). */
export const FRESH_SAMPLE = 6;

/** A match whose row differs when it is played alone in a fresh thread. */
export interface Stateful {
  readonly id: number;
  /** The match's bots named by path, run trusted (one of them keeps state, or plays by the clock or Math.random). */
  readonly bots: readonly string[];
  readonly row: string;
  readonly alone: string;
}

/**
 * The sample: up to FRESH_SAMPLE matches of the slice with a bot named by
 * path run trusted, spread over it, late ones first (state piles up as a
 * thread plays).
 */
export function freshSample(run: RunConfig, schedule: Schedule, total: number, shard: Shard | null, trusted: boolean): number[] {
  const out: number[] = [];
  const step = Math.max(1, Math.floor(total / FRESH_SAMPLE));
  for (let top = total - 1; top >= 0 && out.length < FRESH_SAMPLE; top -= step) {
    for (let id = top; id > top - step && id >= 0; id--) {
      if (!inShard(shard, id)) continue;
      if (schedule.spec(id).seats.some((s) => runsTrustedFromPath(botSpecOf(run, s.bot), trusted))) {
        out.push(id);
        break;
      }
    }
  }
  return out.sort((a, b) => a - b);
}

/**
 * Plays each sampled match alone in a fresh worker thread and compares it
 * with its line in matches.csv. Matches whose rows show faults, or did not
 * finish by playing (reasons `fault`, `hang`, `dropped`), are passed over: a
 * fresh thread's first decisions are slower, so a budget overrun there says
 * nothing about state.
 */
export async function statefulMatches(path: string, run: RunConfig, schedule: Schedule, ids: readonly number[], task: (id: number) => BatchTask): Promise<Stateful[]> {
  const want = new Set(ids);
  const rows = new Map<number, string>();
  readMatches(
    path,
    seatsOf(run),
    (r, line) => {
      if (want.has(r.id) && r.faults.every((f) => f === 0) && ![FAULT, HANG, DROPPED].includes(r.reason)) rows.set(r.id, line);
    },
    false,
    figuresOf(run),
  );
  const found: Stateful[] = [];
  for (const id of ids) {
    const row = rows.get(id);
    if (row === undefined) continue;
    const exec = await makeExecutor(1);
    try {
      const r = await exec.run(task(id));
      if (!r.ok) throw new HavocError('ERR_WORKER_SETUP', run.name, `could not play match ${id} again in a fresh thread: ${'setup' in r ? r.setup : r.environment}`);
      const alone = Buffer.from(r.bytes).toString('utf8').replace(/\n$/, '');
      if (alone !== row && parseMatchLine(alone, seatsOf(run), figuresOf(run).length).faults.every((f) => f === 0)) {
        const bots = schedule.spec(id).seats.map((s) => s.bot).filter((b, i, all) => all.indexOf(b) === i && runsTrustedFromPath(botSpecOf(run, b), true));
        found.push({ id, bots, row, alone });
      }
    } catch (e) {
      if (e instanceof HavocError) throw e;
      // The match could not be played again (its bot crashed the thread): that is the run's rows' business, not state's.
    } finally {
      await exec.close();
    }
  }
  return found;
}
