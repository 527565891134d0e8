/**
 * Checking a replay, of any ruleset: find the ruleset (by id, or by its
 * module's path), refuse another rules version, rebuild the game from the
 * header's description (`gameFromDescription`: the ruleset refuses data other
 * than the recorded, e.g. NHM another catalogue), load the same bots by name,
 * play the same seed again and compare every line (the bots' beliefs, an
 * annotation, are left out).
 */
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { loadBotModule } from '../match/bots.js';
import { matchFactory } from '../sandbox/remoteBot.js';
import { HavocError } from '../core/errors.js';
import type { AnyGameModule } from '../core/game.js';
import type { AnyBotFactory } from '../match/loop.js';
import { loadRuleset, rulesetById } from '../rules/registry.js';
import { readReplay, replayLines, type Replay, type ReplayHeader } from '../store/replayFormat.js';
import { recordMatch } from '../store/replays.js';
import { withDataFile } from '../config/data.js';

/**
 * The ruleset a replay was recorded with: its module by the header's path,
 * else the registry's by id; for a replay in a run folder
 * (`DIR/replays/x.jsonl`) whose header names no module, the module the run's
 * `DIR/config.json` names.
 */
export async function replayRuleset(header: ReplayHeader, file?: string): Promise<AnyGameModule> {
  if (header.rulesetModule) return loadRuleset(header.rulesetModule);
  try {
    return rulesetById(header.ruleset);
  } catch (e) {
    const spec = file ? runRulesetModule(file) : null;
    if (spec) {
      const mod = await loadRuleset(spec);
      if (mod.id === header.ruleset) return mod;
    }
    throw e;
  }
}

/** The ruleset module named by the config of the run folder a replay file is in (`DIR/replays/x.jsonl`), or null. */
function runRulesetModule(file: string): string | null {
  const dir = dirname(file);
  if (basename(dir) !== 'replays') return null;
  const cfg = join(dir, '..', 'config.json');
  if (!existsSync(cfg)) return null;
  try {
    const spec = (JSON.parse(readFileSync(cfg, 'utf8')) as { run?: { rulesetModule?: unknown } }).run?.rulesetModule;
    return typeof spec === 'string' ? spec : null;
  } catch {
    return null;
  }
}

/** Refuses a header recorded under other rules than `mod` plays. */
export function checkRulesVersion(header: ReplayHeader, mod: AnyGameModule, file = 'replay'): void {
  if (header.rulesVersion !== mod.version)
    throw new HavocError(
      'ERR_REPLAY_RULES',
      file,
      `recorded under rules version ${header.rulesVersion}, but this havoc plays ${mod.version}; it cannot be re-simulated (play it back with \`havoc replay\` to see it as recorded)`,
    );
}

/** Rebuilds a replay's game from its header with `mod` (its ruleset, maybe bound to data with withData). */
export function gameFromHeader(header: ReplayHeader, mod: AnyGameModule, file = 'replay'): unknown {
  if (!mod.gameFromDescription || header.game === null || header.game === undefined)
    throw new HavocError('ERR_REPLAY', `${file}: header.game`, `${mod.title} (${mod.id}) does not describe its games in replays, so this replay cannot be re-simulated`);
  return mod.gameFromDescription(header.game, `${file}: header.game`, file === 'replay' ? undefined : file);
}

export interface VerifyOptions {
  /** The ruleset's data file to re-simulate with (`--parts FILE`: NHM's catalogue); default what the replay names. */
  parts?: string;
  /** Bot factories per seat instead of loading the header's bots by name. */
  bots?: readonly AnyBotFactory[];
  /** Bots named by path run in this thread, trusted (`--unsafe-bots`), rather than isolated. */
  trustBots?: boolean;
}

export type VerifyResult =
  | { ok: true; steps: number; turns: number }
  | { ok: false; steps: number; line: number; message: string; expected: string; actual: string };

/**
 * Re-simulates a replay from its header and compares every line. Throws a
 * HavocError when the replay cannot be re-simulated (other rules version or
 * data, unknown ruleset or bot); returns the first differing line otherwise.
 */
export async function verifyReplay(fileOrReplay: string | Replay, opts: VerifyOptions = {}): Promise<VerifyResult> {
  const file = typeof fileOrReplay === 'string' ? fileOrReplay : 'replay';
  const replay = typeof fileOrReplay === 'string' ? readReplay(fileOrReplay) : fileOrReplay;
  const h = replay.header;
  const base = await replayRuleset(h, typeof fileOrReplay === 'string' ? fileOrReplay : undefined);
  checkRulesVersion(h, base, file);
  const mod = withDataFile(base, opts.parts, '--parts');
  const game = gameFromHeader(h, mod, file);
  const bots = opts.bots ?? (await Promise.all(h.bots.map((spec) => botFor(spec, mod, game, h, opts.trustBots ?? false))));
  const { lines } = recordMatch({
    module: mod,
    game,
    bots,
    botSpecs: h.bots,
    seed: h.seed,
    budget: h.budget,
    maxFaults: h.maxFaults,
    match: h.match,
    rulesetModule: h.rulesetModule,
    faultLog: replay.result?.faultLog ?? [],
    beliefs: false,
  });
  // The match alone is compared: the bots' beliefs are annotations (replayFormat.ts), left out on both sides.
  const expected = replayLines({ ...replay, beliefs: undefined });
  const n = replay.steps.length;
  for (let i = 0; i < Math.max(expected.length, lines.length); i++) {
    const want = expected[i] ?? '';
    const got = lines[i] ?? '';
    if (sameLine(want, got)) continue;
    if (!replay.result && i === expected.length) break; // a cut-short replay: everything it has matched
    const what = i === 0 ? 'the header' : i <= n ? recordName(replay.steps[i - 1], i) : i === n + 1 && replay.result ? 'the result' : `line ${i + 1}`;
    return { ok: false, steps: n, line: i + 1, message: `${file}:${i + 1}: ${what} differs when re-simulated`, expected: want, actual: got };
  }
  return { ok: true, steps: n, turns: replay.result?.turns ?? lastTurn(replay) };
}

/** The factory of a header's bot: a built-in or trusted one loaded here, an untrusted one isolated in its own process. */
async function botFor(spec: string, mod: AnyGameModule, game: unknown, h: ReplayHeader, trusted: boolean): Promise<AnyBotFactory> {
  return matchFactory(await loadBotModule(spec, trusted), mod, game);
}

/** A record for people: `turn T step S` when it says so (NHM), else `record K`. */
function recordName(r: Record<string, unknown>, k: number): string {
  return typeof r.turn === 'number' ? `turn ${r.turn}${typeof r.step === 'number' ? ` step ${r.step}` : ''}` : `record ${k}`;
}

function lastTurn(r: Replay): number {
  const last = r.steps[r.steps.length - 1];
  return last ? (typeof last.turn === 'number' ? last.turn : r.steps.length) : 0;
}

/** Lines are equal, except that a timeout's message (which states the time taken) is compared by kind only. */
function sameLine(a: string, b: string): boolean {
  if (a === b) return true;
  if (!a.startsWith('{"result"') || !b.startsWith('{"result"')) return false;
  const strip = (s: string): string => {
    const r = JSON.parse(s) as { result: { faultLog?: { kind: string; message: string }[] } };
    for (const f of r.result.faultLog ?? []) if (f.kind === 'timeout') f.message = '';
    return JSON.stringify(r);
  };
  return strip(a) === strip(b);
}
