/**
 * A run's folder: `config.json` (the resolved run and its shard, everything
 * resume needs), `parts.json` (a copy of the ruleset's data file it was played with, NHM's
 * parts catalogue; none for a ruleset that reads no data),
 * `matches.csv` (append-only), `errors.log`, and the tables. A config of
 * several runs makes a parent folder whose `config.json` lists them, one
 * subfolder each. `config.sha256` holds the sha256 of config.json's content
 * (canonical JSON, so only a change of meaning counts): a config.json edited
 * after the run began (its seed, turn limit, budget) is refused wherever the
 * folder is read (resume, merge, a contest carried on). A folder written
 * before it has none and is taken as it is.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { HavocError } from '../core/errors.js';
import { refusedWrite } from '../core/environment.js';
import { canonicalJson } from '../core/json.js';
import { rulesetById } from '../rules/registry.js';
import { RUN_FORMAT, type RunConfig } from '../config/types.js';
import { parseData, type RunData } from '../config/data.js';
import type { Shard } from './shard.js';

export const FOLDER_FORMAT = 'havoc-run-folder/1';
export const PARENT_FORMAT = 'havoc-runs/1';

/** config.json of a run folder. */
export interface FolderConfig {
  readonly format: typeof FOLDER_FORMAT;
  /** The config file it came from (information only). */
  readonly source: string;
  readonly shard: Shard | null;
  readonly run: RunConfig;
}

/** config.json of a parent folder. */
export interface ParentConfig {
  readonly format: typeof PARENT_FORMAT;
  readonly source: string;
  readonly runs: readonly string[];
}

/** Writes a file by renaming a finished temporary copy, so a reader never sees half of it; a disk full (or a folder not writable) is a HavocError naming the file, the old copy left as it was. */
export function writeAtomic(path: string, text: string): void {
  refusedWrite(path, () => {
    try {
      writeFileSync(path + '.tmp', text);
      renameSync(path + '.tmp', path);
    } catch (e) {
      rmSync(path + '.tmp', { force: true });
      throw e;
    }
  });
}

/** The file holding config.json's hash. */
export const CONFIG_SUM = 'config.sha256';

const configSum = (json: unknown): string => createHash('sha256').update(canonicalJson(json)).digest('hex');

/** Writes a run folder's config.json, its hash first (a folder cut short between the two has no config.json: it counts as empty). */
export function writeFolderConfig(dir: string, config: FolderConfig): void {
  const text = JSON.stringify(config, null, 2) + '\n';
  // The hash of what is written, read back: a field set to undefined (a duel's config has some) is not in the file.
  writeAtomic(join(dir, CONFIG_SUM), configSum(JSON.parse(text)) + '\n');
  writeAtomic(join(dir, 'config.json'), text);
}

/** What a folder holds. */
export type FolderKind = { kind: 'run'; config: FolderConfig } | { kind: 'parent'; config: ParentConfig } | { kind: 'empty' } | { kind: 'other' };

/** Looks at a folder: a run, a parent of runs, empty (or missing), or something else. */
export function inspectFolder(dir: string): FolderKind {
  if (!existsSync(dir)) return { kind: 'empty' };
  if (!statSync(dir).isDirectory()) throw new HavocError('ERR_RUN_FOLDER', dir, 'is a file, not a folder: choose another --out');
  const path = join(dir, 'config.json');
  // A folder whose creation was cut short (before config.json was in place) counts as empty.
  if (!existsSync(path)) return readdirSync(dir).every((f) => /^((parts|config)\.json(\.tmp)?|config\.sha256(\.tmp)?|run\.lock)$/.test(f)) ? { kind: 'empty' } : { kind: 'other' };
  let json: { format?: string; run?: { format?: string } };
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    throw new HavocError('ERR_RUN_FOLDER', path, `not valid JSON (${(e as Error).message})`);
  }
  if (json.format === FOLDER_FORMAT && json.run?.format === RUN_FORMAT) {
    const sum = join(dir, CONFIG_SUM);
    if (existsSync(sum) && readFileSync(sum, 'utf8').trim() !== configSum(json))
      throw new HavocError(
        'ERR_RUN_FOLDER',
        path,
        `changed since the run was written (its sha256 differs from ${CONFIG_SUM}'s): the matches there were played with the config it began with; undo the edit, or play the new settings in a new folder`,
      );
    return { kind: 'run', config: json as unknown as FolderConfig };
  }
  if (json.format === PARENT_FORMAT) return { kind: 'parent', config: json as unknown as ParentConfig };
  return { kind: 'other' };
}

/** The same run, in the same slice? (Canonical JSON, so key order does not matter.) */
export const sameRun = (a: RunConfig, b: RunConfig): boolean => canonicalJson(a) === canonicalJson(b);

/** Explains how two runs differ, by top-level field. */
export function runDifference(a: RunConfig, b: RunConfig): string {
  const fields = [...new Set([...Object.keys(a), ...Object.keys(b)])].filter(
    (k) => canonicalJson((a as unknown as Record<string, unknown>)[k]) !== canonicalJson((b as unknown as Record<string, unknown>)[k]),
  );
  // A bot whose module changed is named: the usual reason two plans of one config differ.
  const changed = a.bots.filter((x) => b.bots.some((y) => y.name === x.name && y.bot === x.bot && y.sha256 !== x.sha256)).map((x) => x.name);
  const detail = changed.length ? ` (the module of ${changed.join(', ')} has changed: its sha256 differs)` : '';
  return fields.length ? `they differ in ${fields.join(', ')}${detail}` : 'they are the same';
}

/**
 * Checks that `dir` can take this run: empty, or already holding the same
 * run (then it is resumed). Throws a HavocError otherwise. Writes nothing.
 */
export function checkRunFolder(dir: string, run: RunConfig, shard: Shard | null): 'new' | 'resume' {
  const f = inspectFolder(dir);
  if (f.kind === 'empty') return 'new';
  if (f.kind !== 'run') throw new HavocError('ERR_RUN_FOLDER', dir, 'the output folder holds something other than this run; choose another with --out');
  if (!sameRun(f.config.run, run))
    throw new HavocError('ERR_RUN_FOLDER', dir, `the folder holds a different run (${runDifference(f.config.run, run)}); choose another folder with --out, or remove it`);
  if (canonicalJson(f.config.shard) !== canonicalJson(shard)) {
    const show = (s: Shard | null) => (s ? `shard ${s.index}/${s.count}` : 'no shard');
    throw new HavocError('ERR_RUN_FOLDER', dir, `the folder holds ${show(f.config.shard)} of this run, not ${show(shard)}`);
  }
  return 'resume';
}

/** The run folder's copy of the ruleset's data file. */
export const DATA_FILE = 'parts.json';

/** Creates (or refreshes) a run folder's config.json and its copy of the data file (`dataText`; null: the ruleset reads none). */
export function initRunFolder(dir: string, run: RunConfig, shard: Shard | null, dataText: string | null, source: string): void {
  writable(dir, () => {
    mkdirSync(dir, { recursive: true });
    if (!existsSync(join(dir, 'config.json'))) {
      if (dataText !== null) writeAtomic(join(dir, DATA_FILE), dataText);
      writeFolderConfig(dir, { format: FOLDER_FORMAT, source, shard, run });
    }
  });
}

/** Runs `write`; a file error becomes a HavocError naming the folder (the machine's problem, not the run's). */
function writable(dir: string, write: () => void): void {
  try {
    write();
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (!code || e instanceof HavocError) throw e;
    throw new HavocError('ERR_ENVIRONMENT', dir, `cannot write the run folder (${code}: ${(e as Error).message.replace(/^[A-Z]+: /, '')})`);
  }
}

/** Writes a parent folder's config.json. */
export function initParentFolder(dir: string, runs: readonly string[], source: string): void {
  writable(dir, () => {
    mkdirSync(dir, { recursive: true });
    const config: ParentConfig = { format: PARENT_FORMAT, source, runs };
    writeAtomic(join(dir, 'config.json'), JSON.stringify(config, null, 2) + '\n');
  });
}

/** Checks a parent folder for a multi-run config: empty, or the same list of runs. */
export function checkParentFolder(dir: string, runs: readonly string[]): void {
  const f = inspectFolder(dir);
  if (f.kind === 'empty') return;
  if (f.kind === 'parent' && canonicalJson(f.config.runs) === canonicalJson(runs)) return;
  throw new HavocError('ERR_RUN_FOLDER', dir, 'the output folder holds something other than these runs; choose another with --out');
}

/**
 * The data a run folder was played with (its parts.json, read by the run's
 * ruleset, which must be loaded), checked against the run's hash; null for a
 * ruleset that reads none.
 */
export function folderData(dir: string, run: RunConfig): RunData | null {
  const file = rulesetById(run.ruleset).data;
  if (!file || run.catalogueHash === undefined) {
    if (file || run.catalogueHash !== undefined)
      throw new HavocError('ERR_RUN_FOLDER', join(dir, 'config.json'), `the run ${run.catalogueHash === undefined ? 'records no' : 'records a'} data file's hash, but ${run.ruleset} ${file ? 'reads one' : 'reads none'}`);
    return null;
  }
  const path = join(dir, DATA_FILE);
  if (!existsSync(path)) throw new HavocError('ERR_RUN_FOLDER', path, 'missing: the run folder is incomplete');
  const d = parseData(file, path, () => readFileSync(path, 'utf8'));
  if (d instanceof HavocError) throw new HavocError('ERR_RUN_FOLDER', path, d.problem);
  if (d.hash !== run.catalogueHash) throw new HavocError('ERR_RUN_FOLDER', path, `this ${file.title} is not the one the run was played with (its hash differs)`);
  return d;
}
