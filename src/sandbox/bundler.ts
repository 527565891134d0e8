/**
 * The bundler a TypeScript bot is compiled by, run inside the sandbox as the
 * bot's own user (bundle.ts), so the bot's imports are read with the bot's
 * rights and see only what its process would see: its own folder, the
 * system's, the arena's code. An import of /etc/shadow or of a file outside
 * its folder fails, located.
 *
 *   node dist/src/sandbox/bundler.js BOT.ts
 *
 * The bundle carries an inline source map whose sources are the bot's own
 * files by their absolute paths, so a stack its host writes (host.ts, with
 * source maps on) names `bot.ts:12`, not a line of the bundle: its faults are
 * placed in its own files (report/faultCauses.ts faultWhere).
 *
 * Writes one JSON line: `{"type":"bundle","code":…}`,
 * `{"type":"error","errors":["FILE:LINE:COLUMN: text", …]}`, or
 * `{"type":"unreadable","message":…}` when the bot's user cannot read it.
 */
import { accessSync, constants } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Message } from 'esbuild';

const file = resolve(process.argv[2] ?? '');
const here = dirname(file);
const where = (m: Message): string => (m.location ? `${resolve(here, m.location.file)}:${m.location.line}:${m.location.column + 1}: ${m.text}` : m.text);

try {
  accessSync(file, constants.R_OK);
} catch (e) {
  const code = (e as NodeJS.ErrnoException).code ?? String(e);
  process.stdout.write(JSON.stringify({ type: 'unreadable', message: `the sandbox cannot read ${file} (${code}): bots run as an unprivileged user, so the module and every folder above it must be readable by others (chmod o+r on the file, o+rx on its folders)` }) + '\n');
  process.exit(0);
}

try {
  const { buildSync } = createRequire(import.meta.url)('esbuild') as typeof import('esbuild');
  const out = buildSync({ entryPoints: [file], absWorkingDir: here, bundle: true, platform: 'node', format: 'esm', target: 'node20', write: false, logLevel: 'silent', sourcemap: 'inline', sourcesContent: false });
  process.stdout.write(JSON.stringify({ type: 'bundle', code: withAbsoluteSources(out.outputFiles[0].text) }) + '\n');
} catch (e) {
  const errors = (e as { errors?: Message[] }).errors;
  process.stdout.write(JSON.stringify({ type: 'error', errors: errors?.length ? errors.map(where) : [(e as Error).message] }) + '\n');
}

/**
 * The bundle with its inline map's sources made absolute: esbuild names them
 * relative to the bot's folder, and the bundle runs from another (its scratch
 * folder), where Node would resolve them.
 */
function withAbsoluteSources(code: string): string {
  const tag = '//# sourceMappingURL=data:application/json;base64,';
  const at = code.lastIndexOf(tag);
  if (at < 0) return code;
  const map = JSON.parse(Buffer.from(code.slice(at + tag.length).trim(), 'base64').toString('utf8')) as { sources?: string[] };
  map.sources = (map.sources ?? []).map((s) => pathToFileURL(resolve(here, s)).href);
  return `${code.slice(0, at)}${tag}${Buffer.from(JSON.stringify(map)).toString('base64')}\n`;
}
