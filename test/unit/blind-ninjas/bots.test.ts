/**
 * What Blind Ninjas? bots through the arena's match loop: random and marker play
 * legal orders; tracker never slashes its own ninja, keeps every living enemy
 * ninja's true state inside its belief, and beats random (a small sample here;
 * bench/blindNinjas.ts plays the 1000-game ladder).
 */
import { describe, expect, it } from 'vitest';
import { loadBot } from '../../../src/match/bots.js';
import { playMatch } from '../../../src/match/loop.js';
import type { TurnRecord } from '../../../src/rules/blind-ninjas/record.js';
import { blindNinjasLadder } from '../../../bench/blindNinjas.js';
import { bn } from '../../blind-ninjas/play.js';

describe('What Blind Ninjas? bots', () => {
  it('random, marker and tracker play 2-, 3- and 4-player games without a fault; tracker never slashes its own ninja', async () => {
    const names = ['random', 'marker', 'tracker'];
    const factories = await Promise.all(names.map((n) => loadBot(n)));
    let trackerSlashes = 0;
    for (const players of [2, 3, 4]) {
      const game = bn().makeGame({ builds: Array(players).fill('ninjas') });
      for (let g = 0; g < 6; g++) {
        const seats = Array.from({ length: players }, (_, s) => (s + g) % 3);
        const records: TurnRecord[] = [];
        const r = playMatch({ module: bn(), game, bots: seats.map((i) => factories[i]), seed: `bots-${players}-${g}`, record: (st) => bn().recorder(st, (x) => records.push(x as TurnRecord)) });
        expect(r.faults, JSON.stringify(r.faultLog.slice(0, 3))).toEqual(Array(players).fill(0));
        for (const t of records) {
          const who = seats['ABCD'.indexOf(t.seat)];
          if (names[who] !== 'tracker') continue;
          for (const s of t.slashes) {
            trackerSlashes++;
            expect(s.slain.filter((n) => n[0] === t.seat), `tracker ${t.seat} slew its own at ${s.square}`).toEqual([]);
          }
        }
      }
    }
    expect(trackerSlashes).toBeGreaterThan(20);
  });

  it('tracker beats random in most decided 2-player games, its belief always covers the true enemy squares, and it decides in well under 50 ms', async () => {
    const f = await blindNinjasLadder(60);
    expect(f.aWins + f.bWins).toBeGreaterThan(40);
    expect(f.share.lo).toBeGreaterThan(0.8);
    expect(f.coverage!.checks).toBeGreaterThan(1000);
    expect(f.coverage!.states).toBe(f.coverage!.checks);
    expect(f.coverage!.meanSupport).toBeLessThan(32); // the support is not the whole room
    expect(f.decisionMs.mean).toBeLessThan(50);
  });
});

describe('the tracker\'s belief (bots/lib/ninjaBelief.ts)', () => {
  it('a heard slash pins the slasher; a swish clears the square; a grunt kills whoever could stand there', async () => {
    const { NinjaBelief } = await import('../../../bots/lib/ninjaBelief.js');
    const game = bn().makeGame({ builds: ['ninjas', 'ninjas'] }) as import('../../../src/rules/blind-ninjas/room.js').BnGame;
    const belief = new NinjaBelief(game, 0);
    const obs = (heard: { round: number; by: string; square: string; grunts: string[] }[]) =>
      ({ seat: 'A', room: { width: 4, height: 8 }, round: 2, turnLimit: 100, toAct: 'A', ninjas: [], heard, out: [] }) as never;
    // A played round 1 (no slash); B's ninja 2 (b8, facing S) is the only one that can face b7 after one order.
    const first = [{ round: 1, by: 'B', square: 'b7', grunts: [] }];
    belief.update(obs([]));
    belief.update(obs(first));
    const b8S = (7 * 4 + 1) * 4 + 2, b7 = 6 * 4 + 1;
    expect(belief.p[5][b8S]).toBeCloseTo(1, 12);
    for (let i = 4; i < 8; i++) for (let f = 0; f < 4; f++) expect(belief.p[i][b7 * 4 + f]).toBe(0); // it swished: nobody of B on b7
    expect(belief.alive(5)).toBe(1);
    // Round 2: A slashes a8 and B grunts: only B1 could stand on a8 (B2 is pinned to b8), so B1 is slain for certain.
    const second = [...first, { round: 2, by: 'A', square: 'a8', grunts: ['B'] }];
    belief.update(obs(second));
    expect(belief.alive(4)).toBe(0);
    expect(belief.alive(6)).toBe(1);
  });
});
