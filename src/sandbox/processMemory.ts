/**
 * The resident memory of a bot's process tree, where no memory cgroup holds
 * it (cgroup.ts): each process's resident pages (/proc/PID/statm's second
 * field), summed from the process the arena started down through its
 * children (processCpu.ts's treePids). Read at every answer: a bot whose
 * processes together hold more than `limits.memoryMb` forfeits the match.
 */
import { readFileSync } from 'node:fs';
import { treePids } from './processCpu.js';

/** Linux's page size on every architecture Node runs on here (4 KiB; /proc/PID/statm counts pages). */
const PAGE = 4096;

/** Megabytes resident in process `pid` and its descendants, or null when the OS does not say. */
export function treeRssMb(pid: number): number | null {
  if (pid <= 0) return null;
  let pages = 0, seen = false;
  for (const p of treePids(pid)) {
    try {
      pages += Number(readFileSync(`/proc/${p}/statm`, 'latin1').split(' ')[1]);
      seen = true;
    } catch {
      // (gone since its parent listed it)
    }
  }
  return seen ? (pages * PAGE) / (1024 * 1024) : null;
}
