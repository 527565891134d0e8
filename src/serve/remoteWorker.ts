/**
 * `havoc serve-worker URL`'s side (remote.ts): `threads` loops, each asking
 * the server for a match, fetching the submissions it does not hold (kept
 * in the cache by their sha256, unpacked with the server's own checks),
 * playing the match on this machine's worker threads (play.ts, sandboxed)
 * and posting the result and the replay — its bots named as the server
 * names them, so `havoc replay --verify` works there.
 */
import { hostname } from 'node:os';
import { HavocError } from '../core/errors.js';
import { threadPool } from '../run/pool.js';
import { workerFile } from './coordinator.js';
import type { CheckResult, PlayResult, PlayTask, SeatBot } from './play.js';
import type { RemoteResult, RemoteTask } from './remote.js';
import { replayForServer, submissionCache } from './submissionCache.js';
import type { WorkerTask } from './worker.js';

export interface RemoteWorkerOptions {
  readonly url: string;
  readonly token: string;
  readonly threads: number;
  readonly cache: string;
  readonly signal: AbortSignal;
  readonly log: (line: string) => void;
}

/** Plays the server's matches until `signal` aborts; the matches it played. */
export async function runRemoteWorker(o: RemoteWorkerOptions): Promise<number> {
  const pool = threadPool<WorkerTask, PlayResult | CheckResult>(workerFile(), o.threads);
  const me = `${hostname()}-${process.pid}`;
  const headers = { authorization: `Bearer ${o.token}`, accept: 'application/json' };
  const at = (path: string): string => new URL(`${path}${path.includes('?') ? '&' : '?'}worker=${encodeURIComponent(me)}`, o.url).toString();
  let played = 0;

  /** A request to the server; while the server cannot be reached (not started yet, restarting), tried again every second. */
  const call = async (path: string, init: RequestInit = {}): Promise<Response> => {
    let r: Response | null = null;
    let said = false;
    while (!r) {
      try {
        r = await fetch(at(path), { ...init, headers: { ...headers, ...(init.headers ?? {}) } });
      } catch (e) {
        if (o.signal.aborted) throw new HavocError('ERR_SERVE', o.url, 'stopped while the server could not be reached');
        if (!said) o.log(`cannot reach ${o.url} (${(e as Error & { cause?: Error }).cause?.message ?? (e as Error).message}): trying again every second`);
        said = true;
        await new Promise((res) => setTimeout(res, 1000));
      }
    }
    if (said) o.log(`${o.url} answers again`);
    if (r.status === 403) throw new HavocError('ERR_ACCESS', o.url, 'the server refused this worker: give the organiser\'s token (--token)');
    if (r.status >= 400) throw new HavocError('ERR_SERVE', `${o.url}${path}`, `answered ${r.status}: ${(await r.text()).slice(0, 200)}`);
    return r;
  };

  /** A seat's bot on this machine: a built-in as it is, a submission from the cache (fetched once). */
  const botOf = submissionCache(o.cache, async (s) => Buffer.from(await (await call(`/api/worker/submissions/${s.submission}`)).arrayBuffer()));

  const loop = async (): Promise<void> => {
    while (!o.signal.aborted) {
      try {
        await one();
      } catch (e) {
        // A refused token stops the worker; anything else (a match its thread could not play) is said, and the next is asked for.
        if (e instanceof HavocError && e.code === 'ERR_ACCESS') throw e;
        o.log(`a match failed here: ${(e as Error).message.split('\n')[0]}`);
        await new Promise((res) => setTimeout(res, 1000));
      }
    }
  };
  const one = async (): Promise<void> => {
    {
      const r = await call('/api/worker/task');
      if (r.status === 204) {
        await new Promise((res) => setTimeout(res, 500));
        return;
      }
      const t = (await r.json()) as RemoteTask;
      const seats = (await Promise.all(t.seats.map(botOf))) as [SeatBot, SeatBot];
      const task: PlayTask = { kind: 'play', key: t.key, run: t.run, dataText: t.dataText, storage: o.cache, id: t.id, seed: t.seed, seats };
      const result = (await pool.run(task)) as PlayResult;
      // The replay's bots as the server names them.
      const body: RemoteResult = { result, replay: replayForServer(o.cache, result, t.seats) };
      await call(`/api/worker/result/${encodeURIComponent(t.id)}`, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
      played++;
    }
  };
  try {
    await Promise.all(Array.from({ length: o.threads }, loop));
  } finally {
    await pool.destroy();
  }
  return played;
}
