/**
 * The CPU time of a bot's process tree, as Linux gives it in /proc: from the
 * process the arena started (the sandbox's outer bwrap) down through
 * /proc/PID/task/TID/children to the bot and whatever it started, the sum of
 * each process's utime and stime (all its threads, live and ended) and of
 * cutime and cstime (its children that ended and were waited for: in the
 * sandbox every orphan is reparented to bwrap's init, which waits for it).
 * So no CPU the bot's code spends is lost, whatever it forks. The kernel
 * counts in clock ticks (USER_HZ, 100 a second on Linux): a reading is exact
 * to 10 ms. Reading a tree of a Node bot costs about 0.3 ms.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** Linux's USER_HZ: what /proc's times count in (fixed at 100 by the kernel's ABI on every architecture Node runs on). */
const TICKS_PER_SECOND = 100;

/** utime, stime, cutime and cstime of one process, in ticks, or null when it is gone. */
function ticksOf(pid: number): number | null {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
  } catch {
    return null;
  }
  // The command name (field 2) may hold spaces and parentheses: fields are counted after its last ')'.
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]);
}

/** The pids of a process's children (every thread's). */
function childrenOf(pid: number): number[] {
  let tasks: string[];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return [];
  }
  const out: number[] = [];
  for (const t of tasks) {
    let list = '';
    try {
      list = readFileSync(`/proc/${pid}/task/${t}/children`, 'latin1');
    } catch {
      continue;
    }
    for (const w of list.split(' ')) if (w) out.push(Number(w));
  }
  return out;
}

/** Whether this machine gives processes' CPU times and children in /proc (Linux with CONFIG_PROC_CHILDREN). */
let available: boolean | undefined;
export function treeCpuAvailable(): boolean {
  if (available === undefined) {
    try {
      readFileSync(`/proc/${process.pid}/task/${process.pid}/children`, 'latin1');
      available = ticksOf(process.pid) !== null;
    } catch {
      available = false;
    }
  }
  return available;
}

/** Milliseconds of CPU time process `pid` and its descendants have used, or null when the OS does not say (not Linux, or the process is gone). */
export function treeCpuMs(pid: number): number | null {
  return treeTimes(pid)?.cpuMs ?? null;
}

/** Milliseconds the main thread of process `pid` has spent runnable but waiting for a CPU (/proc/PID/schedstat's second field), 0 when not said. */
function waitOf(pid: number): number {
  try {
    return Number(readFileSync(`/proc/${pid}/schedstat`, 'latin1').split(' ')[1]) / 1e6 || 0;
  } catch {
    return 0;
  }
}

/**
 * The tree's CPU milliseconds, and the milliseconds its processes' main
 * threads have waited for a CPU (a loaded machine's doing: the match loop
 * does not hold it against a decision's wall-clock cap); null when the OS
 * does not say.
 */
export function treeTimes(pid: number): { cpuMs: number; waitMs: number } | null {
  if (pid <= 0 || !treeCpuAvailable()) return null;
  const root = ticksOf(pid);
  if (root === null) return null;
  let ticks = root, wait = waitOf(pid);
  for (const p of treePids(pid).slice(1)) {
    const t = ticksOf(p);
    if (t === null) continue;
    ticks += t;
    wait += waitOf(p);
  }
  return { cpuMs: (ticks * 1000) / TICKS_PER_SECOND, waitMs: wait };
}

/** Process `pid` and its descendants, `pid` first (a process gone meanwhile has no children to read: its branch ends there). */
export function treePids(pid: number): number[] {
  const all: number[] = [];
  const todo = [pid];
  for (let p = todo.pop(); p !== undefined; p = todo.pop()) {
    all.push(p);
    todo.push(...childrenOf(p));
  }
  return all;
}
