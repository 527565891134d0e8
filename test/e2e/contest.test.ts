/**
 * `havoc contest`: how the schedule grows (every pair first, an entrant who
 * joins meets every other, then the uncertain neighbours, within the budget),
 * the contest file's problems, and contests played through the compiled CLI
 * with sandboxed entrants: the faulty one charged and ranked last, the same
 * bytes on a rerun, an entrant joining without the games played being played
 * again, and a changed entrant refused.
 */
import { chmodSync, cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_CONTEST, loadContest } from '../../src/run/contest/file.js';
import { nextRound } from '../../src/run/contest/rounds.js';
import { timeFigures } from '../../src/report/decisionTimes.js';
import type { ContestRound } from '../../src/config/types.js';
import { HavocError, HavocProblems } from '../../src/core/errors.js';
import { csvRecords as csv, havoc } from '../cli-helpers.js';

const tmp = mkdtempSync(join(tmpdir(), 'havoc-contest-'));
// The sandbox's user reads the entrants' files.
chmodSync(tmp, 0o755);
afterAll(() => rmSync(tmp, { recursive: true, force: true }));


describe('the schedule of a contest', () => {
  const opts = { ...DEFAULT_CONTEST, first: 4, more: 2, max: 40, maxRounds: 5 };
  const first: ContestRound = { pairs: [['a', 'b'], ['a', 'c'], ['b', 'c']], games: 4, why: 'every pair meets' };

  it('first plays every pair, then every pair with an entrant who joins, each `first` games', () => {
    expect(nextRound([], ['a', 'b', 'c'], null, opts)).toEqual({ round: first });
    const join = nextRound([first], ['a', 'b', 'c', 'd'], { order: ['a', 'b', 'c', 'd'], los: [0.9, 0.9, null] }, opts);
    expect(join).toEqual({ round: { pairs: [['a', 'd'], ['b', 'd'], ['c', 'd']], games: 4, why: 'd joined: every pair with it meets' } });
  });

  it('then the neighbours whose order is uncertain, least certain first, as many as the budget holds', () => {
    const next = nextRound([first], ['a', 'b', 'c'], { order: ['c', 'a', 'b'], los: [0.8, 0.55] }, opts);
    expect(next).toEqual({ round: { pairs: [['a', 'b'], ['c', 'a']], games: 2, why: 'order uncertain: a over b 0.550; c over a 0.800' } });
    // 12 played of 16: room for two more games, one pair.
    const tight = nextRound([first], ['a', 'b', 'c'], { order: ['c', 'a', 'b'], los: [0.8, 0.55] }, { ...opts, max: 14 });
    expect(tight).toEqual({ round: { pairs: [['a', 'b']], games: 2, why: 'order uncertain: a over b 0.550' } });
  });

  it('stops when the order is settled, the budget is spent or the rounds are', () => {
    expect(nextRound([first], ['a', 'b', 'c'], { order: ['a', 'b', 'c'], los: [0.97, 0.99] }, opts)).toEqual({
      stop: 'the order is settled: each entrant is stronger than the next with likelihood ≥ 0.95',
    });
    expect(nextRound([first], ['a', 'b', 'c'], { order: ['a', 'b', 'c'], los: [0.6, 0.99] }, { ...opts, max: 13 })).toEqual({ stop: 'the games budget is spent (12 of 13)' });
    expect(nextRound([first, first], ['a', 'b', 'c'], null, { ...opts, maxRounds: 2 })).toEqual({ stop: 'the rounds are spent (2)' });
    // Every pair meets, whatever the budget and rounds.
    expect(nextRound([], ['a', 'b', 'c'], null, { ...opts, max: 10 })).toEqual({ round: first });
    expect(nextRound([first], ['a', 'b', 'c', 'd'], null, { ...opts, max: 10, maxRounds: 1 })).toMatchObject({ round: { why: 'd joined: every pair with it meets' } });
  });
});

describe('a contest file', () => {
  const problems = async (json: object): Promise<string[]> => {
    const file = join(tmp, 'bad.json');
    writeFileSync(file, JSON.stringify(json));
    try {
      await loadContest(file);
    } catch (e) {
      if (e instanceof HavocProblems) return e.problems.map((p) => p.message.replace(file, 'FILE'));
      if (e instanceof HavocError) return [e.message.replace(file, 'FILE')];
      throw e;
    }
    return [];
  };

  it('names each problem: fields the contest sets, its own fields, entrants without manifests or for another ruleset', async () => {
    expect(
      await problems({ ruleset: 'rbp', entrants: ['bots/starters', 'bots/nothing-here'], schedule: { type: 'round-robin', games: 2 }, games: { first: 3, most: 9 }, confidence: 2 }),
    ).toEqual([
      'FILE: schedule: a contest sets "schedule" itself (its entrants play each other in rounds): leave it out',
      'FILE: confidence: must be a number between 0.5 and 1',
      'FILE: games.most: unknown field (expected first, more, max)',
      'FILE: games.first: must be an even whole number ≥ 2 (games a pair plays when it first meets, seat-swapped)',
      'FILE: entrants[1]: bots/nothing-here: no such file or folder',
    ]);
    const faulty = resolve('bots/contest/faulty/bot.json');
    expect(await problems({ ruleset: 'nhm', entrants: ['bots/contest/faulty', 'bots/contest/faulty'] })).toEqual([
      `FILE: entrants[0]: faulty (${faulty}) does not play nhm: its manifest's rulesets are rbp`,
      `FILE: entrants[1]: faulty (${faulty}) does not play nhm: its manifest's rulesets are rbp`,
      `FILE: entrants[1]: two entrants are named "faulty" (${faulty} and ${faulty}): names must differ`,
    ]);
  });
});

describe('configs/contest.json', () => {
  it('is a contest file: the three starters and the faulty entrant, random as the house bot', async () => {
    const plan = await loadContest('configs/contest.json');
    expect(plan.entrants.map((e) => [e.name, e.language])).toEqual([
      ['javascript-starter', 'JavaScript'],
      ['python-starter', 'Python'],
      ['typescript-starter', 'TypeScript'],
      ['faulty', 'JavaScript'],
      ['random', null],
    ]);
    expect(plan.run).toMatchObject({ ruleset: 'rbp', between: 'bots', maxFaults: 20, schedule: { type: 'rounds', rounds: [] } });
    expect(plan.options).toMatchObject({ first: 4, more: 4, max: 120, confidence: 0.95, maxRounds: 4 });
  });
});

describe('a contest where entrants bring their builds', () => {
  it('seats each entrant with the first build its manifest lists for the ruleset, and the house bot with the contest\'s', () => {
    const dir = join(tmp, 'builds');
    cpSync('bots/starters/javascript', join(dir, 'js'), { recursive: true });
    const manifest = JSON.parse(readFileSync(join(dir, 'js', 'bot.json'), 'utf8')) as { builds: Record<string, string[]> };
    manifest.builds.nhm = ['dragon', 'dodger'];
    writeFileSync(join(dir, 'js', 'bot.json'), JSON.stringify(manifest));
    chmodSync(dir, 0o755);
    const file = join(dir, 'contest.json');
    // Three turns a match: the builds are what is read, not the play.
    writeFileSync(file, JSON.stringify({ ruleset: 'nhm', loadouts: ['iron-tank'], entrants: [join(dir, 'js'), 'bots/starters/python'], bots: ['random'], games: { first: 2, more: 2, max: 12 }, maxRounds: 1, turnLimit: 3, seed: 'b1' }));
    const r = havoc('contest', file, '--out', join(dir, 'out'), '--quiet', '--save-replays', 'none', '--no-report');
    expect(r.code, r.err).toBe(0);
    const want: Record<string, string> = { 'javascript-starter': 'dragon', 'python-starter': 'buzz-brawler', random: 'iron-tank' };
    const rows = csv(join(dir, 'out', 'matches.csv'));
    expect(rows.length).toBe(6);
    for (const m of rows) for (const seat of ['a', 'b']) expect(m[`${seat}_loadout`], `${m.id} ${seat}: ${m[`${seat}_bot`]}`).toBe(want[m[`${seat}_bot`]]);
    expect(csv(join(dir, 'out', 'leaderboard.csv')).map((x) => [x.entrant, x.build]).sort()).toEqual(Object.entries(want).sort());
  });
});

describe('a contest played', () => {
  // Entrants copied into the test's folder: one of them is changed below.
  const entrants = join(tmp, 'entrants');
  cpSync('bots/starters/javascript', join(entrants, 'javascript'), { recursive: true });
  cpSync('bots/starters/python', join(entrants, 'python'), { recursive: true });
  cpSync('bots/contest/faulty', join(entrants, 'faulty'), { recursive: true });
  cpSync('bots/starters/typescript', join(entrants, 'typescript'), { recursive: true });
  // One round (and the round an entrant joins by): how rounds grow is the schedule's tests' above; a second round
  // of uncertain neighbours played six more matches a run, two of them 100 turns long.
  const contest = (file: string, list: string[]): string => {
    const path = join(tmp, file);
    writeFileSync(
      path,
      JSON.stringify({ ruleset: 'rbp', entrants: list.map((e) => join(entrants, e)), bots: ['random'], games: { first: 2, more: 2, max: 40 }, maxRounds: 1, maxFaults: 20, seed: 'c1' }),
    );
    return path;
  };
  const two = contest('two.json', ['javascript', 'python', 'faulty']);
  const three = contest('three.json', ['javascript', 'python', 'faulty', 'typescript']);
  // The default replays: every match someone lost, written as it is played.
  const play = (file: string, out: string) => havoc('contest', file, '--out', join(tmp, out), '--quiet', '--no-report');

  /**
   * Plays `file` into `out`, and once more into a fresh folder when a starter lost a match to the machine (its
   * process crashed or was killed at a wall-clock deadline: errors.log names it): the bytes are the same on a
   * rerun only when no bot's process was lost to the machine, which a shared machine does not promise.
   */
  const playClean = (file: string, out: string): string[] => {
    for (let attempt = 1; ; attempt++) {
      rmSync(join(tmp, out), { recursive: true, force: true });
      const r = play(file, out);
      expect(r.code, r.err).toBe(0);
      expect(r.out).toContain('leaderboard (rating on the Elo scale');
      const files = ['matches.csv', 'leaderboard.csv', 'errors.log'].map((f) => (existsSync(join(tmp, out, f)) ? readFileSync(join(tmp, out, f), 'utf8') : ''));
      const lost = files[2].split('\n').filter((l) => l && !l.includes('(faulty)'));
      if (lost.length === 0) return files;
      expect(attempt, `a starter lost matches to the machine twice in a row:\n${lost.join('\n')}`).toBe(1);
      process.stderr.write(`contest.test.ts: ${out}: a starter lost a match to the machine, played again:\n${lost.join('\n')}\n`);
    }
  };

  /** For a failure's message: each match whose row differs between the runs in a and b, with the faults its replays logged (a faulted match always keeps its replay). */
  const faultsWhereRunsDiffer = (a: string, b: string): string => {
    const [ra, rb] = [a, b].map((t) => t.trim().split('\n'));
    const faults = (out: string, id: string): string => {
      const file = join(tmp, out, 'replays', `match-${id}.jsonl`);
      if (!existsSync(file)) return 'no replay';
      const last = JSON.parse(readFileSync(file, 'utf8').trim().split('\n').pop()!) as { result?: { faultLog?: { turn: number; kind: string; message: string }[] } };
      return (last.result?.faultLog ?? []).map((f) => `turn ${f.turn} ${f.kind}: ${f.message}`).join('; ');
    };
    return ra
      .map((row, i) => (row === rb[i] ? '' : `\nmatch ${row.split(',')[0]}: first run ${faults('a', row.split(',')[0])}\n  second run ${faults('b', row.split(',')[0])}`))
      .join('');
  };

  it('the starters (JavaScript, Python), a faulty entrant and random: the faulty one is ranked last and charged its faults; a rerun gives the same bytes', () => {
    // errors.log's lines come in the order the workers report them: the tables are compared.
    const runs = ['a', 'b'].map((out) => playClean(two, out));
    expect(runs[1].slice(0, 2), `errors.log, first run:\n${runs[0][2]}\nsecond run:\n${runs[1][2]}${faultsWhereRunsDiffer(runs[0][0], runs[1][0])}`).toEqual(runs[0].slice(0, 2));
    const board = csv(join(tmp, 'a', 'leaderboard.csv'));
    expect(board.map((r) => r.entrant).sort()).toEqual(['faulty', 'javascript-starter', 'python-starter', 'random']);
    const last = board[board.length - 1];
    expect(last.entrant).toBe('faulty');
    expect(Number(last.faults)).toBeGreaterThan(20);
    expect(board.filter((r) => r.entrant !== 'faulty').every((r) => r.faults === '0')).toBe(true);
    expect(board[0]).toMatchObject({ rank: '1', author: 'Havoc Arena', language: 'JavaScript', status: 'playing' });
    const state = JSON.parse(readFileSync(join(tmp, 'a', 'contest.json'), 'utf8')) as { stopped: string; active: string[] };
    expect(state.active).toEqual(['javascript-starter', 'python-starter', 'faulty', 'random']);
    expect(state.stopped).toMatch(/settled|spent/);
  }, 300_000);

  it('writes a report with the leaderboard and a page per entrant: its faults by message, its games losses first, a saved one a click from the viewer', async () => {
    const r = havoc('report', join(tmp, 'a'));
    expect(r.code, r.err).toBe(0);
    const html = readFileSync(join(tmp, 'a', 'report.html'), 'utf8');
    expect(html).toContain('id="leaderboard-table"');
    const page = html.slice(html.indexOf('id="entrant-faulty"'), html.indexOf('</details>', html.indexOf('id="entrant-faulty"')));
    expect(page).toContain('Faults by cause');
    expect(page).toMatch(/illegal ×\d+/);
    // One cause for the same fault in either seat (its numbers, quoted actions and seat letter stand for any).
    expect(page.match(/<li><b>illegal ×\d+<\/b>: machine [AB], slot \d+: unknown command/g)).toHaveLength(1);
    // The replays name the entrants, never the organiser's paths to their files.
    const replays = /<script type="application\/json" id="replay-data">([^<]*)<\/script>/.exec(html)![1];
    expect(replays).not.toContain(resolve('bots'));
    expect(replays).toContain('"faulty"');
    // Its stderr, kept per match, a link away.
    const log = /<a href="(logs\/match-\d+-[AB]\.txt)">stderr<\/a>/.exec(page);
    expect(log).not.toBeNull();
    expect(readFileSync(join(tmp, 'a', log![1]), 'utf8')).toContain('writing an illegal program on purpose');
    // Losses first.
    const results = [...page.matchAll(/<tr class="(loss|draw|win)">/g)].map((m) => m[1]);
    expect(results.length).toBeGreaterThan(0);
    expect(results).toEqual([...results].sort((x, y) => ['loss', 'draw', 'win'].indexOf(x) - ['loss', 'draw', 'win'].indexOf(y)));
    // Every loss of every entrant a click from its replay: each match with a winner kept one as it was played.
    const rows = csv(join(tmp, 'a', 'matches.csv'));
    const decided = rows.filter((x) => x.winner !== '').map((x) => Number(x.id));
    expect(decided.length).toBeGreaterThan(0);
    for (const id of decided) expect(existsSync(join(tmp, 'a', 'replays', `match-${id}.jsonl`)), `match ${id}`).toBe(true);
    const entrants = [...html.matchAll(/<details class="entrant" id="([^"]+)">([\s\S]*?)<\/details>/g)];
    expect(entrants.map((m) => m[1]).sort()).toEqual(['entrant-faulty', 'entrant-javascript-starter', 'entrant-python-starter', 'entrant-random']);
    for (const [, , body] of entrants) {
      const losses = [...body.matchAll(/<tr class="loss"><td>(\d+)<\/td>.*?<\/tr>/g)];
      for (const l of losses) expect(l[0], `loss ${l[1]}`).toContain(`data-watch="${l[1]}"`);
    }
    // Decision times against the budget, from what the run timed of each sandboxed seat (logs/match-ID-times.json).
    const times: number[] = [], wall: number[] = [];
    for (const x of rows) {
      const seat = x.a_bot === 'faulty' ? 'A' : x.b_bot === 'faulty' ? 'B' : null;
      if (!seat) continue;
      const t = JSON.parse(readFileSync(join(tmp, 'a', 'logs', `match-${x.id}-times.json`), 'utf8')) as Record<string, { clock: string; ms: number[]; wallMs: number[] }>;
      expect(t[seat].clock).toBe('cpu');
      expect(t[seat].wallMs).toHaveLength(t[seat].ms.length);
      times.push(...t[seat].ms);
      wall.push(...t[seat].wallMs);
    }
    expect(times.length).toBeGreaterThan(0);
    const f = timeFigures(times), w = timeFigures(wall);
    expect(page).toContain(`${times.length.toLocaleString('en')} decisions in its games, against a budget of <b>1,000 ms</b> a decision`);
    const two = (x: number) => x.toLocaleString('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    expect(page).toContain(`<th>CPU time (the budget's clock)</th><td class="n">${two(f.mean)}</td><td class="n">${two(f.p99)}</td><td class="n">${two(f.max)}</td>`);
    expect(page).toContain(`<th>wall clock</th><td class="n">${two(w.mean)}</td><td class="n">${two(w.p99)}</td><td class="n">${two(w.max)}</td>`);
    // A random bot runs in the run's own thread: no times of its own.
    expect(html.slice(html.indexOf('id="entrant-random"'))).not.toMatch(/^[\s\S]*?<\/summary>\s*<div class="times-of">/);
    if (!existsSync('/usr/bin/chromium')) return;
    const { chromium } = await import('playwright-core');
    const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
    try {
      const p = await browser.newPage();
      await p.goto(pathToFileURL(join(tmp, 'a', 'report.html')).href);
      await p.click('#entrant-faulty > summary');
      const button = p.locator('#entrant-faulty button[data-watch]').first();
      const id = await button.getAttribute('data-watch');
      await button.click();
      expect(await p.locator('#replay-select option:checked').getAttribute('data-id')).toBe(id);
    } finally {
      await browser.close();
    }
  });

  it('lets an entrant join: it meets every other, and the games played are kept, not played again', () => {
    const before = readFileSync(join(tmp, 'a', 'matches.csv'), 'utf8');
    const r = play(three, 'a');
    expect(r.code, r.err).toBe(0);
    const after = readFileSync(join(tmp, 'a', 'matches.csv'), 'utf8');
    expect(after.startsWith(before)).toBe(true);
    const config = JSON.parse(readFileSync(join(tmp, 'a', 'config.json'), 'utf8')) as { run: { schedule: { rounds: ContestRound[] } } };
    const joined = config.run.schedule.rounds.find((x) => x.why.startsWith('typescript-starter joined'))!;
    expect(joined.pairs.map((p) => [...p].sort().join(' ')).sort()).toEqual(['faulty typescript-starter', 'javascript-starter typescript-starter', 'python-starter typescript-starter', 'random typescript-starter']);
    expect(csv(join(tmp, 'a', 'leaderboard.csv')).map((x) => x.entrant).sort()).toEqual(['faulty', 'javascript-starter', 'python-starter', 'random', 'typescript-starter']);
  }, 300_000);

  it('keeps the games of an entrant left out of the file, which plays no more', () => {
    const before = readFileSync(join(tmp, 'a', 'matches.csv'), 'utf8');
    const r = play(two, 'a');
    expect(r.code, r.err).toBe(0);
    expect(readFileSync(join(tmp, 'a', 'matches.csv'), 'utf8')).toBe(before);
    const board = csv(join(tmp, 'a', 'leaderboard.csv'));
    // It met each of the four others twice when it joined.
    expect(board.find((x) => x.entrant === 'typescript-starter')).toMatchObject({ status: 'withdrawn', games: '8' });
    expect(board.filter((x) => x.status === 'playing').map((x) => x.entrant).sort()).toEqual(['faulty', 'javascript-starter', 'python-starter', 'random']);
  }, 300_000);

  it('refuses an entrant whose bot changed since it entered', () => {
    writeFileSync(join(entrants, 'faulty', 'bot.js'), readFileSync(join(entrants, 'faulty', 'bot.js'), 'utf8') + '\n// changed\n');
    const r = play(three, 'a');
    expect(r.code).toBe(1);
    expect(r.err).toContain('entrant faulty has changed since it entered (its sha256 differs: a file of its folder changed)');
    expect(r.err).not.toMatch(/\n\s+at /);
  });

  it('refuses a --max-rounds that is not a whole number of rounds, in one line, before it plays (the examples of --help play one round)', () => {
    for (const bad of ['0', '1.5', 'x']) {
      const r = havoc('contest', three, '--out', join(tmp, 'max-rounds'), '--max-rounds', bad);
      expect(r.code, bad).toBe(1);
      expect(r.err, bad).toBe('error: --max-rounds: must be a whole number ≥ 1 (the rounds the contest may have played when this run stops)\n');
    }
    expect(existsSync(join(tmp, 'max-rounds'))).toBe(false);
  });
});
