/**
 * Every example every `havoc` command's --help shows works as printed: each
 * is read from the help text (not from src/cli/examples.ts) and run from the
 * project's folder, in an order where an example finds what an earlier one
 * wrote (the quick run's folder, its shards).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COMMANDS, commandsFor } from '../../src/cli/commands.js';

const havoc = (args: string[]) => spawnSync(process.execPath, ['dist/src/cli/main.js', ...args], { encoding: 'utf8', timeout: 180_000 });

/** The commands in the order their examples run. */
const ORDER = ['tournament', 'contest', 'sweep', 'meta', 'reprice', 'swaps', 'optimize', 'merge', 'resume', 'replay', 'report', 'match', 'scenario', 'parts', 'loadouts', 'schema', 'check-bot', 'notation'];

/**
 * The example command lines a command's --help prints (one a line when not in a terminal), but those of
 * a queue (--queue): they need a Redis, and test/e2e/queue.e2e.test.ts plays them on one it starts.
 */
function examplesOf(command: string): string[][] {
  const help = havoc([command, '--help']).stdout;
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

  it('each command is loaded by its own name alone (commands.ts), and a name not known loads every command for yargs to refuse', async () => {
    for (const [name, load] of COMMANDS) expect(String((await load()).default.command).split(' ')[0]).toBe(name);
    expect((await commandsFor(['parts', '--json'])).map((c) => c.command)).toEqual(['parts']);
    expect((await commandsFor(['--help'])).length).toBe(COMMANDS.length);
    const typo = havoc(['tournamnt', 'configs/quick.json']);
    expect(typo.status).toBe(1);
    expect(typo.stderr).toContain('Unknown arguments: tournamnt, configs/quick.json');
  });

  it('every example runs and exits 0', () => {
    for (const dir of ['quick', 'quick-1of2', 'quick-2of2', 'quick-seed2', 'quick-merged', 'sweep-400', 'sweep-robust', 'sweep-400-repriced', 'contest', 'optimize-quick', 'swaps-quick']) rmSync(`results/${dir}`, { recursive: true, force: true });
    let count = 0;
    for (const command of ORDER) {
      const examples = examplesOf(command);
      expect(examples.length, `havoc ${command} --help shows no example`).toBeGreaterThan(0);
      for (const args of examples) {
        const r = havoc(args);
        expect(r.status, `havoc ${args.join(' ')}\n${r.stderr}`).toBe(0);
        count++;
      }
    }
    expect(count).toBeGreaterThanOrEqual(20);
    // The merged shards are the one-machine run, byte for byte.
    for (const table of ['matches.csv', 'bots.csv', 'ratings.csv']) expect(readFileSync(`results/quick-merged/${table}`, 'utf8')).toBe(readFileSync(`results/quick/${table}`, 'utf8'));
  }, 600_000);
});
