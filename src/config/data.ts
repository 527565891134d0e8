/**
 * The data files configs name (`parts`: the file a ruleset's `data` reads,
 * NHM's parts catalogue), each read and parsed once per process (per ruleset
 * and absolute path) and kept with its text, which a run folder saves, and
 * its hash, which the run records. A file that cannot be read or parsed is
 * kept as its error.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { HavocError } from '../core/errors.js';
import type { AnyGameModule, DataFile } from '../core/game.js';

/** A ruleset's data as a run holds it. */
export interface RunData {
  /** What `DataFile.parse` made of the file (NHM: a Catalogue); `withData` takes it. */
  readonly value: unknown;
  /** The file's text, copied into the run folder as it was read. */
  readonly text: string;
  readonly hash: string;
}

/** The code of a problem with a data file (kept from when the one data file was NHM's catalogue). */
export const BAD_DATA = 'ERR_CATALOGUE';

const cache = new WeakMap<DataFile, Map<string, RunData | HavocError>>();

/** The data at `path`, read by `file`, or the HavocError saying why it cannot be used. */
export function readData(file: DataFile, path: string): RunData | HavocError {
  let byPath = cache.get(file);
  if (!byPath) cache.set(file, (byPath = new Map()));
  const key = resolve(path);
  let d = byPath.get(key);
  if (!d) {
    d = parseData(file, path, () => readFileSync(key, 'utf8'));
    byPath.set(key, d);
  }
  return d;
}

/** The data of a text (`read` gives it), or the HavocError saying why it cannot be used. */
export function parseData(file: DataFile, path: string, read: () => string): RunData | HavocError {
  let text: string;
  try {
    text = read();
  } catch (e) {
    return new HavocError(BAD_DATA, path, `cannot read the file (${(e as Error).message})`);
  }
  try {
    const value = file.parse(text, path);
    return { value, text, hash: file.hash(value) };
  } catch (e) {
    return e instanceof HavocError ? e : new HavocError(BAD_DATA, path, `not a ${file.title}: ${(e as Error)?.message ?? String(e)}`);
  }
}

/**
 * The ruleset bound to the data file at `path` (a command's `--parts`; none:
 * itself, with its default data). A HavocError naming `where` when the file
 * is bad or the ruleset reads no data.
 */
export function withDataFile(mod: AnyGameModule, path: string | undefined, where: string): AnyGameModule {
  return path === undefined ? mod : withRunData(mod, rulesetData(mod, path, where)?.value);
}

/**
 * The data a ruleset reads: the file at `path` (a command's `--parts`), else
 * its own default file; undefined for a ruleset that reads none. A HavocError
 * for a bad file, or naming `where` when a path is given to a ruleset that
 * reads no data.
 */
export function rulesetData(mod: AnyGameModule, path: string | undefined, where: string): RunData | undefined {
  if (!mod.data) {
    if (path !== undefined) throw new HavocError('ERR_ARGS', where, `${mod.title} reads no data file`);
    return undefined;
  }
  const d = readData(mod.data, path ?? mod.data.defaultPath());
  if (d instanceof HavocError) throw d;
  return d;
}

/** The ruleset bound to a run's data (itself when it reads none). */
export const withRunData = (mod: AnyGameModule, data: unknown): AnyGameModule => (data !== undefined && mod.withData ? mod.withData(data) : mod);
