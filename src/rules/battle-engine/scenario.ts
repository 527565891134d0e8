/**
 * The game part of a Battle Engine scenario file (`havoc scenario`): the
 * readings (board size and options), each side's pieces placed by hand, who
 * starts and the turn limit; the arena reads the script (`turns`).
 *
 *     "rules": {"width": 6, "bonusLoss": "move"},
 *     "A": {"pieces": [{"piece": "ltn", "square": "c1"}, "archer@c2"]},
 *     "B": {"pieces": ["ltn@c7", "pvt@c5"]},
 *     "starts": "A", "turnLimit": 20
 *
 * A side's army is the pieces it lists (legal as an army of the roster: an
 * officer, within the budget); the game starts deployed, and the starting
 * player is the rules' unless `starts` names one. Every problem names its
 * path in the file (`B.pieces[1].square: c3 is not on B's side`).
 */
import { HavocError } from '../../core/errors.js';
import { isObject } from '../../core/json.js';
import { armyProblems } from './army.js';
import { parseSquare, onSide, rowOf, squareName } from './board.js';
import { BONUS_LOSSES, LEVEL_UPS, START_TIES, TURN_SHAPES, type Readings, type Roster } from './roster.js';
import { makeBeGame, type BeGame } from './state.js';

export const SCENARIO_FIELDS: readonly string[] = ['rules', 'A', 'B', 'starts', 'turnLimit'];

const SEATS = ['A', 'B'];
/** Each reading a scenario may set, with the check its value must pass and what to say when it does not. */
const NUMBERS: Readonly<Record<string, readonly [number, number]>> = { width: [6, 12], rowsPerSide: [3, 4], turnLimit: [1, Infinity] };
const WORDS: Readonly<Record<string, readonly string[]>> = { turnShape: TURN_SHAPES, startTie: START_TIES, bonusLoss: BONUS_LOSSES, levelUp: LEVEL_UPS };

/** Reads a scenario's game with `roster`'s pieces; `file` prefixes every path. */
export function readScenario(roster: Roster, json: Readonly<Record<string, unknown>>, file: string): BeGame {
  const fail = (path: string, problem: string): never => {
    throw new HavocError('ERR_SCENARIO', `${file}: ${path}`, problem);
  };
  const rules: Record<string, unknown> = { ...roster.rules };
  if (json.rules !== undefined) {
    if (!isObject(json.rules)) return fail('rules', `must be an object of readings (${Object.keys(roster.rules).join(', ')})`);
    for (const [k, v] of Object.entries(json.rules)) {
      const range = NUMBERS[k], words = WORDS[k];
      if (range) {
        if (!Number.isInteger(v) || (v as number) < range[0] || (v as number) > range[1])
          fail(`rules.${k}`, `must be a whole number ${range[1] === Infinity ? `>= ${range[0]}` : `from ${range[0]} to ${range[1]}`}, not ${JSON.stringify(v)}`);
      } else if (words) {
        if (!words.includes(v as string)) fail(`rules.${k}`, `must be one of ${words.map((w) => JSON.stringify(w)).join(', ')}, not ${JSON.stringify(v)}`);
      } else fail(`rules.${k}`, `no such reading (expected ${Object.keys(roster.rules).join(', ')})`);
      rules[k] = v;
    }
  }
  if (json.turnLimit !== undefined) {
    if (!Number.isInteger(json.turnLimit) || (json.turnLimit as number) < 1) fail('turnLimit', 'must be a positive integer');
    rules.turnLimit = json.turnLimit;
  }
  const readings = rules as unknown as Readings;
  const width = readings.width, height = 2 * readings.rowsPerSide + 1;
  const board = { width, rowsPerSide: readings.rowsPerSide, height, size: width * height };

  // Each side's pieces: an army (counts per roster type) and its squares, then in piece order (types in roster order, squares rising).
  const taken = new Map<number, string>();
  const sides = SEATS.map((name, s) => {
    const side = json[name];
    if (!isObject(side) || !Array.isArray(side.pieces) || side.pieces.length === 0)
      return fail(name, `must be {"pieces": [...]}, each piece {"piece": KEY, "square": SQUARE} or "KEY@SQUARE" (e.g. "ltn@c${s === 0 ? 1 : height}")`);
    for (const k of Object.keys(side)) if (k !== 'pieces') fail(`${name}.${k}`, 'unknown field (expected pieces)');
    const byType: number[][] = roster.pieces.map(() => []);
    (side.pieces as unknown[]).forEach((raw, i) => {
      const at = `${name}.pieces[${i}]`;
      const m = typeof raw === 'string' ? /^([^@]*)@(.*)$/.exec(raw) : null;
      const pair = m ? [m[1], m[2]] : isObject(raw) ? [raw.piece, raw.square] : null;
      if (!pair) return fail(at, 'a piece is {"piece": KEY, "square": SQUARE} or "KEY@SQUARE"');
      if (isObject(raw)) for (const k of Object.keys(raw)) if (k !== 'piece' && k !== 'square') fail(`${at}.${k}`, 'unknown field (expected piece, square)');
      const t = typeof pair[0] === 'string' ? roster.byKey.get(pair[0].toLowerCase()) : undefined;
      if (t === undefined) return fail(`${at}.piece`, `${JSON.stringify(pair[0])} is not a piece of the roster (${roster.pieces.map((p) => p.key).join(', ')})`);
      const q = typeof pair[1] === 'string' ? parseSquare(board, pair[1].toLowerCase()) : -1;
      if (q < 0) return fail(`${at}.square`, `${JSON.stringify(pair[1])} is not a square of the ${width} x ${height} board (a1 to ${squareName(board, board.size - 1)})`);
      if (!onSide(board, s, rowOf(board, q)))
        return fail(`${at}.square`, `${squareName(board, q)} is not on ${name}'s side (rows ${s === 0 ? `1 to ${board.rowsPerSide}` : `${board.rowsPerSide + 2} to ${height}`}; row ${board.rowsPerSide + 1} is no man's land)`);
      if (taken.has(q)) return fail(`${at}.square`, `${squareName(board, q)} is taken by ${taken.get(q)}`);
      taken.set(q, at);
      byType[t].push(q);
    });
    const army = byType.map((l) => l.length);
    const problem = armyProblems(roster, army, `${name}.pieces`)[0];
    if (problem) fail(problem.where, problem.problem);
    return { army, squares: byType.flatMap((l) => l.sort((x, y) => x - y)) };
  });
  let starts: number | undefined;
  if (json.starts !== undefined) {
    starts = SEATS.indexOf(json.starts as string);
    if (starts < 0) fail('starts', 'must be "A" or "B" (leave it out for the rules\' starting player)');
  }
  try {
    const game = makeBeGame({ ...roster, rules: readings }, sides.map((x) => x.army));
    return { ...game, placed: sides.map((x) => x.squares), ...(starts === undefined ? {} : { starts }) };
  } catch (e) {
    if (e instanceof HavocError) return fail(e.where.replace(/^builds\[(\d)\]/, (_, i: string) => `${SEATS[Number(i)]}.pieces`), e.problem);
    throw e;
  }
}
