/**
 * Any match of a run, played again from its folder: a match is a pure
 * function of the run's config, its data (NHM: its catalogue) and its id, so its replay can
 * be made on demand (`havoc replay DIR --match ID`) even when the run did not
 * save it.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { HavocError } from '../core/errors.js';
import type { RunConfig } from '../config/types.js';
import { type ChosenMatch, MatchChooser } from './interest.js';
import { readMatches } from '../store/records.js';
import { replayPath } from '../store/replays.js';
import { figuresOf, seatsOf } from './schedule.js';
import { matchTeams } from './teams.js';
import { writeAtomic } from '../store/folder.js';
import { scheduleTotal } from '../config/total.js';
import { loadRunRuleset } from '../config/rulesets.js';
import { folderData, inspectFolder } from '../store/folder.js';
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

/** The file that lists the matches a run chose to save (`--save-replays N`), most interesting first. */
export const CHOSEN_FILE = 'chosen.json';

/**
 * Saves the replays of up to `count` matches of the run in `dir` chosen for
 * interest (interest.ts) from its matches.csv, `strength` each entrant's
 * score rate; `play` plays the chosen matches not saved yet again with their
 * replays saved (runner.ts saveReplaysOf: on the pool, under the watchdog).
 * Writes the choice to replays/chosen.json (why each was chosen) and returns it.
 */
export async function saveChosenReplays(
  dir: string,
  run: RunConfig,
  strength: ReadonlyMap<string, number>,
  count: number,
  play: (ids: readonly number[]) => Promise<unknown>,
): Promise<ChosenMatch[]> {
  const sides = matchTeams(run);
  const entrant = sides
    ? (r: { bots: readonly string[] }, s: number) => sides.team(r.bots, sides.side[s])
    : run.between === 'bots' ? (r: { bots: readonly string[] }, s: number) => r.bots[s] : (r: { loadouts: readonly string[] }, s: number) => r.loadouts[s];
  const chooser = new MatchChooser(entrant, strength, count);
  readMatches(join(dir, 'matches.csv'), seatsOf(run), (r) => chooser.add(r), false, figuresOf(run));
  const chosen = chooser.chosen();
  const missing = chosen.filter((c) => !existsSync(replayPath(dir, c.id))).map((c) => c.id);
  if (missing.length) await play(missing);
  mkdirSync(join(dir, 'replays'), { recursive: true });
  const saved = chosen.filter((c) => existsSync(replayPath(dir, c.id)));
  writeAtomic(join(dir, 'replays', CHOSEN_FILE), JSON.stringify({ format: 'havoc-chosen/1', between: run.between, matches: saved }, null, 1) + '\n');
  return saved;
}
