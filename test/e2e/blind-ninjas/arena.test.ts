/**
 * What Blind Ninjas? in the arena: a tournament of 2- and 4-player runs to tables,
 * replays and a report whose viewer draws the room (a piece a ninja, coloured and
 * credited by its seat); the replays' board view from records.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { playMatch } from '../../../src/match/loop.js';
import { loadBot } from '../../../src/match/bots.js';
import { bn } from '../../blind-ninjas/play.js';

const tmp = mkdtempSync(join(tmpdir(), 'bn-arena-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('What Blind Ninjas? in the arena', () => {
  it('plays a small tournament (duels and a 4-player free-for-all) to tables, replays and a report with the room', () => {
    const cfg = join(tmp, 'bn.json');
    writeFileSync(
      cfg,
      JSON.stringify({
        seed: 't',
        out: join(tmp, 'out'),
        runs: [
          { name: 'duels', ruleset: 'blind-ninjas', bots: ['random', 'marker', 'tracker'], schedule: { type: 'round-robin', games: 6 } },
          { name: 'four', ruleset: 'blind-ninjas', bots: ['random', 'marker', 'tracker', { name: 'r2', bot: 'random' }], schedule: { type: 'free-for-all', seats: 4, games: 4 } },
        ],
      }),
    );
    const r = spawnSync(process.execPath, ['dist/src/cli/main.js', 'tournament', cfg, '--workers', '1', '--quiet'], { encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    for (const run of ['duels', 'four']) {
      const dir = join(tmp, 'out', run);
      const rows = readFileSync(join(dir, 'matches.csv'), 'utf8').trim().split('\n');
      expect(rows.length).toBe(run === 'duels' ? 1 + 18 : 1 + 4);
      expect(readdirSync(join(dir, 'replays')).some((f) => f.endsWith('.jsonl'))).toBe(true);
      const html = readFileSync(join(dir, 'report.html'), 'utf8');
      expect(html).toContain('"view":"board"');
      expect(html).toContain('"name":"B4","loadout":"ninjas","loadoutName":"ninja","seat":1');
    }
  });

  it('draws a match as frames: a piece a ninja, a frame a turn, slashes hot and the slain hit', async () => {
    const game = bn().makeGame({ builds: ['ninjas', 'ninjas'] });
    const records: object[] = [];
    const [t, rnd] = [await loadBot('tracker'), await loadBot('random')];
    playMatch({ module: bn(), game, bots: [t, rnd], seed: 'view', record: (st) => bn().recorder(st, (x) => records.push(x)) });
    const view = bn().present!.boardView!(bn().describeGame!(game), records)!;
    expect(view.board).toMatchObject({ width: 4, height: 8 });
    expect(view.board.note).toMatch(/^A slashed square has the colour of the slasher's player/);
    expect(view.pieces.map((p) => p.name)).toEqual(['A1', 'A2', 'A3', 'A4', 'B1', 'B2', 'B3', 'B4']);
    expect(view.frames).toHaveLength(records.length + 1);
    const slashes = view.frames.flatMap((f) => f.hot);
    expect(slashes.length).toBeGreaterThan(0);
    const hits = view.frames.flatMap((f) => f.hit);
    expect(hits.length).toBeGreaterThan(0);
    // The last frame shows every slain ninja off the board.
    const last = view.frames[view.frames.length - 1];
    expect(last.m.filter((p) => !p[4]).length).toBe(new Set(hits).size);
    expect(bn().gameFromDescription!(bn().describeGame!(game), 'game')).toMatchObject({ players: 2, turnLimit: 100 });
  });
});
