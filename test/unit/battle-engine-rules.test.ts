/**
 * Battle Engine's rules, scenario by scenario: hand-made deployments and
 * scripted steps in the notation, through the game interface (parse, check,
 * apply) as the arena plays them. Board: 8 files, A on rows 1-3, no man's
 * land row 4, B on rows 5-7 unless a reading changes it.
 */
import { describe, expect, it } from 'vitest';
import { HavocError } from '../../src/core/errors.js';
import { legalSteps } from '../../src/rules/battle-engine/actions.js';
import { makeRng } from '../../src/core/rng.js';
import { battleEngineModule } from '../../src/rules/battle-engine/module.js';
import { defaultRoster, withReadings, type Readings, type Roster } from '../../src/rules/battle-engine/roster.js';
import type { BeState } from '../../src/rules/battle-engine/state.js';

/** A battle deployed by hand: `act` plays one step of the seat to move, `illegal` says why a step is refused. */
function battle(armies: [string, string], deploys: [string, string], readings: Partial<Readings> = {}, roster: Roster = defaultRoster()) {
  const mod = battleEngineModule(withReadings(roster, { startTie: 'A', ...readings }));
  const builds = armies.map((k) => {
    const c = mod.builds.check(k, 'army');
    if (!c.ok) throw c.error;
    return c.value;
  });
  const game = mod.makeGame({ builds });
  const st = mod.newState(game, 'scenario');
  const records: Record<string, unknown>[] = [];
  const rec = mod.recorder(() => st, (r) => records.push(r as Record<string, unknown>));
  const dep = deploys.map((text, s) => {
    const p = mod.parse(st, s, 'deploy', text);
    if (!p.ok) throw p.error;
    const e = mod.check(st, s, 'deploy', p.value);
    if (e) throw e;
    return p.value;
  });
  mod.apply(st, dep, () => null, rec);
  const seat = (): number => st.toMove;
  const illegal = (text: string): string | null => {
    const p = mod.parse(st, seat(), 'act', text);
    if (!p.ok) return p.error.message;
    return mod.check(st, seat(), 'act', p.value)?.message ?? null;
  };
  const act = (...texts: string[]): void => {
    for (const text of texts) {
      const s = seat();
      const p = mod.parse(st, s, 'act', text);
      if (!p.ok) throw p.error;
      const e = mod.check(st, s, 'act', p.value);
      if (e) throw e;
      const actions = [null, null] as (typeof p.value | null)[];
      actions[s] = p.value;
      mod.apply(st, actions, () => null, rec);
    }
  };
  const legal = (): string[] => legalSteps(st, seat()).map((a) => mod.format(st, seat(), 'act', a));
  /** Seat s's own piece on a square, as its observation shows it. */
  const piece = (s: number, sq: string) => mod.observe(st, s).own.find((p) => p.square === sq);
  return { mod, st, game, act, illegal, legal, piece, records, seat };
}
const roster = defaultRoster();

describe('Battle Engine: board and deployment', () => {
  it('makes boards 6 to 12 wide with 3 or 4 rows a side and a no man\'s land row; an army must fit its side', () => {
    const b = battle(['ltn+pvt', 'ltn+pvt'], ['ltn@a1 pvt@a2', 'ltn@a9 pvt@a8'], { width: 6, rowsPerSide: 4 });
    expect(b.mod.observe(b.st, 0).board).toEqual({ width: 6, height: 9, rowsPerSide: 4 });
    const wide: Roster = { ...roster, maxPieces: 30, budget: 200 };
    const mod = battleEngineModule(withReadings(wide, { width: 6 }));
    const army = mod.builds.check('ltn+rec*18', 'a');
    expect(army.ok).toBe(true);
    if (army.ok) expect(() => mod.makeGame({ builds: [army.value, army.value] })).toThrow(/19 pieces do not fit 6 x 3/);
  });

  it('deploys in secret and at once: both seats decide together, on their own side only, every piece once', () => {
    const mod = battleEngineModule(roster);
    const c = mod.builds.check('ltn+pvt*2', 'a');
    if (!c.ok) throw c.error;
    const st = mod.newState(mod.makeGame({ builds: [c.value, c.value] }), 'd');
    expect(mod.node(st)).toEqual({ kind: 'simultaneous', seats: [0, 1] });
    expect(mod.decision(st, 0)).toBe('deploy');
    const err = (s: number, text: string): string => {
      const p = mod.parse(st, s, 'deploy', text);
      if (!p.ok) return p.error.message;
      return mod.check(st, s, 'deploy', p.value)?.message ?? 'accepted';
    };
    expect(err(0, 'ltn@a1 pvt@b1 pvt@c1')).toBe('accepted');
    expect(err(0, 'ltn@a4 pvt@b1 pvt@c1')).toContain('its own side');
    expect(err(1, 'ltn@a1 pvt@b7 pvt@c7')).toContain('its own side');
    expect(err(0, 'ltn@a1 pvt@b1')).toContain('not all placed');
    expect(err(0, 'ltn@a1 pvt@b1 pvt@b1')).toContain('two pieces on one square');
    expect(err(0, 'ltn@a1 pvt@b1 pvt@c1 pvt@d1')).toContain('more pvt');
    expect(err(0, 'gen@a1 pvt@b1 pvt@c1')).toContain('not all placed');
    // before the reveal a seat sees nothing of the enemy's placement
    expect(mod.observe(st, 0).enemy).toEqual([]);
  });

  it('reveals only where the enemy stands and which pieces are officers', () => {
    const b = battle(['gen+msgt+pvt', 'col+ltn+axe+pvt'], ['gen@a1 msgt@b2 pvt@c3', 'col@h7 ltn@g7 axe@a5 pvt@b5']);
    const obs = b.mod.observe(b.st, 0);
    expect(obs.enemy).toEqual([
      { square: 'a5', officer: false, panicked: false, damage: 0, shot: 0 },
      { square: 'b5', officer: false, panicked: false, damage: 0, shot: 0 },
      { square: 'g7', officer: true, panicked: false, damage: 0, shot: 0 },
      { square: 'h7', officer: true, panicked: false, damage: 0, shot: 0 },
    ]);
    expect(obs.enemyArmy).toBe('col+ltn+axe+pvt');
    expect(JSON.stringify(obs.enemy)).not.toMatch(/col|ltn|axe|pvt/);
    expect(b.mod.observe(b.st, 1).own.map((p) => `${p.piece}@${p.square}`)).toEqual(['col@h7', 'ltn@g7', 'axe@a5', 'pvt@b5']);
  });
});

describe('Battle Engine: who starts', () => {
  it('the seat with more pieces on the row nearest no man\'s land starts', () => {
    const b = battle(['ltn+pvt*2', 'ltn+pvt*2'], ['ltn@a1 pvt@a3 pvt@b3', 'ltn@a7 pvt@a5 pvt@b6'], { startTie: 'A' });
    expect(b.mod.node(b.st)).toEqual({ kind: 'seat', seat: 0 });
    const c = battle(['ltn+pvt*2', 'ltn+pvt*2'], ['ltn@a1 pvt@a3 pvt@b2', 'ltn@a7 pvt@a5 pvt@b5'], { startTie: 'A' });
    expect(c.mod.node(c.st)).toEqual({ kind: 'seat', seat: 1 });
  });

  it('a tie on the front row goes to the next row back', () => {
    const b = battle(['ltn+pvt*2', 'ltn+pvt*2'], ['ltn@a1 pvt@a3 pvt@b1', 'ltn@a6 pvt@a5 pvt@b7'], { startTie: 'A' });
    expect(b.mod.node(b.st)).toEqual({ kind: 'seat', seat: 1 });
  });

  it('a tie on every row: the startTie reading (A, B, or a coin from the state dice)', () => {
    const deploy: [string, string] = ['ltn@a1 pvt@a3 pvt@b3', 'ltn@a7 pvt@a5 pvt@b5'];
    expect(battle(['ltn+pvt*2', 'ltn+pvt*2'], deploy, { startTie: 'A' }).seat()).toBe(0);
    expect(battle(['ltn+pvt*2', 'ltn+pvt*2'], deploy, { startTie: 'B' }).seat()).toBe(1);
    const mod = battleEngineModule(withReadings(roster, { startTie: 'coin' }));
    const army = mod.builds.check('ltn+pvt*2', 'a');
    if (!army.ok) throw army.error;
    const game = mod.makeGame({ builds: [army.value, army.value] });
    const starters = new Set<number>();
    for (let i = 0; i < 40; i++) {
      const st = mod.newState(game, `coin-${i}`);
      mod.apply(st, deploy.map((t, s) => { const p = mod.parse(st, s, 'deploy', t); if (!p.ok) throw p.error; return p.value; }), () => null);
      expect(mod.node(st)).toEqual({ kind: 'chance' });
      mod.chance(st);
      const node = mod.node(st);
      expect(node.kind).toBe('seat');
      if (node.kind === 'seat') starters.add(node.seat);
      const again = mod.newState(game, `coin-${i}`);
      mod.apply(again, deploy.map((t, s) => { const p = mod.parse(again, s, 'deploy', t); if (!p.ok) throw p.error; return p.value; }), () => null);
      mod.chance(again);
      expect(mod.node(again)).toEqual(node);
    }
    expect([...starters].sort()).toEqual([0, 1]);
  });
});

describe('Battle Engine: turns and actions', () => {
  it('one piece acts per turn: its first step picks it, and the turns alternate', () => {
    const b = battle(['gen+pvt', 'ltn+pvt'], ['gen@a1 pvt@d2', 'ltn@h7 pvt@d6']);
    b.act('m a1 a2');
    expect(b.seat()).toBe(0);
    expect(b.illegal('m d2 d3')).toContain('not legal now');
    expect(b.legal()).toContain('end');
    b.act('m a2 a3');
    // the General's two moves are spent and nothing is in reach: the turn ended itself
    expect(b.seat()).toBe(1);
    expect(b.mod.turns(b.st)).toBe(1);
    b.act('m d6 d5');
    // a private has one move and no enemy in reach after it: its turn ended itself
    expect(b.seat()).toBe(0);
    expect(b.mod.turns(b.st)).toBe(2);
  });

  it('Move: one orthogonal square that brings the piece nearer its nearest enemy, whoever that is after the move', () => {
    const b = battle(['ltn+pvt', 'ltn+pvt'], ['ltn@a1 pvt@d2', 'ltn@h7 pvt@d6']);
    const moves = b.legal().filter((t) => t.startsWith('m '));
    expect(moves).toEqual(['m a1 a2', 'm a1 b1', 'm d2 d3']);
    expect(b.illegal('m d2 e2')).toContain('not legal');
    expect(b.illegal('m d2 e3')).toContain('not legal');
  });

  it('"reduced" and "increased" are strict: a move that keeps the distance to the nearest enemy (now another) is neither a move nor a panic move', () => {
    // The private on d3: c6 is 4 away, f6 is 5. On e3 it is 5 from c6 and 4 from f6: the nearest distance stays 4.
    const b = battle(['ltn+pvt', 'ltn+pvt*2'], ['ltn@a1 pvt@d3', 'ltn@h7 pvt@c6 pvt@f6']);
    expect(b.seat()).toBe(0);
    expect(b.illegal('m d3 e3')).toContain('not legal');
    expect(b.illegal('p d3 e3')).toContain('not legal');
    expect(b.legal()).toContain('m d3 d4');
    // Straight back toward its own back line is a panic move whatever the distance does.
    expect(b.legal()).toContain('p d3 d2');
  });

  it('Hit: an enemy orthogonally next to the piece takes its damage; losing the last hit point kills', () => {
    const b = battle(['ltn+pvt', 'ltn+rec'], ['ltn@a1 pvt@d3', 'ltn@h7 rec@d5']);
    expect(b.legal()).not.toContain('h d3 d4');
    b.act('m d3 d4');
    expect(b.legal()).toEqual(['h d4 d5', 'end']);
    expect(b.illegal('h a1 a2')).toContain('not legal');
    b.act('h d4 d5');
    expect(b.mod.observe(b.st, 0).enemyGone).toEqual([{ piece: 'rec', status: 'killed' }]);
    expect(b.mod.figureValues(b.st)[0]).toEqual([1, 0]);
  });

  it('hitReach: "next to" is orthogonal by default; "all-round" lets a piece hit its diagonal neighbours too, as the bonus table counts them', () => {
    // A's Private on d4 (no man's land) has B's Recruit diagonally on e5 and nothing orthogonal.
    const ortho = battle(['ltn+pvt', 'ltn+rec'], ['ltn@a1 pvt@d3', 'ltn@h7 rec@e5']);
    ortho.act('m d3 d4');
    expect(ortho.legal()).not.toContain('h d4 e5');
    expect(ortho.illegal('h d4 e5')).toContain('not legal');
    const round = battle(['ltn+pvt', 'ltn+rec'], ['ltn@a1 pvt@d3', 'ltn@h7 rec@e5'], { hitReach: 'all-round' });
    round.act('m d3 d4');
    expect(round.legal()).toEqual(['h d4 e5', 'end']);
    round.act('h d4 e5');
    expect(round.mod.observe(round.st, 0).enemyGone).toEqual([{ piece: 'rec', status: 'killed' }]);
    // The reading travels with the game (a replay's header), and the shipped roster leaves it out (its hash unchanged).
    expect(roster.rules.hitReach).toBeUndefined();
    expect((round.mod.describeGame!(round.game) as { rules: Record<string, unknown> }).rules.hitReach).toBe('all-round');
    expect(round.mod.gameFromDescription!(JSON.parse(JSON.stringify(round.mod.describeGame!(round.game))), 'g').rules.hitReach).toBe('all-round');
    expect(() => round.mod.gameFromDescription!({ ...(round.mod.describeGame!(round.game) as object), rules: { ...round.game.rules, hitReach: 'far' } }, 'g')).toThrow(/g\.rules\.hitReach: must be one of orthogonal, all-round/);
  });

  it('Shoot: along a clear row or column, one arrow spent; a piece in between blocks; no arrows, no shot', () => {
    const b = battle(['ltn+archer+pvt', 'ltn+pvt*2'], ['ltn@a1 archer@c2 pvt@h3', 'ltn@h7 pvt@c6 pvt@h5']);
    expect(b.legal()).toContain('s c2 c6');
    expect(b.legal()).not.toContain('s h3 h5');
    b.act('s c2 c6');
    expect(b.piece(0, 'c2')!.arrows).toBe(0);
    expect(b.mod.observe(b.st, 0).enemy.find((e) => e.square === 'c6')).toMatchObject({ damage: 1 });
    b.act('m c6 c5');
    expect(b.legal().filter((t) => t.startsWith('s '))).toEqual([]);
    const blocked = battle(['ltn+archer+pvt', 'ltn+pvt*2'], ['ltn@a1 archer@c3 pvt@h2', 'ltn@h7 pvt@c5 pvt@c6']);
    expect(blocked.legal().filter((t) => t.startsWith('s '))).toEqual(['s c3 c5']);
  });

  it('MOVES, MOV&HIT and HIT&HIT (turnShape "stats"): a General moves twice and hits; a Maceman moves and hits twice; a M. Sgt standing hits again and again', () => {
    const gen = battle(['gen', 'ltn+pvt'], ['gen@d3', 'ltn@h7 pvt@d6']);
    gen.act('m d3 d4', 'm d4 d5');
    expect(gen.illegal('m d5 c5')).toContain('not legal');
    gen.act('h d5 d6');
    expect(gen.seat()).toBe(1);
    const mace = battle(['ltn+mace', 'ltn+pvt'], ['ltn@a1 mace@d3', 'ltn@h7 pvt@d5']);
    mace.act('m d3 d4', 'h d4 d5', 'h d4 d5');
    expect(mace.mod.observe(mace.st, 0).enemyGone).toEqual([{ piece: 'pvt', status: 'killed' }]);
    const sgt = battle(['ltn+cpl', 'ltn+msgt'], ['ltn@a1 cpl@d3', 'ltn@h7 msgt@d5']);
    sgt.act('m d3 d4', 'end');
    sgt.act('h d5 d4', 'h d5 d4');
    expect(sgt.seat()).toBe(1);
    sgt.act('h d5 d4');
    expect(sgt.mod.observe(sgt.st, 1).enemyGone).toEqual([{ piece: 'cpl', status: 'killed' }]);
    expect(sgt.seat()).toBe(0);
  });

  it('turnShape "one": one step per turn, whatever the piece', () => {
    const gen = battle(['gen', 'ltn+pvt'], ['gen@d3', 'ltn@h7 pvt@d6'], { turnShape: 'one' });
    gen.act('m d3 d4');
    expect(gen.seat()).toBe(1);
    const sgt = battle(['ltn+cpl', 'ltn+msgt'], ['ltn@a1 cpl@d3', 'ltn@h7 msgt@d5'], { turnShape: 'one' });
    sgt.act('m d3 d4', 'h d5 d4');
    expect(sgt.seat()).toBe(0);
    expect(sgt.piece(0, 'd4')!.damage).toBe(1);
  });

  it('the turn limit ends the game as a draw', () => {
    const b = battle(['ltn+pvt', 'ltn+pvt'], ['ltn@a1 pvt@d2', 'ltn@h7 pvt@d6'], { turnLimit: 2 });
    b.act('m d2 d3', 'm d6 d5');
    expect(b.mod.result(b.st)).toEqual({ ranks: [0, 0], reason: 'turn-limit' });
    expect(b.mod.node(b.st)).toEqual({ kind: 'terminal' });
  });

  it('records each step with what it did', () => {
    const b = battle(['ltn+pvt', 'ltn+rec'], ['ltn@a1 pvt@d3', 'ltn@h7 rec@d5']);
    b.act('m d3 d4', 'h d4 d5');
    expect(b.records[0]).toMatchObject({ turn: 0, deploy: ['ltn@a1 pvt@d3', 'ltn@h7 rec@d5'] });
    expect(b.records[2]).toMatchObject({ turn: 0, seat: 'A', action: 'h d4 d5', events: ['A Private d4 hits B Recruit d5: 1 damage, killed'] });
  });
});

describe('Battle Engine: officers and bonuses', () => {
  it('officers level up while an officer two grades above is present: LTN acts as Captain beside a Major, Major as Lt. Col beside the General', () => {
    const b = battle(['maj+ltn+cpt', 'ltn+pvt'], ['maj@a1 ltn@b1 cpt@c1', 'ltn@h7 pvt@d6']);
    expect(b.piece(0, 'b1')!.actsAs).toBe('cpt');
    expect(b.piece(0, 'c1')!.actsAs).toBe('cpt');
    expect(b.piece(0, 'a1')!.actsAs).toBe('maj');
    const g = battle(['gen+maj', 'ltn+pvt'], ['gen@h1 maj@a1', 'ltn@h7 pvt@d6']);
    expect(g.piece(0, 'a1')!.actsAs).toBe('ltc');
    expect(g.piece(0, 'h1')!.actsAs).toBe('gen');
  });

  it('levelUp "off": every piece acts by its own row', () => {
    const b = battle(['maj+ltn', 'ltn+pvt'], ['maj@a1 ltn@b1', 'ltn@h7 pvt@d6'], { levelUp: 'off' });
    expect(b.piece(0, 'b1')!.actsAs).toBe('ltn');
  });

  it('a levelled-up Major gives all round (the Lt. Col row), a Major alone only orthogonally', () => {
    const up = battle(['gen+maj+col', 'ltn+pvt'], ['gen@h1 maj@b2 col@c3', 'ltn@h7 pvt@d6']);
    expect(up.piece(0, 'c3')!.bonus).toBe(1);
    const off = battle(['gen+maj+col', 'ltn+pvt'], ['gen@h1 maj@b2 col@c3', 'ltn@h7 pvt@d6'], { levelUp: 'off' });
    expect(off.piece(0, 'c3')!.bonus).toBe(0);
  });

  it('bonus hit points: given to neighbours by givers (8: all round), only to pieces that may receive, one point per category', () => {
    const b = battle(['gen+col+ltc+pvt', 'ltn+pvt'], ['gen@b2 col@c3 ltc@c2 pvt@a2', 'ltn@h7 pvt@d6']);
    expect(b.piece(0, 'c3')!.bonus).toBe(1);
    expect(b.piece(0, 'b2')!.bonus).toBe(1);
    expect(b.piece(0, 'a2')!.bonus).toBe(0);
    const apart = battle(['gen+col', 'ltn+pvt'], ['gen@a1 col@c3', 'ltn@h7 pvt@d6']);
    expect(apart.piece(0, 'c3')!.bonus).toBe(0);
  });

  it('a piece whose bonus alone kept it alive dies when either piece moves', () => {
    const b = battle(['gen+col', 'ltn+pvt'], ['gen@c2 col@c3', 'ltn@h7 pvt@c6']);
    const col = b.game.first[0] + 1;
    b.st.dmg[col] = 4; // four wounds on four hit points: alive on the General's bonus
    expect(b.piece(0, 'c3')!.status).toBe('on');
    b.act('m c3 c4');
    expect(b.mod.observe(b.st, 0).own[1].status).toBe('killed');
    expect(b.records.at(-1)!.events).toContain("A Colonel c4 dies: its bonus was all that kept it alive");
  });

  const bonusLost = (bonusLoss: 'move' | 'always') => {
    // B starts; its private walks up and kills the wounded General, whose bonus kept the wounded Colonel alive
    const b = battle(['gen+col+pvt', 'ltn+pvt'], ['gen@d3 col@c3 pvt@h1', 'ltn@h7 pvt@d5'], { bonusLoss });
    b.act('m h1 h2');
    b.st.dmg[b.game.first[0]] = 4;
    b.st.dmg[b.game.first[0] + 1] = 4;
    b.act('m d5 d4', 'h d4 d3');
    return b;
  };

  it('bonusLoss "move": a giver killed by a hit leaves its receiver standing until a piece moves', () => {
    const b = bonusLost('move');
    expect(b.mod.observe(b.st, 0).own.map((p) => p.status)).toEqual(['killed', 'on', 'on']);
    b.act('m h2 h3');
    // the Colonel dies on the move: the last officer killed, the rest surrender
    expect(b.mod.result(b.st)).toEqual({ ranks: [1, 0], reason: 'surrender' });
  });

  it('bonusLoss "always": the receiver dies with the giver', () => {
    const b = bonusLost('always');
    expect(b.mod.result(b.st)).toEqual({ ranks: [1, 0], reason: 'surrender' });
    expect(b.mod.observe(b.st, 0).own.map((p) => p.status)).toEqual(['killed', 'killed', 'surrendered']);
  });
});

describe('Battle Engine: panic and the last officer', () => {
  it('panic moves: away from the nearest enemy but never straight at the enemy back line, always toward one\'s own; then no more attacks or ordinary moves', () => {
    const b = battle(['ltn+pvt', 'ltn+pvt'], ['ltn@a1 pvt@d2', 'ltn@h7 pvt@d6']);
    const panics = b.legal().filter((t) => t.startsWith('p d2'));
    expect(panics.sort()).toEqual(['p d2 c2', 'p d2 d1', 'p d2 e2']);
    b.act('p d2 c2');
    expect(b.piece(0, 'c2')!.panicked).toBe(true);
    expect(b.mod.observe(b.st, 1).enemy.find((e) => e.square === 'c2')!.panicked).toBe(true);
    b.act('m d6 d5');
    expect(b.legal().filter((t) => t.startsWith('m c2') || t.startsWith('h c2'))).toEqual([]);
    expect(b.legal()).toContain('p c2 c1');
    b.act('p c2 c1', 'm d5 d4');
    expect(b.legal()).toContain('e c1');
    b.act('e c1');
    expect(b.mod.observe(b.st, 0).own[1].status).toBe('escaped');
  });

  it('escape: from the own back line off the board; the last officer escaping makes the rest panic', () => {
    const b = battle(['ltn+pvt*2', 'ltn+pvt'], ['ltn@a1 pvt@d2 pvt@e2', 'ltn@h7 pvt@d6']);
    expect(b.illegal('e d2')).toContain('not legal');
    b.act('e a1');
    const own = b.mod.observe(b.st, 0).own;
    expect(own.map((p) => [p.status, p.panicked])).toEqual([['escaped', true], ['on', true], ['on', true]]);
    expect(b.mod.figureValues(b.st)[2]).toEqual([1, 0]);
  });

  it('merely panicking the last officer changes nothing for the rest', () => {
    const b = battle(['ltn+pvt', 'ltn+pvt'], ['ltn@a2 pvt@d2', 'ltn@h7 pvt@d6']);
    b.act('p a2 a1');
    expect(b.mod.observe(b.st, 0).own.map((p) => p.panicked)).toEqual([true, false]);
  });

  it('the last officer killed: the rest surrender and the battle is lost', () => {
    const b = battle(['ltn+pvt*2', 'gen+pvt*2'], ['ltn@d3 pvt@a1 pvt@b1', 'gen@d5 pvt@h7 pvt@g7'], { startTie: 'B' });
    b.act('m d5 d4', 'h d4 d3');
    b.act('m a1 a2');
    expect(b.mod.result(b.st)).toBeNull();
    b.act('h d4 d3');
    expect(b.mod.result(b.st)).toEqual({ ranks: [1, 0], reason: 'surrender' });
    expect(b.mod.figureValues(b.st)).toEqual([[0, 1], [3, 0], [0, 0]]);
  });

  it('the last piece leaving by escape loses the battle as a rout', () => {
    const b = battle(['ltn', 'ltn'], ['ltn@a1', 'ltn@h7']);
    b.act('e a1');
    expect(b.mod.result(b.st)).toEqual({ ranks: [1, 0], reason: 'rout' });
  });
});

describe('Battle Engine: errors as values', () => {
  it('parse and check refuse bad steps with a reason', () => {
    const b = battle(['ltn+pvt', 'ltn+pvt'], ['ltn@a1 pvt@d2', 'ltn@h7 pvt@d6']);
    expect(b.illegal('x d2 d3')).toContain('starts with m, h, s, p or e');
    expect(b.illegal('m d2')).toContain('takes 2 squares');
    expect(b.illegal('m d2 z9')).toContain('not a square');
    expect(b.illegal('end')).toContain('not legal');
    expect(b.illegal('pass')).toContain('not legal');
    expect(b.mod.check(b.st, 1, 'act', { t: 0, from: 51, to: 43 })).toBeInstanceOf(HavocError);
    expect(b.mod.check(b.st, 0, 'deploy', { t: 0, from: 11, to: 19 })?.code).toBe('ERR_DECISION');
  });
});

describe('Battle Engine: check is "is it in the list"', () => {
  it('refuses exactly the steps legalSteps does not list, over random battles and every step between any two squares', () => {
    const mod = battleEngineModule(roster);
    const builds = ['gen+cpl*2+archer+pvt*9', 'ltn+sgt+archer*2+pvt*6'].map((k) => {
      const c = mod.builds.check(k, 'army');
      if (!c.ok) throw c.error;
      return c.value;
    });
    const game = mod.makeGame({ builds });
    const rng = makeRng('check-is-membership');
    let checked = 0, legalSeen = 0;
    const w = game.board.width, size = game.board.size;
    // Each square's neighbours and the squares on its row and column: every step a piece could name from it.
    const reach = (from: number): number[] => [...Array(size).keys()].filter((q) => q !== from && (q % w === from % w || Math.floor(q / w) === Math.floor(from / w)));
    for (let m = 0; m < 3; m++) {
      const st = mod.newState(game, `membership-${m}`);
      for (let t = 0; t < 400; t++) {
        const node = mod.node(st);
        if (node.kind === 'terminal') break;
        if (node.kind === 'chance') {
          mod.chance(st);
          continue;
        }
        const actions: unknown[] = [null, null];
        for (const s of node.kind === 'simultaneous' ? node.seats : [node.seat]) {
          const kind = mod.decision(st, s);
          if (kind === 'act' && t % 7 === 0) {
            // Every step kind from every square to every square in line with it (and end, pass), for both seats: legal exactly when listed.
            for (const seat of [0, 1]) {
              const listed = new Set(legalSteps(st, seat).map((a) => `${a.t} ${a.from} ${a.to}`));
              const tryStep = (k: number, from: number, to: number): void => {
                const ok = mod.check(st, seat, 'act', { t: k, from, to }) === null;
                expect(ok, `seat ${seat} step ${k} ${from} ${to}`).toBe(listed.has(`${k} ${from} ${to}`));
                checked++;
                if (ok) legalSeen++;
              };
              tryStep(5, -1, -1);
              tryStep(6, -1, -1);
              for (let from = 0; from < size; from++) {
                if (st.occ[from] < 0 || game.owner[st.occ[from]] !== seat) continue;
                tryStep(4, from, -1);
                for (const to of reach(from)) for (let k = 0; k <= 3; k++) tryStep(k, from, to);
              }
            }
          }
          actions[s] = mod.randomAction(st, s, kind, rng);
        }
        mod.apply(st, actions, () => null, null);
      }
    }
    expect(legalSeen).toBeGreaterThan(100);
    expect(checked).toBeGreaterThan(5_000);
  });
});
