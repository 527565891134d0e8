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
import { chmodSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

export const DEFAULT_LIMITS: SandboxLimits = { memoryMb: 2048, cpuSeconds: 120, processes: 1024, fileMb: 64 };

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

/** A fresh scratch folder for one bot process, writable by the bot's user. */
export function scratchFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'havoc-bot-'));
  chmodSync(dir, 0o1777);
  return dir;
}

/** The command line that runs `command` inside the sandbox with `limits`, its scratch folder `scratch`. */
export function sandboxed(command: readonly string[], scratch: string, limits: SandboxLimits = DEFAULT_LIMITS): string[] {
  const root = runningAsRoot();
  const drop = root ? ['setpriv', `--reuid=${botUid()}`, `--regid=${NOGROUP}`, '--clear-groups', '--inh-caps=-all'] : [];
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
  const wrap = [
    'bwrap',
    '--ro-bind', '/', '/',
    '--dev', '/dev',
    '--proc', '/proc',
    '--bind', scratch, scratch,
    '--unshare-all',
    '--die-with-parent',
    '--new-session',
    '--clearenv',
    '--setenv', 'PATH', '/usr/local/bin:/usr/bin:/bin',
    '--setenv', 'HOME', scratch,
    '--setenv', 'TMPDIR', scratch,
    // glibc makes a malloc arena per contended thread, each holding 64 MB of address space: a Node bot's eleven
    // threads held five at rest (1,036 MB in all; 727 MB with two), more under load, against the address-space cap.
    '--setenv', 'MALLOC_ARENA_MAX', '2',
    '--chdir', scratch,
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
  if (r.error) checked = `${argv[0]} is not available (${(r.error as NodeJS.ErrnoException).code ?? r.error.message}); install bubblewrap (and util-linux for prlimit and setpriv)`;
  else if (r.status !== 0) checked = `the sandbox does not start here (${(r.stderr || `exit ${r.status}`).trim().split('\n')[0]})`;
  else checked = null;
  return checked;
}
