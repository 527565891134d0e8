/**
 * A scenario per part of the Ninja Havoc Machines catalogue: scripted
 * programs, then the expected hot squares and board.
 */
import { describe, expect, it } from 'vitest';
import { M, first, hearts, idle, nhm, play } from '../helpers.js';

const hotOf = (p: ReturnType<typeof play>, by: string, turn = 1, step = 1) =>
  (p.steps.find((s) => s.turn === turn && s.step === step)!.hot.find((h) => h.by === by)?.squares ?? []).slice().sort();

describe('weapons', () => {
  it('Rapier (blade, pick one): two squares to the chosen side, through both machines', () => {
    const p = nhm([M('A', 'd4', 'N', { weapons: ['rapier'] }), M('B', 'c4', 'N'), M('C', 'b4', 'N')], [{ A: first('rapier:left'), B: idle, C: idle }]);
    expect(hotOf(p, 'A')).toEqual(['b4', 'c4']);
    expect(hearts(p)).toEqual({ A: 5, B: 4, C: 4 });
  });

  it('Ray-Gun (beam): three squares along the chosen diagonal, stopping at the first hit', () => {
    const p = nhm([M('A', 'd4', 'N', { weapons: ['ray-gun'] }), M('B', 'c5', 'N'), M('C', 'b6', 'N')], [{ A: first('ray-gun:fl'), B: idle, C: idle }]);
    expect(hotOf(p, 'A')).toEqual(['c5']);
    expect(hearts(p)).toEqual({ A: 5, B: 4, C: 5 });
    const open = nhm([M('A', 'd4', 'N', { weapons: ['ray-gun'] }), M('B', 'h1', 'N')], [{ A: first('ray-gun:fr'), B: idle }]);
    expect(hotOf(open, 'A')).toEqual(['e5', 'f6', 'g7']);
  });

  it('Shield-Arm: a shot stops at the shield spot, but a hammer-fist from the square in front lands (FAQ)', () => {
    const shot = nhm([M('A', 'd1', 'N', { weapons: ['shield-arm'] }), M('B', 'd8', 'S', { weapons: ['bazooka'] })], [{ A: first('shield-arm'), B: first('bazooka') }]);
    expect(hotOf(shot, 'B')).toEqual(['d3', 'd4', 'd5', 'd6', 'd7']);
    expect(hearts(shot).A).toBe(5);
    const fist = nhm([M('A', 'd1', 'N', { weapons: ['shield-arm'] }), M('C', 'd2', 'S', { weapons: ['hammer-fist'] })], [{ A: first('shield-arm'), C: first('hammer-fist') }]);
    expect(hearts(fist).A).toBe(4);
    const noShield = nhm([M('A', 'd1', 'N', { weapons: ['shield-arm'] }), M('B', 'd8', 'S', { weapons: ['bazooka'] })], [{ A: idle, B: first('bazooka') }]);
    expect(hearts(noShield).A).toBe(4);
  });

  it('Shield-Arm stops even a penetrating lazor, and everything beyond its spot', () => {
    const p = nhm(
      [M('A', 'd4', 'S', { weapons: ['shield-arm'] }), M('B', 'd8', 'S', { weapons: ['lazor'] }), M('C', 'd2', 'N')],
      [{ A: first('shield-arm'), B: first('lazor'), C: idle }],
    );
    expect(hotOf(p, 'B')).toEqual(['d4', 'd5', 'd6', 'd7']);
    expect(hearts(p)).toEqual({ A: 4, B: 5, C: 5 });
  });

  it('Buzz-Saw: all eight squares around', () => {
    const p = nhm([M('A', 'd4', 'N', { weapons: ['buzz-saw'] }), M('B', 'c3', 'N'), M('C', 'e5', 'N')], [{ A: first('buzz-saw'), B: idle, C: idle }]);
    expect(hotOf(p, 'A')).toEqual(['c3', 'c4', 'c5', 'd3', 'd5', 'e3', 'e4', 'e5']);
    expect(hearts(p)).toEqual({ A: 5, B: 4, C: 4 });
  });

  it('Drill: the front square, 2 damage', () => {
    const p = nhm([M('A', 'd4', 'E', { weapons: ['drill'] }), M('B', 'e4', 'N')], [{ A: first('drill'), B: idle }]);
    expect(hotOf(p, 'A')).toEqual(['e4']);
    expect(hearts(p).B).toBe(3);
  });

  it('Battle-Ax (pick a side): the side square and its front and back diagonals', () => {
    const p = nhm([M('A', 'd4', 'N', { weapons: ['battle-ax'] }), M('B', 'h8', 'N')], [{ A: first('battle-ax:left'), B: idle }]);
    expect(hotOf(p, 'A')).toEqual(['c3', 'c4', 'c5']);
    const east = nhm([M('A', 'd4', 'E', { weapons: ['battle-ax'] }), M('B', 'h8', 'N')], [{ A: first('battle-ax:right'), B: idle }]);
    expect(hotOf(east, 'A')).toEqual(['c3', 'd3', 'e3']);
  });

  it('Mortar (lobbed): the named square 2, 3 or 4 ahead, over anything in between', () => {
    const p = nhm([M('A', 'd4', 'N', { weapons: ['mortar'] }), M('B', 'd5', 'N'), M('C', 'd7', 'N')], [{ A: first('mortar:3'), B: idle, C: idle }]);
    expect(hotOf(p, 'A')).toEqual(['d7']);
    expect(hearts(p)).toEqual({ A: 5, B: 5, C: 4 });
  });

  it('Mortar is not stopped by a shield spot', () => {
    const p = nhm([M('A', 'd4', 'N', { weapons: ['mortar'] }), M('B', 'd7', 'S', { weapons: ['shield-arm'] })], [{ A: first('mortar:2'), B: first('shield-arm') }]);
    expect(hearts(p).B).toBe(5);
    const hit = nhm([M('A', 'd4', 'N', { weapons: ['mortar'] }), M('B', 'd7', 'S', { weapons: ['shield-arm'] })], [{ A: first('mortar:3'), B: first('shield-arm') }]);
    expect(hearts(hit).B).toBe(4);
  });

  it('Jump-Blade: with an enemy in front, leap two ahead and cut the leapt-over square', () => {
    const p = nhm([M('A', 'd4', 'N', { weapons: ['jump-blade'] }), M('B', 'd5', 'N')], [{ A: first('jump-blade'), B: idle }]);
    expect(p.at(1, 1)).toEqual({ A: 'd6', B: 'd5' });
    expect(hearts(p).B).toBe(4);
  });

  it('Jump-Blade with no opportunity does nothing (FAQ)', () => {
    const p = nhm([M('A', 'd4', 'N', { weapons: ['jump-blade'] }), M('B', 'd6', 'N')], [{ A: first('jump-blade'), B: idle }]);
    expect(p.at(1, 1)).toEqual({ A: 'd4', B: 'd6' });
    expect(p.steps[0].hot).toEqual([]);
    expect(hearts(p)).toEqual({ A: 5, B: 5 });
  });

  it('a blocked Jump-Blade leap still cuts the square in front', () => {
    const p = nhm([M('A', 'd4', 'N', { weapons: ['jump-blade'] }), M('B', 'd5', 'N'), M('C', 'd6', 'N')], [{ A: first('jump-blade'), B: idle, C: idle }]);
    expect(p.at(1, 1)).toEqual({ A: 'd4', B: 'd5', C: 'd6' });
    expect(hearts(p)).toEqual({ A: 5, B: 4, C: 5 });
  });

  it('Minigun: 2 damage to the first machine in line, which is pushed one square away', () => {
    const p = nhm([M('A', 'd1', 'N', { weapons: ['minigun'] }), M('B', 'd4', 'E'), M('C', 'd6', 'N')], [{ A: first('minigun'), B: idle, C: idle }]);
    expect(hearts(p)).toEqual({ A: 5, B: 3, C: 5 });
    expect(p.at(1, 1)).toEqual({ A: 'd1', B: 'd5', C: 'd6' });
    expect(p.steps[0].moves).toContainEqual({ machine: 'B', from: 'd4', to: 'd5', phase: 6 });
  });

  it('a push into another machine or off the board is a bonk: the machine stays', () => {
    const p = nhm([M('A', 'd1', 'N', { weapons: ['minigun'] }), M('B', 'd4', 'E'), M('C', 'd5', 'N')], [{ A: first('minigun'), B: idle, C: idle }]);
    expect(p.at(1, 1).B).toBe('d4');
    const edge = nhm([M('A', 'd1', 'N', { weapons: ['minigun'] }), M('B', 'd8', 'E')], [{ A: first('minigun'), B: idle }]);
    expect(edge.at(1, 1).B).toBe('d8');
  });

  it('Flame-Thrower (penetrate): the 3x2 block ahead', () => {
    const p = nhm([M('A', 'd4', 'N', { weapons: ['flame-thrower'] }), M('B', 'd5', 'N'), M('C', 'd6', 'N')], [{ A: first('flame-thrower'), B: idle, C: idle }]);
    expect(hotOf(p, 'A')).toEqual(['c5', 'c6', 'd5', 'd6', 'e5', 'e6']);
    expect(hearts(p)).toEqual({ A: 5, B: 4, C: 4 });
  });

  it('Crush Fists: 2 on the front row, 1 on the sides, and a machine hit front-left is pulled to the front', () => {
    const p = nhm([M('A', 'd4', 'N', { weapons: ['crush-fists'] }), M('B', 'c5', 'N'), M('C', 'e4', 'N')], [{ A: first('crush-fists'), B: idle, C: idle }]);
    expect(hotOf(p, 'A')).toEqual(['c4', 'c5', 'd5', 'e4', 'e5']);
    expect(hearts(p)).toEqual({ A: 5, B: 3, C: 4 });
    expect(p.at(1, 1)).toEqual({ A: 'd4', B: 'd5', C: 'e4' });
  });

  it('Longsword: the front row for 2 and the square two ahead for 1', () => {
    const p = nhm([M('A', 'd4', 'N', { weapons: ['longsword'] }), M('B', 'd5', 'N'), M('C', 'd6', 'N')], [{ A: first('longsword'), B: idle, C: idle }]);
    expect(hotOf(p, 'A')).toEqual(['c5', 'd5', 'd6', 'e5']);
    expect(hearts(p)).toEqual({ A: 5, B: 3, C: 4 });
  });

  it('Chain Lazor: stops at a hit and branches perpendicular, again on each hit', () => {
    const p = nhm(
      [M('A', 'd1', 'N', { weapons: ['chain-lazor'] }), M('B', 'd5', 'N'), M('C', 'g5', 'N'), M('D', 'd7', 'N')],
      [{ A: first('chain-lazor'), B: idle, C: idle, D: idle }],
    );
    expect(hearts(p)).toEqual({ A: 5, B: 4, C: 4, D: 5 });
    expect(hotOf(p, 'A')).toEqual(['a5', 'b5', 'c5', 'd2', 'd3', 'd4', 'd5', 'e5', 'f5', 'g1', 'g2', 'g3', 'g4', 'g5', 'g6', 'g7', 'g8']);
  });

  it('Dragon Breath: a cone of 3, 5 and 7 squares, 2 damage, penetrating', () => {
    const p = nhm([M('A', 'd4', 'N', { weapons: ['dragon-breath'] }), M('B', 'd5', 'N'), M('C', 'a7', 'N')], [{ A: first('dragon-breath'), B: idle, C: idle }]);
    expect(hotOf(p, 'A')).toEqual(['a7', 'b6', 'b7', 'c5', 'c6', 'c7', 'd5', 'd6', 'd7', 'e5', 'e6', 'e7', 'f6', 'f7', 'g7']);
    expect(hearts(p)).toEqual({ A: 5, B: 3, C: 3 });
  });

  it('Lazor-Sword: a two-square blade, and a lazor beyond it only at full hearts (FAQ)', () => {
    const full = nhm([M('A', 'd4', 'N', { weapons: ['lazor-sword'] }), M('B', 'd8', 'N')], [{ A: first('lazor-sword:forward'), B: idle }]);
    expect(hotOf(full, 'A')).toEqual(['d5', 'd6', 'd7', 'd8']);
    expect(hearts(full).B).toBe(4);
    const hurt = nhm([M('A', 'd4', 'N', { weapons: ['lazor-sword'] }, { hearts: 4 }), M('B', 'd8', 'N')], [{ A: first('lazor-sword:forward'), B: idle }]);
    expect(hotOf(hurt, 'A')).toEqual(['d5', 'd6']);
    expect(hearts(hurt).B).toBe(5);
  });

  it('Lazor-Sword: only the lazor is a beam; reflecto does not turn the blade', () => {
    const p = nhm([M('A', 'd4', 'N', { weapons: ['lazor-sword'] }), M('B', 'd5', 'N', { armour: ['reflecto-armour'] })], [{ A: first('lazor-sword:forward'), B: idle }]);
    expect(hearts(p)).toEqual({ A: 5, B: 4 });
  });

  it('Lance (experimental, penetrate): 1 in front, 2 two ahead', () => {
    const p = nhm([M('A', 'd4', 'N', { weapons: ['lance'] }), M('B', 'd5', 'N'), M('C', 'd6', 'N')], [{ A: first('lance'), B: idle, C: idle }]);
    expect(hearts(p)).toEqual({ A: 5, B: 4, C: 3 });
  });

  it('Shot Gun (experimental): three rays of three, 2 at one square away and 1 beyond', () => {
    const p = nhm([M('A', 'd4', 'N', { weapons: ['shot-gun'] }), M('B', 'c5', 'N'), M('C', 'd6', 'N'), M('D', 'b6', 'N')], [{ A: first('shot-gun'), B: idle, C: idle, D: idle }]);
    expect(hearts(p)).toEqual({ A: 5, B: 3, C: 4, D: 5 });
  });

  it('Butt-Cannon (experimental): a bazooka firing backward', () => {
    const p = nhm([M('A', 'd4', 'N', { weapons: ['butt-cannon'] }), M('B', 'd1', 'N')], [{ A: first('butt-cannon'), B: idle }]);
    expect(hotOf(p, 'A')).toEqual(['d1', 'd2', 'd3']);
    expect(hearts(p).B).toBe(4);
  });

  it('Rhino-Horn (experimental): a bonk with the horned machine hurts the other, whoever ran into whom', () => {
    const p = nhm([M('A', 'd4', 'E', { weapons: ['rhino-horn'], engines: ['tank-treads'] }), M('B', 'e4', 'N'), M('C', 'c8', 'E', { engines: ['tank-treads'] }), M('D', 'd8', 'N', { weapons: ['rhino-horn'] })], [
      { A: first('^'), B: idle, C: first('^'), D: idle },
    ]);
    expect(hearts(p)).toEqual({ A: 5, B: 4, C: 4, D: 5 });
    expect(p.at(1, 1)).toEqual({ A: 'd4', B: 'e4', C: 'c8', D: 'd8' });
  });

  it('Mines: laid on an empty square they arm at once; an enemy ending a move there takes 1 and uses it up', () => {
    const p = nhm([M('A', 'd4', 'N', { weapons: ['mines'] }), M('B', 'd6', 'S', { engines: ['tank-treads'] })], [{ A: 'mines:f X X X X', B: 'X ^ ^ X X' }]);
    expect(p.steps[0].mines).toEqual([{ owner: 'A', square: 'd5', event: 'laid' }]);
    expect(p.at(1, 2).B).toBe('d5');
    expect(hearts(p, 1, 2).B).toBe(4);
    expect(p.steps[1].mines).toEqual([{ owner: 'A', square: 'd5', event: 'triggered' }]);
    // Used up: B is blocked by A on d4 in step 3, and nothing more happens.
    expect(hearts(p, 1, 5).B).toBe(4);
  });

  it('Hover-Craft machines are immune to mines', () => {
    const p = nhm([M('A', 'd4', 'N', { weapons: ['mines'] }), M('B', 'd6', 'S', { engines: ['tank-treads', 'hover-craft'] })], [{ A: 'mines:f X X X X', B: 'X ^ X X X' }]);
    expect(p.at(1, 2).B).toBe('d5');
    expect(hearts(p, 1, 5).B).toBe(5);
  });
});

describe('armour', () => {
  it('Mark II: two shield markers go first, then hearts', () => {
    const p = nhm([M('A', 'd1', 'N', { weapons: ['drill', 'bazooka'] }), M('B', 'd2', 'N', { armour: ['mark-ii'] })], [{ A: 'drill bazooka X X X', B: idle }]);
    expect(p.machine('B', 1, 1)).toMatchObject({ hearts: 5, shields: 0 });
    expect(p.machine('B', 1, 2)).toMatchObject({ hearts: 4, shields: 0 });
  });

  it('shield markers are repaired after hearts, never above the Mark', () => {
    const p = nhm([M('A', 'a1', 'N'), M('B', 'h8', 'N', { armour: ['mark-ii'], cpu: 'automated-repair-unit' }, { hearts: 4, shields: 0 })], [{ A: idle, B: 'R R R R X' }]);
    expect(p.machine('B')).toMatchObject({ hearts: 5, shields: 1 });
  });

  it('Reflecto: a beam turns back the way it came and can hit its shooter', () => {
    const p = nhm([M('A', 'd1', 'N', { weapons: ['lazor'] }), M('B', 'd5', 'N', { armour: ['reflecto-armour'] })], [{ A: first('lazor'), B: idle }]);
    expect(hearts(p)).toEqual({ A: 4, B: 5 });
  });

  it('Refracto: the beam splits perpendicular and the machine takes no damage', () => {
    const p = nhm([M('A', 'd1', 'N', { weapons: ['lazor'] }), M('B', 'd5', 'N', { armour: ['refracto-armour'] }), M('C', 'g5', 'N'), M('D', 'd7', 'N')], [
      { A: first('lazor'), B: idle, C: idle, D: idle },
    ]);
    expect(hearts(p)).toEqual({ A: 5, B: 5, C: 4, D: 5 });
  });

  it('non-beam weapons ignore special armour', () => {
    const p = nhm([M('A', 'd1', 'N', { weapons: ['bazooka'] }), M('B', 'd5', 'N', { armour: ['reflecto-armour'] })], [{ A: first('bazooka'), B: idle }]);
    expect(hearts(p)).toEqual({ A: 5, B: 4 });
  });
});

describe('engines', () => {
  it('Strafe, Retreat, Crabwalk and Spin-Drive moves, relative to the facing', () => {
    const p = nhm([M('A', 'd4', 'E', { engines: ['strafe-drive', 'retreat-drive', 'spin-drive'] }), M('B', 'a8', 'N', { engines: ['crabwalk-drive'] })], [
      { A: '< > B/ B\\ @', B: '> > B\\ F/ <' },
    ]);
    // A faces east: left is north, back-left is north-west, back-right south-west.
    expect(p.steps.map((s) => s.machines[0].square)).toEqual(['d5', 'd4', 'c5', 'b4', 'b4']);
    expect(p.machine('A').facing).toBe('W');
    expect(p.steps.map((s) => s.machines[1].square)).toEqual(['b8', 'c8', 'd7', 'e8', 'd8']);
  });

  it('a stationary machine (no engine) can still turn', () => {
    const p = nhm([M('A', 'd4', 'N'), M('B', 'a8', 'N')], [{ A: 'TR TR TR X X', B: idle }]);
    expect(p.machine('A').facing).toBe('W');
    expect(() => nhm([M('A', 'd4', 'N'), M('B', 'a8', 'N')], [{ A: '^ X X X X', B: idle }])).toThrow(/slot 1: "\^" is not a command its loadout has/);
  });
});

describe('CPUs', () => {
  it('Advanced Damage Control: one X per two missing hearts', () => {
    const p = nhm([M('A', 'd4', 'N', { engines: ['tank-treads'], cpu: 'advanced-damage-control' }, { hearts: 2 }), M('B', 'a8', 'N')], [{ A: '^ ^ ^ X X', B: idle }]);
    expect(p.machine('A').square).toBe('d7');
    expect(() => nhm([M('A', 'd4', 'N', { engines: ['tank-treads'] }, { hearts: 2 }), M('B', 'a8', 'N')], [{ A: '^ ^ ^ X X', B: idle }])).toThrow(/at least 3 X/);
  });

  it('Automated Repair Unit: repairs two a turn', () => {
    const p = nhm([M('A', 'd4', 'N', { cpu: 'automated-repair-unit' }, { hearts: 2 }), M('B', 'a8', 'N')], [{ A: 'R R X X X', B: idle }]);
    expect(p.machine('A').hearts).toBe(4);
  });

  it('Evasion Matrix: a dodging machine on a hot square moves out of the way', () => {
    const p = nhm([M('A', 'd8', 'S', { weapons: ['bazooka'] }), M('B', 'd2', 'N', { engines: ['strafe-drive'], cpu: 'evasion-matrix' })], [{ A: first('bazooka'), B: first('D') }]);
    expect(p.at(1, 1).B).toBe('c2');
    expect(hearts(p).B).toBe(5);
    expect(p.steps[0].choices).toEqual([{ machine: 'B', kind: 'dodge', command: '<' }]);
  });

  it('Evasion Matrix: with no incoming attack a dodge does nothing', () => {
    const p = nhm([M('A', 'a8', 'S'), M('B', 'd2', 'N', { engines: ['strafe-drive'], cpu: 'evasion-matrix' })], [{ A: idle, B: first('D') }]);
    expect(p.at(1, 1).B).toBe('d2');
    expect(p.steps[0].choices).toEqual([]);
  });

  it('a scripted dodge choice is used, and can step into another hot square', () => {
    const p = nhm(
      [M('A', 'd8', 'S', { weapons: ['bazooka'] }), M('C', 'e8', 'S', { weapons: ['bazooka'] }), M('B', 'd2', 'N', { engines: ['strafe-drive'], cpu: 'evasion-matrix' })],
      [{ A: first('bazooka'), C: first('bazooka'), B: first('D'), choices: { B: ['>'] } }],
    );
    expect(p.at(1, 1).B).toBe('e2');
    expect(hearts(p).B).toBe(4);
  });

  it('Auto-Targetting Computer: chooses a weapon at run time, after the moves', () => {
    const p = nhm([M('A', 'd4', 'N', { weapons: ['bazooka', 'hammer-fist'], cpu: 'auto-targetting-computer' }), M('B', 'c6', 'S', { engines: ['tank-treads'] })], [
      { A: first('A'), B: first('^') },
    ]);
    // B stepped to c5, front-left of A: only the fist reaches it.
    expect(p.steps[0].choices).toEqual([{ machine: 'A', kind: 'target', command: 'hammer-fist' }]);
    expect(hearts(p).B).toBe(4);
  });
});
