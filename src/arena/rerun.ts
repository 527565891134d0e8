/**
 * Any match of a run, played again from its folder: a match is a pure
 * function of the run's config, its data (NHM: its catalogue) and its id, so its replay can
 * be made on demand (`havoc replay DIR --match ID`) even when the run did not
 * save it.
 */
import { existsSync } from 'node:fs';
import { HavocError } from '../core/errors.js';
import { replayPath } from './replays.js';
import { scheduleTotal } from './config/total.js';
import { loadRunRuleset } from './config/rulesets.js';
import { folderData, inspectFolder } from './folder.js';
import { MatchPlayer } from './player.js';

/** The replay file of match `id` of the run in `dir`, made by playing the match again when the run did not save it. */
export async function replayOfMatch(dir: string, id: number, trustBots = false): Promise<string> {
  const file = replayPath(dir, id);
  if (existsSync(file)) return file;
  const folder = inspectFolder(dir);
  if (folder.kind !== 'run') throw new HavocError('ERR_ARGS', dir, 'is not a run folder (no config.json of a run)');
  const run = folder.config.run;
  if (!Number.isInteger(id) || id < 0 || id >= scheduleTotal(run))
    throw new HavocError('ERR_ARGS', `--match ${id}`, `the run has matches 0 to ${scheduleTotal(run) - 1}`);
  await loadRunRuleset(run, dir);
  const player = await MatchPlayer.create(run, folderData(dir, run)?.value, { dir, save: 'all' }, trustBots);
  player.play(id);
  return file;
}
