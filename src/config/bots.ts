/**
 * A run's bots: each entry checked (its shape by schema.ts, then that the
 * module exists or the built-in is compiled, and that no name is used twice),
 * and, before a run is played or resumed, that each module loads and exports
 * a bot factory.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { builtinBotPath, commandOf, commandSpec, importBot, isBotPath, runsIsolated } from '../match/bots.js';
import { HavocError } from '../core/errors.js';
import { compiledBot, isTypeScript } from '../match/typescriptBots.js';
import { isolatedBotProblem } from '../sandbox/remoteBot.js';
import { commandBotHint } from '../sandbox/manifest.js';
import { DEFAULT_ISOLATION, isolationOf, type Isolation } from '../sandbox/limits.js';
import { loadRunRuleset } from './rulesets.js';
import { check, fieldsOf, isObj, Problems, type Field } from './problems.js';
import { BotEntry as BotEntrySchema, BotObject, Bots, BotSpec } from './schema.js';
import { DEFAULT_BOTS, type BotEntry, type Plan, type RunConfig } from './types.js';

/** The built-in bots present (compiled), by name. */
export function builtinBots(): string[] {
  const p = builtinBotPath('random');
  if (!p) return [];
  return readdirSync(dirname(p))
    .filter((f) => /\.(js|ts)$/.test(f) && !f.endsWith('.d.ts'))
    .map((f) => f.replace(/\.(js|ts)$/, ''))
    .filter((n, i, a) => a.indexOf(n) === i)
    .sort();
}

/** The run's `bots` field as entries (those that passed; a problem for each that did not). */
export function resolveBots(f: Field, problems: Problems): BotEntry[] {
  const bots: BotEntry[] = [];
  const list = f.v === undefined ? DEFAULT_BOTS : f.v;
  if (!check(Bots, list, f.at, problems, 'self')) return bots;
  (list as unknown[]).forEach((b, i) => {
    const at = `${f.at}[${i}]`;
    const entry = resolveBot(b, at, problems);
    if (!entry) return;
    if (bots.some((x) => x.name === entry.name)) return problems.add(at, `the name "${entry.name}" is used twice (give one of them {"name": ..., "bot": ...})`);
    bots.push(entry);
  });
  return bots;
}

function resolveBot(b: unknown, at: string, problems: Problems): BotEntry | null {
  let name: string;
  let spec: string;
  if (typeof b === 'string') name = spec = b;
  else if (isObj(b)) {
    fieldsOf(BotObject, b, at, problems);
    if (b.name !== undefined && !check(BotObject.shape.name, b.name, `${at}.name`, problems)) return null;
    if (b.command !== undefined) {
      if (b.bot !== undefined) return problems.add(at, 'give "bot" or "command", not both'), null;
      if (b.name === undefined) return problems.add(`${at}.name`, 'a command bot needs a "name"'), null;
      if (!check(BotObject.shape.command, b.command, `${at}.command`, problems, 'whole')) return null;
      // Words naming files here become absolute: the bot runs in its own scratch folder.
      const argv = (b.command as string[]).map((w, i) => (existsSync(w) && (i > 0 || w.includes('/')) ? resolve(w) : w));
      const bot = commandSpec(argv);
      return { name: b.name as string, bot, sha256: botHash(bot) };
    }
    if (!check(BotObject.shape.bot.unwrap(), b.bot, `${at}.bot`, problems)) return null;
    spec = b.bot as string;
    name = (b.name as string | undefined) ?? spec;
  } else return check(BotEntrySchema, b, at, problems), null;
  if (!check(BotSpec, name, at, problems)) return null;
  if (isBotPath(spec)) {
    const abs = resolve(spec);
    if (!existsSync(abs)) return problems.add(at, `bot module ${spec} does not exist (looked for ${abs})`), null;
    const hint = commandBotHint(spec);
    if (hint) return problems.add(at, hint), null;
    return { name, bot: abs, sha256: botHash(abs) };
  }
  if (!builtinBotPath(spec)) {
    const have = builtinBots();
    return problems.add(at, `no built-in bot "${spec}" (bots/${spec}.ts is missing or not compiled; built-in bots here: ${have.join(', ') || 'none'}; or name a module by path)`), null;
  }
  return { name, bot: spec };
}

/**
 * Why a bot module cannot be used (it does not load, or exports no factory),
 * or null. An untrusted bot (named by path, `trusted` false) is loaded only
 * inside the sandbox, never in this thread.
 */
export async function botModuleProblem(bot: string, trusted = true, iso: Isolation = DEFAULT_ISOLATION): Promise<string | null> {
  if (commandOf(bot)) return isolatedBotProblem(bot, iso);
  const path = isBotPath(bot) ? bot : builtinBotPath(bot);
  if (!path || !existsSync(path)) return isBotPath(bot) ? `bot module ${bot} does not exist` : `no built-in bot "${bot}" (built-in bots here: ${builtinBots().join(', ') || 'none'})`;
  if (runsIsolated(bot, trusted)) {
    if (!isTypeScript(path)) return isolatedBotProblem(path, iso);
    try {
      return isolatedBotProblem(compiledBot(path), iso);
    } catch (e) {
      if (e instanceof HavocError) return e.problem;
      throw e;
    }
  }
  const r = await importBot(path);
  return typeof r === 'string' ? r : null;
}

/** Loads each bot module of each run once (an untrusted one in the sandbox), checking its default export. */
export async function checkBotModules(plan: Plan, problems: Problems, trusted = false): Promise<void> {
  const done = new Map<string, string | null>();
  for (const [ri, pr] of plan.runs.entries()) {
    for (const [i, b] of pr.run.bots.entries()) {
      // A bot is loaded under its run's limits (its memory and start-up time).
      const key = `${b.bot}\n${JSON.stringify(pr.run.limits ?? null)}`;
      if (!done.has(key)) done.set(key, await botModuleProblem(b.bot, trusted, isolationOf(pr.run.limits)));
      const problem = done.get(key);
      if (problem) problems.add(`${plan.multi ? `runs[${ri}].` : ''}bots[${i}]`, `${b.name}: ${problem}`);
    }
  }
}

/** A bot's identity in a run: the sha256 of its module's bytes, or of a command's words and the files they name. */
export function botHash(spec: string): string {
  const command = commandOf(spec);
  const h = createHash('sha256');
  if (!command) return h.update(readFileSync(spec)).digest('hex');
  for (const w of command) {
    h.update(w + '\0');
    if (w.startsWith('/') && existsSync(w) && statSync(w).isFile()) h.update(readFileSync(w));
  }
  return h.digest('hex');
}

/**
 * Checks the bots of a saved run and loads its ruleset module, if it has one
 * (before resuming it): each module must still be the one the run was
 * planned with (its sha256). Throws a HavocProblems naming the folder.
 */
export async function checkRunBots(run: RunConfig, where: string, trusted = false): Promise<void> {
  await loadRunRuleset(run, where);
  const problems = new Problems(where);
  for (const [i, b] of run.bots.entries()) {
    if (b.sha256 !== undefined && (commandOf(b.bot) || existsSync(b.bot)) && botHash(b.bot) !== b.sha256) {
      problems.add(`run.bots[${i}]`, `${b.name}: ${commandOf(b.bot)?.join(' ') ?? b.bot} has changed since the run began (its sha256 differs); a run's matches all come from the same bots: start a new run for the new bot`);
      continue;
    }
    const problem = await botModuleProblem(b.bot, trusted, isolationOf(run.limits));
    if (problem) problems.add(`run.bots[${i}]`, `${b.name}: ${problem}`);
  }
  problems.throwIfAny();
}
