/**
 * Errors of the machine, not of a match: a run folder's file that cannot be
 * written (disk full, permissions). They stop the run with the file named,
 * and are never recorded as a match's result; `havoc resume` carries on once
 * the disk or the folder is fixed (a torn last line of matches.csv is cut
 * off by the resume, so nothing written is lost).
 */
import { HavocError } from './errors.js';

/** The code of such an error. */
export const ENVIRONMENT = 'ERR_ENVIRONMENT';

/** Runs a write of the file `path` (`what`: what it is, for the message); a HavocError (ENVIRONMENT) naming it when the machine refuses. */
export function refusedWrite(path: string, write: () => void, what = ''): void {
  try {
    write();
  } catch (e) {
    const code = (e as NodeJS.ErrnoException)?.code ?? (e as Error)?.message;
    throw new HavocError(ENVIRONMENT, path, `cannot write${what ? ` ${what}` : ''} (${code}); the run stops here and \`havoc resume\` carries on once the disk or the folder is fixed`);
  }
}
