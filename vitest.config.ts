import { defineConfig } from 'vitest/config';

/**
 * Files that play runs on worker pools, or drive a browser, but start no
 * sandboxed bot and time nothing: two at a time, after the unit files (each
 * uses about one core and a quarter on average, so two side by side fill the
 * machine, and no assertion of theirs depends on how busy it is).
 */
const SHARED = [
  'test/arena.test.ts', 'test/balance-pages.e2e.test.ts', 'test/bots.test.ts', 'test/determinism.test.ts', 'test/hangs.test.ts',
  'test/hovercrafts-arena.test.ts', 'test/meta.test.ts', 'test/optimize.test.ts', 'test/replay.test.ts', 'test/report.e2e.test.ts',
  'test/reprice.test.ts', 'test/swaps.test.ts', 'test/battle-engine-scenario.test.ts', 'test/battle-engine-viewer.test.ts',
  'test/blind-ninjas/arena.test.ts', 'test/blind-ninjas/scenario-cli.test.ts', 'test/blind-ninjas/viewer.e2e.test.ts',
];

/**
 * Files that start sandboxed bots, a Redis, or time things: one at a time,
 * last, so none slows or disturbs another (sandboxed processes are counted
 * by the hostile tests, the clock tests compare CPU with wall time, and the
 * golden and example runs use both cores themselves).
 */
const ALONE = [
  'test/arena-cli.test.ts', 'test/budget.test.ts', 'test/clock.test.ts', 'test/cli-examples.test.ts', 'test/cli.test.ts', 'test/contest.test.ts',
  'test/golden.test.ts', 'test/hostile.test.ts', 'test/kuhn-tournament.test.ts', 'test/limits.test.ts', 'test/queue.e2e.test.ts',
];

export default defineConfig({
  test: {
    testTimeout: 60_000,
    pool: 'forks',
    projects: [
      // Rules, statistics and bots in this process: two files at a time, first.
      { extends: true, test: { name: 'unit', include: ['test/**/*.test.ts'], exclude: [...SHARED, ...ALONE], maxWorkers: 2, sequence: { groupOrder: 0 } } },
      { extends: true, test: { name: 'shared', include: SHARED, maxWorkers: 2, sequence: { groupOrder: 1 } } },
      { extends: true, test: { name: 'arena', include: ALONE, fileParallelism: false, sequence: { groupOrder: 2 } } },
    ],
  },
});
