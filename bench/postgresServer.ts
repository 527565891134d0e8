/**
 * A throwaway PostgreSQL for the contest server's tests and bench: the
 * machine's postgres (on PATH, or Debian's /usr/lib/postgresql/N/bin) on
 * loopback, on a free port, in a temporary folder, nothing synced to disk.
 * PostgreSQL refuses to run as root: as root, it runs as `nobody` (through
 * setpriv, which execs it, so the process started is postgres itself).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import pg from 'pg';
import { freePort } from './freePort.js';

/** The folder holding postgres and initdb: PATH's first, else the newest of Debian's. */
export function postgresBinaries(): string | null {
  const onPath = (process.env.PATH ?? '').split(delimiter).filter(Boolean);
  const debian = existsSync('/usr/lib/postgresql')
    ? readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a)).map((v) => join('/usr/lib/postgresql', v, 'bin'))
    : [];
  return [...onPath, ...debian].find((d) => existsSync(join(d, 'postgres')) && existsSync(join(d, 'initdb'))) ?? null;
}

/** The user ids postgres runs as: ours, or nobody's when we are root. */
function runAs(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  const uid = Number(spawnSync('id', ['-u', 'nobody'], { encoding: 'utf8' }).stdout.trim());
  const gid = Number(spawnSync('id', ['-g', 'nobody'], { encoding: 'utf8' }).stdout.trim());
  return Number.isInteger(uid) && uid > 0 ? { uid, gid } : null;
}

/** Whether PostgreSQL can be started here (null), or why not. */
export function postgresMissing(): string | null {
  if (!postgresBinaries()) return 'no PostgreSQL server (postgres and initdb) on PATH or under /usr/lib/postgresql (apt-get install -y postgresql; .ci/run installs it)';
  if (process.getuid?.() === 0 && !runAs()) return 'run as root, and no user nobody to run PostgreSQL as (it refuses root)';
  if (process.getuid?.() === 0 && spawnSync('setpriv', ['--version']).status !== 0) return 'run as root, and no setpriv (util-linux) to start PostgreSQL as another user';
  return null;
}

export interface PostgresServer {
  /** A database of its own: postgres://havoc@127.0.0.1:PORT/contest. */
  readonly url: string;
  readonly process: ChildProcess;
  stop(): Promise<void>;
}

/** Starts PostgreSQL, makes the database `contest` and resolves once it answers. */
export async function startPostgres(): Promise<PostgresServer> {
  const bin = postgresBinaries();
  if (!bin) throw new Error(postgresMissing()!);
  const user = runAs();
  const dir = mkdtempSync(join(tmpdir(), 'havoc-postgres-'));
  if (user) chownSync(dir, user.uid, user.gid);
  const as = (cmd: string, args: string[]): [string, string[]] =>
    user ? ['setpriv', ['--reuid', String(user.uid), '--regid', String(user.gid), '--clear-groups', '--', cmd, ...args]] : [cmd, args];
  const data = join(dir, 'data');
  const [initCmd, initArgs] = as(join(bin, 'initdb'), ['-D', data, '-U', 'havoc', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
  const init = spawnSync(initCmd, initArgs, { encoding: 'utf8', cwd: dir });
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr || init.stdout}`);
  const port = await freePort();
  const [cmd, args] = as(join(bin, 'postgres'), ['-D', data, '-p', String(port), '-h', '127.0.0.1', '-k', dir, '-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']);
  const proc = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'], cwd: dir });
  let err = '';
  proc.stderr!.on('data', (d) => (err += d));
  const admin = `postgres://havoc@127.0.0.1:${port}/postgres`;
  for (let i = 0; ; i++) {
    const c = new pg.Client({ connectionString: admin });
    try {
      await c.connect();
      await c.query('CREATE DATABASE contest');
      await c.end();
      break;
    } catch (e) {
      await c.end().catch(() => undefined);
      if (proc.exitCode !== null || i >= 300) throw new Error(`PostgreSQL did not start: ${(e as Error).message}; ${err}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    url: `postgres://havoc@127.0.0.1:${port}/contest`,
    process: proc,
    stop: async () => {
      if (proc.exitCode === null && proc.signalCode === null) {
        const gone = new Promise((r) => proc.once('exit', r));
        proc.kill('SIGINT'); // a fast shutdown
        await gone;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
