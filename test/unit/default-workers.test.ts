/** --workers' default: HAVOC_WORKERS where set (a whole number), else every core; anything else refused, naming the variable. */
import { availableParallelism } from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultWorkers } from '../../src/run/pool.js';

describe('defaultWorkers', () => {
  const saved = process.env.HAVOC_WORKERS;
  afterEach(() => {
    if (saved === undefined) delete process.env.HAVOC_WORKERS;
    else process.env.HAVOC_WORKERS = saved;
  });

  it('is every core without HAVOC_WORKERS, or with it empty', () => {
    delete process.env.HAVOC_WORKERS;
    expect(defaultWorkers()).toBe(availableParallelism());
    process.env.HAVOC_WORKERS = '';
    expect(defaultWorkers()).toBe(availableParallelism());
  });

  it('is HAVOC_WORKERS where it is a whole number, 0 included', () => {
    for (const w of [0, 1, 3]) {
      process.env.HAVOC_WORKERS = String(w);
      expect(defaultWorkers()).toBe(w);
    }
  });

  it('refuses anything else in one line naming the variable', () => {
    for (const bad of ['x', '-1', '1.5', '1e2', '100000']) {
      process.env.HAVOC_WORKERS = bad;
      expect(() => defaultWorkers()).toThrow(new RegExp(`^HAVOC_WORKERS: must be .*not "${bad.replace('.', '\\.')}"`));
    }
  });
});
