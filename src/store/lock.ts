/**
 * A run folder's lock (`run.lock`): one havoc at a time plays into a folder.
 * The lock names its holder (pid, host and the process's start: the boot and
 * the tick it started at, from /proc); a second process refuses with that
 * name. A lock whose holder is gone (killed with kill -9 on this host) is
 * stale and is taken over, and so is one whose pid now belongs to another
 * process (reused after the holder died: its start differs). The lock is released when the run stops, and
 * when the process exits.
 */
import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { HavocError } from '../core/errors.js';

export const LOCK_FILE = 'run.lock';

interface Holder {
  readonly pid: number;
  readonly host: string;
  readonly since: string;
  /** The process's start (`BOOT_ID:TICKS`), or absent where /proc does not tell (and in a lock written before it was kept). */
  readonly start?: string;
}

/** When process `pid` started, as `BOOT_ID:TICKS` (/proc/sys/kernel/random/boot_id, field 22 of /proc/PID/stat); null where /proc does not tell. */
export function processStart(pid: number): string | null {
  try {
    const boot = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command (in parentheses, which may hold spaces): state is field 3, starttime field 22.
    const ticks = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
    return ticks ? `${boot}:${ticks}` : null;
  } catch {
    return null;
  }
}

/** Whether process `pid` of this host is alive. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function holderOf(path: string): Holder | null {
  try {
    const h = JSON.parse(readFileSync(path, 'utf8')) as Partial<Holder>;
    return typeof h.pid === 'number' && typeof h.host === 'string' ? { pid: h.pid, host: h.host, since: String(h.since ?? '?'), ...(typeof h.start === 'string' ? { start: h.start } : {}) } : null;
  } catch {
    return null;
  }
}

/** Locks run folder `dir` for this process; returns the release. A HavocError naming the holder when another havoc holds it. */
export function lockRunFolder(dir: string): () => void {
  const path = join(dir, LOCK_FILE);
  const start = processStart(process.pid);
  const me: Holder = { pid: process.pid, host: hostname(), since: new Date().toISOString(), ...(start ? { start } : {}) };
  const text = JSON.stringify(me) + '\n';
  for (let attempt = 0; ; attempt++) {
    try {
      writeFileSync(path, text, { flag: 'wx' });
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw new HavocError('ERR_RUN_FOLDER', path, `cannot write the run's lock (${(e as NodeJS.ErrnoException).code ?? e})`);
      const h = holderOf(path);
      // A lock of this host whose process is gone, or whose pid another process now has (it started at
      // another time), is stale; so is an unreadable one, left half-written.
      const stale = h === null || (h.host === me.host && (!alive(h.pid) || (h.start !== undefined && processStart(h.pid) !== null && processStart(h.pid) !== h.start)));
      if (!stale || attempt > 0)
        throw new HavocError('ERR_RUN_FOLDER', dir, `another havoc is playing this run (pid ${h?.pid} on ${h?.host}, since ${h?.since}); wait for it or stop it (its lock, ${path}, is taken over once that process is gone)`);
      unlinkSync(path);
    }
  }
  let held = true;
  const release = (): void => {
    if (!held) return;
    held = false;
    process.off('exit', release);
    try {
      if (readFileSync(path, 'utf8') === text) unlinkSync(path);
    } catch {
      // already gone
    }
  };
  process.on('exit', release);
  return release;
}
