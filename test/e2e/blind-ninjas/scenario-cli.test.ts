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
    // The start (the room before any turn), then a record a turn, each with the room after it as JSON.
    const [start, ...lines] = r.out.trim().split('\n').map((l) => JSON.parse(l));
    expect(start.state.ninjas.A).toHaveLength(4);
    expect(lines).toHaveLength(9);
    expect(lines[7].state.ninjas.A[1]).toBeNull(); // A2 slain
    expect(lines[7].state.heard).toEqual([{ round: 4, by: 'B', square: 'b4', grunts: ['A', 'B'] }]);
    expect(lines[1].ninjas[0]).toEqual(['b4', 'N']); // A1 and B1 share b4
    expect(lines[1].ninjas[4]).toEqual(['b4', 'S']);
    expect(lines[3].ninjas[4]).toEqual(['b3', 'S']); // and pass on
    expect(lines[7].slashes).toEqual([{ ninja: 'B1', square: 'b4', slain: ['A2', 'B2'], grunts: ['A', 'B'] }]);
    expect(lines[8]).toEqual({ result: { winner: null, reason: 'unfinished', turns: 4 } });
    // A's view: its own ninjas, and of the slash only its square, its slasher's player and the grunts.
    const seen = havoc('scenario', '--view', 'A', 'test/scenarios/blind-ninjas-ambush.json').out.trim().split('\n').map((l) => JSON.parse(l));
    expect(seen[8].view.observation.heard).toEqual([{ round: 4, by: 'B', square: 'b4', grunts: ['A', 'B'] }]);
    expect(seen[8].view.observation.ninjas).toEqual(lines[7].state.ninjas.A); // its own ninjas, and no one else's
    for (const sq of lines[7].state.ninjas.B.filter(Boolean).map((n: { square: string }) => n.square)) expect(JSON.stringify(seen[8].view.observation.ninjas)).not.toContain(`"${sq}"`);
    expect(r.err).toContain(' 4  . . . .');
  });

  it('a bad order stops the scenario with a located message, no stack trace', () => {
    const r = havoc('scenario', 'test/scenarios/blind-ninjas-bad-move.json');
    expect(r.code).not.toBe(0);
    expect(r.err.trim()).toBe('error: turns[1], seat B orders: ninja 1 has two orders (one order a ninja a turn)');
  });
});
