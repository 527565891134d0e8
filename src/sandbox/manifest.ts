/**
 * An entrant's manifest: a JSON file `{ "name", "author"?, "language"?,
 * "bot": PATH | "command": [...], "rulesets"?: [...], "builds"?: { RULESET:
 * [BUILD, …] } }` beside its bot, paths relative to the manifest. `havoc
 * check-bot` and `havoc contest` read it; every problem names its field.
 */
import { existsSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { z } from 'zod';
import { HavocError, HavocProblems } from '../core/errors.js';
import { readJsonFile } from '../core/json.js';
import { rulesetIds } from '../rules/registry.js';
import { commandSpec } from '../match/bots.js';

const Manifest = z
  .object({
    name: z.string().min(1),
    author: z.string().optional(),
    language: z.string().optional(),
    bot: z.string().min(1).optional(),
    command: z.array(z.string().min(1)).min(1).optional(),
    rulesets: z.array(z.string().min(1)).min(1).optional(),
    builds: z.record(z.string(), z.array(z.unknown()).min(2)).optional(),
  })
  .strict();

/** A manifest read and checked. */
export interface EntrantManifest {
  /** The manifest file, absolute. */
  readonly file: string;
  readonly name: string;
  readonly author: string | null;
  readonly language: string | null;
  /** The bot as the arena names it: a module's absolute path, or a command's spec (bots.ts commandSpec). */
  readonly spec: string;
  /** `bot` made absolute, or `command` with the words naming the manifest's files made absolute. */
  readonly bot: { readonly bot: string } | { readonly command: readonly string[] };
  /** Rulesets it plays (null: every registered one). */
  readonly rulesets: readonly string[] | null;
  /** Builds per ruleset, as a config writes them (one per seat). */
  readonly builds: Readonly<Record<string, readonly unknown[]>>;
}

/** Reads the manifest at `path`; a HavocError (several: HavocProblems) naming each bad field. */
export function readManifest(path: string): EntrantManifest {
  const raw = readJsonFile(path, 'ERR_MANIFEST');
  const m = Manifest.safeParse(raw);
  if (!m.success) throw new HavocProblems('ERR_MANIFEST', path, m.error.issues.map((i) => new HavocError('ERR_MANIFEST', `${path}: ${i.path.join('.') || '(the manifest)'}`, i.message)));
  const v = m.data, here = dirname(resolve(path));
  if ((v.bot === undefined) === (v.command === undefined)) throw new HavocError('ERR_MANIFEST', path, 'give "bot" (a module path) or "command" (a command line), one of them');
  for (const id of v.rulesets ?? []) if (!rulesetIds().includes(id)) throw new HavocError('ERR_MANIFEST', `${path}: rulesets`, `no ruleset "${id}" (rulesets: ${rulesetIds().join(', ')})`);
  // Paths are the manifest's: a command's words that name files there are made absolute, as a config's are.
  const command = v.command?.map((w, i) => ((i > 0 || w.includes('/')) && existsSync(resolve(here, w)) ? resolve(here, w) : w));
  const bot = command ? { command } : { bot: resolve(here, v.bot!) };
  return {
    file: resolve(path),
    name: v.name,
    author: v.author ?? null,
    language: v.language ?? null,
    spec: command ? commandSpec(command) : resolve(here, v.bot!),
    bot,
    rulesets: v.rulesets ?? null,
    builds: v.builds ?? {},
  };
}

/** Interpreters by a source file's extension: a bot in one of these languages runs as a command. */
const INTERPRETERS: Readonly<Record<string, readonly string[]>> = {
  '.py': ['python3'],
  '.rb': ['ruby'],
  '.pl': ['perl'],
  '.lua': ['lua'],
  '.php': ['php'],
  '.r': ['Rscript'],
  '.jl': ['julia'],
  '.sh': ['sh'],
};
/** Sources a compiler turns into a program. */
const COMPILED = ['.c', '.cc', '.cpp', '.rs', '.go', '.java', '.cs', '.kt', '.zig', '.hs'];

/**
 * When a bot is named by a file that is not a JavaScript or TypeScript module (`bot.py`): what to do instead,
 * in one line, with a manifest that would work (its command for the file's language) and where to save it; a
 * manifest already beside the file is named. Null for a module (or a path with no extension to go by).
 */
export function commandBotHint(path: string): string | null {
  const m = /(\.[A-Za-z0-9]+)$/.exec(path);
  if (!m || /^\.[cm]?[jt]s$/.test(m[1]) || m[1] === '.json') return null;
  const ext = m[1].toLowerCase(), file = basename(path), here = dirname(path);
  const beside = join(here, 'bot.json');
  if (existsSync(beside) && beside !== path) return `a ${ext} bot runs as a command named by a manifest; ${beside} is beside it: havoc check-bot ${beside} (docs/protocol.md)`;
  const command = INTERPRETERS[ext] ? [...INTERPRETERS[ext], file] : COMPILED.includes(ext) ? [`./${file.slice(0, -ext.length)}`] : null;
  const manifest = JSON.stringify({ name: file.slice(0, -ext.length), command: command ?? ['PROGRAM', file], rulesets: rulesetIds().slice(0, 1) });
  const compile = COMPILED.includes(ext) ? ` (compile it first: the command runs the program ./${file.slice(0, -ext.length)})` : command ? '' : ' (PROGRAM: what runs the file)';
  return `a ${ext} bot runs as a command named by a manifest, not as a module: save ${manifest} as ${beside}${compile}, then havoc check-bot ${beside} (docs/protocol.md)`;
}
