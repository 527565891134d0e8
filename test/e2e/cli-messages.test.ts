/**
 * Messages that point to the fix (issue 52), through the compiled CLI: a Python bot file given where a module
 * goes names a manifest that works (and the one beside it); a match names no builds and a manifest's are used;
 * tournament takes --matches and --bots.
 */
import { chmodSync, copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { csvRecords, havoc } from '../cli-helpers.js';

const tmp = mkdtempSync(join(tmpdir(), 'cli-messages-'));
chmodSync(tmp, 0o755); // the bot written here runs sandboxed, as an unprivileged user
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('messages that point to the fix', () => {
  it('check-bot bot.py: the manifest beside it, or one that works printed', () => {
    const starter = havoc('check-bot', 'bots/starters/python/bot.py');
    expect(starter.code).toBe(1);
    expect(starter.err).toBe('error: bots/starters/python/bot.py: a .py bot runs as a command named by a manifest; bots/starters/python/bot.json is beside it: havoc check-bot bots/starters/python/bot.json (docs/protocol.md)\n');
    const bot = join(tmp, 'mybot.py');
    copyFileSync('bots/starters/python/bot.py', bot);
    const alone = havoc('check-bot', bot);
    expect(alone.code).toBe(1);
    const m = /save (\{.*\}) as (\S+), then havoc check-bot (\S+) \(docs\/protocol\.md\)\n$/.exec(alone.err);
    expect(m, alone.err).not.toBeNull();
    expect(JSON.parse(m![1])).toEqual({ name: 'mybot', command: ['python3', 'mybot.py'], rulesets: ['rbp'] });
    expect(m![2]).toBe(join(tmp, 'bot.json'));
    // The manifest printed works as it is.
    writeFileSync(m![2], m![1]);
    const checked = havoc('check-bot', m![3], '--games', '2');
    expect(checked.code, checked.out + checked.err).toBe(0);
    expect(checked.out).toMatch(/^rbp .*: 2 games against random/m);
  });

  it("match --bots bot.json,random --ruleset nhm: the manifest's builds, when the match names none; the Python command plays under the manifest's name, with no faults", () => {
    // random, not greedy, in seat B: greedy's warm-up cost 0.55 s of CPU, and seat B is only named here.
    const r = havoc('match', '--bots', 'bots/starters/python/bot.json,random', '--ruleset', 'nhm', '--turn-limit', '3');
    expect(r.code, r.err).toBe(0);
    expect(r.out.split('\n')[0]).toMatch(/A: python-starter as buzz-brawler on \w+, B: random as dragon on \w+; builds from .*bots\/starters\/python\/bot\.json$/);
    expect(r.out).toMatch(/; faults 0\/0\n$/);
  });

  it('tournament --matches and --bots override the config', () => {
    // In this thread: the pool is not what is checked here (--workers 1 cost 0.2 s of CPU more, a worker thread's start).
    const r = havoc('tournament', 'configs/quick.json', '--matches', '12', '--bots', 'random,greedy', '--seed', '5', '--out', join(tmp, 'quick'), '--quiet', '--no-report', '--save-replays', 'none', '--json');
    expect(r.code, r.err).toBe(0);
    const summary = JSON.parse(r.out);
    expect(summary.matches.played).toBe(12);
    // The bots named, not the config's three: each played all 12.
    expect(csvRecords(join(tmp, 'quick', 'bots.csv')).map((b) => `${b.bot} ${b.games}`).sort()).toEqual(['greedy 12', 'random 12']);
    const bad = havoc('tournament', 'configs/quick.json', '--matches', '7', '--out', join(tmp, 'quick7'));
    expect(bad.code).toBe(1);
    expect(bad.err).toBe('error: configs/quick.json: --matches: must be a multiple of 6 for run quick (3 pairings × 2 seat rotations, every pairing played alike): 6 or 12\n');
  });
});
