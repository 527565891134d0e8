/**
 * Issue 49 item 8 through the compiled CLI: a winner flipped in the middle
 * of matches.csv is refused, located, by `havoc resume` and `havoc merge`
 * (bots.csv is left as it was), and so is a run folder whose config.json was
 * edited after the run began; undone, the run resumes to the same tables.
 * One run, played once in the command's own thread (no pool: what is checked
 * is the folder, not the workers), copied for each change.
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { havoc } from '../cli-helpers.js';

const tmp = mkdtempSync(join(tmpdir(), 'records-tampered-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const config = join(tmp, 'run.json');
writeFileSync(config, JSON.stringify({ ruleset: 'rbp', bots: ['random', { name: 'coin', bot: 'random' }], schedule: { type: 'round-robin', games: 12 }, seed: 'tamper' }));
const quiet = ['--quiet', '--save-replays', 'none', '--no-report'];
/** A copy of the one run's folder, fresh from `havoc tournament`, at `dir`. */
let played: string | undefined;
function freshRun(dir: string): string {
  if (!played) expect(havoc('tournament', config, '--out', (played = join(tmp, 'played')), ...quiet).code).toBe(0);
  cpSync(played, dir, { recursive: true });
  return dir;
}

/** Flips the winner of the row on `line` (1-based) of a matches.csv, A for B or B for A. */
function flip(path: string, line: number): void {
  const lines = readFileSync(path, 'utf8').split('\n');
  const f = lines[line - 1].split(',');
  f[6] = f[6] === 'A' ? 'B' : 'A';
  lines[line - 1] = f.join(',');
  writeFileSync(path, lines.join('\n'));
}

describe('a run folder changed by hand', () => {
  it('resume and merge refuse a flipped winner, naming the lines; tables untouched', () => {
    const run = freshRun(join(tmp, 'run'));
    const bots = readFileSync(join(run, 'bots.csv'), 'utf8');
    const csv = readFileSync(join(run, 'matches.csv'), 'utf8');
    flip(join(run, 'matches.csv'), 7);
    const r = havoc('resume', run, ...quiet);
    expect(r.code).toBe(1);
    expect(r.err.trim()).toMatch(new RegExp(`^error: ${join(run, 'matches.csv')}, lines? [\\d–]+: changed since they were written \\(their sha256 differs from batch \\d+ of ${join(run, 'matches.sha256')}\\)`));
    expect(r.err).not.toMatch(/\n\s+at /);
    expect(readFileSync(join(run, 'bots.csv'), 'utf8')).toBe(bots);
    writeFileSync(join(run, 'matches.csv'), csv);
    expect(havoc('resume', run, ...quiet).code).toBe(0);
    expect(readFileSync(join(run, 'bots.csv'), 'utf8')).toBe(bots);

    // merge reads a folder's rows through the same hashes, a shard's or a whole run's: a copy of the run, flipped, is refused.
    cpSync(run, join(tmp, 'copy'), { recursive: true });
    flip(join(tmp, 'copy', 'matches.csv'), 3);
    const m = havoc('merge', join(tmp, 'merged'), join(tmp, 'copy'));
    expect(m.code).toBe(1);
    expect(m.err.trim()).toMatch(new RegExp(`^error: ${join(tmp, 'copy', 'matches.csv')}, lines? [\\d–]+: changed since they were written`));
    expect(existsSync(join(tmp, 'merged'))).toBe(false);
  });

  it("resume and merge refuse an edited config.json; undone, the run resumes", () => {
    const run = freshRun(join(tmp, 'cfg'));
    const text = readFileSync(join(run, 'config.json'), 'utf8');
    writeFileSync(join(run, 'config.json'), text.replace('"seed": "tamper"', '"seed": "other"'));
    const r = havoc('resume', run, ...quiet);
    expect(r.code).toBe(1);
    expect(r.err.trim()).toBe(
      `error: ${join(run, 'config.json')}: changed since the run was written (its sha256 differs from config.sha256's): the matches there were played with the config it began with; undo the edit, or play the new settings in a new folder`,
    );
    cpSync(run, join(tmp, 'cfg2'), { recursive: true });
    expect(havoc('merge', join(tmp, 'merged2'), join(tmp, 'cfg2')).err).toContain('changed since the run was written');
    writeFileSync(join(run, 'config.json'), text);
    expect(havoc('resume', run, ...quiet).code).toBe(0);
  });
});
