/**
 * Robo Battle Pigs combat as the rulebook draws and states it: the laser and
 * hit diagrams, damage, X moves, repair (including "hit twice while
 * repairing"), the end of the game, and program errors.
 */
import { describe, expect, it } from 'vitest';
import { HavocError } from '../../src/core/errors.js';
import { loadScenario, playScenario } from '../../src/match/scenario.js';
import { pigs, play } from '../helpers.js';

const rbp = (machines: unknown[], turns: Record<string, string>[], extra: Record<string, unknown> = {}) =>
  play({ ruleset: 'rbp', machines, turns, ...extra });
const hot = (p: ReturnType<typeof play>, turn: number, step: number, by: string) =>
  (p.steps.find((s) => s.turn === turn && s.step === step)!.hot.find((h) => h.by === by)?.squares ?? []).sort();

describe('the rulebook’s diagrams', () => {
  it('A (facing south) fires: every square in front of it scores; B (facing north) hits: the three squares ahead', () => {
    const p = rbp(pigs(['b6', 'S'], ['f2', 'N']), [{ A: 'F X X X X', B: 'H X X X X' }]);
    expect(hot(p, 1, 1, 'A')).toEqual(['b1', 'b2', 'b3', 'b4', 'b5']);
    expect(hot(p, 1, 1, 'B')).toEqual(['e3', 'f3', 'g3']);
    expect(p.steps[0].hits).toEqual([]);
  });

  it('the laser hits the first pig in front at any range and stops there', () => {
    const p = rbp(pigs(['d8', 'S'], ['d3', 'N']), [{ A: 'F X X X X', B: 'TL X X X X' }]);
    expect(hot(p, 1, 1, 'A')).toEqual(['d3', 'd4', 'd5', 'd6', 'd7']);
    expect(p.steps[0].hits).toEqual([{ machine: 'B', by: 'A', damage: 1, source: 'weapon' }]);
    expect(p.machine('B').hearts).toBe(4);
  });

  it('the fist hits a pig on any of the three forward squares, and no further', () => {
    const near = rbp(pigs(['d5', 'S'], ['e4', 'N']), [{ A: 'H X X X X', B: 'TL X X X X' }]);
    expect(near.machine('B').hearts).toBe(4);
    const far = rbp(pigs(['d5', 'S'], ['d3', 'N']), [{ A: 'H X X X X', B: 'TL X X X X' }]);
    expect(far.machine('B').hearts).toBe(5);
  });

  it('a pig that walks into the line of fire in that step is hit; one that walks out is not', () => {
    const into = rbp(pigs(['a8', 'S'], ['b4', 'W']), [{ A: 'F X X X X', B: '^ X X X X' }]);
    expect(into.at(1, 1).B).toBe('a4');
    expect(into.machine('B').hearts).toBe(4);
    const out = rbp(pigs(['a8', 'S'], ['a4', 'E']), [{ A: 'F X X X X', B: '^ X X X X' }]);
    expect(out.machine('B').hearts).toBe(5);
  });

  it('both pigs fire in the same step: both are hit', () => {
    const p = rbp(pigs(['d8', 'S'], ['d1', 'N']), [{ A: 'F X X X X', B: 'F X X X X' }]);
    expect(p.machine('A').hearts).toBe(4);
    expect(p.machine('B').hearts).toBe(4);
  });
});

describe('damage, X moves and repair', () => {
  it('a damaged pig must write an X for each point of damage, anywhere in its program', () => {
    const p = rbp(pigs(['d8', 'S'], ['d1', 'N'], { hearts: [5, 2] }), [{ A: 'TL TR TL TR TL', B: '^ X X H X' }]);
    expect(p.machine('B').square).toBe('d2');
    expect(() => rbp(pigs(['d8', 'S'], ['d1', 'N'], { hearts: [5, 2] }), [{ A: 'TL TR TL TR TL', B: '^ X X H ^' }])).toThrow(
      /machine B, slot 1: missing 3 heart\(s\): the program needs at least 3 X, it has 2/,
    );
  });

  it('damage taken this turn adds X commands from the next turn', () => {
    const good = rbp(pigs(['d8', 'S'], ['d1', 'N']), [
      { A: 'F X X X X', B: 'TL TR TL TR TL' },
      { A: 'TL TR TL TR TL', B: 'X TR TL TR TL' },
    ]);
    expect(good.machine('B').hearts).toBe(4);
    expect(() =>
      rbp(pigs(['d8', 'S'], ['d1', 'N']), [
        { A: 'F X X X X', B: 'TL TR TL TR TL' },
        { A: 'TL TR TL TR TL', B: 'TL TR TL TR TL' },
      ]),
    ).toThrow(/turns\[1\], machine B.*at least 1 X/);
  });

  it('R R R R R repairs one heart', () => {
    const p = rbp(pigs(['d8', 'E'], ['d1', 'E'], { hearts: [5, 3] }), [{ A: 'TL TR TL TR TL', B: 'R R R R R' }]);
    expect(p.machine('B', 1, 4).hearts).toBe(3);
    expect(p.machine('B', 1, 5).hearts).toBe(4);
    expect(p.steps[4].repairs).toEqual([{ machine: 'B', hearts: 1, shields: 0 }]);
  });

  it('hit once while repairing: the damage is absorbed and no heart comes back', () => {
    const p = rbp(pigs(['d8', 'S'], ['d1', 'N'], { hearts: [5, 3] }), [
      { A: 'F X X X X', B: 'R R R R R' },
      { A: 'X X X X X', B: 'X X X TL TR' },
    ]);
    expect(p.machine('B', 1, 1).hearts).toBe(3);
    expect(p.machine('B', 2, 1).hearts).toBe(3);
  });

  it('hit twice while repairing: subtract one for the repair and add two for the damage', () => {
    const p = rbp(pigs(['d8', 'S'], ['d1', 'N'], { hearts: [5, 3] }), [
      { A: 'F F X X X', B: 'R R R R R' },
      { A: 'X X X X X', B: 'X X X TL TR' },
    ]);
    expect(p.machine('B', 1, 2).hearts).toBe(2);
    expect(p.machine('B', 2, 1).hearts).toBe(2);
  });

  it('a repair turn is R R R R R whatever the damage; R mixed with anything else is rejected', () => {
    expect(() => rbp(pigs(['d8', 'S'], ['d1', 'N'], { hearts: [5, 3] }), [{ A: 'X X X X X', B: 'R R X X X' }])).toThrow(
      /machine B, slot 3: a repair turn is R R R R R/,
    );
    expect(() => rbp(pigs(['d8', 'S'], ['d1', 'N']), [{ A: 'X X X X X', B: 'R ^ R R R' }])).toThrow(/slot 2/);
  });

  it('a pig cannot repair past its original hearts', () => {
    const p = rbp(pigs(['d8', 'S'], ['d1', 'N']), [{ A: 'X X X X X', B: 'R R R R R' }]);
    expect(p.machine('B').hearts).toBe(5);
  });
});

describe('winning', () => {
  it('the game ends at once when a pig takes its fifth point of damage', () => {
    const p = rbp(pigs(['d8', 'S'], ['d1', 'N'], { hearts: [5, 1] }), [{ A: 'F ^ ^ ^ ^', B: 'X X X X ^' }]);
    expect(p.result).toEqual({ winner: 'A', reason: 'kill', turns: 1 });
    expect(p.steps).toHaveLength(1);
    expect(p.steps[0].deaths).toEqual(['B']);
    expect(p.machine('B')).toMatchObject({ alive: false, hearts: 0, square: 'd1' });
  });

  it('two pigs destroying each other in the same step is a draw', () => {
    const p = rbp(pigs(['d8', 'S'], ['d1', 'N'], { hearts: [1, 1] }), [{ A: 'F X X X X', B: 'F X X X X' }]);
    expect(p.result).toEqual({ winner: null, reason: 'mutual-destruction', turns: 1 });
  });

  it('a game that reaches the turn limit is a draw', () => {
    const p = rbp(pigs(['d8', 'S'], ['d1', 'N']), [{ A: 'TL TR TL TR TL', B: 'TL TR TL TR TL' }, { A: 'TL TR TL TR TL', B: 'TL TR TL TR TL' }], { turnLimit: 2 });
    expect(p.result).toEqual({ winner: null, reason: 'turn-limit', turns: 2 });
  });
});

describe('program errors name the machine, the slot and the rule', () => {
  const bad = (B: string, hearts: [number, number] = [5, 5]) => () => rbp(pigs(['d8', 'S'], ['d1', 'N'], { hearts }), [{ A: 'X X X X X', B }]);

  it('an unknown token', () => {
    expect(bad('F ^ Q v H')).toThrow(HavocError);
    expect(bad('F ^ Q v H')).toThrow('machine B, slot 3: unknown command "Q"');
  });

  it('too few or too many commands', () => {
    expect(bad('F ^ TR v')).toThrow('machine B: a program has exactly 5 commands, got 4');
    expect(bad('F ^ TR v H H')).toThrow(/got 6/);
  });

  it('too few X for the damage', () => {
    expect(bad('X ^ ^ ^ ^', [5, 3])).toThrow('machine B, slot 2: missing 2 heart(s): the program needs at least 2 X, it has 1');
  });

  it('a command the loadout lacks (Ninja Havoc Machines notation)', () => {
    const p = () =>
      play({
        ruleset: 'nhm',
        machines: [
          { name: 'A', square: 'd8', facing: 'S', loadout: 'robo-pig' },
          { name: 'B', square: 'd1', facing: 'N', loadout: 'robo-pig' },
        ],
        turns: [{ A: 'X X X X X', B: '^ < X X X' }],
      });
    expect(p).toThrow('machine B, slot 2: "<" is not a command its loadout has');
  });

  it('steps played before a bad program stay played', () => {
    const steps: unknown[] = [];
    const sc = loadScenario({ ruleset: 'rbp', machines: pigs(['d8', 'S'], ['d1', 'N']), turns: [{ A: '^ X X X X', B: 'X X X X X' }, { A: 'nope X X X X', B: 'X X X X X' }] });
    expect(() => playScenario(sc, (r) => steps.push(r))).toThrow('turns[1], machine A, slot 1: unknown command "nope"');
    expect(steps).toHaveLength(5);
  });
});
