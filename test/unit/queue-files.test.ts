/**
 * What travels with a command bot on the queue (src/arena/queue/commandFiles.ts):
 * the files its command names (not the system's programs), a contest entrant's
 * whole folder; a worker's copy runs the same command from its cache, and a
 * copy that differs is refused with one line. And how a coordinator started
 * again cuts its batches around the ones its predecessor enqueued. No Redis,
 * no sandbox.
 */
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { batchesOf, fixedBatches } from '../../src/run/batches.js';
import { commandOf, commandSpec } from '../../src/match/bots.js';
import { gatherCommand, materializeCommand } from '../../src/queue/commandFiles.js';

const tmp = mkdtempSync(join(tmpdir(), 'havoc-queue-files-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe("a command bot's files on the queue", () => {
  const bot = join(tmp, 'entrant');
  mkdirSync(join(bot, 'lib'), { recursive: true });
  writeFileSync(join(bot, 'bot.py'), 'import helper\n');
  writeFileSync(join(bot, 'lib', 'helper.py'), 'X = 1\n');
  writeFileSync(join(bot, 'weights.txt'), 'w\n');
  writeFileSync(join(bot, 'run.sh'), '#!/bin/sh\n');
  chmodSync(join(bot, 'run.sh'), 0o755);

  it('a config command: the files it names travel, the system\'s programs and words do not', () => {
    const spec = commandSpec(['/usr/bin/python3', join(bot, 'bot.py'), '--weights', join(bot, 'weights.txt'), '-u']);
    const b = gatherCommand('py', spec, null);
    expect(b.files.map((f) => f.path)).toEqual(['bot.py', 'weights.txt']);
    expect(b.argv).toEqual(['/usr/bin/python3', { rel: 'bot.py' }, '--weights', { rel: 'weights.txt' }, '-u']);
  });

  it("a contest entrant: its manifest's whole folder travels, and a worker runs the command from its copy (modes kept)", () => {
    const b = gatherCommand('py', commandSpec(['python3', join(bot, 'run.sh')]), bot);
    expect(b.files.map((f) => [f.path, f.executable])).toEqual([['bot.py', false], ['lib/helper.py', false], ['run.sh', true], ['weights.txt', false]]);
    const cache = join(tmp, 'cache1');
    mkdirSync(cache);
    const argv = commandOf(materializeCommand('py', b, cache))!;
    expect(argv[0]).toBe('python3');
    expect(argv[1]).toMatch(new RegExp(`^${cache}/cmd-\\w{32}/run.sh$`));
    const there = join(argv[1], '..');
    expect(readFileSync(join(there, 'lib', 'helper.py'), 'utf8')).toBe('X = 1\n');
    expect(statSync(argv[1]).mode & 0o777).toBe(0o755);
    expect(statSync(join(there, 'lib')).mode & 0o777).toBe(0o755);
    // The same bundle again: the copy is there and the same.
    expect(materializeCommand('py', b, cache)).toBe(commandSpec(argv));
  });

  it("a worker's copy that differs, or a file that arrived changed, is refused with one line naming it", () => {
    const b = gatherCommand('py', commandSpec(['python3', join(bot, 'bot.py')]), bot);
    const cache = join(tmp, 'cache2');
    mkdirSync(cache);
    const file = commandOf(materializeCommand('py', b, cache))![1];
    writeFileSync(file, 'import os\n');
    expect(() => materializeCommand('py', b, cache)).toThrow(/^bot py: this worker's copy of bot\.py \(.*\) differs from the coordinator's files \(sha256\); remove .*cmd-\w+ and start the worker again$/);
    const bad = { ...b, files: b.files.map((f) => (f.path === 'bot.py' ? { ...f, base64: Buffer.from('import os\n').toString('base64') } : f)) };
    mkdirSync(join(tmp, 'cache3'));
    expect(() => materializeCommand('py', bad, join(tmp, 'cache3'))).toThrow(/^bot py: bot\.py arrived with other content than the coordinator sent \(sha256 differs\); the batch is refused$/);
  });
});

describe('batches a coordinator started again reuses', () => {
  it('hands out those wholly still to play as they are, of its slice and not overlapping, and cuts the gaps between them', () => {
    const done = new Uint8Array(20);
    done.fill(1, 0, 4); // 0-3 written before the stop
    const found = [
      { start: 2, step: 1, count: 4 }, // partly written: played again
      { start: 6, step: 1, count: 3 },
      { start: 7, step: 1, count: 2 }, // overlaps the one before
      { start: 12, step: 2, count: 2 }, // another slice
      { start: 18, step: 1, count: 4 }, // past the run's end
      { start: 15, step: 1, count: 2 },
    ];
    const fixed = fixedBatches(found, done, null);
    expect([...fixed.values()]).toEqual([{ start: 6, step: 1, count: 3 }, { start: 15, step: 1, count: 2 }]);
    expect([...batchesOf(done, null, () => 4, fixed)]).toEqual([
      { start: 4, step: 1, count: 2 },
      { start: 6, step: 1, count: 3 },
      { start: 9, step: 1, count: 4 },
      { start: 13, step: 1, count: 2 },
      { start: 15, step: 1, count: 2 },
      { start: 17, step: 1, count: 3 },
    ]);
    // A shard's slice: only batches of its step and ids.
    expect([...fixedBatches([{ start: 5, step: 2, count: 2 }, { start: 4, step: 2, count: 2 }], new Uint8Array(20), { index: 2, count: 2 })].map(([k]) => k)).toEqual([5]);
  });
});
