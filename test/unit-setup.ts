/**
 * Setup of the unit tier (vitest.config.ts): a file in test/unit/ runs in
 * this process only. Starting a process (the compiled CLI, a sandboxed bot,
 * a browser, a Redis) or a worker thread from a file (a pool, dist/) throws,
 * naming the tier the file belongs in; a worker of inline code (`eval: true`,
 * test/unit/pipe-slot.test.ts) is a thread of this process and stays allowed,
 * and so is esbuild's own service (a bot named by its name is compiled from
 * bots/*.ts in this process: esbuild's binary, its sync API's thread).
 */
import { createRequire, syncBuiltinESMExports } from 'node:module';

const require = createRequire(import.meta.url);
/** esbuild's binary or its sync API's worker: a library of this process, not a tier's business. */
const esbuild = (what: unknown) => /[\\/]node_modules[\\/]@?esbuild[\\/]/.test(String(what));
const refuse = (what: string) => () => {
  throw new Error(`a test in test/unit/ started ${what}: unit tests use no build, process, browser, sandbox, Redis or worker pool; move the file to test/e2e/ (README, "Tests")`);
};

// The unit tier runs its files in shared processes (vitest.config.ts: isolate off), and this file runs before each:
// the guards are put once a process.
const installed = Symbol.for('havoc.unit-setup');
const marks = globalThis as { [installed]?: true };
if (!marks[installed]) {
  marks[installed] = true;
  guard();
}

function guard(): void {
  const childProcess = require('node:child_process') as Record<string, unknown>;
  for (const name of ['spawn', 'spawnSync', 'exec', 'execSync', 'execFile', 'execFileSync', 'fork']) {
    const real = childProcess[name] as (...a: unknown[]) => unknown;
    childProcess[name] = (...a: unknown[]) => (esbuild(a[0]) ? real(...a) : refuse(`a process (child_process.${name}: ${String(a[0])})`)());
  }

  const workerThreads = require('node:worker_threads') as { Worker: new (...a: any[]) => unknown };
  const Thread = workerThreads.Worker;
  workerThreads.Worker = class extends Thread {
    constructor(what: unknown, options?: { eval?: boolean }) {
      if (!options?.eval && !esbuild(what)) refuse(`a worker thread from ${String(what)}`)();
      super(what, options);
    }
  };

  syncBuiltinESMExports();
}
