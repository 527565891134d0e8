/**
 * The viewer's seat table is each ruleset's own (rules50c, issue 50 item 8):
 * every board view names its columns in its game's words, and its figures
 * read what that game counts (Hovercrafts' stats, a pig's damage, how many
 * ninjas a player has left); NHM keeps machine, loadout, ♥, ◆.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { BoardView, SeatTable } from '../../src/core/game.js';
import { loadScenario, playScenario } from '../../src/match/scenario.js';
import kuhn from '../games/kuhn/index.js';

/** A scenario file's replay as its ruleset's board view. */
function boardOf(name: string, more: Record<string, unknown> = {}): BoardView {
  const sc = loadScenario({ ...(JSON.parse(readFileSync(`test/scenarios/${name}.json`, 'utf8')) as Record<string, unknown>), ...more }, 'test');
  const mod = sc.module;
  const records: object[] = [];
  playScenario(sc, (r, st) => records.push(mod.replayRecord ? mod.replayRecord(st, r) : r));
  return mod.present!.boardView!(JSON.parse(JSON.stringify(mod.describeGame!(sc.game))), records)!;
}

/** The headings the viewer draws: piece, build (if any), the figures, the program. */
const headings = (t: SeatTable): string[] => [t.piece, ...(t.build === null ? [] : [t.build]), ...t.figures.map((x) => x.heading), t.program];

/** What a figure column shows for piece `i` at frame `k`, as the viewer computes it (client.ts `figure`). */
function shown(v: BoardView, column: number, i: number, k: number): number | undefined {
  const x = v.board.seats!.figures[column], [, , hearts, shields] = v.frames[k].m[i];
  if (x.of === 'alive') return v.frames[k].m.filter((p, j) => p[4] && (v.pieces[j].seat ?? j) === (v.pieces[i].seat ?? i)).length;
  if (typeof x.of === 'number') return v.pieces[i].figures?.[x.of];
  const n = x.of === 'hearts' ? hearts : shields;
  return x.from === undefined ? n : x.from - n;
}

describe('seat tables per ruleset', () => {
  it('NHM: machine, loadout, ♥, ◆, program this turn, as before', () => {
    const t = boardOf('nhm-three-cycle').board.seats!;
    expect(headings(t)).toEqual(['machine', 'loadout', '♥', '◆', 'program this turn']);
    expect(t.figures.map((x) => x.of)).toEqual(['hearts', 'shields']);
  });

  it('Robo Battle Pigs: a pig, no build column (every pig the same), its damage out of 5, the commands of the round', () => {
    const v = boardOf('rbp-repair-hit-twice');
    expect(headings(v.board.seats!)).toEqual(['pig', 'damage', 'commands this round']);
    // Damage is 5 less its hearts: the start frame's pigs as the scenario damaged them.
    const hearts = v.frames[0].m.map((p) => p[2]);
    expect(v.frames[0].m.map((_, i) => shown(v, 0, i, 0))).toEqual(hearts.map((h) => 5 - h));
    expect(Math.max(...v.frames[0].m.map((_, i) => shown(v, 0, i, 0)!))).toBeGreaterThan(0);
  });

  it('Hovercrafts: ship, team, hull left and the three other stats from the ship key, actions this turn', () => {
    const v = boardOf('hovercrafts-emp-tie');
    expect(headings(v.board.seats!)).toEqual(['ship', 'team', 'hull', 'shield', 'ballistic', 'energy', 'actions this turn']);
    v.pieces.forEach((p, i) => {
      const [h, s, b, e] = /^h(\d+)s(\d+)b(\d+)e(\d+)$/.exec(p.loadout)!.slice(1).map(Number);
      expect([shown(v, 0, i, 0), shown(v, 1, i, 0), shown(v, 2, i, 0), shown(v, 3, i, 0)]).toEqual([h, s, b, e]);
      expect(p.loadoutName).toMatch(/^(Zion|Machines) \(\w+\)$/);
    });
  });

  it('Battle Engine: piece, type, hit points and bonus, the step of the turn', () => {
    const v = boardOf('battle-engine-lost-bonus');
    expect(headings(v.board.seats!)).toEqual(['piece', 'type', 'hp', 'bonus', 'step this turn']);
    expect(v.board.seats!.figures.map((x) => x.of)).toEqual(['hearts', 'shields']);
  });

  it("What Blind Ninjas?: a ninja, no build column, its player's ninjas alive (falling as they are slain), orders this turn; no hearts", () => {
    const v = boardOf('blind-ninjas-ambush');
    expect(headings(v.board.seats!)).toEqual(['ninja', 'ninjas alive', 'orders this turn']);
    const last = v.frames.length - 1;
    // The ambush slays A2 and B2: each player has 3 left at the end, 4 at the start.
    expect(v.pieces.map((_, i) => shown(v, 0, i, 0))).toEqual(Array(8).fill(4));
    expect(v.pieces.map((_, i) => shown(v, 0, i, last))).toEqual(Array(8).fill(3));
    expect(v.frames.every((f) => f.m.every((p) => p[2] === 0 && p[3] === 0))).toBe(true);
  });

  it('Kuhn poker (test/games) has no board, so no seat table', () => {
    expect(kuhn.present?.boardView).toBeUndefined();
  });
});
