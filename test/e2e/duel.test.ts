/**
 * `havoc duel` through the compiled CLI, kept lean: Robo Battle Pigs with built-in bots and wide hypotheses (elo1 = 200), so each duel decides within a few dozen games. The verdicts
 * (H1 for a much stronger bot, H0 for a bot against a copy of itself), the files a script reads, the same bytes
 * in the command's own thread and on 2 workers, a duel cut short (a torn matches.csv) carried on to the same bytes, and bad options.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { csvRecords, havoc } from '../cli-helpers.js';

const tmp = mkdtempSync(join(tmpdir(), 'duel-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const FILES = ['matches.csv', 'pairs.csv', 'duel.json', 'config.json'];
const files = (dir: string) => Object.fromEntries(FILES.map((f) => [f, readFileSync(join(dir, f), 'utf8')]));
const COPY = ['random', 'random', '--ruleset', 'rbp'];
const QUICK = ['--save-replays', 'none', '--sprt', 'elo0=0,elo1=200,alpha=0.05,beta=0.05'];

describe('havoc duel', () => {
  it('a much stronger bot: H1 accepted at a check, with the pentanomial, Elo, LOS and LLR printed and in duel.json', () => {
    const dir = join(tmp, 'rbp');
    const r = havoc('duel', 'greedy', 'random', '--ruleset', 'rbp', '--out', dir, '--workers', '0', ...QUICK);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/^games {4}20 {2}W-D-L \d+-\d+-\d+ {2}pairs LL \d+ LD \d+ WL \d+ DD \d+ WD \d+ WW \d+ {2}Elo \S+ ± \S+ {2}nElo \S+ ± \S+ {2}LOS [\d.]+% {2}LLR -?[\d.]+ \(-2\.94, 2\.94\)$/m);
    expect(r.out).toMatch(/^H1 accepted: greedy is stronger than random by 200 Elo/m);
    const d = JSON.parse(readFileSync(join(dir, 'duel.json'), 'utf8'));
    expect(d.verdict).toBe('H1 accepted');
    expect(d.games % 20).toBe(0); // decided at a check
    expect(d.llr).toBeGreaterThanOrEqual(d.bounds.upper);
    expect(d.bounds.upper).toBeCloseTo(Math.log(19), 5);
    // The counts add up: pairs to the pentanomial, games to W-D-L, and pairs.csv holds every pair.
    const p = d.pentanomial;
    expect(p.ll + p.ld + p.wl + p.dd + p.wd + p.ww).toBe(d.games / 2);
    expect(d.wins + d.draws + d.losses).toBe(d.games);
    const pairs = csvRecords(join(dir, 'pairs.csv'));
    expect(pairs).toHaveLength(d.games / 2);
    expect(pairs.filter((x) => x.kind === 'WW').length).toBe(p.ww);
    expect(d.wins).toBe(pairs.reduce((n, x) => n + Number(x.a_score_seat_a === '1') + Number(x.a_score_seat_b === '1'), 0));
    // Seats swapped on one seed: greedy in seat A in the pair's first game, seat B in its second.
    const rows = readFileSync(join(dir, 'matches.csv'), 'utf8').trim().split('\n').slice(1).map((l) => l.split(','));
    expect(rows[0][1]).toBe(rows[1][1]);
    expect([rows[0][2], rows[0][4], rows[1][2], rows[1][4]]).toEqual(['greedy', 'random', 'random', 'greedy']);
    // Run again: decided already, nothing played, the same verdict.
    const again = havoc('duel', 'greedy', 'random', '--ruleset', 'rbp', '--out', dir, '--workers', '0', ...QUICK);
    expect(again.code, again.err).toBe(0);
    expect(again.out).toMatch(/^H1 accepted/m);
    expect(readFileSync(join(dir, 'duel.json'), 'utf8')).toBe(JSON.stringify(d, null, 2) + '\n');
  });

  it('a bot against a copy of itself: H0 accepted; the same bytes in this thread and on 2 workers', () => {
    const one = join(tmp, 'copy-1'), two = join(tmp, 'copy-2');
    const a = havoc('duel', 'random', 'random', '--ruleset', 'rbp', '--out', one, '--workers', '0', ...QUICK);
    expect(a.code, a.err).toBe(0);
    expect(a.out).toMatch(/^H0 accepted: random is not stronger than random-2 by 200 Elo/m);
    const b = havoc('duel', 'random', 'random', '--ruleset', 'rbp', '--out', two, '--workers', '2', ...QUICK);
    expect(b.code, b.err).toBe(0);
    expect(files(two)).toEqual(files(one));
    expect(JSON.parse(files(one)['duel.json']).verdict).toBe('H0 accepted');
  });

  it('cut short mid-check (a torn last line) and run again: carried on to the same bytes', () => {
    const whole = join(tmp, 'cut-whole'), cut = join(tmp, 'cut');
    // The default test (0 against 10 Elo) stays undecided over 60 games: three checks, every game played.
    const a = havoc('duel', ...COPY, '--out', whole, '--workers', '0', '--max-games', '60', '--save-replays', 'none');
    expect(a.code, a.err).toBe(0);
    // The whole duel's folder copied (a second run would write the same bytes: the test above plays one twice), then torn.
    cpSync(whole, cut, { recursive: true });
    // As if killed during the second check: 27 whole matches and half of the 28th.
    const text = readFileSync(join(cut, 'matches.csv'), 'utf8');
    const lines = text.split('\n');
    truncateSync(join(cut, 'matches.csv'), lines.slice(0, 28).join('\n').length + 1 + Math.floor(lines[28].length / 2));
    const d = JSON.parse(readFileSync(join(cut, 'duel.json'), 'utf8'));
    writeFileSync(join(cut, 'duel.json'), JSON.stringify({ ...d, checks: d.checks.slice(0, 1) }));
    // Carried on in the command's own thread: the same bytes on 2 workers is the test above.
    const c = havoc('duel', ...COPY, '--out', cut, '--workers', '0', '--max-games', '60', '--save-replays', 'none');
    expect(c.code, c.err).toBe(0);
    expect(files(cut)).toEqual(files(whole));
    expect(JSON.parse(files(whole)['duel.json'])).toMatchObject({ verdict: 'undecided', games: 60, gamesPlayed: 60 });
  });

  it('refuses bad options and another test on the same folder, in one line each', () => {
    const bad = havoc('duel', 'greedy', 'random', '--ruleset', 'rbp', '--sprt', 'elo0=10,elo1=0', '--out', join(tmp, 'bad'));
    expect(bad.code).toBe(1);
    expect(bad.err.trim()).toBe('error: --sprt: elo0 must be below elo1 (got 10, 0)');
    const typo = havoc('duel', 'greedy', 'random', '--ruleset', 'rbp', '--sprt', 'elo=5', '--out', join(tmp, 'bad'));
    expect(typo.err.trim()).toMatch(/^error: --sprt: "elo=5" is not KEY=NUMBER/);
    const odd = havoc('duel', 'greedy', 'random', '--ruleset', 'rbp', '--max-games', '7', '--out', join(tmp, 'bad'));
    expect(odd.err.trim()).toBe('error: --max-games: must be an even whole number >= 2 (games come in seat-swapped pairs)');
    const other = havoc('duel', 'greedy', 'random', '--ruleset', 'rbp', '--out', join(tmp, 'rbp'), '--sprt', 'elo1=100');
    expect(other.code).toBe(1);
    expect(other.err.trim().split('\n')).toHaveLength(1);
    expect(other.err).toMatch(/the folder's duel tests elo0=0,elo1=200/);
  });
});
