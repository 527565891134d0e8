/**
 * The queue's Redis: `--queue redis://[:PASSWORD@]HOST:PORT[/DB]` checked
 * before anything is written, and reached once up front so an unreachable
 * server is one clear line rather than a client retrying forever.
 */
import { Redis, type RedisOptions } from 'ioredis';
import { HavocError } from '../core/errors.js';

/** ioredis options for a checked queue URL. */
export type QueueConnection = RedisOptions & { readonly url: string };

/** Parses `--queue`; a HavocError naming the option when it is not a redis:// URL with a host and a port. */
export function parseQueueUrl(url: string): QueueConnection {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new HavocError('ERR_ARGS', '--queue', `must be a Redis URL such as redis://127.0.0.1:6379, not "${url}"`);
  }
  if (u.protocol !== 'redis:') throw new HavocError('ERR_ARGS', '--queue', `must start with redis:// (e.g. redis://127.0.0.1:6379), not "${url}"`);
  const port = u.port === '' ? 6379 : Number(u.port);
  const db = u.pathname.length > 1 ? Number(u.pathname.slice(1)) : 0;
  if (!u.hostname || !Number.isInteger(db) || db < 0) throw new HavocError('ERR_ARGS', '--queue', `must be redis://HOST:PORT or redis://HOST:PORT/DB, not "${url}"`);
  const password = u.password ? decodeURIComponent(u.password) : undefined;
  return { url, host: u.hostname.replace(/^\[|\]$/g, ''), port, db, password, username: u.username || undefined };
}

/** A client for BullMQ (which wants requests held while Redis reconnects). */
export const bullConnection = (c: QueueConnection): RedisOptions => ({ host: c.host, port: c.port, db: c.db, password: c.password, username: c.username, maxRetriesPerRequest: null });

/** Checks that Redis answers (a HavocError naming the URL when it does not). */
export async function reachRedis(c: QueueConnection): Promise<void> {
  // disconnectTimeout: ioredis waits that long (2 s by default) for a socket that never opened to close, and the process with it.
  const r = new Redis({ ...bullConnection(c), maxRetriesPerRequest: 0, connectTimeout: 3000, retryStrategy: () => null, lazyConnect: true, disconnectTimeout: 50 });
  let first: NodeJS.ErrnoException | null = null;
  r.on('error', (e: NodeJS.ErrnoException) => (first ??= e)); // the socket's own error says more than the client's
  try {
    await r.connect();
    await r.ping();
  } catch (e) {
    const why = first ?? (e as NodeJS.ErrnoException);
    throw new HavocError('ERR_QUEUE', c.url, `cannot reach Redis (${why.code ?? why.message}); is redis-server running there?`);
  } finally {
    r.disconnect();
  }
}

/** A plain client for the queue's own keys (runs, workers, run files). */
export const redisClient = (c: QueueConnection): Redis => {
  const r = new Redis(bullConnection(c));
  r.on('error', () => {}); // ioredis reconnects; commands wait meanwhile
  return r;
};
