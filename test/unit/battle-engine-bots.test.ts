/** Battle Engine's bots: random (bots/lib/battle-random.ts, what `random` plays here) and commander (alpha-beta). */
import { describe, expect, it } from 'vitest';
import { playMatch } from '../../src/match/loop.js';
import type { AnyBotFactory } from '../../src/core/bot.js';
import { defaultBattleEngine } from '../../src/rules/battle-engine/module.js';
import commander from '../../bots/commander.js';
import randomBot from '../../bots/random.js';
import { battleRandom } from '../../bots/lib/battle-random.js';
import { canonicalDeployment, DEPLOY } from '../../src/rules/battle-engine/actions.js';
import { BattleSearch, commanderDeployment, evaluate } from '../../bots/lib/battle-search.js';

const mod = defaultBattleEngine();
const play = (bots: AnyBotFactory[], i: number, ms = 1000, records: string[] = []) => {
  const game = mod.makeGame({ builds: mod.builds.sample(2, `bots-${i}`) });
  return playMatch({ module: mod, game, bots, seed: `bots-${i}`, budget: { ms, sims: 0 }, record: (st) => mod.recorder(st as never, (r) => records.push(JSON.stringify(r))) });
};

describe('Battle Engine bots', () => {
  it('random (the built-in name) deploys and steps legally: whole matches without a fault', () => {
    for (let i = 0; i < 10; i++) {
      const r = play([randomBot as AnyBotFactory, battleRandom as AnyBotFactory], i);
      expect(r.faults).toEqual([0, 0]);
      expect(r.ranks).toHaveLength(2);
    }
  });

  it('commander deploys soldiers forward and officers on the back row, legally', () => {
    const game = mod.makeGame({ builds: [mod.builds.check('gen+ltn+pvt*3+archer', 'a'), mod.builds.check('ltn+pvt', 'b')].map((c) => (c.ok ? c.value : [])) });
    const st = mod.newState(game, 'dep');
    const squares = commanderDeployment(st, 0);
    const names = squares.map((q) => `${String.fromCharCode(97 + (q % 8))}${Math.floor(q / 8) + 1}`);
    expect(names.slice(0, 2)).toEqual(['d1', 'e1']);
    for (const n of names.slice(2)) expect(n.endsWith('3')).toBe(true);
    expect(mod.check(st, 0, 'deploy', { t: DEPLOY, from: -1, to: -1, squares: canonicalDeployment(st, 0, squares) })).toBeNull();
  });

  it('commander finds the two steps of its turn that kill the last officer (the rest surrender)', () => {
    const game = mod.makeGame({ builds: [mod.builds.check('gen+pvt', 'a'), mod.builds.check('ltn+pvt*2', 'b')].map((c) => (c.ok ? c.value : [])) });
    const st = mod.newState(game, 'kill');
    const dep = [mod.parse(st, 0, 'deploy', 'gen@d3 pvt@a1'), mod.parse(st, 1, 'deploy', 'ltn@d5 pvt@g7 pvt@h7')];
    mod.apply(st, dep.map((p) => (p.ok ? p.value : null)), () => null);
    // B starts (two pieces on its back row to one) and passes
    while (st.toMove !== 0) mod.apply(st, [null, mod.forfeit(st, 1, 'act')], () => null);
    st.dmg[game.first[1]] = 1; // the lieutenant has one hit point left
    const s = new BattleSearch(game, 0);
    // A node budget, not a clock: the search's depth must not depend on how busy the machine is.
    const { action } = s.best(st, 60_000, 20_000);
    expect(mod.format(st, 0, 'act', action)).toBe('m d3 d4');
    expect(evaluate(st, 0)).toBeGreaterThan(0);
  });

  it('commander beats random at the default budget, without a fault', () => {
    let won = 0, decided = 0;
    for (let i = 0; i < 8; i++) {
      const bots = (i % 2 === 0 ? [commander, battleRandom] : [battleRandom, commander]) as AnyBotFactory[];
      const r = play(bots, 100 + i);
      expect(r.faults).toEqual([0, 0]);
      const me = r.ranks[i % 2], them = r.ranks[1 - (i % 2)];
      if (me !== them) decided++;
      if (me < them) won++;
    }
    expect(won).toBeGreaterThanOrEqual(decided - 1);
    expect(decided).toBeGreaterThan(4);
  });

  it('commander plays the same match from the same seed (it searches by nodes, not by the clock)', () => {
    const bots = [commander, battleRandom] as AnyBotFactory[];
    const ra: string[] = [], rb: string[] = [];
    const a = play(bots, 200, 1000, ra), b = play(bots, 200, 1000, rb);
    expect(ra.length).toBeGreaterThan(5);
    expect(rb).toEqual(ra);
    expect(b.ranks).toEqual(a.ranks);
  });
});

describe('Battle Engine games described (replays re-simulate, bots run isolated)', () => {
  it('a game read back from its description is the same game: same armies, readings and matches', () => {
    const game = mod.makeGame({ builds: mod.builds.sample(2, 'describe'), turnLimit: 40 });
    const desc = JSON.parse(JSON.stringify(mod.describeGame!(game)));
    const back = mod.gameFromDescription!(desc, 'game');
    expect(mod.describeGame!(back)).toEqual(desc);
    expect(back.rules.turnLimit).toBe(40);
    const a = playMatch({ module: mod, game, bots: [randomBot as AnyBotFactory, randomBot as AnyBotFactory], seed: 'describe' });
    const b = playMatch({ module: mod, game: back, bots: [randomBot as AnyBotFactory, randomBot as AnyBotFactory], seed: 'describe' });
    expect({ ranks: b.ranks, turns: b.turns, figures: b.figures }).toEqual({ ranks: a.ranks, turns: a.turns, figures: a.figures });
  });

  it('a description of another roster, bad readings or a bad army is refused, naming the field', () => {
    const desc = mod.describeGame!(mod.makeGame({ builds: mod.builds.sample(2, 'bad') })) as { rosterHash: string; rules: Record<string, unknown>; armies: string[] };
    const bad = (d: unknown) => () => mod.gameFromDescription!(d, 'game');
    expect(bad({ ...desc, rosterHash: 'abc' })).toThrow(/game\.rosterHash: recorded with roster hash "abc"/);
    expect(bad({ ...desc, rules: { ...desc.rules, turnShape: 'all' } })).toThrow(/game\.rules\.turnShape: must be one of stats, one/);
    expect(bad({ ...desc, rules: { ...desc.rules, width: 'wide' } })).toThrow(/game\.rules\.width: must be a number/);
    expect(bad({ ...desc, armies: ['gen', 'dragon'] })).toThrow(/game\.armies\[1\]: "dragon" is not a piece/);
  });
});
