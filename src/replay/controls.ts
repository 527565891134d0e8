/**
 * Reading `--step` controls from standard input: single key presses on a
 * terminal (raw mode), or lines when input is a pipe or file (each line one
 * control; the end of input quits).
 */
import { createInterface } from 'node:readline';
import type { Control } from './play.js';

/** Parses a typed line: empty or `n` next, `b` back, `q` quit, a number jumps to that turn. */
export function parseControl(line: string): Control | null {
  const s = line.trim().toLowerCase();
  if (s === '' || s === 'n' || s === 'next') return { kind: 'next' };
  if (s === 'b' || s === 'back') return { kind: 'back' };
  if (s === 'q' || s === 'quit') return { kind: 'quit' };
  if (/^\d+$/.test(s)) return { kind: 'turn', turn: Number(s) };
  return null;
}

/** Controls from a stream. Returns the reader and a `close` to release the stream. */
export function streamControls(input: NodeJS.ReadStream): { next: () => Promise<Control>; close: () => void } {
  if (input.isTTY) return keyControls(input);
  const rl = createInterface({ input, terminal: false });
  const it = rl[Symbol.asyncIterator]();
  return {
    next: async () => {
      for (;;) {
        const r = await it.next();
        if (r.done) return { kind: 'quit' };
        const c = parseControl(r.value);
        if (c) return c;
      }
    },
    close: () => rl.close(),
  };
}

function keyControls(input: NodeJS.ReadStream): { next: () => Promise<Control>; close: () => void } {
  input.setRawMode(true);
  input.resume();
  let digits = '';
  const waiting: ((c: Control) => void)[] = [];
  const pending: Control[] = [];
  const emit = (c: Control): void => {
    const w = waiting.shift();
    if (w) w(c);
    else pending.push(c);
  };
  const onKey = (k: string): void => {
    if (k === '\u0003' || k === 'q' || k === '\u001b') return emit({ kind: 'quit' });
    if (/^\d$/.test(k)) {
      digits += k;
      return;
    }
    if (k === '\r' || k === '\n') {
      const c: Control = digits ? { kind: 'turn', turn: Number(digits) } : { kind: 'next' };
      digits = '';
      return emit(c);
    }
    digits = '';
    if (k === ' ' || k === 'n' || k === '\u001b[C' || k === '\u001b[B') return emit({ kind: 'next' });
    if (k === 'b' || k === '\u001b[D' || k === '\u001b[A') return emit({ kind: 'back' });
  };
  // A chunk may hold several keys (typed fast, or pasted); an arrow key is one escape sequence.
  const onData = (buf: Buffer): void => {
    for (const k of buf.toString('utf8').match(/\u001b\[[A-D]|[\s\S]/gu) ?? []) onKey(k);
  };
  input.on('data', onData);
  return {
    next: () => new Promise<Control>((res) => (pending.length ? res(pending.shift()!) : waiting.push(res))),
    close: () => {
      input.off('data', onData);
      input.setRawMode(false);
      input.pause();
    },
  };
}
