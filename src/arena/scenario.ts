/**
 * Scripted scenarios: machines placed by hand and programs written out turn by
 * turn, played through the real engine. This is how the rules are tested and
 * how a rules question is settled (`havoc scenario FILE`).
 */
import { type Board, makeBoard, parseFacing, parseSquare } from '../core/grid.js';
import { HavocError } from '../core/errors.js';
import { loadCatalogue } from '../rules/nhm/catalogue.js';
import { CMD_X } from '../rules/nhm/commands.js';
import { Game, type MachineSetup } from '../rules/nhm/game.js';
import { checkLoadout, loadNamedLoadouts } from '../rules/nhm/loadout.js';
import type { Catalogue, Loadout } from '../rules/nhm/parts.js';
import { checkProgram, parseCommand, parseProgram, type Notation } from '../rules/nhm/programs.js';
import { RecordingTracer, type StepRecord } from '../rules/nhm/record.js';
import { END_REASONS, State } from '../rules/nhm/state.js';
import { defaultChooser } from '../rules/nhm/choices.js';
import { playTurn, type Chooser } from '../rules/nhm/step.js';
import { roboPig } from '../rules/rbp/index.js';
import { diceSeed } from '../core/rng.js';

export interface ScenarioResult {
  winner: string | null;
  reason: string;
  turns: number;
}

interface RawMachine {
  name: string;
  square: string;
  facing: string;
  hearts?: number;
  shields?: number;
  loadout?: unknown;
}

/** A scenario checked and ready to play. */
export interface Scenario {
  game: Game;
  notation: Notation;
  seed: string;
  /** Per turn, per machine name, the program text. */
  turns: Record<string, string>[];
  /** Per turn, per machine name, scripted run-time answers in order (command tokens). */
  choices: Record<string, string[]>[];
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Checks a scenario file's JSON; every error names its path in the file. */
export function loadScenario(json: unknown, file = 'scenario', catalogue?: Catalogue): Scenario {
  const fail = (path: string, problem: string): never => {
    throw new HavocError('ERR_SCENARIO', `${file}: ${path}`, problem);
  };
  if (!isObj(json)) return fail('(top)', 'a scenario is a JSON object');
  const ruleset = json.ruleset;
  if (ruleset !== 'rbp' && ruleset !== 'nhm') return fail('ruleset', 'must be "rbp" or "nhm"');
  const cat = catalogue ?? loadCatalogue(typeof json.parts === 'string' ? json.parts : undefined);
  let board: Board = makeBoard(8, 8);
  if (json.board !== undefined) {
    const b = json.board as { width?: unknown; height?: unknown };
    if (!isObj(b) || !Number.isInteger(b.width) || !Number.isInteger(b.height)) return fail('board', 'must be {"width": W, "height": H}');
    board = makeBoard(b.width as number, b.height as number);
  }
  if (!Array.isArray(json.machines) || json.machines.length < 1) return fail('machines', 'must be a non-empty array');
  let named: Map<string, Loadout> | null = null;
  const names = new Set<string>();
  const machines: MachineSetup[] = (json.machines as unknown[]).map((raw, i) => {
    const at = `machines[${i}]`;
    if (!isObj(raw)) return fail(at, 'must be an object');
    const m = raw as unknown as RawMachine;
    if (typeof m.name !== 'string' || !m.name) return fail(`${at}.name`, 'must be a non-empty string');
    if (names.has(m.name)) return fail(`${at}.name`, `"${m.name}" is used twice`);
    names.add(m.name);
    const square = typeof m.square === 'string' ? parseSquare(board, m.square) : -1;
    if (square < 0) return fail(`${at}.square`, `"${m.square}" is not a square of the board`);
    const facing = typeof m.facing === 'string' ? parseFacing(m.facing) : -1;
    if (facing < 0) return fail(`${at}.facing`, 'must be N, E, S or W');
    for (const k of ['hearts', 'shields'] as const)
      if (m[k] !== undefined && (!Number.isInteger(m[k]) || (m[k] as number) < 0 || (m[k] as number) > 9))
        fail(`${at}.${k}`, 'must be an integer from 0 to 9');
    let loadout: Loadout;
    if (ruleset === 'rbp') {
      if (m.loadout !== undefined) fail(`${at}.loadout`, 'Robo Battle Pigs machines are all pigs: no loadout');
      loadout = roboPig(cat);
    } else if (typeof m.loadout === 'string') {
      named ??= loadNamedLoadouts(cat);
      loadout = named.get(m.loadout) ?? fail(`${at}.loadout`, `no loadout named "${m.loadout}" in configs/loadouts.json`);
    } else {
      const r = checkLoadout(cat, m.loadout ?? {}, `${at}.loadout`, { experimental: true });
      if (!r.ok) return fail(`${at}.loadout`, r.errors.map((e) => e.message).join('; '));
      loadout = r.loadout;
    }
    return { name: m.name, square, facing, hearts: m.hearts, shields: m.shields, loadout };
  });
  const game = new Game({
    catalogue: cat,
    board,
    machines,
    turnLimit: Number.isInteger(json.turnLimit) ? (json.turnLimit as number) : 100,
    repairAllSlots: ruleset === 'rbp',
    rulesetId: ruleset,
  });
  if (!Array.isArray(json.turns)) return fail('turns', 'must be an array of {machine name: program}');
  const turns: Record<string, string>[] = [];
  const choices: Record<string, string[]>[] = [];
  (json.turns as unknown[]).forEach((t, i) => {
    if (!isObj(t)) return fail(`turns[${i}]`, 'must be an object of programs by machine name');
    const progs: Record<string, string> = {};
    const ch: Record<string, string[]> = {};
    for (const [k, v] of Object.entries(t)) {
      if (k === 'choices') {
        if (!isObj(v)) return fail(`turns[${i}].choices`, 'must map machine names to lists of commands');
        for (const [name, list] of Object.entries(v)) {
          if (!names.has(name)) return fail(`turns[${i}].choices.${name}`, 'no machine has this name');
          if (!Array.isArray(list) || list.some((x) => typeof x !== 'string')) return fail(`turns[${i}].choices.${name}`, 'must be a list of commands');
          ch[name] = list as string[];
        }
        continue;
      }
      if (!names.has(k)) return fail(`turns[${i}].${k}`, 'no machine has this name');
      if (typeof v !== 'string') return fail(`turns[${i}].${k}`, 'a program is a string of five commands');
      progs[k] = v;
    }
    turns.push(progs);
    choices.push(ch);
  });
  return { game, notation: ruleset, seed: typeof json.seed === 'string' || typeof json.seed === 'number' ? String(json.seed) : 'scenario', turns, choices };
}

/**
 * Plays a scenario, handing each step's record to `onStep` as soon as it is
 * computed. A bad program stops the play with a HavocError after the steps
 * before it were handed on. Ends early if the game ends.
 */
export function playScenario(sc: Scenario, onStep: (r: StepRecord, st: State) => void): ScenarioResult {
  const g = sc.game;
  const st = new State(g, diceSeed(sc.seed));
  const tracer = new RecordingTracer(() => st, sc.notation, (r) => onStep(r, st));
  const codes = new Array<number>(g.n * 5).fill(CMD_X);
  for (let t = 0; t < sc.turns.length && !st.isOver(); t++) {
    const progs = sc.turns[t];
    for (let m = 0; m < g.n; m++) {
      const text = progs[g.names[m]];
      if (!st.alive[m]) {
        codes.fill(CMD_X, m * 5, m * 5 + 5);
        continue;
      }
      if (text === undefined) throw new HavocError('ERR_SCENARIO', `turns[${t}]`, `no program for machine ${g.names[m]}`);
      let p: number[];
      try {
        p = parseProgram(g, m, text, sc.notation);
      } catch (e) {
        const err = e as HavocError;
        throw new HavocError(err.code, `turns[${t}], ${err.where}`, err.problem);
      }
      const err = checkProgram(st, m, p, sc.notation);
      if (err) throw new HavocError(err.code, `turns[${t}], ${err.where}`, err.problem);
      for (let k = 0; k < 5; k++) codes[m * 5 + k] = p[k];
    }
    playTurn(st, codes, scriptedChooser(sc, t), tracer);
  }
  const winner = st.winner >= 0 ? g.names[st.winner] : null;
  return { winner, reason: st.isOver() ? END_REASONS[st.end] : 'unfinished', turns: st.turn };
}

/** Run-time answers from the scenario's script, then the documented defaults. */
function scriptedChooser(sc: Scenario, t: number): Chooser {
  const queue = new Map(Object.entries(sc.choices[t] ?? {}).map(([k, v]) => [k, [...v]]));
  const next = (st: State, m: number): number | null => {
    const q = queue.get(st.game.names[m]);
    if (!q || q.length === 0) return null;
    const tok = q.shift()!;
    const c = parseCommand(st.game, m, tok, sc.notation);
    if (typeof c === 'string') throw new HavocError('ERR_SCENARIO', `turns[${t}].choices.${st.game.names[m]}`, c);
    return c;
  };
  return {
    autoTarget: (st, m) => next(st, m) ?? defaultChooser.autoTarget(st, m),
    dodge: (st, m, hot) => next(st, m) ?? defaultChooser.dodge(st, m, hot),
  };
}
