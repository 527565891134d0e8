/**
 * `havoc submit`'s side: a manifest folder packed as a .tar.gz (its files,
 * without .git, __pycache__ and node_modules; a link is refused here, as the
 * server would), or an archive (.tar.gz or .zip) sent as it is, posted to the server's
 * /submit, and its answer.
 */
import { existsSync, lstatSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { HavocError } from '../core/errors.js';
import type { CheckResult } from './play.js';
import { writeTar } from './tar.js';

/** The server's answer to a submission. */
export interface SubmitAnswer {
  readonly entrant: string;
  readonly submission: number;
  readonly token: string | null;
  readonly ok: boolean;
  readonly check: CheckResult;
  readonly files: readonly string[];
  readonly page: string;
}

const SKIP = new Set(['.git', '__pycache__', 'node_modules', '.DS_Store']);

/** A folder's files, relative, sorted. */
function filesOf(dir: string): { name: string; data: Buffer }[] {
  const out: { name: string; data: Buffer }[] = [];
  const walk = (d: string): void => {
    for (const f of readdirSync(d).sort()) {
      if (SKIP.has(f)) continue;
      const p = join(d, f), st = lstatSync(p);
      if (st.isSymbolicLink()) throw new HavocError('ERR_UPLOAD', p, 'is a symbolic link: a submission holds files and folders only (copy the file in)');
      if (st.isDirectory()) walk(p);
      else if (st.isFile()) out.push({ name: relative(dir, p).split('\\').join('/'), data: readFileSync(p) });
    }
  };
  walk(dir);
  return out;
}

/** Sends `path` (a folder, a .tar.gz or a .zip) to the server at `url`. */
export async function submitBot(url: string, path: string, o: { token?: string; name?: string }): Promise<SubmitAnswer> {
  if (!existsSync(path)) throw new HavocError('ERR_ARGS', path, 'no such folder or file');
  let upload: { name: string; data: Buffer };
  if (statSync(path).isDirectory()) {
    if (!existsSync(join(path, 'bot.json'))) throw new HavocError('ERR_UPLOAD', path, 'holds no bot.json: a submission is a manifest folder (docs/contest.md)');
    upload = { name: `${basename(path) || 'bot'}.tar.gz`, data: gzipSync(await writeTar(filesOf(path))) };
  } else if (/\.(tar\.gz|tgz|zip)$/i.test(path)) upload = { name: basename(path), data: readFileSync(path) };
  else throw new HavocError('ERR_ARGS', path, 'send a folder with bot.json, or a .tar.gz or .zip archive of one');
  const form = new FormData();
  if (o.name) form.append('name', o.name);
  if (o.token) form.append('token', o.token);
  form.append('files', new Blob([new Uint8Array(upload.data)]), upload.name);
  let res: Response;
  const target = new URL('/submit', url).toString();
  try {
    res = await fetch(target, { method: 'POST', body: form, headers: { accept: 'application/json' } });
  } catch (e) {
    throw new HavocError('ERR_SERVE', url, `cannot reach the contest server: ${(e as Error & { cause?: Error }).cause?.message ?? (e as Error).message}`);
  }
  const body = (await res.json().catch(() => null)) as (SubmitAnswer & { error?: string }) | null;
  if (!body) throw new HavocError('ERR_SERVE', target, `answered ${res.status} without JSON: is it a havoc contest server?`);
  if (body.error && res.status === 403) throw new HavocError('ERR_ACCESS', 'the server', body.error);
  if (body.error) throw new HavocError('ERR_UPLOAD', 'the server', body.error);
  return body;
}

/** The answer as lines for the terminal. */
export function submittedLines(r: SubmitAnswer, url: string): string[] {
  const c = r.check;
  const lines = [`${r.entrant}: submission ${r.submission} ${r.ok ? 'passed its check and entered the ladder' : 'was refused'} (${r.files.length} files)`];
  if (c.problem) lines.push(`  ${c.problem}`);
  c.games.forEach((g, i) => {
    lines.push(`  game ${i + 1} against random: ${g.result} (${g.reason}, turn ${g.turns})${g.faults.length ? `, ${g.faults.length} faults` : ''}`);
    for (const f of g.faults.slice(0, 3)) lines.push(`    ${f.kind}, turn ${f.turn}${f.where ? ` at ${f.where}` : ''}: ${f.message}`);
  });
  if (c.decisions) lines.push(`  ${c.decisions} decisions: ${c.meanMs.toFixed(2)} ms mean, ${c.maxMs.toFixed(2)} ms max ${c.clock === 'cpu' ? 'of CPU time' : 'by the wall clock'}`);
  if (r.token) lines.push(`your token (keep it: it is needed to submit again and to see your logs): ${r.token}`);
  lines.push(`your page: ${new URL(r.page, url).toString()}`);
  return lines;
}
