/**
 * Checking an entrant's bot before it enters (`havoc check-bot`): short
 * seat-swapped matches against `random` on each ruleset it plays, through
 * the same sandbox and protocol a contest uses, and what went wrong — its
 * faults with their messages (a protocol error says what line it wrote and
 * what was expected), and its decisions' times against the limit.
 *
 * A bot is named by its module's path (`.js`, `.ts`), or by a manifest
 * (manifest.ts).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import type { Budget } from '../core/bot.js';
import { HavocError, HavocProblems } from '../core/errors.js';
import type { AnyGameModule } from '../core/game.js';
import { matchSeed } from '../core/rng.js';
import { rulesetById, rulesetIds } from '../rules/registry.js';
import { isBotPath, loadBotModule, type BotModule } from '../match/bots.js';
import { faultWhere } from '../sandbox/faultWhere.js';
import { commandBotHint, readManifest } from '../sandbox/manifest.js';
import { botModuleProblem } from '../config/index.js';
import { matchFactory } from '../sandbox/remoteBot.js';
import { type FaultRecord, playMatch } from '../match/loop.js';
import { clockOf, noDecisions, timedBot, type DecisionTimes } from '../match/measuredBot.js';

/** A bot to check: its spec (a path or a command's spec), its name, and what it plays. */
export interface CheckedBot {
  readonly name: string;
  readonly spec: string;
  /** The folder of its own files (its module's or its manifest's): a fault's file and line are read there from its stderr. */
  readonly root: string | null;
  /** Rulesets it plays (null: every registered one). */
  readonly rulesets: readonly string[] | null;
  /** Builds per ruleset, as a config writes them (one per seat). */
  readonly builds: Readonly<Record<string, readonly unknown[]>>;
}

/** A bot named by `arg`: a manifest (a `.json` file, manifest.ts) or a module's path. */
export function checkedBot(arg: string): CheckedBot {
  if (!arg.endsWith('.json')) {
    const hint = commandBotHint(arg);
    if (hint) throw new HavocError('ERR_BOT', arg, hint);
    if (!isBotPath(arg)) throw new HavocError('ERR_BOT', arg, 'name a bot module by its path (./bot.js, ./bot.ts) or a manifest (.json)');
    return { name: arg, spec: arg, root: dirname(resolve(arg)), rulesets: null, builds: {} };
  }
  const m = readManifest(arg);
  return { name: m.name, spec: m.spec, root: dirname(resolve(arg)), rulesets: m.rulesets, builds: m.builds };
}

/** What a check of one ruleset found. */
export interface RulesetCheck {
  readonly ruleset: string;
  readonly builds: readonly string[];
  readonly games: number;
  readonly won: number;
  readonly lost: number;
  readonly drawn: number;
  /** The bot's decisions and their milliseconds by `clock`. */
  readonly decisions: number;
  readonly meanMs: number;
  readonly maxMs: number;
  /** What the milliseconds are: `cpu`, an isolated bot's CPU time (the budget's clock cpu); `wall`, the wall clock's, the protocol's round trip included. */
  readonly clock: 'cpu' | 'wall';
  /** The same decisions by the wall clock, the protocol's round trip included (a process's CPU time comes in 10 ms ticks). */
  readonly wallMeanMs: number;
  readonly wallMaxMs: number;
  /** The bot's faults, every match's, with the match they came in and, for a crash or a throw, the file:line of its code its stderr names (or null). */
  readonly faults: readonly (FaultRecord & { readonly game: number; readonly where: string | null })[];
  /** Why the ruleset could not be checked at all (no game of it could be made, the module does not load), or null. */
  readonly problem: string | null;
}

/** The builds of a check's games: the manifest's, the ruleset's one build, its first named one, or a sampled pair. */
function buildsFor(mod: AnyGameModule, bot: CheckedBot): unknown[] {
  const given = bot.builds[mod.id];
  const check = (raw: unknown, i: number): unknown => {
    const r = mod.builds.check(raw, `builds.${mod.id}[${i}]`);
    if (!r.ok) throw r.error;
    return r.value;
  };
  if (given) return given.map(check);
  const b = mod.builds;
  if (b.fixed) return [b.fixed.build, b.fixed.build];
  const named = b.named?.();
  if (named?.ok && named.value.size > 0) {
    const first = named.value.values().next().value;
    return [first, first];
  }
  if (b.sample) return b.sample(2, 'check-bot');
  throw new HavocError('ERR_BUILDS', mod.id, 'no build to check with: give "builds" in a manifest');
}

/**
 * Plays `games` (even: seat-swapped pairs) matches of the bot against
 * `random` on each of its rulesets; `trusted` runs a module path in this
 * thread instead of the sandbox.
 */
export async function checkBot(
  bot: CheckedBot,
  opts: { games: number; budget: Budget; trusted: boolean; rulesets?: readonly string[] },
  onRuleset: (c: RulesetCheck) => void = () => undefined,
): Promise<RulesetCheck[]> {
  const problem = await botModuleProblem(bot.spec, opts.trusted);
  if (problem) throw new HavocError('ERR_BOT', bot.name, problem);
  const module = await loadBotModule(bot.spec, opts.trusted);
  const random = await loadBotModule('random');
  const ids = opts.rulesets ?? bot.rulesets ?? rulesetIds();
  const out: RulesetCheck[] = [];
  const scratch = mkdtempSync(join(tmpdir(), 'havoc-check-bot-'));
  try {
    await checkRulesets(ids, bot, module, random, opts, scratch, out, onRuleset);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  return out;
}

/** Checks each ruleset of `ids` into `out`, its bot's stderr logs under `scratch`. */
async function checkRulesets(
  ids: readonly string[],
  bot: CheckedBot,
  module: BotModule,
  random: BotModule,
  opts: { games: number; budget: Budget },
  scratch: string,
  out: RulesetCheck[],
  onRuleset: (c: RulesetCheck) => void,
): Promise<void> {
  for (const id of ids) {
    const mod = rulesetById(id);
    let builds: unknown[];
    let game: unknown;
    try {
      builds = buildsFor(mod, bot);
      game = mod.makeGame({ builds });
      // A bot that is not trusted is isolated, and the sandbox's host rebuilds the game from its description.
      if (module.isolated && !mod.describeGame) throw new Error(`${mod.title} does not describe its games, so its bots cannot run isolated yet (--unsafe-bots checks a module in this process)`);
    } catch (e) {
      const c: RulesetCheck = { ruleset: id, builds: [], games: 0, won: 0, lost: 0, drawn: 0, decisions: 0, meanMs: 0, maxMs: 0, clock: 'wall', wallMeanMs: 0, wallMaxMs: 0, faults: [], problem: (e as Error).message };
      out.push(c);
      onRuleset(c);
      continue;
    }
    // Each answered decision's milliseconds by the clock the match times it by (timedBot).
    const timed: DecisionTimes = noDecisions();
    const times = timed.times;
    const faults: RulesetCheck['faults'][number][] = [];
    let won = 0, lost = 0, drawn = 0;
    for (let g = 0; g < opts.games; g++) {
      const seed = matchSeed(`check-bot/${id}`, g >> 1);
      const seat = g % 2; // the bot's seat: swapped in each pair
      // A sandboxed bot's stderr is kept for the game: a crash's traceback or a throw's stack says where in its files.
      const log = module.isolated ? join(scratch, `game-${g}.txt`) : null;
      const mine = timedBot(matchFactory(module, mod, game, undefined, log), opts.budget, timed);
      const theirs = matchFactory(random, mod, game);
      const r = playMatch({ module: mod, game, bots: seat === 0 ? [mine, theirs] : [theirs, mine], seed, budget: opts.budget });
      if (r.winner === seat) won++;
      else if (r.winner === null && r.ranks[seat] === 0) drawn++;
      else lost++;
      const stderr = log && existsSync(log) ? readFileSync(log, 'utf8') : null;
      const where = faultWhere(stderr, bot.root);
      for (const f of r.faultLog) if (f.seat === seat) faults.push({ ...f, seat: 0, game: g, where: f.kind === 'crash' || f.kind === 'throw' ? where : null });
    }
    const c: RulesetCheck = {
      ruleset: id,
      builds: builds.map((b) => mod.builds.key(b)),
      games: opts.games,
      won,
      lost,
      drawn,
      decisions: times.length,
      meanMs: times.length ? times.reduce((a, b) => a + b, 0) / times.length : 0,
      maxMs: times.length ? Math.max(...times) : 0,
      clock: clockOf(timed),
      wallMeanMs: timed.wallMs.length ? timed.wallMs.reduce((a, b) => a + b, 0) / timed.wallMs.length : 0,
      wallMaxMs: timed.wallMs.length ? Math.max(...timed.wallMs) : 0,
      faults,
      problem: null,
    };
    out.push(c);
    onRuleset(c);
  }
}
