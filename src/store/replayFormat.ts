/**
 * The replay file (`.jsonl`, format `havoc-replay/2`), one format for every
 * ruleset:
 *
 * 1. a header line `{"header": …}` saying everything a match is a pure
 *    function of: the ruleset (its id, its module's path when it was loaded
 *    by path, its version), the seats' names and bots, the seed, the budget,
 *    and `game`, the ruleset's own description of the game
 *    (`GameModule.describeGame`, read back by `gameFromDescription`);
 * 2. one line per record the ruleset's recorder made, as a replay keeps it
 *    (`GameModule.replayRecord`: NHM adds the mines on the board, a replay
 *    being omniscient); a record is never `{"result": …}` alone. A record
 *    line may end with the arena's annotation `"beliefs"`: per seat name, the
 *    heat map its bot exposed at the decision that made the record
 *    (BOT_BELIEF, core/bot.ts). It is not the match: reading takes it out of
 *    the record (`Replay.beliefs`), and verifying ignores it. A ruleset's
 *    records therefore never have a key `beliefs`;
 * 3. a result line `{"result": …}`: winner (seat name or null), for a ruleset
 *    played by sides winner_side (the side's name or null), ranks,
 *    reason, turns, the ruleset's figures by name, faults and the fault log.
 *
 * Bytes are a pure function of the match: no times, no machine-specific paths
 * but the module path of a ruleset loaded by path, and the data file hint a
 * ruleset writes into its description. Files of the NHM-only format
 * `havoc-replay/1` are read too, converted to this one on reading.
 */
import { readFileSync } from 'node:fs';
import type { Budget } from '../core/bot.js';
import { HavocError } from '../core/errors.js';
import { isObject } from '../core/json.js';

export const REPLAY_FORMAT = 'havoc-replay/2';
/** The first format (NHM-engine games only), still read. */
export const REPLAY_FORMAT_V1 = 'havoc-replay/1';

/** The first line: what the match is a pure function of. */
export interface ReplayHeader {
  format: typeof REPLAY_FORMAT;
  /** The ruleset's id. */
  ruleset: string;
  /** The absolute path of the ruleset's module, for a ruleset loaded by path (not in the registry). */
  rulesetModule?: string;
  /** The ruleset module's `version`. */
  rulesVersion: string;
  /** The seats' names, in seat order. */
  seats: string[];
  /** Bot per seat, by built-in name or path, as `loadBot` takes it. */
  bots: string[];
  /** The match seed (bots' and dice streams are derived from it). */
  seed: string;
  budget: Budget;
  /** Faults a bot may have before it forfeits the match (the run's `maxFaults`); absent: no limit. */
  maxFaults?: number;
  /** Where the match came from, for people: run seed, match id. */
  match?: { id?: string | number; runSeed?: string };
  /** The ruleset's description of the game (`describeGame`); null when it gives none. */
  game: unknown;
}

/** One record line: the ruleset's own JSON. */
export type ReplayRecord = Record<string, unknown>;

export interface ReplayFault {
  seat: number;
  turn: number;
  kind: string;
  message: string;
}

/** The last line. */
export interface ReplayResult {
  /** The seat alone in first place, by name, or null. */
  winner: string | null;
  /** A ruleset played by sides (Hovercrafts): the winning side's name, null for a draw; absent for other rulesets. */
  winner_side?: string | null;
  /** Place per seat, 0 first; seats that share a place share the number. */
  ranks: number[];
  reason: string;
  turns: number;
  /** The ruleset's per-seat figures by name, one value per seat (NHM: `{"dealt": [...]}`). */
  figures: Record<string, number[]>;
  faults: number[];
  faultLog: ReplayFault[];
}

/** Per seat name, a bot's belief heat map (cell → weight). */
export type ReplayBeliefs = Record<string, Record<string, number>>;

export interface Replay {
  header: ReplayHeader;
  steps: ReplayRecord[];
  /** Per step (same index), the beliefs recorded with it, when any step has some; the steps themselves never hold them. */
  beliefs?: (ReplayBeliefs | undefined)[];
  /** Null when the file was cut short (a match still running, a crash). */
  result: ReplayResult | null;
}


/** A record's line with beliefs added as its last key (the line is a JSON object's text). */
export const withBeliefs = (line: string, beliefs: ReplayBeliefs): string => `${line.slice(0, -1)}${line.length > 2 ? ',' : ''}"beliefs":${JSON.stringify(beliefs)}}`;

/** Turns a header, steps (with their beliefs, when it has them) and a result into the file's lines. */
export function replayLines(r: Replay): string[] {
  const lines = [JSON.stringify({ header: r.header })];
  r.steps.forEach((s, i) => {
    const b = r.beliefs?.[i];
    lines.push(b ? withBeliefs(JSON.stringify(s), b) : JSON.stringify(s));
  });
  if (r.result) lines.push(JSON.stringify({ result: r.result }));
  return lines;
}

/** Whether a line's object is the result line: `{"result": {...}}` and nothing else. */
const isResultLine = (v: Record<string, unknown>): boolean => 'result' in v && Object.keys(v).length === 1;

/** Parses a replay's text (either format); errors name the file and line. */
export function parseReplay(text: string, file = 'replay'): Replay {
  const raw = text.split('\n');
  const fail = (line: number, problem: string): never => {
    throw new HavocError('ERR_REPLAY', `${file}:${line}`, problem);
  };
  let header: ReplayHeader | null = null;
  let v1 = false;
  const steps: ReplayRecord[] = [];
  let beliefs: (ReplayBeliefs | undefined)[] | null = null;
  let result: ReplayResult | null = null;
  raw.forEach((l, i) => {
    if (!l.trim()) return;
    let v: unknown;
    try {
      v = JSON.parse(l);
    } catch (e) {
      return fail(i + 1, `not JSON (${(e as Error).message})`);
    }
    if (!isObject(v)) return fail(i + 1, 'each line is a JSON object');
    if (header === null) {
      if (!isObject(v.header)) return fail(i + 1, 'the first line must be the header {"header": {...}} (is this a `havoc match --json` trace? record with --replay FILE)');
      v1 = v.header.format === REPLAY_FORMAT_V1;
      header = v1 ? headerFromV1(checkHeaderV1(v.header, (p) => fail(i + 1, p))) : checkHeader(v.header, (p) => fail(i + 1, p));
      return;
    }
    if (result) return fail(i + 1, 'nothing may follow the result line');
    if (isResultLine(v)) {
      if (!isObject(v.result)) return fail(i + 1, 'result must be an object');
      result = v1 ? resultFromV1(v.result, header.seats) : (v.result as unknown as ReplayResult);
      return;
    }
    if (v1) {
      if (typeof v.turn !== 'number' || typeof v.step !== 'number' || !Array.isArray(v.machines)) return fail(i + 1, 'a step line needs turn, step and machines');
      if (!Array.isArray(v.minefield)) v.minefield = [];
    }
    if ('beliefs' in v) {
      if (!isBeliefs(v.beliefs)) return fail(i + 1, 'beliefs must be {"SEAT": {"CELL": weight, ...}, ...} with finite weights');
      (beliefs ??= [])[steps.length] = v.beliefs;
      delete v.beliefs;
    }
    steps.push(v);
  });
  if (!header) return fail(1, 'empty file: no header');
  return beliefs ? { header, steps, beliefs, result } : { header, steps, result };
}

/** Whether a record's `beliefs` annotation has its shape: seat → cell → finite number. */
const isBeliefs = (v: unknown): v is ReplayBeliefs =>
  isObject(v) && Object.values(v).every((m) => isObject(m) && Object.values(m).every((w) => typeof w === 'number' && Number.isFinite(w)));

function checkHeader(h: Record<string, unknown>, fail: (problem: string) => never): ReplayHeader {
  if (h.format !== REPLAY_FORMAT) fail(`header.format is ${JSON.stringify(h.format)}; this havoc reads ${REPLAY_FORMAT} (and ${REPLAY_FORMAT_V1})`);
  for (const k of ['ruleset', 'rulesVersion', 'seed'] as const) if (typeof h[k] !== 'string') fail(`header.${k} must be a string`);
  if (h.rulesetModule !== undefined && typeof h.rulesetModule !== 'string') fail('header.rulesetModule must be a string (a path)');
  if (!Array.isArray(h.seats) || h.seats.length < 1 || h.seats.some((s) => typeof s !== 'string')) fail('header.seats must be a non-empty array of names');
  if (!Array.isArray(h.bots)) fail('header.bots must be an array');
  if (!('game' in h)) fail('header.game is missing (the ruleset\'s description of the game, or null)');
  return h as unknown as ReplayHeader;
}

/** The header of havoc-replay/1 (NHM-engine games: board, machines, catalogue). */
interface HeaderV1 {
  format: typeof REPLAY_FORMAT_V1;
  ruleset: string;
  rulesVersion: string;
  catalogueHash: string;
  catalogue: string;
  board: { width: number; height: number };
  turnLimit: number;
  repairAllSlots: boolean;
  notation: string;
  machines: { name: string; loadout: string; loadoutName: string; square: string; facing: string; hearts: number; shields: number }[];
  bots: string[];
  seed: string;
  budget: { ms: number; sims: number };
  match?: { id?: string | number; runSeed?: string };
}

function checkHeaderV1(h: Record<string, unknown>, fail: (problem: string) => never): HeaderV1 {
  for (const k of ['ruleset', 'rulesVersion', 'catalogueHash', 'seed'] as const) if (typeof h[k] !== 'string') fail(`header.${k} must be a string`);
  const b = h.board as { width?: unknown; height?: unknown } | undefined;
  if (!isObject(b) || !Number.isInteger(b.width) || !Number.isInteger(b.height)) fail('header.board must be {"width": W, "height": H}');
  if (!Array.isArray(h.machines) || h.machines.length < 1) fail('header.machines must be a non-empty array');
  (h.machines as unknown[]).forEach((m, i) => {
    if (!isObject(m) || typeof m.name !== 'string' || typeof m.square !== 'string' || typeof m.facing !== 'string' || typeof m.loadout !== 'string')
      fail(`header.machines[${i}] needs name, loadout, square and facing`);
  });
  if (!Array.isArray(h.bots)) fail('header.bots must be an array');
  return h as unknown as HeaderV1;
}

/** A havoc-replay/1 header as havoc-replay/2 writes it: the board, machines and catalogue become the NHM engine's `game`. */
function headerFromV1(h: HeaderV1): ReplayHeader {
  return {
    format: REPLAY_FORMAT,
    ruleset: h.ruleset,
    rulesVersion: h.rulesVersion,
    seats: h.machines.map((m) => m.name),
    bots: h.bots,
    seed: h.seed,
    budget: h.budget,
    ...(h.match !== undefined ? { match: h.match } : {}),
    game: {
      catalogueHash: h.catalogueHash,
      catalogue: h.catalogue,
      board: h.board,
      turnLimit: h.turnLimit,
      repairAllSlots: h.repairAllSlots,
      notation: h.notation,
      machines: h.machines,
    },
  };
}

/** A havoc-replay/1 result (`dealt` per machine, one winner or a draw) as havoc-replay/2 writes it. */
function resultFromV1(r: Record<string, unknown>, seats: readonly string[]): ReplayResult {
  const winner = typeof r.winner === 'string' ? r.winner : null;
  return {
    winner,
    ranks: seats.map((s) => (winner === null || s === winner ? 0 : 1)),
    reason: r.reason as string,
    turns: r.turns as number,
    figures: { dealt: r.dealt as number[] },
    faults: r.faults as number[],
    faultLog: r.faultLog as ReplayFault[],
  };
}

/** Reads a replay file (either format). */
export function readReplay(path: string): Replay {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new HavocError('ERR_REPLAY', path, `cannot read the file (${(e as Error).message})`);
  }
  return parseReplay(text, path);
}
