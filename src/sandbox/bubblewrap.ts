/**
 * The OS boundary around an untrusted bot's process (docs/protocol.md,
 * "What the sandbox stops"): bubblewrap gives it new namespaces (no network,
 * its own process tree, IPC and hostname), a read-only view of the whole
 * filesystem but for one scratch folder of its own, a cleared environment,
 * and kills it with its parent; prlimit caps its address space, CPU time,
 * file sizes, open files and (run as root) processes; setpriv drops root
 * first, to a user of the bot's own (botUid). Debian's bubblewrap,
 * util-linux's prlimit and setpriv.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, lstatSync, mkdtempSync, readlinkSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { packageRoot } from '../core/paths.js';
import { threadId } from 'node:worker_threads';

/** What one bot process may use. */
export interface SandboxLimits {
  /** Address space (RLIMIT_AS), megabytes: heap and off-heap alike. */
  readonly memoryMb: number;
  /** CPU time for the whole match (RLIMIT_CPU), seconds. */
  readonly cpuSeconds: number;
  /** Tasks (processes and threads: a Node process has about 12) of one bot's user at once (RLIMIT_NPROC; only when the arena runs as root and drops to the bot's own user): what stops a fork bomb. */
  readonly processes: number;
  /** Largest file it may write (RLIMIT_FSIZE), megabytes. */
  readonly fileMb: number;
}

export const DEFAULT_LIMITS: SandboxLimits = { memoryMb: 2048, cpuSeconds: 120, processes: 256, fileMb: 64 };

/** The gid bots run as when the arena runs as root (Debian's nogroup). */
const NOGROUP = 65534;

/** The first of the uids bots run as: far above any account's, so no process but a bot's has one. */
export const BOT_UID_BASE = 0x40000000;
let uids = 0;

/**
 * The uid a sandboxed process runs as when the arena runs as root: a new one
 * for each process (from this process's pid, thread and a count), so the
 * process limit (RLIMIT_NPROC, which counts every process of a uid on the
 * machine) is the bot's own. Under one shared uid (nobody) any other
 * processes of that uid, another run's bots or a container's daemons, ate
 * into every bot's limit, and bots could not start threads mid-match. Two
 * bots that drew the same uid would only share a limit: each has its own
 * process tree and cannot see the other's.
 */
export function botUid(): number {
  return BOT_UID_BASE + ((process.pid & 0xffff) << 12) + ((threadId & 0xf) << 8) + (uids++ & 0xff);
}

const runningAsRoot = (): boolean => typeof process.getuid === 'function' && process.getuid() === 0;

/** One bot process's own place: its scratch folder and the user it runs as (null: the arena's own, when not run as root). */
export interface Scratch {
  readonly dir: string;
  readonly uid: number | null;
}

/**
 * A fresh scratch folder for one bot process, private to it: mode 0700, and
 * owned by the bot's own user when the arena runs as root (not 1777 side by
 * side, where a bot read its opponent's files live). Inside the sandbox the
 * host's temporary folder is an empty one of its own with only this folder in it.
 */
export function scratchFolder(): Scratch {
  const dir = mkdtempSync(join(tmpdir(), 'havoc-bot-'));
  const uid = runningAsRoot() ? botUid() : null;
  chmodSync(dir, 0o700);
  if (uid !== null) chownSync(dir, uid, NOGROUP);
  return { dir, uid };
}

/** The system's folders a program needs (its libraries, interpreters, /etc's settings), read-only; nothing under /home, /root, /tmp, /run, /var or /srv. */
const SYSTEM = ['/usr', '/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32', '/etc'];

/** The bind (or, for a merged-/usr link like /bin -> usr/bin, the link) that shows `path` read-only inside. */
function systemMount(path: string): string[] {
  let st;
  try {
    st = lstatSync(path);
  } catch {
    return [];
  }
  return st.isSymbolicLink() ? ['--symlink', readlinkSync(path), path] : ['--ro-bind', path, path];
}

/** Whether `path` is shown by SYSTEM already. */
const underSystem = (path: string): boolean => SYSTEM.some((d) => path === d || path.startsWith(d + '/'));

/**
 * The havoc package's parts a bot's host needs (its compiled code,
 * its dependencies, package.json for ES modules, the rulesets' configs/) and its
 * sources a bot may import (src/, bots/: the arena's code, public), and node's own folder when
 * it is not a system one: never the package's other folders (results/ holds runs).
 */
function arenaReads(): string[] {
  const root = packageRoot();
  const node = dirname(dirname(realpathSync(process.execPath)));
  return [join(root, 'dist'), join(root, 'node_modules'), join(root, 'package.json'), join(root, 'configs'), join(root, 'src'), join(root, 'bots'), ...(underSystem(node) ? [] : [node])];
}

/** Megabytes of /dev/shm inside the sandbox: a sized tmpfs (its pages are the bot's memory: under a memory cgroup they count against limits.memoryMb). */
export const shmMb = (limits: SandboxLimits): number => Math.max(1, Math.min(64, Math.floor(limits.memoryMb / 16)));

/**
 * The command line that runs `command` inside the sandbox with `limits`, in
 * `scratch`; `reads`: the files and folders it may read besides the system's
 * and the arena's (the bot's own folder, a ruleset loaded by path).
 */
export function sandboxed(command: readonly string[], scratch: Scratch, limits: SandboxLimits = DEFAULT_LIMITS, reads: readonly string[] = []): string[] {
  const root = runningAsRoot();
  const dir = scratch.dir;
  const drop = root ? ['setpriv', `--reuid=${scratch.uid ?? botUid()}`, `--regid=${NOGROUP}`, '--clear-groups', '--inh-caps=-all'] : [];
  const mb = 1024 * 1024;
  const caps = [
    'prlimit',
    `--as=${limits.memoryMb * mb}`,
    `--cpu=${limits.cpuSeconds}`,
    `--fsize=${limits.fileMb * mb}`,
    '--nofile=256',
    '--core=0',
    ...(root ? [`--nproc=${limits.processes}`] : []),
    '--',
  ];
  const shown = new Set<string>();
  const binds: string[] = [];
  for (const p of [...arenaReads(), ...reads]) {
    const abs = resolve(p);
    if (underSystem(abs) || shown.has(abs) || !existsSync(abs)) continue;
    shown.add(abs);
    binds.push('--ro-bind', realpathSync(abs), abs);
  }
  const wrap = [
    'bwrap',
    ...SYSTEM.flatMap(systemMount),
    // A /dev of its own: read-only but for a small /dev/shm (bwrap's /dev is a tmpfs sized at half the machine: a bot held 1.5 GB there).
    '--dev', '/dev',
    '--size', String(shmMb(limits) * mb), '--tmpfs', '/dev/shm',
    '--remount-ro', '/dev',
    '--proc', '/proc',
    // An empty temporary folder of its own (no host socket, no other bot's folder), read-only but for its scratch folder.
    '--size', String(mb), '--tmpfs', tmpdir(),
    // (after it: the bot's own folder may be under the host's temporary folder)
    ...binds,
    '--bind', dir, dir,
    '--remount-ro', tmpdir(),
    '--remount-ro', '/',
    '--unshare-all',
    '--die-with-parent',
    '--new-session',
    '--clearenv',
    '--setenv', 'PATH', '/usr/local/bin:/usr/bin:/bin',
    '--setenv', 'HOME', dir,
    '--setenv', 'TMPDIR', dir,
    // glibc makes a malloc arena per contended thread, each holding 64 MB of address space: a Node bot's eleven
    // threads held five at rest (1,036 MB in all; 727 MB with two), more under load, against the address-space cap.
    '--setenv', 'MALLOC_ARENA_MAX', '2',
    '--chdir', dir,
    '--',
  ];
  return [...drop, ...caps, ...wrap, ...command];
}

let checked: string | null | undefined;

/**
 * Why untrusted bots cannot be sandboxed here (a tool missing or refused), or
 * null when they can: runs `true` inside the sandbox once per process.
 */
export function sandboxProblem(): string | null {
  if (checked !== undefined) return checked;
  const scratch = scratchFolder();
  const argv = sandboxed(['true'], scratch);
  const r = spawnSync(argv[0], argv.slice(1), { encoding: 'utf8', timeout: 10_000 });
  rmSync(scratch.dir, { recursive: true, force: true });
  if (r.error) checked = `${argv[0]} is not available (${(r.error as NodeJS.ErrnoException).code ?? r.error.message}); install bubblewrap (and util-linux for prlimit and setpriv)`;
  else if (r.status !== 0) checked = `the sandbox does not start here (${(r.stderr || `exit ${r.status}`).trim().split('\n')[0]})`;
  else checked = null;
  return checked;
}
