/**
 * The pipe thread (pipe.ts): a worker thread that owns the bot processes of
 * the thread that made it, so that thread may block on a bot's answer with
 * Atomics.wait and a deadline while this one does the asynchronous I/O. It
 * spawns each process, writes the lines it is given to its stdin, and hands
 * back each line the process writes (at most MAX_LINE bytes), or how the
 * process ended, through the process's shared slot. It counts what the
 * process writes to stdout and stderr together against its output cap,
 * keeps its stderr (up to the cap), and when the process has ended writes
 * that stderr to the process's log file, if it has one and wrote any.
 */
import { removeGroup, type BotGroup } from './cgroup.js';
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, readSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { parentPort } from 'node:worker_threads';
import { MAX_LINE } from './protocol.js';
import { outOfMemoryLine } from './outOfMemory.js';
import { CLOSED_LOG_REFUSED, CLOSED_OK, CTL_CELLS, SLOT_EMPTY, SLOT_EXIT, SLOT_LINE, SLOT_OUTPUT, SLOT_OVERSIZE, type PipeRequest } from './pipe.js';

interface Proc {
  readonly child: ChildProcess;
  readonly ctl: Int32Array;
  readonly data: Uint8Array;
  /** Lines not yet handed over (one is handed over at a time). */
  readonly lines: Buffer[];
  partial: Buffer[];
  partialBytes: number;
  /** The last few thousand characters of stderr, for a crash's fault message. */
  stderr: string;
  /** The first line of stderr that says the process ran out of memory (a stack trace follows it, and may push it out of `stderr`). */
  oomLine: string | null;
  /** stderr as written, up to the output cap (the log). */
  readonly logged: Buffer[];
  loggedBytes: number;
  /** Bytes written to stdout and stderr together. */
  output: number;
  readonly outputBytes: number;
  readonly log: string | null;
  ended: { code: number | null; signal: string | null; cause: 'oversize' | 'output' | null } | null;
  readonly scratch: string | null;
  /** Its control groups (cgroup.ts), removed when it ends. */
  readonly group: BotGroup | null;
}

const procs = new Map<number, Proc>();
const encoder = new TextEncoder();

const DRAIN = Buffer.alloc(64 << 10);

/**
 * Reads what is left in the process's stderr pipe now, without waiting (the
 * pipe is non-blocking: EAGAIN when empty). A bot writes its stderr before
 * the answer that follows it (Node writes to a pipe synchronously), so when
 * the answer is here, all of that stderr is in the pipe: a flood the event
 * loop had read only part of is counted whole before the answer is handed
 * over, and whether the answer is taken never depends on timing.
 */
function drainStderr(p: Proc): void {
  const fd = (p.child.stderr as unknown as { _handle?: { fd?: number } } | null)?._handle?.fd;
  if (typeof fd !== 'number' || fd < 0) return;
  while (!p.ended) {
    let n = 0;
    try {
      n = readSync(fd, DRAIN, 0, DRAIN.length, null);
    } catch {
      return; // EAGAIN: nothing left (or the pipe is closed)
    }
    if (n <= 0) return;
    onStderr(p, Buffer.from(DRAIN.subarray(0, n)));
  }
}

/** Hands the next line (or the end) to the waiting thread when its slot is empty. */
function deliver(p: Proc): void {
  if (Atomics.load(p.ctl, 0) !== SLOT_EMPTY) return;
  if (p.lines.length && !p.ended) drainStderr(p);
  const line = p.lines.shift();
  if (line) {
    p.data.set(line.subarray(0, p.data.length));
    Atomics.store(p.ctl, 1, line.length);
    Atomics.store(p.ctl, 0, SLOT_LINE);
  } else if (p.ended) {
    p.oomLine ??= outOfMemoryLine(p.stderr, true);
    const tail = p.stderr.slice(-2000);
    const stderr = p.oomLine && !tail.includes(p.oomLine) ? `${p.oomLine}\n…\n${tail}` : tail;
    const info = encoder.encode(JSON.stringify({ code: p.ended.code, signal: p.ended.signal, stderr }));
    p.data.set(info.subarray(0, p.data.length));
    Atomics.store(p.ctl, 1, Math.min(info.length, p.data.length));
    Atomics.store(p.ctl, 0, p.ended.cause === 'oversize' ? SLOT_OVERSIZE : p.ended.cause === 'output' ? SLOT_OUTPUT : SLOT_EXIT);
  } else return;
  Atomics.notify(p.ctl, 0);
}

/** Kills a process and everything it started (its sandbox's PID namespace, or its process group). */
function kill(p: Proc): void {
  if (p.child.exitCode !== null || p.child.signalCode !== null) return;
  try {
    process.kill(-p.child.pid!, 'SIGKILL');
  } catch {
    p.child.kill('SIGKILL');
  }
}

/**
 * Counts `bytes` of output against the cap: past it, the process is killed
 * (false), and lines not yet handed over are dropped: the answer a bot
 * wrote after flooding its stderr is not taken (onData's deferred delivery).
 */
function counted(p: Proc, bytes: number): boolean {
  p.output += bytes;
  if (p.output <= p.outputBytes) return true;
  if (!p.ended) p.ended = { code: null, signal: null, cause: 'output' };
  p.lines.length = 0;
  kill(p);
  return false;
}

function onStderr(p: Proc, chunk: Buffer): void {
  const room = p.outputBytes - p.loggedBytes;
  if (room > 0) {
    const kept = chunk.length <= room ? chunk : chunk.subarray(0, room);
    p.logged.push(kept);
    p.loggedBytes += kept.length;
  }
  p.stderr = (p.stderr + chunk.toString('utf8')).slice(-4000);
  p.oomLine ??= outOfMemoryLine(p.stderr, false);
  counted(p, chunk.length);
}

/** Writes the process's stderr to its log file, if it has one and wrote any; whether the machine let it. */
function writeLog(p: Proc): boolean {
  if (!p.log || p.loggedBytes === 0) return true;
  const cut = p.ended?.cause === 'output' ? `\n[havoc: the output cap (limits.outputKb, ${p.outputBytes / 1024} KiB) was reached here: the process was killed]\n` : '';
  try {
    mkdirSync(dirname(p.log), { recursive: true });
    writeFileSync(p.log, cut ? Buffer.concat([...p.logged, Buffer.from(cut)]) : Buffer.concat(p.logged));
    return true;
  } catch {
    return false;
  }
}

function onData(p: Proc, chunk: Buffer): void {
  if (!counted(p, chunk.length)) return;
  let from = 0;
  for (;;) {
    const nl = chunk.indexOf(10, from);
    const piece = chunk.subarray(from, nl < 0 ? chunk.length : nl);
    p.partialBytes += piece.length;
    if (p.partialBytes > MAX_LINE) {
      p.ended = { code: null, signal: null, cause: 'oversize' };
      kill(p);
      return;
    }
    if (piece.length) p.partial.push(piece);
    if (nl < 0) return;
    p.lines.push(Buffer.concat(p.partial));
    p.partial = [];
    p.partialBytes = 0;
    from = nl + 1;
    // Handed over after this turn of the event loop's reads: stderr the bot wrote before its answer
    // (Node writes to a pipe synchronously) is ready with it, and is counted first whichever of the
    // two pipes the loop reads first, so whether an answer beside a flood is taken never depends on timing.
    setImmediate(deliver, p);
    if (from >= chunk.length) return;
  }
}

/** Removes a bot's groups once the kernel has let its last processes go (a few tries, 50 ms apart). */
function dropGroup(group: BotGroup, tries: number): void {
  if (!removeGroup(group) && tries > 0) setTimeout(() => dropGroup(group, tries - 1), 50).unref();
}

parentPort!.on('message', (m: PipeRequest) => {
  if (m.op === 'spawn') {
    const child = spawn(m.argv[0], m.argv.slice(1), { stdio: ['pipe', 'pipe', 'pipe'], detached: true, cwd: m.cwd, env: m.env });
    const p: Proc = {
      child,
      ctl: new Int32Array(m.shared, 0, CTL_CELLS),
      data: new Uint8Array(m.shared, 4 * CTL_CELLS),
      lines: [],
      partial: [],
      partialBytes: 0,
      stderr: '',
      oomLine: null,
      logged: [],
      loggedBytes: 0,
      output: 0,
      outputBytes: m.outputBytes,
      log: m.log,
      ended: null,
      scratch: m.scratch,
      group: m.group,
    };
    procs.set(m.id, p);
    child.stdout!.on('data', (c: Buffer) => onData(p, c));
    child.stderr!.on('data', (c: Buffer) => onStderr(p, c));
    child.stdin!.on('error', () => {}); // a bot that closed its stdin: its end is reported by 'close'
    child.on('error', (e) => {
      p.stderr += `\n${e.message}`;
    });
    Atomics.store(p.ctl, 2, child.pid ?? 0);
    child.on('close', (code, signal) => {
      p.ended ??= { code, signal, cause: null };
      if (p.ended.code === null && p.ended.signal === null) p.ended = { ...p.ended, code, signal };
      kill(p); // anything it left in its process group
      if (p.scratch) rmSync(p.scratch, { recursive: true, force: true });
      if (p.group) dropGroup(p.group, 20);
      deliver(p);
      Atomics.store(p.ctl, 3, writeLog(p) ? CLOSED_OK : CLOSED_LOG_REFUSED);
      Atomics.notify(p.ctl, 3);
    });
  } else if (m.op === 'send') {
    const p = procs.get(m.id);
    if (p && !p.ended) p.child.stdin!.write(m.line + '\n');
  } else if (m.op === 'taken') {
    const p = procs.get(m.id);
    if (p) deliver(p);
  } else if (m.op === 'kill' || m.op === 'release') {
    const p = procs.get(m.id);
    if (!p) return;
    kill(p);
    if (m.op === 'release') procs.delete(m.id);
  }
});
