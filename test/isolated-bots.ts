/**
 * Bots written for a test as modules, played isolated (sandbox/remoteBot.ts,
 * from the compiled host in dist/: the e2e tier builds it) against an idle
 * seat on Robo Battle Pigs: how the limits tests make a bot that burns,
 * sleeps, floods or leaks, and read the faults it gets.
 */
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { isolationOf, type BotLimits } from '../src/sandbox/limits.js';
import { isolatedFactory } from '../src/sandbox/remoteBot.js';
import { playMatch } from '../src/match/loop.js';
import type { AnyBotFactory, Budget } from '../src/core/bot.js';
import { defaultCatalogue } from '../src/rules/nhm/catalogue.js';
import { rulesetById } from '../src/rules/registry.js';
import { rbpGame } from '../src/rules/rbp/index.js';

const RANDOM = resolve('dist/bots/random.js');
export const rbp = rbpGame(defaultCatalogue());
export const mod = rulesetById(rbp.rulesetId);

/** Spends `ms` of its process's own CPU time (user and system, as process.cpuUsage counts them). */
export const burn = (ms: number) => `{ const t = process.cpuUsage(); let x = 0; for (;;) { for (let i = 0; i < 1e5; i++) x += i; const u = process.cpuUsage(t); if (u.user + u.system >= ${ms * 1000}) break; } }`;
/** Sleeps `ms` of wall time, using no CPU. */
export const sleep = (ms: number) => `Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ${ms})`;

/** A folder of test bots (readable by the sandbox's unprivileged user), `remove` to delete it. */
export function botFolder(prefix: string) {
  const tmp = mkdtempSync(join(tmpdir(), prefix));
  chmodSync(tmp, 0o755); // isolated bots run as an unprivileged user
  return {
    tmp,
    /** Writes a bot module playing as random does; `decide` runs before each of its decisions (`o` the observation), `top` at its top level. */
    bot(name: string, decide: string, top = ''): string {
      const file = join(tmp, `${name}.mjs`);
      writeFileSync(file, `import random from '${RANDOM}';\n${top}\nexport default (ctx) => { const b = random(ctx); return { program(o, v) { ${decide}; return b.program(o, v); } }; };\n`);
      return file;
    },
    remove: () => rmSync(tmp, { recursive: true, force: true }),
  };
}

/** Plays `file` (seat A, isolated) against an idle bot for `turns` turns; seat A's faults and the match. */
export function play(file: string, budget: Budget, turns: number, limits: Partial<BotLimits> = {}) {
  const game = mod.makeGame({ builds: [rbp.loadouts[0], rbp.loadouts[1]], turnLimit: turns });
  const idle: AnyBotFactory = () => ({ program: () => 'TL TR TL TR TL' });
  const r = playMatch({ module: mod, game, bots: [isolatedFactory(mod, game, file, isolationOf(limits)), idle], seed: 'limits', budget });
  return { faults: r.faultLog.filter((f) => f.seat === 0), reason: r.reason, forfeits: r.forfeits, decisionMs: r.decisionMs[0] };
}
