/**
 * A submission's files into the contest's storage, and nothing outside it:
 * an upload is a .tar.gz or .zip archive (zip.ts) or the files of a folder; every name is a
 * plain relative path (no `..`, no absolute path, no backslash), every entry
 * a file or a folder (a symlink, a hard link or a device is refused), the
 * archive unpacks to no more than the contest's limit (gunzip stops there:
 * an archive bomb is refused, never written), and the files are counted.
 * Files are written into a fresh folder that nothing else writes, each new
 * (`wx`), so nothing there can be a link made by the upload.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { HavocError } from '../core/errors.js';
import { readTar, type TarEntry } from './tar.js';
import { readZip } from './zip.js';
import type { ServeOptions } from './contest.js';

/** One uploaded part: its file name (a relative path for a folder's file) and bytes. */
export interface Upload {
  readonly filename: string;
  readonly data: Buffer;
}

/** A submission unpacked: its files (relative paths, sorted) and their hash. */
export interface Unpacked {
  readonly files: readonly string[];
  readonly sha256: string;
  /** The folder holding bot.json (the submission's folder, or its one subfolder). */
  readonly root: string;
}

const refuse = (where: string, problem: string): HavocError => new HavocError('ERR_UPLOAD', where, problem);

const isTarGz = (name: string): boolean => /\.(tar\.gz|tgz)$/i.test(name);
const isZip = (name: string): boolean => /\.zip$/i.test(name);
const isArchive = (name: string): boolean => isTarGz(name) || isZip(name);

/** A name from an upload as a safe relative path, or a refusal naming it. */
export function safeRelative(name: string): string {
  const shown = JSON.stringify(name);
  if (name.includes('\0')) throw refuse(shown, 'a file name holds a NUL byte');
  if (name.includes('\\')) throw refuse(shown, 'a file name holds a backslash: use / between folders');
  if (name.startsWith('/')) throw refuse(shown, 'an absolute path: names inside a submission are relative to its folder');
  const parts = name.split('/').filter((p) => p !== '' && p !== '.');
  if (parts.some((p) => p === '..')) throw refuse(shown, 'a path with "..": it would reach outside the submission\'s folder');
  if (parts.length === 0) throw refuse(shown, 'an empty file name');
  if (parts.some((p) => p.length > 255)) throw refuse(shown, 'a name longer than 255 characters');
  return parts.join('/');
}

/** The upload's entries: an archive's (gunzipped within the limit), or the files as they came. */
async function entriesOf(parts: readonly Upload[], o: ServeOptions): Promise<TarEntry[]> {
  const size = parts.reduce((n, p) => n + p.data.length, 0);
  if (size > o.uploadKb * 1024) throw refuse('upload', `${Math.ceil(size / 1024)} KiB is more than the contest's limit (${o.uploadKb} KiB)`);
  if (parts.length === 0) throw refuse('upload', 'no files: send a .tar.gz or .zip archive of your bot\'s folder, or its files (bot.json and the bot)');
  const archives = parts.filter((p) => isArchive(p.filename));
  if (archives.length > 1 || (archives.length === 1 && parts.length > 1)) throw refuse('upload', 'send one .tar.gz or .zip archive alone, or the files of a folder, not both');
  if (archives.length === 0) {
    if (parts.length > o.files) throw refuse('upload', `${parts.length} files is more than the contest's limit (${o.files})`);
    return parts.map((p) => ({ name: p.filename, type: 'file', data: p.data }));
  }
  const a = archives[0];
  // What every entry of either kind of archive must be: a file or a folder, within the counts and the bytes.
  const check = (e: TarEntry, count: number, total: number): Error | null => {
    if (e.type !== 'file' && e.type !== 'directory') return refuse(`${a.filename}: ${e.name}`, `is a ${e.type}: only files and folders are taken (links could reach outside the submission)`);
    if (count > o.files * 2) return refuse(a.filename, `more than ${o.files * 2} entries: the contest takes ${o.files} files`);
    if (total > o.unpackedKb * 1024) return refuse(a.filename, `unpacks to more than the contest's limit (${o.unpackedKb} KiB): refused without writing it (an archive bomb?)`);
    return null;
  };
  const read = async (entries: () => Promise<TarEntry[]>): Promise<TarEntry[]> => {
    try {
      return await entries();
    } catch (e) {
      if (e instanceof HavocError) throw e;
      throw refuse(a.filename, (e as Error).message);
    }
  };
  // A zip's sizes are its central directory's, checked before an entry is inflated (zip.ts).
  if (isZip(a.filename)) return read(() => readZip(a.data, check));
  let tar: Buffer;
  // Room for tar's headers (512 bytes a file) and its end over the files' own limit.
  const cap = o.unpackedKb * 1024 + (o.files + 4) * 1024;
  try {
    tar = gunzipSync(a.data, { maxOutputLength: cap });
  } catch (e) {
    // Node stops gunzip at maxOutputLength with a RangeError (its code: the buffer would be too large).
    if (e instanceof RangeError)
      throw refuse(a.filename, `unpacks to more than the contest's limit (${o.unpackedKb} KiB): refused without writing it (an archive bomb?)`);
    throw refuse(a.filename, `not a gzipped tar archive (${(e as Error).message})`);
  }
  return read(() => readTar(tar, check));
}

/** Unpacks an upload into `dest` (a new folder): every check above, then the files written. */
export async function unpackUpload(parts: readonly Upload[], dest: string, o: ServeOptions): Promise<Unpacked> {
  const entries = await entriesOf(parts, o);
  const files = entries.filter((e) => e.type === 'file');
  if (files.length > o.files) throw refuse('upload', `${files.length} files is more than the contest's limit (${o.files})`);
  const total = files.reduce((n, f) => n + (f.data?.length ?? 0), 0);
  if (total > o.unpackedKb * 1024) throw refuse('upload', `${Math.ceil(total / 1024)} KiB of files is more than the contest's limit (${o.unpackedKb} KiB)`);
  const names = files.map((f) => safeRelative(f.name));
  for (const e of entries) if (e.type === 'directory') safeRelative(e.name);
  const seen = new Set<string>();
  for (const n of names) {
    if (seen.has(n)) throw refuse(JSON.stringify(n), 'appears twice in the upload');
    seen.add(n);
  }
  const top = resolve(dest);
  mkdirSync(top, { recursive: false, mode: 0o755 });
  const hash = createHash('sha256');
  const order = names.map((n, i) => [n, files[i].data!] as const).sort((x, y) => (x[0] < y[0] ? -1 : 1));
  for (const [n, data] of order) {
    const path = resolve(top, n);
    if (!path.startsWith(top + sep)) throw refuse(JSON.stringify(n), "reaches outside the submission's folder");
    mkdirSync(dirname(path), { recursive: true, mode: 0o755 });
    writeFileSync(path, data, { flag: 'wx', mode: 0o644 });
    hash.update(`${n}\0${data.length}\0`).update(data);
  }
  // bot.json at the top, or in the one folder the archive holds (an archive of a folder rather than of its files).
  const tops = new Set(names.map((n) => n.split('/')[0]));
  const root = names.includes('bot.json') ? top : tops.size === 1 && names.includes(`${[...tops][0]}/bot.json`) ? join(top, [...tops][0]) : null;
  if (!root) throw refuse('upload', 'holds no bot.json at its top (or in its one folder): a submission is a manifest folder (docs/contest.md)');
  return { files: order.map(([n]) => n), sha256: hash.digest('hex'), root };
}
