/**
 * What a run needs besides the code every checkout has: its config, its copy
 * of the ruleset's data file (parts.json) and its bots named by path, each
 * bundled into one module (esbuild, as TypeScript bots already are) so the
 * files it imports travel too. Each file goes with its sha256; a worker
 * checks them before writing them into its cache, and the data file is
 * checked once more against the run's own hash as a local run checks it.
 */
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HavocError } from '../../core/errors.js';
import { commandOf, isBotPath } from '../bots.js';
import type { RunConfig } from '../config/types.js';
import { DATA_FILE } from '../folder.js';
import { compiledBot } from '../typescriptBots.js';

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
}

const sha = (text: string): string => createHash('sha256').update(text).digest('hex');
const ship = (text: string): Shipped => ({ text, sha256: sha(text) });

/** Gathers a run's files from its folder; a HavocError for what cannot travel. */
export function gatherRunFiles(key: string, code: string, run: RunConfig, dir: string): RunFiles {
  if (run.rulesetModule) throw new HavocError('queue', run.name, 'a ruleset named by path cannot be played on the queue (only the built-in rulesets travel); use --shard K/N on machines that have it');
  const bots: Record<string, Shipped> = {};
  for (const b of run.bots) {
    if (commandOf(b.bot)) throw new HavocError('queue', run.name, `bot ${b.name} runs as a command, which cannot travel with the run; use --shard K/N on machines that have it`);
    if (isBotPath(b.bot)) bots[b.bot] = ship(readFileSync(compiledBot(b.bot), 'utf8'));
  }
  const dataPath = join(dir, DATA_FILE);
  return { key, code, run, data: existsSync(dataPath) ? ship(readFileSync(dataPath, 'utf8')) : null, bots };
}

/** Where a worker keeps a run: a folder holding its data file, and the local copy of each path bot. */
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

/** Checks a run's files against their hashes and writes them: its folder under `cache`, its bots in BOT_CACHE; a HavocError naming what differs. */
export function materialize(files: RunFiles, cache: string): LocalRun {
  const check = (what: string, s: Shipped): string => {
    if (sha(s.text) !== s.sha256) throw new HavocError('queue', files.run.name, `${what} arrived with other content than the coordinator sent (sha256 differs); the batch is refused`);
    return s.text;
  };
  const dir = join(cache, 'runs', files.key);
  const botDir = BOT_CACHE;
  mkdirSync(dir, { recursive: true });
  mkdirSync(botDir, { recursive: true, mode: 0o755 });
  chmodSync(botDir, 0o755);
  if (files.data) writeFileSync(join(dir, DATA_FILE), check(DATA_FILE, files.data));
  const botFiles: Record<string, string> = {};
  for (const [spec, s] of Object.entries(files.bots)) {
    const file = join(botDir, `${s.sha256.slice(0, 32)}.mjs`);
    if (!existsSync(file)) writeFileSync(file, check(`bot ${spec}`, s), { mode: 0o644 });
    botFiles[spec] = file;
  }
  return { dir, botFiles };
}
