/**
 * Hostile bots, as a contest entrant could write them, named by path and so
 * isolated (docs/protocol.md): each run completes, the culprit is charged
 * (faults, a forfeited match, errors.log), the other bots' matches are the
 * bytes of a run where the culprit is an honest bot, and no process is left.
 * Through the compiled `havoc` in dist/ (npm test builds it).
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { distModule } from '../cli-helpers.js';
import { BOT_UID_BASE, DEFAULT_LIMITS } from '../../src/sandbox/bubblewrap.js';

const tmp = mkdtempSync(join(tmpdir(), 'hostile-'));
chmodSync(tmp, 0o755); // isolated bots run as an unprivileged user
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const havoc = (...a: string[]) => {
  const r = spawnSync(process.execPath, ['dist/src/cli/main.js', ...a], { encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
};

/** The built-in random bot, which every hostile bot below plays like when it is not misbehaving. */
const RANDOM = resolve('dist/bots/random.js');

/** Writes a bot module; `body` is the factory's code, `random(ctx)` at hand. */
function bot(name: string, body: string, top = ''): string {
  const file = join(tmp, `${name}.mjs`);
  writeFileSync(file, `import random from '${RANDOM}';\n${top}\nexport default (ctx) => {\n${body}\n};\n`);
  return file;
}

const honest = bot('honest', 'return random(ctx);');

/**
 * The budget of runs whose rows are compared byte for byte: a decision's wall
 * time, round trip included, may not decide a row on a loaded test machine.
 */
const ROOMY = { ms: 10_000, sims: 2000 };

/**
 * Plays `culprit` (named "x") against greedy on Robo Battle Pigs, two matches (a seat each) on one worker; the run's
 * folder. One worker: the sandbox, not the pool, is under test here (arena-cli.test.ts compares worker counts).
 */
function play(name: string, culprit: string, extra: Record<string, unknown> = {}): { dir: string; code: number | null; err: string } {
  return gauntlet(name, { x: culprit }, extra);
}

/**
 * Plays greedy against each of `culprits` (name: module) on Robo Battle Pigs, two matches a culprit (a seat each),
 * in one run of one worker: the culprits meet greedy only, so a culprit's rows are its own doing. Greedy, not
 * random: its matches end in a few turns (random's last 45-100), and each turn is a round trip to a culprit's process.
 */
function gauntlet(name: string, culprits: Record<string, string>, extra: Record<string, unknown> = {}): { dir: string; code: number | null; err: string } {
  const cfg = join(tmp, `${name}.json`);
  const bots = ['greedy', ...Object.entries(culprits).map(([n, bot]) => ({ name: n, bot }))];
  writeFileSync(cfg, JSON.stringify({ ruleset: 'rbp', bots, schedule: { type: 'gauntlet', challengers: ['greedy'], games: 2 }, seed: 'hostile', budget: ROOMY, ...extra }));
  const dir = join(tmp, name);
  const r = havoc('tournament', cfg, '--out', dir, '--workers', '1', '--quiet', '--no-report', '--save-replays', '0');
  return { dir, code: r.code, err: r.err };
}

type Row = Record<string, string>;
function rows(dir: string): Row[] {
  const [head, ...lines] = readFileSync(join(dir, 'matches.csv'), 'utf8').trim().split('\n');
  const cols = head.split(',');
  return lines.map((l) => Object.fromEntries(l.split(',').map((v, i) => [cols[i], v])));
}
const seatOf = (r: Row, bot: string): 'a' | 'b' => (r.a_bot === bot ? 'a' : 'b');
/** Every fault the run's replays hold (errors.log names only a forfeit's last one): for a failure's message. */
const faultLogs = (dir: string): string => {
  const folder = join(dir, 'replays');
  if (!existsSync(folder)) return '';
  return readdirSync(folder)
    .filter((f) => f.endsWith('.jsonl'))
    .flatMap((f) => readFileSync(join(folder, f), 'utf8').split('\n').filter((l) => l.includes('"faultLog"') && !l.includes('"faultLog":[]')).map((l) => `${f}: ${l}`))
    .join('\n');
};
const errorsLog = (dir: string): string => (existsSync(join(dir, 'errors.log')) ? readFileSync(join(dir, 'errors.log'), 'utf8') : '');

/**
 * A python3 bot of the protocol in tmp/`file`: ready at its start (keeping its `seat`), and for each
 * decision the program `decide`'s lines leave in `action` (they may read `msg` and `seat`); its path.
 */
function pythonBot(file: string, decide: readonly string[]): string {
  const path = join(tmp, file);
  const lines = [
    'import json, os, sys',
    'seat = None',
    'for line in sys.stdin:',
    '    msg = json.loads(line)',
    '    if msg["type"] == "start":',
    '        seat = msg["seat"]',
    '        print(json.dumps({"type": "ready"}), flush=True)',
    '    elif msg["type"] == "decide":',
    ...decide.map((l) => `        ${l}`),
    '        print(json.dumps({"type": "action", "id": msg["id"], "action": action}), flush=True)',
    '    elif msg["type"] == "end":',
    '        break',
    '',
  ];
  writeFileSync(path, lines.join('\n'));
  return path;
}

/**
 * No bot process of this file's runs is left: every bot here is a module (or a python3 script) in `tmp`, which
 * its process's command line names (host.js MODULE, python3 SCRIPT). Other files' bots, run beside this one
 * (the e2e tier plays two files at a time), and other checkouts' are not counted.
 */
function noneLeft(): void {
  // SIGKILLed at the run's end, a process is gone once the kernel has torn it down: on a busy machine that can
  // take a moment after the command exits, so it is looked for a few seconds; a process still there then was left.
  let left = '';
  for (let i = 0; i < 50; i++) {
    left = spawnSync('pgrep', ['-f', `${tmp}/`], { encoding: 'utf8' }).stdout.trim();
    if (!left) break;
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
  }
  expect(left, 'bot processes left running').toBe('');
}

/** Bots that change what they can reach of their own process: played together, each against greedy (`gauntlet`). */
const meddlers: Record<string, string> = {
  // In the arena's thread these rewrote the engine's copies of the hearts and broke other bots' filters.
  hooks: bot(
    'hooks',
    `const b = random(ctx);
     const proto = Object.getPrototypeOf(Int8Array.prototype), set = proto.set;
     proto.set = function (a, o) { const r = set.call(this, a, o); if (ArrayBuffer.isView(a) && this instanceof Int8Array && this.length === 2) this[1 - ctx.seat] = 1; return r; };
     Array.prototype.filter = function () { return []; };
     return b;`,
  ),
  mutates: bot('mutates', `for (let s = 0; s < ctx.game.n; s++) if (s !== ctx.seat) ctx.game.startHearts[s] = 1; return random(ctx);`),
  sqrt: bot('sqrt', 'return random(ctx);', 'Math.sqrt = () => 0;'),
  state: bot('state', `globalThis.played = (globalThis.played ?? 0) + 1; const b = random(ctx); return { program: (o, v) => (globalThis.played > 1 ? 'X X X X X' : b.program(o, v)) };`),
};
/** The meddlers' names, each played by the honest bot. */
const honestly = Object.fromEntries(Object.keys(meddlers).map((n) => [n, honest]));
/** A bot's rows in a run. */
const rowsOf = (all: Row[], name: string): Row[] => all.filter((x) => x.a_bot === name || x.b_bot === name);
/** One more that changes its own process, whose own play it breaks (so it has no honest rows to match): after the meddlers. */
const floor = bot('floor', `Math.floor = () => 0; return random(ctx);`);

let reference: Row[];
let meddled: { dir: string; code: number | null; err: string } | undefined;
/**
 * One run of the meddlers and floor (each against greedy), played by the first test that asks: floor's two
 * matches are its last (ids 8 and 9), so the meddlers' ids and seeds are the reference run's.
 */
const meddle = () => (meddled ??= gauntlet('meddled', { ...meddlers, floor }));

describe('hostile bots, isolated', () => {
  it('honest bots named by path: the reference run', () => {
    const r = gauntlet('honest', honestly);
    expect(r.code, r.err).toBe(0);
    reference = rows(r.dir);
    expect(reference).toHaveLength(8);
    expect(reference.every((x) => x.reason !== 'forfeit' && x.a_faults === '0' && x.b_faults === '0')).toBe(true);
  });

  // RLIMIT_NPROC counts a user's processes machine-wide: bots under a shared user (nobody) were starved by its other processes.
  // 50 past the default limit (limits.processes, 256; 1,005 were held when it was 1,024): a bot under nobody would not start.
  const crowded = DEFAULT_LIMITS.processes + 50;
  it.runIf(process.getuid?.() === 0)(`other processes of nobody on the machine (${crowded} held, past the process limit of ${DEFAULT_LIMITS.processes}) do not starve the bots: the honest run's rows`, () => {
    // One honest bot's two matches, the reference run's first two (the same ids, seeds and seats): starved, its process would not start.
    // One python3 of nobody's forks the others (a fork of a small process, not a spawn each of this one, which
    // cost 3 s of CPU for 1,005), in a process group of their own, killed whole at the end.
    const crowd = spawn('python3', ['-c', `import os, time\nfor _ in range(${crowded - 1}):\n    if os.fork() == 0:\n        break\ntime.sleep(120)\n`], { uid: 65534, gid: 65534, stdio: 'ignore', detached: true });
    try {
      const held = () => Number(spawnSync('pgrep', ['-c', '-g', String(crowd.pid)], { encoding: 'utf8' }).stdout);
      for (let i = 0; i < 600 && held() < crowded; i++) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
      expect(held(), 'processes of nobody held').toBe(crowded);
      const first = Object.keys(honestly)[0];
      const r = gauntlet('crowded', { [first]: honest });
      expect(r.code, r.err).toBe(0);
      expect(rows(r.dir), errorsLog(r.dir)).toEqual(rowsOf(reference, first));
      expect(rows(r.dir).map((x) => x.id)).toEqual(['0', '1']);
    } finally {
      process.kill(-crowd.pid!, 'SIGKILL');
    }
  });

  it.each([
    ['hooks %TypedArray%.prototype.set and Array.prototype.filter', 'hooks'],
    ['writes into the game it was given', 'mutates'],
    ['patches Math.sqrt at its top level', 'sqrt'],
    ['keeps state across matches', 'state'],
  ])('%s: only its own process is changed; every match is the honest run\'s', (_what, name) => {
    const r = meddle();
    expect(r.code, r.err).toBe(0);
    const mine = rowsOf(rows(r.dir), name);
    expect(mine).toHaveLength(2);
    expect(mine).toEqual(rowsOf(reference, name));
    noneLeft();
  });

  it('patches Math.floor in its factory: its own RNG breaks, the arena\'s ids and tables do not', () => {
    // Played in the meddlers' run.
    const r = meddle();
    expect(r.code, r.err).toBe(0);
    const all = rows(r.dir);
    expect(all.map((x) => x.id)).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']);
    const got = rowsOf(all, 'floor');
    expect(got.map((x) => x.id)).toEqual(['8', '9']);
    // greedy's rows are whole; the folder resumes (nothing left to play) and its tables rebuild. No replays, as the run
    // saved none (by default a resume chooses ten matches and plays them again, a sandboxed process a seat).
    expect(got.every((x) => ['kill', 'mutual-destruction', 'turn-limit'].includes(x.reason))).toBe(true);
    const again = havoc('resume', r.dir, '--quiet', '--no-report', '--save-replays', '0');
    expect(again.code, again.err).toBe(0);
    expect(rows(r.dir)).toEqual(all);
    noneLeft();
  });

  /**
   * Bots that lose their matches by the process, played together in one run (each against greedy, a 200 ms budget):
   * each culprit's rows and errors.log's lines naming it are its own.
   */
  const quick = { budget: { ms: 200, sims: 100 } };
  const forfeiters: Record<string, string> = {
    quitter: bot('quitter', `const b = random(ctx); return { program(o, v) { const me = o.machines[ctx.seat], them = o.machines[1 - ctx.seat]; if (me.hearts < them.hearts) process.exit(1); return b.program(o, v); } };`),
    suicide: bot('suicide', `return { program() { process.kill(process.pid, 'SIGKILL'); } };`),
    huge: bot('huge', `return { program() { process.stdout.write('x'.repeat(2 << 20) + '\\n'); return 'X X X X X'; } };`),
    garbage: bot('garbage', `return { program() { process.stdout.write('hello\\n'); return 'X X X X X'; } };`),
    // A thousand spawns, about four times the tasks its user may have (limits.processes, 256). Then it waits, never
    // answering, asleep: a busy loop would burn the 2 s deadline's CPU ('never answers' does, in one of its matches).
    forks: bot('forks', `return { program() { const { spawn } = process.getBuiltinModule('node:child_process'); for (let i = 0; i < 1000; i++) try { spawn('sleep', ['60'], { stdio: 'ignore' }); } catch {} Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 60_000); } };`),
  };
  /** Bots that need a run of their own settings (the case's last entry): each plays alone against greedy. */
  const loners: Record<string, string> = {
    heap: bot('heap', `const keep = []; return { program() { for (;;) keep.push(new Array(1e6).fill(1.5)); } };`),
    // Never answers: in seat A by a busy loop, in seat B asleep. Its hangs are matches 0 (seat B), 1 (A) and 2 (B): one
    // of them, not three, burns its 2 s deadline's CPU.
    hang: bot('hang', `return { program() { if (ctx.seat === 0) for (;;); Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0); } };`),
  };
  let forfeited: { dir: string; code: number | null; err: string } | undefined;
  it.each([
    ['exits when behind', 'quitter', /crash, the process exited with code 1/],
    ['kills itself', 'suicide', /crash, the process exited with code 137 \(killed by SIGKILL/],
    // Half the default heap (memoryMb 1024: 512 MB) and a 10 s answer deadline (5 x 2000 ms): at a load average of 10 the
    // default 1 GB took longer to fill than the 2 s deadline of a 200 ms budget, and the bot was killed as a hang instead;
    // at a load average of 50 a match's 512 MB could take past a 5 s deadline to fill. Two matches, two tries of 10 s
    // (one crash is asked), where four of 5 s were half the time a try for twice the CPU (each fills its 512 MB).
    ['leaks heap without end', 'heap', /crash, the process (exited with code 134|was killed by SIGABRT|exited with code 137 \(killed by SIGKILL)/, { budget: { ms: 2000, sims: 100 }, limits: { memoryMb: 1024 } }],
    // Four matches: three hangs in a row, and the fourth not played.
    ['never answers', 'hang', /timeout, no answer to program #1: the process was killed/, { ...quick, schedule: { type: 'gauntlet', challengers: ['greedy'], games: 4 } }],
    ['writes a line of 2 MB', 'huge', /crash, wrote a line of more than 1 MiB/],
    ['writes garbage', 'garbage', /crash, wrote "hello" to program #1, not the protocol's answer/],
    ['forks without end', 'forks', /timeout|crash/],
  ] as [string, string, RegExp, Record<string, unknown>?][])('%s: the culprit forfeits, is charged, the run completes, nothing is left', (_what, name, cause, alone) => {
    const r = alone ? gauntlet(name, { [name]: loners[name] }, alone) : (forfeited ??= gauntlet('forfeits', forfeiters, quick));
    expect(r.code, r.err).toBe(0);
    const got = rowsOf(rows(r.dir), name);
    expect(got).toHaveLength(name === 'hang' ? 4 : 2);
    const log = errorsLog(r.dir);
    const lost = ['forfeit', 'hang', 'dropped'];
    for (const x of got) {
      if (!lost.includes(x.reason)) continue;
      const s = seatOf(x, name);
      expect(x.winner, `match ${x.id}: the other seat wins`).toBe(s === 'a' ? 'B' : 'A');
      // A dropped bot's match is not played: lost, with no fault.
      if (x.reason === 'dropped') continue;
      expect(Number(x[`${s}_faults`])).toBeGreaterThan(0);
      expect(log).toContain(`match ${x.id}: seat ${s.toUpperCase()} (${name}) forfeits the match: `);
    }
    if (name !== 'quitter') expect(got.every((x) => lost.includes(x.reason)), JSON.stringify(got)).toBe(true);
    else expect(got.some((x) => x.reason === 'forfeit')).toBe(true);
    expect(log.split('\n').filter((l) => l.includes(`(${name})`)).join('\n')).toMatch(cause);
    // A bot that hangs three matches in a row is dropped: its fourth is not played (hangs.ts).
    if (name === 'hang') {
      expect(got.map((x) => x.reason)).toEqual(['hang', 'hang', 'hang', 'dropped']);
      expect(log).toContain('bot hang is dropped from the run: it hung in 3 of its matches in a row (0, 1, 2); its matches after 2 are not played and count as lost (reason dropped)');
    }
    noneLeft();
  });

  it('leaks off-heap Buffers: the address-space cap turns each leak into a failed allocation, charged as a fault; the run completes', () => {
    const culprit = bot('buffers', `const keep = []; return { program() { for (;;) keep.push(Buffer.alloc(256 << 20, 1)); } };`);
    // A 1,024 MB cap (the default is 2,048): each match fills half as much before its allocations fail.
    const r = play('buffers', culprit, { limits: { memoryMb: 1024 } });
    expect(r.code, r.err).toBe(0);
    const got = rows(r.dir);
    expect(got).toHaveLength(2);
    for (const x of got) expect(Number(x[`${seatOf(x, 'x')}_faults`]), `match ${x.id}`).toBeGreaterThan(0);
    noneLeft();
  });

  it('cannot write outside its scratch folder, reach the network, read root\'s files or the environment', () => {
    const snoop = bot(
      'snoop',
      // Looked once, at its first decision (the test reads the first fault): each look starts two processes.
      `let seen; return { program() {
        if (seen) throw new Error(seen);
        const { writeFileSync, readFileSync } = process.getBuiltinModule('node:fs');
        const { execSync } = process.getBuiltinModule('node:child_process');
        const t = (f) => { try { return String(f()); } catch (e) { return 'ERR ' + (e.code ?? e.message); } };
        throw new Error(seen = JSON.stringify({
          etc: t(() => writeFileSync('/etc/havoc-hostile', 'x')),
          project: t(() => writeFileSync('${resolve('havoc-hostile')}', 'x')),
          tmp: t(() => writeFileSync('${join(tmp, 'written')}', 'x')),
          home: t(() => writeFileSync(process.env.HOME + '/ok', 'x')),
          shadow: t(() => readFileSync('/etc/shadow', 'utf8').length),
          env: Object.keys(process.env).sort().join(','),
          uid: t(() => execSync('id -u').toString().trim()),
          net: t(() => execSync(process.execPath + ' -e "require(\\'node:net\\').connect(80, \\'1.1.1.1\\').on(\\'error\\', (e) => { console.log(e.code); process.exit(0); })"').toString().trim()),
        }));
      } };`,
    );
    const r = havoc('match', '--bots', `random,${snoop}`, '--quiet', '--replay', join(tmp, 'snoop.jsonl'));
    expect(r.code, r.err).toBe(0);
    const result = JSON.parse(readFileSync(join(tmp, 'snoop.jsonl'), 'utf8').trim().split('\n').pop()!).result;
    const seen = JSON.parse(result.faultLog[0].message);
    expect(seen).toMatchObject({ etc: 'ERR EROFS', project: 'ERR EROFS', tmp: 'ERR EROFS', home: 'undefined', env: 'HOME,MALLOC_ARENA_MAX,PATH,PWD,TMPDIR', net: 'ENETUNREACH' });
    // Run as root, the arena drops each bot to a user of its own (sandbox.ts botUid), above any account's.
    if (process.getuid?.() === 0) {
      expect(seen.shadow).toBe('ERR EACCES');
      expect(Number(seen.uid)).toBeGreaterThanOrEqual(BOT_UID_BASE);
    }
    expect(existsSync(resolve('havoc-hostile'))).toBe(false);
    expect(existsSync(join(tmp, 'written'))).toBe(false);
    noneLeft();
  });

  it('a module that exits or throws at its top level is a config error naming the bot; nothing runs in the arena', () => {
    for (const [name, top, says] of [
      ['top-exit', 'process.exit(3);', /bots\[1\]: x: the module ended the process while loading \(exit code 3\)/],
      ['top-throw', 'throw new Error("nope");', /bots\[1\]: x: the bot module failed to load: nope/],
    ] as const) {
      const culprit = bot(name, 'return random(ctx);', top);
      const r = play(name, culprit);
      expect(r.code).toBe(1);
      expect(r.err).toMatch(says);
      expect(r.err).not.toMatch(/\n\s+at /);
      expect(existsSync(r.dir)).toBe(false);
    }
    noneLeft();
  });

  it('trusted (--unsafe-bots), a bot that keeps state across matches is found: a sample of its matches played alone in fresh threads differs; an honest one is not named', () => {
    const stateful = bot('trusted-state', `played++; const b = random(ctx); return { program: (o, v) => (played > 1 ? 'X X X X X' : b.program(o, v)) };`, 'let played = 0;');
    // Each against random only (a match of the two would name both); every match is in the sample (freshCheck.ts).
    // Random, not greedy: here every bot plays in the arena's threads, and each fresh thread of the sample would warm greedy again.
    const cfg = join(tmp, 'trusted.json');
    writeFileSync(cfg, JSON.stringify({ ruleset: 'rbp', bots: ['random', { name: 'x', bot: stateful }, { name: 'honest', bot: honest }], schedule: { type: 'gauntlet', challengers: ['random'], games: 2 }, seed: 'hostile', budget: ROOMY }));
    const dir = join(tmp, 'trusted');
    const r = havoc('tournament', cfg, '--out', dir, '--workers', '1', '--quiet', '--no-report', '--save-replays', '0', '--unsafe-bots');
    expect(r.code, r.err).toBe(0);
    expect(r.err).toMatch(/warning: bot x may keep state across matches \(or play by the clock or Math\.random\): match 1 played alone in a fresh thread gives /);
    expect(r.err).not.toContain('bot honest');
    // One warning, x's second match: the first it played with nothing before, as a fresh thread does.
    expect(errorsLog(dir).trim().split('\n')).toEqual([expect.stringMatching(/^bot x may keep state across matches .*: match 1 played alone/)]);
  });

  it('a module that loops at its top level is stopped at the start deadline (here 0.5 s; a run gives 20 s) and named; its process tree is gone', () => {
    const culprit = bot('top-loop', 'return random(ctx);', 'for (;;);');
    // The arena's check (isolatedBotProblem, from dist/) in a node process of its own: imported here, the sandbox's
    // TypeScript cost this file 1.2 s of CPU to load. The culprit never loads, at any deadline: a short one is CPU it does not burn.
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', `
      import { DEFAULT_ISOLATION, isolatedBotProblem } from ${distModule('src/sandbox/remoteBot.js')};
      const culprit = isolatedBotProblem(${JSON.stringify(culprit)}, { ...DEFAULT_ISOLATION, startupMs: 500 });
      const honest = isolatedBotProblem(${JSON.stringify(honest)}, { ...DEFAULT_ISOLATION, startupMs: 10_000 });
      console.log(JSON.stringify({ culprit, honest }));
    `], { encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ culprit: 'the module did not finish loading in 0.5 s (limits.startupMs)', honest: null });
    noneLeft();
  });

  it('a slow start (600 ms of CPU in its factory, the budget 500 ms of CPU) costs nothing: a process\'s start is not a decision', () => {
    // Past the budget by its own clock (CPU time, not the wall's): charged to the first decision (with the process's
    // own start before it), it would be a fault at any load.
    const slow = bot('slow', `const t = process.cpuUsage(); for (;;) { const u = process.cpuUsage(t); if (u.user + u.system >= 600_000) break; } return random(ctx);`);
    const r = play('slow', slow, { budget: { ms: 500, sims: 100 } });
    expect(r.code, r.err).toBe(0);
    const got = rows(r.dir);
    expect(got.every((x) => x.a_faults === '0' && x.b_faults === '0' && x.reason !== 'forfeit'), JSON.stringify(got)).toBe(true);
    noneLeft();
  });

  it("a faulted match with an isolated bot keeps its faults as they happened: a bot that faults at random has the same faults in its replay as in its row", () => {
    // Illegal on a coin from the OS, not the match's seed: played again, its faults would fall elsewhere.
    const py = pythonBot('coin.py', ['action = "^ ^ ^ ^ ^" if os.urandom(1)[0] < 128 else "nonsense"']);
    const cfg = join(tmp, 'coin.json');
    writeFileSync(cfg, JSON.stringify({ ruleset: 'rbp', bots: ['random', { name: 'coin', command: ['python3', py] }], schedule: { type: 'round-robin', games: 2 }, seed: 'coin', budget: ROOMY }));
    const dir = join(tmp, 'coin');
    const r = havoc('tournament', cfg, '--out', dir, '--workers', '1', '--quiet', '--no-report', '--save-replays', '0');
    expect(r.code, r.err).toBe(0);
    const got = rows(dir);
    expect(got).toHaveLength(2);
    for (const row of got) {
      const letter = seatOf(row, 'coin'), seat = letter === 'a' ? 0 : 1, faults = Number(row[`${letter}_faults`]);
      expect(faults).toBeGreaterThan(10);
      const last = JSON.parse(readFileSync(join(dir, 'replays', `match-${row.id}.jsonl`), 'utf8').trim().split('\n').pop()!) as { result: { faults: number[]; faultLog: { seat: number }[] } };
      expect(last.result.faults[seat]).toBe(faults);
      expect(last.result.faultLog.filter((f) => f.seat === seat)).toHaveLength(faults);
    }
    noneLeft();
  });

  it('a bot in another language (a python3 command) speaks the protocol: no faults, its replay verifies, a change to it is refused', () => {
    const py = pythonBot('bot.py', [
      'me = msg["observation"]["machines"][seat]',
      'damage = me["maxHearts"] - me["hearts"]',
      'action = " ".join(["X"] * damage + ["^"] * (5 - damage))',
    ]);
    const cfg = join(tmp, 'py.json');
    writeFileSync(cfg, JSON.stringify({ ruleset: 'rbp', bots: ['random', { name: 'py', command: ['python3', py] }], schedule: { type: 'round-robin', games: 2 }, seed: 'py', budget: ROOMY }));
    const dir = join(tmp, 'py');
    const r = havoc('tournament', cfg, '--out', dir, '--workers', '1', '--quiet', '--no-report');
    expect(r.code, r.err).toBe(0);
    const got = rows(dir);
    expect(got).toHaveLength(2);
    expect(got.every((x) => x.a_faults === '0' && x.b_faults === '0' && x.reason !== 'forfeit'), JSON.stringify(got) + errorsLog(dir) + faultLogs(dir)).toBe(true);
    const v = havoc('replay', join(dir, 'replays', 'match-1.jsonl'), '--verify');
    expect(v.code, v.err).toBe(0);
    writeFileSync(py, readFileSync(py, 'utf8').replace('["^"]', '["v"]'));
    const again = havoc('resume', dir);
    expect(again.code).toBe(1);
    expect(again.err).toContain(`run.bots[1]: py: python3 ${py} has changed since the run began`);
    noneLeft();
  });
});
