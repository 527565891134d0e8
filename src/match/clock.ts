/**
 * The wall clock that times decisions made in the arena's own threads.
 *
 * `performance.now` costs about 50 ns here, as much as a `random` bot's
 * whole decision, and a two-seat turn reads it three times (issue 20).
 * Once a thread reads it fast enough for that to matter — a million readings
 * a second, looked at every 2^18 readings — it starts a ticker thread, one
 * for the whole process: the ticker writes the time into shared memory every
 * TICK_MS, and a reading becomes one load from that memory. A pool's workers
 * are handed the process's memory (`threadPool`'s workerData, read with
 * `useClockShare`), so the first of them to read fast starts the ticker for
 * all (a ticker is a thread with a V8 heap of its own: about 15 MB).
 *
 * The ticked time lags the true time by up to a tick, and by the OS's delay
 * in waking the ticker (a few milliseconds at most measured under load), so a
 * decision's time is its true time give or take about that: far inside a
 * budget of at least MIN_LIMIT_MS, and the mean of many decisions is still
 * their mean (a decision starts at no particular point of a tick). A match
 * whose budget is tighter is timed by `performance.now`, read every time. A
 * match keeps the clock it started with (the two count from different
 * origins). A thread that cannot start a ticker, or finds it stopped or far
 * behind, keeps the precise clock.
 */
import { Worker } from 'node:worker_threads';

/** Milliseconds between the ticker's writes. */
export const TICK_MS = 1;
/** The smallest decision limit timed by the ticker: 50 ticks, so the tick never decides a timeout. */
export const MIN_LIMIT_MS = 50;
/**
 * Readings between two looks at how fast the thread reads (and, ticked,
 * whether the ticker keeps time): a fast thread starts the ticker after a
 * fifth of a second (RBP random play), the ticker's own start (60–75 ms of
 * CPU) paid early in a long run.
 */
const PROBE = 1 << 18;
/** Readings a second from which the ticker pays: its own 2% of a core against 50 ns a reading. */
const FAST = 1_000_000;
/** A ticked reading this far behind performance.now means the ticker stopped or is starved: the precise clock from then on. */
const MAX_LAG_MS = 25;

// Node's global `performance` is a lazy getter that runs on every read: read it once.
const perf = performance;

/**
 * The process's clock memory: the ticked time as milliseconds since the epoch
 * (a float64 at byte 0; 0 until the ticker's first write), whether a thread
 * has started the ticker (an int32 at byte 8) and the word the ticker sleeps on
 * (byte 12). Made when first needed, or handed over by the thread that made it.
 */
let share: SharedArrayBuffer | null = null;
let time: Float64Array = new Float64Array(1);
let claim: Int32Array = new Int32Array(1);
/** This thread reads the ticked time. */
let ticking = false;
/** This thread found the ticker failed, stopped or far behind: never ticked again. */
let cannot = false;
let reads = 0;
let since = -1;

function adopt(sab: SharedArrayBuffer): void {
  share = sab;
  time = new Float64Array(sab, 0, 1);
  claim = new Int32Array(sab, 8, 1);
}

/** The process's clock memory, to hand to worker threads with their work. */
export function clockShare(): SharedArrayBuffer {
  if (!share) adopt(new SharedArrayBuffer(16));
  return share!;
}

/** Reads the clock memory of the thread that made this one (a pool's): one ticker for the process. */
export function useClockShare(sab: SharedArrayBuffer | undefined): void {
  if (sab && !share) adopt(sab);
}

/** The ticker, writing the time since the epoch (the same in every thread, whatever its own time origin). */
const TICKER = `
const { workerData: { shared, tick } } = require('node:worker_threads');
const time = new Float64Array(shared, 0, 1), idle = new Int32Array(shared, 12, 1), p = performance, origin = p.timeOrigin;
for (;;) { time[0] = origin + p.now(); Atomics.wait(idle, 0, 0, tick); }
`;

/** Starts the process's ticker unless a thread has already (the arena starts it when readings are many; tests at once). */
export function startTicker(): void {
  const shared = clockShare();
  if (cannot || Atomics.compareExchange(claim, 0, 0, 1) !== 0) return;
  try {
    const w = new Worker(TICKER, { eval: true, workerData: { shared, tick: TICK_MS } });
    // The ticker never ends by itself: it must not keep the process (or a pool's thread) alive.
    w.unref();
    w.on('error', giveUp);
  } catch {
    giveUp();
  }
}

function giveUp(): void {
  ticking = false;
  cannot = true;
}

/** performance.now, counting readings: a thread that reads it a million times a second starts the ticker. */
function precise(): number {
  if (++reads >= PROBE) {
    const t = perf.now();
    if (since >= 0 && t - since < (1000 * PROBE) / FAST) startTicker();
    since = t;
    reads = 0;
  }
  return perf.now();
}

/** The ticked time; every PROBE readings checked against the time since the epoch by performance. */
function ticked(): number {
  if (++reads >= PROBE) {
    reads = 0;
    if (perf.timeOrigin + perf.now() - time[0] > MAX_LAG_MS) giveUp();
  }
  return time[0];
}

/**
 * The clock for a match whose tightest decision limit is `limitMs`: the
 * ticked one once the process's ticker has written the time and the limit
 * allows it, else the precise one.
 */
export function decisionClock(limitMs: number): () => number {
  if (!ticking && !cannot && time[0] !== 0) ticking = true;
  return ticking && limitMs >= MIN_LIMIT_MS ? ticked : precise;
}

/** Whether this thread reads the ticked time (tests). */
export function tickerRunning(): boolean {
  return ticking;
}
