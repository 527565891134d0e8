/**
 * Where in a bot's own files a crash or a throw came from, read from what it
 * wrote to stderr: a Python traceback, a JavaScript stack — a TypeScript
 * bot's, through its bundle's source map, names its .ts files (bundler.ts,
 * host.ts). check-bot, the contest report and the contest server's pages
 * place faults with it (report/faultCauses.ts).
 */
import { relative, sep } from 'node:path';

/**
 * The innermost place in the submission at `root` that `stderr` names: a
 * Python traceback's last `File "…", line N` in it, or a JavaScript stack's
 * first `(…/file.js:N:C)` in it. Null when it names none.
 */
export function faultWhere(stderr: string | null, root: string | null): string | null {
  if (!stderr || !root) return null;
  const inside = (p: string): string | null => {
    const path = p.startsWith('file://') ? decodeURIComponent(p.slice(7)) : p;
    const rel = relative(root, path);
    return rel && !rel.startsWith('..') && !rel.startsWith(sep) ? rel : null;
  };
  let py: string | null = null;
  for (const m of stderr.matchAll(/File "([^"]+)", line (\d+)/g)) {
    const rel = inside(m[1]);
    if (rel) py = `${rel}:${m[2]}`;
  }
  if (py) return py;
  for (const m of stderr.matchAll(/((?:file:\/\/)?\/[^\s():]+):(\d+)(?::\d+)?/g)) {
    const rel = inside(m[1]);
    if (rel) return `${rel}:${m[2]}`;
  }
  return null;
}
