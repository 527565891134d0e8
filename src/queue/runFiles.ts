/**
 * What a run needs besides the code every checkout has: its config, its copy
 * of the ruleset's data file (parts.json), its bots named by path, each
 * bundled into one module (esbuild, as TypeScript bots already are) so the
 * files it imports travel too, and its command bots' files (commandFiles.ts).
 * Each file goes with its sha256; a worker checks them before writing them
 * into its cache, and the data file is checked once more against the run's
 * own hash as a local run checks it.
 */
import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { threadId } from 'node:worker_threads';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { HavocError } from '../core/errors.js';
import { commandOf, isBotPath } from '../match/bots.js';
import type { RunConfig } from '../config/types.js';
import { readContestState } from '../run/contest/folder.js';
import { DATA_FILE } from '../store/folder.js';
import { bundledBot } from '../sandbox/bundle.js';
import { gatherCommand, materializeCommand, type CommandBundle } from './commandFiles.js';

/** A file in transit: its text and the sha256 of its bytes. */
export interface Shipped {
  readonly text: string;
  readonly sha256: string;
}

/** A run as the queue stores it, once, for every worker. */
export interface RunFiles {
  readonly key: string;
  /** The coordinator's code hash (codeHash.ts). */
  readonly code: string;
  readonly run: RunConfig;
  /** parts.json of the run folder, when the ruleset reads data. */
  readonly data: Shipped | null;
  /** Per bot named by path (the run's spec): its bundled module. */
  readonly bots: Readonly<Record<string, Shipped>>;
  /** Per command bot (the run's spec): its files and its command line. */
  readonly commands: Readonly<Record<string, CommandBundle>>;
}

const sha = (text: string): string => createHash('sha256').update(text).digest('hex');
const ship = (text: string): Shipped => ({ text, sha256: sha(text) });

/** Gathers a run's files from its folder; a HavocError for what cannot travel. */
export function gatherRunFiles(key: string, code: string, run: RunConfig, dir: string): RunFiles {
  if (run.rulesetModule) throw new HavocError('ERR_QUEUE', run.name, 'a ruleset named by path cannot be played on the queue (only the built-in rulesets travel); use --shard K/N on machines that have it');
  const bots: Record<string, Shipped> = {};
  const commands: Record<string, CommandBundle> = {};
  // A contest's entrants: each manifest's folder travels with its command.
  const manifests = new Map((readContestState(dir)?.entrants ?? []).flatMap((e) => (e.manifest ? [[e.name, dirname(e.manifest)] as const] : [])));
  for (const b of run.bots) {
    if (commandOf(b.bot)) commands[b.bot] = gatherCommand(b.name, b.bot, manifests.get(b.name) ?? null);
    // A path bot travels as its bundle, made inside the sandbox as the bot's own user (never by esbuild here as root).
    else if (isBotPath(b.bot)) bots[b.bot] = ship(bundledBot(b.bot));
  }
  const dataPath = join(dir, DATA_FILE);
  return { key, code, run, data: existsSync(dataPath) ? ship(readFileSync(dataPath, 'utf8')) : null, bots, commands };
}

/** Where a worker keeps a run: a folder holding its data file, and the local copy of each path bot (or a command bot's command run from its copy). */
export interface LocalRun {
  readonly dir: string;
  readonly botFiles: Readonly<Record<string, string>>;
}

/**
 * Where a worker keeps the bots it is sent, named by their hash: a folder
 * the sandbox's unprivileged user can read whatever `--cache` is (a folder
 * under a private one, such as mkdtemp's, would hide the bots from it).
 */
export const BOT_CACHE = join(tmpdir(), 'havoc-queue-bots');

/** Writes `path` whole or not at all: a file of its own (this process and thread, a random part), renamed over it. */
export function writeAside(path: string, text: string, mode?: number): void {
  const aside = `${path}.${process.pid}.${threadId}.${randomBytes(4).toString('hex')}`;
  try {
    writeFileSync(aside, text, mode === undefined ? undefined : { mode });
    renameSync(aside, path);
  } catch (e) {
    rmSync(aside, { force: true });
    throw e;
  }
}

/** Checks a run's files against their hashes and writes them: its folder under `cache`, its bots in BOT_CACHE; a HavocError naming what differs. */
export function materialize(files: RunFiles, cache: string, botDir = BOT_CACHE): LocalRun {
  const check = (what: string, s: Shipped): string => {
    if (sha(s.text) !== s.sha256) throw new HavocError('ERR_QUEUE', files.run.name, `${what} arrived with other content than the coordinator sent (sha256 differs); the batch is refused`);
    return s.text;
  };
  const dir = join(cache, 'runs', files.key);
  mkdirSync(dir, { recursive: true });
  mkdirSync(botDir, { recursive: true, mode: 0o755 });
  chmodSync(botDir, 0o755);
  // Written aside and renamed: another worker of this machine may be reading the run's data file this moment
  // (written in place, it once read half of it: "parts.json: not valid JSON").
  if (files.data) writeAside(join(dir, DATA_FILE), check(DATA_FILE, files.data));
  const botFiles: Record<string, string> = {};
  for (const [spec, s] of Object.entries(files.bots)) {
    const file = join(botDir, `${s.sha256.slice(0, 32)}.mjs`);
    if (!existsSync(file)) {
      writeAside(file, check(`bot ${spec}`, s), 0o644); // whole or not at all: a worker beside this one may load it at once
    }
    botFiles[spec] = file;
  }
  const names = new Map(files.run.bots.map((b) => [b.bot, b.name]));
  for (const [spec, bundle] of Object.entries(files.commands)) botFiles[spec] = materializeCommand(names.get(spec) ?? spec, bundle, botDir);
  return { dir, botFiles };
}
