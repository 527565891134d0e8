/**
 * The starts' readings a table may choose (docs/rules-blind-ninjas.md 1,
 * "Options"): which edge is a player's "bottom", and where on it the four
 * ninjas stand. They live in the room file, the ruleset's data
 * (configs/blind-ninjas-room.json, or a run's own named by `parts`); a
 * scenario's `rules` sets them for its game.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { HavocError, HavocProblems } from '../../core/errors.js';
import { canonicalJson, isObject, parseJsonText } from '../../core/json.js';
import { packageRoot } from '../../core/paths.js';

/** Squares on the edge of an 8x8 room, the only edge where four ninjas leave a choice. */
export const LONG_EDGE = 8;

export interface BnRules {
  /**
   * `own` (default, RULES.md 9): each player's bottom is the edge of the one
   * room nearest that player round the table (2 players: opposite short
   * edges; 3–4: one edge each). `shared`: every player's bottom is the
   * labelled grid's rank 1, all facing north ("all of the grids need to look
   * the same").
   */
  readonly edges: 'own' | 'shared';
  /**
   * Where on an 8-square edge a player's four ninjas stand, as positions 1–8
   * counted from that player's left as it faces the room: `middle` (default,
   * 3–6) or four distinct positions. Every player uses the same, so the
   * starts are the same for every seat. A 4-square edge (the 2-player room)
   * has no choice: the four ninjas fill it.
   */
  readonly places: 'middle' | readonly number[];
}

export const DEFAULT_RULES: BnRules = Object.freeze({ edges: 'own', places: 'middle' });
export const MIDDLE: readonly number[] = Object.freeze([3, 4, 5, 6]);

const EDGES: readonly BnRules['edges'][] = ['own', 'shared'];
const NAMES = ['edges', 'places'];

/** Reads rules over `base` (`raw` undefined: the base); each problem goes to `bad` with its place (`.edges`). */
export function readRules(raw: unknown, bad: (at: string, problem: string) => void, base: BnRules = DEFAULT_RULES): BnRules {
  if (raw === undefined) return base;
  if (!isObject(raw)) {
    bad('', `must be an object of readings (${NAMES.join(', ')})`);
    return base;
  }
  let { edges, places } = base;
  for (const [k, v] of Object.entries(raw)) {
    if (k === 'edges') {
      if (typeof v === 'string' && (EDGES as readonly string[]).includes(v)) edges = v as BnRules['edges'];
      else bad('.edges', `must be ${EDGES.map((e) => `"${e}"`).join(' or ')}, not ${JSON.stringify(v)}`);
    } else if (k === 'places') {
      const p = readPlaces(v);
      if (typeof p === 'string' && p !== 'middle') bad('.places', p);
      else places = p;
    } else bad(`.${k}`, `unknown reading (readings: ${NAMES.join(', ')})`);
  }
  return { edges, places };
}

/** `middle`, four distinct positions, or the problem with `v`. */
function readPlaces(v: unknown): BnRules['places'] | string {
  if (v === 'middle') return 'middle';
  const what = `"middle" or four distinct positions from 1 to ${LONG_EDGE} along the edge, from the player's left (e.g. [1, 3, 5, 7])`;
  if (!Array.isArray(v) || v.length !== 4) return `must be ${what}`;
  for (const x of v) if (!Number.isInteger(x) || x < 1 || x > LONG_EDGE) return `${JSON.stringify(x)} is not a position from 1 to ${LONG_EDGE}: places are ${what}`;
  const dup = v.find((x, i) => v.indexOf(x) !== i);
  if (dup !== undefined) return `position ${dup} is named twice: one player's ninjas never share a square`;
  return Object.freeze([...(v as number[])]);
}

/** The positions (1-based, from the player's left) on an edge of `length` squares. */
export const positionsOn = (r: BnRules, length: number): readonly number[] =>
  length < LONG_EDGE ? [1, 2, 3, 4] : r.places === 'middle' ? MIDDLE : r.places;

/** The room file as the ruleset holds it. */
export interface RoomFile {
  readonly rules: BnRules;
  readonly hash: string;
}

/** The room file in a file's text; every problem at once, each named by its place. */
export function parseRoomFile(text: string, path: string): RoomFile {
  const json = parseJsonText(text, path, 'ERR_CATALOGUE');
  if (!isObject(json)) throw new HavocError('ERR_CATALOGUE', path, 'the room file is a JSON object ({"version": 1, "rules": {…}})');
  const problems: HavocError[] = [];
  const bad = (at: string, problem: string): void => void problems.push(new HavocError('ERR_CATALOGUE', `${path}: ${at}`, problem));
  const known = ['version', 'about', 'rules'];
  for (const k of Object.keys(json)) if (!known.includes(k)) bad(k, `unknown field (expected ${known.join(', ')})`);
  if (json.version !== 1) bad('version', `must be 1, not ${JSON.stringify(json.version)}`);
  const rules = readRules(json.rules, (at, problem) => bad(`rules${at}`, problem));
  if (problems.length === 1) throw problems[0];
  if (problems.length) throw new HavocProblems('ERR_CATALOGUE', path, problems);
  return { rules, hash: createHash('sha256').update(canonicalJson(rules)).digest('hex').slice(0, 16) };
}

/** The shipped room file. */
export const defaultRoomPath = (): string => join(packageRoot(), 'configs', 'blind-ninjas-room.json');

let shipped: RoomFile | null = null;
/** The shipped room file, read once. */
export const defaultRoomFile = (): RoomFile => (shipped ??= parseRoomFile(readFileSync(defaultRoomPath(), 'utf8'), defaultRoomPath()));
