/**
 * Issue 49 item 6 through the compiled CLI: a contest entrant is its whole
 * folder (a helper module swapped after it entered is refused, located, and
 * nothing it would have played is played), and a name a spreadsheet would
 * take for a formula is written as text in matches.csv and leaderboard.csv.
 */
import { chmodSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { havoc } from '../cli-helpers.js';

const tmp = mkdtempSync(join(tmpdir(), 'hostile-entries-'));
chmodSync(tmp, 0o755); // the sandbox's user reads the entrant's files
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('a contest entrant with a helper module and a formula for a name', () => {
  const me = join(tmp, 'entrant');
  cpSync('bots/starters/javascript', me, { recursive: true });
  // The bot's code lives in a helper module its main file re-exports.
  writeFileSync(join(me, 'helper.js'), readFileSync(join(me, 'bot.js')));
  writeFileSync(join(me, 'bot.js'), "export * from './helper.js';\nexport { default } from './helper.js';\n");
  const name = '=HYPERLINK("http://evil.example","x")';
  writeFileSync(join(me, 'bot.json'), JSON.stringify({ name, bot: 'bot.js', rulesets: ['rbp'] }));
  const file = join(tmp, 'contest.json');
  writeFileSync(file, JSON.stringify({ ruleset: 'rbp', entrants: [me], bots: ['random'], games: { first: 2, more: 2, max: 4 }, maxRounds: 1, seed: 'h1' }));
  const out = join(tmp, 'out');
  const play = () => havoc('contest', file, '--out', out, '--quiet', '--save-replays', 'none', '--no-report');

  it('writes the name as text in every CSV', () => {
    const r = play();
    expect(r.code, r.err).toBe(0);
    const cell = `"'=HYPERLINK(""http://evil.example"",""x"")"`;
    const matches = readFileSync(join(out, 'matches.csv'), 'utf8');
    expect(matches).toContain(`,${cell},`);
    expect(matches).not.toMatch(/(^|,)"?=/m);
    for (const t of ['leaderboard.csv', 'bots.csv']) {
      const text = readFileSync(join(out, t), 'utf8');
      expect(text, t).toContain(cell);
      expect(text, t).not.toMatch(/(^|,)"?[=@]/m);
    }
  });

  it('refuses it, located, once a helper module is swapped, and plays nothing', () => {
    const before = readFileSync(join(out, 'matches.csv'), 'utf8');
    writeFileSync(join(me, 'helper.js'), readFileSync(join(me, 'helper.js'), 'utf8') + '\n// another program\n');
    const r = play();
    expect(r.code).toBe(1);
    expect(r.err.trim()).toBe(
      `error: ${out}: entrant ${name} has changed since it entered (its sha256 differs: a file of its folder changed): its games so far were played by the old one; enter the new one under a new name ("name" in its manifest), or start a new contest folder`,
    );
    expect(readFileSync(join(out, 'matches.csv'), 'utf8')).toBe(before);
  });
});
