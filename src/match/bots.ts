/**
 * Finding bots: a built-in bot by name (`random`, `greedy`, …, compiled from
 * `bots/`), or a user's module by path (`./my-bot.js`). Either way the module's
 * default export is a BotFactory. Built-in bots are trusted and run in the
 * arena's threads; a bot named by path is untrusted and is never imported
 * here: it runs isolated (isolation/), unless the organiser trusts it
 * (`--unsafe-bots`).
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { HavocError } from '../core/errors.js';
import { builtFile, packageRoot } from '../core/paths.js';
import type { AnyBotFactory } from '../core/bot.js';
import { compiledBot, isTypeScript } from './typescriptBots.js';

const fromSources = fileURLToPath(import.meta.url).endsWith('.ts');

/** Where the built-in bot `name` lives: its compiled module (the bundle's, from the bundle), or its .ts source under the test runner. */
export function builtinBotPath(name: string): string | null {
  const p = fromSources ? join(packageRoot(), 'bots', name + '.ts') : builtFile(join('bots', name + '.js'));
  return existsSync(p) ? p : null;
}

/** Whether a bot spec names a file rather than a built-in bot. */
export const isBotPath = (spec: string): boolean => /[\\/]/.test(spec) || /\.[cm]?[jt]s$/.test(spec);

/** A loaded bot module: its factory, and its native policy when it has one; or, for an isolated bot, the module's path. */
export interface BotModule {
  /** The factory (null for an isolated bot, whose factory is made per match: isolation/remoteBot.ts). */
  readonly factory: AnyBotFactory | null;
  /** An isolated bot: its module's absolute path, or a command bot's spec (`command:[…]`). */
  readonly isolated?: string;
  /**
   * `export const policy`: the same bot as a function a ruleset's fast path
   * may take (`GameModule.fast.accepts`; RBP's two-pig kernel takes a
   * NativePolicy, src/rules/rbp/kernel.ts).
   */
  readonly policy: unknown;
}

/**
 * A bot in any language is a command (`{"command": ["python3", "bot.py"]}` in
 * a config) that speaks the bot protocol itself; a run names it by this spec:
 * `command:` and the command line as a JSON array of absolute paths and words.
 */
export const COMMAND_PREFIX = 'command:';

/** The command line of a command bot's spec, or null for any other spec. */
export function commandOf(spec: string): string[] | null {
  if (!spec.startsWith(COMMAND_PREFIX)) return null;
  try {
    const argv = JSON.parse(spec.slice(COMMAND_PREFIX.length)) as unknown;
    return Array.isArray(argv) && argv.length > 0 && argv.every((a) => typeof a === 'string') ? (argv as string[]) : null;
  } catch {
    return null;
  }
}

/** The spec of a command bot. */
export const commandSpec = (argv: readonly string[]): string => COMMAND_PREFIX + JSON.stringify(argv);

/** Whether a bot runs isolated: a command, or named by path and not trusted. */
export const runsIsolated = (spec: string, trusted: boolean): boolean => commandOf(spec) !== null || (isBotPath(spec) && !trusted);

/** Whether a bot is code not ours that runs in the arena's threads anyway: named by path (not a command) with `--unsafe-bots`. */
export const runsTrustedFromPath = (spec: string, trusted: boolean): boolean => trusted && isBotPath(spec) && commandOf(spec) === null;

/** Loads a bot module by built-in name or by path; an untrusted one (a path, `trusted` false) is only found, not imported. */
export async function loadBotModule(spec: string, trusted = true): Promise<BotModule> {
  if (commandOf(spec)) return { factory: null, isolated: spec, policy: null };
  const path = isBotPath(spec) ? resolve(spec) : builtinBotPath(spec);
  if (!path || !existsSync(path)) throw new HavocError('ERR_BOT', spec, isBotPath(spec) ? 'no such file' : 'no built-in bot of this name');
  // An isolated TypeScript bot is bundled inside the sandbox, as its own user (sandbox/bundle.ts), never here.
  if (runsIsolated(spec, trusted)) return { factory: null, isolated: path, policy: null };
  const r = await importBot(path);
  if (typeof r === 'string') throw new HavocError('ERR_BOT', spec, r);
  return { factory: r.factory, policy: r.policy };
}

/**
 * Imports a bot module's file (in this thread: only a trusted bot's, or
 * inside the sandbox's host): its factory and its native policy, or why it
 * cannot be used (it does not load, or exports no factory).
 */
export async function importBot(path: string): Promise<{ factory: AnyBotFactory; policy: unknown } | string> {
  let mod: { default?: unknown; policy?: unknown };
  try {
    // A TypeScript bot loads as the JavaScript it compiles to (typescriptBots.ts).
    mod = (await import(pathToFileURL(isTypeScript(path) ? compiledBot(path) : path).href)) as { default?: unknown; policy?: unknown };
  } catch (e) {
    if (e instanceof HavocError) return e.problem;
    return `the bot module failed to load: ${(e as Error)?.message ?? e}`;
  }
  if (typeof mod.default !== 'function') return 'the module must export a bot factory as its default export';
  return { factory: mod.default as AnyBotFactory, policy: typeof mod.policy === 'function' ? mod.policy : null };
}

/** Loads a bot factory by built-in name or by path. */
export async function loadBot(spec: string): Promise<AnyBotFactory> {
  return (await loadBotModule(spec)).factory!;
}
