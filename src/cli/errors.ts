/** How the CLI reports bad input: the message on stderr and a non-zero exit. */
import { HavocError } from '../core/errors.js';

/** Runs `fn`; a HavocError (or any error) is printed as one clear line and sets exit code 1. */
export async function reportErrors(fn: () => void | Promise<void>): Promise<void> {
  try {
    await fn();
  } catch (e) {
    const msg = e instanceof HavocError ? `error: ${e.message}` : `error: ${(e as Error)?.stack ?? e}`;
    process.stderr.write(msg + '\n');
    process.exitCode = 1;
  }
}
