/**
 * The kernel beside the C reference (`npm run bench -- --c-ref DIR`, row
 * (l)): DIR holds `../shared/ref/rbp-c/` (rbp.c and its Makefile), built here
 * in a scratch copy (`make rbp_native`), and the same workload — RBP random
 * play, 100-turn limit — run as `taskset -c 1 ./rbp_native bench S 1` and as
 * this project's kernel (bench-random's policy) in a child process pinned to
 * the same core, alternated round by round; best ns/turn of each, and the
 * ratio. Without taskset both run unpinned. A kernel match is the arena's
 * match, its two seats' streams seeded from the match's seed strings; the C
 * program seeds one generator once. So the kernel is measured a second way
 * too: its turns and policy alone, matches drawn back to back from two alea
 * streams seeded once, as the C program draws its own (not the arena's
 * matches: the same work but for the seeding); the difference is what the
 * arena's seeding costs a turn.
 *
 *   node dist/bench/cref.js DIR [ROUNDS]             (row (l) alone: JSON)
 *   node dist/bench/cref.js --kernel SECONDS         (the kernel's side: JSON with nsPerTurn)
 *   node dist/bench/cref.js --kernel-turns SECONDS   (its turns and policy alone)
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { K_TURN, newKState, playMatchK, playRunMatchesK, resetKState } from '../src/rules/rbp/kernel.js';
import { aleaSeed, ALEA_SIZE } from '../src/core/alea.js';
import { policy } from '../bots/bench-random.js';

export interface CRef {
  readonly cNsPerTurn: number;
  readonly kernelNsPerTurn: number;
  /** kernel / C. */
  readonly ratio: number;
  /** The kernel's turns and policy alone (its streams seeded once, as C's), and that / C. */
  readonly turnsNsPerTurn: number;
  readonly turnsRatio: number;
  readonly rounds: number;
  readonly pinned: boolean;
}

const HERE = fileURLToPath(import.meta.url);

/**
 * The kernel's ns/turn over about `seconds` of matches, CPU-timed, after a warm-up: the arena's matches
 * (each seeded from its seed strings), or with `turnsOnly` matches back to back from two streams seeded once.
 */
function kernelNsPerTurn(seconds: number, turnsOnly = false): number {
  const st = newKState();
  let i = 0, played = 0;
  const count = (k: Int32Array): void => void (played += k[K_TURN]);
  const rngA = new Float64Array(ALEA_SIZE), rngB = new Float64Array(ALEA_SIZE);
  aleaSeed(rngA, '1/a');
  aleaSeed(rngB, '1/b');
  const batch = (n: number): void => {
    if (turnsOnly)
      for (let j = 0; j < n; j++) {
        resetKState(st);
        playMatchK(st, policy, policy, rngA, rngB);
        played += st[K_TURN];
      }
    else playRunMatchesK(st, '1', i, n, policy, policy, count);
    i += n;
  };
  batch(20_000);
  const c0 = process.cpuUsage();
  played = 0;
  for (;;) {
    batch(20_000);
    const turns = played;
    const c = process.cpuUsage(c0);
    const ms = (c.user + c.system) / 1000;
    if (ms >= seconds * 1000) return (ms * 1e6) / turns;
  }
}

const hasTaskset = (): boolean => spawnSync('taskset', ['-c', '1', 'true']).status === 0;

/** Builds the C reference from `dir` in a scratch folder and runs both sides `rounds` times, alternated; a string says why it could not. */
export function cReference(dir: string, rounds: number, seconds: number): CRef | string {
  const src = resolve(dir);
  if (!existsSync(join(src, 'rbp.c')) || !existsSync(join(src, 'Makefile'))) return `${src}: no rbp.c and Makefile here (the C reference is ../shared/ref/rbp-c/)`;
  const work = mkdtempSync(join(tmpdir(), 'havoc-cref-'));
  try {
    copyFileSync(join(src, 'rbp.c'), join(work, 'rbp.c'));
    copyFileSync(join(src, 'Makefile'), join(work, 'Makefile'));
    const make = spawnSync('make', ['rbp_native'], { cwd: work, encoding: 'utf8' });
    if (make.status !== 0) return `make rbp_native failed: ${(make.stderr || make.stdout).trim().split('\n').slice(-2).join(' | ')}`;
    const pinned = hasTaskset();
    const pin = (argv: string[]): string[] => (pinned ? ['taskset', '-c', '1', ...argv] : argv);
    const run = (argv: string[]): number | string => {
      const p = spawnSync(argv[0], argv.slice(1), { cwd: work, encoding: 'utf8', timeout: 120_000 });
      const last = (p.stdout ?? '').trim().split('\n').pop() ?? '';
      try {
        const ns = (JSON.parse(last) as { nsPerTurn?: number }).nsPerTurn;
        if (typeof ns === 'number' && ns > 0) return ns;
      } catch {
        // (below)
      }
      return `${argv.join(' ')}: no nsPerTurn in its output (${(p.stderr || last).trim().slice(0, 200)})`;
    };
    let c = Infinity, k = Infinity, t = Infinity;
    for (let r = 0; r < rounds; r++) {
      const cr = run(pin([join(work, 'rbp_native'), 'bench', String(seconds), '1']));
      if (typeof cr === 'string') return cr;
      const kr = run(pin([process.execPath, HERE, '--kernel', String(seconds)]));
      if (typeof kr === 'string') return kr;
      const tr = run(pin([process.execPath, HERE, '--kernel-turns', String(seconds)]));
      if (typeof tr === 'string') return tr;
      c = Math.min(c, cr);
      k = Math.min(k, kr);
      t = Math.min(t, tr);
    }
    return { cNsPerTurn: c, kernelNsPerTurn: k, ratio: k / c, turnsNsPerTurn: t, turnsRatio: t / c, rounds, pinned };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (HERE === resolve(process.argv[1] ?? '')) {
  const [what, arg] = process.argv.slice(2);
  if (what === '--kernel' || what === '--kernel-turns') console.log(JSON.stringify({ nsPerTurn: kernelNsPerTurn(Number(arg ?? 2), what === '--kernel-turns') }));
  // Row (l) alone: node dist/bench/cref.js DIR [ROUNDS] (the full bench runs it with --c-ref DIR).
  else if (what) console.log(JSON.stringify(cReference(what, Number(arg ?? 3), 5)));
  else (console.error('usage: node dist/bench/cref.js DIR [ROUNDS] (DIR: ../shared/ref/rbp-c), or --kernel SECONDS, or --kernel-turns SECONDS'), (process.exitCode = 2));
}
