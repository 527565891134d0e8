/**
 * An entrant's folder, whole: its files (the program and every module it may
 * import), walked in a fixed order, and their fingerprint. A contest checks
 * an entrant by this fingerprint, so a helper module swapped between rounds
 * is a changed entrant, not new code run under the old name; the queue sends
 * the same files to its workers.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { HavocError } from '../core/errors.js';

/** Files an entrant's folder may hold to be fingerprinted (a folder larger is refused, named). */
export const MAX_ENTRANT_FILES = 20_000;

/** The regular files under `dir`, sorted (symbolic links followed to files; a link to a folder is not walked, so none loops). */
export function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .flatMap((e) => {
      const p = join(dir, e.name);
      if (e.isDirectory()) return filesUnder(p);
      return (e.isFile() || e.isSymbolicLink()) && statSync(p, { throwIfNoEntry: false })?.isFile() ? [p] : [];
    });
}

/** Whether `path` (after its links) lies inside folder `dir` (after its links). */
export function isInside(path: string, dir: string): boolean {
  const real = (p: string): string => {
    try {
      return realpathSync(p);
    } catch {
      return p;
    }
  };
  const rel = relative(real(dir), real(path));
  return rel === '' || (!rel.startsWith('..' + sep) && rel !== '..' && !rel.startsWith(sep) && !/^[a-zA-Z]:/.test(rel));
}

/** The sha256 of every file of `dir` (its path in the folder and its bytes), fed into `h`; a HavocError naming the folder when it is too large or unreadable. */
export function hashFolder(h: ReturnType<typeof createHash>, dir: string, who: string): void {
  const files = filesUnder(dir);
  if (files.length > MAX_ENTRANT_FILES)
    throw new HavocError('ERR_MANIFEST', who, `its folder ${dir} holds ${files.length} files, more than the ${MAX_ENTRANT_FILES} an entrant is fingerprinted by: keep the bot's own files in a folder of their own`);
  for (const f of files) {
    let data: Buffer;
    try {
      data = readFileSync(f);
    } catch (e) {
      throw new HavocError('ERR_MANIFEST', who, `cannot read ${f} to fingerprint the entrant (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
    }
    h.update(relative(dir, f).split(sep).join('/') + '\0' + data.length + '\0');
    h.update(data);
  }
}
