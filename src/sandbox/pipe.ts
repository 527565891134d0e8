/**
 * A bot process as a function call: `BotPipe.request` writes a line to the
 * process and blocks this thread until it answers, ends, or passes a
 * deadline (Atomics.wait on a shared slot), so the arena's one synchronous
 * match loop can ask an isolated bot as it asks a bot in this thread. The
 * asynchronous side is the pipe thread (pipeThread.ts), one per thread that
 * uses pipes, made on first use.
 */
import type { BotGroup } from './cgroup.js';
import { Worker } from 'node:worker_threads';
import { builtFile } from '../core/paths.js';
import { MAX_LINE } from './protocol.js';

/** Slot states: empty (waiting), a line, the process ended, the process wrote a line too long, or more output than its cap. */
export const SLOT_EMPTY = 0;
export const SLOT_LINE = 1;
export const SLOT_EXIT = 2;
export const SLOT_OVERSIZE = 3;
export const SLOT_OUTPUT = 4;

/** The shared control cells: the slot's state, its length, the process's pid, and CLOSED_* once the process has ended and its log is written. */
export const CTL_CELLS = 4;
export const CLOSED_NOT_YET = 0;
export const CLOSED_OK = 1;
export const CLOSED_LOG_REFUSED = 2;

export type PipeRequest =
  | {
      op: 'spawn';
      id: number;
      argv: string[];
      cwd: string;
      env: Record<string, string>;
      shared: SharedArrayBuffer;
      scratch: string | null;
      /** Its control groups, removed when it ends (null: none). */
      group: BotGroup | null;
      /** Bytes the process may write to stdout and stderr together before it is killed. */
      outputBytes: number;
      /** Where its stderr is written when it ends, if it wrote any (null: nowhere). */
      log: string | null;
    }
  | { op: 'send'; id: number; line: string }
  | { op: 'taken'; id: number }
  | { op: 'kill'; id: number }
  | { op: 'release'; id: number };

/** What came back. */
export type PipeReply =
  | { readonly kind: 'line'; readonly text: string }
  | { readonly kind: 'exit'; readonly code: number | null; readonly signal: string | null; readonly stderr: string }
  | { readonly kind: 'oversize' }
  | { readonly kind: 'output' }
  | { readonly kind: 'timeout' };

let thread: Worker | null = null;
let nextId = 1;
/** Live processes' pids, killed if this process exits first. */
const live = new Map<number, Int32Array>();

function threadFile(): string {
  return builtFile('src/sandbox/pipeThread.js');
}

function pipeThread(): Worker {
  if (!thread) {
    thread = new Worker(threadFile());
    thread.unref();
    process.once('exit', () => {
      for (const ctl of live.values()) {
        const pid = Atomics.load(ctl, 2);
        if (pid > 0) {
          try {
            process.kill(-pid, 'SIGKILL');
          } catch {
            // already gone
          }
        }
      }
    });
  }
  return thread;
}

const decoder = new TextDecoder();

/**
 * Waits up to `timeoutMs` for cell `index` of `cells` to hold a value other
 * than `from`, and returns the value it holds then (`from` at the timeout).
 * A wake-up alone proves nothing: the pipe thread stores a slot's state and
 * then notifies, so when this thread saw the store before it waited, took
 * the line and waits for the next, that notify can land in the next wait,
 * with the slot still empty (with both cores loaded, 4 runs in 70 of a
 * four-match python3 tournament read the line already taken as the
 * process's end, and faulted every later decision of that bot).
 */
export function awaitChange(cells: Int32Array, index: number, from: number, timeoutMs: number): number {
  const end = performance.now() + timeoutMs;
  for (;;) {
    const v = Atomics.load(cells, index);
    if (v !== from) return v;
    const left = end - performance.now();
    if (left <= 0) return v;
    Atomics.wait(cells, index, from, left);
  }
}

export class BotPipe {
  private readonly id = nextId++;
  private readonly shared = new SharedArrayBuffer(4 * CTL_CELLS + MAX_LINE);
  private readonly ctl = new Int32Array(this.shared, 0, CTL_CELLS);
  private readonly data = new Uint8Array(this.shared, 4 * CTL_CELLS);
  private ended: PipeReply | null = null;

  /**
   * Starts `argv` (in `cwd`, with `env`); `scratch`: a folder removed when it
   * ends; `outputBytes`: its output cap (default: none but the line's);
   * `log`: the file its stderr goes to when it ends.
   */
  constructor(argv: readonly string[], opts: { cwd: string; env?: Record<string, string>; scratch?: string | null; group?: BotGroup | null; outputBytes?: number; log?: string | null }) {
    live.set(this.id, this.ctl);
    pipeThread().postMessage({
      op: 'spawn',
      id: this.id,
      argv: [...argv],
      cwd: opts.cwd,
      env: opts.env ?? {},
      shared: this.shared,
      scratch: opts.scratch ?? null,
      group: opts.group ?? null,
      outputBytes: opts.outputBytes ?? Number.MAX_SAFE_INTEGER,
      log: opts.log ?? null,
    } satisfies PipeRequest);
  }

  /** The pid of the process started (the sandbox's outer process), 0 until it has started. */
  pid(): number {
    return Atomics.load(this.ctl, 2);
  }

  /** Waits up to `timeoutMs` for the process to have ended and its log to be written: CLOSED_OK, CLOSED_LOG_REFUSED, or CLOSED_NOT_YET at the timeout. */
  awaitClosed(timeoutMs: number): number {
    return awaitChange(this.ctl, 3, CLOSED_NOT_YET, timeoutMs);
  }

  /** Writes `line` and waits up to `timeoutMs` for the next line (or the end). */
  request(line: string, timeoutMs: number): PipeReply {
    if (this.ended) return this.ended;
    pipeThread().postMessage({ op: 'send', id: this.id, line } satisfies PipeRequest);
    return this.read(timeoutMs);
  }

  /** Waits up to `timeoutMs` for the next line the process writes (or its end). */
  read(timeoutMs: number): PipeReply {
    if (this.ended) return this.ended;
    const state = awaitChange(this.ctl, 0, SLOT_EMPTY, timeoutMs);
    if (state === SLOT_EMPTY) return { kind: 'timeout' };
    const text = decoder.decode(this.data.slice(0, Atomics.load(this.ctl, 1)));
    if (state === SLOT_LINE) {
      Atomics.store(this.ctl, 0, SLOT_EMPTY);
      pipeThread().postMessage({ op: 'taken', id: this.id } satisfies PipeRequest);
      return { kind: 'line', text };
    }
    if (state === SLOT_OVERSIZE) this.ended = { kind: 'oversize' };
    else if (state === SLOT_OUTPUT) this.ended = { kind: 'output' };
    else {
      const e = JSON.parse(text) as { code: number | null; signal: string | null; stderr: string };
      this.ended = { kind: 'exit', code: e.code, signal: e.signal, stderr: e.stderr };
    }
    this.forget();
    return this.ended;
  }

  /** Writes a line nobody answers (the last message), then lets the process go. */
  tell(line: string): void {
    if (!this.ended) pipeThread().postMessage({ op: 'send', id: this.id, line } satisfies PipeRequest);
  }

  /** Kills the process and everything it started. */
  kill(): void {
    pipeThread().postMessage({ op: 'kill', id: this.id } satisfies PipeRequest);
  }

  /** Kills the process if it still runs and forgets it. */
  release(): void {
    pipeThread().postMessage({ op: 'release', id: this.id } satisfies PipeRequest);
    this.forget();
  }

  private forget(): void {
    live.delete(this.id);
  }
}
