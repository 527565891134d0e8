/**
 * A duel's folder: one run folder whose run grows a check at a time
 * (config.json rewritten as it grows, matches.csv only appended, as a
 * contest's), with duel.json (the test, where it stands, the verdict) and
 * pairs.csv beside it. The same command run again carries it on; a folder
 * holding another duel, or this one under another test, is refused.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { canonicalJson } from '../../core/json.js';
import { HavocError } from '../../core/errors.js';
import type { RunConfig } from '../../config/types.js';
import type { DuelSprtSpec } from '../../stats/pentanomialSprt.js';
import { FOLDER_FORMAT, inspectFolder, writeAtomic, type FolderConfig } from '../../store/folder.js';

export const DUEL_FILE = 'duel.json';
export const PAIRS_FILE = 'pairs.csv';

/** The run to carry on in `dir` (its matches so far kept), and whether the folder is new. Writes nothing. */
export function duelRun(dir: string, run: RunConfig, sprt: DuelSprtSpec): { run: RunConfig; fresh: boolean } {
  const f = inspectFolder(dir);
  if (f.kind === 'empty') return { run, fresh: true };
  if (f.kind !== 'run' || f.config.run.schedule.type !== 'duel') throw new HavocError('ERR_RUN_FOLDER', dir, 'the output folder holds something other than a duel; choose another with --out');
  const prev = f.config.run;
  const rest = (r: RunConfig): Record<string, unknown> => ({ ...r, schedule: r.schedule.type === 'duel' ? { ...r.schedule, matches: null } : r.schedule });
  const a = rest(prev), b = rest(run);
  const differ = Object.keys({ ...a, ...b }).filter((k) => canonicalJson(a[k]) !== canonicalJson(b[k]));
  if (differ.length)
    throw new HavocError('ERR_RUN_FOLDER', dir, `the folder holds a duel with other settings (they differ in ${differ.join(', ')}); its games were played so: choose another folder with --out`);
  const state = readDuelState(dir);
  if (state && canonicalJson(state.sprt) !== canonicalJson(sprt))
    throw new HavocError('ERR_RUN_FOLDER', dir, `the folder's duel tests ${sprtText(state.sprt)}, not ${sprtText(sprt)}: its verdict was reached so; choose another folder with --out`);
  return { run: prev, fresh: false };
}

export const sprtText = (s: DuelSprtSpec): string => `elo0=${s.elo0},elo1=${s.elo1},alpha=${s.alpha},beta=${s.beta} (${s.model})`;

/** Rewrites the duel's config.json (its schedule has grown). */
export function saveDuelRun(dir: string, run: RunConfig): void {
  const config: FolderConfig = { format: FOLDER_FORMAT, source: 'havoc duel', shard: null, run };
  writeAtomic(join(dir, 'config.json'), JSON.stringify(config, null, 2) + '\n');
}

/** duel.json's test, or null when the folder has none yet. */
function readDuelState(dir: string): { sprt: DuelSprtSpec } | null {
  try {
    const v = JSON.parse(readFileSync(join(dir, DUEL_FILE), 'utf8')) as { format?: string; sprt?: DuelSprtSpec };
    return v.format === 'havoc-duel/1' && v.sprt ? { sprt: v.sprt } : null;
  } catch {
    return null;
  }
}
