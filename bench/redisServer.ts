/**
 * A throwaway Redis for the queue's tests and demo: Debian's redis-server on
 * loopback, on a free port, in a temporary folder, nothing saved to disk.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './freePort.js';

/** Whether redis-server is on this machine (null), or why not. */
export function redisMissing(): string | null {
  const r = spawnSync('redis-server', ['--version'], { encoding: 'utf8' });
  return r.status === 0 ? null : 'redis-server is not installed (apt-get install -y redis-server; .ci/run installs it)';
}

const answers = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const c = connect(port, '127.0.0.1', () => (c.end(), resolve(true)));
    c.once('error', () => resolve(false));
  });

export interface RedisServer {
  readonly url: string;
  readonly process: ChildProcess;
  stop(): Promise<void>;
}

/** Starts a redis-server and waits until it answers. */
export async function startRedis(): Promise<RedisServer> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'havoc-redis-'));
  const proc = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  for (let i = 0; i < 100 && !(await answers(port)); i++) await new Promise((r) => setTimeout(r, 50));
  return {
    url: `redis://127.0.0.1:${port}`,
    process: proc,
    stop: async () => {
      if (proc.exitCode === null) {
        const gone = new Promise((r) => proc.once('exit', r));
        proc.kill('SIGTERM');
        await gone;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
