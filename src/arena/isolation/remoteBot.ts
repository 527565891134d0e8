/**
 * An isolated bot: a bot module run by the host (host.ts) in a sandboxed
 * process of its own (sandbox.ts), one per seat per match, asked through the
 * bot protocol (protocol.ts) by the arena's match loop as if it were a bot in
 * its thread. What it answers is parsed and checked by the loop like any
 * bot's answer; a process that dies, hangs past its deadline or writes
 * garbage makes the bot throw BotLost, and the loop forfeits its match.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { constants } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BOT_DONE, BOT_READY, BotLost, budgetFields, longestDecisionMs, NoMethod, type AnyBotFactory, type BotContext } from '../../core/bot.js';
import type { AnyGameModule } from '../../core/game.js';
import { packageRoot } from '../../core/paths.js';
import { commandOf, type BotModule } from '../bots.js';
import { rulesetModulePath } from '../../rules/registry.js';
import { BotPipe, type PipeReply } from './pipe.js';
import { MAX_LINE, PROTOCOL, type ActionMessage, type DecideMessage, type StartMessage } from './protocol.js';
import { DEFAULT_LIMITS, sandboxed, sandboxProblem, scratchFolder, type SandboxLimits } from './sandbox.js';
import { encodeView } from './viewCodec.js';

/** How an isolated bot's process is run. */
export interface Isolation {
  readonly limits: SandboxLimits;
  /** Milliseconds a process may take to start and load its bot (its `ready`). */
  readonly startMs: number;
}

export const DEFAULT_ISOLATION: Isolation = { limits: DEFAULT_LIMITS, startMs: 20_000 };

/**
 * How long the arena waits for an answer before it kills the process: five
 * times the budget, at least two seconds (an answer after the budget but
 * before this is an ordinary timeout fault, as for a bot in the arena's
 * thread). Below the watchdog's deadline for the worker (watchdog.ts).
 */
export const answerDeadlineMs = (budgetMs: number): number => Math.max(5 * budgetMs, 2000);

/** The compiled host (from dist/ even when this module runs from src/ under a test runner). */
export function hostFile(): string {
  const here = fileURLToPath(import.meta.url);
  return here.endsWith('.ts') ? join(packageRoot(), 'dist', 'src', 'arena', 'isolation', 'host.js') : join(dirname(here), 'host.js');
}

/** What a process's end says, for the fault log. */
function ended(r: PipeReply, doing: string): BotLost {
  if (r.kind === 'timeout') return new BotLost('timeout', `no answer ${doing}: the process was killed`);
  if (r.kind === 'oversize') return new BotLost('garbage', `wrote a line of more than 1 MiB ${doing}: the process was killed`);
  if (r.kind === 'line') return new BotLost('garbage', `wrote ${JSON.stringify(r.text.slice(0, 200))} ${doing}, not the protocol's answer`);
  // The sandbox reports its bot's death by a signal as exit code 128 + the signal (bubblewrap's convention).
  const sig = r.code !== null && r.code > 128 ? Object.entries(constants.signals).find(([, n]) => n === r.code! - 128)?.[0] : undefined;
  const how = r.signal
    ? `was killed by ${r.signal}`
    : `exited with code ${r.code}${sig ? ` (killed by ${sig}${sig === 'SIGKILL' ? ': out of CPU time, or killed' : sig === 'SIGABRT' ? ': out of memory?' : ''})` : r.code === 134 ? ' (out of memory?)' : ''}`;
  const said = r.stderr.trim().split('\n').filter(Boolean).slice(-2).join(' | ');
  return new BotLost('crash', `the process ${how} ${doing}${said ? `: ${said.slice(0, 400)}` : ''}`);
}

/**
 * The factory of an isolated bot for one match: `bot` is the module's
 * absolute path (or a command bot's spec), `game` the match's game of `mod`,
 * `seed` the match seed. The host loads a ruleset loaded by path from the
 * path the registry has for it.
 */
export function isolatedFactory(mod: AnyGameModule, game: unknown, seed: string, bot: string, iso: Isolation = DEFAULT_ISOLATION): AnyBotFactory {
  const rulesetModule = rulesetModulePath(mod.id);
  if (!mod.describeGame) throw new Error(`${mod.title} does not describe its games, so its bots cannot be isolated`);
  const description = mod.describeGame(game);
  const seats = Array.from({ length: mod.seatCount(game) }, (_, s) => mod.seatName(game, s));
  return (ctx: BotContext) => {
    let lost = false;
    const scratch = scratchFolder();
    const heapMb = Math.max(64, Math.floor(iso.limits.memoryMb / 2));
    // A command bot speaks the protocol itself; a JavaScript module runs in the host.
    const argv = sandboxed(commandOf(bot) ?? [process.execPath, `--max-old-space-size=${heapMb}`, hostFile(), resolve(bot)], scratch, iso.limits);
    const pipe = new BotPipe(argv, { cwd: '/', scratch });
    const start: StartMessage = {
      type: 'start',
      protocol: PROTOCOL,
      ruleset: { id: mod.id, version: mod.version, ...(rulesetModule ? { module: rulesetModule } : {}) },
      game: description,
      seat: ctx.seat,
      seats,
      seed,
      budget: budgetFields(ctx.budget),
    };
    // The start is sent now and its `ready` awaited when the match loop calls BOT_READY (or at the first question), so the seats' processes start side by side and untimed.
    pipe.tell(JSON.stringify(start));
    let started = false;
    const awaitReady = (): void => {
      started = true;
      const hello = pipe.read(iso.startMs);
      if (hello.kind === 'line' && isType(hello.text, 'ready')) return;
      lost = true;
      pipe.release();
      const said = hello.kind === 'line' ? errorOf(hello.text) : null;
      throw said ? new BotLost('crash', said) : ended(hello, 'while starting');
    };
    const deadline = answerDeadlineMs(longestDecisionMs(ctx.budget));
    let id = 0;
    const ask = (kind: string, observation: unknown, view: { state: unknown } | undefined, args: unknown[]): unknown => {
      if (lost) throw new BotLost('crash', 'the process is gone');
      if (!started) awaitReady();
      const msg: DecideMessage = { type: 'decide', id: ++id, kind, observation, view: view ? encodeView(view.state) : null, args };
      const r = pipe.request(JSON.stringify(msg), deadline);
      const a = r.kind === 'line' ? actionOf(r.text, id) : null;
      if (!a) {
        lost = true;
        pipe.release();
        throw ended(r, `to ${kind} #${id}`);
      }
      if (a.missing) throw new NoMethod(`the bot has no ${kind}() method`);
      if (typeof a.error === 'string') throw new Error(a.error);
      return a.action;
    };
    const methods = new Map<string, (...a: unknown[]) => unknown>();
    return new Proxy(
      {},
      {
        get(_, key) {
          if (key === BOT_READY)
            return () => {
              if (!started) awaitReady();
            };
          if (key === BOT_DONE)
            return (result: unknown) => {
              if (!lost) pipe.tell(JSON.stringify({ type: 'end', result }));
              pipe.release();
            };
          if (typeof key !== 'string' || key === 'then') return undefined;
          let f = methods.get(key);
          if (!f) methods.set(key, (f = (obs: unknown, view: unknown, ...args: unknown[]) => ask(key, obs, view as { state: unknown } | undefined, args)));
          return f;
        },
      },
    );
  };
}

const parse = (text: string): Record<string, unknown> | null => {
  try {
    const v = JSON.parse(text) as unknown;
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
};

const isType = (text: string, type: string): boolean => parse(text)?.type === type;

/** The message of an `{"type": "error"}` line (the host could not start the bot), or null. */
const errorOf = (text: string): string | null => {
  const v = parse(text);
  return v?.type === 'error' && typeof v.message === 'string' ? v.message.slice(0, 1000) : null;
};

/** The answer to decide message `id`, or null when the line is not one. */
function actionOf(text: string, id: number): (ActionMessage & { error?: unknown; missing?: unknown }) | null {
  const v = parse(text);
  if (!v || v.type !== 'action' || v.id !== id || !('action' in v)) return null;
  return v as unknown as ActionMessage & { error?: unknown; missing?: unknown };
}

/** A loaded bot module's factory for one match: its own, or an isolated bot's, which starts the bot's process for this game and seed. */
export const matchFactory = (m: BotModule, mod: AnyGameModule, game: unknown, seed: string): AnyBotFactory => m.factory ?? isolatedFactory(mod, game, seed, m.isolated!);

/**
 * Why an untrusted bot module cannot be used, or null: the sandbox must start
 * here, and the module, loaded by the host inside it (never in the arena),
 * must load within the start time and export a factory.
 */
export function isolatedBotProblem(bot: string, iso: Isolation = DEFAULT_ISOLATION): string | null {
  const cannot = sandboxProblem();
  const command = commandOf(bot);
  if (cannot && command) return `a command bot runs in the sandbox, and ${cannot}`;
  if (cannot) return `bots named by path run in a sandbox, and ${cannot}; pass --unsafe-bots to run them in the arena's own threads, trusting them`;
  // A command is only looked for here: it is started, and its start checked, with each match.
  if (command) return programFound(command[0]) ? null : `the command's program ${command[0]} is not found (a path, or a name on PATH)`;
  const scratch = scratchFolder();
  try {
    const argv = sandboxed([process.execPath, hostFile(), '--probe', resolve(bot)], scratch, iso.limits);
    const r = spawnSync(argv[0], argv.slice(1), { encoding: 'utf8', timeout: iso.startMs, maxBuffer: MAX_LINE, killSignal: 'SIGKILL' });
    const out = (r.stdout ?? '').trim().split('\n').pop() ?? '';
    if (isType(out, 'probe')) return null;
    const said = errorOf(out);
    if (said) return said;
    if (r.error && (r.error as NodeJS.ErrnoException).code === 'ETIMEDOUT') return `the module did not finish loading in ${iso.startMs / 1000} s`;
    const err = (r.stderr ?? '').trim().split('\n').filter(Boolean).slice(-1)[0];
    return `the module ended the process while loading (${r.signal ? `killed by ${r.signal}` : `exit code ${r.status}`})${err ? `: ${err.slice(0, 300)}` : ''}`;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** Whether a command's program exists: a path, or a name found on PATH. */
function programFound(program: string): boolean {
  if (program.includes('/')) return existsSync(program);
  return (process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin').split(':').some((d) => d && existsSync(join(d, program)));
}
