/**
 * The wall clock that times decisions made in the arena's own threads.
 *
 * `performance.now` costs about 50 ns here, as much as a `random` bot's
 * whole decision, and a two-seat turn reads it three times (issue 20).
 * Once a thread reads it fast enough for that to matter — a million readings
 * in under a second — a ticker thread starts: it writes the time into shared
 * memory every TICK_MS, and a reading becomes one load from that memory.
 *
 * The ticked time lags the true time by up to a tick, and by the OS's delay
 * in waking the ticker (a few milliseconds at most measured under load), so a
 * decision's time is its true time give or take about that: far inside a
 * budget of at least MIN_LIMIT_MS, and the mean of many decisions is still
 * their mean (a decision starts at no particular point of a tick). A match
 * whose budget is tighter is timed by `performance.now`, read every time.
 * Both clocks count in this thread's `performance.now` milliseconds, so a
 * match may switch between them. A thread that cannot start a ticker (no
 * worker threads) keeps the precise clock.
 */
import { Worker } from 'node:worker_threads';

/** Milliseconds between the ticker's writes. */
export const TICK_MS = 1;
/** The smallest decision limit timed by the ticker: 50 ticks, so the tick never decides a timeout. */
export const MIN_LIMIT_MS = 50;
/** Readings between two looks at how fast the thread reads. */
const PROBE = 1 << 20;

// Node's global `performance` is a lazy getter that runs on every read: read it once.
const perf = performance;

/** The ticked time: null until a ticker has written it, and again once it fails or falls behind (then never tried again). */
let cells: Float64Array | null = null;
/** A started ticker's cell before its first write (0 until then: a clock frozen while the thread starts is no clock). */
let pending: Float64Array | null = null;
/** What a match already given the ticked clock reads: the ticker's cell, frozen if the ticker stopped. */
let time: Float64Array = new Float64Array(1);
let cannot = false;
let reads = 0;
let since = -1;
/** A ticked reading this far behind performance.now means the ticker stopped or is starved: the precise clock from then on. */
const MAX_LAG_MS = 25;

/** The ticker: it converts its own clock to the starting thread's (each thread has its own time origin). */
const TICKER = `
const { workerData: { shared, origin, tick } } = require('node:worker_threads');
const time = new Float64Array(shared, 0, 1), idle = new Int32Array(shared, 8, 1), p = performance, shift = p.timeOrigin - origin;
for (;;) { time[0] = p.now() + shift; Atomics.wait(idle, 0, 0, tick); }
`;

function startTicker(): void {
  if (cells || pending || cannot) return;
  try {
    const shared = new SharedArrayBuffer(16);
    const t = new Float64Array(shared, 0, 1);
    const w = new Worker(TICKER, { eval: true, workerData: { shared, origin: perf.timeOrigin, tick: TICK_MS } });
    // The ticker never ends by itself: it must not keep the process (or a pool's thread) alive.
    w.unref();
    w.on('error', giveUp);
    pending = t;
  } catch {
    giveUp();
  }
}

function giveUp(): void {
  cells = pending = null;
  cannot = true;
}

/** performance.now, counting readings: a thread that reads a million in under a second starts the ticker. */
function precise(): number {
  if (++reads >= PROBE) {
    const t = perf.now();
    if (since >= 0 && t - since < 1000) startTicker();
    since = t;
    reads = 0;
  }
  return perf.now();
}

/** The ticked time; every PROBE readings checked against performance.now. */
function ticked(): number {
  if (++reads >= PROBE) {
    reads = 0;
    if (perf.now() - time[0] > MAX_LAG_MS) giveUp();
  }
  return time[0];
}

/**
 * The clock for a match whose tightest decision limit is `limitMs`: the
 * ticked one when a ticker runs and the limit allows it, else the precise one.
 */
export function decisionClock(limitMs: number): () => number {
  if (pending !== null && pending[0] !== 0) (time = cells = pending), (pending = null);
  return cells !== null && limitMs >= MIN_LIMIT_MS ? ticked : precise;
}

/** Whether this thread's ticker runs (tests and the bench). */
export function tickerRunning(): boolean {
  return cells !== null;
}

/** Starts this thread's ticker now (tests and the bench; the arena starts it when readings are many). */
export function startTickerNow(): void {
  startTicker();
}
