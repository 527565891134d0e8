/**
 * Battle Engine's roster loader. The roster (configs/battle-engine-roster.json)
 * is data: the rulebook's table as read by RULES.md section 9, the points
 * price of each pay grade, and the readings a table of players may set
 * (`rules`). A malformed file is refused with every problem found at once,
 * each with its JSON path (`pieces[3].give[1]`), as the NHM catalogue is.
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { HavocError, HavocProblems } from '../../core/errors.js';
import { canonicalJson, isObject, parseJsonText, readJsonFile } from '../../core/json.js';
import type { DataFile } from '../../core/game.js';
import { packageRoot } from '../../core/paths.js';

/** Pay grades, lowest first; a grade's index is its level (officers: N5 and up). */
export const GRADES = ['REC', 'N1', 'N2', 'N3', 'N4', 'N5', 'N6', 'N7', 'N8', 'N9', 'GEN'] as const;
export type Grade = (typeof GRADES)[number];
/** The lowest officer level (N5). */
export const OFFICER_LEVEL = 5;
/** Bonus categories (G1..G3, R1..R3). */
export const CATEGORIES = 3;

/** How many actions a turn holds: the pieces' MOVES/MOV&HIT/HIT&HIT, or one action. */
export const TURN_SHAPES = ['stats', 'one'] as const;
/** Who starts when both sides have as many pieces on every row: a coin, or a fixed seat. */
export const START_TIES = ['coin', 'A', 'B'] as const;
/** When a piece whose bonuses alone kept it alive dies: after a move (the rulebook's word), or after any action. */
export const BONUS_LOSSES = ['move', 'always'] as const;
/** Officers' temporary level-up: act as the next grade's row, or not at all. */
export const LEVEL_UPS = ['next-grade', 'off'] as const;
/** Whom a Hit reaches ("next to an opponent"): the four orthogonal neighbours, or all eight as the bonus table counts them. */
export const HIT_REACHES = ['orthogonal', 'all-round'] as const;

/** The readings a table sets (`rules` in the roster file). */
export interface Readings {
  readonly width: number;
  readonly rowsPerSide: number;
  readonly turnLimit: number;
  readonly turnShape: (typeof TURN_SHAPES)[number];
  readonly startTie: (typeof START_TIES)[number];
  readonly bonusLoss: (typeof BONUS_LOSSES)[number];
  readonly levelUp: (typeof LEVEL_UPS)[number];
  /** Absent: `orthogonal` (left out of the shipped roster, so its hash and every replay's header stay as they were). */
  readonly hitReach?: (typeof HIT_REACHES)[number];
}

/** One row of the table. */
export interface PieceType {
  readonly key: string;
  readonly name: string;
  readonly pay: Grade;
  /** The pay grade's level (REC 0 … N9 9, GEN 10). */
  readonly level: number;
  readonly officer: boolean;
  readonly moves: number;
  readonly hp: number;
  readonly movHit: number;
  readonly hitHit: number;
  readonly damage: number;
  readonly arrows: number;
  /** Directions given per category (0, 4 orthogonal or 8 all round). */
  readonly give: readonly number[];
  /** Receive counts per category (above 0: eligible; one point per category at most). */
  readonly receive: readonly number[];
  /** Its price in points (its grade's). */
  readonly price: number;
}

/** A loaded roster. */
export interface Roster {
  readonly pieces: readonly PieceType[];
  readonly byKey: ReadonlyMap<string, number>;
  readonly prices: Readonly<Record<Grade, number>>;
  readonly budget: number;
  readonly maxPieces: number;
  readonly rules: Readings;
  /** sha256 of the file's canonical JSON. */
  readonly hash: string;
}

const TOP = ['version', 'about', 'prices', 'rules', 'pieces'];
const PRICE_FIELDS = ['about', 'grades', 'budget', 'maxPieces'];
/** The readings a roster's `rules` (and a scenario's) may set. */
export const RULE_FIELDS: readonly string[] = ['width', 'rowsPerSide', 'turnLimit', 'turnShape', 'startTie', 'bonusLoss', 'levelUp', 'hitReach'];
const PIECE_FIELDS = ['key', 'name', 'pay', 'table', 'moves', 'hp', 'movHit', 'hitHit', 'damage', 'arrows', 'give', 'receive', 'reading'];
const show = (v: unknown): string => (v === undefined ? 'missing' : JSON.stringify(v));
const isInt = (v: unknown, min: number, max = Infinity): v is number => typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;

/** The roster a run that names none reads. */
export const defaultRosterPath = (): string => join(packageRoot(), 'configs', 'battle-engine-roster.json');

/**
 * Reads a roster from parsed JSON; `source` names the file. Throws a
 * HavocProblems (code `ERR_ROSTER`) listing every problem, each with its path.
 */
export function parseRoster(json: unknown, source: string): Roster {
  const problems: HavocError[] = [];
  const add = (where: string, problem: string): void => void problems.push(new HavocError('ERR_ROSTER', where, problem));
  const int = (o: Record<string, unknown>, field: string, where: string, min: number, max = Infinity): number => {
    const v = o[field];
    if (!isInt(v, min, max)) add(`${where}.${field}`.replace(/^\./, ''), `must be a whole number ${max === Infinity ? `>= ${min}` : `from ${min} to ${max}`}, not ${show(v)}`);
    return isInt(v, min, max) ? v : min;
  };
  const oneOf = <T extends string>(o: Record<string, unknown>, field: string, where: string, allowed: readonly T[]): T => {
    const v = o[field];
    if (!allowed.includes(v as T)) add(`${where}.${field}`, `must be one of ${allowed.map((a) => JSON.stringify(a)).join(', ')}, not ${show(v)}`);
    return allowed.includes(v as T) ? (v as T) : allowed[0];
  };
  const unknown = (o: Record<string, unknown>, where: string, known: readonly string[]): void => {
    for (const f of Object.keys(o)) if (!known.includes(f)) add(where ? `${where}.${f}` : f, `unknown field (expected ${known.join(', ')})`);
  };

  if (!isObject(json)) throw new HavocProblems('ERR_ROSTER', source, [new HavocError('ERR_ROSTER', '', 'a roster is a JSON object {"version": 1, "prices": {...}, "rules": {...}, "pieces": [...]}')]);
  unknown(json, '', TOP);
  if (json.version !== 1) add('version', `must be 1, not ${show(json.version)}`);

  // prices
  const prices = {} as Record<Grade, number>;
  let budget = 1, maxPieces = 1;
  if (!isObject(json.prices)) add('prices', `must be an object {"grades": {...}, "budget": N, "maxPieces": N}, not ${show(json.prices)}`);
  else {
    const p = json.prices;
    unknown(p, 'prices', PRICE_FIELDS);
    budget = int(p, 'budget', 'prices', 1);
    maxPieces = int(p, 'maxPieces', 'prices', 1);
    if (!isObject(p.grades)) add('prices.grades', `must be an object of a price per pay grade (${GRADES.join(', ')}), not ${show(p.grades)}`);
    else {
      const g = p.grades;
      for (const f of Object.keys(g)) if (!(GRADES as readonly string[]).includes(f)) add(`prices.grades.${f}`, `not a pay grade (grades: ${GRADES.join(', ')})`);
      for (const grade of GRADES) prices[grade] = int(g, grade, 'prices.grades', 1);
    }
  }

  // rules (the readings)
  let rules: Readings = { width: 8, rowsPerSide: 3, turnLimit: 200, turnShape: 'stats', startTie: 'coin', bonusLoss: 'move', levelUp: 'next-grade' };
  if (!isObject(json.rules)) add('rules', `must be an object of readings (${RULE_FIELDS.join(', ')}), not ${show(json.rules)}`);
  else {
    const r = json.rules;
    unknown(r, 'rules', RULE_FIELDS);
    rules = {
      width: int(r, 'width', 'rules', 6, 12),
      rowsPerSide: int(r, 'rowsPerSide', 'rules', 3, 4),
      turnLimit: int(r, 'turnLimit', 'rules', 1),
      turnShape: oneOf(r, 'turnShape', 'rules', TURN_SHAPES),
      startTie: oneOf(r, 'startTie', 'rules', START_TIES),
      bonusLoss: oneOf(r, 'bonusLoss', 'rules', BONUS_LOSSES),
      levelUp: oneOf(r, 'levelUp', 'rules', LEVEL_UPS),
      ...(r.hitReach !== undefined ? { hitReach: oneOf(r, 'hitReach', 'rules', HIT_REACHES) } : {}),
    };
  }

  // pieces
  const pieces: PieceType[] = [];
  const byKey = new Map<string, number>();
  if (!Array.isArray(json.pieces) || json.pieces.length === 0) add('pieces', `must be a non-empty array of pieces, not ${show(json.pieces)}`);
  else
    json.pieces.forEach((raw: unknown, i) => {
      const where = `pieces[${i}]`;
      if (!isObject(raw)) return add(where, `a piece is an object {"key", "name", "pay", "moves", ...}, not ${show(raw)}`);
      unknown(raw, where, PIECE_FIELDS);
      const key = typeof raw.key === 'string' && /^[a-z][a-z0-9-]*$/.test(raw.key) ? raw.key : null;
      if (key === null) add(`${where}.key`, `must be a lower-case word (letters, digits, -), not ${show(raw.key)}`);
      else if (byKey.has(key)) add(`${where}.key`, `"${key}" is already pieces[${byKey.get(key)}]'s key`);
      if (typeof raw.name !== 'string' || raw.name.trim() === '') add(`${where}.name`, `must be a name, not ${show(raw.name)}`);
      for (const f of ['table', 'reading']) if (raw[f] !== undefined && typeof raw[f] !== 'string') add(`${where}.${f}`, `must be text, not ${show(raw[f])}`);
      const pay = oneOf(raw, 'pay', where, GRADES);
      const counts = (field: 'give' | 'receive'): number[] => {
        const v = raw[field];
        if (!Array.isArray(v) || v.length !== CATEGORIES) {
          add(`${where}.${field}`, `must be ${CATEGORIES} counts (one per category), not ${show(v)}`);
          return [0, 0, 0];
        }
        return v.map((c: unknown, k) => {
          const ok = field === 'give' ? c === 0 || c === 4 || c === 8 : isInt(c, 0, 8);
          if (!ok) add(`${where}.${field}[${k}]`, field === 'give' ? `must be 0, 4 (orthogonal) or 8 (all round) directions, not ${show(c)}` : `must be a whole number from 0 to 8, not ${show(c)}`);
          return ok ? (c as number) : 0;
        });
      };
      const level = GRADES.indexOf(pay);
      const piece: PieceType = {
        key: key ?? `#${i}`,
        name: typeof raw.name === 'string' ? raw.name : `#${i}`,
        pay,
        level,
        officer: level >= OFFICER_LEVEL,
        moves: int(raw, 'moves', where, 1, 9),
        hp: int(raw, 'hp', where, 1, 99),
        movHit: int(raw, 'movHit', where, 0, 99),
        hitHit: int(raw, 'hitHit', where, 0, 99),
        damage: int(raw, 'damage', where, 0, 99),
        arrows: int(raw, 'arrows', where, 0, 99),
        give: counts('give'),
        receive: counts('receive'),
        price: prices[pay] ?? 1,
      };
      if (key !== null && !byKey.has(key)) byKey.set(key, i);
      pieces.push(piece);
    });
  if (pieces.length > 0 && !pieces.some((p) => p.officer)) add('pieces', 'no piece is an officer (pay N5 or above): no army could be legal');
  if (pieces.length > 64) add('pieces', `at most 64 piece types, not ${pieces.length}`);
  if (problems.length > 0) throw new HavocProblems('ERR_ROSTER', source, problems);
  const hash = createHash('sha256').update(canonicalJson(json)).digest('hex');
  return { pieces, byKey, prices, budget, maxPieces, rules, hash };
}

/** Reads a roster file's text (`path` names it in errors). */
export const parseRosterText = (text: string, path: string): Roster => parseRoster(parseJsonText(text, path, 'ERR_ROSTER'), path);

let standard: Roster | null = null;
/** The shipped roster (configs/battle-engine-roster.json), read once. */
export function defaultRoster(): Roster {
  return (standard ??= parseRoster(readJsonFile(defaultRosterPath(), 'ERR_ROSTER'), defaultRosterPath()));
}

/** The roster with some readings changed (tests, scenarios): a new roster object, the same pieces. */
export function withReadings(roster: Roster, rules: Partial<Readings>): Roster {
  const merged = { ...roster.rules, ...rules };
  return { ...roster, rules: merged, hash: createHash('sha256').update(roster.hash + canonicalJson(merged)).digest('hex') };
}

/**
 * The roster's prices for `havoc reprice` (DataFile.prices): a price per
 * pay grade. A piece's price is its grade's; each may take from 1 (a free
 * piece would fill every army) to the army budget (a piece of that grade
 * can still be bought).
 */
export const rosterPrices: NonNullable<DataFile['prices']> = {
  prices(data, scale) {
    const r = data as Roster;
    return new Map(GRADES.map((g) => [g, { cost: r.prices[g] * scale, range: [1, r.budget * scale] as const, category: 'pay grade' }]));
  },
  makeup(data, component) {
    const r = data as Roster, t = r.byKey.get(component);
    return t === undefined ? null : new Map([[r.pieces[t].pay, 1]]);
  },
  withCosts(text, costs, scale, path) {
    const json = parseJsonText(text, path, 'ERR_ROSTER') as { prices: { grades: Record<string, number>; budget: number } };
    for (const g of GRADES) json.prices.grades[g] = costs.get(g) ?? json.prices.grades[g] * scale;
    json.prices.budget *= scale;
    return JSON.stringify(json, null, 2) + '\n';
  },
};
