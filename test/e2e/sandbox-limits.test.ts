/**
 * A run's limits for each sandboxed process, for real (docs/contest.md,
 * "Limits and what a fault costs"): start-up time, memory and output, each
 * named by the fault it gives; a bot whose process is gone; each bot's
 * stderr kept per match. None measures the machine (the decision clock's
 * tests, which do, are test/e2e/alone/limits.test.ts).
 *
 * The first four tests' matches are played together, in one node process
 * through the compiled arena (dist/), as ../isolated-bots.ts plays them (the
 * bot isolated in seat A against an idle seat on Robo Battle Pigs): imported
 * here, the arena's TypeScript cost this file 1.2 s of CPU to load.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const tmp = mkdtempSync(join(tmpdir(), 'sandbox-limits-'));
chmodSync(tmp, 0o755); // isolated bots run as an unprivileged user
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** Writes a bot module playing as random does; `decide` runs before each of its decisions (`o` the observation), `top` at its top level (../isolated-bots.ts's botFolder). */
function bot(name: string, decide: string, top = ''): string {
  const file = join(tmp, `${name}.mjs`);
  writeFileSync(file, `import random from '${resolve('dist/bots/random.js')}';\n${top}\nexport default (ctx) => { const b = random(ctx); return { program(o, v) { ${decide}; return b.program(o, v); } }; };\n`);
  return file;
}
/** Sleeps `ms` of wall time, using no CPU. */
const sleep = (ms: number) => `Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ${ms})`;

/** A match of a bot (a module, or `command:` and its argv as JSON) in seat A, isolated under `limits`, of `turns` turns; each under a budget of 10 s (sims 1). */
type Match = { readonly file: string; readonly turns: number; readonly limits: Record<string, number> };
/** Seat A's faults in a match, and the seats that forfeit. */
type Played = { faults: { kind: string; message: string }[]; forfeits: number[] };
/** What a bot whose process exits at its second decision did when asked three times: answered the first, the error of the second (a BotLost?) and whether the third threw the same. */
type Gone = { answered: unknown; lost: boolean; message: string; same: boolean };

const hog = join(tmp, 'hog.py');
writeFileSync(hog, 'import json, sys\nfor line in sys.stdin:\n    m = json.loads(line)\n    if m["type"] == "start": print(json.dumps({"type": "ready"}), flush=True)\n    elif m["type"] == "decide": x = bytearray(200 << 20)\n');
const slowStart = bot('slow-start', '', sleep(3000));
const matches = {
  leak: { file: bot('leak', 'globalThis.keep ??= []; for (;;) globalThis.keep.push(new Array(1e6).fill(1.5))'), turns: 3, limits: { memoryMb: 1024 } },
  // A command bot: Python's MemoryError past a 64 MB cap.
  hog: { file: `command:${JSON.stringify(['python3', hog])}`, turns: 3, limits: { memoryMb: 64 } },
  'flood-stderr': { file: bot('flood-stderr', "process.stderr.write('x'.repeat(50 << 10))"), turns: 4, limits: { outputKb: 128 } },
  'flood-stdout': { file: bot('flood-stdout', "process.stdout.write('y'.repeat(300 << 10))"), turns: 4, limits: { outputKb: 128 } },
  'slow-start': { file: slowStart, turns: 3, limits: { startupMs: 1000 } },
  // Within the start-up limit, the same bot plays.
  'slow-within': { file: slowStart, turns: 2, limits: { startupMs: 10_000 } },
} satisfies Record<string, Match>;
const quits = bot('quits', 'globalThis.asked = (globalThis.asked ?? 0) + 1; if (globalThis.asked === 2) process.exit(3)');

let played: (Record<keyof typeof matches, Played> & { gone: Gone }) | undefined;
/** Every match above, and the questions to `quits`, played by the first test that asks; stderr too, for a failure's message. */
function outcome(): { results: typeof played & object; err: string } {
  if (played) return { results: played, err: '' };
  const dist = (f: string) => JSON.stringify(pathToFileURL(resolve('dist', f)).href);
  const script = join(tmp, 'play.mjs');
  writeFileSync(
    script,
    `
    import { BOT_DONE, BotLost, SEAT_SEED } from ${dist('src/core/bot.js')};
    import { isolationOf } from ${dist('src/sandbox/limits.js')};
    import { isolatedFactory } from ${dist('src/sandbox/remoteBot.js')};
    import { playMatch } from ${dist('src/match/loop.js')};
    import { defaultCatalogue } from ${dist('src/rules/nhm/catalogue.js')};
    import { rulesetById } from ${dist('src/rules/registry.js')};
    import { rbpGame } from ${dist('src/rules/rbp/index.js')};
    const rbp = rbpGame(defaultCatalogue());
    const mod = rulesetById(rbp.rulesetId);
    const budget = { ms: 10_000, sims: 1 };
    const out = {};
    for (const [name, m] of Object.entries(${JSON.stringify(matches)})) {
      const game = mod.makeGame({ builds: [rbp.loadouts[0], rbp.loadouts[1]], turnLimit: m.turns });
      const idle = () => ({ program: () => 'TL TR TL TR TL' });
      const r = playMatch({ module: mod, game, bots: [isolatedFactory(mod, game, m.file, isolationOf(m.limits)), idle], seed: 'limits', budget });
      out[name] = { faults: r.faultLog.filter((f) => f.seat === 0), forfeits: r.forfeits };
    }
    const game = mod.makeGame({ builds: [rbp.loadouts[0], rbp.loadouts[1]], turnLimit: 5 });
    const st = mod.newState(game, 'gone');
    const b = isolatedFactory(mod, game, ${JSON.stringify(quits)})({ seat: 0, [SEAT_SEED]: 'gone', rng: () => 0.5, budget, ...mod.botContext(game), rules: { module: mod, game } });
    const ask = () => { try { return b.program(mod.observe(st, 0), undefined); } catch (e) { return e; } };
    try {
      const answered = ask();
      const first = ask(), again = ask();
      out.gone = { answered: answered instanceof Error ? 'threw: ' + answered.message : Boolean(answered), lost: first instanceof BotLost, message: String(first?.message), same: again === first };
    } finally {
      b[BOT_DONE]({ ranks: [], reason: 'error' });
    }
    console.log(JSON.stringify(out));
    process.exit(0);
  `,
  );
  const r = spawnSync(process.execPath, [script], { encoding: 'utf8' });
  try {
    played = JSON.parse(r.stdout.trim().split('\n').pop() ?? '');
  } catch {
    throw new Error(`the matches' process: exit ${r.status}: ${r.stdout}${r.stderr}`);
  }
  return { results: played!, err: r.stderr };
}

describe('a run\'s limits for each sandboxed process', () => {
  it('a bot that allocates past memoryMb forfeits, the fault naming the memory cap', () => {
    const { results: { leak: r, hog: p }, err } = outcome();
    expect(r.forfeits, err).toEqual([0]);
    expect(r.faults[0].kind).toBe('crash');
    expect(r.faults[0].message).toMatch(/^the process .* to program #1: out of memory \(the memory cap, limits\.memoryMb, is 1024 MB of address space\): .*heap out of memory; forfeits the match$/);
    // A command bot: Python's MemoryError past a 64 MB cap.
    expect(p.forfeits).toEqual([0]);
    expect(p.faults[0].message).toBe('the process exited with code 1 to program #1: out of memory (the memory cap, limits.memoryMb, is 64 MB of address space): MemoryError; forfeits the match');
  });

  it('a bot that floods stderr or stdout past outputKb forfeits, the fault naming the output cap', () => {
    for (const name of ['flood-stderr', 'flood-stdout'] as const) {
      const r = outcome().results[name];
      expect(r.forfeits, name).toEqual([0]);
      expect(r.faults.at(-1)!.message, name).toMatch(/^wrote more than the output cap \(limits\.outputKb: 128 KiB to stdout and stderr\) to program #\d: the process was killed; forfeits the match$/);
    }
  });

  it('a bot that sleeps before answering its start past startupMs forfeits, the fault naming the start-up limit', () => {
    const { 'slow-start': r, 'slow-within': within } = outcome().results;
    expect(r.forfeits).toEqual([0]);
    expect(r.faults.map((f) => f.message)).toEqual(['not ready within the start-up limit (limits.startupMs: 1000 ms by the wall clock): the process was killed; forfeits the match']);
    // Within it, the same bot plays.
    expect(within.faults).toEqual([]);
  });
});

describe('a bot whose process is gone', () => {
  it('is told, if asked again, the cause it was lost by, not a bare "gone"', () => {
    const { gone } = outcome().results;
    expect(gone.answered).toBe(true);
    expect(gone.lost).toBe(true);
    expect(gone.message).toBe('the process exited with code 3 to program #2');
    expect(gone.same).toBe(true);
  });
});

describe('each sandboxed bot\'s stderr, per match, in the run folder', () => {
  const havoc = (...a: string[]) => {
    const r = spawnSync(process.execPath, ['dist/src/cli/main.js', ...a], { encoding: 'utf8' });
    return { code: r.status, err: r.stderr };
  };

  it('is written to logs/match-ID-SEAT.txt when the bot wrote any, the same files with 1 or 2 workers, cut at the output cap', () => {
    // One bot that talks (a line each turn) in seat B and floods (past the cap at turn 2) in seat A, against random only
    // (in the arena's thread: no log, and nothing to warm up): two matches a run, each with one sandboxed seat.
    const tf = bot('talker-flooder', "if (ctx.seat === 1) process.stderr.write(`turn ${o.turn} seat ${ctx.seat}\\n`); else if (o.turn === 2) process.stderr.write('z'.repeat(40 << 10))");
    const cfg = join(tmp, 'logs.json');
    writeFileSync(cfg, JSON.stringify({ ruleset: 'rbp', bots: ['random', { name: 'tf', bot: tf }], schedule: { type: 'gauntlet', challengers: ['random'], games: 2 }, turnLimit: 4, seed: 'logs', limits: { outputKb: 32 } }));
    const runs = ['1', '2'].map((w) => {
      const dir = join(tmp, `logs-${w}`);
      const r = havoc('tournament', cfg, '--out', dir, '--workers', w, '--quiet', '--no-report', '--save-replays', '0');
      expect(r.code, r.err).toBe(0);
      return dir;
    });
    const files = (dir: string) => readdirSync(join(dir, 'logs')).filter((f) => f.endsWith('.txt')).sort();
    const rows = readFileSync(join(runs[0], 'matches.csv'), 'utf8').trim().split('\n').slice(1).map((l) => l.split(','));
    // Every seat of tf has its log; random (in the arena's threads) none.
    expect(rows).toHaveLength(2);
    const want = rows.flatMap(([id, , a, , b]) => [a === 'random' ? [] : [`match-${id}-A.txt`], b === 'random' ? [] : [`match-${id}-B.txt`]].flat()).sort();
    expect(files(runs[0])).toEqual(want);
    expect(files(runs[1])).toEqual(want);
    // Beside them, each match's decision times of its sandboxed seats (every match here has one).
    const times = (dir: string) => readdirSync(join(dir, 'logs')).filter((f) => f.endsWith('-times.json')).sort();
    expect(times(runs[0])).toEqual(rows.map(([id]) => `match-${id}-times.json`).sort());
    expect(times(runs[1])).toEqual(times(runs[0]));
    expect(readFileSync(join(runs[1], 'matches.csv'), 'utf8')).toBe(readFileSync(join(runs[0], 'matches.csv'), 'utf8'));
    const [tid] = rows.find((r) => r[4] === 'tf')!;
    expect(readFileSync(join(runs[0], 'logs', `match-${tid}-B.txt`), 'utf8')).toBe(['0', '1', '2', '3'].map((t) => `turn ${t} seat 1\n`).join(''));
    const [fid] = rows.find((r) => r[2] === 'tf')!;
    const flog = readFileSync(join(runs[0], 'logs', `match-${fid}-A.txt`), 'utf8');
    expect(flog).toBe(`${'z'.repeat(32 << 10)}\n[havoc: the output cap (limits.outputKb, 32 KiB) was reached here: the process was killed]\n`);
    expect(existsSync(join(runs[0], 'errors.log')) && readFileSync(join(runs[0], 'errors.log'), 'utf8')).toContain(`match ${fid}: seat A (tf) forfeits the match: crash, wrote more than the output cap`);

    // Resumed: the matches not yet in matches.csv (the last one, here) are played again, and a log an earlier try of one left
    // (here planted for a seat of random, which writes none) is removed, so the logs are the full run's.
    const csv = readFileSync(join(runs[1], 'matches.csv'), 'utf8');
    const lines = csv.trim().split('\n');
    writeFileSync(join(runs[1], 'matches.csv'), lines.slice(0, 2).join('\n') + '\n');
    const [cut, , cutA] = lines.slice(2).map((l) => l.split(',')).find((r) => r[2] === 'random' || r[4] === 'random')!;
    const stale = join(runs[1], 'logs', `match-${cut}-${cutA === 'random' ? 'A' : 'B'}.txt`);
    writeFileSync(stale, 'from an earlier try\n');
    const again = havoc('resume', runs[1], '--quiet', '--no-report');
    expect(again.code, again.err).toBe(0);
    expect(readFileSync(join(runs[1], 'matches.csv'), 'utf8')).toBe(csv);
    expect(existsSync(stale)).toBe(false);
    expect(files(runs[1])).toEqual(want);
  }, 240_000);
});
