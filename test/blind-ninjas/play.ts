/** Test helpers for What Blind Ninjas?: play a scenario object and read the room after any turn. */
import { loadScenario, playScenario } from '../../src/match/scenario.js';
import type { TurnRecord } from '../../src/rules/blind-ninjas/record.js';
import { rulesetById } from '../../src/rules/registry.js';
import type { BnState } from '../../src/rules/blind-ninjas/state.js';

export const bn = () => rulesetById('blind-ninjas');

export interface PlayedBn {
  turns: TurnRecord[];
  result: { winner: string | null; reason: string; turns: number };
  /** Where the ninjas stand after the i-th turn (0-based; -1: before any): name → square, slain ninjas left out. */
  room(i?: number): Record<string, string>;
  state: BnState;
}

const NAMES = ['A', 'B', 'C', 'D'];

export function playBn(json: Record<string, unknown>): PlayedBn {
  const turns: TurnRecord[] = [];
  let state: BnState | null = null;
  const sc = loadScenario({ ruleset: 'blind-ninjas', ...json }, 'test');
  const result = playScenario<TurnRecord, BnState>(sc, (r, st) => {
    turns.push(structuredClone(r));
    state = st;
  });
  const room = (i = turns.length - 1): Record<string, string> => {
    const out: Record<string, string> = {};
    turns[i].ninjas.forEach((x, j) => {
      if (x) out[`${NAMES[Math.floor(j / 4)]}${(j % 4) + 1}`] = x[0];
    });
    return out;
  };
  return { turns, result, room, state: state! };
}
