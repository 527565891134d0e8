/** The arena as a library: configs, schedules, matches.csv records and the tables built from them. */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { checkConfig, scheduleTotal, type RunConfig } from '../../src/config/index.js';
import { stringify } from 'csv-stringify/sync';
import { formulaSafe } from '../../src/store/csvCells.js';
import { csvLines, matchesHeader, MatchLines, parseCsvLine, parseRow, readMatches, rowFields, seatScore, type MatchRow } from '../../src/store/records.js';
import { BatchSizer, DEFAULT_MAX_BATCH, TARGET_BATCH_MS } from '../../src/run/batches.js';
import { makeSchedule, Permutation, sweepPool } from '../../src/run/schedule.js';
import { idsProblem, rowsProblem } from '../../src/run/rowCheck.js';
import { inShard, parseShard, shardSize } from '../../src/store/shard.js';
import { defaultCatalogue } from '../../src/rules/nhm/catalogue.js';
import { RULES_VERSION } from '../../src/rules/version.js';
import { Aggregate } from '../../src/report/aggregate.js';
import { sharedFirst } from '../../src/store/records.js';
import { entityTable, matchupTable, rate, tableCsv } from '../../src/report/tables.js';
import { chooseMatches } from '../../src/run/interest.js';
import { outOfMemory, outOfMemoryLine } from '../../src/sandbox/outOfMemory.js';

const tmp = mkdtempSync(join(tmpdir(), 'arena-lib-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const runOf = (json: unknown): RunConfig => checkConfig(json, 'configs/t.json').runs[0].run;
const problemsOf = (json: unknown): string => {
  try {
    checkConfig(json, 'configs/t.json');
  } catch (e) {
    return (e as Error).message;
  }
  return '';
};

describe('run configs', () => {
  it('resolves a round robin with defaults', () => {
    const run = runOf({ ruleset: 'rbp', bots: ['random', { name: 'r2', bot: 'random' }], schedule: { type: 'round-robin', games: 4 } });
    expect(run).toMatchObject({ name: 't', ruleset: 'rbp', between: 'bots', turnLimit: 100, seed: '1', rulesVersion: `rbp ${RULES_VERSION}` });
    expect(run.bots).toEqual([{ name: 'random', bot: 'random' }, { name: 'r2', bot: 'random' }]);
    expect(run.loadouts.map((l) => l.name)).toEqual(['robo-pig']);
    expect(scheduleTotal(run)).toBe(4);
  });

  it('names the path of every bad field, with the file', () => {
    const msg = problemsOf({
      ruleset: 'nhm',
      bots: ['random', 'no-such-bot'],
      loadouts: ['robo-pig', { name: 'x', weapons: ['lazor', 'nope'] }],
      schedule: { type: 'round-robin', games: 0 },
      turnLimit: 'long',
      colour: 'red',
    });
    expect(msg).toContain('configs/t.json: schedule.games: must be a positive integer');
    expect(msg).toContain('configs/t.json: bots[1]: no built-in bot "no-such-bot"');
    expect(msg).toContain('configs/t.json: loadouts[1].weapons[1]: unknown part "nope"');
    expect(msg).toContain('configs/t.json: turnLimit: must be a positive integer');
    expect(msg).toContain('configs/t.json: colour: unknown field');
    expect(problemsOf({ ruleset: 'rbp', bots: ['random', 'random'], schedule: { type: 'round-robin', games: 3 } })).toMatch(
      /bots\[1\]: the name "random" is used twice[\s\S]*schedule.games: must be a multiple of 2/,
    );
    expect(problemsOf({ ruleset: 'rbp', schedule: { type: 'sweep', matches: 10 } })).toContain('schedule.type: a loadout sweep needs "ruleset": "nhm"');
    expect(problemsOf({ ruleset: 'nhm', schedule: { type: 'sweep', matches: 10, filter: { includeParts: ['zzz'] } } })).toContain(
      'configs/t.json: schedule.filter.includeParts[0]: unknown part "zzz"',
    );
    expect(problemsOf({ runs: [{ name: 'a', ruleset: 'rbp', bots: ['random', 'r'], schedule: { type: 'gauntlet', games: 2, challengers: ['x'] } }] })).toContain(
      'runs[0].bots[1]: no built-in bot "r"',
    );
    expect(problemsOf({ ruleset: 'nhm', loadouts: ['robo-pig', 'dodger'], schedule: { type: 'gauntlet', games: 2, challengers: ['x'] } })).toContain(
      'schedule.challengers[0]: "x" is none of the loadouts',
    );
  });

  it('resolves several runs, each inheriting the top-level fields', () => {
    const plan = checkConfig(
      {
        seed: 9,
        out: join(tmp, 'multi'),
        runs: [
          { name: 'ladder', ruleset: 'rbp', bots: ['random', { name: 'b', bot: 'random' }], schedule: { type: 'round-robin', games: 2 } },
          { name: 'sweep', ruleset: 'nhm', schedule: { type: 'sweep', matches: 20, sample: 10 } },
        ],
      },
      'configs/m.json',
      { seed: '5' },
    );
    expect(plan.multi).toBe(true);
    expect(plan.runs.map((r) => [r.run.name, r.run.seed, r.out])).toEqual([
      ['ladder', '5', join(tmp, 'multi', 'ladder')],
      ['sweep', '5', join(tmp, 'multi', 'sweep')],
    ]);
  });
});

describe('schedules', () => {
  it('round robin: every pairing in seat-swapped pairs on one seed, pairings interleaved', () => {
    const run = runOf({ ruleset: 'nhm', loadouts: ['robo-pig', 'dodger', 'dragon'], schedule: { type: 'round-robin', games: 4 } });
    const s = makeSchedule(run, defaultCatalogue());
    expect(s.total).toBe(12);
    const specs = Array.from({ length: s.total }, (_, id) => s.spec(id));
    const names = specs.map((m) => m.seats.map((x) => x.loadout).join(' v '));
    expect(names.slice(0, 6)).toEqual(['robo-pig v dodger', 'dodger v robo-pig', 'robo-pig v dragon', 'dragon v robo-pig', 'dodger v dragon', 'dragon v dodger']);
    for (let id = 0; id < s.total; id += 2) expect(specs[id].seed).toBe(specs[id + 1].seed);
    expect(new Set(specs.map((m) => m.seed)).size).toBe(6);
    expect(s.spec(7)).toEqual(specs[7]);
  });

  it('free-for-all: every rotation of every group', () => {
    const run = runOf({ ruleset: 'nhm', loadouts: ['robo-pig', 'dodger', 'dragon', 'iron-tank'], schedule: { type: 'free-for-all', seats: 3, games: 3 } });
    const s = makeSchedule(run, defaultCatalogue());
    expect(s.total).toBe(12);
    const first = [0, 1, 2].map((id) => s.spec(id).seats.map((x) => x.loadout));
    expect(first).toEqual([
      ['robo-pig', 'dodger', 'dragon'],
      ['dodger', 'dragon', 'robo-pig'],
      ['dragon', 'robo-pig', 'dodger'],
    ]);
  });

  it('gauntlet: each challenger against each other entrant', () => {
    const run = runOf({ ruleset: 'nhm', loadouts: ['robo-pig', 'dodger', 'dragon'], schedule: { type: 'gauntlet', games: 2, challengers: ['dragon'] } });
    const s = makeSchedule(run, defaultCatalogue());
    expect(Array.from({ length: s.total }, (_, id) => s.spec(id).seats.map((x) => x.loadout).join(' v '))).toEqual([
      'dragon v robo-pig', 'robo-pig v dragon', 'dragon v dodger', 'dodger v dragon',
    ]);
  });

  it('sweep: every pool loadout plays once per round, seat-swapped', () => {
    const run = runOf({ ruleset: 'nhm', schedule: { type: 'sweep', matches: 40, sample: 10 }, seed: 'x' });
    const cat = defaultCatalogue();
    const pool = sweepPool(run, cat);
    expect(pool).toHaveLength(10);
    const s = makeSchedule(run, cat);
    const round = Array.from({ length: 10 }, (_, id) => s.spec(id));
    expect(round.filter((_, i) => i % 2 === 0).flatMap((m) => m.seats.map((x) => x.loadout)).sort()).toEqual([...pool].sort());
    expect(round[1].seats.map((x) => x.loadout)).toEqual([...round[0].seats.map((x) => x.loadout)].reverse());
  });

  it("sweep designs: balanced and spread give every part of the catalogue its share of the pool, spread with budgets left unspent; uniform starves the dear ones", () => {
    const cat = defaultCatalogue();
    const parts = cat.parts.filter((p) => !p.experimental && !p.tags.includes('ULTIMATE'));
    const held = (design: string) => {
      const pool = sweepPool(runOf({ ruleset: 'nhm', schedule: { type: 'sweep', matches: 400, sample: 400, design, filter: { excludeTags: ['ULTIMATE'] } }, seed: 'x' }), cat);
      expect(pool).toHaveLength(400);
      expect(sweepPool(runOf({ ruleset: 'nhm', schedule: { type: 'sweep', matches: 400, sample: 400, design, filter: { excludeTags: ['ULTIMATE'] } }, seed: 'x' }), cat)).toEqual(pool);
      return new Map(parts.map((p) => [p.key, pool.filter((k) => k.split(/[/+]/).includes(p.key)).length]));
    };
    const balanced = held('balanced');
    const uniform = held('uniform');
    // Each of the P parts a legal design can hold is drawn for in floor(400 / P) designs at least.
    for (const [key, n] of balanced) expect(n, key).toBeGreaterThanOrEqual(Math.floor(400 / parts.length));
    expect(Math.min(...uniform.values())).toBeLessThan(Math.floor(400 / parts.length));
    // Spread: as balanced part by part, and with budgets left partly unspent far more often (the weapon budget of 4:
    // 26 of 400 designs balanced spend less than 3 weapon points, 95 spread).
    const spread = held('spread');
    for (const [key, n] of spread) expect(n, key).toBeGreaterThanOrEqual(Math.floor(400 / parts.length));
    const short = (design: string): number =>
      sweepPool(runOf({ ruleset: 'nhm', schedule: { type: 'sweep', matches: 400, sample: 400, design, filter: { excludeTags: ['ULTIMATE'] } }, seed: 'x' }), cat).filter(
        (k) => k.split('/')[0]!.split('+').reduce((s, p) => s + (cat.parts.find((x) => x.key === p)?.cost ?? 0), 0) < 3,
      ).length;
    expect(short('spread')).toBeGreaterThan(2.5 * short('balanced'));
    // The default is spread.
    expect(runOf({ ruleset: 'nhm', schedule: { type: 'sweep', matches: 40, sample: 10 }, seed: 'x' }).schedule).toMatchObject({ design: 'spread' });
    expect(problemsOf({ ruleset: 'nhm', schedule: { type: 'sweep', matches: 40, sample: 10, design: 'even' } })).toContain('schedule.design: must be one of balanced, spread, uniform, not "even"');
  });

  it('a seeded permutation is a bijection', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 3000 }), fc.string(), (n, seed) => {
        const p = new Permutation(n, seed);
        const seen = new Set(Array.from({ length: n }, (_, i) => p.at(i)));
        return seen.size === n && [...seen].every((x) => x >= 0 && x < n);
      }),
      { numRuns: 30 },
    );
  });

  it('shards split the ids', () => {
    expect(parseShard('2/3')).toEqual({ index: 2, count: 3 });
    expect(() => parseShard('4/3')).toThrow('--shard');
    expect([0, 1, 2].map((i) => shardSize({ index: i + 1, count: 3 }, 10))).toEqual([4, 3, 3]);
    expect(inShard({ index: 2, count: 3 }, 4)).toBe(true);
  });
});

const row = (id: number, a: string, b: string, winner: number, reason = winner < 0 ? 'turn-limit' : 'kill'): MatchRow => ({
  id,
  seed: `s${id}`,
  bots: ['random', 'random'],
  loadouts: [a, b],
  winner,
  turns: 10 + id,
  reason,
  figures: [[winner === 0 ? 5 : 1, winner === 1 ? 5 : 1]],
  faults: [0, id % 3 === 0 ? 1 : 0],
});

describe('batch sizes', () => {
  it('start small, grow at most 4x a step toward the target time, and stop at the cap', () => {
    const s = new BatchSizer(10_000_000, 2);
    expect([s.next(), s.next()]).toEqual([16, 16]);
    s.measured(16, 16 * 0.01); // 10 µs a match: the target is 20,000 matches
    expect(s.next()).toBe(64);
    s.measured(64, 64 * 0.01);
    expect([s.next(), s.next(), s.next()]).toEqual([256, 1024, 4096]);
    expect(s.next()).toBe(DEFAULT_MAX_BATCH);
    expect(Math.round(TARGET_BATCH_MS / 0.01)).toBeGreaterThan(DEFAULT_MAX_BATCH);
  });

  it('follow slow matches down to one a batch, and honour --batch', () => {
    const s = new BatchSizer(1000, 1, 50);
    s.measured(16, 16 * 500); // half a second a match
    expect(s.next()).toBe(1);
    const fast = new BatchSizer(1_000_000, 1, 50);
    fast.measured(16, 0.16);
    for (let i = 0; i < 6; i++) fast.next();
    expect(fast.next()).toBe(50);
  });

  it('shrink at the end so the workers finish together, and cover every match', () => {
    const s = new BatchSizer(1000, 2);
    s.measured(16, 0.016);
    const sizes: number[] = [];
    for (let left = 1000; left > 0; ) {
      const n = Math.min(s.next(), left);
      sizes.push(n);
      left -= n;
    }
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(1000);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(Math.ceil(1000 / 8));
    expect(sizes.at(-1)).toBe(1);
  });
});

describe('matches.csv', () => {
  it('rows round-trip through CSV, quoting included', () => {
    const r = { ...row(3, 'odd, "name"', 'robo-pig', 1) };
    const line = csvLines([rowFields(r)]).trimEnd();
    expect(parseRow(parseCsvLine(line), 2)).toEqual(r);
    expect(matchesHeader(2).join(',')).toBe('id,seed,a_bot,a_loadout,b_bot,b_loadout,winner,turns,reason,a_dealt,b_dealt,a_faults,b_faults');
  });

  it('a first place shared by some seats (a team) is written as their letters, and scores as a win for each of them', () => {
    const r: MatchRow = {
      id: 7, seed: 's', bots: ['x', 'y', 'z'], loadouts: ['p', 'q', 'r'], winner: -1, shared: 0b101, turns: 9, reason: 'team',
      figures: [[1, 2, 3], [0, 0, 1]], faults: [0, 0, 0],
    };
    const line = csvLines([rowFields(r)]).trimEnd();
    expect(line).toBe('7,s,x,p,y,q,z,r,AC,9,team,1,2,3,0,0,1,0,0,0');
    const lines = new MatchLines(1);
    lines.add(r);
    expect(new TextDecoder().decode(lines.done())).toBe(line + '\n');
    expect(parseRow(parseCsvLine(line), 3, 2)).toEqual(r);
    expect([0, 1, 2].map((s) => seatScore(r, s))).toEqual([1, 0, 1]);
    expect(() => parseRow(parseCsvLine(line.replace(',AC,', ',ABC,')), 3, 2)).toThrow(/every seat first is a draw/);
    expect(() => parseRow(parseCsvLine(line.replace(',AC,', ',AA,')), 3, 2)).toThrow(/bad winner/);
    expect([sharedFirst([0, 1, 0]), sharedFirst([0, 0, 0]), sharedFirst([0, 1, 1]), sharedFirst([1, 0, 0, 2])]).toEqual([0b101, 0, 0, 0b110]);
    const agg = new Aggregate(3);
    agg.add(r);
    expect(['x', 'y', 'z'].map((b) => agg.bots.tally[agg.bots.index.get(b)!]).map((t) => [t.wins, t.draws, t.losses])).toEqual([[1, 0, 0], [0, 0, 1], [1, 0, 0]]);
  });

  it("a worker's byte lines are csv-stringify's lines of the same rows, in UTF-8", () => {
    const name = fc.oneof(fc.string(), fc.constantFrom('robo-pig', 'a,b', 'say "hi"', 'line\nbreak', 'cr\r', 'ñandú', '忍者', '🐷'));
    const rowArb = fc.integer({ min: 2, max: 4 }).chain((k) =>
      fc.record({
        id: fc.nat(),
        seed: name,
        bots: fc.array(name, { minLength: k, maxLength: k }),
        loadouts: fc.array(name, { minLength: k, maxLength: k }),
        winner: fc.integer({ min: -1, max: k - 1 }),
        turns: fc.nat({ max: 1000 }),
        reason: fc.constantFrom('kill', 'turn-limit', 'mutual-destruction', 'fault'),
        figures: fc.array(fc.array(fc.oneof(fc.nat(), fc.integer({ min: -5, max: 5 }), fc.constant(Number.MAX_SAFE_INTEGER)), { minLength: k, maxLength: k }), { minLength: 1, maxLength: 3 }),
        faults: fc.array(fc.nat({ max: 100 }), { minLength: k, maxLength: k }),
      }),
    );
    fc.assert(
      fc.property(fc.array(rowArb, { maxLength: 20 }), (rows) => {
        const out = new MatchLines(1); // grows as it goes
        for (const r of rows) out.add(r);
        const text = new TextDecoder().decode(out.done());
        expect(text).toBe(csvLines(rows.map(rowFields)));
        expect(text).toBe(stringify(rows.map(rowFields), { cast: { string: formulaSafe } })); // a formula-like cell made text (csvCells.ts)
      }),
      { numRuns: 500 },
    );
  });

  it('a torn last line is ignored and cut off', () => {
    const path = join(tmp, 'torn.csv');
    writeFileSync(path, csvLines([matchesHeader(2), rowFields(row(0, 'x', 'y', 0)), rowFields(row(1, 'y', 'x', 1))]) + '2,s2,random,x,ran');
    const ids: number[] = [];
    expect(readMatches(path, 2, (r) => ids.push(r.id), true)).toBe(2);
    expect(ids).toEqual([0, 1]);
    expect(readFileSync(path, 'utf8').endsWith('0,0\n')).toBe(true);
  });
});

describe('tables', () => {
  const rows = [row(0, 'x', 'y', 0), row(1, 'y', 'x', 1), row(2, 'x', 'z', -1), row(3, 'z', 'x', 0), row(4, 'y', 'z', 0), row(5, 'z', 'y', -1)];
  const build = (rs: MatchRow[]) => {
    const agg = new Aggregate(2);
    for (const r of rs) agg.add(r);
    const ratings = rate(agg.loadouts, 2, 100);
    return [tableCsv(entityTable(agg.loadouts, 'loadout', ratings)), tableCsv(matchupTable(agg.loadouts))];
  };

  it('counts wins, draws (half a win) and losses', () => {
    const [loadouts, matchups] = build(rows);
    const lines = loadouts.trim().split('\n');
    expect(lines[0]).toBe('rank,loadout,games,wins,draws,losses,win_rate,win_rate_lo,win_rate_hi,rating,rating_lo,rating_hi,mean_dealt,faults');
    expect(lines[1]).toMatch(/^1,x,4,2,1,1,0\.6250,/);
    expect(matchups.trim().split('\n').slice(1)).toEqual([
      expect.stringMatching(/^x,y,2,2,0,0,1\.0000,/),
      expect.stringMatching(/^x,z,2,0,1,1,0\.2500,/),
      expect.stringMatching(/^y,z,2,1,1,0,0\.7500,/),
    ]);
  });

  it('do not depend on the order of the rows', () => {
    expect(build([...rows].reverse())).toEqual(build(rows));
    expect(build([rows[3], rows[0], rows[5], rows[1], rows[4], rows[2]])).toEqual(build(rows));
  });
});

describe('rows a worker returns', () => {
  const enc = (s: string): Uint8Array => new TextEncoder().encode(s);
  const cfg = checkConfig({ ruleset: 'rbp', bots: ['random', 'greedy'], schedule: { type: 'round-robin', games: 4 } }, 'rows.json').runs[0].run;
  const schedule = makeSchedule(cfg, undefined);
  const row = (id: number, change: Partial<MatchRow> = {}): string => {
    const spec = schedule.spec(id);
    return csvLines([rowFields({ id, seed: spec.seed, bots: spec.seats.map((s) => s.bot), loadouts: spec.seats.map((s) => s.loadout), winner: 0, turns: 3, reason: 'kill', figures: [[5, 0]], faults: [0, 0], ...change })]);
  };
  const batch = { start: 1, step: 2, count: 2 };

  it('must be one whole line per match, each starting with its id', () => {
    expect(idsProblem(enc(row(1) + row(3)), batch)).toBeNull();
    expect(idsProblem(enc(row(1) + row(3).replace(/^3,/, '03,')), batch)).toBe('row 2 does not start with its id 3');
    expect(idsProblem(enc(row(1)), batch)).toBe('row 2 does not start with its id 3');
    expect(idsProblem(enc(row(1) + row(3) + row(5)), batch)).toBe("more rows than the batch's 2 matches");
    expect(idsProblem(enc(row(1) + row(3).slice(0, -1)), batch)).toBe('row 2 is not a whole line');
  });

  it('checked in full: the schedule\'s seed, bots and builds, and a well-formed rest', () => {
    expect(rowsProblem(enc(row(1) + row(3)), batch, schedule, 2, 1)).toBeNull();
    expect(rowsProblem(enc(row(1) + row(3, { seed: 'f00d' })), batch, schedule, 2, 1)).toMatch(/^match 3: seed "f00d", not the schedule's /);
    expect(rowsProblem(enc(row(1, { bots: ['greedy', 'greedy'] }) + row(3)), batch, schedule, 2, 1)).toMatch(/^match 1: seat \d is not the schedule's bot and build$/);
    expect(rowsProblem(enc(row(1) + row(3).replace(',kill,', ',kill,x')), batch, schedule, 2, 1)).toMatch(/^match 3: /);
  });
});

describe('matches worth watching (interest.ts)', () => {
  /** A two-seat row: bots a and b, winner 0, 1 or -1 (a draw), ended by `reason` after `turns`. */
  const row = (id: number, a: string, b: string, winner: number, turns = 10, reason = winner < 0 ? 'turn-limit' : 'kill'): MatchRow => ({
    id, seed: 's', bots: [a, b], loadouts: ['pig', 'pig'], winner, turns, reason, figures: [[0, 0]], faults: [0, 0],
  });
  const bot = (r: MatchRow, s: number): string => r.bots[s];
  // top beats everyone but once loses to mid (id 5); weak loses everything; many draws first.
  const rows = [
    ...Array.from({ length: 4 }, (_, i) => row(i, 'mid', 'weak', -1, 100)),
    row(4, 'top', 'mid', 0, 12),
    row(5, 'top', 'mid', 1, 30),
    row(6, 'mid', 'weak', 0, 8),
    row(7, 'top', 'weak', 0, 5),
    row(8, 'weak', 'top', 1, 60),
    row(9, 'mid', 'mid', 0, 70), // a mirror match: no loss of mid's
  ];
  const strength = new Map([['top', 0.9], ['mid', 0.5], ['weak', 0.1]]);

  it('a loss of every entrant, the strongest first; then upsets and long games; draws only when nothing else is left', () => {
    const chosen = chooseMatches(rows, bot, strength, 6);
    expect(chosen.slice(0, 3)).toEqual([
      { id: 5, why: 'loss', loser: 'top' },
      { id: 4, why: 'loss', loser: 'mid' },
      { id: 6, why: 'loss', loser: 'weak' },
    ]);
    // id 5 (mid beat top) is the one upset, already taken; the longest decisive games follow.
    expect(chosen.slice(3).map((c) => [c.id, c.why])).toEqual([
      [9, 'long'],
      [8, 'long'],
      [7, 'long'],
    ]);
    expect(chosen.some((c) => c.why === 'draw')).toBe(false);
    // All ten: the draws come last.
    expect(chooseMatches(rows, bot, strength, 10).slice(-4).map((c) => c.why)).toEqual(['draw', 'draw', 'draw', 'draw']);
  });

  it('the same rows give the same choice; losses take at most half of a choice of three or more', () => {
    expect(chooseMatches(rows, bot, strength, 6)).toEqual(chooseMatches([...rows], bot, new Map(strength), 6));
    expect(chooseMatches(rows, bot, strength, 3).map((c) => c.why)).toEqual(['loss', 'loss', 'long']);
    expect(chooseMatches(rows, bot, strength, 0)).toEqual([]);
  });
});

describe("a crashed bot's last words", () => {
  it('the line that says the process ran out of memory is found before the stack trace after it, and only once whole', () => {
    const trace = Array.from({ length: 30 }, (_, i) => ` ${i}: 0x1512628 v8::internal::Runtime_NewArray(int, unsigned long*, v8::internal::Isolate*) [/usr/bin/node]`);
    const v8 = ['<--- Last few GCs --->', 'FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory', '----- Native stack trace -----', ...trace].join('\n');
    expect(outOfMemoryLine(v8, true)).toBe('FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory');
    // The trace alone (the line scrolled out of a kept tail) says nothing of memory.
    expect(outOfMemory(trace.join('\n'))).toBe(false);
    // A line still being written is not taken until the process has ended.
    expect(outOfMemoryLine('MemoryError: out of mem', false)).toBeNull();
    expect(outOfMemoryLine('Traceback\nMemoryError', true)).toBe('MemoryError');
    expect(outOfMemoryLine('Traceback\nMemoryError\n', false)).toBe('MemoryError');
    expect(outOfMemoryLine('Error: no such file\n', true)).toBeNull();
  });
});
