/**
 * Scripted scenarios, for every ruleset: a game set up by hand and actions
 * written out turn by turn, played through the real engine. This is how the
 * rules are tested and how a rules question is settled (`havoc scenario FILE`).
 *
 * The file names its ruleset (an id, or a module's path), which reads the
 * game part (board, seats placed by hand: `GameModule.scenario`; a ruleset
 * without one takes `builds` and `turnLimit`); the script is read here: `turns`, one
 * object per decision node mapping seat names to actions in the ruleset's
 * notation, with optional `choices` (seat name → answers to the questions the
 * rules ask that seat during the turn, in order; the rulebook's default once
 * they run out), and a `seed` for the rules' dice.
 */
import { HavocError } from '../core/errors.js';
import { type AnyGameModule, firstPlace, nextDeciders, type Outcome, type Question, winnerOf } from '../core/game.js';
import { winningSideName } from '../core/sides.js';
import { readFileSync } from 'node:fs';
import { isRulesetPath, loadedRulesetId, loadRuleset, rulesetById, rulesetIds } from '../rules/registry.js';
import { isObject } from '../core/json.js';

export interface ScenarioResult {
  /** The one seat alone in first place, or null (a draw, or a first place shared: a team's win). */
  winner: string | null;
  /** A ruleset played by sides (Hovercrafts): the winning side's name, or null for a draw or an unfinished game. */
  winner_side?: string | null;
  /** A ruleset played by sides: the seats in first place (the winning side's), none for a draw. */
  winners?: string[];
  reason: string;
  turns: number;
  /** What the script left over (scripted dice not used); absent when none. */
  warnings?: string[];
}

/** A scenario checked and ready to play. */
export interface Scenario {
  module: AnyGameModule;
  game: unknown;
  seed: string;
  /** Per turn, per seat name, the action's text. */
  turns: Record<string, string>[];
  /** Per turn, per seat name, scripted answers to the rules' questions, in order. */
  choices: Record<string, string[]>[];
  /** The file, for messages. */
  file: string;
  /** The ruleset module's path when the file names its ruleset by path (readScenarioFile). */
  rulesetPath?: string;
  /** When the scripted dice run out: `refuse` (the default: an error naming the check), or `seeded` (the seeded dice take over, each such check's trace saying so). */
  diceRunOut: 'refuse' | 'seeded';
}


/** Reads and checks a scenario file (`havoc scenario`, `havoc match --scenario`), loading a ruleset it names by path. */
export async function readScenarioFile(file: string): Promise<Scenario> {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new HavocError('ERR_SCENARIO', file, (e as Error).message);
  }
  const named = (json as { ruleset?: unknown } | null)?.ruleset;
  const byPath = typeof named === 'string' && isRulesetPath(named);
  if (byPath) await loadRuleset(named);
  const sc = loadScenario(json, file);
  return byPath ? { ...sc, rulesetPath: named } : sc;
}

/** A scenario file's own fields, whatever the ruleset. */
const ARENA_FIELDS: readonly string[] = ['ruleset', 'description', 'seed', 'turns', 'diceRunOut'];

/** Checks a scenario file's JSON; every error names its path in the file. A ruleset named by path must be loaded first (`loadRuleset`; `havoc scenario` does). */
export function loadScenario(json: unknown, file = 'scenario'): Scenario {
  const fail = (path: string, problem: string): never => {
    throw new HavocError('ERR_SCENARIO', `${file}: ${path}`, problem);
  };
  if (!isObject(json)) return fail('(top)', 'a scenario is a JSON object');
  const ids = rulesetIds();
  const id = typeof json.ruleset === 'string' ? (isRulesetPath(json.ruleset) ? loadedRulesetId(json.ruleset) : json.ruleset) : null;
  if (id === null || !ids.includes(id)) return fail('ruleset', `must be ${ids.map((i) => `"${i}"`).join(' or ')}, or a ruleset module's path`);
  const mod = rulesetById(id);
  // The arena's fields, and the ruleset's (a ruleset without a scenario reader takes builds and turnLimit).
  const own = mod.scenario ? mod.scenarioFields : ['builds', 'turnLimit'];
  if (own) {
    const known = [...ARENA_FIELDS, ...own];
    for (const k of Object.keys(json)) if (!known.includes(k)) return fail(k, `unknown field (expected ${known.join(', ')})`);
  }
  if (json.seed !== undefined && !((typeof json.seed === 'string' && json.seed !== '') || Number.isInteger(json.seed))) return fail('seed', 'must be a non-empty string or an integer');
  if (json.diceRunOut !== undefined) {
    if (json.diceRunOut !== 'refuse' && json.diceRunOut !== 'seeded') return fail('diceRunOut', 'must be "refuse" (the default: running out of scripted dice is an error) or "seeded" (the seeded dice take over)');
    if (!mod.scriptedDice) return fail('diceRunOut', `${mod.title} has no scripted dice`);
  }
  const game = mod.scenario ? mod.scenario(json, file) : gameOfBuilds(mod, json, fail);
  const names = new Set(Array.from({ length: mod.seatCount(game) }, (_, s) => mod.seatName(game, s)));
  if (!Array.isArray(json.turns)) return fail('turns', 'must be an array of {seat name: action}');
  const turns: Record<string, string>[] = [];
  const choices: Record<string, string[]>[] = [];
  (json.turns as unknown[]).forEach((t, i) => {
    if (!isObject(t)) return fail(`turns[${i}]`, 'must be an object of actions by seat name');
    const acts: Record<string, string> = {};
    const ch: Record<string, string[]> = {};
    for (const [k, v] of Object.entries(t)) {
      if (k === 'choices') {
        if (!isObject(v)) return fail(`turns[${i}].choices`, 'must map seat names to lists of answers');
        for (const [name, list] of Object.entries(v)) {
          if (!names.has(name)) return fail(`turns[${i}].choices.${name}`, 'no seat has this name');
          if (!Array.isArray(list) || list.some((x) => typeof x !== 'string')) return fail(`turns[${i}].choices.${name}`, 'must be a list of answers');
          ch[name] = list as string[];
        }
        continue;
      }
      if (!names.has(k)) return fail(`turns[${i}].${k}`, 'no seat has this name');
      if (typeof v !== 'string') return fail(`turns[${i}].${k}`, 'an action is a string in the ruleset\'s notation');
      acts[k] = v;
    }
    turns.push(acts);
    choices.push(ch);
  });
  const seed = typeof json.seed === 'string' || typeof json.seed === 'number' ? String(json.seed) : 'scenario';
  return { module: mod, game, seed, turns, choices, file, diceRunOut: json.diceRunOut === 'seeded' ? 'seeded' : 'refuse' };
}

/** The game of a ruleset that reads no scenario fields of its own: `builds` (one per seat; default its fixed build for its fewest seats) and `turnLimit`. */
function gameOfBuilds(mod: AnyGameModule, json: Record<string, unknown>, fail: (path: string, problem: string) => never): unknown {
  const fixed = mod.builds.fixed;
  let builds: unknown[];
  if (json.builds === undefined) builds = fixed ? new Array(mod.seats.min).fill(fixed.build) : fail('builds', `${mod.title} needs a build per seat`);
  else if (!Array.isArray(json.builds) || json.builds.length < mod.seats.min || json.builds.length > mod.seats.max)
    return fail('builds', `must be a list of ${mod.seats.min === mod.seats.max ? mod.seats.min : `${mod.seats.min} to ${mod.seats.max}`} builds`);
  else
    builds = json.builds.map((b, i) => {
      if (fixed && b === fixed.name) return fixed.build;
      const r = mod.builds.check(b, `builds[${i}]`);
      return r.ok ? r.value : fail(`builds[${i}]`, r.error.problem);
    });
  if (json.turnLimit !== undefined && !(Number.isInteger(json.turnLimit) && (json.turnLimit as number) > 0)) return fail('turnLimit', 'must be a positive integer');
  try {
    return mod.makeGame({ builds, turnLimit: json.turnLimit as number | undefined });
  } catch (e) {
    return fail('builds', e instanceof HavocError ? e.problem : String(e));
  }
}

/**
 * Plays a scenario, handing each record (NHM: each step) to `onRecord` as soon
 * as it is made. A bad action stops the play with a HavocError after the
 * records before it were handed on. Ends early if the game ends.
 */
export function playScenario<R = object, S = unknown>(sc: Scenario, onRecord: (r: R, st: S) => void, onStart?: (st: S) => void): ScenarioResult {
  const mod = sc.module, g = sc.game;
  const st = mod.newState(g, sc.seed);
  onStart?.(st as S);
  const n = mod.seatCount(g);
  const actions: unknown[] = new Array(n).fill(null);
  let t = 0;
  // A roll past the scripted dice stops the play before the record holding it (the records before were handed on), unless the file lets the seeded dice take over.
  const dice = (): void => {
    const d = mod.scriptedDice?.(st);
    if (d?.overrun && sc.diceRunOut === 'refuse')
      throw new HavocError(
        'ERR_SCENARIO',
        `${sc.file}: dice`,
        `ran out: all ${d.given} scripted dice were used, and ${d.overrun} needed one more; add dice, or set "diceRunOut": "seeded" to let the seeded dice take over`,
      );
  };
  const recorder = mod.recorder(() => st, (r) => {
    dice();
    onRecord(r as R, st as S);
  });
  for (;;) {
    if (t >= sc.turns.length) break;
    const seats = nextDeciders(mod, st);
    dice();
    if (!seats) break;
    const script = sc.turns[t];
    actions.fill(null);
    for (const m of seats) {
      const name = mod.seatName(g, m), kind = mod.decision(st, m);
      const text = script[name];
      if (text === undefined) throw new HavocError('ERR_SCENARIO', `turns[${t}]`, missing(name, kind, Object.keys(script).filter((k) => !seats.some((s) => mod.seatName(g, s) === k))));
      const p = mod.parse(st, m, kind, text);
      if (!p.ok) throw new HavocError(p.error.code, `turns[${t}], ${p.error.where}`, p.error.problem);
      const err = mod.check(st, m, kind, p.value);
      if (err) throw new HavocError(err.code, `turns[${t}], ${err.where}`, err.problem);
      actions[m] = p.value;
    }
    mod.apply(st, actions, scripted(sc, t, st), recorder);
    dice();
    t++;
  }
  const result = scenarioResult(mod, g, mod.result(st), mod.turns(st));
  const d = mod.scriptedDice?.(st);
  if (d && d.used < d.given)
    result.warnings = [`${sc.file}: dice: ${d.given - d.used} of the ${d.given} scripted dice ${d.given - d.used === 1 ? 'was' : 'were'} not used (dice[${d.used}] on)`];
  return result;
}

/** A result as traces write it: the lone winner, and for a ruleset played by sides the winning side and its seats. */
export function scenarioResult(mod: AnyGameModule, g: unknown, out: Outcome | null, turns: number): ScenarioResult {
  const w = out ? winnerOf(out) : null;
  const winner = w === null ? null : mod.seatName(g, w);
  const reason = out ? out.reason : 'unfinished';
  if (!mod.sides) return { winner, reason, turns };
  const side = winningSideName(mod, g, out);
  const winners = side === null ? [] : firstPlace(out!).map((s) => mod.seatName(g, s));
  return { winner, winner_side: side, winners, reason, turns };
}

/** A decision the script leaves out, in words: seats the script names instead do not decide now (a turn of theirs is over). */
function missing(name: string, kind: string, others: readonly string[]): string {
  if (others.length === 0) return `no ${kind} for seat ${name}`;
  const who = others.join(' and ');
  return `${who}${others.length === 1 ? "'s turn is" : "'s turns are"} over (${others.length === 1 ? 'it' : 'they'} already ended): it is ${name}'s ${kind} now, and this turn of the script gives none for ${name}`;
}

/** Answers from the scenario's script for turn t, then the rulebook's defaults (null). */
function scripted(sc: Scenario, t: number, st: unknown): (q: Question) => unknown {
  const mod = sc.module;
  const queue = new Map(Object.entries(sc.choices[t] ?? {}).map(([k, v]) => [k, [...v]]));
  return (q) => {
    const name = mod.seatName(sc.game, q.seat);
    const next = queue.get(name);
    if (!next || next.length === 0) return null;
    const p = mod.parse(st, q.seat, q.kind, next.shift()!);
    if (!p.ok) throw new HavocError('ERR_SCENARIO', `turns[${t}].choices.${name}`, p.error.message);
    return p.value;
  };
}
