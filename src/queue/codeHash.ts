/**
 * This checkout's code as a hash: the built arena (dist/src, dist/bots and the
 * bundle in dist/bundle: the rules, the runner and the built-in bots) and the package's version. A
 * coordinator stamps it on every batch; a worker whose hash differs would
 * play other rules or other built-in bots, so it refuses the batch.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { packageRoot } from '../core/paths.js';

let cached: string | null = null;

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .flatMap((f) => {
      const p = join(dir, f);
      return statSync(p).isDirectory() ? filesUnder(p) : p.endsWith('.js') ? [p] : [];
    });
}

/** The hash of the code this process plays with (16 hex digits), read once. */
export function codeHash(): string {
  if (cached) return cached;
  const root = packageRoot();
  const h = createHash('sha256');
  h.update(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version + '\n');
  for (const f of [...filesUnder(join(root, 'dist', 'src')), ...filesUnder(join(root, 'dist', 'bots')), ...filesUnder(join(root, 'dist', 'bundle'))]) {
    h.update(relative(root, f) + '\n');
    h.update(readFileSync(f));
  }
  cached = h.digest('hex').slice(0, 16);
  return cached;
}
