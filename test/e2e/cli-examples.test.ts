/**
 * Every example every `havoc` command's --help shows works as printed: each
 * is read from the help text (not from src/cli/examples.ts) and run from the
 * project's folder, in an order where an example finds what an earlier one
 * wrote (the quick run's folder, its shards).
 */
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * Prints, as JSON, each command's name in dist/'s commands.ts list beside the name its own file declares (`names`,
 * `files`), the commands loaded for `parts --json` (`parts`) and how many for `--help` (`help`).
 */
const COMMANDS_LOADED = `
import { COMMANDS, commandsFor } from './dist/src/cli/commands.js';
const files = [];
for (const [, load] of COMMANDS) files.push(String((await load()).default.command).split(' ')[0]);
process.stdout.write(JSON.stringify({
  names: COMMANDS.map(([name]) => name),
  files,
  parts: (await commandsFor(['parts', '--json'])).map((c) => c.command),
  help: (await commandsFor(['--help'])).length,
}));
`;

const havoc = (args: string[]) => spawnSync(process.execPath, ['dist/src/cli/main.js', ...args], { encoding: 'utf8', timeout: 180_000 });

/** The commands in the order their examples run. */
const ORDER = ['tournament', 'contest', 'duel', 'sweep', 'meta', 'reprice', 'swaps', 'optimize', 'merge', 'resume', 'replay', 'report', 'match', 'scenario', 'parts', 'loadouts', 'schema', 'check-bot', 'notation'];

/**
 * ORDER cut into two lanes that read nothing the other writes: a lane's examples run in turn, in ORDER (the quick
 * run before its shards' merge, resume, replay and report; the sweep before meta and reprice), the two lanes side
 * by side. Run one after another they were the suite's last 204 s at load 10, one core mostly idle. Not more
 * lanes: the quick run's nash stops searching past half its second of wall time, so its tables (which the merged
 * shards must equal) hold only while the machine is not too busy; with four lanes beside 8 busy loops (load 20 to
 * 54) a shard's nash match came out otherwise.
 */
const CHAINS = [
  ['tournament', 'merge', 'resume', 'replay', 'report', 'match', 'scenario', 'parts', 'loadouts', 'schema', 'check-bot', 'notation'],
  ['contest', 'duel', 'sweep', 'meta', 'reprice', 'swaps', 'optimize'],
];

/**
 * `havoc ARGS` as a child process, not waited on: its exit code and stderr (stdout read and dropped, as spawnSync's was).
 * Stopped past 300 s, a hang's guard: the contest example (72 games of five sandboxed bots, 31 s of CPU with its
 * bots' processes, 64 s wall at a load average of 18) went past 180 s twice at a load average of 20 to 35.
 */
function havocAsync(args: string[]): Promise<{ status: number | null; signal: NodeJS.Signals | null; stderr: string }> {
  return new Promise((done) => {
    const p = spawn(process.execPath, ['dist/src/cli/main.js', ...args], { stdio: ['ignore', 'pipe', 'pipe'], timeout: 300_000 });
    let stderr = '';
    p.stdout.resume();
    p.stderr.on('data', (d) => (stderr += d));
    p.on('close', (status, signal) => done({ status, signal, stderr }));
  });
}

/**
 * The example command lines a command's --help text prints (one a line when not in a terminal), but those of
 * a queue (--queue): they need a Redis, and test/e2e/queue.e2e.test.ts plays them on one it starts.
 */
function examplesIn(help: string): string[][] {
  const at = help.indexOf('\nExamples:\n');
  if (at < 0) return [];
  return help
    .slice(at + '\nExamples:\n'.length)
    .split('\n')
    .filter((l) => l.startsWith('  havoc '))
    .map((l) => l.trim().split(/\s{2,}/)[0].split(' ').slice(1))
    .filter((args) => !args.includes('--queue'));
}

describe('the examples of every --help', () => {
  it('the top help lists every command whose examples run here', () => {
    const top = havoc(['--help']).stdout;
    for (const c of ORDER) expect(top).toContain(`havoc ${c}`);
  });

  it('each command is loaded by its own name alone (commands.ts), and a name not known loads every command for yargs to refuse, in one line', () => {
    // Asked of the compiled commands.ts in a process of its own: imported here, every command's sources were compiled
    // for this test alone (3.8 s of CPU of the file's 104; node loads the built ones in 0.5 s).
    const loaded = spawnSync(process.execPath, ['--input-type=module', '-e', COMMANDS_LOADED], { encoding: 'utf8', timeout: 180_000 });
    expect(loaded.status, loaded.stderr).toBe(0);
    const { names, files, parts, help } = JSON.parse(loaded.stdout) as { names: string[]; files: string[]; parts: string[]; help: number };
    expect(files).toEqual(names);
    for (const c of ORDER) expect(names).toContain(c);
    expect(parts).toEqual(['parts']);
    expect(help).toBe(names.length);
    const typo = havoc(['tournamnt', 'configs/quick.json']);
    expect(typo.status).toBe(1);
    // Refused in one line, with the nearest command (src/cli/unknown.ts), not the whole help.
    expect(typo.stderr).toBe('error: no command "tournamnt" (did you mean tournament?); havoc --help lists the commands\n');
    const option = havoc(['tournament', 'configs/quick.json', '--matchs', '6']);
    expect(option.status).toBe(1);
    expect(option.stderr).toBe('error: unknown option --matchs (did you mean --matches?); havoc tournament --help lists its options\n');
  });

  it('every example runs and exits 0', async () => {
    expect([...CHAINS.flat()].sort()).toEqual([...ORDER].sort());
    for (const c of CHAINS) expect(c, 'a chain keeps ORDER').toEqual(ORDER.filter((x) => c.includes(x)));
    for (const dir of ['quick', 'quick-1of2', 'quick-2of2', 'quick-seed2', 'quick-merged', 'sweep-200', 'sweep-robust', 'sweep-200-repriced', 'contest', 'optimize-quick', 'swaps-quick', 'duel-quick', 'duel-copy']) rmSync(`results/${dir}`, { recursive: true, force: true });
    let count = 0;
    const failed: string[] = [];
    await Promise.all(
      CHAINS.map(async (chain) => {
        for (const command of chain) {
          const help = await new Promise<string>((done) => {
            const p = spawn(process.execPath, ['dist/src/cli/main.js', command, '--help'], { stdio: ['ignore', 'pipe', 'ignore'] });
            let out = '';
            p.stdout.on('data', (d) => (out += d));
            p.on('close', () => done(out));
          });
          const examples = examplesIn(help);
          if (examples.length === 0) failed.push(`havoc ${command} --help shows no example`);
          for (const args of examples) {
            const r = await havocAsync(args);
            if (r.status !== 0) failed.push(`havoc ${args.join(' ')} ${r.signal ? `was killed by ${r.signal}${r.signal === 'SIGTERM' ? ' (past the 300 s guard?)' : ''}` : `exited ${r.status}`}\n${r.stderr}`);
            count++;
          }
        }
      }),
    );
    expect(failed).toEqual([]);
    expect(count).toBeGreaterThanOrEqual(20);
    // The contest's examples stop after one round (--max-rounds 1), the second with nothing new to play.
    expect(JSON.parse(readFileSync('results/contest/contest.json', 'utf8')).stopped).toBe('the rounds are spent (1)');
    // The merged shards are the one-machine run, byte for byte.
    for (const table of ['matches.csv', 'bots.csv', 'ratings.csv']) expect(readFileSync(`results/quick-merged/${table}`, 'utf8')).toBe(readFileSync(`results/quick/${table}`, 'utf8'));
  }, 900_000);
});
