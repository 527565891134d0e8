/**
 * The worker entry (piscina): plays a batch of match ids of a run and returns
 * their matches.csv lines. A batch names its ids as an arithmetic range, and
 * the worker rebuilds the specs from the run config, so messages stay small.
 * Bots are loaded here, once per worker and run.
 */
import { loadCatalogue } from '../rules/nhm/catalogue.js';
import type { RunConfig } from './config.js';
import { dirname } from 'node:path';
import { MatchPlayer, type ReplayChoice } from './player.js';
import { matchLine } from './records.js';

/** A batch: ids start, start + step, … (count of them). */
export interface BatchTask {
  /** Identifies the run (its config's canonical JSON hash) for the worker's cache. */
  readonly key: string;
  readonly run: RunConfig;
  /** The run's catalogue file (the copy in its folder). */
  readonly cataloguePath: string;
  /** Which matches write a replay into the run folder (matches with a bot fault always do). */
  readonly saveReplays: ReplayChoice;
  readonly start: number;
  readonly step: number;
  readonly count: number;
}

export type BatchResult =
  | { readonly ok: true; readonly text: string; readonly count: number }
  /** The run could not be set up in the worker (not a match's fault): the run stops. */
  | { readonly ok: false; readonly setup: string };

const players = new Map<string, Promise<MatchPlayer>>();

async function playerFor(task: BatchTask): Promise<MatchPlayer> {
  const key = `${task.key}/${task.saveReplays}`;
  let p = players.get(key);
  if (!p) {
    p = (async () => {
      const cat = loadCatalogue(task.cataloguePath);
      if (cat.hash !== task.run.catalogueHash)
        throw new Error(`the catalogue ${task.cataloguePath} has changed since the run began (hash ${cat.hash.slice(0, 12)}, run ${task.run.catalogueHash.slice(0, 12)})`);
      return MatchPlayer.create(task.run, cat, { dir: dirname(task.cataloguePath), save: task.saveReplays });
    })();
    players.set(key, p);
  }
  return p;
}

/** Plays a batch. A match that throws rejects the whole batch (the runner retries its matches one by one). */
export default async function playBatch(task: BatchTask): Promise<BatchResult> {
  let player: MatchPlayer;
  try {
    player = await playerFor(task);
  } catch (e) {
    players.delete(`${task.key}/${task.saveReplays}`);
    return { ok: false, setup: (e as Error)?.message ?? String(e) };
  }
  // One line per match, joined once: a flat string (cheap to post), no per-field arrays.
  const lines = new Array<string>(task.count);
  for (let i = 0; i < task.count; i++) lines[i] = matchLine(player.play(task.start + i * task.step));
  return { ok: true, text: lines.join(''), count: task.count };
}
