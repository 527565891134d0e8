/**
 * `havoc parts` and `havoc loadouts` on every ruleset: a catalogue of its own
 * (NHM's parts with diagrams), the generic listing (Hovercrafts' stat points
 * beside what they may cost, Battle Engine's pieces and its pay grades), and
 * a plain "does not apply" where a ruleset has none.
 */
import { describe, expect, it } from 'vitest';
import { havoc } from '../cli-helpers.js';

describe('havoc parts and havoc loadouts by ruleset', () => {
  it('NHM is the default: its catalogue with diagrams, its design space', () => {
    const parts = havoc('parts');
    expect(parts.code).toBe(0);
    expect(parts.out).toMatch(/^key +name +category +cost +tags +effect/);
    expect(parts.out).toMatch(/\d+ parts from .*parts\.json \(sha256 [0-9a-f]{12}\); budgets: weapon 4/);
    expect(havoc('parts', '--ruleset', 'nhm').out).toBe(parts.out);
    expect(Number(havoc('loadouts', '--count').out)).toBe(Number(havoc('loadouts', '--ruleset', 'nhm', '--count').out));
  });

  it('Hovercrafts: each stat point with the costs a reprice may give it; fleets counted, sampled and named', () => {
    const parts = havoc('parts', '--ruleset', 'hovercrafts');
    expect(parts.code).toBe(0);
    expect(parts.out).toMatch(/^hull +upgrade +2 +1-\d+$/m);
    const json = JSON.parse(havoc('parts', '--ruleset', 'hovercrafts', '--json').out) as { parts: { key: string }[]; prices: unknown[] };
    expect(json.parts.map((p) => p.key)).toEqual(['hull', 'shield', 'ballistic', 'energy']);
    const count = Number(havoc('loadouts', '--ruleset', 'hovercrafts', '--count').out);
    expect(count).toBeGreaterThan(1);
    const sample = havoc('loadouts', '--ruleset', 'hovercrafts', '--sample', '3', '--seed', '7').out.trim().split('\n');
    expect(sample).toHaveLength(3);
    for (const key of sample) expect(key).toMatch(/^h\d+s\d+b\d+e\d+/);
    expect(havoc('loadouts', '--ruleset', 'hovercrafts', '--named').out).toMatch(/pts/);
  });

  it('Battle Engine: pieces, and the pay grades a reprice changes in a table of their own', () => {
    const parts = havoc('parts', '--ruleset', 'battle-engine');
    expect(parts.code).toBe(0);
    expect(parts.out).toContain('prices (what havoc reprice changes):');
    expect(parts.out).toMatch(/^GEN +pay grade +\d+ +1-\d+$/m);
    expect(Number(havoc('loadouts', '--ruleset', 'battle-engine', '--count').out)).toBeGreaterThan(1000);
  });

  it('a ruleset with no catalogue, or one build, says plainly that the command does not apply', () => {
    const parts = havoc('parts', '--ruleset', 'blind-ninjas');
    expect(parts.code).toBe(1);
    expect(parts.err).toMatch(/^error: --ruleset: What Blind Ninjas\? has no catalogue of parts: .*does not apply \(rulesets with one: nhm, hovercrafts, battle-engine\)\n$/);
    const pig = havoc('loadouts', '--ruleset', 'rbp', '--count');
    expect(pig.code).toBe(1);
    expect(pig.err).toMatch(/Robo Battle Pigs has one build, so havoc loadouts does not apply/);
    const filter = havoc('loadouts', '--ruleset', 'hovercrafts', '--exclude-tag', 'ULTIMATE');
    expect(filter.code).toBe(1);
    expect(filter.err).toMatch(/take no filter/);
  });
});
