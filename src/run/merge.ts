/**
 * Merging shard folders (`havoc merge OUT DIR…`) into the folder one run
 * would have made: the same config, catalogue and matches.csv (rows in id
 * order), from which the tables are rebuilt. Folders of a different run,
 * rules version or catalogue are refused; a match found in two folders is
 * an error, and so are missing matches unless allowed (the merged folder can
 * then be finished with `havoc resume`).
 *
 * Two passes over the files, streamed: the first checks every row and notes
 * which folder holds each match (4 bytes a match), the second writes the rows
 * in id order. Only a folder whose rows are not in id order (a merged folder
 * finished by `resume`) is held in memory.
 */
import { join } from 'node:path';
import { HavocError } from '../core/errors.js';
import { scheduleTotal } from '../config/total.js';
import type { RunConfig } from '../config/types.js';
import { folderData, initRunFolder, inspectFolder, runDifference, sameRun, type FolderConfig } from '../store/folder.js';
import { linesOf, MatchesWriter, readMatches } from '../store/records.js';
import { keepSeatKey } from './seatKeyFile.js';
import { checkMatchSums } from '../store/matchSums.js';
import { figuresOf, seatsOf } from './schedule.js';

export interface MergeResult {
  readonly run: RunConfig;
  /** The run's data as its ruleset read it (undefined: it reads none). */
  readonly data: unknown;
  readonly scheduled: number;
  readonly played: number;
  readonly missing: number;
}

const listIds = (ids: number[]): string => ids.slice(0, 10).join(', ') + (ids.length > 10 ? `, … (${ids.length} in all)` : '');

/** Checks that `out` is free and every folder holds part of the same run. Writes nothing. */
export function checkMerge(out: string, dirs: readonly string[]): FolderConfig[] {
  if (dirs.length === 0) throw new HavocError('ERR_MERGE', 'merge', 'name the folders to merge');
  if (inspectFolder(out).kind !== 'empty') throw new HavocError('ERR_MERGE', out, 'the output folder must be new or empty');
  const configs = dirs.map((d) => {
    const f = inspectFolder(d);
    if (f.kind !== 'run') throw new HavocError('ERR_MERGE', d, f.kind === 'parent' ? 'a folder of several runs: merge its run folders' : 'not a run folder (no config.json of a run)');
    return f.config;
  });
  const base = configs[0].run;
  configs.forEach((c, i) => {
    const r = c.run;
    if (r.rulesVersion !== base.rulesVersion)
      throw new HavocError('ERR_MERGE', dirs[i], `played under rules ${r.rulesVersion}, but ${dirs[0]} under ${base.rulesVersion}`);
    if (r.catalogueHash !== base.catalogueHash)
      throw new HavocError('ERR_MERGE', dirs[i], `played with another data file (hash ${(r.catalogueHash ?? 'none').slice(0, 12)}, ${dirs[0]} has ${(base.catalogueHash ?? 'none').slice(0, 12)})`);
    if (!sameRun(r, base)) throw new HavocError('ERR_MERGE', dirs[i], `not the same run as ${dirs[0]}: ${runDifference(base, r)}`);
  });
  return configs;
}

/** Merges the matches of `dirs` into a new run folder `out`. */
export function mergeFolders(out: string, dirs: readonly string[], opts: { allowMissing?: boolean } = {}): MergeResult {
  const configs = checkMerge(out, dirs);
  const run = configs[0].run;
  const data = folderData(dirs[0], run);
  dirs.forEach((d) => folderData(d, run));
  const total = scheduleTotal(run);
  const k = seatsOf(run), figures = figuresOf(run);
  // First pass: check every row, and note which folder holds each match and whether a folder's rows are in id order.
  const from = new Int32Array(total).fill(-1);
  const inOrder = dirs.map(() => true);
  for (const d of dirs) checkMatchSums(join(d, 'matches.csv')); // a row changed since it was written is refused
  dirs.forEach((d, i) => {
    const shard = configs[i].shard;
    let last = -1;
    readMatches(join(d, 'matches.csv'), k, (r) => {
      if (r.id < 0 || r.id >= total || (shard && r.id % shard.count !== shard.index - 1))
        throw new HavocError('ERR_MERGE', join(d, 'matches.csv'), `match ${r.id} is not part of this folder's ${shard ? 'shard' : 'run'}`);
      if (from[r.id] >= 0) throw new HavocError('ERR_MERGE', d, `match ${r.id} is also in ${dirs[from[r.id]]}: the folders overlap`);
      from[r.id] = i;
      if (r.id < last) inOrder[i] = false;
      last = r.id;
    }, false, figures);
  });
  const missing: number[] = [];
  for (let id = 0; id < total; id++) if (from[id] < 0) missing.push(id);
  if (missing.length && !opts.allowMissing)
    throw new HavocError(
      'ERR_MERGE',
      'merge',
      `${missing.length} of ${total} matches are in none of the folders (ids ${listIds(missing)}): resume the unfinished shards, add the missing ones, or pass --allow-missing`,
    );
  // Second pass: the rows in id order. A folder whose rows are in id order (every folder a run or a
  // shard wrote; a merged folder resumed later may not be) is streamed; another is held in memory.
  const sources = dirs.map((d, i) => {
    const path = join(d, 'matches.csv');
    if (inOrder[i]) {
      const lines = linesOf(path);
      lines.next(); // the header
      return { line: (): string => lines.next().value ?? '', close: () => void lines.return() };
    }
    const held = new Map<number, string>();
    readMatches(path, k, (r, line) => held.set(r.id, line), false, figures);
    return { line: (id: number): string => held.get(id)!, close: () => held.clear() };
  });
  initRunFolder(out, run, null, data?.text ?? null, `merge of ${dirs.join(', ')}`);
  keepSeatKey(out, run.seed); // the shards' key (the run seed's): a merged folder resumes as the run would
  const writer = new MatchesWriter(join(out, 'matches.csv'), k, figures);
  try {
    let chunk = '';
    for (let id = 0; id < total; id++) {
      if (from[id] < 0) continue;
      chunk += sources[from[id]].line(id) + '\n';
      if (chunk.length > 1 << 16) writer.append(chunk), (chunk = '');
    }
    writer.append(chunk);
  } finally {
    writer.close();
    for (const s of sources) s.close();
  }
  return { run, data: data?.value, scheduled: total, played: total - missing.length, missing: missing.length };
}
