/**
 * Replays (havoc-replay/2, every ruleset): recorded matches re-simulate
 * exactly, tampered or foreign ones are refused or caught, files of the first
 * format (havoc-replay/1) still read, verify and play, a game of another shape
 * (Kuhn poker, test-only) records and verifies, and `havoc replay` draws them
 * on the terminal.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playMatch } from '../../src/match/loop.js';
import { loadBot } from '../../src/match/bots.js';
import { makeBoard } from '../../src/core/grid.js';
import type { BotFactory } from '../../src/rules/nhm/botApi.js';
import { defaultCatalogue } from '../../src/rules/nhm/catalogue.js';
import { Game } from '../../src/rules/nhm/game.js';
import { loadNamedLoadouts } from '../../src/rules/nhm/loadout.js';
import { defaultStarts } from '../../src/rules/nhm/starts.js';
import { rbpGame } from '../../src/rules/rbp/index.js';
import { RULES_VERSION } from '../../src/rules/version.js';
import { parseReplay, readReplay, type Replay } from '../../src/store/replayFormat.js';
import { replayFrames } from '../../src/replay/play.js';
import { recordMatch, replayPath, writeReplay } from '../../src/store/replays.js';
import { gameFromHeader, verifyReplay } from '../../src/replay/verify.js';
import type { NhmGameDescription, NhmReplayStep } from '../../src/rules/nhm/replay.js';
import { rulesetById } from '../../src/rules/registry.js';
import kuhnModule from '../games/kuhn/index.js';
import { completeModule } from '../../src/core/complete.js';
import { engine } from '../helpers.js';

/** Kuhn poker as the registry holds it: completed with the interface's defaults. */
const kuhn = completeModule(kuhnModule);

/** An NHM-engine replay's game description and steps. */
const nhmGameOf = (r: Replay) => r.header.game as NhmGameDescription;
const nhmSteps = (r: Replay) => r.steps as unknown as NhmReplayStep[];

/** A havoc-replay/2 file of an NHM-engine game written back as havoc-replay/1 (the format before), to check old files still read. */
function asV1(lines: readonly string[]): string {
  const { header: h } = JSON.parse(lines[0]);
  const g = h.game;
  const v1 = {
    format: 'havoc-replay/1',
    ruleset: h.ruleset,
    rulesVersion: h.rulesVersion,
    catalogueHash: g.catalogueHash,
    catalogue: g.catalogue,
    board: g.board,
    turnLimit: g.turnLimit,
    repairAllSlots: g.repairAllSlots,
    notation: g.notation,
    machines: g.machines,
    bots: h.bots,
    seed: h.seed,
    budget: h.budget,
    ...(h.match ? { match: h.match } : {}),
  };
  const { result: r } = JSON.parse(lines[lines.length - 1]);
  const result = { winner: r.winner, reason: r.reason, turns: r.turns, dealt: r.figures.dealt, faults: r.faults, faultLog: r.faultLog };
  return [JSON.stringify({ header: v1 }), ...lines.slice(1, -1), JSON.stringify({ result })].join('\n') + '\n';
}

// A folder of its own, so test runs side by side (in one work tree) do not trip over each other.
mkdirSync(resolve('results'), { recursive: true });
const DIR = mkdtempSync(join(resolve('results'), 'test-replay-'));

/** Runs the compiled CLI. */
function havoc(args: string[], input?: string) {
  const r = spawnSync(process.execPath, ['dist/src/cli/main.js', ...args], { encoding: 'utf8', input: input ?? '' });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

function nhmGame(names: string[], turnLimit = 100): Game {
  const cat = defaultCatalogue();
  const named = loadNamedLoadouts(cat);
  const board = makeBoard(8, 8);
  const starts = defaultStarts(board, names.length);
  return new Game({ catalogue: cat, board, turnLimit, machines: names.map((n, i) => ({ name: 'ABCD'[i], loadout: named.get(n)!, ...starts[i] })) });
}

let random: BotFactory;
beforeAll(async () => {
  random = await loadBot('random');
});
afterAll(() => rmSync(DIR, { recursive: true, force: true }));

describe('recording and verifying', () => {
  it('a recorded match re-simulates exactly, step by step (mines, teleports, dodges)', async () => {
    const game = nhmGame(['mine-layer', 'telefrag-gambler', 'dodger']);
    const { result, lines } = recordMatch({ ...engine(game), bots: [random, random, random], botSpecs: ['random'], seed: 'replay-test-1' });
    const file = join(DIR, 'nhm.jsonl');
    writeReplay(file, lines);
    const r = readReplay(file);
    expect(r.header).toMatchObject({ format: 'havoc-replay/2', ruleset: 'nhm', rulesVersion: RULES_VERSION, seats: ['A', 'B', 'C'], seed: 'replay-test-1', bots: ['random', 'random', 'random'] });
    expect(r.header.rulesetModule).toBeUndefined();
    expect(nhmGameOf(r)).toMatchObject({ catalogueHash: game.catalogue.hash, catalogue: 'configs/parts.json', board: { width: 8, height: 8 }, notation: 'nhm' });
    expect(nhmGameOf(r).machines.map((m) => m.loadoutName)).toEqual(['mine-layer', 'telefrag-gambler', 'dodger']);
    expect(r.steps.length).toBeGreaterThan(10);
    expect(r.result).toMatchObject({ reason: result.reason, turns: result.turns, ranks: [...result.ranks], figures: { dealt: result.figures[0] } });
    // The step lines are the engine's records: mines laid appear in the minefield with squares.
    expect(nhmSteps(r).some((s) => s.minefield.length > 0)).toBe(true);
    const v = await verifyReplay(file);
    expect(v).toEqual({ ok: true, steps: r.steps.length, turns: result.turns });
  });

  it('recording does not change the match, and the same match gives the same bytes', () => {
    const game = rbpGame(defaultCatalogue());
    const plain = playMatch({ ...engine(game), bots: [random, random], seed: 's2' });
    const a = recordMatch({ ...engine(game), bots: [random, random], botSpecs: ['random'], seed: 's2' });
    const b = recordMatch({ ...engine(game), bots: [random, random], botSpecs: ['random'], seed: 's2' });
    expect({ ...a.result, decisionMs: [] }).toEqual({ ...plain, decisionMs: [] });
    expect(a.lines).toEqual(b.lines);
  });

  it('rebuilds the game from the header: same loadouts, starts and limits', () => {
    const game = nhmGame(['lazor-sniper', 'buzz-brawler'], 30);
    const { lines } = recordMatch({ ...engine(game), bots: [random, random], botSpecs: ['random'], seed: 'h' });
    const g = gameFromHeader(parseReplay(lines.join('\n')).header, rulesetById(game.rulesetId).withData!(defaultCatalogue())) as Game;
    expect(g.names).toEqual(game.names);
    expect(g.turnLimit).toBe(30);
    expect(Array.from(g.startSq)).toEqual(Array.from(game.startSq));
    expect(g.loadouts.map((l) => l.parts.map((p) => p.key))).toEqual(game.loadouts.map((l) => l.parts.map((p) => p.key)));
    expect(g.commands.map((c) => Array.from(c))).toEqual(game.commands.map((c) => Array.from(c)));
  });

  it('a replay from another rules version or catalogue is refused, naming both', async () => {
    const game = rbpGame(defaultCatalogue());
    const { lines } = recordMatch({ ...engine(game), bots: [random, random], botSpecs: ['random'], seed: 't' });
    const tamper = (f: (h: Record<string, unknown>) => void): string => {
      const head = JSON.parse(lines[0]) as { header: Record<string, unknown> };
      f(head.header);
      return [JSON.stringify(head), ...lines.slice(1)].join('\n') + '\n';
    };
    const rules = join(DIR, 'old-rules.jsonl');
    writeFileSync(rules, tamper((h) => (h.rulesVersion = 'havoc-rules-0')));
    await expect(verifyReplay(rules)).rejects.toThrow(`recorded under rules version havoc-rules-0, but this havoc plays ${RULES_VERSION}`);
    const cat = join(DIR, 'other-catalogue.jsonl');
    writeFileSync(cat, tamper((h) => ((h.game as Record<string, unknown>).catalogueHash = 'f00d')));
    await expect(verifyReplay(cat)).rejects.toThrow(`recorded with catalogue hash f00d (configs/parts.json), but`);
    await expect(verifyReplay(cat)).rejects.toThrow(`has hash ${game.catalogue.hash}`);
    // The command line says the same and exits non-zero (one refusal: both are verifyReplay's, printed the same way).
    const r = havoc(['replay', '--verify', rules]);
    expect(r.code).toBe(1);
    expect(r.err).toContain('havoc-rules-0');
    expect(r.err).toContain(RULES_VERSION);
  });

  it('a tampered step is caught, naming its line, turn and step', async () => {
    const game = rbpGame(defaultCatalogue());
    const { lines } = recordMatch({ ...engine(game), bots: [random, random], botSpecs: ['random'], seed: 'u' });
    const step = JSON.parse(lines[7]);
    step.machines[0].hearts = 9;
    const file = join(DIR, 'tampered-step.jsonl');
    writeFileSync(file, [...lines.slice(0, 7), JSON.stringify(step), ...lines.slice(8)].join('\n') + '\n');
    const v = await verifyReplay(file);
    expect(v.ok).toBe(false);
    if (!v.ok) {
      expect(v.line).toBe(8);
      expect(v.message).toContain(`turn ${step.turn} step ${step.step} differs`);
    }
    const r = havoc(['replay', '--verify', file]);
    expect(r.code).toBe(1);
    expect(r.out).toContain('differs when re-simulated');
  });

  it('a bot that overran its budget is replayed from the fault log, not timed again', async () => {
    // The original: seat 1's decisions on turns 2 and 5 take 2 s by the match clock.
    const game = rbpGame(defaultCatalogue(), { turnLimit: 8 });
    let seat = -1, turn = 0, called = false, time = 0;
    const spy = (s: number): BotFactory => (ctx) => {
      const b = random(ctx);
      return { program: (obs, view) => ((seat = s), (turn = obs.turn + 1), (called = true), b.program(obs, view)) };
    };
    // The clock's first reading after a bot's decision is 1 ms on, or 2 s for seat 1's on turns 2 and 5.
    const clock = (): number => {
      if (called) time += seat === 1 && (turn === 2 || turn === 5) ? 2000 : 1;
      called = false;
      return time;
    };
    const { result, lines } = recordMatch({ ...engine(game), bots: [spy(0), spy(1)], botSpecs: ['random'], seed: 'slow', clock });
    expect(result.faultLog.map((f) => [f.seat, f.turn, f.kind])).toEqual([
      [1, 2, 'timeout'],
      [1, 5, 'timeout'],
    ]);
    const file = join(DIR, 'timeouts.jsonl');
    writeReplay(file, lines);
    expect(await verifyReplay(file)).toMatchObject({ ok: true });
    // Re-recording the match from its fault log (what the arena does for a match that faulted) gives the same lines.
    const again = recordMatch({ ...engine(game), bots: [random, random], botSpecs: ['random'], seed: 'slow', faultLog: result.faultLog });
    expect(again.lines.slice(0, -1)).toEqual(lines.slice(0, -1));
    expect(again.result.faultLog.map((f) => [f.seat, f.turn, f.kind])).toEqual([
      [1, 2, 'timeout'],
      [1, 5, 'timeout'],
    ]);
  });
});

describe('havoc match --replay and havoc replay', () => {
  const file = join(DIR, 'cli', 'replays', 'match-0.jsonl');
  let drawn = '';
  beforeAll(() => {
    const r = havoc(['match', '--seed', '3', '--replay', file]);
    expect(r.code, r.err).toBe(0);
    drawn = r.out;
  });

  // (The same match recorded twice gives the same bytes: 'recording does not change the match', above.)
  it('writes a replay while drawing the match as before, and it verifies', () => {
    const plain = havoc(['match', '--seed', '3']);
    expect(drawn).toBe(plain.out);
    expect(plain.out).toMatch(/result: /);
    const v = havoc(['replay', '--verify', file]);
    expect(v.code, v.err).toBe(0);
    expect(v.out).toMatch(/verified, \d+ steps over \d+ turns re-simulate exactly/);
  });

  it('draws every step as a board, then the result', () => {
    const r = havoc(['replay', file]);
    expect(r.code, r.err).toBe(0);
    const replay = readReplay(file);
    const frames = r.out.split('\n').filter((l) => /^(start|turn \d+ step \d+)\b/.test(l));
    expect(frames).toHaveLength(replay.steps.length + 1);
    expect(r.out.split('a  b  c  d  e  f  g  h').length - 1).toBe(replay.steps.length + 1);
    expect(r.out).toContain('turn 1 step 1   A: ');
    // The machines' squares and hearts as recorded, in the status line under the board.
    const s = nhmSteps(replay)[4];
    const block = r.out.slice(r.out.indexOf(`turn ${s.turn} step ${s.step} `));
    const status = block.split('\n')[10];
    for (const m of s.machines) expect(status).toContain(`${m.name} ${m.square} ${'♥'.repeat(m.hearts)}`);
    expect(r.out.trim().split('\n').pop()).toMatch(/^result: (A wins|B wins|draw) \(/);
  });

  it('--turn N jumps to turn N', () => {
    const r = havoc(['replay', file, '--turn', '5']);
    expect(r.code, r.err).toBe(0);
    expect(r.out.startsWith('turn 5 step 1 ')).toBe(true);
    expect(r.out).not.toContain('turn 4 step 5');
    expect(r.out).toContain('turn 6 step 1');
    const bad = havoc(['replay', file, '--turn', '999']);
    expect(bad.code).toBe(1);
    expect(bad.err).toContain('no turn 999');
  });

  it('--step reads lines when input is not a terminal: next, back, jump, quit', () => {
    const r = havoc(['replay', file, '--step'], '\nn\nb\n7\n\nq\n');
    expect(r.code, r.err).toBe(0);
    const frames = r.out.split('\n').filter((l) => /^(start|turn \d+ step \d+)\b/.test(l)).map((l) => l.split('   ')[0]);
    expect(frames).toEqual(['start', 'turn 1 step 1', 'turn 1 step 2', 'turn 1 step 1', 'turn 7 step 1', 'turn 7 step 2']);
    expect(r.err).toContain('keys:');
    // The end of input stops the playback.
    const eof = havoc(['replay', file, '--step', '--turn', '2'], '\n');
    expect(eof.out.split('\n').filter((l) => l.startsWith('turn '))).toHaveLength(2);
  });

  it('reads a run folder with --match ID', () => {
    const r = havoc(['replay', join(DIR, 'cli'), '--match', '0', '--turn', '2']);
    expect(r.code, r.err).toBe(0);
    expect(r.out.startsWith('turn 2 step 1')).toBe(true);
    expect(replayPath(join(DIR, 'cli'), 0)).toBe(file);
    const none = havoc(['replay', join(DIR, 'cli')]);
    expect(none.code).toBe(1);
    expect(none.err).toContain('--match ID');
  });

  it('shows mines per owner: all, none, or one machine\'s', () => {
    const game = nhmGame(['mine-layer', 'mine-layer']);
    const { lines } = recordMatch({ ...engine(game), bots: [random, random], botSpecs: ['random'], seed: 'mines-2' });
    const replay = parseReplay(lines.join('\n'));
    const steps = nhmSteps(replay);
    const k = steps.findIndex((s) => new Set(s.minefield.map((e) => e.owner)).size === 2);
    expect(k).toBeGreaterThanOrEqual(0);
    const mod = rulesetById('nhm');
    const count = (mines: string): number => {
      const board = replayFrames(replay, mod, mines)[k + 1].text.split('\n').slice(1, 9).join('\n');
      return (board.match(/o /g) ?? []).length;
    };
    const field = steps[k].minefield;
    const squaresOf = (o?: string) => new Set(field.filter((e) => !o || e.owner === o).map((e) => e.square)).size;
    const occupied = new Set(steps[k].machines.map((m) => m.square));
    const free = (o?: string) => [...new Set(field.filter((e) => !o || e.owner === o).map((e) => e.square))].filter((s) => !occupied.has(s) && !steps[k].hot.some((h) => h.squares.includes(s))).length;
    expect(squaresOf()).toBeGreaterThan(0);
    expect(count('all')).toBe(free());
    expect(count('A')).toBe(free('A'));
    expect(count('none')).toBe(0);
  });
});

describe('replays of the first format (havoc-replay/1)', () => {
  it('read as havoc-replay/2, verify, and play back', async () => {
    const game = nhmGame(['mine-layer', 'buzz-brawler']);
    const { lines } = recordMatch({ ...engine(game), bots: [random, random], botSpecs: ['random'], seed: 'old-1', match: { id: 4, runSeed: 'r' } });
    const file = join(DIR, 'v1.jsonl');
    writeFileSync(file, asV1(lines));
    expect(JSON.parse(readFileSync(file, 'utf8').split('\n')[0]).header.format).toBe('havoc-replay/1');
    // Converted on reading: exactly the lines the new format writes for the same match.
    const r = readReplay(file);
    expect(r.header.format).toBe('havoc-replay/2');
    expect(readFileSync(file, 'utf8')).not.toBe(lines.join('\n') + '\n');
    expect(parseReplay(readFileSync(file, 'utf8'))).toEqual(parseReplay(lines.join('\n')));
    expect(await verifyReplay(file)).toMatchObject({ ok: true });
    // The command reads it through the same readReplay (its --verify is verifyReplay, as above): it plays back.
    const p = havoc(['replay', file, '--turn', '2']);
    expect(p.code, p.err).toBe(0);
    expect(p.out.startsWith('turn 2 step 1 ')).toBe(true);
    expect(p.out.trim().split('\n').pop()).toMatch(/^result: (A wins|B wins|draw) \(.*; dealt \d+\/\d+; faults 0\/0$/);
  });
});

describe('a game of another shape: Kuhn poker (test-only)', () => {
  const bets = (text: string) => (() => ({ bet: () => text })) as never;
  const module = resolve('dist/test/games/kuhn/index.js');

  it('records the ruleset\'s own records (with the cards: a replay is omniscient), its description and figures, and verifies', async () => {
    const game = kuhn.makeGame({ builds: ['standard', 'standard'] });
    const { result, lines } = recordMatch({ module: kuhn, game, bots: [bets('check'), bets('bet')], botSpecs: ['x'], seed: 'k1', rulesetModule: module });
    const r = parseReplay(lines.join('\n'));
    expect(r.header).toEqual({
      format: 'havoc-replay/2',
      ruleset: 'kuhn',
      rulesetModule: module,
      rulesVersion: kuhn.version,
      seats: ['A', 'B'],
      bots: ['x', 'x'],
      seed: 'k1',
      budget: { ms: 1000, sims: 2000 },
      game: { seats: 2 },
    });
    expect(r.steps.map((s) => s.action)).toEqual(['check', 'bet', 'fold']);
    expect(r.steps.every((s) => Array.isArray(s.cards) && s.cards.length === 2)).toBe(true);
    expect(r.result).toEqual({ winner: 'B', ranks: [1, 0], reason: 'fold', turns: 3, figures: { chips: [-1, 1] }, faults: [0, 0], faultLog: [] });
    expect(result.winner).toBe(1);
    const file = join(DIR, 'kuhn.jsonl');
    writeReplay(file, lines);
    expect(await verifyReplay(file, { bots: [bets('check'), bets('bet')] })).toEqual({ ok: true, steps: 3, turns: 3 });
    // A different record is caught, named by its place.
    const tampered = join(DIR, 'kuhn-tampered.jsonl');
    writeFileSync(tampered, [lines[0], lines[1].replace('"check"]', '"bet"]'), ...lines.slice(2)].join('\n') + '\n');
    const v = await verifyReplay(tampered, { bots: [bets('check'), bets('bet')] });
    expect(v).toMatchObject({ ok: false, line: 2 });
    if (!v.ok) expect(v.message).toContain('record 1 differs');
    // A bad description is refused, naming the field.
    const bad = { ...r, header: { ...r.header, game: { seats: 3 } } };
    await expect(verifyReplay(bad, { bots: [bets('check'), bets('bet')] })).rejects.toThrow('replay: header.game.seats: Kuhn poker is for 2 seats, not 3');
  });

  it('a bot fault and a timeout re-record exactly from the fault log', () => {
    const game = kuhn.makeGame({ builds: ['standard', 'standard'] });
    // Seat 0 answers nonsense (a fault); seat 1's decision on turn 2 takes 2 s by the match clock.
    let seat = -1, turn = 0, calls = 0;
    const spy = (s: number, text: string) => (() => ({ bet: (obs: { history: string[] }) => ((seat = s), (turn = obs.history.length + 1), text) })) as never;
    const clock = (): number => (calls++ % 2 === 0 ? 0 : seat === 1 && turn === 2 ? 2000 : 1);
    const first = recordMatch({ module: kuhn, game, bots: [spy(0, 'raise'), spy(1, 'bet')], botSpecs: ['x'], seed: 'k2', clock });
    expect(first.result.faultLog.map((f) => [f.seat, f.turn, f.kind])).toEqual([
      [0, 1, 'illegal'],
      [1, 2, 'timeout'],
    ]);
    const again = recordMatch({ module: kuhn, game, bots: [bets('raise'), bets('bet')], botSpecs: ['x'], seed: 'k2', faultLog: first.result.faultLog });
    expect(again.lines.slice(0, -1)).toEqual(first.lines.slice(0, -1));
    expect(again.result.faultLog.map((f) => [f.seat, f.turn, f.kind])).toEqual([
      [0, 1, 'illegal'],
      [1, 2, 'timeout'],
    ]);
  });

  it('havoc match --replay names the module; havoc replay verifies it and plays its records as JSON lines', () => {
    const file = join(DIR, 'kuhn-cli.jsonl');
    const bot = 'dist/test/games/kuhn/bots/random.js';
    const m = havoc(['match', '--ruleset', 'dist/test/games/kuhn/index.js', '--bots', bot, '--seed', '4', '--quiet', '--replay', file]);
    expect(m.code, m.err).toBe(0);
    const r = readReplay(file);
    expect(r.header.rulesetModule).toBe(module);
    const v = havoc(['replay', '--verify', file]);
    expect(v.code, v.err).toBe(0);
    expect(v.out).toMatch(/verified, \d+ steps over \d+ turns re-simulate exactly/);
    const p = havoc(['replay', file]);
    expect(p.code, p.err).toBe(0);
    const out = p.out.trim().split('\n').filter(Boolean);
    expect(out[0]).toBe(`start   A: ${bot}  B: ${bot}`);
    expect(out.slice(1, -1).map((l) => JSON.parse(l))).toEqual(r.steps);
    expect(out[out.length - 1]).toMatch(/^result: [AB] wins \((fold|showdown)\) after \d turns; chips -?\d\/-?\d; faults 0\/0$/);
  });
});
