/** The shared conformance checks every ruleset passes: random play to the end, copies, determinism. */
import { describe, expect, it } from 'vitest';
import { BOARD_8X8 } from '../src/core/grid.js';
import { makeRng, matchSeed } from '../src/core/rng.js';
import { defaultCatalogue } from '../src/rules/nhm/catalogue.js';
import { CMD_R, CMD_X } from '../src/rules/nhm/commands.js';
import { Game } from '../src/rules/nhm/game.js';
import { loadNamedLoadouts } from '../src/rules/nhm/loadout.js';
import { nhmRuleset } from '../src/rules/nhm/ruleset.js';
import { defaultStarts } from '../src/rules/nhm/starts.js';
import { State, requiredX } from '../src/rules/nhm/state.js';
import { rbpGame } from '../src/rules/rbp/index.js';

const cat = defaultCatalogue();
const named = loadNamedLoadouts(cat);
const games: [string, () => Game][] = [
  ['rbp', () => rbpGame(cat)],
  ['nhm 4 machines', () => new Game({ catalogue: cat, machines: ['lazor-sniper', 'buzz-brawler', 'mine-layer', 'dodger'].map((l, i) => ({ name: 'ABCD'[i], loadout: named.get(l)!, ...defaultStarts(BOARD_8X8, 4)[i] })) })],
];

describe.each(games)('%s through the Ruleset interface', (name, make) => {
  const rules = nhmRuleset(name === 'rbp' ? 'rbp' : 'nhm');
  const randomProgram = (st: State, m: number, rng: ReturnType<typeof makeRng>): number[] => {
    const acts = Array.from(st.game.commands[m]).filter((c) => c !== CMD_X && c !== CMD_R);
    const p = Array.from({ length: 5 }, () => acts[rng.int(acts.length)]);
    for (let k = 0; k < requiredX(st, m); k++) p[k] = CMD_X;
    return p;
  };

  it('plays random legal programs to a result, and copies are exact and independent', () => {
    const g = make();
    const st = new State(g), copy = new State(g);
    const rng = makeRng(matchSeed('conformance', 1));
    while (!rules.result(st)) {
      const seats = rules.toAct(st);
      expect(seats.length).toBeGreaterThan(0);
      const actions = Array.from({ length: rules.seats(st) }, (_, m) => (seats.includes(m) ? randomProgram(st, m, rng) : null));
      rules.copy(st, copy);
      expect(copy.hearts).toEqual(st.hearts);
      rules.apply(copy, actions);
      rules.apply(st, actions);
      expect(Array.from(copy.sq)).toEqual(Array.from(st.sq));
      expect(Array.from(copy.hearts)).toEqual(Array.from(st.hearts));
    }
    expect(['kill', 'mutual-destruction', 'turn-limit']).toContain(rules.result(st)!.reason);
    expect(rules.toAct(st)).toEqual([]);
  });

  it('an observation shows the seat’s own mines only', () => {
    const st = new State(make());
    st.mineOwner[10] = 0b01;
    st.mineOwner[12] = 0b10;
    const obs = rules.observe(st, 0);
    expect(obs.ownMines.map((m) => m.square)).toEqual(['c2']);
    expect(obs.minesOnBoard.slice(0, 2)).toEqual([1, 1]);
    expect(JSON.stringify(obs)).not.toContain('e2');
    expect(rules.observe(st, 1).ownMines.map((m) => m.square)).toEqual(['e2']);
    expect(JSON.stringify(rules.observe(st, 1))).not.toContain('c2');
  });

  it('refuses an illegal action', () => {
    const st = new State(make());
    expect(() => rules.apply(st, [[99, 99, 99, 99, 99], null, null, null].slice(0, st.game.n))).toThrow(/not a command its loadout has/);
  });
});
