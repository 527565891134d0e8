/**
 * Whether a run's folder (`out`, `--out`) can be made and written, asked of
 * the nearest folder that exists before anything is written: the kernel's
 * own file systems (/proc, /sys, cgroups) take no run folder (made under
 * /proc, node's recursive mkdir spun at 100% CPU and wrote nothing), a file
 * on the way is not a folder, and a folder this user cannot write is named.
 */
import { accessSync, constants, statfsSync, statSync, type Stats } from 'node:fs';
import { dirname, resolve } from 'node:path';

/** File system magic numbers (statfs(2)) of the kernel's own trees. */
const KERNEL_FS: Record<number, string> = { 0x9fa0: 'proc', 0x62656572: 'sysfs', 0x27e0eb: 'cgroup', 0x63677270: 'cgroup2', 0x64626720: 'debugfs' };

/** Why `out` cannot be a run's folder, or null. */
export function outFolderProblem(out: string): string | null {
  let at = resolve(out);
  for (;;) {
    let s: Stats | undefined;
    try {
      s = statSync(at, { throwIfNoEntry: false });
    } catch {
      s = undefined; // ENOTDIR: a file on the way, found as the walk goes up
    }
    if (s) {
      if (!s.isDirectory()) return `${at} is a file, not a folder: choose another folder`;
      break;
    }
    if (dirname(at) === at) return null;
    at = dirname(at);
  }
  let fs: string | undefined;
  try {
    fs = KERNEL_FS[statfsSync(at).type];
  } catch {
    fs = undefined;
  }
  if (fs) return `${at} is in the kernel's ${fs} file system, which holds no run folders: choose a folder on a disk`;
  try {
    accessSync(at, constants.W_OK | constants.X_OK);
  } catch {
    return `${at} is not writable by this user: choose a folder you can write`;
  }
  return null;
}
