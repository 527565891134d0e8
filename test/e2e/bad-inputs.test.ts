/**
 * Issue 49 item 9: each bad input the second wave found is answered with one
 * located line (no stack trace, exit 1) and nothing is lost: a bot path that
 * is a folder, a command that is a folder, `--workers 1000000`, an `out`
 * under /proc, budget.ms 1e308, limits.memoryMb 10, turnLimit 1e9, a one-bot
 * config; a config with a byte-order mark is read. A disk that fills at
 * matches.csv's header or in replays/ (a small tmpfs, filled: needs root to
 * mount) stops the run, located, and `havoc resume` then ends it with the
 * tables of a run that never stopped.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, truncateSync, cpSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { havoc } from '../cli-helpers.js';

const tmp = mkdtempSync(join(tmpdir(), 'bad-inputs-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
mkdirSync(join(tmp, 'folderbot'));
const base = { ruleset: 'rbp', schedule: { type: 'round-robin', games: 2 }, seed: 'bad', bots: ['random', { name: 'coin', bot: 'random' }] };
// In this thread (HAVOC_WORKERS=0, vitest.config.ts): no pool is what these check (a worker thread cost 0.1 s of CPU more).
const quiet = ['--quiet', '--no-report', '--save-replays', 'none'];

/** Writes config `name` and plays it (into its own folder unless `args` name one, or the config's own with `own`); the whole of stderr. */
function refused(name: string, config: object, ...args: string[]): string {
  const file = join(tmp, `${name}.json`);
  writeFileSync(file, JSON.stringify(config));
  const own = args[0] === 'own';
  const out = own || args.includes('--out') ? [] : ['--out', join(tmp, `out-${name}`)];
  const r = havoc('tournament', file, ...out, ...quiet, ...(own ? args.slice(1) : args));
  expect(r.code, r.err).toBe(1);
  expect(r.err.trim().split('\n'), r.err).toHaveLength(1);
  return r.err.trim().replaceAll(tmp, 'TMP');
}

describe('bad input', () => {
  it('each answered with one located line', () => {
    const F = (n: string) => `error: TMP/${n}.json`;
    expect(refused('botdir', { ...base, bots: ['random', join(tmp, 'folderbot')] })).toBe(
      `${F('botdir')}: bots[1]: bot module TMP/folderbot is a folder, not a module file: name its .js or .ts file (an entrant's folder with a bot.json goes to havoc contest or check-bot)`,
    );
    expect(refused('cmddir', { ...base, bots: ['random', { name: 'c', command: [join(tmp, 'folderbot')] }] })).toBe(
      `${F('cmddir')}: bots[1].command[0]: TMP/folderbot is a folder, not a program: name the program (["python3", "TMP/folderbot/bot.py"])`,
    );
    expect(refused('workers', base, '--workers', '1000000')).toMatch(/^error: --workers: must be at most \d+ on this machine \(16 threads a core, \d+ cores\): more only share the same cores$/);
    expect(refused('proc', { ...base, out: '/proc/havoc-out' }, '--out', '/proc/havoc-out')).toBe("error: --out: /proc is in the kernel's proc file system, which holds no run folders: choose a folder on a disk");
    expect(refused('procfile', { ...base, out: '/proc/havoc-out' }, 'own')).toBe(`${F('procfile')}: out: /proc is in the kernel's proc file system, which holds no run folders: choose a folder on a disk`);
    expect(refused('budget', { ...base, budget: { ms: 1e308 } })).toBe(`${F('budget')}: budget.ms: must be at most 3600000 milliseconds (an hour a decision; more is no deadline at all)`);
    expect(refused('memory', { ...base, limits: { memoryMb: 10 } })).toBe(
      `${F('memory')}: limits.memoryMb: must be at least 64 (megabytes; a Python bot needs about 30 to start, node about 800): less and every match is forfeited`,
    );
    expect(refused('turns', { ...base, turnLimit: 1e9 })).toBe(`${F('turns')}: turnLimit: must be at most 100000 (turns before a match is a draw; a longer match would never end in a run)`);
    expect(refused('onebot', { ...base, bots: ['random'] })).toBe(
      `${F('onebot')}: bots: one bot (random) and 1 loadout: nothing to compare; name at least 2 bots (a contest between bots), or 2 loadouts for it to play (a contest between loadouts)`,
    );
  });

  it('a config with a byte-order mark is read', () => {
    const file = join(tmp, 'bom.json');
    writeFileSync(file, '\uFEFF' + JSON.stringify(base));
    const r = havoc('tournament', file, '--out', join(tmp, 'out-bom'), ...quiet);
    expect(r.code, r.err).toBe(0);
    expect(readFileSync(join(tmp, 'out-bom', 'matches.csv'), 'utf8').trim().split('\n')).toHaveLength(3);
  });
});

// Mounting a tmpfs needs root (the sandbox's machines run the suite as root).
const canMount = process.getuid?.() === 0 && spawnSync('mount', ['--version']).status === 0;

describe.runIf(canMount)('a disk that fills', () => {
  const file = join(tmp, 'full.json');
  writeFileSync(file, JSON.stringify({ ...base, schedule: { type: 'round-robin', games: 4 } }));
  const tables = ['matches.csv', 'bots.csv', 'ratings.csv'];
  // A pool of one: a replay is written in its thread (run/worker.ts), and that refusal is carried to the run's one
  // line (arena-cli.test.ts checks a replay refused in the run's own thread).
  const args = ['--quiet', '--no-report', '--save-replays', 'all', '--workers', '1'];

  it.each([
    ['at matches.csv\'s header', 1, /^error: TMP\/disk\/run\/matches.csv: cannot write \(ENOSPC\); the run stops here and `havoc resume` carries on once the disk or the folder is fixed$/],
    ['in replays/', 3, /^error: TMP\/disk\/run\/replays\/match-\d+.jsonl: cannot write the replay \(ENOSPC\); the run stops here and `havoc resume` carries on once the disk or the folder is fixed$/],
  ])('%s stops the run with one located line; resumed once there is room, the tables are a clean run\'s', (_what, pages, message) => {
    const clean = join(tmp, 'clean');
    if (!readFileSafe(join(clean, 'bots.csv'))) expect(havoc('tournament', file, '--out', clean, ...args).code).toBe(0);
    const disk = join(tmp, 'disk');
    mkdirSync(disk, { recursive: true });
    expect(spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', disk]).status).toBe(0);
    try {
      // The run's folder as `havoc tournament` sets it up, then the disk filled but for `pages` pages.
      mkdirSync(join(disk, 'run'));
      for (const f of ['config.json', 'config.sha256', 'parts.json', 'seat.key']) cpSync(join(clean, f), join(disk, 'run', f));
      spawnSync('dd', ['if=/dev/zero', `of=${join(disk, 'fill')}`, 'bs=4096']);
      truncateSync(join(disk, 'fill'), Math.max(0, readFileSync(join(disk, 'fill')).length - pages * 4096));
      const r = havoc('resume', join(disk, 'run'), ...args);
      expect(r.code).toBe(1);
      expect(r.err.trim().replaceAll(tmp, 'TMP')).toMatch(message);
      rmSync(join(disk, 'fill'));
      const again = havoc('resume', join(disk, 'run'), ...args);
      expect(again.code, again.err).toBe(0);
      for (const t of tables) expect(readFileSync(join(disk, 'run', t), 'utf8'), t).toBe(readFileSync(join(clean, t), 'utf8'));
    } finally {
      spawnSync('umount', [disk]);
    }
  });
});

function readFileSafe(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}
