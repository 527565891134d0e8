/**
 * A fault as its entrant reads it, on the contest server's pages (src/serve/)
 * and the report's entrant pages: where in its own files it came from
 * (`bot.py:12`, from the traceback or stack its bot wrote to stderr) and its
 * cause — the message with its bot's folder taken out (names, never the
 * organiser's paths) and its numbers and quoted actions made general, so one
 * crash in programs #2, #3 and #6 is one cause, not three.
 */
import { sep } from 'node:path';
import { faultWhere } from '../sandbox/faultWhere.js';

export { faultWhere };

/** A fault with its cause and place. */
export interface Fault {
  readonly turn: number;
  readonly kind: string;
  /** The message, the submission's folder taken out. */
  readonly message: string;
  /** The message made general: what faults are grouped by. */
  readonly cause: string;
  /** `file:line` in the submission, or null when its stderr names no line of it. */
  readonly where: string | null;
}

/** `text` with every mention of the folders `roots` taken out (a file there by its name in the submission). */
export function withoutPaths(text: string, roots: readonly string[]): string {
  let out = text;
  for (const r of roots) if (r) out = out.split(r + sep).join('').split(r).join('.');
  return out;
}

/** A crash's message without a Python traceback's caret lines (`~~~^^^^`), which say nothing without the line above them. */
export const withoutCarets = (message: string): string =>
  message
    .split(' | ')
    .map((part) => part.replace(/(^|:\s+)[\s~^]*[~^][\s~^]*$/, '$1').trimEnd())
    .filter((part) => part.trim() !== '')
    .join(' | ')
    .replace(/:\s*\|\s*/g, ': ');

/** A message made general: numbers, quoted text and the seat's letter (`machine A`, `seat B`) stand for any. */
export const causeOf = (kind: string, message: string): string =>
  `${kind}: ${message.replace(/"(?:[^"\\]|\\.)*"/g, '"…"').replace(/\b(machine|seat) [A-Z]\b/g, '$1 S').replace(/\b\d+(\.\d+)?\b/g, 'N')}`;

/** A seat's faults with their causes and places, from the match's fault log and the seat's stderr. */
export function faultsOf(log: readonly { turn: number; kind: string; message: string }[], stderr: string | null, root: string | null, roots: readonly string[]): Fault[] {
  const where = faultWhere(stderr, root);
  return log.map((f) => {
    const message = withoutCarets(withoutPaths(f.message, roots));
    // A crash's or a throw's place is the stderr's; an illegal action's is its own (the bot ran on).
    const here = f.kind === 'crash' || f.kind === 'throw' ? where : null;
    return { turn: f.turn, kind: f.kind, message, cause: causeOf(f.kind, message), where: here };
  });
}

/** Faults grouped by cause and place: how often, and the first match and turn of each. */
export function groupFaults(faults: readonly (Fault & { readonly match: string })[]): { cause: string; where: string | null; count: number; match: string; turn: number; message: string }[] {
  const groups = new Map<string, { cause: string; where: string | null; count: number; match: string; turn: number; message: string }>();
  for (const f of faults) {
    const key = `${f.cause}\n${f.where ?? ''}`;
    const g = groups.get(key);
    if (g) g.count++;
    else groups.set(key, { cause: f.cause, where: f.where, count: 1, match: f.match, turn: f.turn, message: f.message });
  }
  return [...groups.values()].sort((a, b) => b.count - a.count || (a.match < b.match ? -1 : 1));
}
