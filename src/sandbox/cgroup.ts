/**
 * A bot's control groups: its processes together, not each one, held to
 * its memory (`limits.memoryMb`: resident memory, /dev/shm and tmpfs pages
 * alike), its process count (`processes`) and one core of CPU. Before, the
 * caps were per process: a bot held 1,512 MiB in /dev/shm under a 256 MB cap,
 * and 8 children held 1,333 MiB resident.
 *
 * Made when the arena runs as root on Linux with cgroup v2 (memory, pids and
 * cpu enabled at the root) or v1 (the memory, pids and cpu hierarchies
 * mounted): a group per bot process under `havoc/` of each, which its
 * process joins before it runs anything (a shell writes its own pid to each
 * `cgroup.procs`, then execs the sandbox), removed when it ends. The arena
 * reads the group's OOM kills at every answer: a bot one of whose processes
 * the kernel killed for the group's memory forfeits the match, even when
 * the process answering lived. Elsewhere (`HAVOC_CGROUPS=off`, not root, no
 * controllers) the arena sums the resident memory of the bot's process tree
 * at every answer instead (processCpu.ts's walk: treeRssMb).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';

const ROOT = '/sys/fs/cgroup';

type Flavour = { readonly v: 2; readonly base: string } | { readonly v: 1; readonly memory: string; readonly pids: string; readonly cpu: string };

let flavour: Flavour | null | undefined;

/** Whether each file exists and the folder takes a new group (made and removed once to see). */
function makes(base: string): boolean {
  try {
    mkdirSync(base, { recursive: true });
    const probe = join(base, `probe-${process.pid}-${threadId}`);
    mkdirSync(probe);
    rmdirSync(probe);
    return true;
  } catch {
    return false;
  }
}

/** Removes the empty groups of arenas that are gone (one killed before its pipe thread removed them). */
function sweep(bases: readonly string[]): void {
  for (const base of bases)
    for (const name of readdirSync(base)) {
      const owner = /^bot-(\d+)-/.exec(name);
      if (!owner || alive(Number(owner[1]))) continue;
      try {
        rmdirSync(join(base, name));
      } catch {
        // not empty yet, or another arena's sweep took it
      }
    }
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** The control groups this machine gives the arena, or null (the watcher then). */
export function cgroups(): Flavour | null {
  if (flavour !== undefined) return flavour;
  flavour = null;
  if (process.env.HAVOC_CGROUPS === 'off' || process.platform !== 'linux' || process.getuid?.() !== 0) return flavour;
  try {
    const controllers = existsSync(join(ROOT, 'cgroup.subtree_control')) ? readFileSync(join(ROOT, 'cgroup.subtree_control'), 'utf8') : '';
    if (['memory', 'pids', 'cpu'].every((c) => controllers.split(/\s+/).includes(c))) {
      const base = join(ROOT, 'havoc');
      if (makes(base)) {
        writeFileSync(join(base, 'cgroup.subtree_control'), '+memory +pids +cpu');
        sweep([base]);
        return (flavour = { v: 2, base });
      }
    }
    const v1 = { v: 1 as const, memory: join(ROOT, 'memory', 'havoc'), pids: join(ROOT, 'pids', 'havoc'), cpu: join(ROOT, 'cpu', 'havoc') };
    if (existsSync(join(ROOT, 'memory', 'memory.limit_in_bytes')) && makes(v1.memory) && makes(v1.pids) && makes(v1.cpu)) {
      sweep([v1.memory, v1.pids, v1.cpu]);
      flavour = v1;
    }
  } catch {
    flavour = null;
  }
  return flavour;
}

let made = 0;

/** One bot process's groups: the folders (each hierarchy's), and where its OOM kills are counted. */
export interface BotGroup {
  readonly dirs: readonly string[];
  readonly events: string;
}

/** A bot's groups capped at `memoryMb`, `processes` and a core; null when the machine gives none. */
export function botGroup(memoryMb: number, processes: number): BotGroup | null {
  const f = cgroups();
  if (!f) return null;
  const name = `bot-${process.pid}-${threadId}-${made++}`;
  const bytes = String(memoryMb * 1024 * 1024);
  try {
    if (f.v === 2) {
      const dir = join(f.base, name);
      mkdirSync(dir);
      writeFileSync(join(dir, 'memory.max'), bytes);
      writeFileSync(join(dir, 'memory.swap.max'), '0');
      writeFileSync(join(dir, 'pids.max'), String(processes));
      writeFileSync(join(dir, 'cpu.max'), '100000 100000');
      return { dirs: [dir], events: join(dir, 'memory.events') };
    }
    const mem = join(f.memory, name), pids = join(f.pids, name), cpu = join(f.cpu, name);
    for (const d of [mem, pids, cpu]) mkdirSync(d);
    writeFileSync(join(mem, 'memory.limit_in_bytes'), bytes);
    writeFileSync(join(pids, 'pids.max'), String(processes));
    writeFileSync(join(cpu, 'cpu.cfs_period_us'), '100000');
    writeFileSync(join(cpu, 'cpu.cfs_quota_us'), '100000');
    return { dirs: [mem, pids, cpu], events: join(mem, 'memory.oom_control') };
  } catch {
    return null;
  }
}

/** The command that joins `group` and then runs `argv` (the shell writes its own pid to each group, then execs). */
export function joined(group: BotGroup, argv: readonly string[]): string[] {
  const join = group.dirs.map((d) => `echo $$ > '${d}/cgroup.procs'`).join(' && ');
  return ['/bin/sh', '-c', `${join} && exec "$@"`, 'havoc-bot', ...argv];
}

/** How many of the group's processes the kernel killed for its memory (0 when it cannot say). */
export function oomKills(group: BotGroup): number {
  try {
    const m = /(?:^|\n)oom_kill (\d+)/.exec(readFileSync(group.events, 'utf8'));
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}

/** Removes the group once its processes are gone (kills any left); false when it could not yet. */
export function removeGroup(group: BotGroup): boolean {
  let ok = true;
  for (const d of group.dirs) {
    try {
      for (const pid of readFileSync(join(d, 'cgroup.procs'), 'utf8').split('\n')) if (pid) process.kill(Number(pid), 'SIGKILL');
    } catch {
      // gone already
    }
    try {
      rmdirSync(d);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') ok = false;
    }
  }
  return ok;
}
