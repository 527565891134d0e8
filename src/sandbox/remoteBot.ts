/**
 * An isolated bot: a bot module run by the host (host.ts) in a sandboxed
 * process of its own (sandbox.ts), one per seat per match, asked through the
 * bot protocol (protocol.ts) by the arena's match loop as if it were a bot in
 * its thread. What it answers is parsed and checked by the loop like any
 * bot's answer; a process that dies, hangs past its deadline or writes
 * garbage makes the bot throw BotLost, and the loop forfeits its match.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync, statSync } from 'node:fs';
import { constants } from 'node:os';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { BOT_CPU, BOT_DONE, BOT_READY, BOT_WAIT, SEAT_SEED, BotLost, budgetFields, DEFAULT_CLOCK, longestDecisionMs, NoMethod, type AnyBotFactory, type BotContext } from '../core/bot.js';
import { HavocError } from '../core/errors.js';
import type { AnyGameModule } from '../core/game.js';
import { builtFile } from '../core/paths.js';
import { commandOf, type BotModule } from '../match/bots.js';
import { ENVIRONMENT } from '../core/environment.js';
import { rulesetModulePath } from '../rules/registry.js';
import { DEFAULT_ISOLATION, type Isolation } from './limits.js';
import { BotPipe, CLOSED_LOG_REFUSED, type PipeReply } from './pipe.js';
import { treeTimes } from './processCpu.js';
import { treeRssMb } from './processMemory.js';
import { botGroup, joined, oomKills } from './cgroup.js';
import { LEGAL_LISTED, MAX_LINE, PROTOCOL, type ActionMessage, type DecideMessage, type LegalField, type StartMessage } from './protocol.js';
import { sandboxed, sandboxProblem, scratchFolder } from './bubblewrap.js';
import { encodeView } from './viewCodec.js';
import { outOfMemory } from './outOfMemory.js';
import { bundledBot, bundleInto } from './bundle.js';
import { isTypeScript } from '../match/typescriptBots.js';

export { DEFAULT_ISOLATION, type Isolation } from './limits.js';

/**
 * How long the arena waits for an answer before it kills the process: five
 * times the budget, at least two seconds, by the wall clock whatever the
 * budget's clock (an answer after the budget but before this is an ordinary
 * timeout fault, as for a bot in the arena's thread; under the CPU clock this
 * is what stops a bot that sleeps or blocks). Below the watchdog's deadline
 * for the worker (watchdog.ts).
 */
export const answerDeadlineMs = (budgetMs: number): number => Math.max(5 * budgetMs, 2000);

/** How long the end of a match waits for a bot's process to be gone and its stderr log written. */
const LOG_WAIT_MS = 5000;

/** The compiled host (from dist/ even when this module runs from src/ under a test runner). */
export function hostFile(): string {
  return builtFile('src/sandbox/host.js');
}

/** What a process's end says, for the fault log; `deadlineMs`: how long the arena waited. */
function ended(r: PipeReply, doing: string, iso: Isolation, deadlineMs: number): BotLost {
  if (r.kind === 'timeout') return new BotLost('timeout', `no answer ${doing}: the process was killed at its deadline (${deadlineMs} ms by the wall clock)`);
  if (r.kind === 'oversize') return new BotLost('garbage', `wrote a line of more than 1 MiB ${doing}: the process was killed`);
  if (r.kind === 'output') return new BotLost('crash', `wrote more than the output cap (limits.outputKb: ${iso.outputBytes / 1024} KiB to stdout and stderr) ${doing}: the process was killed`);
  if (r.kind === 'line') return new BotLost('garbage', `wrote ${JSON.stringify(r.text.slice(0, 200))} ${doing}, not the protocol's answer`);
  // The sandbox reports its bot's death by a signal as exit code 128 + the signal (bubblewrap's convention).
  const sig = r.code !== null && r.code > 128 ? Object.entries(constants.signals).find(([, n]) => n === r.code! - 128)?.[0] : undefined;
  const oom = outOfMemory(r.stderr);
  const how = r.signal
    ? `was killed by ${r.signal}`
    : `exited with code ${r.code}${sig ? ` (killed by ${sig}${sig === 'SIGKILL' ? ': out of CPU time, or killed' : sig === 'SIGABRT' && !oom ? ': out of memory?' : ''})` : r.code === 134 && !oom ? ' (out of memory?)' : ''}`;
  // Out of memory, the line that says so (a runtime's stack trace follows it); else the last two.
  const lines = r.stderr.trim().split('\n').filter(Boolean);
  const said = (oom ? lines.filter((l) => outOfMemory(l)).slice(0, 1) : lines.slice(-2)).join(' | ');
  return new BotLost('crash', `the process ${how} ${doing}${oom ? `: out of memory (${memoryCap(iso)})` : ''}${said ? `: ${said.slice(0, 400)}` : ''}`);
}

const memoryCap = (iso: Isolation): string => `the memory cap, limits.memoryMb, is ${iso.limits.memoryMb} MB of address space`;

/**
 * The factory of an isolated bot for one match: `bot` is the module's
 * absolute path (or a command bot's spec), `game` the match's game of `mod`;
 * the process is told the seat's own seed (the context's SEAT_SEED), never the match's; `log`: the file its stderr is written to when the
 * match ends, if it wrote any (null: none). The host loads a ruleset loaded
 * by path from the path the registry has for it.
 *
 * Each call's CPU time (BOT_CPU) is what the process tree used from the
 * previous answer (or `ready`) to this one: work a bot does between its
 * decisions counts against the next.
 */
export function isolatedFactory(mod: AnyGameModule, game: unknown, bot: string, iso: Isolation = DEFAULT_ISOLATION, log: string | null = null): AnyBotFactory {
  const rulesetModule = rulesetModulePath(mod.id);
  if (!mod.describeGame) throw new Error(`${mod.title} does not describe its games, so its bots cannot be isolated`);
  const description = mod.describeGame(game);
  const seats = Array.from({ length: mod.seatCount(game) }, (_, s) => mod.seatName(game, s));
  return (ctx: BotContext) => {
    /** Why the process was let go, once it was: a later question is told the same (its first cause, not "gone"). */
    let lost: BotLost | null = null;
    const scratch = scratchFolder();
    const heapMb = Math.max(64, Math.floor(iso.limits.memoryMb / 2));
    // A command bot speaks the protocol itself; a JavaScript module runs in the host.
    // A TypeScript module's bundle (made in the sandbox) is written into its scratch folder, readable by its user alone.
    const module = commandOf(bot) ? null : isTypeScript(bot) ? bundleInto(scratch, bundledBot(bot)) : resolve(bot);
    const inner = sandboxed(commandOf(bot) ?? [process.execPath, `--max-old-space-size=${heapMb}`, hostFile(), module!], scratch, iso.limits, botReads(bot, rulesetModule ?? null));
    // The bot's processes together under its memory and process caps: its own control groups, or the tree's resident memory read at every answer.
    const group = botGroup(iso.limits.memoryMb, iso.limits.processes);
    const pipe = new BotPipe(group ? joined(group, inner) : inner, { cwd: '/', scratch: scratch.dir, group, outputBytes: iso.outputBytes, log });
    /** Why the bot's processes together are over its memory cap, or null. */
    const overMemory = (): string | null => {
      if (group) return oomKills(group) > 0 ? `its processes together passed the memory cap (limits.memoryMb: ${iso.limits.memoryMb} MB for all of them, /dev/shm included): the kernel killed one` : null;
      const mb = treeRssMb(pipe.pid());
      return mb !== null && mb > iso.limits.memoryMb ? `its processes together held ${Math.round(mb)} MB resident, over the memory cap (limits.memoryMb: ${iso.limits.memoryMb} MB for all of them)` : null;
    };
    const start: StartMessage = {
      type: 'start',
      protocol: PROTOCOL,
      ruleset: { id: mod.id, version: mod.version, ...(rulesetModule ? { module: rulesetModule } : {}) },
      game: description,
      seat: ctx.seat,
      seats,
      seed: seatSeedOf(ctx),
      budget: budgetFields(ctx.budget),
    };
    // The start is sent now and its `ready` awaited when the match loop calls BOT_READY (or at the first question), so the seats' processes start side by side and untimed.
    pipe.tell(JSON.stringify(start));
    let started = false;
    /** Whether the bot's `ready` asked for each decision's legal actions (`legal` in every decide message). */
    let wantsLegal = false;
    /** The tree's CPU milliseconds at the last answer (null: not known), and the last call's; read only under the CPU clock (a reading costs about 0.3 ms). */
    const timesCpu = (ctx.budget.clock ?? DEFAULT_CLOCK) === 'cpu';
    let cpuMark: number | null = null;
    let lastCpu: number | null = null;
    /** The same for the time its processes waited for a CPU. */
    let waitMark: number | null = null;
    let lastWait: number | null = null;
    const awaitReady = (): void => {
      started = true;
      const hello = pipe.read(iso.startupMs);
      if (hello.kind === 'line' && isType(hello.text, 'ready')) {
        wantsLegal = parse(hello.text)?.legal === true;
        if (timesCpu) {
          const t = treeTimes(pipe.pid());
          cpuMark = t?.cpuMs ?? null;
          waitMark = t?.waitMs ?? null;
        }
        return;
      }
      const said = hello.kind === 'line' ? errorOf(hello.text) : null;
      if (hello.kind === 'timeout') throw lose(new BotLost('timeout', `not ready within the start-up limit (limits.startupMs: ${iso.startupMs} ms by the wall clock): the process was killed`));
      throw lose(said ? new BotLost('crash', said) : ended(hello, 'while starting', iso, iso.startupMs));
    };
    const lose = (e: BotLost): BotLost => {
      lost = e;
      pipe.release();
      return e;
    };
    const deadline = answerDeadlineMs(longestDecisionMs(ctx.budget));
    let id = 0;
    const ask = (kind: string, observation: unknown, view: { state: unknown } | undefined, args: unknown[]): unknown => {
      if (lost) throw lost;
      if (!started) awaitReady();
      const msg: DecideMessage = {
        type: 'decide', id: ++id, kind, observation, view: view ? encodeView(view.state) : null, args,
        ...(wantsLegal && view ? { legal: legalOf(mod, view.state, ctx.seat, kind) } : {}),
      };
      const r = pipe.request(JSON.stringify(msg), deadline);
      const a = r.kind === 'line' ? actionOf(r.text, id) : null;
      const over = overMemory();
      if (over) throw lose(new BotLost('crash', `out of memory ${`to ${kind} #${id}`}: ${over}; the process was killed`));
      if (!a) throw lose(ended(r, `to ${kind} #${id}`, iso, deadline));
      const t = timesCpu ? treeTimes(pipe.pid()) : null;
      const cpu = t?.cpuMs ?? null, wait = t?.waitMs ?? null;
      lastCpu = cpu !== null && cpuMark !== null ? cpu - cpuMark : null;
      // A process that ended since (a child) takes its waits with it: never less than none.
      lastWait = wait !== null && waitMark !== null ? Math.max(0, wait - waitMark) : null;
      cpuMark = cpu;
      waitMark = wait;
      if (a.missing) throw new NoMethod(`the bot has no ${kind}() method`);
      if (typeof a.error === 'string') throw new Error(outOfMemory(a.error) ? `${a.error} (${memoryCap(iso)})` : a.error);
      return a.action;
    };
    /** Lets the process go; with a log, waits for it to be written (a refused write stops the run, as a replay's does). */
    const done = (result: unknown): void => {
      if (!lost) pipe.tell(JSON.stringify({ type: 'end', result }));
      pipe.release();
      if (log && pipe.awaitClosed(LOG_WAIT_MS) === CLOSED_LOG_REFUSED)
        throw new HavocError(ENVIRONMENT, log, "cannot write the bot's stderr log; the run stops here and `havoc resume` carries on once the disk or the folder is fixed");
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
          if (key === BOT_DONE) return done;
          if (key === BOT_CPU) return () => lastCpu;
          if (key === BOT_WAIT) return () => lastWait;
          if (typeof key !== 'string' || key === 'then') return undefined;
          let f = methods.get(key);
          if (!f) methods.set(key, (f = (obs: unknown, view: unknown, ...args: unknown[]) => ask(key, obs, view as { state: unknown } | undefined, args)));
          return f;
        },
      },
    );
  };
}

/** A decision's legal actions as a decide message tells them: their count, and in the notation when they are LEGAL_LISTED or fewer. */
function legalOf(mod: AnyGameModule, state: unknown, seat: number, kind: string): LegalField {
  const legal = mod.legal(state, seat, kind);
  if (legal.count > LEGAL_LISTED) return { count: legal.count };
  const actions: string[] = [];
  for (let i = 0; i < legal.count; i++) actions.push(mod.format(state, seat, kind, legal.at(i)));
  return { count: legal.count, actions };
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
export const matchFactory = (m: BotModule, mod: AnyGameModule, game: unknown, iso: Isolation = DEFAULT_ISOLATION, log: string | null = null): AnyBotFactory =>
  m.factory ?? isolatedFactory(mod, game, m.isolated!, iso, log);

/** The seat's own seed the match loop put in a bot's context. */
function seatSeedOf(ctx: BotContext): string {
  const s = (ctx as { [SEAT_SEED]?: unknown })[SEAT_SEED];
  if (typeof s !== 'string') throw new Error('an isolated bot is made by the match loop, which gives its context the seat\'s seed');
  return s;
}

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
  let code: string | null = null;
  try {
    if (isTypeScript(bot)) code = bundledBot(bot);
  } catch (e) {
    if (e instanceof HavocError) return e.problem;
    throw e;
  }
  const scratch = scratchFolder();
  try {
    const module = code !== null ? bundleInto(scratch, code) : resolve(bot);
    const argv = sandboxed([process.execPath, hostFile(), '--probe', module], scratch, iso.limits, botReads(bot, null));
    const r = spawnSync(argv[0], argv.slice(1), { encoding: 'utf8', timeout: iso.startupMs, maxBuffer: MAX_LINE, killSignal: 'SIGKILL' });
    const out = (r.stdout ?? '').trim().split('\n').pop() ?? '';
    if (isType(out, 'probe')) return null;
    const said = errorOf(out);
    if (said) return said;
    if (r.error && (r.error as NodeJS.ErrnoException).code === 'ETIMEDOUT') return `the module did not finish loading in ${iso.startupMs / 1000} s (limits.startupMs)`;
    const err = (r.stderr ?? '').trim().split('\n').filter(Boolean).slice(-1)[0];
    const oom = outOfMemory(r.stderr ?? '') ? ` (out of memory: ${memoryCap(iso)})` : '';
    return `the module ended the process while loading (${r.signal ? `killed by ${r.signal}` : `exit code ${r.status}`})${oom}${err ? `: ${err.slice(0, 300)}` : ''}`;
  } finally {
    rmSync(scratch.dir, { recursive: true, force: true });
  }
}

/**
 * What a bot's process may read besides the system's folders and the arena's
 * code: a module's own folder, or the folders of the files a command names
 * (a folder it names, itself); and a ruleset loaded by path, its folder.
 */
export function botReads(bot: string, rulesetModule: string | null): string[] {
  const command = commandOf(bot);
  const own = command
    ? command.filter((w) => isAbsolute(w) && existsSync(w)).map((w) => (statSync(w).isDirectory() ? w : dirname(w)))
    : [dirname(resolve(bot))];
  return rulesetModule ? [...own, dirname(resolve(rulesetModule))] : own;
}

/** Whether a command's program exists: a path, or a name found on PATH. */
function programFound(program: string): boolean {
  if (program.includes('/')) return existsSync(program);
  return (process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin').split(':').some((d) => d && existsSync(join(d, program)));
}
