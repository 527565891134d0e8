import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { awaitChange } from '../../src/sandbox/pipe.js';

/**
 * The wait for an isolated bot's answer (pipe.ts): a stray notify, one the
 * pipe thread sent for a line already taken, must not end it. Under load the
 * arena read the line it had just taken as the process's end, and every
 * later decision of that bot was a fault (CI's python3 test, 21 faults).
 */
describe('a pipe slot waited on', () => {
  it('waits through notifies that come with the slot still empty, and returns the state stored after them', () => {
    const cells = new Int32Array(new SharedArrayBuffer(8));
    // Notifies three waits with nothing stored, then stores a line's state (1).
    const worker = new Worker(
      `const { workerData } = require('node:worker_threads');
       const cells = new Int32Array(workerData);
       let woken = 0;
       while (woken < 3) { woken += Atomics.notify(cells, 0); const t = Date.now(); while (Date.now() - t < 5); }
       Atomics.store(cells, 1, woken);
       Atomics.store(cells, 0, 1);
       Atomics.notify(cells, 0);`,
      { eval: true, workerData: cells.buffer },
    );
    try {
      expect(awaitChange(cells, 0, 0, 20_000)).toBe(1);
      expect(Atomics.load(cells, 1)).toBe(3);
    } finally {
      void worker.terminate();
    }
  });

  it('returns the value waited from at the timeout, not before it', () => {
    const cells = new Int32Array(new SharedArrayBuffer(8));
    const t = performance.now();
    expect(awaitChange(cells, 0, 0, 60)).toBe(0);
    expect(performance.now() - t).toBeGreaterThanOrEqual(59);
    Atomics.store(cells, 0, 2);
    expect(awaitChange(cells, 0, 0, 60_000)).toBe(2);
  });
});
