/**
 * The parts catalogues configs name, each read and parsed once per process
 * (by absolute path) and kept with its text, which a run folder saves. A
 * catalogue that cannot be read or parsed is kept as its error.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { HavocError } from '../../core/errors.js';
import { parseCatalogue } from '../../rules/nhm/catalogue.js';
import type { Catalogue } from '../../rules/nhm/parts.js';

export interface ReadCatalogue {
  readonly cat: Catalogue;
  readonly text: string;
}

const cache = new Map<string, ReadCatalogue | HavocError>();

/** The catalogue at `path` with its text, or the HavocError saying why it cannot be used. */
export function readCatalogue(path: string): ReadCatalogue | HavocError {
  const key = resolve(path);
  let c = cache.get(key);
  if (!c) {
    try {
      const text = readFileSync(key, 'utf8');
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch (e) {
        throw new HavocError('bad-catalogue', path, `not valid JSON (${(e as Error).message})`);
      }
      c = { cat: parseCatalogue(json, path), text };
    } catch (e) {
      c = e instanceof HavocError ? e : new HavocError('bad-catalogue', path, `cannot read the file (${(e as Error).message})`);
    }
    cache.set(key, c);
  }
  return c;
}
