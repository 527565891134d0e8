/**
 * Checking a replay: rebuild the game from its header, load the same bots by
 * name, play the same seed again and compare every line. A replay recorded
 * under other rules or another catalogue is refused before anything runs.
 */
import { existsSync } from 'node:fs';
import { basename, dirname, isAbsolute, join } from 'node:path';
import { loadBot } from '../arena/bots.js';
import { makeBoard, parseFacing, parseSquare } from '../core/grid.js';
import { HavocError } from '../core/errors.js';
import type { AnyBotFactory } from '../arena/match.js';
import { defaultCataloguePath, loadCatalogue } from '../rules/nhm/catalogue.js';
import { packageRoot } from '../core/paths.js';
import { Game } from '../rules/nhm/game.js';
import { checkLoadout, loadoutKey } from '../rules/nhm/loadout.js';
import type { Catalogue, Loadout } from '../rules/nhm/parts.js';
import { rulesetById } from '../rules/registry.js';
import { RULES_VERSION } from '../rules/version.js';
import { readReplay, replayLines, type Replay, type ReplayHeader } from '../arena/replayFormat.js';
import { recordMatch } from '../arena/replays.js';

/** Refuses a header recorded under other rules or another catalogue than `cat`. */
export function checkCompatible(header: ReplayHeader, cat: Catalogue, file = 'replay'): void {
  if (header.rulesVersion !== RULES_VERSION)
    throw new HavocError(
      'ERR_REPLAY_RULES',
      file,
      `recorded under rules version ${header.rulesVersion}, but this havoc plays ${RULES_VERSION}; it cannot be re-simulated (play it back with \`havoc replay\` to see it as recorded)`,
    );
  if (header.catalogueHash !== cat.hash)
    throw new HavocError(
      'ERR_REPLAY_CATALOGUE',
      file,
      `recorded with catalogue hash ${header.catalogueHash} (${header.catalogue}), but ${cat.source} has hash ${cat.hash}; give the catalogue it was recorded with (--parts FILE)`,
    );
}

/**
 * Loads the catalogue to check a replay against: `parts` if given; else the
 * header's file, if it exists (as written, or under the package root); else,
 * for a replay in a run folder (`DIR/replays/x.jsonl`), that folder's copy
 * (`DIR/<same file name>`); else the default catalogue.
 */
export function replayCatalogue(header: ReplayHeader, parts?: string, file?: string): Catalogue {
  if (parts) return loadCatalogue(parts);
  const hinted = header.catalogue;
  const candidates: string[] = [];
  if (hinted) {
    candidates.push(...(isAbsolute(hinted) ? [hinted] : [hinted, join(packageRoot(), hinted)]));
    if (file) candidates.push(join(dirname(file), '..', basename(hinted)));
  }
  for (const p of candidates) if (existsSync(p)) return loadCatalogue(p);
  return loadCatalogue(defaultCataloguePath());
}

/** Rebuilds a replay's game from its header and a catalogue (which must be the recorded one). */
export function gameFromHeader(header: ReplayHeader, cat: Catalogue): Game {
  const board = makeBoard(header.board.width, header.board.height);
  const mod = rulesetById(header.ruleset);
  const pig = ((mod.withData?.({ parts: cat }) ?? mod).builds.fixed?.build as Loadout | undefined) ?? null;
  const machines = header.machines.map((m, i) => {
    const at = `header.machines[${i}]`;
    const square = parseSquare(board, m.square);
    const facing = parseFacing(m.facing);
    if (square < 0) throw new HavocError('ERR_REPLAY', `${at}.square`, `"${m.square}" is not a square of the board`);
    if (facing < 0) throw new HavocError('ERR_REPLAY', `${at}.facing`, 'must be N, E, S or W');
    let loadout: Loadout;
    if (pig && m.loadout === loadoutKey(pig)) loadout = pig;
    else {
      const r = checkLoadout(cat, m.loadout, m.loadoutName ?? m.loadout, { experimental: true, where: `${at}.loadout` });
      if (!r.ok) throw new HavocError('ERR_REPLAY', `${at}.loadout`, r.errors.map((e) => e.message).join('; '));
      loadout = r.loadout;
    }
    return { name: m.name, loadout, square, facing, hearts: m.hearts, shields: m.shields };
  });
  return new Game({
    catalogue: cat,
    board,
    machines,
    turnLimit: header.turnLimit,
    repairAllSlots: header.repairAllSlots,
    rulesetId: header.ruleset,
  });
}

export interface VerifyOptions {
  /** Catalogue file; default as `replayCatalogue` finds it. */
  parts?: string;
  /** Bot factories per seat instead of loading the header's bots by name. */
  bots?: readonly AnyBotFactory[];
}

export type VerifyResult =
  | { ok: true; steps: number; turns: number }
  | { ok: false; steps: number; line: number; message: string; expected: string; actual: string };

/**
 * Re-simulates a replay from its header and compares every line. Throws a
 * HavocError when the replay cannot be re-simulated (other rules version or
 * catalogue, unknown bot); returns the first differing line otherwise.
 */
export async function verifyReplay(fileOrReplay: string | Replay, opts: VerifyOptions = {}): Promise<VerifyResult> {
  const file = typeof fileOrReplay === 'string' ? fileOrReplay : 'replay';
  const replay = typeof fileOrReplay === 'string' ? readReplay(fileOrReplay) : fileOrReplay;
  const h = replay.header;
  const cat = replayCatalogue(h, opts.parts, typeof fileOrReplay === 'string' ? fileOrReplay : undefined);
  checkCompatible(h, cat, file);
  const game = gameFromHeader(h, cat);
  const bots = opts.bots ?? (await Promise.all(h.bots.map((spec) => loadBot(spec))));
  const mod = rulesetById(h.ruleset);
  const { lines } = recordMatch({
    module: mod.withData?.({ parts: cat }) ?? mod,
    game,
    bots,
    botSpecs: h.bots,
    seed: h.seed,
    budget: h.budget,
    catalogue: h.catalogue,
    match: h.match,
    faultLog: replay.result?.faultLog ?? [],
  });
  const expected = replayLines(replay);
  const n = replay.steps.length;
  for (let i = 0; i < Math.max(expected.length, lines.length); i++) {
    const want = expected[i] ?? '';
    const got = lines[i] ?? '';
    if (sameLine(want, got)) continue;
    if (!replay.result && i === expected.length) break; // a cut-short replay: everything it has matched
    const what = i === 0 ? 'the header' : i <= n ? `turn ${replay.steps[i - 1].turn} step ${replay.steps[i - 1].step}` : i === n + 1 && replay.result ? 'the result' : `line ${i + 1}`;
    return { ok: false, steps: n, line: i + 1, message: `${file}:${i + 1}: ${what} differs when re-simulated`, expected: want, actual: got };
  }
  return { ok: true, steps: n, turns: replay.result?.turns ?? (n ? replay.steps[n - 1].turn : 0) };
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
