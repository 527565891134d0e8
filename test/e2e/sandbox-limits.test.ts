/**
 * A run's limits for each sandboxed process, for real (docs/contest.md,
 * "Limits and what a fault costs"): start-up time, memory and output, each
 * named by the fault it gives; a bot whose process is gone; each bot's
 * stderr kept per match. The decision clocks are
 * test/e2e/decision-clocks.test.ts, and the CPU clock on a machine loaded by
 * busy loops test/e2e/alone/limits.test.ts.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BOT_DONE, BotLost, SEAT_SEED } from '../../src/core/bot.js';
import { isolatedFactory } from '../../src/sandbox/remoteBot.js';
import { botFolder, mod, play, rbp, sleep } from '../isolated-bots.js';

const { tmp, bot, remove } = botFolder('sandbox-limits-');
afterAll(remove);

describe('a run\'s limits for each sandboxed process', () => {
  it('a bot that allocates past memoryMb forfeits, the fault naming the memory cap', () => {
    const leak = bot('leak', 'globalThis.keep ??= []; for (;;) globalThis.keep.push(new Array(1e6).fill(1.5))');
    const r = play(leak, { ms: 10_000, sims: 1 }, 3, { memoryMb: 1024 });
    expect(r.forfeits).toEqual([0]);
    expect(r.faults[0].kind).toBe('crash');
    expect(r.faults[0].message).toMatch(/^the process .* to program #1: out of memory \(the memory cap, limits\.memoryMb, is 1024 MB of address space\): .*heap out of memory; forfeits the match$/);
    // A command bot: Python's MemoryError past a 64 MB cap.
    const py = join(tmp, 'hog.py');
    writeFileSync(py, 'import json, sys\nfor line in sys.stdin:\n    m = json.loads(line)\n    if m["type"] == "start": print(json.dumps({"type": "ready"}), flush=True)\n    elif m["type"] == "decide": x = bytearray(200 << 20)\n');
    const p = play(`command:${JSON.stringify(['python3', py])}`, { ms: 10_000, sims: 1 }, 3, { memoryMb: 64 });
    expect(p.forfeits).toEqual([0]);
    expect(p.faults[0].message).toBe('the process exited with code 1 to program #1: out of memory (the memory cap, limits.memoryMb, is 64 MB of address space): MemoryError; forfeits the match');
  });

  it('a bot that floods stderr or stdout past outputKb forfeits, the fault naming the output cap', () => {
    for (const [name, flood] of [
      ['flood-stderr', "process.stderr.write('x'.repeat(50 << 10))"],
      ['flood-stdout', "process.stdout.write('y'.repeat(300 << 10))"],
    ]) {
      const r = play(bot(name, flood), { ms: 10_000, sims: 1 }, 4, { outputKb: 128 });
      expect(r.forfeits, name).toEqual([0]);
      expect(r.faults.at(-1)!.message, name).toMatch(/^wrote more than the output cap \(limits\.outputKb: 128 KiB to stdout and stderr\) to program #\d: the process was killed; forfeits the match$/);
    }
  });

  it('a bot that sleeps before answering its start past startupMs forfeits, the fault naming the start-up limit', () => {
    const slow = bot('slow-start', '', sleep(3000));
    const r = play(slow, { ms: 10_000, sims: 1 }, 3, { startupMs: 1000 });
    expect(r.forfeits).toEqual([0]);
    expect(r.faults.map((f) => f.message)).toEqual(['not ready within the start-up limit (limits.startupMs: 1000 ms by the wall clock): the process was killed; forfeits the match']);
    // Within it, the same bot plays.
    expect(play(slow, { ms: 10_000, sims: 1 }, 2, { startupMs: 10_000 }).faults).toEqual([]);
  });
});

describe('a bot whose process is gone', () => {
  it('is told, if asked again, the cause it was lost by, not a bare "gone"', () => {
    const quits = bot('quits', 'globalThis.asked = (globalThis.asked ?? 0) + 1; if (globalThis.asked === 2) process.exit(3)');
    const game = mod.makeGame({ builds: [rbp.loadouts[0], rbp.loadouts[1]], turnLimit: 5 });
    const st = mod.newState(game, 'gone');
    const b = isolatedFactory(mod, game, quits)({ seat: 0, [SEAT_SEED]: 'gone', rng: () => 0.5, budget: { ms: 10_000, sims: 1 }, ...mod.botContext(game), rules: { module: mod, game } }) as unknown as Record<string | symbol, (...a: unknown[]) => unknown>;
    try {
      expect(b.program(mod.observe(st, 0), undefined)).toBeTruthy();
      const first = (() => { try { b.program(mod.observe(st, 0), undefined); } catch (e) { return e as BotLost; } })();
      const again = (() => { try { b.program(mod.observe(st, 0), undefined); } catch (e) { return e as BotLost; } })();
      expect(first).toBeInstanceOf(BotLost);
      expect(first!.message).toBe('the process exited with code 3 to program #2');
      expect(again).toBe(first);
    } finally {
      b[BOT_DONE]({ ranks: [], reason: 'error' });
    }
  });
});

describe('each sandboxed bot\'s stderr, per match, in the run folder', () => {
  const havoc = (...a: string[]) => {
    const r = spawnSync(process.execPath, ['dist/src/cli/main.js', ...a], { encoding: 'utf8' });
    return { code: r.status, err: r.stderr };
  };

  it('is written to logs/match-ID-SEAT.txt when the bot wrote any, the same files with 1 or 2 workers, cut at the output cap', () => {
    const talker = bot('talker', "process.stderr.write(`turn ${o.turn} seat ${ctx.seat}\\n`)");
    const flood = bot('flooder', "if (o.turn === 2) process.stderr.write('z'.repeat(40 << 10))");
    const cfg = join(tmp, 'logs.json');
    // Each against random only (in the arena's thread: no log, and nothing to warm up), not each other: four
    // matches a run, each with one sandboxed seat.
    writeFileSync(cfg, JSON.stringify({ ruleset: 'rbp', bots: ['random', { name: 't', bot: talker }, { name: 'f', bot: flood }], schedule: { type: 'gauntlet', challengers: ['random'], games: 2 }, turnLimit: 4, seed: 'logs', limits: { outputKb: 32 } }));
    const runs = ['1', '2'].map((w) => {
      const dir = join(tmp, `logs-${w}`);
      const r = havoc('tournament', cfg, '--out', dir, '--workers', w, '--quiet', '--no-report', '--save-replays', '0');
      expect(r.code, r.err).toBe(0);
      return dir;
    });
    const files = (dir: string) => readdirSync(join(dir, 'logs')).filter((f) => f.endsWith('.txt')).sort();
    const rows = readFileSync(join(runs[0], 'matches.csv'), 'utf8').trim().split('\n').slice(1).map((l) => l.split(','));
    // Every seat of t or f has its log; random (in the arena's threads) none.
    expect(rows).toHaveLength(4);
    const want = rows.flatMap(([id, , a, , b]) => [a === 'random' ? [] : [`match-${id}-A.txt`], b === 'random' ? [] : [`match-${id}-B.txt`]].flat()).sort();
    expect(files(runs[0])).toEqual(want);
    expect(files(runs[1])).toEqual(want);
    // Beside them, each match's decision times of its sandboxed seats (every match here has one).
    const times = (dir: string) => readdirSync(join(dir, 'logs')).filter((f) => f.endsWith('-times.json')).sort();
    expect(times(runs[0])).toEqual(rows.map(([id]) => `match-${id}-times.json`).sort());
    expect(times(runs[1])).toEqual(times(runs[0]));
    expect(readFileSync(join(runs[1], 'matches.csv'), 'utf8')).toBe(readFileSync(join(runs[0], 'matches.csv'), 'utf8'));
    const [tid, , ta] = rows.find((r) => r[2] === 't' || r[4] === 't')!;
    const tseat = ta === 't' ? 'A' : 'B';
    expect(readFileSync(join(runs[0], 'logs', `match-${tid}-${tseat}.txt`), 'utf8')).toBe(['0', '1', '2', '3'].map((t) => `turn ${t} seat ${tseat === 'A' ? 0 : 1}\n`).join(''));
    const [fid, , fa] = rows.find((r) => r[2] === 'f' || r[4] === 'f')!;
    const flog = readFileSync(join(runs[0], 'logs', `match-${fid}-${fa === 'f' ? 'A' : 'B'}.txt`), 'utf8');
    expect(flog).toBe(`${'z'.repeat(32 << 10)}\n[havoc: the output cap (limits.outputKb, 32 KiB) was reached here: the process was killed]\n`);
    expect(existsSync(join(runs[0], 'errors.log')) && readFileSync(join(runs[0], 'errors.log'), 'utf8')).toContain('(f) forfeits the match: crash, wrote more than the output cap');

    // Resumed: the matches not yet in matches.csv (the last one, here) are played again, and a log an earlier try of one left
    // (here planted for a seat of random, which writes none) is removed, so the logs are the full run's.
    const csv = readFileSync(join(runs[1], 'matches.csv'), 'utf8');
    const lines = csv.trim().split('\n');
    writeFileSync(join(runs[1], 'matches.csv'), lines.slice(0, 4).join('\n') + '\n');
    const [cut, , cutA] = lines.slice(4).map((l) => l.split(',')).find((r) => r[2] === 'random' || r[4] === 'random')!;
    const stale = join(runs[1], 'logs', `match-${cut}-${cutA === 'random' ? 'A' : 'B'}.txt`);
    writeFileSync(stale, 'from an earlier try\n');
    const again = havoc('resume', runs[1], '--quiet', '--no-report');
    expect(again.code, again.err).toBe(0);
    expect(readFileSync(join(runs[1], 'matches.csv'), 'utf8')).toBe(csv);
    expect(existsSync(stale)).toBe(false);
    expect(files(runs[1])).toEqual(want);
  }, 240_000);
});
