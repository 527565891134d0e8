/**
 * One storage for one contest: servers sharing a contest's database
 * (PostgreSQL) must share its storage folder too — the submissions' files
 * the sandbox runs, the replays the pages show, the organiser's token — as
 * one folder on one machine, or a network file system mounted on each. The
 * first server writes a random name into the folder's `storage-id` file and
 * into the database; every server started on the database after it must
 * find the same name in its folder, else it is refused at the start, naming
 * the folder, rather than serve pages whose replays and submissions it
 * cannot reach.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { HavocError } from '../core/errors.js';
import type { ContestDb } from './db.js';

const read = (file: string): string | null => {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    return null;
  }
};

/** Checks (or, the first time, marks) `storage` as the contest's one storage folder. */
export async function sharedStorage(db: ContestDb, storage: string): Promise<void> {
  const file = join(storage, 'storage-id');
  let had = await db.setting('storage-id');
  if (had === null) {
    // The folder's name first (a second server on the same folder at once reads the first's), then the database's.
    try {
      writeFileSync(file, randomBytes(12).toString('hex') + '\n', { flag: 'wx', mode: 0o644 });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw new HavocError('ERR_SERVE', storage, `cannot write to the contest's storage: ${(e as Error).message}`);
    }
    had = await db.settingOnce('storage-id', read(file) ?? '');
  }
  const mine = read(file);
  if (mine !== had)
    throw new HavocError(
      'ERR_SERVE',
      storage,
      mine === null
        ? `is not this contest's storage (it has no storage-id file; the database's servers share another folder): give every server of a contest the same storage folder (--storage: one folder, or a network file system mounted on each machine)`
        : `is not this contest's storage (its storage-id ${mine} is not the database's ${had}): give every server of a contest the same storage folder (--storage)`,
    );
}
