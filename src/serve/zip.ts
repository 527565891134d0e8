/**
 * Zip archives in memory, through yauzl (Josh Wolfe's unzip library: it reads
 * the central directory, checks each entry's bytes against its declared
 * size, and inflates only the entries asked for): the entries of an uploaded
 * .zip, in tar.ts's terms, so storage.ts checks both kinds alike. An entry's
 * kind comes from its Unix mode (the high 16 bits of its external
 * attributes: a symlink is refused there, not followed), a folder's name ends
 * in `/`. Names are read as UTF-8 and checked by storage.ts (yauzl's own
 * check is left off so that a `..` or an absolute name gets the same one-line
 * refusal as in a tar). Sizes are the central directory's, checked before
 * anything is inflated; an entry that inflates past its declared size is an
 * error of yauzl's (validateEntrySizes), so a lying header is no bomb either.
 */
import { createRequire } from 'node:module';
import type { Entry, ZipFile } from 'yauzl';
import type { TarEntry } from './tar.js';

const yauzl = (): typeof import('yauzl') => createRequire(import.meta.url)('yauzl') as typeof import('yauzl');

/** The kind of an entry by its Unix mode (0: made on a system without one, a file or a folder by its name). */
function kindOf(e: Entry, name: string): string {
  const mode = (e.externalFileAttributes >>> 16) & 0o170000;
  if (mode === 0o120000) return 'symlink';
  if (mode !== 0 && mode !== 0o100000 && mode !== 0o040000) return mode === 0o020000 ? 'character-device' : mode === 0o060000 ? 'block-device' : mode === 0o010000 ? 'fifo' : 'special file';
  return name.endsWith('/') || mode === 0o040000 ? 'directory' : 'file';
}

/**
 * The entries of a zip archive, stopping with `refuse`'s error as soon as it
 * names one (a link, too many entries, too many bytes: counted before the
 * entry is inflated); an encrypted entry is refused too.
 */
export function readZip(bytes: Buffer, refuse: (e: TarEntry, count: number, total: number) => Error | null): Promise<TarEntry[]> {
  return new Promise((resolve, reject) => {
    yauzl().fromBuffer(bytes, { lazyEntries: true, decodeStrings: false, validateEntrySizes: true }, (err, zip?: ZipFile) => {
      if (err || !zip) return reject(new Error(`not a zip archive: ${err?.message ?? 'unreadable'}`));
      const out: TarEntry[] = [];
      let total = 0, done = false;
      const stop = (e: Error): void => {
        if (done) return;
        done = true;
        zip.close();
        reject(e);
      };
      zip.on('error', (e: Error) => stop(new Error(`not a zip archive: ${e.message}`)));
      zip.on('end', () => {
        if (done) return;
        done = true;
        resolve(out);
      });
      zip.on('entry', (e: Entry) => {
        const name = (e.fileName as unknown as Buffer).toString('utf8');
        const type = kindOf(e, name);
        total += type === 'file' ? e.uncompressedSize : 0;
        const head: TarEntry = { name: type === 'directory' ? name.replace(/\/+$/, '') || name : name, type, data: null };
        const bad = refuse(head, out.length + 1, total) ?? (e.isEncrypted() ? new Error(`${name}: is encrypted: send the files as they are`) : null);
        if (bad) return stop(bad);
        if (type !== 'file') {
          out.push(head);
          return zip.readEntry();
        }
        zip.openReadStream(e, (err2, stream) => {
          if (err2 || !stream) return stop(new Error(`${name}: cannot be read (${err2?.message ?? 'no stream'})`));
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('error', (x: Error) => stop(new Error(`${name}: ${x.message}`)));
          stream.on('end', () => {
            out.push({ ...head, data: Buffer.concat(chunks) });
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}
