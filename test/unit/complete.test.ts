/** The interface's defaults (core/complete.ts): what a ruleset may leave out, filled in once, in place. */
import { describe, expect, it } from 'vitest';
import { completeModule } from '../../src/core/complete.js';
import { makeRng } from '../../src/core/rng.js';
import type { GameModule } from '../../src/core/game.js';
import { registerRuleset, rulesetById } from '../../src/rules/registry.js';

/** A one-move game written with nothing but the required members. */
function bare(id: string): GameModule<{ n: number }, { done: boolean }, string, object, string> {
  return {
    id,
    title: 'Bare',
    version: '1',
    seats: { min: 2, max: 2 },
    makeGame: () => ({ n: 2 }),
    seatCount: (g) => g.n,
    newState: () => ({ done: false }),
    copy: (src, dst) => void (dst.done = src.done),
    node: (st) => (st.done ? { kind: 'terminal' } : { kind: 'seat', seat: 0 }),
    chance: () => {},
    apply: (st) => void (st.done = true),
    result: (st) => (st.done ? { ranks: [0, 0], reason: 'done' } : null),
    turns: (st) => (st.done ? 1 : 0),
    observe: () => ({}),
    seatState: (st, _seat, into) => void (into.done = st.done),
    parse: (_st, _seat, _kind, raw) => ({ ok: true, value: String(raw) }),
    check: () => null,
    format: (_st, _seat, _kind, a) => a,
    legal: (st) => (st.done ? { count: 0, at: () => '' } : { count: 3, at: (i) => ['go', 'stay', 'wait'][i] }),
  } as GameModule<{ n: number }, { done: boolean }, string, object, string>;
}

describe('completeModule', () => {
  it('fills what a ruleset leaves out: one standard build, no figures, seats A, B, …, the decision move, an empty context and a recorder', () => {
    const m = completeModule(bare('bare-1'));
    const game = m.makeGame({ builds: ['standard', 'standard'] });
    expect(m.builds.fixed).toEqual({ name: 'standard', build: 'standard' });
    expect(m.builds.check('standard', 'x')).toEqual({ ok: true, value: 'standard' });
    const wrong = m.builds.check('other', 'builds[1]');
    expect(wrong.ok || wrong.error.message).toBe('builds[1]: Bare has one build: "standard"');
    expect(m.figures).toEqual([]);
    expect(m.figureValues(m.newState(game, 's'))).toEqual([]);
    expect([m.seatName(game, 0), m.seatName(game, 1)]).toEqual(['A', 'B']);
    expect(m.decision(m.newState(game, 's'), 0)).toBe('move');
    expect(m.botContext(game)).toEqual({});
    expect(m.recorder(() => m.newState(game, 's'), () => {}).ruleset).toBe('bare-1');
    // From the legal actions: the first is the forfeit; a random action is any of them, drawn uniformly.
    const st = m.newState(game, 's');
    expect(m.forfeit(st, 0, 'move')).toBe('go');
    const rng = makeRng('uniform');
    const seen = new Map<string, number>();
    for (let i = 0; i < 3000; i++) {
      const a = m.randomAction(st, 0, 'move', rng);
      seen.set(a, (seen.get(a) ?? 0) + 1);
    }
    expect([...seen.keys()].sort()).toEqual(['go', 'stay', 'wait']);
    for (const n of seen.values()) expect(Math.abs(n - 1000)).toBeLessThan(150);
  });

  it('keeps what a ruleset gives, completes once, and completes the modules it binds to other data', () => {
    const own = bare('bare-2');
    const bound = bare('bare-2');
    own.seatName = (_g, s) => `P${s}`;
    own.withData = () => bound;
    const m = completeModule(own);
    expect(m).toBe(own);
    expect(completeModule(m)).toBe(m);
    expect(m.seatName({ n: 2 }, 1)).toBe('P1');
    const b = m.withData!({});
    expect(b).toBe(bound);
    expect(b.decision({ done: false }, 0)).toBe('move');
  });

  it('the registry registers completed modules', () => {
    registerRuleset(bare('bare-3'));
    expect(rulesetById('bare-3').figures).toEqual([]);
  });
});
