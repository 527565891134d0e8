/** JSON helpers shared by every loader: canonical text (for hashes) and reading a file with a clear error. */
import { readFileSync } from 'node:fs';
import { HavocError, type ErrorCode } from './errors.js';

/** A JSON object (not an array, not null). */
export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** JSON with object keys sorted, so equal catalogues hash equal however they are laid out. */
export function canonicalJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(',')}]`;
  if (isObject(v))
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson(v[k])}`)
      .join(',')}}`;
  return JSON.stringify(v) ?? 'null';
}

/** Reads JSON from a file, or throws a HavocError naming the file. */
export function readJsonFile(path: string, code: ErrorCode): unknown {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new HavocError(code, path, `cannot read the file (${(e as Error).message})`);
  }
  return parseJsonText(text, path, code);
}

/** Text without the byte-order mark some editors put first (Notepad's "UTF-8"): JSON.parse refuses it, and it says nothing. */
export const withoutBom = (text: string): string => (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);

/** A file's text as JSON; a HavocError with `code` naming `path` when it is not JSON. */
export function parseJsonText(text: string, path: string, code: ErrorCode): unknown {
  try {
    return JSON.parse(withoutBom(text));
  } catch (e) {
    throw new HavocError(code, path, `not valid JSON (${(e as Error).message})`);
  }
}
