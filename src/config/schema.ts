/**
 * The shape of a run config file as a zod 4 schema: each field's type, range
 * and message. The checker (file.ts, run.ts, schedule.ts, bots.ts,
 * loadouts.ts) parses a config's fields with these schemas one by one as it
 * resolves them, so a field's problems come in the order of the file's
 * checks and each keeps its path; the same schemas make up `ConfigFile`, the
 * whole file, which `havoc schema` turns into configs/schema.json for editors.
 *
 * What spans fields or needs files stays code in the modules that resolve a
 * run: multiples of seats, challengers among the entrants, a sweep against
 * loadouts, the ruleset's own limits (rulesets.ts), catalogue lookups,
 * loadout legality (rules/nhm/loadout.ts checks a design's parts; the design
 * fields here are typed for editors), bots on disk, and inheritance by `runs`.
 */
import { z } from 'zod';
import { RULESET_IDS, unknownRulesetProblem } from './rulesets.js';
import { DEFAULT_BUDGET, DEFAULT_CLOCK } from '../core/bot.js';
import { DEFAULT_BOT_LIMITS } from '../sandbox/limits.js';
import { DEFAULT_BOTS, DEFAULT_SEED, DEFAULT_STATS, DEFAULT_SWEEP_SEATS, DEFAULT_TURN_LIMIT, SCHEDULE_TYPES, SWEEP_DESIGNS } from './types.js';

const show = (v: unknown): string => (v === undefined ? 'missing' : JSON.stringify(v));
const quoted = (xs: readonly string[]): string => xs.map((x) => `"${x}"`).join(' | ');

/** One message for every way a value can be wrong. */
const says = (message: string) => ({ error: message });
/** A strict object's messages: one for a value that is not an object, one for a field it does not have. */
const objectSays = (notObject: string, unknownField: string) => ({
  error: (iss: { code: string }) => (iss.code === 'unrecognized_keys' ? unknownField : notObject),
});

/** A name of one line with no control characters (a tab or an escape in a name broke its CSV row and its terminal line). */
const ONE_LINE = /^[^\u0000-\u001f\u007f]+$/;
const oneLine = (message: string) => z.string(says(message)).regex(ONE_LINE, says(message));
const nonEmpty = (message: string) => z.string(says(message)).min(1, says(message));
const positiveInt = (message: string) => z.int(says(message)).min(1, says(message));

// ---- Scalars ---------------------------------------------------------------

export const Ruleset = z
  .union(
    [
      z.enum(RULESET_IDS as [string, ...string[]], { error: (iss) => unknownRulesetProblem(iss.input) }),
      z.string({ error: (iss) => unknownRulesetProblem(iss.input) }).regex(/[\\/]|\.[cm]?js$/, { error: (iss) => unknownRulesetProblem(iss.input) }),
    ],
    { error: (iss) => unknownRulesetProblem(iss.input) },
  )
  .meta({ description: "The rulebook the run plays: a ruleset's id, or the path of a ruleset module (its default export a game module, src/core/game.ts)." });

export const Parts = nonEmpty('must be the path of a parts catalogue file').meta({
  description: 'The parts catalogue file (relative to where havoc runs).',
  default: 'configs/parts.json',
});

export const Experimental = z.boolean(says('must be true or false')).meta({ description: 'Allow experimental parts.', default: false });

export const TurnLimit = positiveInt('must be a positive integer (turns before a match is a draw)')
  .max(100000, says('must be at most 100000 (turns before a match is a draw; a longer match would never end in a run)'))
  .meta({ description: 'Turns before a match is a draw.', default: DEFAULT_TURN_LIMIT });

export const MaxFaults = z
  .int(says('must be a whole number >= 0 (faults a bot may have in a match before it forfeits the match)'))
  .min(0, says('must be a whole number >= 0 (faults a bot may have in a match before it forfeits the match)'))
  .meta({ description: 'A bot with more faults than this in one match forfeits it (a loss for it, a win for the others). Default: never.' });

export const MaxHangs = z
  .int(says('must be a whole number >= 1 (matches in a row a bot may hang in before it is dropped from the run)'))
  .min(1, says('must be a whole number >= 1 (matches in a row a bot may hang in before it is dropped from the run)'))
  .meta({ description: 'A bot that hangs (is killed at its deadline) in this many of its matches in a row is dropped from the run: its later matches are recorded as lost, reason dropped.', default: 3 });

const SEED_PROBLEM = 'must be a string or an integer';
export const Seed = z
  .union([z.string(says(SEED_PROBLEM)).min(1, says(SEED_PROBLEM)), z.int(says(SEED_PROBLEM))], says(SEED_PROBLEM))
  .meta({ description: 'The run seed; --seed overrides it.', default: DEFAULT_SEED });

export const Between = z
  .enum(['bots', 'loadouts', 'teams'], { error: (iss) => `must be "bots", "loadouts" or "teams", not ${show(iss.input)}` })
  .meta({
    description:
      'What is compared: "bots" (every seat has the one loadout), "loadouts" (every seat has the one bot) or "teams" (the run\'s teams, in a ruleset played by two sides). Default: teams if teams are named, else bots if several bots are named, else loadouts.',
  });

const TEAM_BOTS = 'must be a non-empty array of the run\'s bot names, one a seat of its side';
const TeamBots = z.array(z.string().min(1), says(TEAM_BOTS)).min(1, says(TEAM_BOTS));

/** A team: its bots, one a seat of its side, named by them joined with "+" unless given a name. */
export const TeamEntry = z.union(
  [
    TeamBots,
    z.strictObject(
      { name: oneLine('a team object needs a "name" (one line, no control characters)'), bots: TeamBots },
      objectSays('a team object is an object', 'unknown field (expected name, bots)'),
    ),
  ],
  says('a team is an array of bot names (["pilot", "random"]) or {"name": ..., "bots": [...]}'),
);

const TEAMS_PROBLEM = 'must be an array of at least two teams, each an array of bot names or {"name": ..., "bots": [...]}';
export const Teams = z
  .array(TeamEntry, says(TEAMS_PROBLEM))
  .min(2, says(TEAMS_PROBLEM))
  .meta({
    id: 'teams',
    description:
      'For a contest between teams (a ruleset played by two sides, e.g. Hovercrafts): each team\'s bots, one a seat of its side in seat order; every team the same size. Every seat brings the run\'s one loadout.',
  });

export const Out = nonEmpty('must be a folder path').meta({ description: "The run's folder (relative to where havoc runs); --out overrides it. Default: results/<file name>." });

export const Description = z.unknown().meta({ description: 'Free text; the arena does not read it.' });

/** `"$schema": "./schema.json"`: where an editor finds this schema. */
export const SchemaRef = z
  .string(says('must be the path or URL of a JSON Schema for editors (e.g. "./schema.json")'))
  .meta({ description: 'The JSON Schema editors check this file against, e.g. "./schema.json".' });

// ---- Budget and stats --------------------------------------------------------

/** The longest a decision's limit may be: an hour (1e308 was taken as a deadline never reached). */
const MAX_DECISION_MS = 3_600_000;
/** The least memory a sandboxed bot may be given: a Python bot starts in about 30 MB of address space (node needs about 800). */
const MIN_BOT_MEMORY_MB = 64;

export const Budget = z
  .strictObject(
    {
      ms: z
        .number(says('must be a positive number of milliseconds'))
        .positive(says('must be a positive number of milliseconds'))
        .max(MAX_DECISION_MS, says(`must be at most ${MAX_DECISION_MS} milliseconds (an hour a decision; more is no deadline at all)`))
        .nullish()
        .meta({ description: 'Milliseconds per decision; over it is a fault.', default: DEFAULT_BUDGET.ms }),
      sims: positiveInt('must be a positive integer').nullish().meta({ description: 'Simulations per decision (a hint).', default: DEFAULT_BUDGET.sims }),
      firstMs: z
        .number(says('must be a positive number of milliseconds'))
        .positive(says('must be a positive number of milliseconds'))
        .max(MAX_DECISION_MS, says(`must be at most ${MAX_DECISION_MS} milliseconds (an hour a decision; more is no deadline at all)`))
        .nullish()
        .meta({ description: "Milliseconds a seat's first decision of a match may take instead of ms (a bot's warm-up)." }),
      overageMs: z
        .number(says('must be a number of milliseconds, 0 or more'))
        .nonnegative(says('must be a number of milliseconds, 0 or more'))
        .max(MAX_DECISION_MS, says(`must be at most ${MAX_DECISION_MS} milliseconds (an hour a match)`))
        .nullish()
        .meta({ description: 'Milliseconds per seat per match that pay for decisions over their limit; a decision is a timeout only when the bank cannot pay.', default: 0 }),
      clock: z
        .enum(['cpu', 'wall'], says('must be "cpu" or "wall"'))
        .nullish()
        .meta({
          description:
            "What times a decision: \"cpu\", the CPU time of a sandboxed bot's processes (load on the machine does not decide matches; a bot in the arena's own threads is timed by the wall clock; a bot that sleeps is still stopped at the answer deadline, 5 times its longest decision by the wall clock, at least 2 s), or \"wall\", the wall-clock time of the round trip.",
          default: DEFAULT_CLOCK,
        }),
    },
    objectSays(
      'must be {"ms": milliseconds per decision, "sims": simulations per decision, "firstMs": a first decision\'s limit, "overageMs": an overage bank per match, "clock": "cpu" | "wall"}',
      'unknown field (expected ms, sims, firstMs, overageMs, clock)',
    ),
  )
  .meta({ id: 'budget', description: "A bot's budget per decision." });

export const Limits = z
  .strictObject(
    {
      startupMs: positiveInt('must be a positive integer (milliseconds)')
        .nullish()
        .meta({ description: "Milliseconds by the wall clock a sandboxed bot's process may take from its start to its ready; over it, it forfeits the match.", default: DEFAULT_BOT_LIMITS.startupMs }),
      memoryMb: positiveInt('must be a positive integer (megabytes)')
        .min(MIN_BOT_MEMORY_MB, says(`must be at least ${MIN_BOT_MEMORY_MB} (megabytes; a Python bot needs about 30 to start, node about 800): less and every match is forfeited`))
        .nullish()
        .meta({
          description: "Megabytes of address space a sandboxed bot's process may use (a JavaScript bot's heap gets half; node itself needs about 800); out of memory, it forfeits the match.",
          default: DEFAULT_BOT_LIMITS.memoryMb,
        }),
      outputKb: positiveInt('must be a positive integer (kibibytes)')
        .nullish()
        .meta({ description: "Kibibytes a sandboxed bot's process may write to stdout and stderr together in a match (its stderr log is kept up to this); over it, it forfeits the match.", default: DEFAULT_BOT_LIMITS.outputKb }),
    },
    objectSays('must be {"startupMs": milliseconds to start, "memoryMb": megabytes of memory, "outputKb": kibibytes of output}', 'unknown field (expected startupMs, memoryMb, outputKb)'),
  )
  .meta({ id: 'limits', description: "What each sandboxed bot's process may use (bots named by path or by command)." });

export const Stats = z
  .strictObject(
    {
      alpha: z
        .number(says('must be a number between 0 and 1'))
        .gt(0, says('must be a number between 0 and 1'))
        .lt(1, says('must be a number between 0 and 1'))
        .nullish()
        .meta({ description: 'Family-wise error rate of the part mispricing flags.', default: DEFAULT_STATS.alpha }),
      anchor: z
        .enum(['robust', 'all', 'unflagged'], says('must be "robust", "all" or "unflagged"'))
        .nullish()
        .meta({ description: "Fair-cost anchor: the value of a point that most of a category's parts agree on (robust), or the mean of all its parts (all), or of the unflagged ones (unflagged).", default: DEFAULT_STATS.anchor }),
      maxRated: positiveInt('must be a positive integer')
        .nullish()
        .meta({ description: 'The most bots or loadouts a rating is fitted for.', default: DEFAULT_STATS.maxRated }),
    },
    objectSays('must be {"alpha": 0.05, "anchor": "robust" | "all" | "unflagged", "maxRated": 1000}', 'unknown field (expected alpha, anchor, maxRated)'),
  )
  .meta({ id: 'stats', description: 'How the tables are computed.' });

// ---- Bots ------------------------------------------------------------------------

/** A bot named by a string: a built-in name or a module path, which is also its name. */
export const BotSpec = oneLine('a bot name is a non-empty single line with no control characters').meta({
  description: 'A built-in bot ("random") or a module path ("./my-bot.js").',
});

export const BotObject = z.strictObject(
  {
    name: oneLine('must be a non-empty single line with no control characters').optional().meta({ description: 'The name the tables use (default: the bot spec).' }),
    bot: nonEmpty('must be a built-in bot name or a module path').optional().meta({ description: 'A built-in bot ("random") or a module path ("./my-bot.js").' }),
    command: z
      .array(nonEmpty('each word of a command is a non-empty string'), says('must be a non-empty array: the program and its arguments'))
      .min(1, says('must be a non-empty array: the program and its arguments'))
      .optional()
      .meta({ description: 'A bot in any language: the program and its arguments (["python3", "./bot.py"]), run sandboxed, speaking the bot protocol (docs/protocol.md). Instead of "bot".' }),
  },
  objectSays('a bot is an object', 'unknown field (expected name, bot, command)'),
);

export const BotEntry = z.union([BotSpec, BotObject], says('a bot is a built-in name ("random"), a module path ("./my-bot.js"), {"name": ..., "bot": ...} or {"name": ..., "command": [...]}'));

export const Bots = z
  .array(BotEntry, says('must be a non-empty array of bots (built-in names or module paths)'))
  .min(1, says('must be a non-empty array of bots (built-in names or module paths)'))
  .meta({ id: 'bots', description: 'The bots: built-in names, module paths, or {"name": ..., "bot": ...}.', default: [...DEFAULT_BOTS] });

// ---- Loadouts ---------------------------------------------------------------------

const partKeys = z.array(z.string()).optional();

/** A design written out. Its parts are checked against the catalogue by rules/nhm/loadout.ts. */
export const LoadoutDesign = z.strictObject(
  {
    name: oneLine('a loadout object needs a "name" (one line, no control characters)'),
    weapons: partKeys,
    armour: partKeys,
    engines: partKeys,
    cpu: z.string().nullable().optional(),
    options: partKeys,
  },
  objectSays('a loadout object is an object', 'unknown field (expected weapons, armour, engines, cpu, options)'),
);

export const LoadoutEntry = z.union(
  [
    z.string().min(1).meta({ description: 'A name from the named-loadouts file, or a loadout key (weapons/armour/engines/cpu).' }),
    LoadoutDesign,
  ],
  says('a loadout is a name, a loadout key or a design object'),
);

const LOADOUTS_PROBLEM =
  'must be a non-empty array of loadouts: names from configs/loadouts.json, loadout keys (weapons/armour/engines/cpu) or {"name": ..., "weapons": [...], ...}';
export const Loadouts = z
  .array(LoadoutEntry, says(LOADOUTS_PROBLEM))
  .min(1, says(LOADOUTS_PROBLEM))
  .meta({ id: 'loadouts', description: 'The designs the seats bring, where the ruleset has a choice of build: names, loadout keys or design objects.' });

export const LoadoutsFile = nonEmpty('must be the path of a named-loadouts file').meta({
  description: 'Where named designs are looked up.',
  default: 'configs/loadouts.json',
});

// ---- Schedules ----------------------------------------------------------------------

export const ScheduleType = z.enum(SCHEDULE_TYPES, { error: (iss) => `must be one of ${SCHEDULE_TYPES.join(', ')}, not ${show(iss.input)}` });

const Games = positiveInt('must be a positive integer (games per pairing)').meta({
  description: 'Games per pairing (or group): a multiple of the machines per match.',
});

const strings = z.array(z.string(says('must be an array of strings')), says('must be an array of strings'));
const spent = z
  .number(says('must be a whole number of points >= 0'))
  .min(0, says('must be a whole number of points >= 0'))
  .multipleOf(1, says('must be a whole number of points >= 0'))
  .nullish();

export const SweepFilter = z
  .strictObject(
    {
      excludeTags: strings.optional().meta({ description: 'Leave out designs with a part of any of these tags.' }),
      includeParts: strings.optional().meta({ description: 'Keep only designs with all of these parts.' }),
      excludeParts: strings.optional().meta({ description: 'Leave out designs with any of these parts.' }),
      minSpent: spent.meta({ description: 'The fewest points a design spends.' }),
      maxSpent: spent.meta({ description: 'The most points a design spends.' }),
    },
    objectSays(
      'must be an object with any of excludeTags, includeParts, excludeParts, minSpent, maxSpent',
      'unknown field (expected excludeTags, includeParts, excludeParts, minSpent, maxSpent)',
    ),
  )
  .meta({ description: 'Which designs of the catalogue a sweep draws from.' });

const SCHEDULE_NOT_OBJECT = `must be an object {"type": ${quoted(SCHEDULE_TYPES)}, ...}`;
const scheduleOf = <T extends (typeof SCHEDULE_TYPES)[number], S extends z.ZodRawShape>(type: T, shape: S) =>
  z.strictObject(
    { type: z.literal(type), ...shape },
    objectSays(SCHEDULE_NOT_OBJECT, `unknown field for a ${type} (expected ${['type', ...Object.keys(shape)].join(', ')})`),
  );

/** One schedule per type; the field order is the order their messages list them. */
export const SCHEDULES = {
  'round-robin': scheduleOf('round-robin', { games: Games }),
  gauntlet: scheduleOf('gauntlet', {
    games: Games,
    challengers: z
      .array(
        z.string(says('must be a non-empty array of the names of the bots (or loadouts) that run the gauntlet')),
        says('must be a non-empty array of the names of the bots (or loadouts) that run the gauntlet'),
      )
      .min(1, says('must be a non-empty array of the names of the bots (or loadouts) that run the gauntlet'))
      .superRefine((names, ctx) => {
        const dup = names.find((x, i) => names.indexOf(x) !== i);
        if (dup !== undefined) ctx.addIssue({ code: 'custom', message: `"${dup}" is listed twice` });
      })
      .meta({ description: 'The bots (or loadouts) that run the gauntlet.' }),
  }),
  'free-for-all': scheduleOf('free-for-all', {
    games: Games,
    seats: z.int(says('must be 3 or 4 (machines per match)')).min(3, says('must be 3 or 4 (machines per match)')).max(4, says('must be 3 or 4 (machines per match)')),
  }),
  sweep: scheduleOf('sweep', {
    matches: positiveInt('must be a positive integer (matches in the sweep)').meta({ description: 'Matches in the sweep: a multiple of seats.' }),
    seats: z
      .int(says('must be 2, 3 or 4 (machines per match)'))
      .min(2, says('must be 2, 3 or 4 (machines per match)'))
      .max(4, says('must be 2, 3 or 4 (machines per match)'))
      .nullish()
      .meta({ description: 'Machines per match.', default: DEFAULT_SWEEP_SEATS }),
    sample: positiveInt('must be a positive integer (loadouts drawn), or left out to enumerate every legal loadout')
      .nullish()
      .meta({ description: 'Loadouts drawn (seeded) from the legal ones passing the filter; left out, every one of them.' }),
    design: z
      .enum(SWEEP_DESIGNS, { error: (iss) => `must be one of ${SWEEP_DESIGNS.join(', ')}, not ${show(iss.input)}` })
      .nullish()
      .meta({
        description:
          "How the sample is drawn: spread (balanced, and every second loadout of a part's share spends each budget at a level drawn evenly from those it can take, so that what a point of each budget is worth can be read; NHM), balanced (each part of the catalogue held by its share of the loadouts, so rare and dear parts are priced too) or uniform (every legal loadout equally likely). Only with sample.",
        default: 'spread',
      }),
    filter: SweepFilter.optional(),
  }),
} as const;

export const Schedule = z
  .discriminatedUnion('type', [SCHEDULES['round-robin'], SCHEDULES.gauntlet, SCHEDULES['free-for-all'], SCHEDULES.sweep], {
    error: (iss) =>
      (iss as { code: string }).code === 'invalid_type'
        ? SCHEDULE_NOT_OBJECT
        : `must be one of ${SCHEDULE_TYPES.join(', ')}, not ${show((iss.input as { type?: unknown } | undefined)?.type)}`,
  })
  .meta({ id: 'schedule', description: 'Which matches are played (docs/arena.md, Schedules).' });

// ---- Runs and files ----------------------------------------------------------------

/** A run's fields, each optional as `runs` inherit them; the order is the order messages list them. */
const runFields = {
  name: oneLine('must be a non-empty single-line string with no control characters').optional().meta({ description: "The run's name (in tables and reports). Default: the file name." }),
  description: Description.optional(),
  ruleset: Ruleset.optional(),
  parts: Parts.optional(),
  experimental: Experimental.optional(),
  bots: Bots.optional(),
  loadouts: Loadouts.optional(),
  loadoutsFile: LoadoutsFile.optional(),
  between: Between.optional(),
  teams: Teams.optional(),
  schedule: Schedule.optional(),
  turnLimit: TurnLimit.optional(),
  budget: Budget.optional(),
  limits: Limits.optional(),
  maxFaults: MaxFaults.optional(),
  maxHangs: MaxHangs.optional(),
  seed: Seed.optional(),
  out: Out.optional(),
  stats: Stats.optional(),
};

/** The fields a run may have, as messages list them. */
export const RUN_FIELDS: readonly string[] = Object.keys(runFields);

const NOT_A_CONFIG = 'a config is a JSON object (see docs/arena.md)';

/** A config that is one run. */
export const SingleRun = z
  .strictObject(
    { $schema: SchemaRef.optional(), ...runFields, ruleset: Ruleset, schedule: Schedule },
    objectSays(NOT_A_CONFIG, `unknown field (expected ${RUN_FIELDS.join(', ')})`),
  )
  .meta({ title: 'A run config' });

export const RunName = z
  .string(says("each run needs a name (letters, digits, . _ -): it names the run's subfolder"))
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, says("each run needs a name (letters, digits, . _ -): it names the run's subfolder"))
  .meta({ description: "The run's name: it names its subfolder OUT/<name>." });

/** One of `runs`: any field it does not set comes from the top level. */
export const Run = z.strictObject(
  {
    ...runFields,
    name: RunName,
    out: z.never(says('runs of one config write to OUT/<run name>: set out at the top level')).optional(),
  },
  objectSays('a run is an object', `unknown field (expected ${RUN_FIELDS.join(', ')})`),
);

export const Runs = z
  .array(Run, says('must be a non-empty array of runs'))
  .min(1, says('must be a non-empty array of runs'))
  .meta({ description: 'The runs; each inherits every top-level field it does not set.' });

/** A config of several runs: the top level holds their defaults. */
export const MultiRun = z
  .strictObject(
    { $schema: SchemaRef.optional(), ...runFields, name: Description.optional(), runs: Runs },
    objectSays(NOT_A_CONFIG, `unknown field (expected runs, ${RUN_FIELDS.join(', ')})`),
  )
  .meta({ title: 'A config of several runs' });

/** A whole config file: one run, or `{"runs": [...]}`. */
export const ConfigFile = z.union([SingleRun, MultiRun]).meta({
  title: 'Havoc Arena run config',
  description: 'A run config for havoc tournament and havoc sweep (docs/arena.md). Written by havoc schema from src/config/schema.ts.',
});

/** The JSON Schema of a config file, as configs/schema.json holds it (draft-07, for the editors that know it best). */
export function configJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(ConfigFile, { target: 'draft-07', io: 'input' }) as Record<string, unknown>;
}

/** configs/schema.json's text. */
export const configSchemaText = (): string => `${JSON.stringify(configJsonSchema(), null, 2)}\n`;
