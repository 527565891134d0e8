/**
 * A command bot (`{"name", "command": [...]}`, a Python entrant's manifest)
 * on the queue: the files it needs travel with the run, content-hashed, and
 * a worker runs the same command from its copy of them, sandboxed as locally.
 *
 * What travels (docs/distributed.md): every word of the command that names a
 * file or folder on the coordinator (the config and the manifest made those
 * words absolute), but for the system's own (/usr, /bin, …: interpreters such
 * as /usr/bin/python3 are the worker's); and for a contest entrant, its
 * manifest's whole folder (the modules its program imports are there).
 * A program named by a bare word (`python3`, `node`) is found on the
 * worker's PATH, as it is in the local sandbox.
 */
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { HavocError } from '../core/errors.js';
import { commandOf, commandSpec } from '../match/bots.js';
import { filesUnder } from '../sandbox/entrantFiles.js';

/** A file of a command bot in transit: its path in the bundle ('/'-separated), its bytes (base64), their sha256, and whether it runs. */
export interface BundleFile {
  readonly path: string;
  readonly base64: string;
  readonly sha256: string;
  readonly executable: boolean;
}

/** A command bot's files and its command line, the words that name them given by their path in the bundle. */
export interface CommandBundle {
  readonly argv: readonly (string | { readonly rel: string })[];
  readonly files: readonly BundleFile[];
  /** The hash of the files' paths, modes and hashes: names the bundle's folder on a worker. */
  readonly sha256: string;
}

/** Folders whose files are the machine's own, not the bot's: they never travel. */
const SYSTEM = ['/usr', '/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32', '/etc', '/proc', '/sys', '/dev'];
/** What a bot's files may come to: a run's files are one Redis value, read by every worker. */
export const MAX_FILES = 2000;
export const MAX_BYTES = 32 * 1024 * 1024;

const sha = (b: Buffer | string): string => createHash('sha256').update(b).digest('hex');
const isSystem = (p: string): boolean => p === '/' || SYSTEM.some((s) => p === s || p.startsWith(s + '/'));

/** The longest folder holding every path. */
function commonFolder(paths: readonly string[]): string {
  let root = paths[0];
  for (const p of paths) while (p !== root && !p.startsWith(root === '/' ? '/' : root + '/')) root = dirname(root);
  return root;
}

/**
 * Gathers a command bot's files from this machine (`folder`: a contest
 * entrant's manifest folder, or null); a HavocError naming the bot when they
 * are too many or cannot be read.
 */
export function gatherCommand(name: string, spec: string, folder: string | null): CommandBundle {
  const argv = commandOf(spec)!;
  const named = argv.filter((w) => w.startsWith('/') && existsSync(w) && !isSystem(w));
  const roots = [...(folder ? [folder] : []), ...named];
  if (roots.length === 0) return { argv, files: [], sha256: sha('') };
  // A folder named alone is the bundle's root; a file alone has its folder as root.
  const root = roots.length === 1 && statSync(roots[0]).isDirectory() ? roots[0] : commonFolder(roots.map((p) => (statSync(p).isDirectory() ? p : dirname(p))));
  const paths = [...new Set(roots.flatMap((p) => (statSync(p).isDirectory() ? filesUnder(p) : [p])))].sort();
  if (paths.length > MAX_FILES) throw new HavocError('ERR_QUEUE', `bot ${name}`, `its files (under ${root}) are more than ${MAX_FILES}, too many to travel with the run; use --shard K/N on machines that have them`);
  let bytes = 0;
  const files = paths.map((p): BundleFile => {
    let data: Buffer;
    try {
      data = readFileSync(p);
    } catch (e) {
      throw new HavocError('ERR_QUEUE', `bot ${name}`, `cannot read ${p} to send it with the run (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
    }
    bytes += data.length;
    if (bytes > MAX_BYTES) throw new HavocError('ERR_QUEUE', `bot ${name}`, `its files (under ${root}) are more than ${MAX_BYTES / 1024 / 1024} MB, too much to travel with the run; use --shard K/N on machines that have them`);
    return { path: relative(root, p).split(sep).join('/'), base64: data.toString('base64'), sha256: sha(data), executable: (statSync(p).mode & 0o111) !== 0 };
  });
  const words = argv.map((w) => (named.includes(w) ? { rel: relative(root, w).split(sep).join('/') } : w));
  return { argv: words, files, sha256: sha(files.map((f) => `${f.path}\0${f.executable ? 'x' : '-'}\0${f.sha256}\n`).join('')) };
}

/**
 * Writes a command bot's files into `cache` (once: a folder named by the
 * bundle's hash, made whole under a temporary name and then renamed, so a
 * worker beside this one never runs half a bot) and returns the command
 * that runs them there. A file that arrived, or a copy already there, whose
 * sha256 differs is a HavocError: the worker refuses the batch.
 */
export function materializeCommand(name: string, bundle: CommandBundle, cache: string): string {
  if (bundle.files.length === 0) return commandSpec(bundle.argv as string[]); // only the machine's own programs
  const dir = join(cache, `cmd-${bundle.sha256.slice(0, 32)}`);
  if (!existsSync(dir)) {
    const arrived = bundle.files.map((f) => {
      const data = Buffer.from(f.base64, 'base64');
      if (sha(data) !== f.sha256) throw new HavocError('ERR_QUEUE', `bot ${name}`, `${f.path} arrived with other content than the coordinator sent (sha256 differs); the batch is refused`);
      return data;
    });
    const stage = mkdtempSync(join(cache, '.cmd-'));
    for (const [i, f] of bundle.files.entries()) {
      const to = join(stage, ...f.path.split('/'));
      mkdirSync(dirname(to), { recursive: true });
      writeFileSync(to, arrived[i]);
      chmodSync(to, f.executable ? 0o755 : 0o644); // the sandbox's user (the bot's own) reads, and runs, them
    }
    for (const d of new Set(bundle.files.flatMap((f) => f.path.split('/').slice(0, -1).map((_, i, a) => a.slice(0, i + 1).join('/'))))) chmodSync(join(stage, d), 0o755);
    chmodSync(stage, 0o755);
    try {
      renameSync(stage, dir);
    } catch {
      rmSync(stage, { recursive: true, force: true }); // another worker of this machine made it first
    }
  }
  for (const f of bundle.files) {
    const p = join(dir, ...f.path.split('/'));
    const there = existsSync(p) ? sha(readFileSync(p)) : null;
    if (there !== f.sha256)
      throw new HavocError('ERR_QUEUE', `bot ${name}`, `this worker's copy of ${f.path} (${p}) ${there ? 'differs from' : 'is missing from'} the coordinator's files (sha256); remove ${dir} and start the worker again`);
  }
  return commandSpec(bundle.argv.map((w) => (typeof w === 'string' ? w : w.rel ? join(dir, ...w.rel.split('/')) : dir)));
}
