/**
 * A worker's copy of the submissions it plays (havoc serve-worker over HTTP,
 * havoc worker over the Redis queue): each kept in the cache by its sha256,
 * fetched once and unpacked with the server's own checks; and a played
 * match's replay with its bots named as the server names them, so
 * `havoc replay --verify` works there.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { readManifest } from '../sandbox/manifest.js';
import { DEFAULT_SERVE } from './contest.js';
import type { PlayResult, SeatBot } from './play.js';
import type { RemoteSeat } from './remote.js';
import { unpackUpload } from './storage.js';

/** A worker's submissions by sha256: `botOf` a seat's bot on this machine, fetching its archive (a .tar.gz) with `fetch` the first time. */
export function submissionCache(cache: string, fetch: (s: RemoteSeat) => Promise<Buffer>): (s: RemoteSeat) => Promise<SeatBot> {
  const fetched = new Map<string, Promise<SeatBot>>();
  return (s) => {
    if (!s.files) return Promise.resolve({ name: s.name, spec: s.spec, root: null });
    let p = fetched.get(s.sha256);
    if (!p) {
      p = (async () => {
        const dir = join(cache, 'submissions', s.sha256);
        if (!existsSync(dir)) {
          const data = await fetch(s);
          const tmp = `${dir}.part-${process.pid}`;
          rmSync(tmp, { recursive: true, force: true });
          mkdirSync(join(cache, 'submissions'), { recursive: true, mode: 0o755 });
          // The server's own checks, with room for any submission it took.
          await unpackUpload([{ filename: 'submission.tar.gz', data }], tmp, { ...DEFAULT_SERVE, uploadKb: 1 << 20, unpackedKb: 1 << 20, files: 1 << 16 });
          renameSync(tmp, dir);
        }
        return { name: s.name, spec: readManifest(join(dir, 'bot.json')).spec, root: dir };
      })();
      p.catch(() => fetched.delete(s.sha256));
      fetched.set(s.sha256, p);
    }
    return p;
  };
}

/** The replay a worker played into `cache`, its bots named by the server's specs, taken out of the cache. */
export function replayForServer(cache: string, result: PlayResult, seats: readonly RemoteSeat[]): string {
  const [head, ...rest] = readFileSync(join(cache, result.replay), 'utf8').split('\n');
  const h = JSON.parse(head) as { header: { bots: string[] } };
  h.header.bots = seats.map((s) => s.spec);
  rmSync(join(cache, result.replay), { force: true });
  return [JSON.stringify(h), ...rest].join('\n');
}
