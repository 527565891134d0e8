/**
 * A game of another shape through the whole arena: Kuhn poker (test-only,
 * test/games/kuhn: chance, alternating turns, hidden cards), named in a run
 * config by its module's path, played by `havoc tournament` on 1 and 2
 * workers, killed with kill -9 and resumed, merged from shards: the same
 * tables every time; its replays (havoc-replay/2) saved, verified, played
 * again from the run folder, and shown by `havoc report`. Through the
 * compiled commands in dist/.
 */
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { havoc } from '../cli-helpers.js';

const tmp = mkdtempSync(join(tmpdir(), 'kuhn-'));
chmodSync(tmp, 0o755); // bots written here run isolated, as an unprivileged user
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const args = (a: string[]) => ['dist/src/cli/main.js', ...a];
const TABLES = ['matches.csv', 'loadouts.csv', 'bots.csv', 'parts.csv', 'matchups.csv', 'ratings.csv'];
const tables = (dir: string) => Object.fromEntries(TABLES.map((t) => [t, readFileSync(join(dir, t), 'utf8')]));

const cfg = join(tmp, 'kuhn.json');
writeFileSync(
  cfg,
  JSON.stringify({
    ruleset: 'dist/test/games/kuhn/index.js',
    bots: [
      { name: 'always-bet', bot: 'dist/test/games/kuhn/bots/always-bet.js' },
      { name: 'random', bot: 'dist/test/games/kuhn/bots/random.js' },
    ],
    schedule: { type: 'round-robin', games: 1000 },
    seed: 'kuhn-1',
  }),
);

describe('Kuhn poker (test-only ruleset) through havoc tournament', () => {
  const ref = join(tmp, 'w1');

  it('plays 1,000 matches, the same bytes on 1 and 2 workers', () => {
    // The project's own test bots, trusted: they play in the workers' threads (--unsafe-bots), as built-in bots do.
    const a = havoc('tournament', cfg, '--workers', '1', '--out', ref, '--quiet', '--unsafe-bots', '--no-report');
    expect(a.code, a.err).toBe(0);
    const b = havoc('tournament', cfg, '--workers', '2', '--out', join(tmp, 'w2'), '--quiet', '--unsafe-bots', '--no-report');
    expect(b.code, b.err).toBe(0);
    expect(tables(join(tmp, 'w2'))).toEqual(tables(ref));
    const lines = readFileSync(join(ref, 'matches.csv'), 'utf8').trim().split('\n');
    // The ruleset's own figure (chips won) is the column after reason.
    expect(lines[0]).toBe('id,seed,a_bot,a_loadout,b_bot,b_loadout,winner,turns,reason,a_chips,b_chips,a_faults,b_faults');
    expect(lines).toHaveLength(1001);
    for (const l of lines.slice(1)) {
      const f = l.split(',');
      expect(['showdown', 'fold']).toContain(f[8]);
      expect(Number(f[9]) + Number(f[10])).toBe(0); // chips are zero-sum
      expect(f[6]).toBe(Number(f[9]) > 0 ? 'A' : 'B');
      expect(f.slice(11)).toEqual(['0', '0']);
    }
    const config = JSON.parse(readFileSync(join(ref, 'config.json'), 'utf8'));
    expect(config.run.ruleset).toBe('kuhn');
    expect(config.run.rulesetModule).toBe(resolve('dist/test/games/kuhn/index.js'));
    // Kuhn poker reads no data file: no catalogue is read, hashed or copied.
    expect(config.run).not.toHaveProperty('catalogueHash');
    expect(existsSync(join(ref, 'parts.json'))).toBe(false);
    expect(JSON.parse(readFileSync(join(ref, 'summary.json'), 'utf8'))).not.toHaveProperty('catalogueHash');
    const bots = readFileSync(join(ref, 'bots.csv'), 'utf8');
    expect(bots.split('\n')[0]).toContain('mean_chips');
    // always-bet never folds: it wins at least the random bot's folds and half the showdowns, far more than half.
    expect(bots.split('\n')[1]).toMatch(/^1,always-bet,1000,/);
  });

  it('resumes after kill -9 with identical tables', async () => {
    const dir = join(tmp, 'killed');
    const child = spawn(process.execPath, args(['tournament', cfg, '--workers', '2', '--batch', '20', '--out', dir, '--unsafe-bots']), { stdio: 'ignore' });
    const csv = join(dir, 'matches.csv');
    const exited = new Promise((r) => child.on('exit', r));
    for (let i = 0; i < 4000 && child.exitCode === null; i++) {
      if (existsSync(csv) && statSync(csv).size > 3000) break;
      await new Promise((r) => setTimeout(r, 2));
    }
    child.kill('SIGKILL');
    await exited;
    const before = readFileSync(csv, 'utf8').split('\n').length - 2;
    expect(before).toBeGreaterThan(0);
    expect(before).toBeLessThan(1000);
    // Resumed in the command's own thread: the rows left are played where any worker count would play them the same.
    const r = havoc('resume', dir, '--unsafe-bots', '--no-report');
    expect(r.code, r.err).toBe(0);
    expect(tables(dir)).toEqual(tables(ref));
  });

  it('shards merge into the tables of one run', () => {
    for (const k of ['1', '2']) expect(havoc('tournament', cfg, '--shard', `${k}/2`, '--out', join(tmp, `s${k}`), '--quiet', '--unsafe-bots', '--no-report').code).toBe(0);
    const m = havoc('merge', join(tmp, 'merged'), join(tmp, 's1'), join(tmp, 's2'));
    expect(m.code, m.err).toBe(0);
    expect(tables(join(tmp, 'merged'))).toEqual(tables(ref));
  });

  it('havoc scenario plays a scripted Kuhn hand: the deal from the scenario seed, the actions in order; a bad action names its turn', () => {
    const file = join(tmp, 'hand.json');
    writeFileSync(file, JSON.stringify({ ruleset: 'dist/test/games/kuhn/index.js', seed: 's1', turns: [{ A: 'bet' }, { B: 'call' }] }));
    const r = havoc('scenario', file);
    expect(r.code, r.err).toBe(0);
    const lines = r.out.trim().split('\n').map((l) => JSON.parse(l));
    expect(lines.map((l) => l.action ?? null)).toEqual(['bet', 'call', null]);
    expect(lines[2].result).toMatchObject({ reason: 'showdown', turns: 2 });
    expect(havoc('scenario', file).out).toBe(r.out);
    writeFileSync(file, JSON.stringify({ ruleset: 'dist/test/games/kuhn/index.js', turns: [{ A: 'bet' }, { B: 'raise' }] }));
    const bad = havoc('scenario', file);
    expect(bad.code).toBe(1);
    expect(bad.err).toMatch(/^error: turns\[1\]/m);
    expect(bad.out.trim().split('\n')).toHaveLength(1); // the first action's record, then the error
  });

  it('saves replays of the ruleset\'s records, which verify, play back and go into the report', () => {
    // Bots named by path and trusted (--unsafe-bots) would play the chosen matches in the arena's threads once more: none are chosen.
    expect(existsSync(join(ref, 'replays', 'chosen.json'))).toBe(false);
    // Trusted, as the run played them (each seat sandboxed would start a process: match 517 below is played so).
    const made = havoc('replay', ref, '--match', '3', '--verify', '--unsafe-bots');
    expect(made.code, made.err).toBe(0);
    const lines = readFileSync(join(ref, 'replays', 'match-3.jsonl'), 'utf8').trim().split('\n');
    const header = JSON.parse(lines[0]).header;
    expect(header).toMatchObject({ format: 'havoc-replay/2', ruleset: 'kuhn', seats: ['A', 'B'], game: { seats: 2 }, match: { id: 3, runSeed: 'kuhn-1' } });
    const result = JSON.parse(lines[lines.length - 1]).result;
    const row = readFileSync(join(ref, 'matches.csv'), 'utf8').split('\n').find((l) => l.startsWith('3,'))!.split(',');
    expect([result.winner, String(result.turns), result.reason, String(result.figures.chips[0])]).toEqual([row[6], row[7], row[8], row[9]]);
    // A match the run did not save is played again from the folder.
    const again = havoc('replay', ref, '--match', '517', '--verify');
    expect(again.code, again.err).toBe(0);
    const shown = havoc('replay', ref, '--match', '517');
    expect(shown.code, shown.err).toBe(0);
    expect(shown.out).toMatch(/^start {3}A: \S+\.js {2}B: \S+\.js\n/);
    expect(shown.out).toContain('"history":[');
    const report = havoc('report', ref);
    expect(report.code, report.err).toBe(0);
    const html = readFileSync(join(ref, 'report.html'), 'utf8');
    expect(html).toContain('id="replay-data"');
    expect(html).toContain('"view":"records"');
  });

  it('bots named by path play isolated, each in a sandboxed process, the same matches as in the arena\'s threads', () => {
    const small = join(tmp, 'small.json');
    // A roomy budget: a decision's wall time (the round trip included) may not decide a row on a loaded test machine.
    // Two matches, a fold and a showdown (seed kuhn-2's; kuhn-1's first two are folds): each isolated match starts a
    // sandboxed process a seat (~0.24 s of CPU each), and each chosen one two more; both runs in the command's own
    // thread (the pool is not what is tested here).
    writeFileSync(small, JSON.stringify({ ...JSON.parse(readFileSync(cfg, 'utf8')), schedule: { type: 'round-robin', games: 2 }, seed: 'kuhn-2', budget: { ms: 10_000, sims: 2000 } }));
    const trusted = havoc('tournament', small, '--out', join(tmp, 'small-trusted'), '--quiet', '--unsafe-bots', '--no-report');
    expect(trusted.code, trusted.err).toBe(0);
    const isolated = havoc('tournament', small, '--out', join(tmp, 'small-isolated'), '--quiet', '--no-report');
    expect(isolated.code, isolated.err).toBe(0);
    expect(tables(join(tmp, 'small-isolated'))).toEqual(tables(join(tmp, 'small-trusted')));
    expect(readFileSync(join(tmp, 'small-isolated', 'matches.csv'), 'utf8')).toMatch(/,showdown,[\s\S]*,fold,|,fold,[\s\S]*,showdown,/);
    // Isolated, the run chooses up to ten matches for interest (interest.ts), here both (each played again in
    // sandboxed processes: a match costs two of them), and saves them: listed with why, each a replay that verifies.
    const dir = join(tmp, 'small-isolated');
    const chosen = JSON.parse(readFileSync(join(dir, 'replays', 'chosen.json'), 'utf8')) as { matches: { id: number; why: string; loser?: string }[] };
    expect(chosen.matches).toHaveLength(2);
    expect(chosen.matches[0].why).toBe('loss');
    for (const c of chosen.matches) expect(existsSync(join(dir, 'replays', `match-${c.id}.jsonl`)), `match ${c.id}`).toBe(true);
    const v = havoc('replay', join(dir, 'replays', `match-${chosen.matches[0].id}.jsonl`), '--verify');
    expect(v.code, v.err).toBe(0);
    expect(v.out).toContain('re-simulate exactly');
  });

  it('a match with a bot fault always gets its replay, and it verifies', () => {
    const bad = join(tmp, 'bad-bot.mjs');
    // Answers nonsense whenever it opens the betting: an illegal answer, a fault, and the forfeit (check).
    writeFileSync(bad, `export default () => ({ bet: (obs) => (obs.history.length === 0 ? 'raise' : 'bet') });\n`);
    const faulty = join(tmp, 'faulty.json');
    writeFileSync(faulty, JSON.stringify({ ruleset: 'dist/test/games/kuhn/index.js', bots: [{ name: 'bad', bot: bad }, { name: 'random', bot: 'dist/test/games/kuhn/bots/random.js' }], schedule: { type: 'round-robin', games: 2 }, seed: 'kuhn-faults' }));
    const dir = join(tmp, 'faulty');
    // Two matches, one a seat: bad opens the betting (and faults) in the first, not in the second. Both bots sandboxed.
    const r = havoc('tournament', faulty, '--out', dir, '--quiet', '--save-replays', '0', '--no-report');
    expect(r.code, r.err).toBe(0);
    const rows = readFileSync(join(dir, 'matches.csv'), 'utf8').trim().split('\n').slice(1).map((l) => l.split(','));
    const faulted = rows.filter((f) => Number(f[11]) + Number(f[12]) > 0).map((f) => f[0]);
    expect(faulted.length).toBeGreaterThan(0);
    expect(faulted.length).toBeLessThan(rows.length);
    for (const f of rows) expect(existsSync(join(dir, 'replays', `match-${f[0]}.jsonl`)), `match ${f[0]}`).toBe(faulted.includes(f[0]));
    const lines = readFileSync(join(dir, 'replays', `match-${faulted[0]}.jsonl`), 'utf8').trim().split('\n');
    expect(JSON.parse(lines[lines.length - 1]).result.faultLog[0]).toMatchObject({ kind: 'illegal', turn: 1 });
    const v = havoc('replay', join(dir, 'replays', `match-${faulted[0]}.jsonl`), '--verify');
    expect(v.code, v.err).toBe(0);
  });

  it('a ruleset module that is not there is a config error naming the field', () => {
    const bad = join(tmp, 'bad.json');
    writeFileSync(bad, JSON.stringify({ ruleset: './no/such/ruleset.js', bots: ['random', 'greedy'], schedule: { type: 'round-robin', games: 2 } }));
    const r = havoc('tournament', bad, '--out', join(tmp, 'bad'));
    expect(r.code).not.toBe(0);
    expect(r.err).toMatch(/bad\.json: ruleset: no such ruleset module/);
    expect(r.err).not.toMatch(/\n\s+at /); // no stack trace
  });

  it('a data file for a ruleset that reads none is a config error naming parts', () => {
    const bad = join(tmp, 'parts.json');
    writeFileSync(bad, JSON.stringify({ ...JSON.parse(readFileSync(cfg, 'utf8')), parts: 'configs/parts.json' }));
    const r = havoc('tournament', bad, '--out', join(tmp, 'with-parts'));
    expect(r.code).toBe(1);
    expect(r.err).toContain('parts.json: parts: Kuhn poker (test-only) reads no data file: leave parts out');
    expect(existsSync(join(tmp, 'with-parts'))).toBe(false);
    const m = havoc('match', '--ruleset', 'dist/test/games/kuhn/index.js', '--bots', 'dist/test/games/kuhn/bots/random.js', '--parts', 'configs/parts.json');
    expect(m.code).toBe(1);
    expect(m.err).toContain('--parts: Kuhn poker (test-only) reads no data file');
  });
});
