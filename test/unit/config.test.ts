/**
 * Run configs against their schema: every message of the checker pinned
 * (paths, wording and order, as before the checker moved to zod), the
 * `$schema` field, and configs/schema.json kept true — it is what
 * `havoc schema` writes from src/config/schema.ts, and every shipped
 * run config passes both the zod schema and the checker.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkConfig, configSchemaText } from '../../src/config/index.js';
import { ConfigFile } from '../../src/config/schema.js';
import { HavocProblems } from '../../src/core/errors.js';

/** Each problem of a config, `<cwd>` for the working directory. */
const problemsOf = (json: unknown, overrides = {}): string[] => {
  try {
    checkConfig(json, 'configs/t.json', overrides);
  } catch (e) {
    const list = e instanceof HavocProblems ? e.problems.map((p) => p.message) : [(e as Error).message];
    return list.map((m) => m.replaceAll(process.cwd(), '<cwd>'));
  }
  return [];
};

/** [what, config, overrides, its problems in order]: one case per message the checker has. */
const CASES: [string, unknown, Record<string, unknown>, string[]][] = [
  [
    'not an object',
    [1, 2],
    {},
    [
      'configs/t.json: (top): a config is a JSON object (see docs/arena.md)',
    ],
  ],
  [
    'unknown top field',
    { ruleset: 'rbp', bots: ['random', 'greedy'], schedule: { type: 'round-robin', games: 2 }, colour: 'red' },
    {},
    [
      'configs/t.json: colour: unknown field (expected name, description, ruleset, parts, experimental, bots, loadouts, loadoutsFile, between, teams, schedule, turnLimit, budget, limits, maxFaults, maxHangs, seed, out, stats)',
    ],
  ],
  [
    'bad out',
    { ruleset: 'rbp', bots: ['random', 'greedy'], schedule: { type: 'round-robin', games: 2 }, out: '' },
    {},
    [
      'configs/t.json: out: must be a folder path',
    ],
  ],
  [
    'bad name',
    { ruleset: 'rbp', bots: ['random', 'greedy'], schedule: { type: 'round-robin', games: 2 }, name: 'a\nb' },
    {},
    [
      'configs/t.json: name: must be a non-empty single-line string with no control characters',
    ],
  ],
  [
    'missing ruleset',
    { schedule: { type: 'round-robin', games: 2 } },
    {},
    [
      'configs/t.json: ruleset: must be "rbp" (Robo Battle Pigs) or "nhm" (Ninja Havoc Machines) or "hovercrafts" (Hovercrafts) or "blind-ninjas" (What Blind Ninjas?) or "battle-engine" (Battle Engine), not missing',
    ],
  ],
  [
    'bad ruleset',
    { ruleset: 'chess', schedule: { type: 'round-robin', games: 2 } },
    {},
    [
      'configs/t.json: ruleset: must be "rbp" (Robo Battle Pigs) or "nhm" (Ninja Havoc Machines) or "hovercrafts" (Hovercrafts) or "blind-ninjas" (What Blind Ninjas?) or "battle-engine" (Battle Engine), not "chess"',
    ],
  ],
  [
    'bad parts',
    { ruleset: 'rbp', bots: ['random', 'greedy'], parts: 7, schedule: { type: 'round-robin', games: 2 } },
    {},
    [
      'configs/t.json: parts: must be the path of a parts catalogue file',
    ],
  ],
  [
    'missing parts file',
    { ruleset: 'rbp', bots: ['random', 'greedy'], parts: 'no/such/parts.json', schedule: { type: 'round-robin', games: 2 } },
    {},
    [
      "configs/t.json: parts: no/such/parts.json: cannot read the file (ENOENT: no such file or directory, open '<cwd>/no/such/parts.json')",
    ],
  ],
  [
    'bad experimental',
    { ruleset: 'rbp', bots: ['random', 'greedy'], experimental: 'yes', schedule: { type: 'round-robin', games: 2 } },
    {},
    [
      'configs/t.json: experimental: must be true or false',
    ],
  ],
  [
    'bad turnLimit',
    { ruleset: 'rbp', bots: ['random', 'greedy'], turnLimit: 100001, schedule: { type: 'round-robin', games: 2 } },
    {},
    [
      'configs/t.json: turnLimit: must be at most 100000 (turns before a match is a draw; a longer match would never end in a run)',
    ],
  ],
  [
    'bad maxHangs',
    { ruleset: 'rbp', bots: ['random', 'greedy'], maxHangs: 0, schedule: { type: 'round-robin', games: 2 } },
    {},
    [
      'configs/t.json: maxHangs: must be a whole number >= 1 (matches in a row a bot may hang in before it is dropped from the run)',
    ],
  ],
  [
    'bad seed',
    { ruleset: 'rbp', bots: ['random', 'greedy'], seed: 1.5, schedule: { type: 'round-robin', games: 2 } },
    {},
    [
      'configs/t.json: seed: must be a string or an integer',
    ],
  ],
  [
    'budget not an object',
    { ruleset: 'rbp', bots: ['random', 'greedy'], budget: 5, schedule: { type: 'round-robin', games: 2 } },
    {},
    [
      'configs/t.json: budget: must be {"ms": milliseconds per decision, "sims": simulations per decision, "firstMs": a first decision\'s limit, "overageMs": an overage bank per match, "clock": "cpu" | "wall"}',
    ],
  ],
  [
    'bad budget fields',
    { ruleset: 'rbp', bots: ['random', 'greedy'], budget: { ms: 0, sims: 1.5, cpu: 1, firstMs: -1, overageMs: -5 }, schedule: { type: 'round-robin', games: 2 } },
    {},
    [
      'configs/t.json: budget.cpu: unknown field (expected ms, sims, firstMs, overageMs, clock)',
      'configs/t.json: budget.ms: must be a positive number of milliseconds',
      'configs/t.json: budget.sims: must be a positive integer',
      'configs/t.json: budget.firstMs: must be a positive number of milliseconds',
      'configs/t.json: budget.overageMs: must be a number of milliseconds, 0 or more',
    ],
  ],
  [
    'stats not an object',
    { ruleset: 'rbp', bots: ['random', 'greedy'], stats: [], schedule: { type: 'round-robin', games: 2 } },
    {},
    [
      'configs/t.json: stats: must be {"alpha": 0.05, "anchor": "robust" | "all" | "unflagged", "maxRated": 1000}',
    ],
  ],
  [
    'bad stats fields',
    { ruleset: 'rbp', bots: ['random', 'greedy'], stats: { alpha: 1, anchor: 'some', maxRated: 0, beta: 2 }, schedule: { type: 'round-robin', games: 2 } },
    {},
    [
      'configs/t.json: stats.beta: unknown field (expected alpha, anchor, maxRated)',
      'configs/t.json: stats.alpha: must be a number between 0 and 1',
      'configs/t.json: stats.anchor: must be "robust", "all" or "unflagged"',
      'configs/t.json: stats.maxRated: must be a positive integer',
    ],
  ],
  [
    'bots not a list',
    { ruleset: 'rbp', bots: 'random', schedule: { type: 'round-robin', games: 2 } },
    {},
    [
      'configs/t.json: bots: must be a non-empty array of bots (built-in names or module paths)',
      'configs/t.json: bots: a contest between loadouts plays one bot in every seat: name exactly one',
      'configs/t.json: loadouts: the schedule needs at least 2 loadouts to compare, got 1',
    ],
  ],
  [
    'bad bot entries',
    {
      ruleset: 'rbp',
      bots: ['random', 'greedy', 5, '', { bot: '' }, { bot: 'random', name: '' }, { bot: 'random', colour: 1 }, { bot: 'a\nb' }, { command: ['python3'] }, { name: 'c', command: [] }, { name: 'd', bot: 'random', command: ['x'] }, { name: 'e' }],
      schedule: { type: 'round-robin', games: 2 },
    },
    {},
    [
      'configs/t.json: bots[2]: a bot is a built-in name ("random"), a module path ("./my-bot.js"), {"name": ..., "bot": ...} or {"name": ..., "command": [...]}',
      'configs/t.json: bots[3]: a bot name is a non-empty single line with no control characters',
      'configs/t.json: bots[4].bot: must be a built-in bot name or a module path',
      'configs/t.json: bots[5].name: must be a non-empty single line with no control characters',
      'configs/t.json: bots[6].colour: unknown field (expected name, bot, command)',
      'configs/t.json: bots[6]: the name "random" is used twice (give one of them {"name": ..., "bot": ...})',
      'configs/t.json: bots[7]: a bot name is a non-empty single line with no control characters',
      'configs/t.json: bots[8].name: a command bot needs a "name"',
      'configs/t.json: bots[9].command: must be a non-empty array: the program and its arguments',
      'configs/t.json: bots[10]: give "bot" or "command", not both',
      'configs/t.json: bots[11].bot: must be a built-in bot name or a module path',
    ],
  ],
  [
    'bot module missing',
    { ruleset: 'rbp', bots: ['random', 'greedy', './no-such-bot.js'], schedule: { type: 'round-robin', games: 2 } },
    {},
    [
      'configs/t.json: bots[2]: bot module ./no-such-bot.js does not exist (looked for <cwd>/no-such-bot.js)',
    ],
  ],
  [
    'bot used twice',
    { ruleset: 'rbp', bots: ['random', 'greedy', 'random'], schedule: { type: 'round-robin', games: 2 } },
    {},
    [
      'configs/t.json: bots[2]: the name "random" is used twice (give one of them {"name": ..., "bot": ...})',
    ],
  ],
  [
    'schedule not an object',
    { ruleset: 'rbp', bots: ['random', 'greedy'], schedule: 'round-robin' },
    {},
    [
      'configs/t.json: schedule: must be an object {"type": "round-robin" | "gauntlet" | "free-for-all" | "sweep", ...}',
    ],
  ],
  [
    'bad schedule type',
    { ruleset: 'rbp', bots: ['random', 'greedy'], schedule: { type: 'swiss', games: 2 } },
    {},
    [
      'configs/t.json: schedule.type: must be one of round-robin, gauntlet, free-for-all, sweep, not "swiss"',
    ],
  ],
  [
    'unknown schedule field',
    { ruleset: 'rbp', bots: ['random', 'greedy'], schedule: { type: 'round-robin', games: 2, rounds: 3 } },
    {},
    [
      'configs/t.json: schedule.rounds: unknown field for a round-robin (expected type, games)',
    ],
  ],
  [
    'bad games',
    { ruleset: 'rbp', bots: ['random', 'greedy'], schedule: { type: 'round-robin', games: 0 } },
    {},
    [
      'configs/t.json: schedule.games: must be a positive integer (games per pairing)',
    ],
  ],
  [
    'games not a multiple',
    { ruleset: 'nhm', loadouts: ['dodger', 'dragon', 'iron-tank'], schedule: { type: 'free-for-all', seats: 3, games: 4 } },
    {},
    [
      'configs/t.json: schedule.games: must be a multiple of 3: every pairing is played in all 3 seat rotations on one seed',
    ],
  ],
  [
    'bad free-for-all seats',
    { ruleset: 'nhm', loadouts: ['dodger', 'dragon', 'iron-tank'], schedule: { type: 'free-for-all', seats: 2, games: 4 } },
    {},
    [
      'configs/t.json: schedule.seats: must be 3 or 4 (machines per match)',
    ],
  ],
  [
    'rbp free-for-all',
    { ruleset: 'rbp', schedule: { type: 'free-for-all', seats: 3, games: 3 } },
    {},
    [
      'configs/t.json: schedule.seats: Robo Battle Pigs is a two-player game',
    ],
  ],
  [
    'bad challengers',
    { ruleset: 'nhm', loadouts: ['dodger', 'dragon'], schedule: { type: 'gauntlet', games: 2, challengers: [1] } },
    {},
    [
      'configs/t.json: schedule.challengers: must be a non-empty array of the names of the bots (or loadouts) that run the gauntlet',
    ],
  ],
  [
    'challenger twice',
    { ruleset: 'nhm', loadouts: ['dodger', 'dragon'], schedule: { type: 'gauntlet', games: 2, challengers: ['dodger', 'dodger'] } },
    {},
    [
      'configs/t.json: schedule.challengers: "dodger" is listed twice',
    ],
  ],
  [
    'challengers not entrants',
    { ruleset: 'nhm', loadouts: ['dodger', 'dragon'], schedule: { type: 'gauntlet', games: 2, challengers: ['dodger', 'dragon', 'x'] } },
    {},
    [
      'configs/t.json: schedule.challengers[2]: "x" is none of the loadouts: dodger, dragon',
      'configs/t.json: schedule.challengers: leave at least one of the loadouts out to be challenged',
    ],
  ],
  [
    'rbp sweep',
    { ruleset: 'rbp', schedule: { type: 'sweep', matches: 10 } },
    {},
    [
      'configs/t.json: schedule.type: a loadout sweep needs "ruleset": "nhm" or "hovercrafts" or "battle-engine" (Robo Battle Pigs has one design)',
    ],
  ],
  [
    'bad sweep seats and matches',
    { ruleset: 'nhm', schedule: { type: 'sweep', seats: 5, matches: -1 } },
    {},
    [
      'configs/t.json: schedule.seats: must be 2, 3 or 4 (machines per match)',
      'configs/t.json: schedule.matches: must be a positive integer (matches in the sweep)',
    ],
  ],
  [
    'sweep matches not a multiple',
    { ruleset: 'nhm', schedule: { type: 'sweep', seats: 3, matches: 10 } },
    {},
    [
      'configs/t.json: schedule.matches: must be a multiple of 3: every group is played in all 3 seat rotations on one seed',
    ],
  ],
  [
    'bad sample',
    { ruleset: 'nhm', schedule: { type: 'sweep', matches: 10, sample: 0 } },
    {},
    [
      'configs/t.json: schedule.sample: must be a positive integer (loadouts drawn), or left out to enumerate every legal loadout',
    ],
  ],
  [
    'sample below seats',
    { ruleset: 'nhm', schedule: { type: 'sweep', matches: 12, seats: 4, sample: 3 } },
    {},
    [
      'configs/t.json: schedule.sample: must be at least 4 (machines per match)',
    ],
  ],
  [
    'filter not an object',
    { ruleset: 'nhm', schedule: { type: 'sweep', matches: 10, filter: ['lazor'] } },
    {},
    [
      'configs/t.json: schedule.filter: must be an object with any of excludeTags, includeParts, excludeParts, minSpent, maxSpent',
    ],
  ],
  [
    'bad filter fields',
    { ruleset: 'nhm', schedule: { type: 'sweep', matches: 10, filter: { excludeTags: ['nope'], includeParts: 'lazor', excludeParts: ['zzz'], minSpent: -1, maxSpent: 2.5, colour: 1 } } },
    {},
    [
      'configs/t.json: schedule.filter.colour: unknown field (expected excludeTags, includeParts, excludeParts, minSpent, maxSpent)',
      'configs/t.json: schedule.filter.includeParts: must be an array of strings',
      'configs/t.json: schedule.filter.minSpent: must be a whole number of points >= 0',
      'configs/t.json: schedule.filter.maxSpent: must be a whole number of points >= 0',
      // The filter's shape first (the schema), then what the ruleset says of its names (NHM: the catalogue's tags and parts).
      'configs/t.json: schedule.filter.excludeTags[0]: no part has the tag "nope" (tags: BEAM, BLADE, BRANCHING, HYBRID, LOBBED, MELEE, OPPORTUNITY, PASSIVE, PENETRATE, PICK-ONE, RUN-TIME, SPECIAL, ULTIMATE)',
      'configs/t.json: schedule.filter.excludeParts[0]: unknown part "zzz"',
    ],
  ],
  [
    'empty filter',
    { ruleset: 'nhm', schedule: { type: 'sweep', matches: 10, filter: { minSpent: 9, maxSpent: 1 } } },
    {},
    [
      'configs/t.json: schedule.filter: no legal loadout passes the filter',
    ],
  ],
  [
    'sweep with loadouts and two bots',
    { ruleset: 'nhm', bots: ['random', 'greedy'], loadouts: ['dodger'], between: 'bots', schedule: { type: 'sweep', matches: 10 } },
    {},
    [
      'configs/t.json: loadouts: a sweep draws its loadouts from the catalogue: leave loadouts out (narrow them with schedule.filter)',
      'configs/t.json: between: a sweep compares loadouts',
      'configs/t.json: bots: a sweep plays one bot in every seat: name exactly one',
    ],
  ],
  [
    'rbp with loadouts',
    { ruleset: 'rbp', loadouts: ['dodger'], loadoutsFile: 'configs/loadouts.json', schedule: { type: 'round-robin', games: 2 } },
    {},
    [
      'configs/t.json: loadouts: Robo Battle Pigs machines are all Robo Battle Pigs: leave loadouts out',
    ],
  ],
  [
    'rbp with loadoutsFile',
    { ruleset: 'rbp', bots: ['random', 'greedy'], loadoutsFile: 'configs/loadouts.json', schedule: { type: 'round-robin', games: 2 } },
    {},
    [
      'configs/t.json: loadoutsFile: Robo Battle Pigs has no loadouts',
    ],
  ],
  [
    'loadouts not a list',
    { ruleset: 'nhm', loadouts: [], schedule: { type: 'round-robin', games: 2 } },
    {},
    [
      'configs/t.json: loadouts: must be a non-empty array of loadouts: names from configs/loadouts.json, loadout keys (weapons/armour/engines/cpu) or {"name": ..., "weapons": [...], ...}',
    ],
  ],
  [
    'bad loadoutsFile',
    { ruleset: 'nhm', loadoutsFile: '', loadouts: ['dodger', 'dragon'], schedule: { type: 'round-robin', games: 2 } },
    {},
    [
      'configs/t.json: loadoutsFile: must be the path of a named-loadouts file',
    ],
  ],
  [
    'missing loadoutsFile',
    { ruleset: 'nhm', loadoutsFile: 'no/such/loadouts.json', loadouts: ['dodger', 'dragon'], schedule: { type: 'round-robin', games: 2 } },
    {},
    [
      "configs/t.json: loadoutsFile: no/such/loadouts.json: cannot read the file (ENOENT: no such file or directory, open 'no/such/loadouts.json')",
      'configs/t.json: loadouts[0]: no loadout named "dodger" in no/such/loadouts.json (havoc loadouts lists designs; or write a loadout key weapons/armour/engines/cpu, or a design object)',
      'configs/t.json: loadouts[1]: no loadout named "dragon" in no/such/loadouts.json (havoc loadouts lists designs; or write a loadout key weapons/armour/engines/cpu, or a design object)',
      'configs/t.json: loadouts: the schedule needs at least 2 loadouts to compare, got 0',
    ],
  ],
  [
    'bad loadout entries',
    { ruleset: 'nhm', loadouts: [5, { weapons: ['lazor'] }, { name: 'x', weapons: ['lazor', 'nope'], colour: 1 }, 'bazooka+nope/-/tank-treads/-', 'dodger', 'dodger'], schedule: { type: 'round-robin', games: 2 } },
    {},
    [
      'configs/t.json: loadouts[0]: a loadout is a name, a loadout key or a design object',
      'configs/t.json: loadouts[1].name: a loadout object needs a "name" (one line, no control characters)',
      'configs/t.json: loadouts[2].colour: unknown field (expected weapons, armour, engines, cpu, options)',
      'configs/t.json: loadouts[2].weapons[1]: unknown part "nope"',
      'configs/t.json: loadouts[3].weapons[1]: unknown part "nope"',
      'configs/t.json: loadouts[5]: the loadout "dodger" is listed twice',
      'configs/t.json: loadouts: the schedule needs at least 2 loadouts to compare, got 1',
    ],
  ],
  [
    'bad between',
    { ruleset: 'nhm', loadouts: ['dodger', 'dragon'], between: 'machines', schedule: { type: 'round-robin', games: 2 } },
    {},
    [
      'configs/t.json: between: must be "bots", "loadouts" or "teams", not "machines"',
    ],
  ],
  [
    'between bots with two loadouts',
    { ruleset: 'nhm', bots: ['random', 'greedy'], loadouts: ['dodger', 'dragon'], schedule: { type: 'round-robin', games: 2 } },
    {},
    [
      'configs/t.json: loadouts: a contest between bots gives every seat the same loadout: name exactly one',
    ],
  ],
  [
    'between loadouts with two bots',
    { ruleset: 'nhm', bots: ['random', 'greedy'], loadouts: ['dodger', 'dragon'], between: 'loadouts', schedule: { type: 'round-robin', games: 2 } },
    {},
    [
      'configs/t.json: bots: a contest between loadouts plays one bot in every seat: name exactly one',
    ],
  ],
  [
    'too few entrants',
    { ruleset: 'rbp', schedule: { type: 'round-robin', games: 2 } },
    {},
    [
      'configs/t.json: bots: one bot (random) and 1 loadout: nothing to compare; name at least 2 bots (a contest between bots), or 2 loadouts for it to play (a contest between loadouts)',
    ],
  ],
  [
    'too many matches',
    { ruleset: 'nhm', schedule: { type: 'sweep', matches: 2000000000 } },
    {},
    [
      'configs/t.json: schedule: 2000000000 matches is more than one run can hold (1000000000); split it',
    ],
  ],
  [
    'runs not a list',
    { runs: {} },
    {},
    [
      'configs/t.json: runs: must be a non-empty array of runs',
    ],
  ],
  [
    'bad runs',
    { out: 5, colour: 1, runs: [5, { name: 'a b', ruleset: 'rbp' }, { name: 'x', out: 'o', ruleset: 'rbp', bots: ['random', 'greedy'], schedule: { type: 'round-robin', games: 2 }, colour: 2 }, { name: 'x' }] },
    {},
    [
      'configs/t.json: colour: unknown field (expected runs, name, description, ruleset, parts, experimental, bots, loadouts, loadoutsFile, between, teams, schedule, turnLimit, budget, limits, maxFaults, maxHangs, seed, out, stats)',
      'configs/t.json: out: must be a folder path',
      'configs/t.json: runs[0]: a run is an object',
      "configs/t.json: runs[1].name: each run needs a name (letters, digits, . _ -): it names the run's subfolder",
      'configs/t.json: runs[2].colour: unknown field (expected name, description, ruleset, parts, experimental, bots, loadouts, loadoutsFile, between, teams, schedule, turnLimit, budget, limits, maxFaults, maxHangs, seed, out, stats)',
      'configs/t.json: runs[2].out: runs of one config write to OUT/<run name>: set out at the top level',
      'configs/t.json: runs[3].name: "x" is used twice',
    ],
  ],
  [
    'inherited problems are reported once',
    { ruleset: 'rbp', turnLimit: 0, schedule: { type: 'round-robin', games: 3 }, runs: [{ name: 'a', bots: ['random', 'greedy'] }, { name: 'b', bots: ['random', 'minimax'], schedule: { type: 'round-robin', games: 1 } }] },
    {},
    [
      'configs/t.json: turnLimit: must be a positive integer (turns before a match is a draw)',
      'configs/t.json: schedule.games: must be a multiple of 2: every pairing is played in all 2 seat rotations on one seed',
      'configs/t.json: runs[1].schedule.games: must be a multiple of 2: every pairing is played in all 2 seat rotations on one seed',
    ],
  ],
  [
    'the first test of arena.test.ts',
    { ruleset: 'nhm', bots: ['random', './no-such-bot.js'], loadouts: ['robo-pig', { name: 'x', weapons: ['lazor', 'nope'] }], schedule: { type: 'round-robin', games: 0 }, turnLimit: 'long', colour: 'red' },
    {},
    [
      'configs/t.json: colour: unknown field (expected name, description, ruleset, parts, experimental, bots, loadouts, loadoutsFile, between, teams, schedule, turnLimit, budget, limits, maxFaults, maxHangs, seed, out, stats)',
      'configs/t.json: turnLimit: must be a positive integer (turns before a match is a draw)',
      'configs/t.json: bots[1]: bot module ./no-such-bot.js does not exist (looked for <cwd>/no-such-bot.js)',
      'configs/t.json: schedule.games: must be a positive integer (games per pairing)',
      'configs/t.json: loadouts[1].weapons[1]: unknown part "nope"',
    ],
  ],
  [
    'a --matches override',
    { ruleset: 'nhm', schedule: { type: 'sweep', matches: 10 } },
    { schedule: { matches: 7 } },
    [
      'configs/t.json: schedule.matches: must be a multiple of 2: every group is played in all 2 seat rotations on one seed',
    ],
  ],
  [
    'a --sample override on a round robin',
    { ruleset: 'rbp', bots: ['random', 'greedy'], schedule: { type: 'round-robin', games: 2 } },
    { schedule: { sample: 7 } },
    [
      'configs/t.json: schedule.sample: unknown field for a round-robin (expected type, games)',
    ],
  ],
  [
    'teams: unknown bots, sizes, twins',
    {
      ruleset: 'hovercrafts',
      bots: ['random', 'pilot'],
      loadouts: ['solo'],
      teams: [['pilot', 'pilot'], ['pilot', 'rando'], ['pilot'], ['pilot', 'pilot'], { name: 'pilot+rando', bots: ['random', 'random'] }],
      schedule: { type: 'round-robin', games: 2 },
    },
    {},
    [
      'configs/t.json: teams[1][1]: "rando" is none of the run\'s bots: random, pilot',
      'configs/t.json: teams[2]: has 1 bot, the first team 2: every team is one size',
      'configs/t.json: teams[3]: has the bots of team 0 in the same seats: a side\'s bots must tell its team',
      'configs/t.json: teams[4]: is named "pilot+rando" as team 1 is: give one another name',
    ],
  ],
  [
    'teams: a ruleset without sides',
    { ruleset: 'nhm', bots: ['random', 'greedy'], loadouts: ['buzz-brawler'], teams: [['random'], ['greedy']], schedule: { type: 'round-robin', games: 2 } },
    {},
    [
      'configs/t.json: teams: Ninja Havoc Machines is not played by two sides: compare bots or loadouts instead',
    ],
  ],
  [
    'teams: too many seats, a bad entry',
    { ruleset: 'hovercrafts', bots: ['random'], loadouts: ['solo'], teams: [['random', 'random', 'random', 'random', 'random', 'random'], ['random', 'random', 'random', 'random', 'random', 'random']], schedule: { type: 'round-robin', games: 2 } },
    {},
    [
      'configs/t.json: teams[1]: has the bots of team 0 in the same seats: a side\'s bots must tell its team',
      'configs/t.json: teams: teams of 6 make 12 seats; Hovercrafts has 2 to 10',
    ],
  ],
  [
    'teams: a team neither a list nor a team object',
    { ruleset: 'hovercrafts', bots: ['random'], loadouts: ['solo'], teams: [['random'], 'random'], schedule: { type: 'round-robin', games: 2 } },
    {},
    [
      'configs/t.json: teams[1]: a team is an array of bot names (["pilot", "random"]) or {"name": ..., "bots": [...]}',
    ],
  ],
  [
    'between teams: no teams, a free-for-all, two loadouts',
    { ruleset: 'hovercrafts', bots: ['random', 'pilot'], loadouts: ['solo', 'duo'], between: 'teams', schedule: { type: 'free-for-all', seats: 4, games: 4 } },
    {},
    [
      'configs/t.json: between: a contest between teams names them in "teams"',
      'configs/t.json: schedule.type: a contest between teams plays one side against the other: round-robin or gauntlet',
      'configs/t.json: loadouts: a contest between teams gives every seat the same loadout: name exactly one',
    ],
  ],
  [
    'teams in a contest between bots',
    { ruleset: 'hovercrafts', bots: ['random', 'pilot'], loadouts: ['solo'], between: 'bots', teams: [['random'], ['pilot']], schedule: { type: 'round-robin', games: 2 } },
    {},
    [
      'configs/t.json: teams: teams are compared only in a contest between teams; this run compares bots',
    ],
  ],
  [
    'teams: a challenger that is no team',
    { ruleset: 'hovercrafts', bots: ['random', 'pilot'], loadouts: ['solo'], teams: [['random'], ['pilot']], schedule: { type: 'gauntlet', challengers: ['pilot+pilot'], games: 2 } },
    {},
    [
      'configs/t.json: schedule.challengers[0]: "pilot+pilot" is none of the teams: random, pilot',
    ],
  ],
];

describe('config problems', () => {
  it.each(CASES)('%s', (_what, json, overrides, problems) => {
    expect(problemsOf(json, overrides)).toEqual(problems);
  });
});

const RULESET_RR = { ruleset: 'rbp', bots: ['random', 'greedy'], schedule: { type: 'round-robin', games: 2 } };

describe('"$schema"', () => {
  it('is accepted at the top level of a config, which plays as without it', () => {
    const plain = checkConfig(RULESET_RR, 'configs/t.json');
    expect(checkConfig({ $schema: './schema.json', ...RULESET_RR }, 'configs/t.json')).toEqual(plain);
    const multi = { seed: 'm', runs: [{ name: 'a', ...RULESET_RR }] };
    expect(checkConfig({ $schema: './schema.json', ...multi }, 'configs/t.json')).toEqual(checkConfig(multi, 'configs/t.json'));
  });

  it('must be a string, and is no field of a run', () => {
    expect(problemsOf({ $schema: 5, ...RULESET_RR })).toEqual(['configs/t.json: $schema: must be the path or URL of a JSON Schema for editors (e.g. "./schema.json")']);
    expect(problemsOf({ runs: [{ name: 'a', $schema: './schema.json', ...RULESET_RR }] })).toEqual([
      'configs/t.json: runs[0].$schema: unknown field (expected name, description, ruleset, parts, experimental, bots, loadouts, loadoutsFile, between, teams, schedule, turnLimit, budget, limits, maxFaults, maxHangs, seed, out, stats)',
    ]);
  });
});

describe('configs/schema.json', () => {
  it('is what havoc schema writes (after changing src/config/schema.ts, run npm run schema)', () => {
    expect(readFileSync('configs/schema.json', 'utf8')).toBe(configSchemaText());
  });

  /** The files of configs/ that are data or contest files (havoc contest: test/e2e/contest.test.ts; havoc serve: test/unit/serve.test.ts), not run configs. */
  const DATA = ['parts.json', 'loadouts.json', 'schema.json', 'hovercrafts-ships.json', 'battle-engine-roster.json', 'blind-ninjas-room.json', 'contest.json', 'serve.json'];
  const shipped = readdirSync('configs').filter((f) => f.endsWith('.json') && !DATA.includes(f));

  it.each(shipped)('configs/%s passes the schema and the checker', (f) => {
    const json: unknown = JSON.parse(readFileSync(join('configs', f), 'utf8'));
    const r = ConfigFile.safeParse(json);
    expect(r.success ? [] : r.error.issues).toEqual([]);
    expect(problemsOf(json)).toEqual([]);
  });

  it('is no stricter than the checker: configs it accepts pass the schema', () => {
    const good: unknown[] = [
      RULESET_RR,
      { $schema: './schema.json', ...RULESET_RR, name: 'n', description: 3, seed: 7, turnLimit: 10, budget: { ms: 5, sims: null }, stats: { alpha: 0.1, anchor: null } },
      { ruleset: 'nhm', loadouts: ['dodger', 'bazooka+lazor/mark-ii/tank-treads/-', { name: 'mine', weapons: ['lazor'], engines: ['tank-treads'], cpu: null }], schedule: { type: 'gauntlet', games: 2, challengers: ['dodger'] } },
      { ruleset: 'nhm', bots: ['random', { name: 'g', bot: 'greedy' }], loadouts: ['dodger'], between: 'bots', schedule: { type: 'round-robin', games: 2 }, experimental: true },
      { ruleset: 'nhm', loadouts: ['dodger', 'dragon', 'iron-tank'], schedule: { type: 'free-for-all', seats: 3, games: 3 } },
      { ruleset: 'nhm', schedule: { type: 'sweep', matches: 20, seats: null, sample: null, filter: { excludeTags: ['ULTIMATE'], includeParts: ['lazor'], minSpent: 3, maxSpent: null } } },
      { name: 5, description: 'd', ruleset: 'rbp', bots: ['random', 'greedy'], out: 'results/x', runs: [{ name: 'a', schedule: { type: 'round-robin', games: 2 } }, { name: 'b', ruleset: 'nhm', bots: ['random'], schedule: { type: 'sweep', matches: 20, sample: 10 } }] },
    ];
    for (const json of good) {
      expect(problemsOf(json)).toEqual([]);
      const r = ConfigFile.safeParse(json);
      expect(r.success ? [] : r.error.issues).toEqual([]);
    }
  });
});
