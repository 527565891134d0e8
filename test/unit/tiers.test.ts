/**
 * The unit tier stays fast and self-contained (vitest.config.ts, README
 * "Tests"): no file in test/unit/ names the compiled dist/, the CLI helpers,
 * child processes, a browser or Redis, and the tier's setup refuses a
 * process or a worker thread from a file at run time (test/unit-setup.ts).
 */
import { spawn, spawnSync, execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';

const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));

/** What a unit file may not name: each pattern with the reason it belongs in test/e2e/. */
const FORBIDDEN: [RegExp, string][] = [
  [/['"`][^'"`\n]*\bdist\//, 'the compiled dist/ (needs npm run build)'],
  [/from\s+['"](node:)?child_process['"]/, 'child processes'],
  [/cli-helpers/, 'the compiled CLI (test/cli-helpers.ts)'],
  [/playwright|chromium/i, 'a browser'],
  [/['"](ioredis|bullmq)['"]|redis-server|src\/arena\/queue\/(connection|executor|worker)/, 'Redis'],
  [/src\/arena\/pool\.js|src\/arena\/isolation\/(sandbox|remoteBot)\.js/, 'a worker pool or a sandbox'],
];

describe('the unit tier', () => {
  it('no file in test/unit/ names dist/, the CLI, child processes, a browser, Redis, a pool or the sandbox', () => {
    const found = [...files('test/unit'), ...files('test/games').filter((f) => f.endsWith('.test.ts'))].flatMap((f) => {
      const text = readFileSync(f, 'utf8');
      return FORBIDDEN.filter(([re]) => re.test(text) && f !== join('test', 'unit', 'tiers.test.ts')).map(([, why]) => `${f}: ${why}`);
    });
    expect(found).toEqual([]);
  });

  it('refuses a child process or a worker from a file at run time, naming test/e2e/', () => {
    expect(() => spawnSync(process.execPath, ['-e', '0'])).toThrow(/move the file to test\/e2e\//);
    expect(() => spawn(process.execPath, ['-e', '0'])).toThrow(/child_process\.spawn/);
    expect(() => execFileSync(process.execPath, ['-e', '0'])).toThrow(/child_process\.execFileSync/);
    expect(() => new Worker(new URL('../games/randomMatches.js', import.meta.url))).toThrow(/a worker thread from/);
  });

  it('lets a thread of inline code run (a thread of this process, not a pool)', async () => {
    const w = new Worker('require("node:worker_threads").parentPort.postMessage(42)', { eval: true });
    expect(await new Promise((done) => w.once('message', done))).toBe(42);
    await w.terminate();
  });
});

describe('time limits', () => {
  it('no test file sets a limit lower than the guard (vitest.config.ts: 180 s a test, 300 s a hook): a busy machine must not fail a test', () => {
    const low = ['test/unit', 'test/e2e', 'test/games'].flatMap(files).flatMap((f) =>
      readFileSync(f, 'utf8')
        .split('\n')
        .flatMap((line, i) => {
          const ms = /^\s*\},\s*([\d_]+)\);$/.exec(line)?.[1];
          const n = ms === undefined ? NaN : Number(ms.replace(/_/g, ''));
          // Under 5 s it is a timer's period (a setInterval polling), not a test's limit.
          return n >= 5_000 && n < 180_000 ? [`${f}:${i + 1}: ${line.trim()}`] : [];
        }),
    );
    expect(low).toEqual([]);
  });
});
