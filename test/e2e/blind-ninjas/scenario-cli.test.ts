/** `havoc scenario` with "ruleset": "blind-ninjas", as a user runs it (the compiled dist/, built by `npm test`). */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const havoc = (...args: string[]) => {
  const r = spawnSync(process.execPath, ['dist/src/cli/main.js', ...args], { encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
};

describe('havoc scenario: What Blind Ninjas?', () => {
  it('plays the ambush: pass-through, then one slash slays A2 and B\'s own B2', () => {
    const r = havoc('scenario', '--board', 'test/scenarios/blind-ninjas-ambush.json');
    expect(r.code).toBe(0);
    const lines = r.out.trim().split('\n').map((l) => JSON.parse(l));
    expect(lines).toHaveLength(9);
    expect(lines[1].ninjas[0]).toEqual(['b4', 'N']); // A1 and B1 share b4
    expect(lines[1].ninjas[4]).toEqual(['b4', 'S']);
    expect(lines[3].ninjas[4]).toEqual(['b3', 'S']); // and pass on
    expect(lines[7].slashes).toEqual([{ ninja: 'B1', square: 'b4', slain: ['A2', 'B2'], grunts: ['A', 'B'] }]);
    expect(lines[8]).toEqual({ result: { winner: null, reason: 'unfinished', turns: 4 } });
    expect(r.err).toContain(' 4  . . . .');
  });

  it('a bad order stops the scenario with a located message, no stack trace', () => {
    const r = havoc('scenario', 'test/scenarios/blind-ninjas-bad-move.json');
    expect(r.code).not.toBe(0);
    expect(r.err.trim()).toBe('error: turns[1], seat B orders: ninja 1 has two orders (one order a ninja a turn)');
  });
});
