/**
 * A bot's belief in a replay (BOT_BELIEF, core/bot.ts): the tracker's is kept
 * as the `beliefs` annotation of the records its decisions make, random has
 * none; the match is the same with or without it, the replay still verifies
 * (a changed belief too: it is not the match), a bad annotation is a located
 * error, and the report's viewer data puts it into the seat's frames.
 */
import { describe, expect, it } from 'vitest';
import { loadBot } from '../../../src/match/bots.js';
import { playMatch } from '../../../src/match/loop.js';
import { parseReplay, replayLines } from '../../../src/store/replayFormat.js';
import { recordMatch } from '../../../src/store/replays.js';
import { BOT_BELIEF, beliefOf } from '../../../src/core/bot.js';
import { HavocError } from '../../../src/core/errors.js';
import { verifyReplay } from '../../../src/replay/verify.js';
import { viewerReplay, type BoardReplay } from '../../../src/report/viewer/data.js';
import type { TurnRecord } from '../../../src/rules/blind-ninjas/record.js';
import { bn } from '../../blind-ninjas/play.js';

async function recorded(bots: string[], seed: string, beliefs?: boolean) {
  const game = bn().makeGame({ builds: bots.map(() => 'ninjas') });
  const factories = await Promise.all(bots.map((b) => loadBot(b)));
  return recordMatch({ module: bn(), game, bots: factories, botSpecs: bots, seed, beliefs });
}

describe('bot beliefs in replays', () => {
  it("keeps the tracker's belief (expected enemy ninjas per square) with each record its decisions make, and none for random", async () => {
    const { lines } = await recorded(['random', 'tracker'], 'beliefs-1');
    const replay = parseReplay(lines.join('\n'));
    const steps = replay.steps as unknown as TurnRecord[];
    expect(steps.every((s) => !('beliefs' in s))).toBe(true);
    expect(replay.beliefs).toBeDefined();
    steps.forEach((s, i) => {
      const b = replay.beliefs![i];
      if (s.seat === 'A') expect(b).toBeUndefined();
      else expect(Object.keys(b!)).toEqual(['B']);
    });
    // Its first decision: all four of A's ninjas alive somewhere, on A's half of the room (a 4x8 room, A from rank 1).
    const first = replay.beliefs![steps.findIndex((s) => s.seat === 'B')]!.B;
    expect(Object.values(first).reduce((a, b) => a + b, 0)).toBeCloseTo(4, 2);
    expect(Object.keys(first).every((c) => Number(c.slice(1)) <= 2)).toBe(true);
    // Written back as read.
    expect(replayLines(replay)).toEqual(lines);
    // Random only: no annotation anywhere.
    const plain = parseReplay((await recorded(['random', 'random'], 'beliefs-1')).lines.join('\n'));
    expect(plain.beliefs).toBeUndefined();
  });

  it('changes nothing of the match: the same lines without beliefs, and the replay verifies, a tampered belief too', async () => {
    const a = await recorded(['tracker', 'random'], 'beliefs-2');
    const b = await recorded(['tracker', 'random'], 'beliefs-2', false);
    expect(a.lines.map((l) => l.replace(/,"beliefs":\{.*\}\}$/, '}'))).toEqual(b.lines);
    expect(a.lines.some((l) => l.includes('"beliefs"'))).toBe(true);
    expect(b.lines.some((l) => l.includes('"beliefs"'))).toBe(false);
    expect(await verifyReplay(parseReplay(a.lines.join('\n')))).toMatchObject({ ok: true });
    const tampered = a.lines.map((l) => l.replace(/"beliefs":\{"A":\{"[a-d]\d":/, '"beliefs":{"A":{"a5":'));
    expect(tampered).not.toEqual(a.lines);
    expect(await verifyReplay(parseReplay(tampered.join('\n')))).toMatchObject({ ok: true });
    // A changed order still fails: verifying still compares the match.
    const moved = a.lines.map((l, i) => (i === 1 ? l.replace(/"orders":"[^"]*"/, '"orders":"1S"') : l));
    expect(await verifyReplay(parseReplay(moved.join('\n')))).toMatchObject({ ok: false, line: 2 });
  });

  it('asks bots only when a replay is recorded, and passes over a hook that throws or gives no heat map', async () => {
    const game = bn().makeGame({ builds: ['ninjas', 'ninjas'] });
    const random = await loadBot('random');
    let asked = 0;
    const hooked = (make: () => unknown) => (ctx: Parameters<typeof random>[0]) => Object.assign(random(ctx) as object, { [BOT_BELIEF]: () => (asked++, make()) });
    const got: [number, Record<string, number>][] = [];
    playMatch({ module: bn(), game, bots: [hooked(() => ({ a1: 1 })), hooked(() => ({ a1: 1 }))], seed: 'x' });
    expect(asked).toBe(0);
    const bad = [() => { throw new Error('no'); }, () => 'a1', () => ({ a1: Number.NaN }), () => ({ a1: 0 })];
    for (const make of bad) playMatch({ module: bn(), game, bots: [hooked(make), random], seed: 'x', onBelief: (s, b) => got.push([s, b]) });
    expect(asked).toBeGreaterThan(0);
    expect(got).toEqual([]);
    playMatch({ module: bn(), game, bots: [hooked(() => ({ a1: 0.12345, b2: 0 })), random], seed: 'x', onBelief: (s, b) => got.push([s, b]) });
    expect(got.length).toBeGreaterThan(0);
    expect(got.every(([s, b]) => s === 0 && JSON.stringify(b) === '{"a1":0.123}')).toBe(true);
    expect(beliefOf({ a1: 2, b1: -1 })).toEqual({ a1: 2 });
  });

  it('refuses a malformed annotation with the file and line', async () => {
    const { lines } = await recorded(['random', 'tracker'], 'beliefs-3');
    const bad = lines.map((l, i) => (i === 2 ? l.replace(/"beliefs":\{"B":\{"(\w+)":[\d.]+/, '"beliefs":{"B":{"$1":"hot"') : l));
    expect(bad[2]).toContain('"hot"');
    expect(() => parseReplay(bad.join('\n'), 'r.jsonl')).toThrow(HavocError);
    expect(() => parseReplay(bad.join('\n'), 'r.jsonl')).toThrow(/r\.jsonl:3.*beliefs must be/);
  });

  it("puts a seat's beliefs into its frames of the viewer's data (frame k: record k's), for that seat only", async () => {
    const { lines } = await recorded(['tracker', 'random'], 'beliefs-4');
    const replay = parseReplay(lines.join('\n'));
    const board = bn().present!.boardView!(replay.header.game, replay.steps);
    const v = viewerReplay('match-1.jsonl', replay, undefined, [], board) as BoardReplay;
    const [a, b] = v.seatViews!.seats;
    expect(b.frames.every((f) => f.b === undefined)).toBe(true);
    replay.steps.forEach((s, i) => expect(a.frames[i + 1].b).toEqual(s.seat === 'A' ? replay.beliefs![i]!.A : undefined));
    expect(a.frames[0].b).toBeUndefined();
  });
});
