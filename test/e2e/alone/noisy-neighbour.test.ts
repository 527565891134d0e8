/**
 * A noisy neighbour (issue 49 item 5): an isolated bot that forks 24 busy
 * processes, each a session leader of its own (setsid), beside matches of
 * built-in bots. Its processes are held to one core together (its control
 * group, cgroup.ts) and the built-in bots are timed by their thread's CPU
 * time, so the other matches' rows are those of a run where it is honest.
 * Alone: it loads the machine on purpose.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const tmp = mkdtempSync(join(tmpdir(), 'noisy-'));
chmodSync(tmp, 0o755);
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function bot(name: string, body: string): string {
  const dir = join(tmp, name);
  mkdirSync(dir, { mode: 0o755 });
  writeFileSync(join(dir, 'bot.mjs'), `import random from '${resolve('dist/bots/random.js')}';\nexport default (ctx) => {\n${body}\nreturn random(ctx);\n};\n`, { mode: 0o644 });
  return join(dir, 'bot.mjs');
}

/** The run's rows of matches without bot x, and x's faults. */
function run(name: string, x: string): { rows: string[]; xFaults: number; seconds: number } {
  const cfg = join(tmp, `${name}.json`);
  writeFileSync(cfg, JSON.stringify({ ruleset: 'rbp', bots: ['greedy', 'minimax', { name: 'x', bot: x }], schedule: { type: 'round-robin', games: 2 }, seed: 'noisy' }));
  const dir = join(tmp, `${name}-out`);
  const t0 = performance.now();
  const r = spawnSync(process.execPath, ['dist/src/cli/main.js', 'tournament', cfg, '--out', dir, '--workers', '2', '--quiet', '--no-report'], { encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  const [head, ...lines] = readFileSync(join(dir, 'matches.csv'), 'utf8').trim().split('\n');
  const cols = head.split(',');
  const rows = lines.filter((l) => !l.split(',').includes('x'));
  const xFaults = lines
    .map((l) => Object.fromEntries(l.split(',').map((v, i) => [cols[i], v])))
    .filter((r) => r.a_bot === 'x' || r.b_bot === 'x')
    .reduce((n, r) => n + Number(r.a_bot === 'x' ? r.a_faults : r.b_faults), 0);
  return { rows, xFaults, seconds: (performance.now() - t0) / 1000 };
}

describe('a noisy neighbour', () => {
  it('a bot forking 24 busy setsid processes changes no row of the matches it does not play', () => {
    const honest = run('honest', bot('honest', ''));
    const noisy = run('noisy', bot('noisy', `
      const { spawn } = process.getBuiltinModule('node:child_process');
      // Busy for 5 s each (the length of the other matches beside them), then gone: the test stays short.
      for (let i = 0; i < 24; i++) spawn(process.execPath, ['-e', 'const end = Date.now() + 5000; while (Date.now() < end);'], { stdio: 'ignore', detached: true }).unref();`));
    console.log(`greedy-vs-minimax rows: ${honest.rows.length}; the run took ${honest.seconds.toFixed(1)} s beside an honest bot, ${noisy.seconds.toFixed(1)} s beside the noisy one`);
    expect(honest.rows.length).toBe(2);
    expect(noisy.rows).toEqual(honest.rows);
    for (const row of noisy.rows) expect(row.split(',').slice(-2)).toEqual(['0', '0']);
  }, 300_000);
});
