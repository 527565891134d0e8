/**
 * Battle Engine's rules as scenarios (test/scenarios/battle-engine-*.json):
 * a deployment placed by hand and scripted steps, played by `havoc scenario`
 * as a user runs it (the compiled dist/), the outcome read from its trace and
 * its `--board` drawings; and the scenario reader's located errors.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadScenario } from '../../src/match/scenario.js';
import { defaultBattleEngine } from '../../src/rules/battle-engine/module.js';
import type { BeGame } from '../../src/rules/battle-engine/state.js';

const havoc = (...args: string[]) => {
  const r = spawnSync(process.execPath, ['dist/src/cli/main.js', ...args], { encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
};
/** The trace's records, its result, and each board drawn after a record (square → cell). */
function play(name: string) {
  const r = havoc('scenario', '--board', `test/scenarios/battle-engine-${name}.json`);
  expect(r.code, r.err).toBe(0);
  const lines = r.out.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
  const boards = r.err.trim().split('\n\n').map((drawing) => {
    const rows = drawing.split('\n');
    const files = rows.pop()!.trim().split(/\s+/);
    const at = new Map<string, string>();
    for (const row of rows) {
      const [n, ...cells] = row.trim().split(/\s+/);
      cells.forEach((c, i) => c !== '.' && c !== '~' && at.set(`${files[i]}${n}`, c));
    }
    return at;
  });
  // The first line is the start (the state before any turn); each record carries the state after it.
  expect(lines[0]).toMatchObject({ start: true });
  const states = lines.slice(0, -1).map((l) => l.state as BeStateJson);
  const records = lines.slice(1, -1).map(({ state: _state, ...r }) => r);
  return { records, states, result: (lines.at(-1) as { result: unknown }).result, boards };
}

interface BePieceJson {
  piece: string;
  square: string | null;
  hp: number;
  damage: number;
  arrows: number;
  panicked: boolean;
  status: string;
}
interface BeStateJson {
  phase: string;
  toMove: string | null;
  pieces: { A: BePieceJson[]; B: BePieceJson[] };
}

describe('havoc scenario: Battle Engine', () => {
  it('a shot along a clear column spends the archer\'s one arrow; out of arrows, it steps up and hits', () => {
    const { records, result, boards } = play('arrow');
    expect(records[0]).toEqual({ turn: 0, deploy: ['ltn@a1 archer@c3', 'ltn@h7 pvt@c6'], events: ['A starts'] });
    expect(boards[0].get('c3')).toBe('Aarcher:2/1a');
    expect(records[1]).toEqual({ turn: 0, seat: 'A', action: 's c3 c6', events: ['A Archer. c3 shoots B Private c6 (0 arrows left): 1 damage, 1 hp left'] });
    // The same as JSON: before the shot the archer has its arrow; after it, none, and the private 1 damage.
    const { states } = play('arrow');
    expect(states[0].pieces.A[1]).toMatchObject({ piece: 'archer', square: 'c3', arrows: 1 });
    expect(states[2].pieces.A[1]).toMatchObject({ piece: 'archer', square: 'c3', arrows: 0 });
    expect(states[2].pieces.B[1]).toMatchObject({ piece: 'pvt', square: 'c6', hp: 2, damage: 1 });
    expect(states[2].toMove).toBe('B');
    expect(boards[1].get('c3')).toBe('Aarcher:2');
    expect(boards[1].get('c6')).toBe('Bpvt:1');
    expect(records[4].events).toEqual(['A Archer. c4 hits B Private c5: 1 damage, killed']);
    expect([...boards[4]]).toEqual([['h7', 'Bltn:2'], ['c4', 'Aarcher:2'], ['a1', 'Altn:2']]);
    expect(result).toEqual({ winner: null, reason: 'unfinished', turns: 3 });
  });

  it('a Lt. Col kept alive by the Major\'s bonus dies when the Major moves away (bonusLoss "move")', () => {
    const { records, boards } = play('lost-bonus');
    const before = boards[records.findIndex((r) => r.action === 'end')];
    expect(before.get('c3')).toBe('Altc:0+1'); // three wounds on three hit points, alive on one bonus point
    expect(before.get('b3')).toBe('Amaj:3+1');
    const move = records.findIndex((r) => r.action === 'm b3 b4');
    expect(records[move].events).toEqual(['A Major b3 moves to b4', 'A Lt. Col c3 dies: its bonus was all that kept it alive']);
    expect(boards[move].has('c3')).toBe(false);
    expect(boards.at(-1)!.get('b4')).toBe('Amaj:3');
    expect(boards.at(-1)!.get('c4')).toBe('Bmsgt:2/1a');
  });

  it('the last officer killed: the rest surrender and the other side wins; "starts" overrides the starting player', () => {
    const { records, result, boards } = play('surrender');
    expect(records[0].events).toEqual(['B starts (as the scenario says)']);
    expect(records.at(-1)!.events).toEqual(['B Maceman d4 hits A LTN.... d3: 1 damage, killed', "A's last officer is killed: the rest surrender (Private a1, Private b1)"]);
    expect([...boards.at(-1)!]).toEqual([['h7', 'Bltn:2'], ['d4', 'Bmace:3']]);
    expect(result).toEqual({ winner: 'B', reason: 'surrender', turns: 0 });
  });

  it('a scenario with no turns prints its deployment as JSON; --view shows what one seat observes; an extra step of a finished turn says so', () => {
    const dir = mkdtempSync(join(tmpdir(), 'be-'));
    try {
      const arrow = JSON.parse(readFileSync('test/scenarios/battle-engine-arrow.json', 'utf8')) as Record<string, unknown>;
      writeFileSync(join(dir, 'none.json'), JSON.stringify({ ...arrow, turns: [] }));
      const none = havoc('scenario', join(dir, 'none.json'));
      const lines = none.out.trim().split('\n').map((l) => JSON.parse(l));
      expect(lines).toHaveLength(2);
      expect(lines[0].state.pieces.B).toEqual([
        { piece: 'ltn', square: 'h7', hp: 2, damage: 0, bonus: 0, arrows: 0, panicked: false, actsAs: 'ltn', status: 'on' },
        { piece: 'pvt', square: 'c6', hp: 2, damage: 0, bonus: 0, arrows: 0, panicked: false, actsAs: 'pvt', status: 'on' },
      ]);
      expect(lines[0].state).toMatchObject({ phase: 'play', toMove: 'A', acting: null });
      // B's view, in the observation bots get: its own pieces whole, A's only as squares and officer or not.
      const view = havoc('scenario', '--view', 'B', 'test/scenarios/battle-engine-arrow.json');
      const seen = view.out.trim().split('\n').map((l) => JSON.parse(l));
      expect(seen[0].view.seat).toBe('B');
      expect(seen[0].view.observation.enemy).toEqual([
        { square: 'a1', officer: true, panicked: false, damage: 0, shot: 0 },
        { square: 'c3', officer: false, panicked: false, damage: 0, shot: 0 },
      ]);
      expect(seen[0].view.observation.enemyArmy).toBe('ltn+archer'); // the army list is public, not which piece stands where
      // After the shot B sees that the piece on c3 shot one arrow.
      expect(seen[2].view.observation.enemy[1]).toMatchObject({ square: 'c3', shot: 1 });
      expect(havoc('scenario', '--view', 'C', join(dir, 'none.json')).err.trim()).toBe(`error: --view: no seat "C" in ${join(dir, 'none.json')} (its seats: A, B)`);
      writeFileSync(join(dir, 'end.json'), JSON.stringify({ ...arrow, turns: [...(arrow.turns as object[]), { A: 'end' }] }));
      const end = havoc('scenario', join(dir, 'end.json'));
      expect(end.code).toBe(1);
      expect(end.err.trim()).toBe("error: turns[4]: A's turn is over (it already ended): it is B's act now, and this turn of the script gives none for B");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a piece placed off its side is refused with its path in the file, no stack trace', () => {
    const r = havoc('scenario', 'test/scenarios/battle-engine-bad-square.json');
    expect(r.code).not.toBe(0);
    expect(r.err.trim()).toBe("error: test/scenarios/battle-engine-bad-square.json: B.pieces[1].square: c3 is not on B's side (rows 5 to 7; row 4 is no man's land; a mid-game position, with \"turn\", may place pieces anywhere)");
  });
});

describe('the Battle Engine scenario reader', () => {
  const base = { ruleset: 'battle-engine', A: { pieces: ['ltn@a1', 'pvt@c2'] }, B: { pieces: ['ltn@h7', 'pvt@c6'] }, turns: [] };
  const error = (over: Record<string, unknown>): string => {
    try {
      loadScenario({ ...base, ...over }, 'f.json');
      return 'accepted';
    } catch (e) {
      return (e as Error).message;
    }
  };

  it('names the path of every problem', () => {
    expect(error({ A: { pieces: ['ltn@a1', { piece: 'dragon', square: 'c2' }] } })).toMatch(/f\.json: A\.pieces\[1\]\.piece: "dragon" is not a piece of the roster \(gen, col/);
    expect(error({ A: { pieces: ['ltn@a1', 'pvt@a1'] } })).toMatch(/A\.pieces\[1\]\.square: a1 is taken by A\.pieces\[0\]/);
    expect(error({ A: { pieces: ['ltn@a1', 'pvt@k2'] } })).toMatch(/A\.pieces\[1\]\.square: "k2" is not a square of the 8 x 7 board \(a1 to h7\)/);
    expect(error({ A: { pieces: ['pvt@a1'] } })).toMatch(/A\.pieces: .*officer/);
    expect(error({ rules: { width: 13 } })).toMatch(/f\.json: rules\.width: must be a whole number from 6 to 12, not 13/);
    expect(error({ rules: { bonusLoss: 'never' } })).toMatch(/rules\.bonusLoss: must be one of "move", "always"/);
    expect(error({ rules: { speed: 2 } })).toMatch(/rules\.speed: no such reading/);
    expect(error({ starts: 'C' })).toMatch(/f\.json: starts: must be "A" or "B"/);
    expect(error({ B: { pieces: ['ltn@h7'], army: 'x' } })).toMatch(/B\.army: unknown field/);
    expect(error({ armies: [] })).toMatch(/f\.json: armies: unknown field/);
  });

  it('sets the board and readings: a 6-wide board with 4 rows a side puts B on rows 6 to 9', () => {
    const sc = loadScenario({ ...base, rules: { width: 6, rowsPerSide: 4, turnShape: 'one' }, B: { pieces: ['ltn@f9', 'pvt@c6'] }, turnLimit: 30 }, 'f.json');
    const g = sc.game as BeGame;
    expect([g.board.width, g.board.height, g.rules.turnShape, g.rules.turnLimit]).toEqual([6, 9, 'one', 30]);
    expect(error({ rules: { width: 6, rowsPerSide: 4 }, B: { pieces: ['ltn@f9', 'pvt@c5'] } })).toMatch(/B\.pieces\[1\]\.square: c5 is not on B's side \(rows 6 to 9; row 5/);
  });

  it('a placed game is described and read back whole (a replay of a scenario re-simulates)', () => {
    const mod = defaultBattleEngine();
    const g = loadScenario({ ...base, starts: 'B' }, 'f.json').game as BeGame;
    const desc = mod.describeGame!(g) as Record<string, unknown>;
    expect(desc).toMatchObject({ placed: ['ltn@a1 pvt@c2', 'ltn@h7 pvt@c6'], starts: 'B' });
    const back = mod.gameFromDescription!(JSON.parse(JSON.stringify(desc)), 'game');
    expect([back.placed, back.starts]).toEqual([g.placed, 1]);
    const st = mod.newState(back, 's');
    expect(mod.node(st)).toEqual({ kind: 'seat', seat: 1 });
  });
});
