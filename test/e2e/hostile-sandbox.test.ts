/**
 * The sandbox's second wave (issue 49): what a bot that wants to win by any
 * means tried, each attack run in the sandbox as a bot's process runs
 * (bubblewrap.ts's command line) or through a whole run, and what it meets
 * now. Lean: each case is a few short processes or a few tiny matches.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { distModule } from '../cli-helpers.js';
import { DEFAULT_LIMITS, sandboxed, scratchFolder, type SandboxLimits } from '../../src/sandbox/bubblewrap.js';

const tmp = mkdtempSync(join(tmpdir(), 'hostile-sandbox-'));
chmodSync(tmp, 0o755);
const servers: Server[] = [];
afterAll(() => {
  for (const s of servers) s.close();
  rmSync(tmp, { recursive: true, force: true });
});

const havoc = (...a: string[]) => spawnSync(process.execPath, ['dist/src/cli/main.js', ...a], { encoding: 'utf8' });

/** Writes bot module `name` into a folder of its own (a bot sees its own folder only); `body` is the factory's code, `random(ctx)` and `rng` (core/rng.js) at hand. */
function bot(name: string, body: string): string {
  const dir = join(tmp, name);
  mkdirSync(dir, { recursive: true, mode: 0o755 });
  const file = join(dir, 'bot.mjs');
  writeFileSync(file, `import random from '${resolve('dist/bots/random.js')}';\nimport * as rng from '${resolve('dist/src/core/rng.js')}';\nexport default (ctx) => {\n${body}\n};\n`, { mode: 0o644 });
  return file;
}

/** Plays a two-bot RBP tournament of `games` matches; its folder and every line its bots wrote to stderr. */
function tournament(name: string, bots: unknown[], games: number, extra: Record<string, unknown> = {}): { dir: string; status: number | null; err: string; logs: string[] } {
  const cfg = join(tmp, `${name}.json`);
  writeFileSync(cfg, JSON.stringify({ ruleset: 'rbp', bots, schedule: { type: 'round-robin', games }, seed: `hostile-sandbox-${name}`, budget: { ms: 10_000, sims: 100 }, ...extra }));
  const dir = join(tmp, `${name}-out`);
  const r = havoc('tournament', cfg, '--out', dir, '--workers', '1', '--quiet', '--no-report', '--save-replays', '0');
  const logs = existsSync(join(dir, 'logs')) ? readdirSync(join(dir, 'logs')).flatMap((f) => readFileSync(join(dir, 'logs', f), 'utf8').split('\n')) : [];
  return { dir, status: r.status, err: r.stderr, logs };
}

/**
 * Plays one RBP match of `turns` turns (three unless said), an idle bot against `file` (seat 1, sandboxed under
 * `limits`), under `budget` (10 s unless said), in a node process of its own with `env` added, through the compiled
 * arena (dist/: imported here, the arena's TypeScript cost this file 1.3 s of CPU to load); seat 1's fault messages
 * and the seats that forfeit.
 */
function oneMatch(file: string, limits: Record<string, number>, env: Record<string, string>, turns = 3, budget: Record<string, unknown> = { ms: 10_000, sims: 100 }): { forfeits: number[]; faults: string[]; err: string } {
  const script = `
    import { isolatedFactory } from ${distModule('src/sandbox/remoteBot.js')};
    import { isolationOf } from ${distModule('src/sandbox/limits.js')};
    import { playMatch } from ${distModule('src/match/loop.js')};
    import { loadRuleset } from ${distModule('src/rules/registry.js')};
    const mod = await loadRuleset('rbp');
    const game = mod.makeGame({ builds: mod.builds.sample(2, 'one'), turnLimit: ${turns} });
    const idle = () => ({ program: () => 'TL TR TL TR TL' });
    const r = playMatch({ module: mod, game, bots: [idle, isolatedFactory(mod, game, ${JSON.stringify(file)}, isolationOf(${JSON.stringify(limits)}))], seed: 'one', budget: ${JSON.stringify(budget)} });
    console.log(JSON.stringify({ forfeits: r.forfeits, faults: r.faultLog.filter((f) => f.seat === 1).map((f) => f.message) }));
    process.exit(0);
  `;
  // A file, not node -e: the arena starts a bot's host with this process's execArgv.
  const main = join(tmp, `one-match-${file.split('/').at(-2)}.mjs`);
  writeFileSync(main, script);
  const r = spawnSync(process.execPath, [main], { encoding: 'utf8', env: { ...process.env, ...env } });
  try {
    return { ...(JSON.parse(r.stdout.trim().split('\n').pop() ?? '') as { forfeits: number[]; faults: string[] }), err: r.stderr };
  } catch {
    return { forfeits: [], faults: [], err: `exit ${r.status}: ${r.stdout}${r.stderr}` };
  }
}

/** Runs `script` (JavaScript for node -e) in a sandbox of its own; its stdout parsed as JSON, and the exit. */
function inSandbox(script: string, limits: SandboxLimits = DEFAULT_LIMITS, timeout = 30_000): { out: unknown; code: number | null; signal: string | null; err: string } {
  const scratch = scratchFolder();
  try {
    const argv = sandboxed([process.execPath, '-e', script], scratch, limits);
    const r = spawnSync(argv[0], argv.slice(1), { encoding: 'utf8', timeout, killSignal: 'SIGKILL' });
    let out: unknown = null;
    try {
      out = JSON.parse(r.stdout.trim().split('\n').pop() ?? '');
    } catch {
      out = r.stdout;
    }
    return { out, code: r.status, signal: r.signal, err: r.stderr };
  } finally {
    rmSync(scratch.dir, { recursive: true, force: true });
  }
}

describe('each bot sees only its own files (issue 49 item 4)', () => {
  it("a bot cannot list the host's temporary folder, read another bot's scratch folder or reach a socket under it", async () => {
    // The opponent's scratch folder, with a file in it, as the arena makes it.
    const other = scratchFolder();
    const secret = join(other.dir, 'plan.txt');
    writeFileSync(secret, 'F F X X X', { mode: 0o644 });
    if (other.uid !== null) spawnSync('chown', [String(other.uid), secret]);
    // A world-writable socket of the host's, under its temporary folder.
    const sock = join(tmpdir(), `hostile-sandbox-${process.pid}.sock`);
    const server = createServer((c) => c.end('answered\n'));
    servers.push(server);
    await new Promise<void>((ok) => server.listen(sock, ok));
    chmodSync(sock, 0o777);
    try {
      const r = inSandbox(`
        const fs = require('node:fs'), net = require('node:net');
        const t = (f) => { try { return f(); } catch (e) { return e.code; } };
        const listed = t(() => fs.readdirSync(${JSON.stringify(tmpdir())}).filter((n) => n.startsWith('havoc-bot-') || n.endsWith('.sock')));
        const read = t(() => fs.readFileSync(${JSON.stringify(secret)}, 'utf8'));
        const s = net.connect(${JSON.stringify(sock)});
        s.on('data', (d) => { console.log(JSON.stringify({ listed, read, socket: String(d).trim() })); process.exit(0); });
        s.on('error', (e) => { console.log(JSON.stringify({ listed, read, socket: e.code })); process.exit(0); });
        setTimeout(() => { console.log(JSON.stringify({ listed, read, socket: 'silent' })); process.exit(0); }, 3000);
      `);
      const out = r.out as { listed: unknown; read: unknown; socket: unknown };
      // Its own scratch folder is all its temporary folder holds; the other's file and the socket are not there.
      expect(out.listed, r.err).toEqual([expect.stringMatching(/^havoc-bot-/)]);
      expect(out.read).toBe('ENOENT');
      expect(out.socket).toBe('ENOENT');
    } finally {
      rmSync(other.dir, { recursive: true, force: true });
      rmSync(sock, { force: true });
    }
  });

  it('a scratch folder is private (0700) and, run as root, owned by its own bot user', () => {
    const s = scratchFolder();
    try {
      const st = spawnSync('stat', ['-c', '%a %u', s.dir], { encoding: 'utf8' }).stdout.trim().split(' ');
      expect(st[0]).toBe('700');
      if (s.uid !== null) expect(Number(st[1])).toBe(s.uid);
    } finally {
      rmSync(s.dir, { recursive: true, force: true });
    }
  });

  it("a bot sees no run folder, config or home: only the system's folders, the arena's code and its own", () => {
    const r = inSandbox(`
      const fs = require('node:fs');
      console.log(JSON.stringify({ root: fs.readdirSync('/').sort(), home: fs.existsSync('/root') || fs.existsSync('/home'), results: fs.existsSync(${JSON.stringify(join(process.cwd(), 'results'))}), test: fs.existsSync(${JSON.stringify(join(process.cwd(), 'test'))}) }));
    `);
    const out = r.out as { root: string[]; home: boolean; results: boolean; test: boolean };
    expect(out.home, r.err).toBe(false);
    expect(out.results).toBe(false);
    // The package's folders but its code (dist/, src/, bots/, node_modules/, configs/) are not shown: test/ here.
    expect(out.test).toBe(false);
    expect(out.root).not.toContain('home');
    expect(out.root).not.toContain('run');
    expect(existsSync(join(process.cwd(), 'test'))).toBe(true);
  });
});

describe('seeds bots cannot use against each other (issue 49 item 1)', () => {
  it("the seed oracle's method foresees nothing: a bot that catches the seed the host's rules are given and rebuilds its opponent's stream predicts none of its draws", () => {
    // The witness logs the first draws of its own stream; the oracle wraps ctx.rules.module.newState to catch the
    // seed the host makes the view with (the match seed, once), and rebuilds the other seat's stream from it.
    const witness = bot('witness', `process.stderr.write('DRAWS ' + ctx.seat + ' ' + JSON.stringify(Array.from({ length: 6 }, () => ctx.rng.uint32())) + '\\n'); return random(ctx);`);
    const oracle = bot('oracle', `
      let caught = null;
      try {
        const real = ctx.rules.module.newState;
        ctx.rules.module.newState = (g, seed) => ((caught = seed), real(g, seed));
      } catch (e) {
        caught = null;
      }
      const b = random(ctx);
      let told = false;
      return { program(o, v) {
        if (!told && caught !== null) {
          told = true;
          const other = rng.makeRng(rng.seatSeed(caught, 1 - ctx.seat));
          process.stderr.write('GUESS ' + (1 - ctx.seat) + ' ' + JSON.stringify(Array.from({ length: 6 }, () => other.uint32())) + '\\n');
        }
        return b.program(o, v);
      } };`);
    // Two turns a match: the witness draws at its start and the oracle guesses at its first decision.
    const r = tournament('oracle', [{ name: 'witness', bot: witness }, { name: 'oracle', bot: oracle }], 2, { turnLimit: 2 });
    expect(r.status, r.err).toBe(0);
    const draws = r.logs.filter((l) => l.startsWith('DRAWS '));
    expect(draws.length, r.logs.join('\n')).toBe(2);
    // Nothing caught, so nothing guessed; and no guess, were one made, is a draw the witness made.
    const guesses = r.logs.filter((l) => l.startsWith('GUESS '));
    expect(guesses).toEqual([]);
    const drawn = new Set(draws.map((l) => l.split(' ')[2]));
    for (const g of guesses) expect(drawn.has(g.split(' ')[2])).toBe(false);
  });
});

describe('memory and processes capped per bot, not per process (issue 49 item 3)', () => {
  /** Faults of bot `name` in a run's matches.csv. */
  const charged = (dir: string, name: string): { faults: number } => {
    const [head, ...lines] = readFileSync(join(dir, 'matches.csv'), 'utf8').trim().split('\n');
    const cols = head.split(',');
    let faults = 0;
    for (const l of lines) {
      const r = Object.fromEntries(l.split(',').map((v, i) => [cols[i], v]));
      faults += Number(r[`${r.a_bot === name ? 'a' : 'b'}_faults`]);
    }
    return { faults };
  };

  it('/dev/shm holds a few megabytes, not half the machine: a bot that hoards there is stopped and faulted', () => {
    const hoarder = bot('hoarder', `
      const fs = process.getBuiltinModule('node:fs');
      let mb = 0, why = null;
      // 16 MB a file: under the file-size cap, so only the folder's own size stops it.
      try { for (; mb < 1500; mb++) fs.appendFileSync('/dev/shm/hoard-' + (mb >> 4), Buffer.alloc(1 << 20, 1)); } catch (e) { why = e.code; }
      process.stderr.write('HOARDED ' + mb + ' ' + why + '\\n');
      const b = random(ctx);
      return { program(o, v) { if (why) throw new Error('could not hoard: ' + why); return b.program(o, v); } };`);
    // Two turns a match: the hoarding is at its start, the fault at its first decision.
    const r = tournament('hoard', ['random', { name: 'hoarder', bot: hoarder }], 2, { limits: { memoryMb: 1024 }, turnLimit: 2 });
    expect(r.status, r.err).toBe(0);
    const said = r.logs.filter((l) => l.startsWith('HOARDED '));
    expect(said.length, r.logs.join('\n')).toBe(2);
    for (const l of said) {
      const [, mb, why] = l.split(' ');
      expect(Number(mb)).toBeLessThanOrEqual(64);
      expect(why).toBe('ENOSPC');
    }
    expect(charged(r.dir, 'hoarder').faults).toBeGreaterThan(0);
  });

  for (const mode of ['cgroups', 'the resident-memory watcher'] as const)
    it(`8 children each holding 200 MB (1.6 GB together, under a 1,024 MB cap) forfeit the bot its match, by ${mode}`, () => {
      const greedy = bot(`children-${mode === 'cgroups' ? 'cg' : 'rss'}`, `
        const { spawn } = process.getBuiltinModule('node:child_process');
        const { readdirSync } = process.getBuiltinModule('node:fs');
        // Each child says it holds its 200 MB by a file in the scratch folder.
        const up = 'globalThis.b = Buffer.alloc(200 << 20, 1); require("node:fs").writeFileSync(process.env.TMPDIR + "/up-" + process.pid, ""); setInterval(() => {}, 1000);';
        for (let i = 0; i < 8; i++) spawn(process.execPath, ['-e', up], { stdio: 'ignore' });
        const b = random(ctx);
        let waited = false;
        return { program(o, v) {
          // The first answer waits (up to 15 s, on a busy machine) until six hold theirs, 1.2 GB: past the cap
          // whatever the load, so the check at that answer sees it (the kernel has killed one under cgroups).
          const t0 = Date.now();
          while (!waited && Date.now() - t0 < 15_000 && readdirSync(process.env.TMPDIR).filter((f) => f.startsWith('up-')).length < 6)
            Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
          waited = true;
          return b.program(o, v);
        } };`);
      // One match (a run plays at least two, a seat each, and each fills 1.6 GB), in a process of its own: the arena
      // reads HAVOC_CGROUPS once per process.
      const r = oneMatch(greedy, { memoryMb: 1024 }, mode === 'cgroups' ? {} : { HAVOC_CGROUPS: 'off' });
      expect(r.forfeits, r.err).toEqual([1]);
      expect(r.faults.at(-1)).toMatch(/out of memory .*limits\.memoryMb: 1024 MB for all of them/);
    });
});

describe('fair time (issue 49 item 5)', () => {
  it('a bot that sleeps to just under its deadline (1.5 s against a 100 ms limit, the process killed at 2 s) is faulted by the wall-clock cap', () => {
    // 1.5 s, not 1.8: at a load average of 19 the answer of a bot that slept 1.8 s came after the 2 s kill (a timeout,
    // not the wall-clock cap this tests); half a second is room for the process to wake and answer on a busy machine.
    const sleeper = bot('sleeper', `const b = random(ctx); return { program(o, v) { Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1500); return b.program(o, v); } };`);
    // One turn: one decision.
    const r = oneMatch(sleeper, {}, {}, 1, { ms: 100, sims: 1, clock: 'cpu' });
    expect(r.faults.length, JSON.stringify(r.faults) + r.err).toBe(1);
    for (const f of r.faults) expect(f).toMatch(/^took 1[5-9]\d\d\.\d ms by the wall clock \(\d+\.\d ms of CPU time, \d+\.\d ms waiting for a CPU\), over its wall-clock cap of 400 ms/);
  });
});

describe('TypeScript bots bundled inside the sandbox (issue 49 item 2)', () => {
  /** A TypeScript bot in a folder of its own; the config check's one line for a run of it. */
  function tsBot(name: string, code: string): { file: string; check: ReturnType<typeof spawnSync> } {
    const dir = join(tmp, `ts-${name}`);
    mkdirSync(dir, { mode: 0o755 });
    const file = join(dir, 'bot.ts');
    writeFileSync(file, code, { mode: 0o644 });
    const cfg = join(tmp, `ts-${name}.json`);
    writeFileSync(cfg, JSON.stringify({ ruleset: 'rbp', bots: ['random', { name: 't', bot: file }], schedule: { type: 'round-robin', games: 2 }, turnLimit: 2, seed: 'ts', budget: { ms: 10_000, sims: 1 } }));
    return { file, check: havoc('tournament', cfg, '--out', join(tmp, `ts-${name}-out`), '--workers', '1', '--quiet', '--no-report', '--save-replays', '0') };
  }

  it("an import of /etc/shadow (root's, mode 0600) fails to compile, located; nothing of it reaches a log", () => {
    const { file, check } = tsBot('shadow', `import s from '/etc/shadow' with { type: 'text' };\nexport default () => ({ program: () => { process.stderr.write(s); return null; } });\n`);
    expect(check.status).toBe(1);
    expect(String(check.stderr).trim()).toBe(`error: ${join(tmp, 'ts-shadow.json')}: bots[1]: t: does not compile: ${file}:1:15: Cannot read file "../../../etc/shadow": permission denied`.replace('../../../etc/shadow', relativeShadow(file)));
  });

  it('an import of a file outside its folder is not found, located', () => {
    writeFileSync(join(tmp, 'secret.ts'), 'export const plan = "F F X X X";\n', { mode: 0o644 });
    const { file, check } = tsBot('outside', `import { plan } from '../secret.ts';\nexport default () => ({ program: () => plan });\n`);
    expect(check.status).toBe(1);
    expect(String(check.stderr)).toContain(`does not compile: ${file}:1:22: Could not resolve "../secret.ts"`);
  });

  it('a bot that compiles plays, and no bundle is left readable by others under the temporary folder', () => {
    // The world-readable cache bundles were kept in before (other havoc processes on the machine may still fill it).
    const legacy = join(tmpdir(), 'havoc-ts-bots');
    const listed = (): string[] => (existsSync(legacy) ? readdirSync(legacy) : []);
    const before = new Set(listed());
    const { check } = tsBot('good', `import random from '${resolve('dist/bots/random.js')}';\nconst mark: string = 'sandbox49-good-bot';\nexport default (ctx: unknown) => (mark && random(ctx as never));\n`);
    expect(check.status, String(check.stderr)).toBe(0);
    for (const name of listed().filter((n) => !before.has(n))) expect(readFileSync(join(legacy, name), 'utf8')).not.toContain('sandbox49-good-bot');
    // Trusted bots' cache (the arena's own user's) is private.
    for (const name of readdirSync(tmpdir()).filter((n) => n.startsWith('havoc-ts-bots-'))) {
      const mode = Number.parseInt(spawnSync('stat', ['-c', '%a', join(tmpdir(), name)], { encoding: 'utf8' }).stdout.trim(), 8);
      expect(mode & 0o077, name).toBe(0);
    }
  });
});

/** How esbuild names /etc/shadow from the bot's folder. */
function relativeShadow(file: string): string {
  return join(...Array(file.split('/').length - 2).fill('..'), 'etc', 'shadow');
}
