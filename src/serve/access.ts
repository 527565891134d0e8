/**
 * Who may see what: each entrant has a token (given once, at its first
 * submission; the database keeps its hash), the organiser has one (given
 * with --organiser-token or HAVOC_ORGANISER_TOKEN, else made at the first
 * start and written to the storage's organiser-token file, readable by the
 * server's user alone). A request carries a token as `Authorization: Bearer
 * T`, the `havoc_token` cookie the web form sets, or `?token=T`.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ContestDb } from './db.js';

export const newToken = (): string => randomBytes(24).toString('base64url');

export const tokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');

/** Whether `token` is the one whose hash is `hash`. */
export function tokenMatches(token: string | null, hash: string | null): boolean {
  if (!token || !hash) return false;
  const a = Buffer.from(tokenHash(token), 'hex'), b = Buffer.from(hash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The token a request carries, or null. */
export function requestToken(headers: Record<string, string | string[] | undefined>, query: unknown): string | null {
  const auth = headers.authorization;
  if (typeof auth === 'string' && auth.startsWith('Bearer ')) return auth.slice(7).trim() || null;
  const cookie = typeof headers.cookie === 'string' ? headers.cookie : '';
  const m = /(?:^|;\s*)havoc_token=([^;]+)/.exec(cookie);
  if (m) return decodeURIComponent(m[1]);
  const q = (query as { token?: unknown } | null)?.token;
  return typeof q === 'string' && q ? q : null;
}

/** The organiser's token: the given one, else the storage's file, else a new one written there. Its hash goes into the database. */
export async function organiserToken(db: ContestDb, storage: string, given: string | undefined): Promise<{ token: string; file: string | null; made: boolean }> {
  const file = join(storage, 'organiser-token');
  let token = given, made = false;
  if (!token && existsSync(file)) token = readFileSync(file, 'utf8').trim();
  if (!token) {
    try {
      // A new file only: a server sharing the storage that made one at the same moment keeps its own.
      writeFileSync(file, newToken() + '\n', { mode: 0o600, flag: 'wx' });
      made = true;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    token = readFileSync(file, 'utf8').trim();
  }
  await db.setSetting('organiser', tokenHash(token));
  return { token, file: given ? null : file, made };
}

/** What a request may see: the organiser everything, an entrant its own logs. */
export interface Viewer {
  readonly organiser: boolean;
  /** The entrant whose token it carries, or null. */
  readonly entrant: string | null;
}

export async function viewerOf(db: ContestDb, token: string | null): Promise<Viewer> {
  if (!token) return { organiser: false, entrant: null };
  if (tokenMatches(token, await db.setting('organiser'))) return { organiser: true, entrant: null };
  return { organiser: false, entrant: await db.entrantByToken(tokenHash(token)) };
}
