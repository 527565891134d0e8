import { defineConfig } from 'vitest/config';

/**
 * Files that play runs on worker pools, or drive a browser, but start no
 * sandboxed bot and time nothing: two at a time, after the unit files (each
 * uses about one core and a quarter on average, so two side by side fill the
 * machine, and no assertion of theirs depends on how busy it is).
 */
const SHARED = [
  'test/unit/arena.test.ts', 'test/e2e/balance-pages.e2e.test.ts', 'test/unit/bots.test.ts', 'test/unit/determinism.test.ts', 'test/unit/hangs.test.ts',
  'test/e2e/hovercrafts-arena.test.ts', 'test/e2e/meta.test.ts', 'test/e2e/optimize.test.ts', 'test/e2e/replay.test.ts', 'test/e2e/report.e2e.test.ts',
  'test/e2e/reprice.test.ts', 'test/e2e/swaps.test.ts', 'test/e2e/battle-engine-scenario.test.ts', 'test/e2e/battle-engine-viewer.test.ts',
  'test/e2e/blind-ninjas/arena.test.ts', 'test/e2e/blind-ninjas/scenario-cli.test.ts', 'test/e2e/blind-ninjas/viewer.e2e.test.ts',
];

/**
 * Files that start sandboxed bots, a Redis, or time things: one at a time,
 * last, so none slows or disturbs another (sandboxed processes are counted
 * by the hostile tests, the clock tests compare CPU with wall time, and the
 * golden and example runs use both cores themselves).
 */
const ALONE = [
  'test/e2e/alone/arena-cli.test.ts', 'test/unit/budget.test.ts', 'test/e2e/alone/clock.test.ts', 'test/e2e/alone/cli-examples.test.ts', 'test/e2e/alone/cli.test.ts', 'test/e2e/alone/contest.test.ts',
  'test/e2e/alone/golden.test.ts', 'test/e2e/alone/hostile.test.ts', 'test/e2e/alone/kuhn-tournament.test.ts', 'test/e2e/alone/limits.test.ts', 'test/e2e/alone/queue.e2e.test.ts',
];

export default defineConfig({
  test: {
    testTimeout: 60_000,
    pool: 'forks',
    projects: [
      // Rules, statistics and bots in this process: two files at a time, first.
      { extends: true, test: { name: 'unit', include: ['test/unit/**/*.test.ts', 'test/e2e/**/*.test.ts'], exclude: [...SHARED, ...ALONE], maxWorkers: 2, sequence: { groupOrder: 0 } } },
      { extends: true, test: { name: 'shared', include: SHARED, maxWorkers: 2, sequence: { groupOrder: 1 } } },
      { extends: true, test: { name: 'arena', include: ALONE, fileParallelism: false, sequence: { groupOrder: 2 } } },
    ],
  },
});
