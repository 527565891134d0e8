/**
 * A run folder's `seat.key`: the key its seats' streams are derived with
 * (core/seatKey.ts), kept beside its tables, readable by root (or the
 * arena's user) alone. Bots never see it: the sandbox shows them no run
 * folder, and they run as users of their own. It is the run seed's key; a
 * folder whose key is another's (a changed seed, a file swapped) is refused
 * rather than played on with other streams.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { HavocError } from '../core/errors.js';
import { refusedWrite } from '../core/environment.js';
import { seatKeyOf } from '../core/seatKey.js';

export const SEAT_KEY_FILE = 'seat.key';

/** Writes the run's seat key into `dir` when it has none; refuses a folder whose key is not the run's. */
export function keepSeatKey(dir: string, runSeed: string | number): void {
  const file = join(dir, SEAT_KEY_FILE), key = seatKeyOf(runSeed);
  if (existsSync(file)) {
    const kept = readFileSync(file, 'utf8').trim();
    if (kept !== key) throw new HavocError('ERR_CONFIG', file, "is not this run's seat key (the seed or the file changed): its matches would be played with other seat streams");
    return;
  }
  // A folder with matches and no key was begun before seat keys: its first matches had other streams than the rest would.
  const matches = join(dir, 'matches.csv');
  if (existsSync(matches) && readFileSync(matches, 'utf8').split('\n').filter(Boolean).length > 1)
    throw new HavocError('ERR_CONFIG', dir, 'was begun by an earlier Havoc Arena, before seat keys (seat.key): its remaining matches would be played with other seat streams than its first; play it again in a new folder');
  refusedWrite(file, () => writeFileSync(file, key + '\n', { mode: 0o600 }), 'the seat key');
}
