/** Running the compiled `havoc` as a user does, and reading the CSV files it writes. */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Runs `node dist/src/cli/main.js ARGS`: its exit code, stdout and stderr. */
export function havoc(...args: string[]): { code: number | null; out: string; err: string } {
  const r = spawnSync(process.execPath, ['dist/src/cli/main.js', ...args], { encoding: 'utf8', timeout: 300_000 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

/** A compiled module of dist/ as an import specifier, for a script a test runs in a node process of its own (the arena's TypeScript unloaded in the test's). */
export const distModule = (f: string): string => JSON.stringify(pathToFileURL(resolve('dist', f)).href);

/** A CSV file of plain cells (no quoted commas) as records by header. */
export function csvRecords(path: string): Record<string, string>[] {
  const [head, ...lines] = readFileSync(path, 'utf8').trim().split('\n').map((l) => l.split(','));
  return lines.map((l) => Object.fromEntries(head.map((h, i) => [h, l[i]])));
}
