/**
 * Bots written in TypeScript, run by path with no build step: a `.ts`
 * (`.mts`, `.cts`) bot module is bundled by esbuild into one ES module (the
 * files it imports included), and that JavaScript is what loads. Here, a
 * trusted bot's (in the arena's thread), kept in a cache folder of the
 * arena's user alone (0700); an untrusted bot's is bundled inside the
 * sandbox as its own user (sandbox/bundle.ts).
 */
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { threadId } from 'node:worker_threads';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createRequire } from 'node:module';
import type { Message } from 'esbuild';
import { HavocError } from '../core/errors.js';

/** Whether a bot module is TypeScript source. */
export const isTypeScript = (path: string): boolean => /\.[cm]?ts$/.test(path);

/** Where trusted bots' bundles are kept: the arena's user's alone (an untrusted bot is bundled in the sandbox, sandbox/bundle.ts). */
const CACHE = join(tmpdir(), `havoc-ts-bots-${process.getuid?.() ?? 'user'}`);

/** One esbuild message as `file:line:column: text`. */
const where = (m: Message): string => (m.location ? `${resolve(m.location.file)}:${m.location.line}:${m.location.column + 1}: ${m.text}` : m.text);

/**
 * The JavaScript module a TypeScript bot compiles to (named by its content's
 * hash, so an unchanged bot compiles to the same file); a HavocError naming
 * the file, line and column of every problem when it does not compile.
 */
export function compiledBot(path: string): string {
  const abs = resolve(path);
  let code: string;
  try {
    // esbuild is loaded when a bot is compiled, not by every process that imports this module (each sandboxed bot's host does).
    const { buildSync } = createRequire(import.meta.url)('esbuild') as typeof import('esbuild');
    const out = buildSync({ entryPoints: [abs], bundle: true, platform: 'node', format: 'esm', target: 'node20', write: false, logLevel: 'silent' });
    code = out.outputFiles[0].text;
  } catch (e) {
    const errors = (e as { errors?: Message[] }).errors;
    throw new HavocError('ERR_BOT', path, `does not compile: ${errors?.length ? errors.map(where).join('; ') : (e as Error).message}`);
  }
  const file = join(CACHE, `${createHash('sha256').update(code).digest('hex').slice(0, 32)}.mjs`);
  if (!existsSync(file)) {
    mkdirSync(CACHE, { recursive: true, mode: 0o700 });
    chmodSync(CACHE, 0o700);
    // Written aside and renamed: another havoc compiling the same bot at once never loads half a file.
    const part = `${file}.${process.pid}.${threadId}.part`;
    writeFileSync(part, code, { mode: 0o600 });
    renameSync(part, file);
  }
  return file;
}
