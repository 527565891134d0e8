/** A match's faults as a person reads them: each faulting seat's messages, grouped (havoc match, havoc check-bot). */
import type { FaultRecord } from '../match/loop.js';

/** Lines shown per seat and per message at most. */
const FAULT_LINES = 5;

/**
 * Each faulting seat's fault messages: every different message once, with
 * its kind, how often and the first turn it came on (the first five; the
 * rest counted).
 */
export function faultLines(log: readonly FaultRecord[], name: (seat: number) => string): string[] {
  const bySeat = new Map<number, Map<string, { kind: string; turn: number; count: number }>>();
  for (const f of log) {
    let m = bySeat.get(f.seat);
    if (!m) bySeat.set(f.seat, (m = new Map()));
    const key = `${f.kind}\n${f.message}`;
    const e = m.get(key);
    if (e) e.count++;
    else m.set(key, { kind: f.kind, turn: f.turn, count: 1 });
  }
  const out: string[] = [];
  for (const [seat, m] of [...bySeat].sort((a, b) => a[0] - b[0])) {
    out.push(`faults of ${name(seat)}:`);
    const entries = [...m];
    for (const [key, e] of entries.slice(0, FAULT_LINES))
      out.push(`  ${e.kind}, turn ${e.turn}${e.count > 1 ? ` and ${e.count - 1} more` : ''}: ${key.slice(key.indexOf('\n') + 1)}`);
    if (entries.length > FAULT_LINES) out.push(`  … and ${entries.length - FAULT_LINES} other messages`);
  }
  return out;
}
