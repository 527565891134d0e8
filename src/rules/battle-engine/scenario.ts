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
 * player is the rules' unless `starts` names one. A piece written as an
 * object may carry its `damage`, `arrows` left and `panicked`; `"turn": N`
 * makes the position one N turns into the battle, its pieces anywhere on the
 * board and `starts` the seat to move. Every problem names its path in the
 * file (`B.pieces[1].square: c3 is not on B's side`).
 */
import { HavocError } from '../../core/errors.js';
import { isObject } from '../../core/json.js';
import { armyProblems } from './army.js';
import { parseSquare, onSide, rowOf, squareName } from './board.js';
import { BONUS_LOSSES, HIT_REACHES, LEVEL_UPS, RULE_FIELDS, START_TIES, TURN_SHAPES, type Readings, type Roster } from './roster.js';
import { baseType, bonus, hpLeft, makeBeGame, newBeState, type BeGame, type MidGame } from './state.js';
import { deploy } from './step.js';

export const SCENARIO_FIELDS: readonly string[] = ['rules', 'A', 'B', 'starts', 'turn', 'turnLimit'];
/** A piece's fields as an object: where it stands, and its mid-game facts (as the trace's state writes them). */
const PIECE_FIELDS: readonly string[] = ['piece', 'square', 'damage', 'arrows', 'panicked'];

const SEATS = ['A', 'B'];
/** Each reading a scenario may set, with the check its value must pass and what to say when it does not. */
const NUMBERS: Readonly<Record<string, readonly [number, number]>> = { width: [6, 12], rowsPerSide: [3, 4], turnLimit: [1, Infinity] };
const WORDS: Readonly<Record<string, readonly string[]>> = { turnShape: TURN_SHAPES, startTie: START_TIES, bonusLoss: BONUS_LOSSES, levelUp: LEVEL_UPS, hitReach: HIT_REACHES };

/** Reads a scenario's game with `roster`'s pieces; `file` prefixes every path. */
export function readScenario(roster: Roster, json: Readonly<Record<string, unknown>>, file: string): BeGame {
  const fail = (path: string, problem: string): never => {
    throw new HavocError('ERR_SCENARIO', `${file}: ${path}`, problem);
  };
  const rules: Record<string, unknown> = { ...roster.rules };
  if (json.rules !== undefined) {
    if (!isObject(json.rules)) return fail('rules', `must be an object of readings (${RULE_FIELDS.join(', ')})`);
    for (const [k, v] of Object.entries(json.rules)) {
      const range = NUMBERS[k], words = WORDS[k];
      if (range) {
        if (!Number.isInteger(v) || (v as number) < range[0] || (v as number) > range[1])
          fail(`rules.${k}`, `must be a whole number ${range[1] === Infinity ? `>= ${range[0]}` : `from ${range[0]} to ${range[1]}`}, not ${JSON.stringify(v)}`);
      } else if (words) {
        if (!words.includes(v as string)) fail(`rules.${k}`, `must be one of ${words.map((w) => JSON.stringify(w)).join(', ')}, not ${JSON.stringify(v)}`);
      } else fail(`rules.${k}`, `no such reading (expected ${RULE_FIELDS.join(', ')})`);
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

  // A mid-game position: turns already played; its pieces may stand anywhere, and it says who is to move.
  let turn: number | null = null;
  if (json.turn !== undefined) {
    if (!Number.isInteger(json.turn) || (json.turn as number) < 0 || (json.turn as number) >= readings.turnLimit)
      fail('turn', `must be the turns already played, a whole number from 0 to ${readings.turnLimit - 1} (below the turn limit), not ${JSON.stringify(json.turn)}`);
    if (json.starts === undefined) fail('starts', 'a mid-game position ("turn") names the seat to move: "A" or "B"');
    turn = json.turn as number;
  }

  // Each side's pieces: an army (counts per roster type) and its squares, then in piece order (types in roster order, squares rising), each with its mid-game facts.
  const taken = new Map<number, string>();
  const sides = SEATS.map((name, s) => {
    const side = json[name];
    if (!isObject(side) || !Array.isArray(side.pieces) || side.pieces.length === 0)
      return fail(name, `must be {"pieces": [...]}, each piece {"piece": KEY, "square": SQUARE} or "KEY@SQUARE" (e.g. "ltn@c${s === 0 ? 1 : height}")`);
    for (const k of Object.keys(side)) if (k !== 'pieces') fail(`${name}.${k}`, 'unknown field (expected pieces)');
    const byType: Placed[][] = roster.pieces.map(() => []);
    (side.pieces as unknown[]).forEach((raw, i) => {
      const at = `${name}.pieces[${i}]`;
      const m = typeof raw === 'string' ? /^([^@]*)@(.*)$/.exec(raw) : null;
      const pair = m ? [m[1], m[2]] : isObject(raw) ? [raw.piece, raw.square] : null;
      if (!pair) return fail(at, 'a piece is {"piece": KEY, "square": SQUARE} or "KEY@SQUARE"');
      if (isObject(raw)) for (const k of Object.keys(raw)) if (!PIECE_FIELDS.includes(k)) fail(`${at}.${k}`, `unknown field (expected ${PIECE_FIELDS.join(', ')})`);
      const t = typeof pair[0] === 'string' ? roster.byKey.get(pair[0].toLowerCase()) : undefined;
      if (t === undefined) return fail(`${at}.piece`, `${JSON.stringify(pair[0])} is not a piece of the roster (${roster.pieces.map((p) => p.key).join(', ')})`);
      const q = typeof pair[1] === 'string' ? parseSquare(board, pair[1].toLowerCase()) : -1;
      if (q < 0) return fail(`${at}.square`, `${JSON.stringify(pair[1])} is not a square of the ${width} x ${height} board (a1 to ${squareName(board, board.size - 1)})`);
      if (turn === null && !onSide(board, s, rowOf(board, q)))
        return fail(`${at}.square`, `${squareName(board, q)} is not on ${name}'s side (rows ${s === 0 ? `1 to ${board.rowsPerSide}` : `${board.rowsPerSide + 2} to ${height}`}; row ${board.rowsPerSide + 1} is no man's land; a mid-game position, with "turn", may place pieces anywhere)`);
      if (taken.has(q)) return fail(`${at}.square`, `${squareName(board, q)} is taken by ${taken.get(q)}`);
      taken.set(q, at);
      const type = roster.pieces[t];
      const facts = isObject(raw) ? raw : {};
      const damage = facts.damage ?? 0;
      // Damage up to the hit points plus the bonus it stands with is checked once every piece is placed.
      if (!Number.isInteger(damage) || (damage as number) < 0) fail(`${at}.damage`, `must be a whole number of damage taken (0 up; its hit points are ${type.hp}), not ${JSON.stringify(damage)}`);
      const arrows = facts.arrows ?? type.arrows;
      if (!Number.isInteger(arrows) || (arrows as number) < 0 || (arrows as number) > type.arrows)
        fail(`${at}.arrows`, type.arrows === 0 ? `a ${type.name} has no arrows` : `must be the arrows left, 0 to ${type.arrows} (a ${type.name} has ${type.arrows}), not ${JSON.stringify(arrows)}`);
      if (facts.panicked !== undefined && typeof facts.panicked !== 'boolean') fail(`${at}.panicked`, `must be true or false, not ${JSON.stringify(facts.panicked)}`);
      byType[t].push({ q, at, damage: damage as number, shot: type.arrows - (arrows as number), panic: facts.panicked === true });
    });
    const army = byType.map((l) => l.length);
    const problem = armyProblems(roster, army, `${name}.pieces`)[0];
    if (problem) fail(problem.where, problem.problem);
    return { army, pieces: byType.flatMap((l) => l.sort((x, y) => x.q - y.q)) };
  });
  let starts: number | undefined;
  if (json.starts !== undefined) {
    starts = SEATS.indexOf(json.starts as string);
    if (starts < 0) fail('starts', 'must be "A" or "B" (leave it out for the rules\' starting player)');
  }
  let game: BeGame;
  try {
    game = makeBeGame({ ...roster, rules: readings }, sides.map((x) => x.army));
  } catch (e) {
    if (e instanceof HavocError) return fail(e.where.replace(/^builds\[(\d)\]/, (_, i: string) => `${SEATS[Number(i)]}.pieces`), e.problem);
    throw e;
  }
  const pieces = sides.flatMap((x) => x.pieces);
  const mid = pieces.some((p) => p.damage > 0 || p.shot > 0 || p.panic) || turn !== null;
  const midGame: MidGame | undefined = mid
    ? { turn, dmg: Uint8Array.from(pieces, (p) => p.damage), shot: Uint8Array.from(pieces, (p) => p.shot), panic: Uint8Array.from(pieces, (p) => (p.panic ? 1 : 0)) }
    : undefined;
  const placed = { ...game, placed: sides.map((x) => x.pieces.map((p) => p.q)), ...(starts === undefined ? {} : { starts }), ...(midGame ? { midGame } : {}) };
  // A piece must stand: its damage below its hit points plus the bonus it has where it stands.
  const st = newBeState(placed, 'check');
  deploy(st, placed.placed, null);
  pieces.forEach((p, i) => {
    if (hpLeft(st, i) <= 0) {
      const t = baseType(st, i);
      fail(`${p.at}.damage`, `${p.damage} damage kills a ${t.name} (${t.hp} hit points${bonus(st, i) ? ` and ${bonus(st, i)} bonus where it stands` : ''}); a piece on the board has taken less`);
    }
  });
  return placed;
}

/** A piece as a scenario places it. */
interface Placed {
  readonly q: number;
  /** Its path in the file, for messages. */
  readonly at: string;
  readonly damage: number;
  readonly shot: number;
  readonly panic: boolean;
}
