/**
 * Tar archives in memory, through tar-stream (mafintosh's streaming tar
 * parser and writer, ustar with pax headers): the entries of an uploaded
 * archive, and a folder packed for `havoc submit`. Loaded with require (a
 * CommonJS module without types of its own); what this room uses is typed
 * here.
 */
import { createRequire } from 'node:module';
import { Readable } from 'node:stream';

/** One entry as the archive names it; `data` only for a file. */
export interface TarEntry {
  readonly name: string;
  /** file, directory, symlink, link, character-device, … (tar-stream's names). */
  readonly type: string;
  readonly data: Buffer | null;
}

interface Header {
  name: string;
  type?: string;
  size?: number;
  mode?: number;
}
interface Extract extends NodeJS.WritableStream {
  on(ev: 'entry', fn: (h: Header, stream: Readable, next: (err?: Error) => void) => void): this;
  on(ev: 'finish' | 'error', fn: (e?: Error) => void): this;
}
interface Pack extends Readable {
  entry(h: Header, data: Buffer, cb?: (err?: Error) => void): void;
  finalize(): void;
}
const tarStream = (): { extract(): Extract; pack(): Pack } => createRequire(import.meta.url)('tar-stream') as { extract(): Extract; pack(): Pack };

/**
 * The entries of a tar archive (already gunzipped), stopping with `refuse`'s
 * error as soon as it names one: a link, too many entries, too many bytes.
 */
export function readTar(bytes: Buffer, refuse: (e: TarEntry, count: number, total: number) => Error | null): Promise<TarEntry[]> {
  return new Promise((resolve, reject) => {
    const out: TarEntry[] = [];
    let total = 0, failed = false;
    const ex = tarStream().extract();
    ex.on('entry', (h, stream, next) => {
      const head: TarEntry = { name: h.name, type: h.type ?? 'file', data: null };
      total += h.size ?? 0;
      const bad = refuse(head, out.length + 1, total);
      if (bad) {
        failed = true;
        stream.resume();
        reject(bad);
        return next(bad);
      }
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        out.push({ ...head, data: head.type === 'file' ? Buffer.concat(chunks) : null });
        next();
      });
    });
    ex.on('finish', () => failed || resolve(out));
    ex.on('error', (e) => failed || reject(new Error(`not a tar archive: ${e?.message ?? 'unreadable'}`)));
    ex.end(bytes);
  });
}

/** Files (relative names, contents) packed into a tar archive (not gzipped). */
export async function writeTar(files: readonly { readonly name: string; readonly data: Buffer }[]): Promise<Buffer> {
  const pack = tarStream().pack();
  for (const f of files) pack.entry({ name: f.name, mode: 0o644 }, f.data);
  pack.finalize();
  const chunks: Buffer[] = [];
  for await (const c of pack) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}
