/**
 * The OS boundary around an untrusted bot's process (docs/protocol.md,
 * "What the sandbox stops"): bubblewrap gives it new namespaces (no network,
 * its own process tree, IPC and hostname), a read-only view of the whole
 * filesystem but for one scratch folder of its own, a cleared environment,
 * and kills it with its parent; prlimit caps its address space, CPU time,
 * file sizes, open files and (run as nobody) processes; setpriv drops root
 * to nobody first. Debian's bubblewrap, util-linux's prlimit and setpriv.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** What one bot process may use. */
export interface SandboxLimits {
  /** Address space (RLIMIT_AS), megabytes: heap and off-heap alike. */
  readonly memoryMb: number;
  /** CPU time for the whole match (RLIMIT_CPU), seconds. */
  readonly cpuSeconds: number;
  /** Tasks (processes and threads: a Node process has about 12) of the bots' user at once, every bot of the machine together (RLIMIT_NPROC; only when the arena runs as root and drops to nobody): what stops a fork bomb. */
  readonly processes: number;
  /** Largest file it may write (RLIMIT_FSIZE), megabytes. */
  readonly fileMb: number;
}

export const DEFAULT_LIMITS: SandboxLimits = { memoryMb: 2048, cpuSeconds: 120, processes: 1024, fileMb: 64 };

/** The uid and gid bots run as when the arena runs as root (Debian's nobody/nogroup). */
const NOBODY = 65534;

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
  const drop = root ? ['setpriv', `--reuid=${NOBODY}`, `--regid=${NOBODY}`, '--clear-groups', '--inh-caps=-all'] : [];
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
