/** Battle Engine's roster file and its loader (src/rules/battle-engine/roster.ts). */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HavocProblems } from '../../src/core/errors.js';
import { defaultRoster, defaultRosterPath, parseRoster } from '../../src/rules/battle-engine/roster.js';

const shipped = (): Record<string, unknown> => JSON.parse(readFileSync(defaultRosterPath(), 'utf8')) as Record<string, unknown>;
const problemsOf = (json: unknown): { where: string; problem: string }[] => {
  try {
    parseRoster(json, 'roster.json');
  } catch (e) {
    expect(e).toBeInstanceOf(HavocProblems);
    return (e as HavocProblems).problems.map((p) => ({ where: p.where, problem: p.problem }));
  }
  throw new Error('the roster was accepted');
};

describe('Battle Engine roster', () => {
  it('reads the shipped file: every row of the rulebook table, by the RULES.md 9 reading', () => {
    const r = defaultRoster();
    expect(r.pieces.map((p) => p.name)).toEqual([
      'General', 'Colonel', 'COL (A)', 'Lt. Col', 'LTC (A)', 'Major', 'Maj.(A)', 'Captain', 'LTN....', 'M. Sgt',
      'M.Archr', 'Maceman', 'Srgeant', 'T.Archr', 'T.Axemn', 'Corporl', 'Archer.', 'Axeman.', 'Private', 'Recruit',
    ]);
    const by = (key: string) => r.pieces[r.byKey.get(key)!];
    // M. Sgt 1 3 1 9 1 1: moves, hp, mov&hit, hit&hit, damage, then arrows
    expect(by('msgt')).toMatchObject({ moves: 1, hp: 3, movHit: 1, hitHit: 9, damage: 1, arrows: 1, officer: false, level: 4 });
    // COL (A) 2 3 1 1 1 2 8 1: the extra number is arrows; then give 8, receive 1
    expect(by('col-a')).toMatchObject({ hp: 3, arrows: 2, give: [8, 0, 0], receive: [1, 0, 0], officer: true, level: 9 });
    expect(by('gen')).toMatchObject({ level: 10, officer: true, price: 12 });
    expect(by('ltn')).toMatchObject({ level: 5, officer: true, damage: 1 });
    expect(by('cpt').officer).toBe(true);
    expect(by('pvt')).toMatchObject({ price: 2, officer: false });
    expect(r.rules).toEqual({ width: 8, rowsPerSide: 3, turnLimit: 200, turnShape: 'stats', startTie: 'coin', bonusLoss: 'move', levelUp: 'next-grade' });
    expect(r.budget).toBe(40);
    expect(r.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('keeps each row as the table wrote it, and notes a reading on every row whose numbers do not fill the columns', () => {
    for (const p of shipped().pieces as { table: string; reading?: string; key: string }[]) {
      const n = p.table.split(' ').length;
      // 5 numbers + 2 bonus numbers is a full officer row; 5 a full row without arrows or bonuses
      const plain = n === 5 || (n === 7 && p.key !== 'gen' && p.key !== 'maj-a');
      if (!plain) expect(p.reading, `${p.key}: ${p.table}`).toMatch(/\w/);
    }
  });

  it('reports every problem at once, each with its JSON path', () => {
    const j = shipped();
    const pieces = structuredClone(j.pieces) as Record<string, unknown>[];
    pieces[0].hp = 0;
    pieces[3].give = [8, 3, 0];
    pieces[5].key = 'gen';
    pieces[9].pay = 'N11';
    pieces[12].colour = 'red';
    const bad = { ...j, version: 2, rules: { ...(j.rules as object), width: 13, startTie: 'dice' }, prices: { ...(j.prices as object), budget: -1 }, pieces };
    const found = problemsOf(bad);
    expect(found.map((p) => p.where).sort()).toEqual(
      ['version', 'rules.width', 'rules.startTie', 'prices.budget', 'pieces[0].hp', 'pieces[3].give[1]', 'pieces[5].key', 'pieces[9].pay', 'pieces[12].colour'].sort(),
    );
    expect(found.find((p) => p.where === 'pieces[5].key')!.problem).toContain("pieces[0]'s key");
    expect(found.find((p) => p.where === 'rules.width')!.problem).toContain('from 6 to 12');
  });

  it('refuses what is not a roster, and a roster without officers', () => {
    expect(problemsOf([])).toHaveLength(1);
    const j = shipped();
    const soldiers = (j.pieces as { pay: string }[]).filter((p) => !/^N[5-9]|GEN$/.test(p.pay));
    const found = problemsOf({ ...j, pieces: soldiers });
    expect(found).toEqual([{ where: 'pieces', problem: expect.stringContaining('officer') }]);
    expect(problemsOf({ ...j, pieces: [] }).map((p) => p.where)).toEqual(['pieces']);
  });
});
