/**
 * An untrusted TypeScript bot, bundled into one ES module inside the sandbox
 * (bundler.ts) as the bot's own user, reading only what its process could:
 * esbuild used to run in the arena as root, inlining any file the bot
 * imported (`import s from '/etc/shadow' with { type: 'text' }`), and kept the
 * bundle world-readable under the temporary folder. The bundle is kept in the
 * arena's memory (per file and its modification time) and written for each
 * match into the bot's private scratch folder, owned by its user, mode 0600.
 */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { chownSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { HavocError } from '../core/errors.js';
import { builtFile } from '../core/paths.js';
import { DEFAULT_LIMITS, sandboxed, scratchFolder, type Scratch } from './bubblewrap.js';

/** The compiled bundler (from dist/ even when this module runs from src/ under a test runner). */
function bundlerFile(): string {
  return builtFile('src/sandbox/bundler.js');
}

const bundles = new Map<string, { stamp: string; code: string }>();

/** A TypeScript bot's bundle; a HavocError naming the file, line and column of every problem when it does not compile. */
export function bundledBot(path: string): string {
  const abs = resolve(path);
  let stamp: string;
  try {
    const st = statSync(abs);
    stamp = `${st.mtimeMs}:${st.size}`;
  } catch (e) {
    throw new HavocError('ERR_BOT', path, `cannot be read (${(e as NodeJS.ErrnoException).code ?? e})`);
  }
  const kept = bundles.get(abs);
  if (kept?.stamp === stamp) return kept.code;
  const { out, r } = runBundler(abs);
  if (out?.type === 'unreadable') throw new HavocError('ERR_BOT', path, out.message ?? 'cannot be read in the sandbox');
  if (out?.type === 'error') throw new HavocError('ERR_BOT', path, `does not compile: ${(out.errors ?? []).join('; ')}`);
  if (out?.type !== 'bundle' || typeof out.code !== 'string')
    throw new HavocError('ERR_BOT', path, `could not be bundled in the sandbox (${r?.error ? (r.error as Error).message : `exit ${r?.status}`}${r?.stderr ? `: ${r.stderr.trim().split('\n').pop()}` : ''})`);
  bundles.set(abs, { stamp, code: out.code });
  return out.code;
}

type BundlerLine = { type?: string; code?: string; errors?: string[]; message?: string } | null;

/** Runs the bundler on `abs` in a sandbox of its own, its folder readable: its last line, and the process. */
function runBundler(abs: string): { out: BundlerLine; r: SpawnSyncReturns<string> | null } {
  const scratch = scratchFolder();
  try {
    const argv = sandboxed([process.execPath, bundlerFile(), abs], scratch, DEFAULT_LIMITS, [dirname(abs)]);
    const r = spawnSync(argv[0], argv.slice(1), { encoding: 'utf8', timeout: 60_000, maxBuffer: 256 << 20, killSignal: 'SIGKILL' });
    try {
      return { out: JSON.parse((r.stdout ?? '').trim().split('\n').pop() || 'null') as BundlerLine, r };
    } catch {
      return { out: null, r };
    }
  } finally {
    rmSync(scratch.dir, { recursive: true, force: true });
  }
}

/** Writes a TypeScript bot's bundle into a bot process's scratch folder, readable by its user alone; the file's path. */
export function bundleInto(scratch: Scratch, code: string): string {
  const file = join(scratch.dir, 'bot.mjs');
  writeFileSync(file, code, { mode: 0o600 });
  if (scratch.uid !== null) chownSync(file, scratch.uid, 65534);
  return file;
}
