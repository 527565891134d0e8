/**
 * The replay file (`.jsonl`): a header line `{"header": …}` saying everything a
 * match is a function of (ruleset, rules version, catalogue hash, board,
 * machines, bots, seed, limits), then one line per step (the engine's
 * StepRecord plus the mines on the board after it, with squares: a replay is
 * omniscient), then a result line `{"result": …}`. Without the header it is
 * exactly `havoc match --json`. Bytes are a pure function of the match: no
 * times, no machine-specific paths.
 */
import { readFileSync } from 'node:fs';
import { HavocError } from '../core/errors.js';
import type { Notation } from '../rules/nhm/programs.js';
import type { StepRecord } from '../rules/nhm/record.js';

export const REPLAY_FORMAT = 'havoc-replay/1';

/** A machine as it starts the match. */
export interface ReplayMachine {
  name: string;
  /** Loadout key (`weapons/armour/engines/cpu`), read back with checkLoadout. */
  loadout: string;
  /** The loadout's name in the run (`robo-pig`, `sniper`, or the key). */
  loadoutName: string;
  square: string;
  facing: string;
  hearts: number;
  shields: number;
}

/** The first line: what the match is a pure function of. */
export interface ReplayHeader {
  format: typeof REPLAY_FORMAT;
  ruleset: string;
  rulesVersion: string;
  catalogueHash: string;
  /** Where the catalogue came from (relative to the package root when inside it); a hint for verifying. */
  catalogue: string;
  board: { width: number; height: number };
  turnLimit: number;
  repairAllSlots: boolean;
  notation: Notation;
  machines: ReplayMachine[];
  /** Bot per seat, by built-in name or path, as `loadBot` takes it. */
  bots: string[];
  /** The match seed (bots' and dice streams are derived from it). */
  seed: string;
  budget: { ms: number; sims: number };
  /** Where the match came from, for people: run seed, match id. */
  match?: { id?: string | number; runSeed?: string };
}

/** A mine on the board after a step. */
export interface MinefieldEntry {
  owner: string;
  square: string;
  armed: boolean;
}

/** One step line. */
export interface ReplayStep extends StepRecord {
  /** Every mine on the board after the step, by square then owner. */
  minefield: MinefieldEntry[];
}

export interface ReplayFault {
  seat: number;
  turn: number;
  kind: string;
  message: string;
}

/** The last line. */
export interface ReplayResult {
  /** Winning machine's name, or null for a draw. */
  winner: string | null;
  reason: string;
  turns: number;
  dealt: number[];
  faults: number[];
  faultLog: ReplayFault[];
}

export interface Replay {
  header: ReplayHeader;
  steps: ReplayStep[];
  /** Null when the file was cut short (a match still running, a crash). */
  result: ReplayResult | null;
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Turns a header, steps and a result into the file's lines. */
export function replayLines(r: Replay): string[] {
  const lines = [JSON.stringify({ header: r.header })];
  for (const s of r.steps) lines.push(JSON.stringify(s));
  if (r.result) lines.push(JSON.stringify({ result: r.result }));
  return lines;
}

/** Parses a replay's text; errors name the file and line. */
export function parseReplay(text: string, file = 'replay'): Replay {
  const raw = text.split('\n');
  const fail = (line: number, problem: string): never => {
    throw new HavocError('ERR_REPLAY', `${file}:${line}`, problem);
  };
  let header: ReplayHeader | null = null;
  const steps: ReplayStep[] = [];
  let result: ReplayResult | null = null;
  raw.forEach((l, i) => {
    if (!l.trim()) return;
    let v: unknown;
    try {
      v = JSON.parse(l);
    } catch (e) {
      return fail(i + 1, `not JSON (${(e as Error).message})`);
    }
    if (!isObj(v)) return fail(i + 1, 'each line is a JSON object');
    if (header === null) {
      if (!isObj(v.header)) return fail(i + 1, 'the first line must be the header {"header": {...}} (is this a `havoc match --json` trace? record with --replay FILE)');
      header = checkHeader(v.header, (p) => fail(i + 1, p));
      return;
    }
    if (result) return fail(i + 1, 'nothing may follow the result line');
    if ('result' in v) {
      if (!isObj(v.result)) return fail(i + 1, 'result must be an object');
      result = v.result as unknown as ReplayResult;
      return;
    }
    if (typeof v.turn !== 'number' || typeof v.step !== 'number' || !Array.isArray(v.machines)) return fail(i + 1, 'a step line needs turn, step and machines');
    const step = v as unknown as ReplayStep;
    if (!Array.isArray(step.minefield)) step.minefield = [];
    steps.push(step);
  });
  if (!header) return fail(1, 'empty file: no header');
  return { header, steps, result };
}

function checkHeader(h: Record<string, unknown>, fail: (problem: string) => never): ReplayHeader {
  if (h.format !== REPLAY_FORMAT) fail(`header.format is ${JSON.stringify(h.format)}; this havoc reads ${REPLAY_FORMAT}`);
  for (const k of ['ruleset', 'rulesVersion', 'catalogueHash', 'seed'] as const) if (typeof h[k] !== 'string') fail(`header.${k} must be a string`);
  const b = h.board as { width?: unknown; height?: unknown } | undefined;
  if (!isObj(b) || !Number.isInteger(b.width) || !Number.isInteger(b.height)) fail('header.board must be {"width": W, "height": H}');
  if (!Array.isArray(h.machines) || h.machines.length < 1) fail('header.machines must be a non-empty array');
  (h.machines as unknown[]).forEach((m, i) => {
    if (!isObj(m) || typeof m.name !== 'string' || typeof m.square !== 'string' || typeof m.facing !== 'string' || typeof m.loadout !== 'string')
      fail(`header.machines[${i}] needs name, loadout, square and facing`);
  });
  if (!Array.isArray(h.bots)) fail('header.bots must be an array');
  return h as unknown as ReplayHeader;
}

/** Reads a replay file. */
export function readReplay(path: string): Replay {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new HavocError('ERR_REPLAY', path, `cannot read the file (${(e as Error).message})`);
  }
  return parseReplay(text, path);
}
