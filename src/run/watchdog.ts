/**
 * The watchdog for bots that never return. A bot runs in its worker's own
 * thread, so a bot stuck in an endless loop cannot be interrupted there.
 * Instead, whenever bot code starts, the worker writes into memory it shares
 * with the main thread the call's number, its limit, the match and the seat;
 * the main thread looks twice a second, and stops the batch of a worker whose
 * bot is still in a call it found running longer ago than the call's limit.
 * piscina then ends that worker's thread (and starts another), the runner
 * plays the batch's matches again one by one, and the match that hangs again
 * is recorded as a `fault` (errors.log says which seat hung).
 *
 * Deadlines: a decision or a run-time answer gets 10 times the run's budget,
 * at least 5 s (a decision over its budget is already a fault; this is only
 * for one that never ends). Making a bot gets 100 times the budget, at least
 * 60 s: built-in bots warm up there the first time a process makes them
 * (and at least 10 s more than the run's start-up limit, `limits.startupMs`,
 * which an isolated bot's process has to be ready in).
 */
import { HavocError } from '../core/errors.js';
import type { RunConfig } from '../config/types.js';
import type { BotGuard } from '../match/loop.js';
import type { Executor } from './pool.js';
import { SEAT_LETTERS } from '../store/records.js';
import type { BatchResult, BatchTask } from './worker.js';

/**
 * Per slot: the number of the latest call into bot code, the match, the seat
 * (-1: a native kernel policy), and the call's limit in ms (0 while no bot code
 * runs). The worker reads no clock (a clock reading costs as much as a `random`
 * bot's decision): the main thread times a call from the first look that finds
 * it running.
 */
const FIELDS = 4;

/** Milliseconds a call into bot code may take before its worker is stopped. */
export function hangLimitMs(budgetMs: number, call: 'factory' | 'decision', startupMs = 0): number {
  return call === 'factory' ? Math.max(60_000, 100 * budgetMs, startupMs + 10_000) : Math.max(5_000, 10 * budgetMs);
}

/** A worker's side: marks bot calls in its slot. */
export class SlotGuard implements BotGuard {
  private readonly cells: Float64Array;
  private readonly o: number;
  private readonly factoryMs: number;
  private readonly decisionMs: number;

  constructor(shared: SharedArrayBuffer, slot: number, budgetMs: number, startupMs = 0) {
    this.cells = new Float64Array(shared);
    this.o = slot * FIELDS;
    this.factoryMs = hangLimitMs(budgetMs, 'factory', startupMs);
    this.decisionMs = hangLimitMs(budgetMs, 'decision', startupMs);
  }

  /** The match whose bots the following calls belong to. */
  match(id: number): void {
    this.cells[this.o + 1] = id;
  }

  enter(seat: number, call: 'factory' | 'decision'): void {
    const c = this.cells, o = this.o;
    c[o + 2] = seat;
    c[o] = c[o] + 1;
    c[o + 3] = call === 'factory' ? this.factoryMs : this.decisionMs;
  }

  exit(): void {
    this.cells[this.o + 3] = 0;
  }
}

/** A bot past its deadline. */
export interface Hang {
  readonly match: number;
  /** The seat, or -1 for a native policy on the two-pig kernel. */
  readonly seat: number;
}

/** The main thread's side: hands out slots and finds the ones past their deadline. */
export class Watchdog {
  readonly shared: SharedArrayBuffer;
  private readonly cells: Float64Array;
  private readonly free: number[];
  /** Per slot: the call a look last found running (-1: none), and when it was first found. */
  private readonly call: Float64Array;
  private readonly since: Float64Array;

  constructor(slots: number) {
    this.shared = new SharedArrayBuffer(slots * FIELDS * 8);
    this.cells = new Float64Array(this.shared);
    this.free = Array.from({ length: slots }, (_, i) => slots - 1 - i);
    this.call = new Float64Array(slots).fill(-1);
    this.since = new Float64Array(slots);
  }

  acquire(): number {
    const s = this.free.pop();
    if (s === undefined) throw new Error('watchdog: no free slot');
    this.cells.fill(0, s * FIELDS, s * FIELDS + FIELDS);
    this.call[s] = -1;
    return s;
  }

  release(slot: number): void {
    this.free.push(slot);
  }

  /**
   * The hang in `slot`, if the call into bot code running there has run past
   * its limit: timed from the first look that found it (so it is stopped
   * between its limit and its limit plus two looks' interval after it began).
   */
  hung(slot: number, now = Date.now()): Hang | null {
    const o = slot * FIELDS, limit = this.cells[o + 3], call = this.cells[o];
    if (limit === 0) {
      this.call[slot] = -1;
      return null;
    }
    if (call !== this.call[slot]) {
      this.call[slot] = call;
      this.since[slot] = now;
      return null;
    }
    return now - this.since[slot] > limit ? { match: this.cells[o + 1], seat: this.cells[o + 2] } : null;
  }
}

/** A bot that did not return before its deadline (the watchdog stopped its worker). */
export class BotHang extends Error {
  constructor(readonly hang: Hang) {
    super(hang.seat < 0 ? 'a native policy did not return (its worker was stopped)' : `the bot in seat ${SEAT_LETTERS[hang.seat].toUpperCase()} did not return in time (its worker was stopped)`);
  }
}

/**
 * Batches of `run` played on `exec` under the watchdog (worker threads only;
 * in this thread nothing can stop a bot): each task gets a slot, the slots
 * are looked at twice a second, and a batch whose bot is past its deadline is
 * aborted — piscina ends its worker — and rejects with a BotHang, or, when
 * the bots were still loading, with a HavocError that stops the run. `stop`
 * ends the looking.
 */
export function watchedExecutor(exec: Executor, run: RunConfig): { run(task: BatchTask): Promise<BatchResult>; stop(): void } {
  if (exec.workers === 0) return { run: (task) => exec.run(task), stop: () => {} };
  const dog = new Watchdog(exec.workers * 2 + 1);
  const running = new Map<number, AbortController>();
  const hangs = new WeakMap<AbortController, Hang>();
  const looking = setInterval(() => {
    const now = Date.now();
    for (const [slot, ctl] of running) {
      const h = ctl.signal.aborted ? null : dog.hung(slot, now);
      if (h) hangs.set(ctl, h), ctl.abort();
    }
  }, 500);
  looking.unref();
  return {
    async run(task) {
      const slot = dog.acquire(), ctl = new AbortController();
      running.set(slot, ctl);
      try {
        return await exec.run({ ...task, watch: { shared: dog.shared, slot } }, ctl.signal);
      } catch (e) {
        const h = hangs.get(ctl);
        if (!h) throw e;
        if (h.match < 0) throw new HavocError('ERR_WORKER_SETUP', run.name, `loading the bots did not finish within ${hangLimitMs(run.budget.ms, 'factory', run.limits?.startupMs) / 1000} s`);
        throw new BotHang(h);
      } finally {
        running.delete(slot);
        dog.release(slot);
      }
    },
    stop: () => clearInterval(looking),
  };
}
