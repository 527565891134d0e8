/**
 * The contest server's pieces that need no process: uploads kept inside the
 * storage (traversal, links, archive bombs, limits), faults placed at their
 * file and line and grouped by cause, the ladder's choice of matches, the
 * ratings, and the database writing a result once.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { safeRelative, unpackUpload } from '../../src/serve/storage.js';
import { DEFAULT_SERVE } from '../../src/serve/contest.js';
import { writeTar } from '../../src/serve/tar.js';
import { rawZip } from '../zip-fixture.js';
import { causeOf, faultWhere, faultsOf, groupFaults, withoutCarets } from '../../src/report/faultCauses.js';
import { matchOf, nextPairs, type LadderView } from '../../src/serve/ladder.js';
import { rateResults, type Result } from '../../src/serve/ratings.js';
import { makeRng } from '../../src/core/rng.js';
import { HavocError } from '../../src/core/errors.js';
import { openContestDb } from '../../src/serve/db.js';
import { isPostgresUrl, maskUrl } from '../../src/serve/sql.js';
import { numbered } from '../../src/serve/postgres.js';
import { timeFigures } from '../../src/report/decisionTimes.js';
import { loadServedContest } from '../../src/serve/contest.js';

const tmp = mkdtempSync(join(tmpdir(), 'serve51-unit-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
let n = 0;
const fresh = (): string => join(tmp, `s${n++}`);

/** A tar with entries of any type (tar-stream's pack, as an attacker's archive would be). */
async function rawTar(entries: { name: string; type?: string; linkname?: string; data?: string }[]): Promise<Buffer> {
  const tar = createRequire(import.meta.url)('tar-stream') as { pack(): NodeJS.ReadableStream & { entry(h: object, d?: string): void; finalize(): void } };
  const p = tar.pack();
  for (const e of entries) p.entry({ name: e.name, type: e.type ?? 'file', linkname: e.linkname }, e.type && e.type !== 'file' ? undefined : (e.data ?? ''));
  p.finalize();
  const chunks: Buffer[] = [];
  for await (const c of p) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

const MANIFEST = JSON.stringify({ name: 'x', command: ['python3', 'bot.py'] });

describe('uploads stay inside the storage', () => {
  it('refuses names that climb out, absolute paths and backslashes', () => {
    expect(safeRelative('a/./b.py')).toBe('a/b.py');
    for (const bad of ['../x', 'a/../../b', '/etc/passwd', 'a\\b', '']) expect(() => safeRelative(bad)).toThrow(/outside|absolute|backslash|empty/);
  });

  it('unpacks a folder archive and finds bot.json in its one folder', async () => {
    const tgz = gzipSync(await writeTar([{ name: 'mybot/bot.json', data: Buffer.from(MANIFEST) }, { name: 'mybot/bot.py', data: Buffer.from('print(1)\n') }]));
    const dest = fresh();
    const u = await unpackUpload([{ filename: 'b.tar.gz', data: tgz }], dest, DEFAULT_SERVE);
    expect(u.files).toEqual(['mybot/bot.json', 'mybot/bot.py']);
    expect(u.root).toBe(join(dest, 'mybot'));
    expect(readFileSync(join(dest, 'mybot', 'bot.py'), 'utf8')).toBe('print(1)\n');
    expect(u.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses a symlink, a hard link and a path with ".." in an archive, writing nothing', async () => {
    const cases: [Parameters<typeof rawTar>[0], RegExp][] = [
      [[{ name: 'bot.json', data: MANIFEST }, { name: 'bot.py', type: 'symlink', linkname: '/etc/passwd' }], /bot\.py: is a symlink: only files and folders/],
      [[{ name: 'bot.json', data: MANIFEST }, { name: 'bot.py', type: 'link', linkname: 'bot.json' }], /is a link/],
      [[{ name: 'bot.json', data: MANIFEST }, { name: '../../evil.py', data: 'x' }], /"\.\.\/\.\.\/evil\.py": a path with "\.\."/],
    ];
    for (const [entries, message] of cases) {
      const dest = fresh();
      await expect(unpackUpload([{ filename: 'a.tgz', data: gzipSync(await rawTar(entries)) }], dest, DEFAULT_SERVE)).rejects.toThrow(message);
      expect(existsSync(dest)).toBe(false);
    }
    expect(existsSync(join(tmp, 'evil.py'))).toBe(false);
  });

  it('refuses an archive bomb before writing it: gunzip stops at the limit', async () => {
    // 16 MiB of zeros compress to about 16 KiB.
    const bomb = gzipSync(await writeTar([{ name: 'bot.json', data: Buffer.from(MANIFEST) }, { name: 'zeros', data: Buffer.alloc(16 << 20) }]));
    expect(bomb.length).toBeLessThan(DEFAULT_SERVE.uploadKb * 1024);
    const dest = fresh();
    await expect(unpackUpload([{ filename: 'bomb.tar.gz', data: bomb }], dest, DEFAULT_SERVE)).rejects.toThrow(/unpacks to more than the contest's limit \(4096 KiB\): refused without writing it \(an archive bomb\?\)/);
    expect(existsSync(dest)).toBe(false);
  });

  it('counts files and bytes, and wants a manifest', async () => {
    const many = Array.from({ length: 5 }, (_, i) => ({ filename: `f${i}.py`, data: Buffer.from('x') }));
    await expect(unpackUpload(many, fresh(), { ...DEFAULT_SERVE, files: 4 })).rejects.toThrow(/5 files is more than the contest's limit \(4\)/);
    await expect(unpackUpload([{ filename: 'big.py', data: Buffer.alloc(3000) }], fresh(), { ...DEFAULT_SERVE, uploadKb: 2 })).rejects.toThrow(/3 KiB is more than the contest's limit \(2 KiB\)/);
    await expect(unpackUpload([{ filename: 'bot.py', data: Buffer.from('x') }], fresh(), DEFAULT_SERVE)).rejects.toThrow(/holds no bot\.json/);
  });
});

describe('zip uploads: the same checks as a .tar.gz', () => {
  it('unpacks a zip of a folder (deflated, with its folder entry) and finds bot.json in it', async () => {
    const zip = rawZip([{ name: 'mybot/', mode: 0o040755 }, { name: 'mybot/bot.json', data: MANIFEST }, { name: 'mybot/lib/util.py', data: 'X = 1\n' }, { name: 'mybot/bot.py', data: 'print(1)\n' }]);
    const dest = fresh();
    const u = await unpackUpload([{ filename: 'b.zip', data: zip }], dest, DEFAULT_SERVE);
    expect(u.files).toEqual(['mybot/bot.json', 'mybot/bot.py', 'mybot/lib/util.py']);
    expect(u.root).toBe(join(dest, 'mybot'));
    expect(readFileSync(join(dest, 'mybot', 'lib', 'util.py'), 'utf8')).toBe('X = 1\n');
    // The same files give the same hash whichever way they came.
    const tgz = gzipSync(await writeTar([{ name: 'mybot/bot.json', data: Buffer.from(MANIFEST) }, { name: 'mybot/bot.py', data: Buffer.from('print(1)\n') }, { name: 'mybot/lib/util.py', data: Buffer.from('X = 1\n') }]));
    expect((await unpackUpload([{ filename: 'b.tar.gz', data: tgz }], fresh(), DEFAULT_SERVE)).sha256).toBe(u.sha256);
  });

  it('refuses a symlink, a device, a path with "..", an absolute path and an encrypted entry with one line, writing nothing', async () => {
    const cases: [Parameters<typeof rawZip>[0], string][] = [
      [[{ name: 'bot.json', data: MANIFEST }, { name: 'bot.py', data: '/etc/passwd', mode: 0o120777 }], 'a.zip: bot.py: is a symlink: only files and folders are taken (links could reach outside the submission)'],
      [[{ name: 'bot.json', data: MANIFEST }, { name: 'tty', mode: 0o020644 }], 'a.zip: tty: is a character-device: only files and folders are taken (links could reach outside the submission)'],
      [[{ name: 'bot.json', data: MANIFEST }, { name: '../../evil.py', data: 'x' }], `"../../evil.py": a path with "..": it would reach outside the submission's folder`],
      [[{ name: 'bot.json', data: MANIFEST }, { name: '/etc/cron.d/x', data: 'x' }], '"/etc/cron.d/x": an absolute path: names inside a submission are relative to its folder'],
    ];
    for (const [entries, message] of cases) {
      const dest = fresh();
      const e = await unpackUpload([{ filename: 'a.zip', data: rawZip(entries) }], dest, DEFAULT_SERVE).then(() => null, (x: Error) => x);
      expect(e?.message).toBe(message);
      expect(existsSync(dest)).toBe(false);
    }
    expect(existsSync(join(tmp, 'evil.py'))).toBe(false);
    const locked = rawZip([{ name: 'bot.json', data: MANIFEST }]);
    locked.writeUInt16LE(0x801, 6), locked.writeUInt16LE(0x801, locked.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])) + 8);
    await expect(unpackUpload([{ filename: 'a.zip', data: locked }], fresh(), DEFAULT_SERVE)).rejects.toThrow(/^a\.zip: bot\.json: is encrypted/);
  });

  it('refuses a zip bomb by its declared sizes before inflating it, and one whose header lies about its size', async () => {
    const bomb = rawZip([{ name: 'bot.json', data: MANIFEST }, { name: 'zeros', data: Buffer.alloc(16 << 20) }]);
    expect(bomb.length).toBeLessThan(DEFAULT_SERVE.uploadKb * 1024);
    const dest = fresh();
    await expect(unpackUpload([{ filename: 'bomb.zip', data: bomb }], dest, DEFAULT_SERVE)).rejects.toThrow("bomb.zip: unpacks to more than the contest's limit (4096 KiB): refused without writing it (an archive bomb?)");
    expect(existsSync(dest)).toBe(false);
    // Declared 1 KiB, inflates to 16 MiB: yauzl stops at the declared size.
    const liar = rawZip([{ name: 'bot.json', data: MANIFEST }, { name: 'zeros', data: Buffer.alloc(16 << 20), declared: 1024 }]);
    await expect(unpackUpload([{ filename: 'liar.zip', data: liar }], fresh(), DEFAULT_SERVE)).rejects.toThrow(/^liar\.zip: zeros: too many bytes in the stream/);
    const many = rawZip([{ name: 'bot.json', data: MANIFEST }, ...Array.from({ length: 9 }, (_, i) => ({ name: `f${i}.py`, data: 'x' }))]);
    await expect(unpackUpload([{ filename: 'many.zip', data: many }], fresh(), { ...DEFAULT_SERVE, files: 4 })).rejects.toThrow('many.zip: more than 8 entries: the contest takes 4 files');
    await expect(unpackUpload([{ filename: 'not.zip', data: Buffer.from('PK not a zip') }], fresh(), DEFAULT_SERVE)).rejects.toThrow(/^not\.zip: not a zip archive: /);
  });
});

describe('faults by cause, at file and line', () => {
  const root = '/srv/contest/submissions/abc';
  it('places a Python traceback at its innermost line in the submission', () => {
    const tb = `Traceback (most recent call last):\n  File "${root}/bot.py", line 40, in <module>\n    main()\n  File "${root}/lib/plan.py", line 12, in plan\n    raise ValueError("no")\n  File "/usr/lib/python3.11/json/__init__.py", line 346, in loads\nValueError: no`;
    expect(faultWhere(tb, root)).toBe('lib/plan.py:12');
  });
  it("places a JavaScript stack at its first frame in the submission", () => {
    const st = `TypeError: x is undefined\n    at decide (file://${root}/bot.js:17:9)\n    at host (/opt/havoc/lib/host.js:50:3)`;
    expect(faultWhere(st, root)).toBe('bot.js:17');
    expect(faultWhere(st, '/elsewhere')).toBeNull();
  });
  it('groups one crash whose messages differ only in numbers, and takes the folder out', () => {
    const log = [2, 3, 6].map((k) => ({ turn: k, kind: 'illegal', message: `program #${k} "F F F" at ${root}/bot.py is not legal` }));
    const faults = faultsOf(log, null, root, [root]);
    expect(faults[0].message).toBe('program #2 "F F F" at bot.py is not legal');
    const groups = groupFaults(faults.map((f, i) => ({ ...f, match: `L1-2-${i}` })));
    expect(groups).toHaveLength(1);
    expect(groups[0]).toMatchObject({ count: 3, match: 'L1-2-0', turn: 2 });
    expect(causeOf('crash', 'seat 2 wrote "x" at 1.5')).toBe('crash: seat N wrote "…" at N');
    expect(withoutCarets("the process exited with code 1 to program #1:            ~~~^^^^^^^^^^^^^^^^^ | KeyError: 'no_such_field'; forfeits the match")).toBe(
      "the process exited with code 1 to program #1: KeyError: 'no_such_field'; forfeits the match",
    );
    expect(causeOf('illegal', 'machine B, slot 1: unknown command "Q"')).toBe(causeOf('illegal', 'machine A, slot 3: unknown command "R"'));
  });
});

describe('the ladder', () => {
  const view = (current: number[], games: Record<string, number>, rating: Record<number, number> = {}, los: (a: number, b: number) => number | null = () => null): LadderView => {
    const key = (a: number, b: number): string => (a < b ? `${a},${b}` : `${b},${a}`);
    return { current, rating: (id) => rating[id] ?? null, los, games: (a, b) => games[key(a, b)] ?? 0, pending: () => 0 };
  };
  it('plays a new submission first, against its nearest opponents', () => {
    const v = view([1, 2, 3, 4], { '1,2': 10, '1,3': 10, '2,3': 10 }, { 1: 1600, 2: 1500, 3: 1400 });
    const pairs = nextPairs(v, 2, { newGames: 2, newOpponents: 2, confidence: 0.95 });
    // 4 is new (unrated: taken as 1500): 2 first (1500), then 1 and 3 tie at 100 away, the lower id first.
    expect(pairs.map((p) => [p.a, p.b, p.games])).toEqual([[4, 2, 2], [4, 1, 2]]);
  });
  it('then the neighbours whose order is least certain', () => {
    const all = { '1,2': 4, '1,3': 4, '2,3': 4 };
    const los = (a: number, b: number): number => (a === 1 && b === 2 ? 0.99 : 0.6);
    const pairs = nextPairs(view([1, 2, 3], all, { 1: 1700, 2: 1500, 3: 1450 }, los), 1, { newGames: 2, newOpponents: 2, confidence: 0.95 });
    expect(pairs).toEqual([{ a: 2, b: 3, games: 2, why: 'neighbours whose order is uncertain (likelihood 0.600)' }]);
  });
  it('names matches by pair and count, swapping seats on one seed', () => {
    const a = matchOf('ladder', 's', 7, 3, 0), b = matchOf('ladder', 's', 3, 7, 1);
    expect([a.id, a.s0, a.s1, b.id, b.s0, b.s1]).toEqual(['L3-7-0', 3, 7, 'L3-7-1', 7, 3]);
    expect(a.seed).toBe(b.seed);
    expect(matchOf('ladder', 's', 3, 7, 2).seed).not.toBe(a.seed);
    expect(matchOf('final', 's', 3, 7, 0).id).toBe('F3-7-0');
  });
});

describe("a served contest's file", () => {
  it('reads configs/serve.json: its run, house bots and options', async () => {
    const c = await loadServedContest('configs/serve.json');
    expect(c.run.ruleset).toBe('rbp');
    expect(c.house).toEqual([{ name: 'random', spec: 'random' }]);
    expect(c.serve).toMatchObject({ checkGames: 2, newGames: 2, newOpponents: 4, uploadKb: 1024 });
  });
  it("refuses havoc contest's fields and bad options, each naming its field", async () => {
    const f = join(fresh() + '.json');
    writeFileSync(f, JSON.stringify({ ruleset: 'rbp', entrants: ['bots'], serve: { checkGames: 3, colour: 'red' } }));
    await expect(loadServedContest(f)).rejects.toThrow(/entrants: not in a served contest: entrants submit to the server/);
    await expect(loadServedContest(f)).rejects.toThrow(/serve\.colour: unknown field \(expected publicLeaderboard/);
    await expect(loadServedContest(f)).rejects.toThrow(/serve\.checkGames: must be even/);
  });
});

describe('ratings and the database', () => {
  const results: Result[] = [
    { s0: 1, s1: 2, winner: 0 }, { s0: 2, s1: 1, winner: 1 }, { s0: 1, s1: 3, winner: 0 }, { s0: 3, s1: 1, winner: -1 },
    { s0: 2, s1: 3, winner: 0 }, { s0: 3, s1: 2, winner: 0 },
  ];
  it('rates from the results whatever their order, with W-D-L', () => {
    const a = rateResults(results), b = rateResults([...results].reverse());
    expect([...a.bySubmission.values()]).toEqual([...b.bySubmission.values()]);
    const r1 = a.bySubmission.get(1)!, r2 = a.bySubmission.get(2)!;
    expect([r1.wins, r1.draws, r1.losses, r1.games]).toEqual([3, 1, 0, 4]);
    expect(r1.elo).toBeGreaterThan(r2.elo);
    expect(r1.lo).toBeLessThan(r1.elo);
    expect(a.los(1, 2)).toBeGreaterThan(0.5);
  });
  it('fits the same numbers to the last bit whatever the results\' order (the likelihoods, which are not rounded)', () => {
    const rng = makeRng('ratings-order');
    const many: Result[] = Array.from({ length: 400 }, () => {
      const s0 = 1 + rng.int(8), s1 = 1 + ((s0 + rng.int(7)) % 8);
      return { s0, s1, winner: [0, 1, -1][rng.int(3)] };
    });
    const los = (rs: Result[]) => { const r = rateResults(rs); return [1, 2, 3, 4, 5, 6, 7].map((a) => r.los(a, a + 1)); };
    const want = los(many);
    for (let k = 0; k < 10; k++) {
      const shuffled = [...many];
      for (let i = shuffled.length - 1; i > 0; i--) { const j = rng.int(i + 1); [shuffled[i], shuffled[j]] = [shuffled[j], shuffled[i]]; }
      expect(los(shuffled)).toEqual(want);
    }
  });
  it('writes a result once, and the ratings table is the ratings of the stored results', async () => {
    const db = await openContestDb(join(fresh(), 'c.db'));
    await db.addEntrant({ name: 'a', token: null, author: null, house: 1, created: '' });
    await db.addEntrant({ name: 'b', token: null, author: null, house: 1, created: '' });
    for (const e of ['a', 'b']) await db.addSubmission({ id: await db.reserveSubmissionId(), entrant: e, at: '', dir: null, spec: 'random', language: null, sha256: '', ok: 1, report: '{}' });
    expect((await db.current()).map((s) => s.id)).toEqual([1, 2]);
    const ms = [0, 1, 2, 3].map((k) => matchOf('ladder', 'seed', 1, 2, k));
    expect(await db.queue(ms)).toBe(4);
    expect(await db.queue(ms)).toBe(0);
    const res = (winner: number) => ({ winner, reason: 'kill', turns: 5, faults: [0, 0], detail: '{"seats":[]}', replay: null, logs: ['oops', null] });
    // Two written at once: one is written, the other finds it done.
    expect(await Promise.all([db.finish(ms[0].id, res(0), '1'), db.finish(ms[0].id, res(1), '2')])).toEqual([true, false]);
    await Promise.all([db.finish(ms[1].id, res(-1), '3'), db.finish(ms[2].id, res(1), '4')]);
    expect(await db.counts()).toEqual({ queued: 1, done: 3 });
    expect((await db.match(ms[0].id))!.winner).toBe(0);
    expect(await db.log(ms[0].id, 0)).toBe('oops');
    const want = [...rateResults(await db.results('ladder')).bySubmission.values()].map(({ submission, elo, lo, hi, games, wins, draws, losses }) => ({ submission, elo, lo, hi, games, wins, draws, losses }));
    expect(await db.ratings()).toEqual(want);
    await db.close();
  });
  it('claims a queued match for one claimer at a time, until its claim ends; a reserved submission id is never given twice', async () => {
    const db = await openContestDb(join(fresh(), 'c.db'));
    const ids = await Promise.all([db.reserveSubmissionId(), db.reserveSubmissionId(), db.reserveSubmissionId()]);
    expect(ids.sort()).toEqual([1, 2, 3]);
    const [m] = [matchOf('ladder', 'seed', 1, 2, 0)];
    await db.queue([m]);
    expect(await Promise.all([db.claim(m.id, 'A', 2000, 1000), db.claim(m.id, 'B', 2000, 1000)])).toEqual([true, false]);
    // Renewed by A; B takes it only once A's claim has ended.
    await db.renewClaims('A', 5000);
    expect(await db.claim(m.id, 'B', 9000, 4999)).toBe(false);
    expect(await db.claim(m.id, 'B', 9000, 5001)).toBe(true);
    expect((await db.match(m.id))!.claimer).toBe('B');
    await db.releaseClaims('B');
    expect(await db.claim(m.id, 'A', 6000, 0)).toBe(true);
    await db.close();
  });
  it('refuses a PostgreSQL URL no database answers with one line naming it, its password masked, and the cause', async () => {
    await expect(openContestDb('postgres://ann:s3cret@127.0.0.1:1/contest')).rejects.toThrow(new HavocError('ERR_SERVE', 'postgres://ann:***@127.0.0.1:1/contest', "cannot reach the contest's database: connect ECONNREFUSED 127.0.0.1:1"));
  });
  it('masks a PostgreSQL URL\'s password and numbers its parameters', () => {
    expect(maskUrl('postgres://ann:s3cret@db.example:5432/contest')).toBe('postgres://ann:***@db.example:5432/contest');
    expect(maskUrl('postgresql://ann@db:5432/c')).toBe('postgresql://ann@db:5432/c');
    expect(isPostgresUrl('postgresql://x/y') && isPostgresUrl('POSTGRES://x') && !isPostgresUrl('results/serve/x.db')).toBe(true);
    expect(numbered('SELECT ? WHERE a = ? AND b IN (?, ?)')).toBe('SELECT $1 WHERE a = $2 AND b IN ($3, $4)');
  });
  it('decision time figures: mean, p99 by nearest rank, max', () => {
    const t = timeFigures(Array.from({ length: 200 }, (_, i) => i + 1));
    expect(t).toEqual({ n: 200, mean: 100.5, p99: 198, max: 200 });
  });
});
