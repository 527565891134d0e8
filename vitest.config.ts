import { defineConfig } from 'vitest/config';

/**
 * Files that play runs on worker pools, start sandboxed bots, a browser or a
 * Redis, or time things: one at a time, after the rest, so none slows or
 * disturbs another (sandboxed processes are counted by the hostile tests,
 * and the clock tests compare CPU with wall time).
 */
const ALONE = [
  'test/arena-cli.test.ts', 'test/arena.test.ts', 'test/balance-pages.e2e.test.ts', 'test/bots.test.ts', 'test/budget.test.ts',
  'test/cli-examples.test.ts', 'test/cli.test.ts', 'test/contest.test.ts', 'test/determinism.test.ts', 'test/golden.test.ts',
  'test/hangs.test.ts', 'test/hostile.test.ts', 'test/hovercrafts-arena.test.ts', 'test/kuhn-tournament.test.ts', 'test/limits.test.ts',
  'test/meta.test.ts', 'test/optimize.test.ts', 'test/queue.e2e.test.ts', 'test/replay.test.ts', 'test/report.e2e.test.ts',
  'test/reprice.test.ts', 'test/swaps.test.ts', 'test/battle-engine-scenario.test.ts', 'test/battle-engine-viewer.test.ts',
  'test/blind-ninjas/arena.test.ts', 'test/blind-ninjas/scenario-cli.test.ts', 'test/blind-ninjas/viewer.e2e.test.ts',
];

export default defineConfig({
  test: {
    testTimeout: 60_000,
    pool: 'forks',
    projects: [
      // Rules, statistics and bots in this process: two files at a time, first.
      { extends: true, test: { name: 'unit', include: ['test/**/*.test.ts'], exclude: ALONE, maxWorkers: 2, sequence: { groupOrder: 0 } } },
      { extends: true, test: { name: 'arena', include: ALONE, fileParallelism: false, sequence: { groupOrder: 1 } } },
    ],
  },
});
