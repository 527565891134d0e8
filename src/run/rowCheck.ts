/**
 * The rows a worker hands back, checked before they are appended to
 * matches.csv. Always: one whole line per match of the batch, in order, each
 * starting with its match's id (`idsProblem`, a scan of the bytes). When bot
 * code not ours runs in the workers' threads (`--unsafe-bots` with bots named
 * by path), also each row's seed, bots and builds against the schedule and
 * the rest of it well formed (`rowsProblem`): a worker whose code was changed
 * under it (such a bot's patch of `Math.floor` made ids "00", "01"…) cannot
 * write a row that is not its match's. The full check costs the main thread
 * about 1.3 µs a row, 15% of a kernel-speed run on two cores, so a run whose
 * worker code is all the arena's (built-in bots, isolated bots) has the scan.
 */
import { parseCsvLine, parseRow } from '../store/records.js';
import type { Schedule } from './schedule.js';
import type { IdRange } from './batches.js';

const decoder = new TextDecoder();

/** Why the batch's lines are not its matches' rows, or null. */
export function rowsProblem(bytes: Uint8Array, batch: IdRange, schedule: Schedule, k: number, figures: number): string | null {
  const text = decoder.decode(bytes);
  if (batch.count > 0 && !text.endsWith('\n')) return 'the last row is not a whole line';
  const lines = text.split('\n');
  lines.pop();
  if (lines.length !== batch.count) return `${lines.length} rows for a batch of ${batch.count} matches`;
  for (let i = 0; i < lines.length; i++) {
    const id = batch.start + i * batch.step;
    const f = parseCsvLine(lines[i]);
    if (f[0] !== String(id)) return `row ${i + 1} has id ${JSON.stringify(f[0])}, not ${id}`;
    const spec = schedule.spec(id);
    if (f[1] !== spec.seed) return `match ${id}: seed ${JSON.stringify(f[1])}, not the schedule's ${spec.seed}`;
    for (let s = 0; s < k; s++) {
      if (f[2 + 2 * s] !== spec.seats[s].bot || f[3 + 2 * s] !== spec.seats[s].loadout) return `match ${id}: seat ${s + 1} is not the schedule's bot and build`;
    }
    try {
      parseRow(f, k, figures);
    } catch (e) {
      return `match ${id}: ${(e as Error).message}`;
    }
  }
  return null;
}

/** Why the batch's bytes are not one line per match, each starting with its id, or null. */
export function idsProblem(bytes: Uint8Array, batch: IdRange): string | null {
  let at = 0;
  for (let i = 0; i < batch.count; i++) {
    const id = batch.start + i * batch.step;
    let v = 0, digits = 0;
    while (at < bytes.length && bytes[at] >= 48 && bytes[at] <= 57) (v = v * 10 + bytes[at++] - 48), digits++;
    if (digits === 0 || v !== id || bytes[at] !== 44 || (digits > 1 && bytes[at - digits] === 48)) return `row ${i + 1} does not start with its id ${id}`;
    const nl = bytes.indexOf(10, at);
    if (nl < 0) return `row ${i + 1} is not a whole line`;
    at = nl + 1;
  }
  return at === bytes.length ? null : `more rows than the batch's ${batch.count} matches`;
}
