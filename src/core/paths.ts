/** Where the package lives, found from this module (works from src/, dist/src/ and the bundle's chunks). */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Set by the bundler (scripts/bundle.mjs) in the bundled CLI: its threads, processes and bots are the bundle's. */
declare const HAVOC_BUNDLE: boolean;

/** Whether this code runs from the bundle (dist/bundle/), not from tsc's per-file output or the sources. */
export const inBundle: boolean = typeof HAVOC_BUNDLE !== 'undefined' && HAVOC_BUNDLE;

/** The package root: the nearest directory above this module holding package.json. */
export function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const up = dirname(dir);
    if (up === dir) throw new Error(`no package.json above ${fileURLToPath(import.meta.url)}`);
    dir = up;
  }
  return dir;
}

/**
 * A built file this code starts or loads (a worker thread's module, the bot
 * host, a built-in bot), by its path under dist/: `src/run/worker.js`. From
 * the bundle it is the bundle's copy, so a thread or process shares the
 * bundle's modules; from dist/ or the sources (tests) it is tsc's.
 */
export function builtFile(path: string): string {
  return join(packageRoot(), 'dist', ...(inBundle ? ['bundle'] : []), path);
}
