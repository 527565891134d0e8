/**
 * The bot host: the program that runs a JavaScript bot module inside the
 * sandbox and speaks the bot protocol for it (protocol.ts).
 *
 *   node dist/src/arena/isolation/host.js BOT_MODULE
 *
 * At `start` it loads the ruleset (by id, or its module's path), rebuilds
 * the game from its description, imports the bot module and makes the bot as
 * the arena would in its own thread: the same context (its rules a frozen
 * copy), an RNG seeded from the seat's own seed as the arena seeds it, a view
 * state of its own. The host is never told the match seed. Each `decide` becomes a call of the
 * bot's method of that kind; a mixed strategy is sampled here with the bot's
 * RNG, as the arena samples it. So a bot plays the same moves isolated as in
 * the arena's thread, but all it can touch is this process.
 *
 * A bot that throws is told to the arena by its message; its stack goes to
 * the bot's stderr (its log), the first few distinct ones, so its fault is
 * placed at the file and line of its code (report/faultCauses.ts). Source
 * maps are on for the bot's module: a TypeScript bot's bundle maps its lines
 * back to its own .ts files (bundler.ts).
 */
import { accessSync, constants } from 'node:fs';
import { createInterface } from 'node:readline';
import { isMixed, isThenable, PROMISE_ANSWER, sampleMixed, type AnyBot, type AnyBotFactory } from '../core/bot.js';
import type { AnyGameModule } from '../core/game.js';
import { makeRng, type Rng } from '../core/rng.js';
import { rulesFacade } from '../match/botContext.js';
import { BUILTIN_RULESETS } from '../rules/builtins.js';
import { PROTOCOL, type ArenaMessage, type DecideMessage, type StartMessage } from './protocol.js';
import { decodeView } from './viewCodec.js';
import { importBot } from '../match/bots.js';

interface Seat {
  readonly bot: AnyBot;
  readonly rng: Rng;
  readonly view: { readonly seat: number; readonly state: unknown };
}

const write = (msg: object): void => void process.stdout.write(JSON.stringify(msg) + '\n');
const fail = (message: string): never => {
  write({ type: 'error', message });
  process.exit(1);
};

/** Stacks written to stderr at most, and each one's length: a bot that throws every turn must not fill its log (limits.outputKb). */
const MAX_STACKS = 5;
const MAX_STACK_CHARS = 2000;
const stacksWritten = new Set<string>();

/** Writes a thrown error's stack to stderr, where the bot's log keeps it: the first MAX_STACKS distinct ones. */
function tellStack(e: unknown): void {
  const stack = e instanceof Error && typeof e.stack === 'string' ? e.stack.slice(0, MAX_STACK_CHARS) : null;
  if (!stack || stacksWritten.size >= MAX_STACKS || stacksWritten.has(stack)) return;
  stacksWritten.add(stack);
  process.stderr.write(stack + '\n');
}

/** JSON for an answer: typed arrays as arrays. */
const plain = (a: unknown): unknown => (ArrayBuffer.isView(a) ? Array.from(a as unknown as ArrayLike<number>) : a);

async function start(msg: StartMessage, botPath: string): Promise<Seat> {
  if (msg.protocol !== PROTOCOL) fail(`this host speaks ${PROTOCOL}, not ${String(msg.protocol)}`);
  let mod: AnyGameModule;
  try {
    // A built-in ruleset alone; one named by path through the registry, which loads them all.
    const builtin = msg.ruleset.module ? undefined : BUILTIN_RULESETS[msg.ruleset.id];
    mod = builtin ? await builtin() : await (await import('../rules/registry.js')).loadRuleset(msg.ruleset.module ?? msg.ruleset.id);
  } catch (e) {
    return fail(`cannot load the ruleset: ${(e as Error).message}`);
  }
  if (mod.version !== msg.ruleset.version) fail(`the ruleset here is version ${mod.version}, the arena plays ${msg.ruleset.version}`);
  if (!mod.gameFromDescription) fail(`${mod.title} cannot rebuild its games from a description, so its bots cannot be isolated`);
  const game = mod.gameFromDescription!(msg.game, 'start.game');
  const factory = await factoryOf(botPath);
  // The seat's own seed (never the match seed: core/seatKey.ts).
  const rng = makeRng(msg.seed);
  let bot: AnyBot;
  try {
    // The rules as the arena hands them, a frozen copy: a bot that writes into them changes nothing the host uses.
    bot = factory({ seat: msg.seat, rng, budget: msg.budget, ...mod.botContext(game), rules: Object.freeze({ module: rulesFacade(mod), game }) }) as AnyBot;
  } catch (e) {
    tellStack(e);
    return fail(`bot factory threw: ${(e as Error)?.message ?? e}`);
  }
  return { bot, rng, view: { seat: msg.seat, state: mod.newState(game, msg.seed) } };
}

function decide(seat: Seat, msg: DecideMessage): void {
  decodeView(msg.view, seat.view.state);
  const method = seat.bot[msg.kind];
  if (typeof method !== 'function') return write({ type: 'action', id: msg.id, action: null, missing: true });
  let a: unknown;
  try {
    a = (method as (...args: unknown[]) => unknown).call(seat.bot, msg.observation, seat.view, ...msg.args);
    if (isThenable(a)) throw new Error(PROMISE_ANSWER);
    if (isMixed(a)) a = sampleMixed(a, seat.rng);
  } catch (e) {
    tellStack(e);
    return write({ type: 'action', id: msg.id, action: null, error: e instanceof Error ? e.message : String(e) });
  }
  write({ type: 'action', id: msg.id, action: plain(a) ?? null });
}

/** The bot module's factory; fails (the `error` line, then exit) when it cannot be read, does not load or exports none. */
async function factoryOf(botPath: string): Promise<AnyBotFactory> {
  readable(botPath);
  // From here on (the arena's modules already loaded): a bundle's inline map places its stack's lines in the bot's own files.
  process.setSourceMapsEnabled(true);
  const r = await importBot(botPath);
  return typeof r === 'string' ? fail(r) : r.factory;
}

/** Fails unless the bot's module can be read here (the sandbox runs each bot as a user of its own when the arena runs as root). */
function readable(botPath: string): void {
  try {
    accessSync(botPath, constants.R_OK);
  } catch (e) {
    fail(`the sandbox cannot read ${botPath} (${(e as NodeJS.ErrnoException).code ?? e}): bots run as an unprivileged user, so the module and every folder above it must be readable by others (chmod o+r on the file, o+rx on its folders)`);
  }
}

/** `--probe BOT_MODULE`: whether the module loads and exports a factory (the arena's config check, which never imports bot code itself). */
async function probe(botPath: string): Promise<void> {
  await factoryOf(botPath);
  write({ type: 'probe', ok: true });
  process.exit(0);
}

async function main(): Promise<void> {
  if (process.argv[2] === '--probe') return probe(process.argv[3]);
  const botPath = process.argv[2];
  if (!botPath) fail('usage: host.js BOT_MODULE | host.js --probe BOT_MODULE');
  let seat: Seat | null = null;
  // One message at a time, in order: the arena waits for each answer before it writes again.
  for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
    let msg: ArenaMessage;
    try {
      msg = JSON.parse(line) as ArenaMessage;
    } catch {
      fail('the arena sent a line that is not JSON');
      return;
    }
    if (msg.type === 'start') {
      seat = await start(msg, botPath);
      write({ type: 'ready' });
    } else if (msg.type === 'decide') {
      if (!seat) fail('decide before start');
      decide(seat!, msg);
    } else if (msg.type === 'end') break;
  }
  process.exit(0);
}

void main();
