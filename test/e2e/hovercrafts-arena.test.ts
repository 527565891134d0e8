/**
 * Hovercrafts in the arena: the shipped configs/hovercrafts.json through the
 * compiled `havoc tournament` (tables per bot, per fleet and per ship; same
 * bytes on 1 and 2 workers), and the report's board view of a replay (a hex
 * board with its walls, ships, facings and shots).
 *
 * The shipped config plays once, in the command's own thread (the e2e tier's
 * HAVOC_WORKERS=0); the worker counts are compared on its four runs at a
 * twentieth of their games (every run and bot, 126 matches): the shipped size
 * on 1 and 2 workers cost twice its own CPU again, a pool's threads warming
 * the bots and loading the code.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadScenario, playScenario } from '../../src/match/scenario.js';
import { rulesetById } from '../../src/rules/registry.js';

const tmp = mkdtempSync(join(tmpdir(), 'hover-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const run = (config: string, out: string, ...args: string[]): void => {
  const r = spawnSync(process.execPath, ['dist/src/cli/main.js', 'tournament', config, '--out', out, '--quiet', ...args], { encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
};
/** The shipped config's folder, played once (in this thread's command) for the tests that read it. */
let shipped: string | undefined;
const played = (): string => {
  if (!shipped) run('configs/hovercrafts.json', (shipped = join(tmp, 'shipped')));
  return shipped;
};
const RUNS = ['hovercrafts-bots', 'hovercrafts-3v3', 'hovercrafts-fleets', 'hovercrafts-teams'];

describe('Hovercrafts in the arena', () => {
  it('configs/hovercrafts.json runs to its tables, with a report drawing the hex board; its runs give the same tables on 1 and 2 workers', () => {
    const dir = played();
    const bots = readFileSync(join(dir, 'hovercrafts-bots', 'bots.csv'), 'utf8');
    expect(bots.split('\n')[0]).toContain('mean_dealt');
    expect(bots).toMatch(/,pilot,/);
    // Per team composition (fleets) and per ship build (the fleets' ships, priced).
    const fleets = readFileSync(join(dir, 'hovercrafts-fleets', 'loadouts.csv'), 'utf8');
    for (const f of ['duo', 'tank-gunner', 'shielded-racer', 'h4s1b1e1+h4s1b1e1']) expect(fleets).toContain(f);
    expect(readFileSync(join(dir, 'hovercrafts-fleets', 'parts.csv'), 'utf8')).toContain('\nhull,upgrade,');
    const html = readFileSync(join(dir, 'hovercrafts-bots', 'report.html'), 'utf8');
    expect(html).toContain('"shape":"hex"');

    // The same runs at a twentieth of their games (an even count: teams play both sides on one seed), on 1 and 2 workers.
    const config = JSON.parse(readFileSync('configs/hovercrafts.json', 'utf8')) as { runs: { name: string; schedule: { games: number } }[] };
    expect(config.runs.map((r) => r.name)).toEqual(RUNS);
    for (const r of config.runs) r.schedule.games = 2 * Math.ceil(r.schedule.games / 40);
    const small = join(tmp, 'small.json');
    writeFileSync(small, JSON.stringify(config));
    for (const w of ['1', '2']) run(small, join(tmp, `w${w}`), '--workers', w, '--no-report', '--save-replays', 'none');
    for (const r of RUNS)
      for (const t of ['matches.csv', 'loadouts.csv', 'bots.csv', 'parts.csv', 'ratings.csv', ...(r === 'hovercrafts-teams' ? ['teams.csv', 'matchups.csv'] : [])])
        expect(readFileSync(join(tmp, 'w2', r, t), 'utf8'), `${r}/${t}`).toBe(readFileSync(join(tmp, 'w1', r, t), 'utf8'));
    expect(readFileSync(join(tmp, 'w1', 'hovercrafts-teams', 'matches.csv'), 'utf8').trim().split('\n')).toHaveLength(37);
  });

  it('plays teams of mixed bots 2v2 and keeps a table per team: a team wins when its side does', () => {
    const dir = join(played(), 'hovercrafts-teams');
    const rows = (f: string): Record<string, string>[] => {
      const [head, ...lines] = readFileSync(join(dir, f), 'utf8').trim().split('\n').map((l) => l.split(','));
      return lines.map((l) => Object.fromEntries(head.map((h, i) => [h, l[i]])));
    };
    const matches = rows('matches.csv');
    expect(matches).toHaveLength(600);
    const sideBots = (m: Record<string, string>, side: number) => (side === 0 ? [m.a_bot, m.c_bot] : [m.b_bot, m.d_bot]).join('+');
    // Recount every team's results from matches.csv: the winner column holds both seats of the winning side.
    const want = new Map<string, { games: number; wins: number; draws: number }>();
    for (const m of matches) {
      expect(['AC', 'BD', '']).toContain(m.winner);
      for (const side of [0, 1]) {
        const t = want.get(sideBots(m, side)) ?? { games: 0, wins: 0, draws: 0 };
        t.games++;
        if (m.winner === '') t.draws++;
        else if (m.winner === (side === 0 ? 'AC' : 'BD')) t.wins++;
        want.set(sideBots(m, side), t);
      }
    }
    const teams = rows('teams.csv');
    expect(teams.map((t) => t.team).sort()).toEqual(['pilot+pilot', 'pilot+random', 'random+pilot', 'random+random']);
    for (const t of teams) expect([t.games, t.wins, t.draws].map(Number), t.team).toEqual(Object.values(want.get(t.team)!));
    // Every pairing of teams played 100 games, each team 50 on each side, on the same seeds side-swapped.
    expect(rows('matchups.csv').map((m) => Number(m.games))).toEqual([100, 100, 100, 100, 100, 100]);
    expect(matches.filter((m) => sideBots(m, 0) === 'pilot+random').length).toBe(150);
    expect(matches[0].seed).toBe(matches[1].seed);
    expect(sideBots(matches[0], 0)).toBe(sideBots(matches[1], 1));
    // Two pilots beat two randoms; a pilot with a random partner is between them.
    const rate = new Map(teams.map((t) => [t.team, Number(t.win_rate)]));
    expect(rate.get('pilot+pilot')!).toBeGreaterThan(rate.get('pilot+random')!);
    expect(rate.get('pilot+random')!).toBeGreaterThan(rate.get('random+random')!);
    // Ratings and the summary compare teams; bots are still tallied seat by seat.
    expect(rows('ratings.csv').map((r) => r.name).sort()).toEqual([...rate.keys()].sort());
    const summary = JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8')) as { between: string; counts: Record<string, number>; tables: string[] };
    expect(summary.between).toBe('teams');
    expect(summary.counts).toEqual({ bots: 2, loadouts: 1, teams: 4 });
    expect(summary.tables).toContain('teams.csv');
    expect(rows('bots.csv').reduce((n, b) => n + Number(b.games), 0)).toBe(4 * 600);
    const html = readFileSync(join(dir, 'report.html'), 'utf8');
    expect(html).toContain('id="teams-table"');
    // The report's match list names the winning side before its seats' bots ("Zion: pilot and random").
    const texts = (JSON.parse(/<script type="application\/json" id="matches-data">(.*?)<\/script>/s.exec(html)![1]) as { texts: string[] }).texts;
    expect(texts.filter((t) => /^(Zion|Machines): (pilot|random) and (pilot|random)$/.test(t)).length).toBeGreaterThan(0);
    expect(texts.filter((t) => / and /.test(t) && !/^(Zion|Machines): /.test(t))).toEqual([]);
  });

  it('draws a replay as a hex board: walls, ships with facings and hull, shots and every check in words', () => {
    const mod = rulesetById('hovercrafts');
    const json = JSON.parse(readFileSync('test/scenarios/hovercrafts-wall.json', 'utf8')) as Record<string, unknown>;
    const sc = loadScenario(
      { ...json, ships: [...(json.ships as object[]).slice(0, 1), { name: 'B', team: 'Machines', at: 'c3', facing: 'NW' }], dice: [1, 1, 1, 6, 6, 1, 1, 6], turns: [{ A: 'Move Landing', B: 'Left Right' }] },
      't',
    );
    const recs: object[] = [];
    playScenario(sc, (r) => recs.push(r));
    const view = mod.present!.boardView!(mod.describeGame!(sc.game), recs)!;
    const { seats, ...board } = view.board;
    expect(board).toEqual({ width: 7, height: 4, shape: 'hex', walls: ['c2'], note: 'A hex shot at has the colour of the ship firing at it; pips under a ship are its hull left (red), a red ring a hit this phase; a dark hex is a wall.' });
    // The seat table in Hovercrafts' words (test/unit/seat-tables.test.ts has every ruleset's).
    expect(seats?.build).toBe('team');
    expect(seats?.figures.map((f) => f.heading)).toEqual(['hull', 'shield', 'ballistic', 'energy']);
    expect(view.pieces.map((p) => [p.name, p.seat])).toEqual([
      ['A', 0],
      ['B', 1],
    ]);
    // The start (the turn's Energy checks), then one frame a phase.
    expect(view.frames.map((f) => [f.t, f.s])).toEqual([
      [0, 0],
      [1, 1],
      [1, 2],
    ]);
    expect(view.frames[0].ev[1]).toBe('A energy check (actions): die 1 → 2');
    // Phase 1: A hits the wall and misses B on its right-front hex (2 against 4); B turns left to face W, sees A on b2 and hits it (4 against 2).
    const p1 = view.frames[1];
    expect(p1.m).toEqual([
      ['b2', 'E', 1, 0, true],
      ['c3', 'W', 3, 0, true],
    ]);
    expect(p1.hot).toEqual([
      [0, 'c3'],
      [1, 'b2'],
    ]);
    expect(p1.hit).toEqual([0]);
    expect(p1.c).toEqual({ A: 'Move', B: 'Left' });
    expect(p1.ev).toContain('A hits the wall on c2: 1 damage');
    // Phase 2: A landed; B turns back to NW and misses.
    expect(view.frames[2].hot).toEqual([[1, 'b2']]);
    expect(view.frames[2].hit).toEqual([]);
  });
});
