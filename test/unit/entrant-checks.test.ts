/**
 * Issue 49 item 6, the parts that need no process: a contest entrant's
 * manifest may run only its own folder's files (a named interpreter running
 * one, or a program there), never another entrant's, a shell wrapper or an
 * interpreter's inline code; names hold no control characters; an entrant's
 * fingerprint covers every file of its folder; and a CSV cell a spreadsheet
 * would take for a formula is written as text and read back as it was.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readManifest } from '../../src/sandbox/manifest.js';
import { HavocError, HavocProblems } from '../../src/core/errors.js';
import { botHash } from '../../src/config/bots.js';
import { formulaSafe, fromFormulaSafe } from '../../src/store/csvCells.js';
import { csvLine, MatchLines, parseMatchLine, type MatchRow } from '../../src/store/records.js';
import { csvText } from '../../src/report/csv.js';
import { parseCsv } from '../../src/report/htmlCsv.js';

const tmp = mkdtempSync(join(tmpdir(), 'entrant-checks-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
for (const who of ['me', 'victim']) {
  mkdirSync(join(tmp, who), { recursive: true });
  writeFileSync(join(tmp, who, 'bot.py'), 'print("hi")\n');
  writeFileSync(join(tmp, who, 'bot.sh'), 'exec python3 bot.py\n');
  writeFileSync(join(tmp, who, 'bot.js'), 'export { default } from "./helper.js";\n');
  writeFileSync(join(tmp, who, 'helper.js'), 'export default () => ({});\n');
}

/** The one-line message readManifest throws for this manifest in tmp/me (null: accepted). */
function refusal(manifest: object): string | null {
  const file = join(tmp, 'me', 'bot.json');
  writeFileSync(file, JSON.stringify(manifest));
  try {
    readManifest(file, { ownFiles: true }); // as a contest reads its entrants
    return null;
  } catch (e) {
    if (e instanceof HavocProblems) return e.problems.map((p) => p.message).join('\n').replaceAll(tmp, 'TMP');
    if (e instanceof HavocError) return e.message.replaceAll(tmp, 'TMP');
    throw e;
  }
}

describe("an entrant's manifest", () => {
  it('runs a file of its own folder through a named interpreter, or its own program', () => {
    expect(refusal({ name: 'a', command: ['python3', 'bot.py'] })).toBeNull();
    expect(refusal({ name: 'a', command: ['/usr/bin/python3', '-u', './bot.py', '--fast'] })).toBeNull();
    expect(refusal({ name: 'a', command: ['node', 'bot.js', '-e', 'x'] })).toBeNull(); // the bot's own arguments, after its file
    expect(refusal({ name: 'a', bot: 'bot.js' })).toBeNull();
    expect(refusal({ name: 'a', command: ['sh', 'bot.sh'] })).toBeNull(); // the hint a .sh bot is given (manifest.ts)
  });

  it("refuses another entrant's file, a shell wrapper and inline code, naming the word", () => {
    expect(refusal({ name: 'a', command: ['python3', '../victim/bot.py'] })).toBe(
      `TMP/me/bot.json: command[1]: ../victim/bot.py is outside the entrant's folder (TMP/me): an entrant runs only its own files`,
    );
    expect(refusal({ name: 'a', command: ['/bin/sh', '-c', 'python3 bot.py'] })).toBe(
      `TMP/me/bot.json: command[1]: /bin/sh -c runs code given on the command line or from elsewhere, not a file of the entrant's folder: name the bot's file instead`,
    );
    expect(refusal({ name: 'a', command: ['sh', '-c', 'python3 bot.py'] })).toMatch(/command\[1\]: sh -c runs code/);
    expect(refusal({ name: 'a', command: ['/usr/bin/env', 'python3', 'bot.py'] })).toMatch(/command\[0\]: \/usr\/bin\/env is outside the entrant's folder \(TMP\/me\) and not a named interpreter/);
    expect(refusal({ name: 'a', command: ['python3', '-c', 'import bot'] })).toBe(
      `TMP/me/bot.json: command[1]: python3 -c runs code given on the command line or from elsewhere, not a file of the entrant's folder: name the bot's file instead`,
    );
    expect(refusal({ name: 'a', command: ['node', '--import', '../victim/bot.js', 'bot.js'] })).toMatch(/command\[1\]: node --import runs code/);
    expect(refusal({ name: 'a', command: ['python3'] })).toBe(`TMP/me/bot.json: command: python3 is given no file of the entrant's folder to run: name the bot's file (["python3", "bot.py"])`);
    expect(refusal({ name: 'a', command: ['python3', 'bot.py', join(tmp, 'victim', 'bot.py')] })).toMatch(/command\[2\]: TMP\/victim\/bot.py is outside the entrant's folder/);
    expect(refusal({ name: 'a', bot: '../victim/bot.js' })).toBe(`TMP/me/bot.json: bot: ../victim/bot.js is outside the entrant's folder (TMP/me): an entrant runs only its own files`);
  });

  it('refuses a name with a control character', () => {
    expect(refusal({ name: 'two\nlines', bot: 'bot.js' })).toBe('TMP/me/bot.json: name: must be a non-empty single line with no control characters');
    expect(refusal({ name: 'tab\there', bot: 'bot.js' })).toBe('TMP/me/bot.json: name: must be a non-empty single line with no control characters');
    expect(refusal({ name: 'Ünïcode ok', bot: 'bot.js' })).toBeNull();
  });

  it("is fingerprinted by every file of its folder: a helper module changed changes it", () => {
    const dir = join(tmp, 'me');
    const before = botHash(join(dir, 'bot.js'), dir);
    expect(botHash(join(dir, 'bot.js'), dir)).toBe(before);
    const mainOnly = botHash(join(dir, 'bot.js'));
    writeFileSync(join(dir, 'helper.js'), 'export default () => ({ evil: true });\n');
    expect(botHash(join(dir, 'bot.js'))).toBe(mainOnly); // the main file alone does not see it
    expect(botHash(join(dir, 'bot.js'), dir)).not.toBe(before);
  });
});

describe('CSV cells a spreadsheet would take for formulas', () => {
  const cells = ['=HYPERLINK("http://x","y")', '+1+2', '-2+3', '@SUM(A1)', '\tx', "'=x", "''+y", "'plain", 'plain', '-3', '-0.25', '+4', '1e-3', '', "'", "'-3", '-/-/tank-treads/-', '-'];

  it('are written with a leading apostrophe (numbers, a lone sign and a weaponless loadout key as they are) and read back as they were', () => {
    expect(cells.map(formulaSafe)).toEqual([
      `'=HYPERLINK("http://x","y")`, "'+1+2", "'-2+3", "'@SUM(A1)", "'\tx", "''=x", "'''+y", "'plain", 'plain', '-3', '-0.25', '+4', '1e-3', '', "'", "'-3", '-/-/tank-treads/-', '-',
    ]);
    for (const c of cells) expect(fromFormulaSafe(formulaSafe(c))).toBe(c);
  });

  it('in matches.csv (both writers) and in every table', () => {
    const row: MatchRow = { id: 7, seed: '-x', bots: ['=1+2', 'random'], loadouts: ['@a', 'b'], winner: 0, turns: 3, reason: 'ko', figures: [[1, -2]], faults: [0, 0] };
    const fields = [row.id, row.seed, '=1+2', '@a', 'random', 'b', 'A', 3, 'ko', 1, -2, 0, 0];
    const line = csvLine(fields);
    expect(line).toBe("7,'-x,'=1+2,'@a,random,b,A,3,ko,1,-2,0,0\n");
    const fast = new MatchLines(1);
    fast.add(row);
    expect(Buffer.from(fast.done()).toString('utf8')).toBe(line);
    expect(parseMatchLine(line.trimEnd(), 2)).toEqual(row);
    const table = csvText([['entrant', 'rating'], ['=1+2', -3.5], ['-x', '-12.5']]);
    expect(table).toBe("entrant,rating\n'=1+2,-3.5\n'-x,-12.5\n");
    expect(parseCsv(table)).toEqual([['entrant', 'rating'], ['=1+2', '-3.5'], ['-x', '-12.5']]);
  });
});
