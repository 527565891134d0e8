/**
 * The arena end to end, through the compiled commands in dist/ (built by
 * `npm test`): determinism across worker counts, kill -9 and resume, shards
 * and merge, bad configs, crashing bots. Tiny runs of `random` bots.
 *
 * A command plays in its own thread (the e2e tier's HAVOC_WORKERS=0) unless
 * the pool is what its test checks (1 and 2 workers give the same bytes, rows
 * a worker returns, the watchdog, drops settled while two workers play): a
 * pool's threads only load the code and warm the bots again. Bots that never
 * return block in Atomics.wait rather than spin: to a deadline or the
 * watchdog they are the same silent bot, and they burn no core while it runs.
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { havoc } from '../cli-helpers.js';

const tmp = mkdtempSync(join(tmpdir(), 'arena-cli-'));
chmodSync(tmp, 0o755); // bots written here run isolated, as an unprivileged user
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const args = (a: string[]) => ['dist/src/cli/main.js', ...a];
/** For runs whose tables are what is checked: no report, no replays (by default a run plays its chosen matches again to save them). */
const lean = ['--quiet', '--no-report', '--save-replays', 'none'];

const TABLES = ['matches.csv', 'loadouts.csv', 'bots.csv', 'parts.csv', 'matchups.csv', 'ratings.csv'];
const tables = (dir: string) => Object.fromEntries(TABLES.map((t) => [t, readFileSync(join(dir, t), 'utf8')]));
const summary = (dir: string) => {
  const s = JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8'));
  delete s.timing;
  return s;
};
const config = (name: string, json: unknown): string => {
  const p = join(tmp, name);
  writeFileSync(p, JSON.stringify(json));
  return p;
};

const sweep = config('sweep.json', {
  ruleset: 'nhm',
  bots: ['random'],
  schedule: { type: 'sweep', matches: 40, sample: 20 },
  turnLimit: 40,
  seed: 'arena-test',
});
/** The skilled bot's sweep (issue 48): its search counts simulations and never reads the clock for a decision. */
const skilledSweep = config('skilled-sweep.json', {
  ruleset: 'nhm',
  bots: ['skilled'],
  schedule: { type: 'sweep', matches: 8, sample: 8 },
  turnLimit: 20,
  budget: { ms: 1000, sims: 100 },
  seed: 'skilled-sweep',
});
const ladder = config('ladder.json', {
  ruleset: 'rbp',
  bots: ['random', { name: 'random-2', bot: 'random' }, { name: 'random-3', bot: 'random' }],
  schedule: { type: 'round-robin', games: 200 },
  turnLimit: 60,
});

describe('havoc tournament / sweep', () => {
  it('gives the same tables, byte for byte, with 1 and 2 workers', () => {
    for (const w of ['1', '2']) {
      const r = havoc('sweep', sweep, '--workers', w, '--out', join(tmp, `sweep-w${w}`), ...lean);
      expect(r.code, r.err).toBe(0);
      expect(r.out).toContain('what each part should cost, played by random');
      expect(r.out).toContain(`tables: ${join(tmp, `sweep-w${w}`)}/`);
    }
    expect(tables(join(tmp, 'sweep-w2'))).toEqual(tables(join(tmp, 'sweep-w1')));
    expect(summary(join(tmp, 'sweep-w2'))).toEqual(summary(join(tmp, 'sweep-w1')));
    const lines = readFileSync(join(tmp, 'sweep-w1', 'matches.csv'), 'utf8').trim().split('\n');
    expect(lines).toHaveLength(41);
    expect(lines[1]).toMatch(/^0,[0-9a-f]{16},random,[^,]+,random,[^,]+,[AB]?,\d+,(kill|mutual-destruction|turn-limit),\d+,\d+,0,0$/);
    expect(readFileSync(join(tmp, 'sweep-w1', 'parts.csv'), 'utf8')).toMatch(/^part,category,listed_cost,games_with,win_rate_with,/);
  });

  it('a skilled sweep gives the same matches.csv, byte for byte, with 1 and 2 workers', () => {
    for (const w of ['1', '2']) {
      const r = havoc('sweep', skilledSweep, '--workers', w, '--out', join(tmp, `skilled-w${w}`), ...lean);
      expect(r.code, r.err).toBe(0);
    }
    const one = readFileSync(join(tmp, 'skilled-w1', 'matches.csv'), 'utf8');
    expect(readFileSync(join(tmp, 'skilled-w2', 'matches.csv'), 'utf8')).toBe(one);
    const lines = one.trim().split('\n');
    expect(lines).toHaveLength(9);
    // Played by skilled, without a fault.
    for (const l of lines.slice(1)) expect(l).toMatch(/^\d+,[0-9a-f]{16},skilled,[^,]+,skilled,[^,]+,[AB]?,\d+,(kill|mutual-destruction|turn-limit),\d+,\d+,0,0$/);
  });

  it('two shards merged equal one run; merge refuses overlaps, gaps and other runs', () => {
    const one = join(tmp, 'sweep-w1');
    for (const k of ['1', '2']) expect(havoc('sweep', sweep, '--shard', `${k}/2`, '--out', join(tmp, `shard${k}`), ...lean).code).toBe(0);
    const s1 = readFileSync(join(tmp, 'shard1', 'matches.csv'), 'utf8').trim().split('\n');
    expect(s1.slice(1).every((l) => Number(l.split(',')[0]) % 2 === 0)).toBe(true);
    const m = havoc('merge', join(tmp, 'merged'), join(tmp, 'shard2'), join(tmp, 'shard1'));
    expect(m.code, m.err).toBe(0);
    expect(tables(join(tmp, 'merged'))).toEqual(tables(one));
    expect(summary(join(tmp, 'merged'))).toEqual(summary(one));

    const overlap = havoc('merge', join(tmp, 'm2'), join(tmp, 'shard1'), one);
    expect(overlap.code).toBe(1);
    expect(overlap.err).toMatch(/match 0 is also in .*shard1: the folders overlap/);
    const gap = havoc('merge', join(tmp, 'm3'), join(tmp, 'shard1'));
    expect(gap.code).toBe(1);
    expect(gap.err).toContain('20 of 40 matches are in none of the folders (ids 1, 3, 5');
    cpSync(join(tmp, 'shard2'), join(tmp, 'other2'), { recursive: true });
    const cfg = join(tmp, 'other2', 'config.json');
    writeFileSync(cfg, readFileSync(cfg, 'utf8').replace('"seed": "arena-test"', '"seed": "other"'));
    // Without its hash (a folder written before config.sha256): another run, not an edited one (records-tampered.test.ts).
    rmSync(join(tmp, 'other2', 'config.sha256'));
    const other = havoc('merge', join(tmp, 'm4'), join(tmp, 'shard1'), join(tmp, 'other2'));
    expect(other.code).toBe(1);
    expect(other.err).toContain('not the same run');
    for (const d of ['m2', 'm3', 'm4']) expect(existsSync(join(tmp, d))).toBe(false);

    // A merged folder finished by resume holds its rows out of id order (the even ids, then the odd); merging it still gives the run.
    const partial = havoc('merge', join(tmp, 'm5'), join(tmp, 'shard1'), '--allow-missing');
    expect(partial.code, partial.err).toBe(0);
    expect(havoc('resume', join(tmp, 'm5'), ...lean).code).toBe(0);
    const ids = readFileSync(join(tmp, 'm5', 'matches.csv'), 'utf8').trim().split('\n').slice(1, 23).map((l) => Number(l.split(',')[0]));
    expect(ids.slice(19, 22)).toEqual([38, 1, 3]);
    const again = havoc('merge', join(tmp, 'm6'), join(tmp, 'm5'));
    expect(again.code, again.err).toBe(0);
    expect(tables(join(tmp, 'm6'))).toEqual(tables(one));
  });

  it('a run killed with kill -9 and resumed ends with the same tables', async () => {
    const ref = join(tmp, 'ladder-ref');
    expect(havoc('tournament', ladder, '--out', ref, ...lean).code).toBe(0);
    const dir = join(tmp, 'ladder-killed');
    const child = spawn(process.execPath, args(['tournament', ladder, '--batch', '4', '--out', dir, ...lean]), { stdio: 'ignore' });
    const csv = join(dir, 'matches.csv');
    const exited = new Promise((r) => child.on('exit', r));
    for (let i = 0; i < 4000 && child.exitCode === null; i++) {
      if (existsSync(csv) && statSync(csv).size > 2000) break;
      await new Promise((r) => setTimeout(r, 5));
    }
    // Frozen mid-run (however fast it plays), the folder is locked: a second havoc on it refuses, naming the first.
    child.kill('SIGSTOP');
    const second = havoc('resume', dir, '--no-report');
    expect(second.code).toBe(1);
    expect(second.err).toContain(`another havoc is playing this run (pid ${child.pid} on `);
    child.kill('SIGKILL');
    await exited;
    // Its lock is left behind, stale: resume takes it over.
    expect(existsSync(join(dir, 'run.lock'))).toBe(true);
    expect(existsSync(join(dir, 'summary.json'))).toBe(false);
    const before = readFileSync(csv, 'utf8').split('\n').length - 2;
    expect(before).toBeGreaterThan(0);
    expect(before).toBeLessThan(600);
    const r = havoc('resume', dir, ...lean);
    expect(r.code, r.err).toBe(0);
    expect(tables(dir)).toEqual(tables(ref));
    expect(existsSync(join(dir, 'run.lock'))).toBe(false);
  });

  it('a bot\'s module is part of the run: resume, the same command and merge refuse a changed bot, naming it', () => {
    const mine = join(tmp, 'mine.mjs');
    writeFileSync(mine, `export default () => ({ program: () => 'X X X X X' });\n`);
    const cfg = config('mine.json', { ruleset: 'rbp', bots: ['random', { name: 'mine', bot: mine }], schedule: { type: 'round-robin', games: 2 }, turnLimit: 4 });
    const s1 = join(tmp, 'mine-s1'), s2 = join(tmp, 'mine-s2');
    // Trusted (--unsafe-bots): the config holds the module's hash however the bot plays, and a sandboxed seat costs a process a match.
    const trusted = ['--unsafe-bots', '--no-report'];
    expect(havoc('tournament', cfg, '--out', s1, '--shard', '1/2', ...trusted).code).toBe(0);
    expect(JSON.parse(readFileSync(join(s1, 'config.json'), 'utf8')).run.bots[1]).toMatchObject({ name: 'mine', sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    writeFileSync(mine, `export default () => ({ program: () => 'R R R R R' });\n`);
    const resumed = havoc('resume', s1, ...trusted);
    expect(resumed.code).toBe(1);
    expect(resumed.err).toContain(`run.bots[1]: mine: ${mine} has changed since the run began (its sha256 differs)`);
    const again = havoc('tournament', cfg, '--out', s1, '--shard', '1/2', ...trusted);
    expect(again.code).toBe(1);
    expect(again.err).toContain('the folder holds a different run (they differ in bots (the module of mine has changed: its sha256 differs))');
    expect(havoc('tournament', cfg, '--out', s2, '--shard', '2/2', ...trusted).code).toBe(0);
    const merged = havoc('merge', join(tmp, 'mine-merged'), s1, s2);
    expect(merged.code).toBe(1);
    expect(merged.err).toContain('not the same run as');
    expect(merged.err).toContain('the module of mine has changed');
  });

  it('bad arguments and scenarios are located errors, never stack traces, and nothing is written', () => {
    const cfg = config('args.json', { ruleset: 'rbp', bots: ['random', 'greedy'], schedule: { type: 'round-robin', games: 2 } });
    const file = join(tmp, 'a-file');
    writeFileSync(file, 'not a folder');
    const scenario = (name: string, json: unknown): string => {
      const p = join(tmp, `${name}.json`);
      writeFileSync(p, JSON.stringify(json));
      return p;
    };
    const machine = { name: 'A', square: 'd8', facing: 'S' };
    const cases: [string[], string][] = [
      [['tournament', cfg, '--out', join(tmp, 'args-1'), '--save-replays', 'lots'], '--save-replays: must be all, none, losses or a number of matches, not "lots"'],
      [['tournament', cfg, '--out', file], `--out: ${file} is a file, not a folder: choose another folder`],
      [['tournament', cfg, '--out', join(file, 'sub')], `--out: ${file} is a file, not a folder: choose another folder`],
      [['tournament', cfg, '--out', join(tmp, 'args-2'), '--seed', ''], '--seed: must not be empty'],
      [['match', '--seed', ''], '--seed: must not be empty'],
      [['scenario', scenario('board-0', { ruleset: 'rbp', board: { width: 0, height: 0 }, machines: [machine], turns: [] })], 'board: must be {"width": W, "height": H}, W from 1 to 26'],
      [['scenario', scenario('board-big', { ruleset: 'rbp', board: { width: 100000, height: 100000 }, machines: [machine], turns: [] })], 'board: must be {"width": W, "height": H}'],
      [['scenario', scenario('colour', { ruleset: 'rbp', colour: 1, machines: [machine], turns: [] })], 'colour: unknown field (expected ruleset, description, seed, turns, diceRunOut, board, machines, turnLimit, parts)'],
      [['scenario', scenario('limit', { ruleset: 'rbp', turnLimit: 'abc', machines: [machine], turns: [] })], 'turnLimit: must be a positive integer'],
    ];
    for (const [a, says] of cases) {
      const r = havoc(...a);
      expect(r.code, a.join(' ')).toBe(1);
      expect(r.err, a.join(' ')).toContain(says);
      expect(r.err, a.join(' ')).not.toMatch(/\n\s+at /);
    }
    expect(existsSync(join(tmp, 'args-1'))).toBe(false);
    expect(existsSync(join(tmp, 'args-2'))).toBe(false);
  });

  it('a replay that cannot be written stops the run with the file named; nothing is recorded as a match; resume finishes it', () => {
    const ref = join(tmp, 'ladder-ref');
    const dir = join(tmp, 'ladder-env');
    cpSync(ref, dir, { recursive: true });
    rmSync(join(dir, 'replays'), { recursive: true, force: true });
    // Cut ten matches short of the ladder's 600: the resume that finishes it plays those ten.
    const lines = readFileSync(join(dir, 'matches.csv'), 'utf8').split('\n');
    writeFileSync(join(dir, 'matches.csv'), lines.slice(0, 591).join('\n') + '\n');
    writeFileSync(join(dir, 'replays'), 'a file where the replays folder goes');
    const r = havoc('resume', dir, '--save-replays', 'all', '--no-report');
    expect(r.code).toBe(1);
    expect(r.err).toContain(`${join(dir, 'replays')}/match-`);
    expect(r.err).toContain('cannot write the replay (');
    expect(r.err).not.toMatch(/\n\s+at /);
    const after = readFileSync(join(dir, 'matches.csv'), 'utf8');
    expect(after.split('\n').slice(1).filter(Boolean).every((l) => !l.includes(',fault,'))).toBe(true);
    expect(existsSync(join(dir, 'errors.log')) ? readFileSync(join(dir, 'errors.log'), 'utf8') : '').not.toContain('could not be played');
    rmSync(join(dir, 'replays'));
    expect(havoc('resume', dir, '--no-report').code).toBe(0);
    expect(tables(dir)).toEqual(tables(ref));
  });

  it('rows a worker returns are checked against the schedule: a trusted bot that patches Math.floor cannot write bad ids', () => {
    const floor = join(tmp, 'floor.mjs');
    writeFileSync(floor, `export default () => { Math.floor = () => 0; return { program: () => 'X X X X X' }; };\n`);
    const cfg = config('floor.json', { ruleset: 'rbp', bots: ['random', { name: 'floor', bot: floor }], schedule: { type: 'round-robin', games: 4 }, turnLimit: 6 });
    const out = join(tmp, 'floor-out');
    const r = havoc('tournament', cfg, '--workers', '1', '--out', out, '--unsafe-bots', '--no-report');
    expect(r.code, r.err).toBe(0);
    const ids = readFileSync(join(out, 'matches.csv'), 'utf8').trim().split('\n').slice(1).map((l) => l.split(',')[0]);
    expect(ids).toEqual(['0', '1', '2', '3']);
    expect(readFileSync(join(out, 'errors.log'), 'utf8')).toContain('the worker returned rows that are not the batch\'s matches');
    // The folder stays whole: resume finds nothing to play and rebuilds the same tables.
    const before = tables(out);
    const again = havoc('resume', out, '--unsafe-bots', '--no-report');
    expect(again.code, again.err).toBe(0);
    expect(tables(out)).toEqual(before);
  });

  it('resume refuses a run folder whose copy of the catalogue was changed, naming the file', () => {
    const dir = join(tmp, 'ladder-edited');
    cpSync(join(tmp, 'ladder-ref'), dir, { recursive: true });
    const parts = JSON.parse(readFileSync(join(dir, 'parts.json'), 'utf8'));
    parts.parts[0].cost += 1;
    writeFileSync(join(dir, 'parts.json'), JSON.stringify(parts));
    const r = havoc('resume', dir);
    expect(r.code).toBe(1);
    expect(r.err).toContain(`${join(dir, 'parts.json')}: this parts catalogue is not the one the run was played with (its hash differs)`);
    writeFileSync(join(dir, 'parts.json'), '{"version": 1,');
    expect(havoc('resume', dir).err).toMatch(/parts\.json: not valid JSON/);
    rmSync(join(dir, 'parts.json'));
    expect(havoc('resume', dir).err).toContain(`${join(dir, 'parts.json')}: missing: the run folder is incomplete`);
  });

  it('a torn last line is cut off on resume, and re-running the same command resumes too', () => {
    const ref = tables(join(tmp, 'ladder-ref'));
    const dir = join(tmp, 'ladder-torn');
    cpSync(join(tmp, 'ladder-ref'), dir, { recursive: true });
    // Each cut near the end of the ladder's 600 matches: what is left to play (ten matches, then five) is all a resume plays.
    const lines = ref['matches.csv'].split('\n');
    writeFileSync(join(dir, 'matches.csv'), lines.slice(0, 591).join('\n') + '\n' + lines[591].slice(0, 9));
    rmSync(join(dir, 'summary.json'));
    expect(havoc('resume', dir, ...lean).code).toBe(0);
    expect(tables(dir)).toEqual(ref);
    writeFileSync(join(dir, 'matches.csv'), lines.slice(0, 596).join('\n') + '\n');
    expect(havoc('tournament', ladder, '--out', dir, ...lean).code).toBe(0);
    expect(tables(dir)).toEqual(ref);
    const clash = havoc('tournament', ladder, '--out', dir, '--seed', '2');
    expect(clash.code).toBe(1);
    expect(clash.err).toContain('the folder holds a different run (they differ in seed)');
  });
});

describe('bad configs and bad bots', () => {
  it('a bad config fails with the path of the bad field and writes nothing', () => {
    const out = join(tmp, 'bad-out');
    const bad = config('bad.json', { ruleset: 'rbp', bots: ['random', 'nobody'], schedule: { type: 'round-robin', games: -2 }, out });
    const r = havoc('tournament', bad);
    expect(r.code).toBe(1);
    expect(r.err).toContain('bad.json: schedule.games: must be a positive integer');
    expect(r.err).toContain('bad.json: bots[1]: no built-in bot "nobody"');
    expect(r.out).toBe('');
    expect(existsSync(out)).toBe(false);
    const notSweep = havoc('sweep', ladder, '--out', out);
    expect(notSweep.code).toBe(1);
    expect(notSweep.err).toContain('not a sweep');
    expect(existsSync(out)).toBe(false);
  });

  it('an isolated bot that throws has faults; one that exits forfeits its match, and errors.log says why', () => {
    const thrower = join(tmp, 'thrower.mjs');
    writeFileSync(thrower, `export default () => ({ program(obs) { if (obs.turn % 2 === 1) throw new Error('boom'); return 'X X X X X'; } });\n`);
    const killer = join(tmp, 'killer.mjs');
    writeFileSync(killer, `export default (ctx) => ({ program() { if (ctx.seat === 0) process.exit(7); return 'X X X X X'; } });\n`);
    const cfg = config('crash.json', { ruleset: 'rbp', bots: ['random', thrower, { name: 'killer', bot: killer }], schedule: { type: 'round-robin', games: 2 }, turnLimit: 12 });
    const out = join(tmp, 'crash-out');
    const r = havoc('tournament', cfg, '--out', out);
    expect(r.code, r.err).toBe(0);
    const rows = readFileSync(join(out, 'matches.csv'), 'utf8').trim().split('\n').slice(1).map((l) => l.split(','));
    expect(rows).toHaveLength(6);
    // The thrower loses every other turn to a fault, and plays on (but where the killer forfeits at once).
    const faults = (row: string[], seat: number) => Number(row[11 + seat]);
    const throwerRows = rows.filter((x) => (x[2] === thrower || x[4] === thrower) && x[2] !== 'killer');
    expect(throwerRows).toHaveLength(3);
    const errors = () => (existsSync(join(out, 'errors.log')) ? readFileSync(join(out, 'errors.log'), 'utf8') : '');
    expect(throwerRows.map((x) => [faults(x, x[2] === thrower ? 0 : 1), x[8]]), `errors.log:\n${errors()}`).toEqual(throwerRows.map(() => [6, 'turn-limit']));
    // The killer's process exits in seat A: it forfeits, the other seat wins; in seat B it plays on.
    const killerA = rows.filter((x) => x[2] === 'killer');
    expect(killerA.map((x) => [x[6], x[8], faults(x, 0)])).toEqual(killerA.map(() => ['B', 'forfeit', 1]));
    expect(rows.filter((x) => x[4] === 'killer').every((x) => x[8] !== 'forfeit')).toBe(true);
    const log = readFileSync(join(out, 'errors.log'), 'utf8');
    for (const x of killerA) expect(log).toContain(`match ${x[0]}: seat A (killer) forfeits the match: crash, the process exited with code 7 to program #1\n`);
    expect(log).not.toContain('could not be played');
    // The report shows errors.log, seat and cause.
    const html = readFileSync(join(out, 'report.html'), 'utf8');
    expect(html).toContain('<section id="errors">');
    expect(html).toContain(`<li>match ${killerA[0][0]}: seat A (killer) forfeits the match: crash, the process exited with code 7 to program #1</li>`);
  });

  it('maxFaults: a bot with more faults than that in a match forfeits it; the replay verifies', () => {
    const thrower = join(tmp, 'thrower-again.mjs');
    writeFileSync(thrower, `export default () => ({ program(obs) { if (obs.turn % 2 === 1) throw new Error('boom'); return 'X X X X X'; } });\n`);
    const cfg = config('max-faults.json', { ruleset: 'rbp', bots: ['random', { name: 'thrower', bot: thrower }], schedule: { type: 'round-robin', games: 2 }, turnLimit: 12, maxFaults: 1 });
    const out = join(tmp, 'max-faults-out');
    const r = havoc('tournament', cfg, '--out', out, '--no-report');
    expect(r.code, r.err).toBe(0);
    const rows = readFileSync(join(out, 'matches.csv'), 'utf8').trim().split('\n').slice(1).map((l) => l.split(','));
    // It throws on turns 2 and 4: its second fault is one too many.
    expect(rows.map((x) => [x[6], x[7], x[8]])).toEqual([['A', '3', 'forfeit'], ['B', '3', 'forfeit']]);
    expect(readFileSync(join(out, 'errors.log'), 'utf8')).toContain('match 0: seat B (thrower) forfeits the match: throw, 2 faults, more than 1');
    const v = havoc('replay', join(out, 'replays', 'match-0.jsonl'), '--verify');
    expect(v.code, v.err).toBe(0);
  });

  it('an isolated bot that never returns is killed at its deadline and forfeits; the run goes on', () => {
    const hanger = join(tmp, 'hanger.mjs');
    writeFileSync(hanger, `export default (ctx) => ({ program(obs) { if (ctx.seat === 0 && obs.turn === 2) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0); return 'X X X X X'; } });\n`);
    // Budget 100 ms: an isolated bot's process is killed after 2 s (five times the budget, at least 2 s).
    const cfg = config('hang.json', { ruleset: 'rbp', bots: ['random', { name: 'hanger', bot: hanger }], schedule: { type: 'round-robin', games: 2 }, turnLimit: 6, budget: { ms: 100, sims: 100 } });
    const out = join(tmp, 'hang-out');
    const t0 = Date.now();
    const r = havoc('tournament', cfg, '--out', out, '--no-report');
    expect(r.code, r.err).toBe(0);
    const rows = readFileSync(join(out, 'matches.csv'), 'utf8').trim().split('\n').slice(1).map((l) => l.split(','));
    expect(rows.map((x) => [x[0], x[2], x[6], x[8]])).toEqual([
      ['0', 'random', rows[0][6], rows[0][8]],
      ['1', 'hanger', 'B', 'hang'],
    ]);
    expect(rows[0][8]).not.toBe('hang');
    expect(readFileSync(join(out, 'errors.log'), 'utf8')).toContain('match 1: seat A (hanger) forfeits the match: timeout, no answer to program #3: the process was killed');
    expect(Date.now() - t0).toBeGreaterThan(2_000);
  });

  it('a disk that fills up stops the run with a located error, no stack trace; nothing written is lost: the resume ends with the same bytes', () => {
    // A 64 KiB filesystem (bubblewrap's tmpfs, as the sandbox uses) holds the run folder; matches.csv outgrows it.
    // Two random bots, not random and greedy: the rows fill the disk as fast, and the three runs cost a third of the CPU.
    const cfg = config('disk-full.json', { ruleset: 'rbp', bots: ['random', { name: 'random-2', bot: 'random' }], schedule: { type: 'round-robin', games: 800 }, turnLimit: 20, seed: 'full' });
    const full = join(tmp, 'full'), saved = join(tmp, 'full-saved'), whole = join(tmp, 'full-whole');
    mkdirSync(full);
    const script = `"$0" ${args(['tournament', cfg, '--out', join(full, 'run'), '--no-report', '--quiet', '--save-replays', 'none']).join(' ')} 2> ${join(tmp, 'full.err')}; echo $? > ${join(tmp, 'full.code')}; cp -r ${join(full, 'run')} ${saved}`;
    const r = spawnSync('bwrap', ['--dev-bind', '/', '/', '--size', String(64 << 10), '--tmpfs', full, 'sh', '-c', script, process.execPath], { encoding: 'utf8', cwd: process.cwd() });
    expect(r.status, r.stderr).toBe(0);
    const err = readFileSync(join(tmp, 'full.err'), 'utf8');
    expect(readFileSync(join(tmp, 'full.code'), 'utf8').trim()).not.toBe('0');
    expect(err).toMatch(/matches\.csv: cannot write \(ENOSPC\); the run stops here and `havoc resume` carries on/);
    expect(err).not.toMatch(/\n\s+at /);
    const cut = readFileSync(join(saved, 'matches.csv'), 'utf8');
    expect(cut.split('\n').length).toBeGreaterThan(100);
    // The same run on a roomy disk, and the cut one resumed there: the same bytes.
    expect(havoc('tournament', cfg, '--out', whole, '--no-report', '--quiet', '--save-replays', 'none').code).toBe(0);
    const again = havoc('resume', saved, '--no-report', '--quiet');
    expect(again.code, again.err).toBe(0);
    expect(readFileSync(join(saved, 'matches.csv'), 'utf8')).toBe(readFileSync(join(whole, 'matches.csv'), 'utf8'));
  });

  it('a bot that hangs in maxHangs matches in a row is dropped: its later matches are lost unplayed (reason dropped), and a resume knows it', () => {
    const hanger = join(tmp, 'always-hangs.mjs');
    writeFileSync(hanger, `export default () => ({ program() { Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0); } });\n`);
    const cfg = config('drop.json', { ruleset: 'rbp', bots: ['random', { name: 'random-2', bot: 'random' }, { name: 'hanger', bot: hanger }], schedule: { type: 'round-robin', games: 2 }, turnLimit: 6, budget: { ms: 100, sims: 100 }, maxHangs: 2 });
    const out = join(tmp, 'drop-out');
    const r = havoc('tournament', cfg, '--workers', '2', '--out', out, '--no-report');
    expect(r.code, r.err).toBe(0);
    const text = readFileSync(join(out, 'matches.csv'), 'utf8');
    const rows = text.trim().split('\n').slice(1).map((l) => l.split(','));
    const theirs = rows.filter((x) => x[2] === 'hanger' || x[4] === 'hanger');
    expect(theirs.map((x) => x[8])).toEqual(['hang', 'hang', 'dropped', 'dropped']);
    // Lost by the hanger: the other seat wins; a dropped match is not played (no turns, no faults).
    for (const x of theirs) expect(x[6]).toBe(x[2] === 'hanger' ? 'B' : 'A');
    for (const x of theirs.slice(2)) expect(x.slice(7)).toEqual(['0', 'dropped', '0', '0', '0', '0']);
    expect(rows.filter((x) => x[2] !== 'hanger' && x[4] !== 'hanger').every((x) => !['hang', 'dropped'].includes(x[8]))).toBe(true);
    const log = readFileSync(join(out, 'errors.log'), 'utf8');
    expect(log).toContain(`bot hanger is dropped from the run: it hung in 2 of its matches in a row (${theirs[0][0]}, ${theirs[1][0]})`);
    expect(r.err).toContain('bot hanger is dropped from the run');
    // Cut the run back to its second hang: the resume reads the streak from the rows and plays none of the hanger's matches.
    const keep = text.split('\n').slice(0, 2 + Number(theirs[1][0])).join('\n') + '\n';
    writeFileSync(join(out, 'matches.csv'), keep);
    writeFileSync(join(out, 'errors.log'), '');
    const again = havoc('resume', out, '--no-report');
    expect(again.code, again.err).toBe(0);
    expect(readFileSync(join(out, 'matches.csv'), 'utf8')).toBe(text);
    expect(readFileSync(join(out, 'errors.log'), 'utf8')).not.toContain('forfeits the match');
  });

  it('a trusted bot (--unsafe-bots) that never returns is stopped by the watchdog: it loses its match (reason hang), the run goes on', () => {
    const hanger = join(tmp, 'hanger.mjs');
    // Budget 100 ms: a decision is stopped after 5 s (10 times the budget, at least 5 s).
    const cfg = config('hang-trusted.json', { ruleset: 'rbp', bots: ['random', { name: 'hanger', bot: hanger }], schedule: { type: 'round-robin', games: 2 }, turnLimit: 6, budget: { ms: 100, sims: 100 } });
    const out = join(tmp, 'hang-trusted-out');
    const t0 = Date.now();
    const r = havoc('tournament', cfg, '--workers', '1', '--out', out, '--no-report', '--unsafe-bots');
    expect(r.code, r.err).toBe(0);
    const rows = readFileSync(join(out, 'matches.csv'), 'utf8').trim().split('\n').slice(1).map((l) => l.split(','));
    expect(rows.map((x) => [x[0], x[2], x[6], x[7], x[8]])).toEqual([
      ['0', 'random', rows[0][6], rows[0][7], rows[0][8]],
      ['1', 'hanger', 'B', '0', 'hang'],
    ]);
    expect(rows[0][8]).not.toBe('hang');
    expect(readFileSync(join(out, 'errors.log'), 'utf8')).toContain('match 1: lost by the bot that hung, reason hang: the bot in seat A did not return in time');
    // Stopped twice (the batch, then the match alone), each after its 5 s.
    expect(Date.now() - t0).toBeGreaterThan(10_000);
  });
});

describe('replays, reports and the two-pig kernel in runs', () => {
  const pigs = (name: string) =>
    config(`${name}.json`, {
      name,
      ruleset: 'rbp',
      seed: 'kernel',
      bots: [{ name: 'a', bot: 'bench-random' }, { name: 'b', bot: 'bench-random' }],
      schedule: { type: 'round-robin', games: 10 },
    });

  it('native-policy bots on the kernel give the same matches as the general engine', () => {
    const fast = join(tmp, 'kernel-fast'), slow = join(tmp, 'kernel-slow');
    expect(havoc('tournament', pigs('k1'), '--out', fast, '--quiet', '--save-replays', 'none', '--no-report').code).toBe(0);
    // Saving every replay plays every match through the general engine and the bot API.
    expect(havoc('tournament', pigs('k2'), '--out', slow, '--quiet', '--save-replays', 'all').code).toBe(0);
    expect(tables(fast)).toEqual(tables(slow));
    expect(existsSync(join(fast, 'replays'))).toBe(false);
    expect(readFileSync(join(slow, 'matches.csv'), 'utf8').trim().split('\n')).toHaveLength(11);
  });

  it('saves the chosen replays, which verify, and writes report.html at the end of the run', () => {
    const dir = join(tmp, 'kernel-slow');
    for (const id of [0, 7, 9]) expect(existsSync(join(dir, 'replays', `match-${id}.jsonl`))).toBe(true);
    const v = havoc('replay', dir, '--match', '7', '--verify');
    expect(v.code).toBe(0);
    expect(readFileSync(join(dir, 'report.html'), 'utf8')).toContain('<svg');
  });

  it('plays any match of a run again from its folder, even one whose replay was not saved', () => {
    const dir = join(tmp, 'kernel-fast');
    const v = havoc('replay', dir, '--match', '6', '--verify');
    expect(v.code).toBe(0);
    const lines = readFileSync(join(dir, 'replays', 'match-6.jsonl'), 'utf8').trim().split('\n');
    const result = JSON.parse(lines[lines.length - 1]).result;
    const row = readFileSync(join(dir, 'matches.csv'), 'utf8').split('\n').find((l) => l.startsWith('6,'))!.split(',');
    const header = readFileSync(join(dir, 'matches.csv'), 'utf8').split('\n')[0].split(',');
    expect(result.turns).toBe(Number(row[header.indexOf('turns')]));
    expect(result.reason).toBe(row[header.indexOf('reason')]);
    expect(havoc('replay', dir, '--match', '99999').err).toMatch(/the run has matches 0 to 9/);
  });
});

describe('havoc schema', () => {
  it('prints the JSON Schema configs/schema.json holds, and --check tells a stale copy', () => {
    const r = havoc('schema');
    expect(r.code).toBe(0);
    expect(r.out).toBe(readFileSync('configs/schema.json', 'utf8'));
    expect(havoc('schema', '--check', 'configs/schema.json').code).toBe(0);
    const stale = config('stale-schema.json', { type: 'object' });
    const s = havoc('schema', '--check', stale);
    expect(s.code).toBe(1);
    expect(s.err).toMatch(/not the schema of this version's configs: run `npm run schema`/);
  });

  it('a config that names the schema plays', () => {
    const cfg = config('with-schema.json', { $schema: './schema.json', ruleset: 'rbp', bots: ['random', { name: 'random-2', bot: 'random' }], schedule: { type: 'round-robin', games: 2 }, turnLimit: 10 });
    const r = havoc('tournament', cfg, '--out', join(tmp, 'with-schema'), '--workers', '0', '--quiet', '--no-report', '--save-replays', 'none');
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(readFileSync(join(tmp, 'with-schema', 'matches.csv'), 'utf8').trim().split('\n')).toHaveLength(3);
  });
});
