/** A run folder's seat.key (src/run/seatKeyFile.ts): written once, checked after, and a folder begun before keys refused. */
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { seatKeyOf } from '../../src/core/seatKey.js';
import { keepSeatKey } from '../../src/run/seatKeyFile.js';

const dirs: string[] = [];
const fresh = (): string => {
  const d = mkdtempSync(join(tmpdir(), 'havoc-seatkey-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('seat.key', () => {
  it('is written once, readable by its owner alone, and a folder of another seed is refused', () => {
    const d = fresh();
    keepSeatKey(d, 'run-1');
    expect(readFileSync(join(d, 'seat.key'), 'utf8').trim()).toBe(seatKeyOf('run-1'));
    expect(statSync(join(d, 'seat.key')).mode & 0o777).toBe(0o600);
    expect(() => keepSeatKey(d, 'run-1')).not.toThrow();
    expect(() => keepSeatKey(d, 'run-2')).toThrow(/seat\.key: is not this run's seat key/);
  });

  it('a folder with matches and no key (begun before seat keys) is refused, not played on with other streams', () => {
    const d = fresh();
    writeFileSync(join(d, 'matches.csv'), 'id,seed\n0,abc\n');
    expect(() => keepSeatKey(d, 'run-1')).toThrow(/begun by an earlier Havoc Arena, before seat keys/);
    const e = fresh();
    writeFileSync(join(e, 'matches.csv'), 'id,seed\n');
    expect(() => keepSeatKey(e, 'run-1')).not.toThrow();
  });
});
