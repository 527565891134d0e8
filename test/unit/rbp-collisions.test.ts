/**
 * Every collision case of RULES.md section 3 (the Robo Battle Pigs list,
 * generalised), as scripted scenarios with the expected board.
 */
import { describe, expect, it } from 'vitest';
import { pigs, play } from '../helpers.js';

const rbp = (machines: unknown[], turns: Record<string, string>[]) => play({ ruleset: 'rbp', machines, turns });
const idle = 'TL TR TL TR TL';

describe('two pigs', () => {
  it('moving onto the same square: neither moves, both bonk', () => {
    const p = rbp(pigs(['d5', 'E'], ['f5', 'W']), [{ A: '^ TL TR TL TR', B: '^ TL TR TL TR' }]);
    expect(p.at(1, 1)).toEqual({ A: 'd5', B: 'f5' });
    expect(p.steps[0].bonks.map((b) => b.machine).sort()).toEqual(['A', 'B']);
  });

  it('moving onto a pig that turns: the mover stays, the other turns', () => {
    const p = rbp(pigs(['d5', 'E'], ['e5', 'N']), [{ A: '^ X X X X', B: 'TL X X X X' }]);
    expect(p.at(1, 1)).toEqual({ A: 'd5', B: 'e5' });
    expect(p.machine('B', 1, 1).facing).toBe('W');
    expect(p.steps[0].bonks).toEqual([{ machine: 'A', with: 'B', phase: 1 }]);
  });

  it('moving onto a pig that repairs or takes a damage move: the mover stays', () => {
    const p = rbp(pigs(['d5', 'E'], ['e5', 'N'], { hearts: [5, 4] }), [{ A: '^ ^ X X X', B: 'R R R R R' }]);
    expect(p.at(1, 2)).toEqual({ A: 'd5', B: 'e5' });
  });

  it('face-to-face pigs moving through each other: neither moves', () => {
    const p = rbp(pigs(['d5', 'E'], ['e5', 'W']), [{ A: '^ X X X X', B: '^ X X X X' }]);
    expect(p.at(1, 1)).toEqual({ A: 'd5', B: 'e5' });
  });

  it('back-to-back pigs backing through each other: neither moves', () => {
    const p = rbp(pigs(['d5', 'W'], ['e5', 'E']), [{ A: 'v X X X X', B: 'v X X X X' }]);
    expect(p.at(1, 1)).toEqual({ A: 'd5', B: 'e5' });
  });

  it('corner-to-corner pigs moving through each other diagonally: neither moves', () => {
    const p = rbp(pigs(['d5', 'N'], ['e6', 'S']), [{ A: '/ X X X X', B: '/ X X X X' }]);
    expect(p.at(1, 1)).toEqual({ A: 'd5', B: 'e6' });
  });

  it('side-to-side pigs crossing diagonally: both complete', () => {
    const p = rbp(pigs(['d5', 'N'], ['e5', 'N']), [{ A: '/ X X X X', B: '\\ X X X X' }]);
    expect(p.at(1, 1)).toEqual({ A: 'e6', B: 'd6' });
    expect(p.steps[0].bonks).toEqual([]);
  });

  it('moving onto the square the other leaves: both complete', () => {
    const p = rbp(pigs(['d5', 'E'], ['e5', 'E']), [{ A: '^ X X X X', B: '^ X X X X' }]);
    expect(p.at(1, 1)).toEqual({ A: 'e5', B: 'f5' });
  });

  it('following a pig that is itself blocked: both stay', () => {
    const p = rbp(pigs(['g5', 'E'], ['h5', 'E']), [{ A: '^ X X X X', B: '^ X X X X' }]);
    expect(p.at(1, 1)).toEqual({ A: 'g5', B: 'h5' });
    expect(p.steps[0].bonks).toEqual([
      { machine: 'A', with: 'B', phase: 1 },
      { machine: 'B', with: null, phase: 1 },
    ]);
  });

  it('a move off the board is blocked, in every direction', () => {
    const p = rbp(pigs(['a1', 'S'], ['h8', 'N']), [{ A: '^ \\ / TR ^', B: '^ / TR ^ /' }]);
    expect(p.at(1, 5)).toEqual({ A: 'a1', B: 'h8' });
    expect(p.machine('A').facing).toBe('W');
    expect(p.machine('B').facing).toBe('E');
  });

  it('forward-left and forward-right keep the facing; moves are relative to it', () => {
    const p = rbp(pigs(['d4', 'E'], ['a8', 'S']), [{ A: '\\ / v ^ ^', B: idle }]);
    // Facing east: forward-left is north-east, forward-right south-east, back is west.
    expect(p.steps.map((s) => s.machines[0].square)).toEqual(['e5', 'f4', 'e4', 'f4', 'g4']);
    expect(p.machine('A').facing).toBe('E');
  });
});

describe('more machines (Ninja Havoc Machines rules, Robo Battle Pig loadouts)', () => {
  const nhm = (machines: [string, string, string][], turns: Record<string, string>[], extra: Record<string, unknown> = {}) =>
    play({ ruleset: 'nhm', machines: machines.map(([name, square, facing]) => ({ name, square, facing, loadout: 'robo-pig' })), turns, ...extra });
  const prog = (first: string) => `${first} X X X X`;

  it('a cycle of three, each moving into the next one’s square, completes', () => {
    const p = nhm([['A', 'd4', 'N'], ['B', 'd5', 'E'], ['C', 'e5', 'S']], [{ A: prog('^'), B: prog('^'), C: prog('F/') }]);
    expect(p.at(1, 1)).toEqual({ A: 'd5', B: 'e5', C: 'd4' });
    expect(p.steps[0].bonks).toEqual([]);
  });

  it('a chain collapses from its blocked head', () => {
    const p = nhm(
      [['A', 'c5', 'E'], ['B', 'd5', 'E'], ['C', 'e5', 'E'], ['D', 'f5', 'N']],
      [{ A: prog('^'), B: prog('^'), C: prog('^'), D: prog('TL') }],
    );
    expect(p.at(1, 1)).toEqual({ A: 'c5', B: 'd5', C: 'e5', D: 'f5' });
    expect(p.steps[0].bonks.map((b) => `${b.machine}>${b.with}`)).toEqual(['A>B', 'B>C', 'C>D']);
  });

  it('a chain whose head moves on all complete', () => {
    const p = nhm([['A', 'c5', 'E'], ['B', 'd5', 'E'], ['C', 'e5', 'E']], [{ A: prog('^'), B: prog('^'), C: prog('^') }]);
    expect(p.at(1, 1)).toEqual({ A: 'd5', B: 'e5', C: 'f5' });
  });

  it('four machines onto one square: all blocked', () => {
    const p = nhm(
      [['A', 'd5', 'E'], ['B', 'f5', 'W'], ['C', 'e6', 'S'], ['D', 'e4', 'N']],
      [{ A: prog('^'), B: prog('^'), C: prog('^'), D: prog('^') }],
    );
    expect(p.at(1, 1)).toEqual({ A: 'd5', B: 'f5', C: 'e6', D: 'e4' });
    expect(p.steps[0].bonks).toHaveLength(4);
  });

  it('three onto one square while a fourth follows one of them: all four stay', () => {
    const p = nhm(
      [['A', 'd5', 'E'], ['B', 'f5', 'W'], ['C', 'e6', 'S'], ['D', 'c5', 'E']],
      [{ A: prog('^'), B: prog('^'), C: prog('^'), D: prog('^') }],
    );
    expect(p.at(1, 1)).toEqual({ A: 'd5', B: 'f5', C: 'e6', D: 'c5' });
  });

  it('a swap inside a crowd blocks only the swappers and those behind them', () => {
    const p = nhm(
      [['A', 'd5', 'E'], ['B', 'e5', 'W'], ['C', 'c5', 'E'], ['D', 'a1', 'N']],
      [{ A: prog('^'), B: prog('^'), C: prog('^'), D: prog('^') }],
    );
    expect(p.at(1, 1)).toEqual({ A: 'd5', B: 'e5', C: 'c5', D: 'a2' });
  });

  it('crossing diagonals with a third machine moving away: all complete', () => {
    const p = nhm(
      [['A', 'd5', 'N'], ['B', 'e5', 'N'], ['C', 'd6', 'N']],
      [{ A: prog('F/'), B: prog('F\\'), C: prog('^') }],
    );
    expect(p.at(1, 1)).toEqual({ A: 'e6', B: 'd6', C: 'd7' });
  });

  it('a move onto wreckage is blocked', () => {
    const p = play({
      ruleset: 'rbp',
      machines: [
        { name: 'A', square: 'd5', facing: 'E' },
        { name: 'B', square: 'a1', facing: 'N' },
        { name: 'W', square: 'e5', facing: 'N', hearts: 0 },
      ],
      turns: [{ A: '^ / X X X', B: '^ X X X X' }],
    });
    expect(p.at(1, 1)).toMatchObject({ A: 'd5', W: 'e5' });
    expect(p.steps[0].bonks).toEqual([{ machine: 'A', with: 'W', phase: 1 }]);
    expect(p.at(1, 2).A).toBe('e4');
  });
});
