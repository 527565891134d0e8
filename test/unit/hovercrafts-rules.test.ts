/**
 * Hovercrafts' rules as scenarios with scripted dice (test/scenarios/hovercrafts-*.json,
 * played by the same runner as `havoc scenario`): every rule the issue names,
 * and the rulebook's sample game. Each test asserts the board, the hulls, the
 * checks rolled (who, stat, die, result) and the winner, and that every
 * scripted die was used (no test leans on the seeded dice).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadScenario, playScenario, type ScenarioResult } from '../../src/match/scenario.js';
import { HavocError } from '../../src/core/errors.js';
import type { HoverState } from '../../src/rules/hovercrafts/state.js';
import type { CheckRecord } from '../../src/rules/hovercrafts/turn.js';

interface Rec {
  t: number;
  p: number;
  acts?: Record<string, string>;
  checks: CheckRecord[];
  ev: string[];
  shots: [string, string, boolean, string][];
  ships: [string, string | null, string, number][];
  end?: string;
}

interface Played {
  result: ScenarioResult;
  recs: Rec[];
  st: HoverState;
  /** Ship name → [hex or null, facing, hull left] after the last record. */
  board: Record<string, [string | null, string, number]>;
  /** Every check as `who stat die→result`, energy checks left out. */
  checks: string[];
}

function play(json: unknown): Played {
  const sc = loadScenario(json, 'test');
  const recs: Rec[] = [];
  let st: HoverState | null = null;
  const result = playScenario<Rec, HoverState>(sc, (r, s) => {
    recs.push(r);
    st = s;
  });
  const last = recs[recs.length - 1];
  const board = Object.fromEntries(last.ships.map(([n, at, f, h]) => [n, [at, f, h]])) as Played['board'];
  const checks = recs.filter((r) => r.p > 0).flatMap((r) => r.checks.map((c) => `${c.who} ${c.stat} ${c.die}→${c.result}`));
  return { result, recs, st: st!, board, checks };
}
const file = (name: string): Record<string, unknown> => JSON.parse(readFileSync(`test/scenarios/${name}.json`, 'utf8')) as Record<string, unknown>;
const playFile = (name: string): Played => {
  const json = file(name);
  const p = play(json);
  // Every scripted die is used, so no outcome here comes from the seeded dice.
  expect(p.st.script, `${name}: scripted dice used`).toBe((json.dice as number[]).length);
  return p;
};

describe('Hovercrafts rules, scripted', () => {
  it('EMP on a landed ship: no check is rolled, and its next action happens', () => {
    const p = playFile('hovercrafts-emp-landed');
    expect(p.checks).toEqual([]);
    expect(p.recs[1].ev).toContain("A's EMP passes B by: it is landed");
    // B repaired (1 damage off) and then moved SE from d3.
    expect(p.board).toEqual({ A: ['c2', 'E', 3], B: ['d4', 'SE', 3] });
    expect(p.result).toEqual({ winner: null, winner_side: null, winners: [], reason: 'unfinished', turns: 1 });
  });

  it('EMP on an ally: the ally that loses the Energy check lands on its next action', () => {
    const p = playFile('hovercrafts-emp-ally');
    expect(p.checks).toEqual(['Z1 energy 6→4', 'Z2 energy 2→2']);
    expect(p.recs[2].acts).toEqual({ Z1: 'Landing', Z2: 'Landing', M: 'Landing' });
    // Z2 turned right (E → SE) in phase 1 and never moved: its Move became a Landing.
    expect(p.board.Z2).toEqual(['b3', 'SE', 3]);
    expect(p.board.M).toEqual(['g1', 'W', 3]);
  });

  it('EMP tie: a ship that only ties the EMP roll fails to beat it and is affected, with no re-roll', () => {
    const p = playFile('hovercrafts-emp-tie');
    // Two checks, no third: "Every ship that fails to beat the EMP roll is affected."
    expect(p.checks).toEqual(['Z1 energy 3→3', 'M energy 4→3']);
    expect(p.recs[1].ev).toContain('M ties the EMP at 3, failing to beat it: its next action this turn is a Landing');
    expect(p.recs[2].acts).toEqual({ Z1: 'Landing', M: 'Landing' });
    // M turned right (E → SE) in phase 1; its Left never happened.
    expect(p.board.M).toEqual(['d2', 'SE', 3]);
  });

  it('scripted dice: the trace names the die each check took; running out is refused with the check named, unless diceRunOut lets the seeded dice take over', () => {
    const p = playFile('hovercrafts-emp-tie');
    expect(p.recs[0].checks.map((c) => `${c.who} ${c.for} ${c.source}`)).toEqual(['Z1 actions dice[0]', 'M actions dice[1]']);
    expect(p.recs[1].checks.map((c) => `${c.who} ${c.for} ${c.source}`)).toEqual(['Z1 EMP dice[2]', "M resisting Z1's EMP dice[3]"]);
    expect(p.result.warnings).toBeUndefined();
    const short = { ...file('hovercrafts-emp-tie'), dice: [1, 1, 3] };
    expect(() => play(short)).toThrow(
      new HavocError(
        'ERR_SCENARIO',
        'test: dice',
        `ran out: all 3 scripted dice were used, and M's energy check (resisting Z1's EMP) in turn 1, phase 1 needed one more; add dice, or set "diceRunOut": "seeded" to let the seeded dice take over`,
      ),
    );
    // The Energy checks of a turn past the dice: named too.
    expect(() => play({ ...short, dice: [1] })).toThrow("M's Energy check (actions) at the start of turn 1 needed one more");
    const seeded = play({ ...short, diceRunOut: 'seeded' });
    expect(seeded.recs[1].checks.map((c) => c.source)).toEqual(['dice[2]', 'seeded']);
    expect(() => play({ ...short, diceRunOut: 'later' })).toThrow('test: diceRunOut: must be "refuse"');
    expect(() => loadScenario({ ruleset: 'rbp', turns: [], diceRunOut: 'seeded' }, 'rbp.json')).toThrow('rbp.json: diceRunOut: Robo Battle Pigs has no scripted dice');
  });

  it('a ram that destroys the rammed ship: the rammer moves on into its hex', () => {
    const p = playFile('hovercrafts-ram-destroys');
    expect(p.checks).toEqual(['A hull 6→6', 'B hull 1→2']);
    expect(p.board).toEqual({ A: ['d2', 'E', 3], B: [null, 'NE', 0] });
    expect(p.st.out[1]).toBe(1); // destroyed, not off the map
    expect(p.result).toEqual({ winner: 'A', winner_side: 'Zion', winners: ['A'], reason: 'kill', turns: 1 });
  });

  it('a ram where the rammed ship survives: both stay, the lower Hull check takes 1 (a tie: both)', () => {
    const json = file('hovercrafts-ram-destroys');
    const ships = [(json.ships as object[])[0], { name: 'B', team: 'Machines', at: 'd2', facing: 'NE' }];
    // B at full hull: Hull checks 6 and 6, a tie, both take 1; A stays on c2 facing B and misses it (2 against 4).
    const tie = play({ ...json, ships, dice: [1, 1, 6, 5, 1, 6] });
    expect(tie.checks).toEqual(['A hull 6→6', 'B hull 5→6', 'A ballistic 1→2', 'B shield 6→4']);
    expect(tie.board).toEqual({ A: ['c2', 'E', 2], B: ['d2', 'NE', 2] });
    // 6 against 4: only B takes 1.
    const lower = play({ ...json, ships, dice: [1, 1, 6, 1, 1, 6] });
    expect(lower.board).toEqual({ A: ['c2', 'E', 3], B: ['d2', 'NE', 2] });
    expect(lower.st.script).toBe(6);
  });

  it('head on: two ships moving into each other make one ram (the lower ship rams) and stay', () => {
    const p = play({
      ruleset: 'hovercrafts',
      ships: [
        { name: 'A', team: 'Zion', at: 'c2', facing: 'E' },
        { name: 'B', team: 'Machines', at: 'd2', facing: 'W' },
      ],
      dice: [1, 1, 6, 1, 1, 6, 1, 6],
      turns: [{ A: 'Move Landing', B: 'Move Landing' }],
    });
    expect(p.recs[1].ev[0]).toBe('A rams B on d2');
    expect(p.checks).toEqual(['A hull 6→6', 'B hull 1→4', 'A ballistic 1→2', 'B shield 6→4', 'B ballistic 1→2', 'A shield 6→4']);
    expect(p.board).toEqual({ A: ['c2', 'E', 3], B: ['d2', 'W', 2] });
    expect(p.st.script).toBe(8);
  });

  it('two ships contesting a hex: the Energy check winner moves in, the other rams it', () => {
    const p = playFile('hovercrafts-contest');
    expect(p.checks).toEqual(['A energy 6→4', 'B energy 1→2', 'B hull 1→4', 'A hull 5→6', 'A ballistic 6→4', 'B shield 1→2', 'B ballistic 1→2', 'A shield 6→4']);
    expect(p.board).toEqual({ A: ['c2', 'NE', 3], B: ['d1', 'SW', 1] });
    expect(p.recs[1].ev.slice(0, 4)).toEqual(['A and B contest c2', 'A energy check (contest for c2): die 6 → 4', 'B energy check (contest for c2): die 1 → 2', 'A wins the contest']);
  });

  it('a contest tie: the tied ships roll again until one wins ("the winner will move")', () => {
    // As hovercrafts-contest, but the first Energy checks tie at 4 (dice 6 and 5); the second pair, 4 against 2, goes to A.
    const p = play({ ...file('hovercrafts-contest'), dice: [1, 1, 6, 5, 6, 1, 1, 5, 6, 1, 1, 6] });
    expect(p.checks.slice(0, 4)).toEqual(['A energy 6→4', 'B energy 5→4', 'A energy 6→4', 'B energy 1→2']);
    expect(p.recs[1].ev).toContain('tie at 4: A and B roll again');
    expect(p.recs[1].ev).toContain('A wins the contest');
    expect(p.board).toEqual({ A: ['c2', 'NE', 3], B: ['d1', 'SW', 1] });
    expect(p.st.script).toBe(12);
  });

  it('a wall hit: 1 damage and the ship stays', () => {
    const p = playFile('hovercrafts-wall');
    expect(p.board.A).toEqual(['b2', 'E', 1]);
    expect(p.recs[1].ev).toEqual(['A hits the wall on c2: 1 damage']);
  });

  it('leaving the map: the ship is out of the game, and the last ship of a team out loses it the game', () => {
    const p = playFile('hovercrafts-leave-map');
    expect(p.board.B).toEqual([null, 'E', 0]);
    expect(p.st.out[1]).toBe(2);
    expect(p.recs[1].ev).toEqual(['B leaves the map']);
    expect(p.result).toEqual({ winner: 'A', winner_side: 'Zion', winners: ['A'], reason: 'kill', turns: 1 });
  });

  it('a team of several seats wins: the result names the winning side and its seats, not a draw', () => {
    const p = playFile('hovercrafts-team-win');
    expect(p.recs[1].ev).toEqual(['M leaves the map']);
    expect(p.result).toEqual({ winner: null, winner_side: 'Zion', winners: ['Z1', 'Z2'], reason: 'kill', turns: 1 });
    // One seat a side: the lone winner and its side.
    expect(playFile('hovercrafts-leave-map').result).toEqual({ winner: 'A', winner_side: 'Zion', winners: ['A'], reason: 'kill', turns: 1 });
    // Unfinished: no side.
    expect(playFile('hovercrafts-emp-tie').result).toEqual({ winner: null, winner_side: null, winners: [], reason: 'unfinished', turns: 1 });
  });

  it('a tie re-rolls both checks until one beats the other', () => {
    const p = playFile('hovercrafts-tie');
    expect(p.checks).toEqual(['A ballistic 3→3', 'B shield 4→3', 'A ballistic 1→2', 'B shield 6→4']);
    expect(p.recs[1].ev).toContain('tie at 3: A and B roll again');
    expect(p.recs[1].shots).toEqual([['A', 'B', false, 'd3']]);
    expect(p.board.B).toEqual(['d3', 'E', 3]);
  });

  it('a turn with a winner still ends: the phases after the last enemy falls are played', () => {
    const p = playFile('hovercrafts-winner-ends-turn');
    expect(p.recs.filter((r) => r.p > 0).map((r) => r.p)).toEqual([1, 2, 3, 4]);
    expect(p.recs[1].ev).toContain('B is destroyed (shot down)');
    // A turned right and moved twice after B was gone: through d2 to e2.
    expect(p.board.A).toEqual(['e2', 'E', 3]);
    expect(p.recs[p.recs.length - 1]).toMatchObject({ p: -1, end: 'kill', ev: ['Zion wins'] });
    expect(p.result).toEqual({ winner: 'A', winner_side: 'Zion', winners: ['A'], reason: 'kill', turns: 1 });
  });

  it('a landed ship cannot shoot; a ship with no action left in a phase still does', () => {
    // A faces B (front hex); A repairs (landed) in phase 1 and has no action in phase 2; B only lands.
    const p = play({
      ruleset: 'hovercrafts',
      ships: [
        { name: 'A', team: 'Zion', at: 'c2', facing: 'E', damage: 1 },
        { name: 'B', team: 'Machines', at: 'd2', facing: 'NE' },
      ],
      dice: [1, 3, 6, 1],
      turns: [{ A: 'Repair Landing', B: 'Landing Landing Landing' }],
    });
    // Phases 1-2: A landed. Phase 3: A has no action (2 actions) and shoots: ballistic 6→4 against shield 1→2.
    expect(p.checks).toEqual(['A ballistic 6→4', 'B shield 1→2']);
    expect(p.recs[3].shots).toEqual([['A', 'B', true, 'd2']]);
    expect(p.st.script).toBe(4);
  });

  it('EMP is once a turn: a second EMP only lands (or, with the option, the program is refused)', () => {
    const base = {
      ruleset: 'hovercrafts',
      ships: [
        { name: 'A', team: 'Zion', at: 'c2', facing: 'W' },
        { name: 'B', team: 'Machines', at: 'd2', facing: 'E' },
      ],
      dice: [1, 1, 6, 1],
      turns: [{ A: 'EMP EMP', B: 'Right Left' }],
    };
    const p = play(base);
    // One pulse (phase 1: B loses 2 to 4, so its Left becomes a Landing); the second EMP lands without a check.
    expect(p.checks).toEqual(['A energy 6→4', 'B energy 1→2']);
    expect(p.recs[2].ev).toContain('A has used its EMP this turn: it only lands');
    expect(p.board.B).toEqual(['d2', 'SE', 3]);
    expect(() => play({ ...base, options: { secondEmp: 'refuse' } })).toThrow(/may use its EMP once a turn/);
  });

  it('shots within a phase are simultaneous by default; the in-order option lets a ship destroyed first not fire', () => {
    // A and B, both at 1 hull left, turn to see each other in phase 1 and each hits the other.
    const json = {
      ruleset: 'hovercrafts',
      ships: [
        { name: 'A', team: 'Zion', at: 'c2', facing: 'E', damage: 2 },
        { name: 'B', team: 'Machines', at: 'd2', facing: 'W', damage: 2 },
      ],
      dice: [1, 1, 6, 1, 6, 1],
      turns: [{ A: 'Right Left', B: 'Left Right' }],
    };
    const sim = play(json);
    expect(sim.checks).toEqual(['A ballistic 6→4', 'B shield 1→2', 'B ballistic 6→4', 'A shield 1→2']);
    expect(sim.result).toEqual({ winner: null, winner_side: null, winners: [], reason: 'mutual-destruction', turns: 1 });
    const ordered = play({ ...json, options: { shots: 'in-order' } });
    expect(ordered.checks).toEqual(['A ballistic 6→4', 'B shield 1→2']);
    // B, destroyed first, never rolls its shot: two of the dice are left over, and the result says so.
    expect(ordered.result).toEqual({
      winner: 'A', winner_side: 'Zion', winners: ['A'], reason: 'kill', turns: 1,
      warnings: ['test: dice: 2 of the 6 scripted dice were not used (dice[4] on)'],
    });
  });
});

describe("the rulebook's sample game (turns 1-3, Minx and Locust)", () => {
  const p = playFile('hovercrafts-sample-game');
  const after = (t: number): Rec => p.recs.filter((r) => r.t === t && r.p >= 0).at(-1)!;
  const shipsOf = (r: Rec): Record<string, unknown> => Object.fromEntries(r.ships.map(([n, at, f, h]) => [n, [at, f, h]]));

  it('turn 1: Energy checks 5→4 and 1→2; Minx turns left, closes in, and Locust hits her (4 against 3) while she misses (2 against 3)', () => {
    expect(p.recs[0].checks.map((c) => [c.who, c.die, c.result])).toEqual([
      ['Minx', 5, 4],
      ['Locust', 1, 2],
    ]);
    // Phase 3: Locust two hexes ahead of Minx (d1 from c3 facing NE), too far to shoot.
    const phase3 = p.recs.find((r) => r.t === 1 && r.p === 3)!;
    expect(shipsOf(phase3)).toEqual({ Minx: ['c3', 'NE', 3], Locust: ['d1', 'W', 3] });
    expect(phase3.shots).toEqual([]);
    expect(shipsOf(after(1))).toEqual({ Minx: ['c2', 'NE', 2], Locust: ['d1', 'W', 3] });
    expect(after(1).checks.map((c) => `${c.who} ${c.stat} ${c.die}→${c.result}`)).toEqual([
      'Minx ballistic 2→2',
      'Locust shield 3→3',
      'Locust ballistic 6→4',
      'Minx shield 4→3',
    ]);
  });

  it("turn 2: Locust's EMP passes Minx by while she repairs; her EMP (3 against 2) makes his Left a Landing; she hits his rear (3 against 2)", () => {
    const t2 = p.recs.filter((r) => r.t === 2);
    expect(t2[0].checks.map((c) => c.result)).toEqual([3, 3]);
    expect(t2[1].ev).toContain("Locust's EMP passes Minx by: it is landed");
    expect(shipsOf(t2[1])).toEqual({ Minx: ['c2', 'NE', 3], Locust: ['d1', 'W', 3] });
    // Reading: Locust's "Move" takes him to c1, still beside Minx but with her behind him, so he has no shot (the text's "He misses").
    expect(t2[2].checks.map((c) => `${c.who} ${c.stat} ${c.die}→${c.result}`)).toEqual(['Minx energy 3→3', 'Locust energy 1→2']);
    expect(t2[2].shots).toEqual([]);
    expect(t2[3].acts).toEqual({ Minx: 'Left', Locust: 'Landing' });
    expect(t2[3].shots).toEqual([['Minx', 'Locust', true, 'c1']]);
    expect(shipsOf(after(2))).toEqual({ Minx: ['c2', 'NW', 3], Locust: ['c1', 'W', 2] });
  });

  it('turn 3: Minx rams Locust (5 against 4), his EMP lands her next action, and her shot disables him: Minx wins', () => {
    const t3 = p.recs.filter((r) => r.t === 3);
    expect(t3[0].checks.map((c) => [c.who, c.die, c.result])).toEqual([
      ['Minx', 2, 2],
      ['Locust', 6, 4],
    ]);
    expect(t3[1].checks.map((c) => `${c.who} ${c.stat} ${c.die}→${c.result}`)).toEqual([
      'Minx hull 4→5',
      'Locust hull 4→4',
      'Locust energy 6→4',
      'Minx energy 1→2',
      'Minx ballistic 6→4',
      'Locust shield 1→2',
    ]);
    expect(t3[1].ev).toContain('Locust is destroyed (shot down)');
    expect(t3[2].acts).toEqual({ Minx: 'Landing', Locust: '-' });
    expect(shipsOf(after(3))).toEqual({ Minx: ['c2', 'NW', 3], Locust: [null, 'W', 0] });
    expect(p.result).toEqual({ winner: 'Minx', winner_side: 'Zion', winners: ['Minx'], reason: 'kill', turns: 3 });
  });
});

describe("the sample game's lost starting figure", () => {
  it('only eight placements (four, and their mirror images) play the text with its dice; in each, one ship starts a column in from its edge', () => {
    const base = file('hovercrafts-sample-game');
    /** What the text fixes: the result, every die used, and per phase who rolled what and who shot whom. */
    const story = (json: Record<string, unknown>): string => {
      try {
        const p = play(json);
        return JSON.stringify([p.result, p.st.script, p.recs.filter((r) => r.p > 0).map((r) => [r.checks.map((c) => c.who + c.stat + c.die), r.shots.map((x) => x.slice(0, 3))])]);
      } catch {
        return 'illegal';
      }
    };
    const want = story(base);
    const cells = Array.from({ length: 28 }, (_, i) => String.fromCharCode(97 + (i % 7)) + (Math.floor(i / 7) + 1));
    const facings = ['E', 'NE', 'NW', 'W', 'SW', 'SE'];
    const [minx, locust] = base.ships as Record<string, unknown>[];
    const fits: string[] = [];
    for (const a of cells)
      for (const fa of facings)
        for (const b of cells)
          for (const fb of facings)
            if (a !== b && story({ ...base, ships: [{ ...minx, at: a, facing: fa }, { ...locust, at: b, facing: fb }] }) === want) fits.push(`${a} ${fa} / ${b} ${fb}`);
    expect(fits.sort()).toEqual(['a3 E / f1 W', 'a4 E / f2 W', 'b3 E / g1 W', 'b4 E / g2 W', 'f1 W / a3 E', 'f2 W / a4 E', 'g1 W / b3 E', 'g2 W / b4 E']);
  });
});

describe('Hovercrafts bad input: errors that name the place', () => {
  const base = { ruleset: 'hovercrafts', ships: [{ name: 'A', team: 'Zion' }, { name: 'B', team: 'Machines' }], turns: [] };
  const problem = (json: unknown): string => {
    try {
      const sc = loadScenario(json, 'x.json');
      playScenario(sc, () => {});
    } catch (e) {
      expect(e).toBeInstanceOf(HavocError);
      return (e as Error).message;
    }
    throw new Error('no problem found');
  };

  it('a bad map', () => {
    expect(problem({ ...base, map: ['....', '..x.'] })).toBe('x.json: map[1]: "x" at hex 3 is neither "." (empty) nor "#" (wall)');
    expect(problem({ ...base, map: ['....', '...'] })).toBe('x.json: map[1]: has 3 hexes; the first row has 4');
    expect(problem({ ...base, map: { width: 7, walls: 1.5 } })).toBe('x.json: map.walls: must be a wall density from 0 up to (not including) 1');
    expect(problem({ ...base, map: 'no/such/map.txt' })).toMatch(/^x\.json: map: cannot read the map file no\/such\/map\.txt/);
  });

  it('a bad ship', () => {
    expect(problem({ ...base, ships: [{ name: 'A', team: 'Zion', at: 'z9', facing: 'E' }, { name: 'B', team: 'Machines' }] })).toBe(
      'x.json: ships[0].at: not a hex of the 7x4 map (a1 is the top-left hex)',
    );
    expect(problem({ ...base, ships: [{ name: 'A', team: 'Zion', ship: 'h9s1b1e1' }, { name: 'B', team: 'Machines' }] })).toBe(
      'x.json: ships[0].ship: ship 1 ("h9s1b1e1"): hull 9 is outside 3..6 (the base ship and the most an upgrade reaches)',
    );
    expect(problem({ ...base, ships: [{ name: 'A', team: 'Zion' }] })).toBe('x.json: ships: Machines has 0 ships; a team has 1 to 5');
    expect(problem({ ...base, ships: [{ name: 'A', team: 'Borg' }, { name: 'B', team: 'Machines' }] })).toBe('x.json: ships[0].team: must be "Zion" or "Machines"');
  });

  it('bad dice and a bad program', () => {
    expect(problem({ ...base, dice: [1, 7] })).toBe('x.json: dice: must be a list of die rolls, each 1 to 6');
    expect(problem({ ...base, dice: [1, 1], turns: [{ A: 'Move Jump', B: 'Move Move' }] })).toBe('turns[0], seat A program: "Jump" is not an action (Move, Right, Left, Landing, EMP, Repair)');
    expect(problem({ ...base, dice: [1, 1], turns: [{ A: 'Move', B: 'Move Move' }] })).toBe('turns[0], seat A program: A has 2 actions this turn, and its program has 1');
  });
});
