/**
 * Finding bots: a built-in bot by name (`random`, `greedy`, …, compiled from
 * `bots/`), or a user's module by path (`./my-bot.js`). Either way the module's
 * default export is a BotFactory.
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { HavocError } from '../core/errors.js';
import type { AnyBotFactory } from '../core/bot.js';

const here = dirname(fileURLToPath(import.meta.url));

/** Where the built-in bot `name` lives (compiled .js, or the .ts source under the test runner). */
export function builtinBotPath(name: string): string | null {
  for (const ext of ['.js', '.ts']) {
    const p = join(here, '..', '..', 'bots', name + ext);
    if (existsSync(p)) return p;
  }
  return null;
}

/** Whether a bot spec names a file rather than a built-in bot. */
export const isBotPath = (spec: string): boolean => /[\\/]/.test(spec) || /\.[cm]?[jt]s$/.test(spec);

/** A loaded bot module: its factory, and its native policy when it has one. */
export interface BotModule {
  readonly factory: AnyBotFactory;
  /**
   * `export const policy`: the same bot as a function a ruleset's fast path
   * may take (`GameModule.fast.accepts`; RBP's two-pig kernel takes a
   * NativePolicy, src/rules/rbp/kernel.ts).
   */
  readonly policy: unknown;
}

/** Loads a bot module by built-in name or by path. */
export async function loadBotModule(spec: string): Promise<BotModule> {
  const path = isBotPath(spec) ? resolve(spec) : builtinBotPath(spec);
  if (!path || !existsSync(path)) throw new HavocError('ERR_BOT', spec, isBotPath(spec) ? 'no such file' : 'no built-in bot of this name');
  const mod = (await import(pathToFileURL(path).href)) as { default?: unknown; policy?: unknown };
  if (typeof mod.default !== 'function') throw new HavocError('ERR_BOT', spec, 'the module must export a bot factory as its default export');
  return { factory: mod.default as AnyBotFactory, policy: typeof mod.policy === 'function' ? mod.policy : null };
}

/** Loads a bot factory by built-in name or by path. */
export async function loadBot(spec: string): Promise<AnyBotFactory> {
  return (await loadBotModule(spec)).factory;
}
