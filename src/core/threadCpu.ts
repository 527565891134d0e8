/**
 * The CPU time of this thread, for bots that decide in the arena's own
 * threads (built-in and trusted bots) under the budget's `cpu` clock, as an
 * isolated bot's processes are timed: so a noisy neighbour on the machine
 * (a bot forking busy processes, another run) slows their decisions by the
 * wall clock but charges them nothing. Linux's /proc/thread-self/schedstat
 * gives the calling thread's time on a CPU and its time waiting for one (on a
 * run queue: what a loaded machine costs it) in nanoseconds; the file is kept
 * open and read again from its start (one pread, about 2–9 µs here).
 */
import { openSync, readSync } from 'node:fs';

let fd: number | null | undefined;
const buf = Buffer.alloc(64);

/** This thread's times as last read: [0] milliseconds on a CPU, [1] milliseconds runnable but waiting for one. */
export const threadTimes = new Float64Array(2);

/** Reads this thread's times into threadTimes; false when the OS does not say (not Linux). */
export function readThreadTimes(): boolean {
  if (fd === undefined) {
    try {
      fd = openSync('/proc/thread-self/schedstat', 'r');
    } catch {
      fd = null;
    }
  }
  if (fd === null) return false;
  let n: number;
  try {
    n = readSync(fd, buf, 0, buf.length, 0);
  } catch {
    fd = null;
    return false;
  }
  // "CPU_NS WAIT_NS SLICES\n"
  let ns = 0, field = 0;
  for (let i = 0; i < n && field < 2; i++) {
    const c = buf[i];
    if (c >= 48 && c <= 57) ns = ns * 10 + (c - 48);
    else {
      threadTimes[field++] = ns / 1e6;
      ns = 0;
    }
  }
  return field === 2;
}
