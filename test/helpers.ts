/** Test helpers: play a scenario object and read the board after any step. */
import { loadScenario, playScenario } from '../src/match/scenario.js';
import type { StepRecord } from '../src/rules/nhm/record.js';
import type { Game } from '../src/rules/nhm/game.js';
import { rulesetById } from '../src/rules/registry.js';

/** A game of the NHM engine with its ruleset's module, as playMatch takes them. */
export const engine = (game: Game) => ({ module: rulesetById(game.rulesetId), game });

export interface Played {
  steps: StepRecord[];
  result: { winner: string | null; reason: string; turns: number };
  /** Where each machine stands after (turn, step): name → square. */
  at(turn: number, step: number): Record<string, string | null>;
  /** A machine's view after (turn, step). */
  machine(name: string, turn?: number, step?: number): StepRecord['machines'][number];
  last(): StepRecord;
}

/** Plays a scenario given as a plain object (the JSON of a scenario file). */
export function play(json: unknown): Played {
  const steps: StepRecord[] = [];
  const result = playScenario(loadScenario(json, 'test'), (r) => steps.push(structuredClone(r)));
  const find = (turn: number, step: number): StepRecord => {
    const r = steps.find((s) => s.turn === turn && s.step === step);
    if (!r) throw new Error(`no step ${turn}.${step} (played ${steps.length} steps)`);
    return r;
  };
  return {
    steps,
    result,
    at: (turn, step) => Object.fromEntries(find(turn, step).machines.map((m) => [m.name, m.square])),
    machine: (name, turn, step) => {
      const r = turn === undefined ? steps[steps.length - 1] : find(turn, step ?? 5);
      return r.machines.find((m) => m.name === name)!;
    },
    last: () => steps[steps.length - 1],
  };
}

/** Two Robo Battle Pigs placed by hand. */
export function pigs(a: [string, string], b: [string, string], extra: { hearts?: [number, number] } = {}) {
  return [
    { name: 'A', square: a[0], facing: a[1], ...(extra.hearts ? { hearts: extra.hearts[0] } : {}) },
    { name: 'B', square: b[0], facing: b[1], ...(extra.hearts ? { hearts: extra.hearts[1] } : {}) },
  ];
}

/** A loadout design as scenarios write it. */
export type Spec = { weapons?: string[]; armour?: string[]; engines?: string[]; cpu?: string | null; options?: string[] };

/** A Ninja Havoc Machines scenario machine: name, square, facing, design (empty parts by default), hearts or shields. */
export const M = (name: string, square: string, facing: string, loadout: Spec = {}, extra: Record<string, number> = {}) => ({
  name, square, facing, loadout: { weapons: [], armour: [], engines: [], cpu: null, options: [], ...loadout }, ...extra,
});

/** Plays a Ninja Havoc Machines scenario. */
export const nhm = (machines: unknown[], turns: Record<string, unknown>[], extra: Record<string, unknown> = {}) =>
  play({ ruleset: 'nhm', machines, turns, ...extra });

/** A program that only turns. */
export const idle = 'TL TR TL TR TL';

/** `cmd` then four X. */
export const first = (cmd: string) => `${cmd} X X X X`;

/** Hearts of every machine after (turn, step), by name. */
export const hearts = (p: Played, turn = 1, step = 1): Record<string, number> =>
  Object.fromEntries(p.steps.find((s) => s.turn === turn && s.step === step)!.machines.map((m) => [m.name, m.hearts]));
