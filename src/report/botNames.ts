/**
 * A run's bots by name, from its config.json: what a replay's header names
 * by its spec (a module's path, a command with its files' paths) the report
 * shows by the entrant's name, and each bot's folder — where its files are,
 * so a fault's file and line are read from its stderr and the organiser's
 * paths are taken out of its messages (faultCauses.ts).
 */
import { readFileSync } from 'node:fs';
import { dirname, isAbsolute, join } from 'node:path';
import { commandOf } from '../match/bots.js';

export interface RunBotNames {
  /** The name of the bot a replay's header names by `spec` (the spec itself when the run has no such bot). */
  nameOf(spec: string): string;
  /** The folder of a bot's files (its module's, or its command's first file's), or null for a built-in. */
  rootOf(name: string): string | null;
  /** Every bot's folder. */
  readonly roots: readonly string[];
}

/** The bots of the run in folder `dir` (none when its config.json cannot be read). */
export function runBotNames(dir: string): RunBotNames {
  let bots: { name: string; bot: string }[] = [];
  try {
    const c = JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8')) as { run?: { bots?: { name: string; bot: string }[] } };
    bots = Array.isArray(c.run?.bots) ? c.run.bots.filter((b) => typeof b?.name === 'string' && typeof b?.bot === 'string') : [];
  } catch {
    bots = [];
  }
  const byName = new Map(bots.map((b) => [b.name, b.bot]));
  const bySpec = new Map(bots.map((b) => [b.bot, b.name]));
  const rootOfSpec = (spec: string): string | null => {
    const words = commandOf(spec) ?? [spec];
    const file = words.find((w, i) => (i > 0 || words.length === 1) && isAbsolute(w));
    return file ? dirname(file) : null;
  };
  const roots = [...new Set(bots.map((b) => rootOfSpec(b.bot)).filter((r): r is string => r !== null))].sort((a, b) => b.length - a.length);
  return {
    nameOf: (spec) => bySpec.get(spec) ?? spec,
    rootOf: (name) => (byName.has(name) ? rootOfSpec(byName.get(name)!) : null),
    roots,
  };
}
