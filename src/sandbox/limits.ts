/**
 * What a run's config limits for each sandboxed bot process (`limits` in a
 * run or contest config, docs/arena.md): its start-up time, its memory and
 * its output, and how they become the sandbox's settings (an Isolation).
 * The decision limits are the budget's (src/core/bot.ts).
 */
import { DEFAULT_LIMITS, type SandboxLimits } from './bubblewrap.js';

export interface BotLimits {
  /** Milliseconds by the wall clock from the process's start to its `ready` (a JavaScript bot: loading its module and making it). */
  readonly startupMs: number;
  /** Megabytes of address space (RLIMIT_AS; a JavaScript bot's V8 heap gets half). */
  readonly memoryMb: number;
  /** Kibibytes the process may write to stdout and stderr together in a match. */
  readonly outputKb: number;
}

export const DEFAULT_BOT_LIMITS: BotLimits = { startupMs: 20_000, memoryMb: DEFAULT_LIMITS.memoryMb, outputKb: 4096 };

/** How an isolated bot's process is run. */
export interface Isolation {
  readonly limits: SandboxLimits;
  /** Milliseconds a process may take to start and load its bot (its `ready`). */
  readonly startupMs: number;
  /** Bytes it may write to stdout and stderr together. */
  readonly outputBytes: number;
}

/** The isolation of a run's limits (each field left out: its default). */
export function isolationOf(l: Partial<BotLimits> = {}): Isolation {
  const b = { ...DEFAULT_BOT_LIMITS, ...l };
  return { limits: { ...DEFAULT_LIMITS, memoryMb: b.memoryMb }, startupMs: b.startupMs, outputBytes: b.outputKb * 1024 };
}

export const DEFAULT_ISOLATION: Isolation = isolationOf();
