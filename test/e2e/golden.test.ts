/**
 * Every shipped config (configs/*.json run configs) gives the same
 * matches.csv and tables, byte for byte, as the code that recorded
 * test/golden/shipped-configs.json (sha256 per file): a refactor may move
 * anything but the results. A change that is meant to change results bumps
 * the rules version (src/rules/version.ts) or the records' format, says so
 * in docs/performance.md or docs/rules.md, and rewrites the file with
 * `HAVOC_UPDATE_GOLDEN=1 npx vitest run test/e2e/golden.test.ts`.
 *
 * The two greedy sweeps (sweep.json's 8,000 matches, default.json's 4,000)
 * are checked on their first shard of sixteen: the same rules, bots and
 * tables at a sixteenth of the time (a shard plays the run's own matches by
 * id, and shards merging to the whole run is tested in arena-cli.test.ts).
 * A quarter, then an eighth, was among the suite's costliest files; the
 * bytes of 500 and 250 greedy matches (every part of the balanced design in
 * them) catch what those of 2,000 and 1,000 did.
 *
 * Each config plays in the command's own thread (no --workers): that 1 and 2
 * workers give the same bytes is arena-cli.test.ts's, and these hashes,
 * recorded on two workers, hold in one thread. On two workers each thread
 * loaded the code and warmed greedy again: 30.1 and 30.8 s of CPU for the
 * file (cpuacct), against 20.9 and 21.1 in one thread.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const GOLDEN = 'test/golden/shipped-configs.json';
const TABLES = ['matches.csv', 'loadouts.csv', 'bots.csv', 'parts.csv', 'matchups.csv', 'ratings.csv'];
const RUNS: Record<string, readonly string[]> = { designs: [''], 'free-for-all': [''], sweep: [''], default: ['rbp-ladder', 'nhm-sweep'] };
/** The configs checked on one shard (`--shard`), with the key their hashes are recorded under. */
const SHARD: Record<string, string> = { sweep: '1/16', default: '1/16' };

const tmp = mkdtempSync(join(tmpdir(), 'golden-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const sha = (p: string): string => createHash('sha256').update(readFileSync(p)).digest('hex');

describe('shipped configs', () => {
  const want = JSON.parse(readFileSync(GOLDEN, 'utf8')) as Record<string, string>;
  const got: Record<string, string> = {};

  // The sweeps take tens of seconds alone, and minutes on a loaded machine.
  it.each(Object.keys(RUNS))('configs/%s.json gives the recorded matches.csv and tables', { timeout: 600_000 }, (config) => {
    const out = join(tmp, config);
    const shard = SHARD[config] ? ['--shard', SHARD[config]] : [];
    const r = spawnSync(process.execPath, ['dist/src/cli/main.js', 'tournament', `configs/${config}.json`, ...shard, '--out', out, '--quiet', '--save-replays', 'none', '--no-report'], {
      encoding: 'utf8',
    });
    expect(r.status, r.stderr).toBe(0);
    const name = SHARD[config] ? `${config} shard ${SHARD[config]}` : config;
    for (const run of RUNS[config])
      for (const t of TABLES) {
        const key = `${run ? `${name}/${run}` : name}/${t}`;
        got[key] = sha(join(out, run, t));
        if (!process.env.HAVOC_UPDATE_GOLDEN) expect(got[key], `${key} differs from the recorded bytes`).toBe(want[key]);
      }
  });

  it.runIf(process.env.HAVOC_UPDATE_GOLDEN)('rewrites the recorded hashes', () => {
    writeFileSync(GOLDEN, JSON.stringify(got, null, 2));
  });
});
