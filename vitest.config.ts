import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * Test tiers by folder, no lists (README, "Tests"):
 *
 * - `test/unit/`: rules, statistics and bots in this process. No build (no
 *   dist/), no child process, no browser, no sandbox, no Redis, no worker
 *   pool: `npm run test:unit` runs them without building. A unit file that
 *   starts a process or a worker from a file fails (test/unit-setup.ts), and
 *   test/unit/tiers.test.ts refuses one that names dist/, the CLI helpers, a
 *   browser or Redis.
 * - `test/e2e/`: the compiled CLI, worker pools, sandboxed bots, headless
 *   Chromium, a Redis of its own. Four files at a time, after the unit files:
 *   none may depend on how busy the machine is (decision budgets roomy where
 *   rows are compared byte for byte, deadlines long enough at a load average
 *   of 8), and none counts another file's processes.
 * - `test/games/<game>/*.test.ts`: a test game's own facts, beside it (a game
 *   is added by its folder alone): in the unit tier, under its rules.
 * - `test/e2e/alone/`: files that measure the machine itself (CPU time
 *   against wall time, a bot's clocks under busy loops they start): one at a
 *   time, last, so no other test file's load is in their figures.
 */
const UNIT = 'test/unit/**/*.test.ts';
const GAMES = 'test/games/**/*.test.ts';
const E2E = 'test/e2e/**/*.test.ts';
const ALONE = 'test/e2e/alone/**/*.test.ts';

/** Every test file under test/ outside test/unit/, test/e2e/ and test/games/: a file no tier would run, so none may exist. */
function strayTests(dir = 'test'): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return [join('test', 'unit'), join('test', 'e2e'), join('test', 'games')].includes(p) ? [] : strayTests(p);
    return e.name.endsWith('.test.ts') ? [relative('.', p)] : [];
  });
}
const stray = strayTests();
if (stray.length) throw new Error(`test files outside test/unit/ and test/e2e/ (no tier runs them; README, "Tests"): ${stray.join(', ')}`);

export default defineConfig({
  test: {
    // A test's time limit is a guard against a hang, not a check: 180 s a test, 300 s a hook, in every tier, and
    // nowhere lower in a file (test/unit/tiers.test.ts). arena-cli's shards test, 23 s at a load average of 10, ran
    // past 60 s beside 8 busy loops at a load average of 20 to 54; optimize's planted-part test, 20 s quiet, and the
    // unit tier's design enumeration ran past 60 s at a load average of 30.
    testTimeout: 180_000,
    hookTimeout: 300_000,
    pool: 'forks',
    projects: [
      // The unit files share their two processes (isolate off): each file's fresh module graph cost more CPU than many
      // files' tests (86 s of CPU a unit tier with it, 60-64 without). What a file registers stays for the next, so none may count on the registry's list
      // beyond the built-in rulesets (config/rulesets.ts's RULESET_IDS are those).
      { extends: true, test: { name: 'unit', include: [UNIT, GAMES], setupFiles: ['test/unit-setup.ts'], maxWorkers: 2, isolate: false, sequence: { groupOrder: 0 } } },
      // Four at a time on two cores: an e2e file spends much of its time waiting (a Redis lock to lapse, a bot's
      // deadline, the watchdog, a child's start), and the others play while it waits. At three the two cores were
      // busy 77% of the suite (596 s of CPU in 389 s on a clean clone, 2026-12-06).
      // A command a test starts plays in its own thread unless the test names --workers (HAVOC_WORKERS=0, run/pool.ts):
      // four files' commands already share the two cores, and a pool's thread only loads the code and warms the bots
      // again (a 2-match run: 0.92-1.05 s of CPU on one worker thread, 0.72-0.79 s in its own). A test names --workers
      // only where the pool is what it checks: the pool, its watchdog and what 1 and 2 workers give.
      { extends: true, test: { name: 'e2e', include: [E2E], exclude: [ALONE], maxWorkers: 4, env: { HAVOC_WORKERS: '0' }, sequence: { groupOrder: 1 } } },
      { extends: true, test: { name: 'e2e-alone', include: [ALONE], fileParallelism: false, sequence: { groupOrder: 2 } } },
    ],
  },
});
