/**
 * Every question the Ninja Havoc Machines FAQ answers, as a scenario.
 */
import { describe, expect, it } from 'vitest';
import { diceSeed, sfc32Next, sfc32Seed, matchSeed } from '../../src/core/rng.js';
import { parseSquare, BOARD_8X8 } from '../../src/core/grid.js';
import { playMatch } from '../../src/match/loop.js';
import { defaultCatalogue } from '../../src/rules/nhm/catalogue.js';
import { RecordingTracer, type StepRecord } from '../../src/rules/nhm/record.js';
import { rbpGame } from '../../src/rules/rbp/index.js';
import random from '../../bots/random.js';
import { M, first, hearts, idle, nhm, play, engine } from '../helpers.js';
import { rulesetById } from '../../src/rules/registry.js';


/** A scenario seed whose first teleporter roll lands on `square`. */
function seedRolling(square: string): string {
  const want = parseSquare(BOARD_8X8, square), s = new Uint32Array(4);
  for (let i = 0; ; i++) {
    sfc32Seed(s, 0, diceSeed(String(i)));
    const file = Math.floor((sfc32Next(s, 0) / 2 ** 32) * 8), rank = Math.floor((sfc32Next(s, 0) / 2 ** 32) * 8);
    if (rank * 8 + file === want) return String(i);
  }
}

describe('the FAQ', () => {
  it('a penetrating lazor hits two machines lined up in a row', () => {
    const p = nhm([M('A', 'd1', 'N', { weapons: ['lazor'] }), M('B', 'd3', 'N'), M('C', 'd6', 'N')], [{ A: first('lazor'), B: idle, C: idle }]);
    expect(hearts(p)).toEqual({ A: 5, B: 4, C: 4 });
  });

  it('a lazor bouncing between two reflecto machines damages the machine in between just once', () => {
    const p = nhm(
      [M('A', 'd1', 'N', { weapons: ['lazor'], armour: ['reflecto-armour'] }), M('T', 'd4', 'N'), M('R', 'd7', 'S', { armour: ['reflecto-armour'] })],
      [{ A: first('lazor'), T: idle, R: idle }],
    );
    expect(hearts(p)).toEqual({ A: 5, T: 4, R: 5 });
    expect(p.steps[0].hits).toEqual([{ machine: 'T', by: 'A', damage: 1, source: 'weapon' }]);
  });

  it('wreckage keeps its reflecto armour: a beam fired at it comes back', () => {
    const p = nhm(
      [M('A', 'd1', 'N', { weapons: ['lazor'] }), M('B', 'a8', 'N'), M('W', 'd5', 'N', { armour: ['reflecto-armour'] }, { hearts: 0 })],
      [{ A: first('lazor'), B: idle }],
    );
    expect(p.machine('W', 1, 1).alive).toBe(false);
    expect(hearts(p)).toMatchObject({ A: 4, B: 5 });
  });

  it('wreckage keeps refracto too, and blocks a non-penetrating beam otherwise', () => {
    const p = nhm(
      [M('A', 'd1', 'N', { weapons: ['ray-gun'] }), M('B', 'd5', 'N'), M('W', 'd3', 'N', {}, { hearts: 0 })],
      [{ A: first('ray-gun:forward'), B: idle }],
    );
    expect(hearts(p)).toMatchObject({ A: 5, B: 5 });
  });

  it('teleporting onto one’s own square without Telefrag is a bonk: it stays put', () => {
    const seed = seedRolling('d4');
    const p = nhm([M('A', 'd4', 'N', { engines: ['teleporter'] }), M('B', 'a8', 'N')], [{ A: first('TEL'), B: idle }], { seed });
    expect(p.steps[0].teleports).toEqual([{ machine: 'A', roll: 'd4' }]);
    expect(p.steps[0].bonks).toEqual([{ machine: 'A', with: null, phase: 1 }]);
    expect(p.machine('A', 1, 1)).toMatchObject({ square: 'd4', alive: true });
  });

  it('teleporting onto one’s own square with Telefrag kills the teleporter', () => {
    const seed = seedRolling('d4');
    const p = nhm([M('A', 'd4', 'N', { engines: ['teleporter'], options: ['telefrag'] }), M('B', 'a8', 'N')], [{ A: first('TEL'), B: idle }], { seed });
    expect(p.machine('A', 1, 1)).toMatchObject({ square: 'd4', alive: false });
    expect(p.result).toEqual({ winner: 'B', reason: 'kill', turns: 1 });
  });

  it('teleporting onto an opponent: a bonk without Telefrag, the opponent’s death with it', () => {
    const seed = seedRolling('f6');
    const plain = nhm([M('A', 'd4', 'N', { engines: ['teleporter'] }), M('B', 'f6', 'N'), M('C', 'a1', 'N')], [{ A: first('TEL'), B: idle, C: idle }], { seed });
    expect(plain.at(1, 1)).toEqual({ A: 'd4', B: 'f6', C: 'a1' });
    const frag = nhm(
      [M('A', 'd4', 'N', { engines: ['teleporter'], options: ['telefrag'] }), M('B', 'f6', 'N'), M('C', 'a1', 'N')],
      [{ A: first('TEL'), B: idle, C: idle }],
      { seed },
    );
    expect(frag.at(1, 1)).toEqual({ A: 'f6', B: null, C: 'a1' });
    expect(frag.machine('B', 1, 1).alive).toBe(false);
    expect(frag.steps[0].hits).toContainEqual({ machine: 'B', by: 'A', damage: 0, source: 'telefrag' });
  });

  it('a teleport to an empty square moves there', () => {
    const seed = seedRolling('g2');
    const p = nhm([M('A', 'd4', 'N', { engines: ['teleporter'] }), M('B', 'a8', 'N')], [{ A: first('TEL'), B: idle }], { seed });
    expect(p.at(1, 1).A).toBe('g2');
  });

  it('a mine laid under a machine does not hurt it, and arms only when the square is first empty', () => {
    const p = nhm(
      [M('A', 'd4', 'N', { weapons: ['mines'] }), M('B', 'd5', 'E', { engines: ['tank-treads'] })],
      [{ A: 'mines:f X X X X', B: 'X ^ v X X' }],
    );
    expect(hearts(p, 1, 1).B).toBe(5);
    expect(p.steps[0].mines).toEqual([{ owner: 'A', square: 'd5', event: 'laid' }]);
    // B leaves in step 2 (leaving does not trigger it); at the end of step 2 the mine arms.
    expect(p.steps[1].mines).toEqual([{ owner: 'A', square: 'd5', event: 'armed' }]);
    expect(hearts(p, 1, 2).B).toBe(5);
    // B comes back in step 3: now it is hurt.
    expect(p.at(1, 3).B).toBe('d5');
    expect(hearts(p, 1, 3).B).toBe(4);
  });

  it('one’s own mines are harmless: the owner tip-toes over them', () => {
    const p = nhm([M('A', 'd4', 'N', { weapons: ['mines'], engines: ['tank-treads'] }), M('B', 'a8', 'N')], [{ A: 'mines:f ^ v ^ X', B: idle }]);
    expect(p.at(1, 2).A).toBe('d5');
    expect(hearts(p, 1, 5).A).toBe(5);
  });

  it('at one heart with the Automated Repair Unit, taking two damage while repairing is survived', () => {
    const p = nhm(
      [M('A', 'd4', 'N', { cpu: 'automated-repair-unit' }, { hearts: 1 }), M('B', 'd5', 'S', { weapons: ['drill'] })],
      [{ A: 'R X X X X', B: first('drill') }],
    );
    expect(p.machine('A', 1, 1)).toMatchObject({ hearts: 1, alive: true });
    // Both repair points were absorbed, so no heart comes back at the end of the turn.
    expect(p.machine('A', 1, 5).hearts).toBe(1);
    const without = nhm([M('A', 'd4', 'N', {}, { hearts: 1 }), M('B', 'd5', 'S', { weapons: ['drill'] })], [{ A: 'R X X X X', B: first('drill') }]);
    expect(without.result.winner).toBe('B');
  });

  it('a Jump-Blade with no opportunity does nothing', () => {
    const p = nhm([M('A', 'd4', 'N', { weapons: ['jump-blade'] }), M('B', 'e5', 'N')], [{ A: first('jump-blade'), B: idle }]);
    expect(p.at(1, 1)).toEqual({ A: 'd4', B: 'e5' });
    expect(p.steps[0].hot).toEqual([]);
  });

  it('the Lazor-Sword’s beam fires only at full hearts', () => {
    const full = nhm([M('A', 'd1', 'N', { weapons: ['lazor-sword'] }), M('B', 'd6', 'N')], [{ A: first('lazor-sword:forward'), B: idle }]);
    expect(hearts(full).B).toBe(4);
    const hurt = nhm([M('A', 'd1', 'N', { weapons: ['lazor-sword'] }, { hearts: 4 }), M('B', 'd6', 'N')], [{ A: first('lazor-sword:forward'), B: idle }]);
    expect(hearts(hurt).B).toBe(5);
  });

  it('the Shield-Arm stops a shot but not a hammer-fist from the square in front', () => {
    const p = nhm(
      [M('S', 'd4', 'N', { weapons: ['shield-arm'] }), M('G', 'd8', 'S', { weapons: ['bazooka'] }), M('H', 'd5', 'S', { weapons: ['hammer-fist'] })],
      [{ S: first('shield-arm'), G: first('bazooka'), H: first('hammer-fist') }],
    );
    // The bazooka's ray reaches H on d5 first (H stands on a shield spot, so it is not hit); H's fist lands on S.
    expect(hearts(p)).toEqual({ S: 4, G: 5, H: 5 });
  });

  it('one may repair shield markers as well as hearts', () => {
    const p = nhm([M('A', 'd4', 'N', { armour: ['mark-ii'] }, { shields: 0 }), M('B', 'a8', 'N')], [{ A: 'R R R R R', B: idle }]);
    expect(p.machine('A')).toMatchObject({ hearts: 5, shields: 1 });
  });

  it('a weapon can be used several times in one program, once per command', () => {
    const p = nhm([M('A', 'd1', 'N', { weapons: ['bazooka'] }), M('B', 'd8', 'N')], [{ A: 'bazooka bazooka bazooka X X', B: idle }]);
    expect(p.machine('B', 1, 3).hearts).toBe(2);
  });

  it('no winner when every machine dies: a draw', () => {
    const p = nhm([M('A', 'd1', 'N', { weapons: ['bazooka'] }, { hearts: 1 }), M('B', 'd8', 'S', { weapons: ['bazooka'] }, { hearts: 1 })], [{ A: 'bazooka X X X X', B: 'bazooka X X X X' }]);
    expect(p.result).toEqual({ winner: null, reason: 'mutual-destruction', turns: 1 });
  });

  it('the Robo Battle Pig loadout reproduces Robo Battle Pigs', () => {
    // Play seeded Robo Battle Pigs matches, then replay their programs as Ninja
    // Havoc Machines programs for the `robo-pig` loadout of configs/loadouts.json:
    // every step must come out the same. RBP's `R R R R R` is NHM's repair with
    // an X per missing heart.
    const cat = defaultCatalogue();
    const toNhm: Record<string, string> = { '\\': 'F\\', '/': 'F/', F: 'bazooka', H: 'hammer-fist' };
    for (let i = 0; i < 20; i++) {
      const steps: StepRecord[] = [];
      const turns: Record<string, string>[] = [];
      let hearts = [5, 5];
      const r = playMatch({ 
        ...engine(rbpGame(cat)),
        bots: [random, random],
        seed: matchSeed('pigs', i),
        record: (st) => rulesetById('rbp').recorder(st, (x) => steps.push(structuredClone(x) as StepRecord)),
        onTurn: (st: any, programs: any[]) => {
          turns.push(Object.fromEntries(programs.map((prog, m) => {
            const nhmProg = prog === 'R R R R R'
              ? [...Array(5 - hearts[m]).fill('X'), ...Array(hearts[m]).fill('R')].join(' ')
              : prog.split(' ').map((t) => toNhm[t] ?? t).join(' ');
            return ['AB'[m], nhmProg];
          })));
          hearts = Array.from(st.hearts);
        },
      });
      const replay = nhm(
        [
          { name: 'A', square: 'd8', facing: 'S', loadout: 'robo-pig' },
          { name: 'B', square: 'e1', facing: 'N', loadout: 'robo-pig' },
        ],
        turns,
      );
      expect(replay.steps.map((x) => x.machines)).toEqual(steps.map((x) => x.machines));
      expect(replay.result.winner).toBe(r.winner === null ? null : 'AB'[r.winner]);
    }
  });
});

describe('corner cases settled while writing docs/rules.md', () => {
  it('a telefrag landing on an armed enemy mine springs it', () => {
    const seed = seedRolling('d6');
    const p = nhm(
      [M('A', 'a1', 'N', { engines: ['teleporter'], options: ['telefrag'] }), M('B', 'd5', 'N', { weapons: ['mines'] })],
      [{ A: 'X TEL X X X', B: 'mines:f X X X X' }],
      { seed },
    );
    expect(p.at(1, 2).A).toBe('d6');
    expect(hearts(p, 1, 2).A).toBe(4);
  });

  it('a shield spot that stops the Lazor-Sword’s blade stops its beam too', () => {
    const p = nhm(
      [M('A', 'd4', 'N', { weapons: ['lazor-sword'] }), M('C', 'e5', 'W', { weapons: ['shield-arm'] }), M('E', 'd6', 'N'), M('B', 'd8', 'N')],
      [{ A: first('lazor-sword:forward'), C: first('shield-arm'), E: idle, B: idle }],
    );
    expect(hearts(p)).toEqual({ A: 5, C: 5, E: 5, B: 5 });
  });

  it('Rhino-Horn in a pile-up hurts every machine it bonked', () => {
    const p = nhm(
      [M('A', 'd4', 'E', { weapons: ['rhino-horn'], engines: ['tank-treads'] }), M('B', 'f4', 'W', { engines: ['tank-treads'] }), M('C', 'e5', 'S', { engines: ['tank-treads'] })],
      [{ A: first('^'), B: first('^'), C: first('^') }],
    );
    expect(hearts(p)).toEqual({ A: 5, B: 4, C: 4 });
  });

  it('a telefrag death ends the game at once, before a mine that would have killed the other lands', () => {
    const seed = seedRolling('d4');
    const p = nhm(
      [M('A', 'd4', 'N', { weapons: ['mines'], engines: ['teleporter'], options: ['telefrag'] }), M('B', 'd6', 'S', { engines: ['tank-treads'] }, { hearts: 1 })],
      [{ A: 'mines:f X X X X', B: 'X X X X X' }, { A: first('TEL'), B: '^ X X X X' }],
      { seed },
    );
    expect(p.result).toEqual({ winner: 'B', reason: 'kill', turns: 2 });
    expect(p.machine('B')).toMatchObject({ square: 'd6', alive: true });
  });
});
