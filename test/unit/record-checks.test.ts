/**
 * Issue 49 item 8: records that cannot change silently. matches.csv's
 * batches are checksummed as they are appended (matches.sha256): a row
 * edited afterwards (a flipped winner) is refused by the lines of its
 * batch; rows past the last checksum (a run killed between the two writes),
 * rows cut off the end (played again by resume) and a folder written before
 * checksums are taken as they are.
 * config.json is checked against config.sha256. A stale lock whose pid was
 * reused by a live process is told from a live one by the process's start.
 */
import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, truncateSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hostname } from 'node:os';
import { afterAll, describe, expect, it } from 'vitest';
import { csvLines, MatchesWriter, rowFields, type MatchRow } from '../../src/store/records.js';
import { checkMatchSums, sumsPath } from '../../src/store/matchSums.js';
import { FOLDER_FORMAT, inspectFolder, writeFolderConfig } from '../../src/store/folder.js';
import { LOCK_FILE, lockRunFolder, processStart } from '../../src/store/lock.js';
import { HavocError } from '../../src/core/errors.js';
import type { RunConfig } from '../../src/config/types.js';

const tmp = mkdtempSync(join(tmpdir(), 'record-checks-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const row = (id: number, winner: number): MatchRow => ({ id, seed: `s${id}`, bots: ['random', 'greedy'], loadouts: ['pig', 'pig'], winner, turns: 10 + id, reason: 'kill', figures: [[id, 2]], faults: [0, 0] });
const refusal = (f: () => void): string | null => {
  try {
    f();
    return null;
  } catch (e) {
    if (e instanceof HavocError) return e.message.replaceAll(tmp, 'TMP');
    throw e;
  }
};

/** A matches.csv of three batches (rows 0–2, 3–5, 6–8), through the writer. */
function written(name: string): string {
  const path = join(tmp, name, 'matches.csv');
  mkdirSync(join(tmp, name), { recursive: true });
  const w = new MatchesWriter(path, 2);
  for (let b = 0; b < 3; b++) w.append(csvLines([0, 1, 2].map((i) => rowFields(row(3 * b + i, i % 2)))));
  w.close();
  return path;
}

describe("matches.csv's checksums", () => {
  it('accept the file as written, and a writer that carries on (a resume) adds to them', () => {
    const path = written('ok');
    expect(readFileSync(sumsPath(path), 'utf8').trim().split('\n')).toHaveLength(3);
    expect(refusal(() => checkMatchSums(path))).toBeNull();
    const w = new MatchesWriter(path, 2);
    w.append(csvLines([rowFields(row(9, 0))]));
    w.close();
    expect(readFileSync(sumsPath(path), 'utf8').trim().split('\n')).toHaveLength(4);
    expect(refusal(() => checkMatchSums(path))).toBeNull();
  });

  it('refuse a flipped winner in the middle, naming the lines of its batch', () => {
    const path = written('flip');
    const text = readFileSync(path, 'utf8');
    // Row 4 (line 6) was won by B; make it A's.
    const lines = text.split('\n');
    expect(lines[5]).toBe('4,s4,random,pig,greedy,pig,B,14,kill,4,2,0,0');
    lines[5] = lines[5].replace(',B,', ',A,');
    writeFileSync(path, lines.join('\n'));
    expect(refusal(() => checkMatchSums(path))).toBe(
      `TMP/flip/matches.csv, lines 5–7: changed since they were written (their sha256 differs from batch 2 of TMP/flip/matches.sha256): the tables would not be the games played; restore the file, or play the run again in a new folder`,
    );
  });

  it('take rows cut off the end (a writer then drops their checksums) and rows past the last checksum (a run killed between the two writes) as they are', () => {
    const path = written('cut');
    const bytes = readFileSync(path);
    truncateSync(path, bytes.length - 20); // a torn last row, and the rest of batch 3
    expect(refusal(() => checkMatchSums(path))).toBeNull();
    truncateSync(path, bytes.indexOf('6,s6')); // batch 3 gone whole: resume plays it again
    const w = new MatchesWriter(path, 2);
    w.append(csvLines([6, 7, 8].map((i) => rowFields(row(i, i % 2)))));
    w.close();
    expect(readFileSync(path)).toEqual(bytes);
    expect(readFileSync(sumsPath(path), 'utf8').trim().split('\n')).toHaveLength(3);
    expect(refusal(() => checkMatchSums(path))).toBeNull();
    // A change inside the batches kept is still refused.
    writeFileSync(path, bytes.toString('utf8').replace('3,s3,random,pig,greedy,pig,A,', '3,s3,random,pig,greedy,pig,B,'));
    expect(refusal(() => checkMatchSums(path))).toMatch(/^TMP\/cut\/matches.csv, lines 5–7: changed since they were written/);
    writeFileSync(path, bytes);
    appendFileSync(path, csvLines([rowFields(row(9, 1))]));
    expect(refusal(() => checkMatchSums(path))).toBeNull();
    // A folder written before checksums has none: nothing to check.
    unlinkSync(sumsPath(path));
    expect(refusal(() => checkMatchSums(path))).toBeNull();
  });
});

describe("a run folder's config.json", () => {
  const run = { format: 'havoc-run/1', name: 't', seed: 'a', turnLimit: 60 } as unknown as RunConfig;

  it('is refused once edited (its hash recorded in config.sha256); a folder without one is read as before', () => {
    const dir = join(tmp, 'cfg');
    mkdirSync(dir);
    writeFolderConfig(dir, { format: FOLDER_FORMAT, source: 'x.json', shard: null, run });
    expect(inspectFolder(dir).kind).toBe('run');
    // Layout alone is not a change.
    const json = JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8'));
    writeFileSync(join(dir, 'config.json'), JSON.stringify(json));
    expect(inspectFolder(dir).kind).toBe('run');
    json.run.turnLimit = 1000;
    writeFileSync(join(dir, 'config.json'), JSON.stringify(json, null, 2));
    expect(refusal(() => inspectFolder(dir))).toBe(
      "TMP/cfg/config.json: changed since the run was written (its sha256 differs from config.sha256's): the matches there were played with the config it began with; undo the edit, or play the new settings in a new folder",
    );
    unlinkSync(join(dir, 'config.sha256'));
    expect(inspectFolder(dir).kind).toBe('run');
  });
});

describe("a run folder's lock", () => {
  it("is taken over when its pid is alive but is another process (another start); a live holder's is refused", () => {
    const dir = join(tmp, 'lock');
    mkdirSync(dir);
    const start = processStart(process.pid);
    expect(start, 'this machine tells a process start through /proc').toMatch(/^[0-9a-f-]+:\d+$/);
    // The parent process is alive: a lock naming it with its own start is a live holder's.
    const parent = { pid: process.ppid, host: hostname(), since: 'then', start: processStart(process.ppid) };
    writeFileSync(join(dir, LOCK_FILE), JSON.stringify(parent));
    expect(refusal(() => lockRunFolder(dir))).toMatch(new RegExp(`^TMP/lock: another havoc is playing this run \\(pid ${process.ppid} on `));
    // The same pid with another start: the holder died and its pid went to another process.
    writeFileSync(join(dir, LOCK_FILE), JSON.stringify({ ...parent, start: `${start!.split(':')[0]}:1` }));
    const release = lockRunFolder(dir);
    expect(JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8'))).toMatchObject({ pid: process.pid, start });
    release();
  });
});
