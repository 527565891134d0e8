/** The command line's refusals in one line (src/cli/unknown.ts) and `--matches` on a run (config/total.ts withMatches). */
import { describe, expect, it } from 'vitest';
import { editDistance, nearest, refusal } from '../../src/cli/unknown.js';
import { scheduleTotal, withMatches } from '../../src/config/total.js';
import { checkConfig } from '../../src/config/index.js';

describe('refusals', () => {
  it('the nearest known name: a typo, a prefix, nothing near', () => {
    expect(editDistance('matchs', 'matches')).toBe(1);
    expect(editDistance('', 'abc')).toBe(3);
    expect(nearest('matchs', ['batch', 'matches', 'seed'])).toBe('matches');
    expect(nearest('restart', ['restarts', 'rounds'])).toBe('restarts');
    expect(nearest('seeds', ['seed', 'sims'])).toBe('seed');
    expect(nearest('games', ['batch', 'matches', 'seed', 'out'])).toBeNull();
  });

  it('one line for an unknown option, a misspelt command, a missing argument', () => {
    expect(refusal('Unknown argument: matchs', 'tournament', ['matches', 'bots', 'seed', 'workers'], [])).toBe(
      'error: unknown option --matchs (did you mean --matches?); havoc tournament --help lists its options',
    );
    expect(refusal('Unknown arguments: tournamnt, x', null, [], ['tournament', 'sweep'])).toBe('error: no command "tournamnt" (did you mean tournament?); havoc --help lists the commands');
    expect(refusal('Not enough non-option arguments: got 0, need at least 1', 'sweep', [], [])).toBe('error: Not enough non-option arguments: got 0, need at least 1 (havoc sweep --help)');
    expect(refusal('name a command (havoc --help lists them)', null, [], [])).toBe('error: name a command (havoc --help lists them)');
  });
});

describe('--matches', () => {
  const plan = checkConfig({ ruleset: 'rbp', bots: ['random', 'greedy', 'nash'], schedule: { type: 'round-robin', games: 20 } }, 'quick.json');
  const run = plan.runs[0].run;

  it('a round robin plays whole rounds of its pairings: games per pairing = N / pairings', () => {
    expect(scheduleTotal(run)).toBe(60);
    const r = withMatches(run, 30);
    expect(typeof r).toBe('object');
    expect(r).toMatchObject({ schedule: { type: 'round-robin', games: 10 } });
    expect(scheduleTotal(r as typeof run)).toBe(30);
    expect(withMatches(run, 7)).toBe('must be a multiple of 6 for run quick (3 pairings × 2 seat rotations, every pairing played alike): 6 or 12');
    expect(withMatches(run, 0)).toBe('must be a whole number >= 1');
  });

  it('through the config: the override and its problem at --matches', () => {
    expect(checkConfig({ ruleset: 'rbp', bots: ['random', 'greedy'], schedule: { type: 'round-robin', games: 20 } }, 'q.json', { matches: 4 }).runs[0].run.schedule).toEqual({ type: 'round-robin', games: 4 });
    expect(() => checkConfig({ ruleset: 'rbp', bots: ['random', 'greedy'], schedule: { type: 'round-robin', games: 20 } }, 'q.json', { matches: 3 })).toThrow(/--matches: must be a multiple of 2/);
  });
});
