/**
 * Bad input as a value: a code, where it is (a path a person can follow) and
 * what is wrong. Rulesets return these rather than throw them; loaders collect
 * several into one HavocProblems.
 */

/**
 * Every error code, with what it means: the closed set a HavocError may carry,
 * so a misspelt code does not compile. One style, ERR_UPPER_SNAKE. A code says
 * what kind of input is wrong; `where` says which one, so codes are not split
 * by argument or file name. Codes stay inside the process: no file the arena
 * writes holds one (the message, "where: problem", is what is printed).
 */
export const ERROR_CODES = Object.freeze({
  // Moves and decisions (a ruleset's parse and check).
  ERR_PROGRAM: 'an NHM program or a Hovercrafts order is not well formed',
  ERR_PROGRAM_LENGTH: 'an NHM program is not five commands',
  ERR_COMMAND: 'an NHM command is unknown or lacks its option',
  ERR_NOT_EQUIPPED: 'a command uses a part the machine does not have',
  ERR_REPAIR: 'a repair (R) mixed with other commands',
  ERR_DAMAGE_X: "a damaged machine's program lacks the X slots its lost hearts need",
  ERR_TURN: 'a seat acted when it is not its turn, or the game is over',
  ERR_DECISION: 'an unknown decision, or one not asked now',
  ERR_ACTION: "an action that is not one of the decision's actions",
  ERR_ORDERS: 'What Blind Ninjas? orders are not well formed or not legal',
  ERR_QUESTION: 'a question read when it is not being asked',
  // Games, builds and scenarios.
  ERR_MACHINES: 'NHM or RBP given a number of machines it does not play',
  ERR_SEATS: 'a ruleset given a number of seats it does not play',
  ERR_START: 'machines start off the board or on one square',
  ERR_BUILD: "a build (a fleet, a Blind Ninjas build) is not one of the ruleset's",
  ERR_BUILDS: 'no build to play a bot with',
  ERR_SHIPS: 'Hovercrafts ships that do not fit their map or team',
  ERR_MAP: 'a Hovercrafts map is not well formed or cannot be read',
  ERR_ARMY: "a Battle Engine army is not well formed or breaks the roster's rules",
  ERR_SCENARIO: 'a scenario file is not well formed or does not play',
  // NHM loadouts: one code per rule broken (RULES.md 6), so every violation is listed by its rule.
  ERR_LOADOUT: 'a loadout breaks several rules (each listed with its own code)',
  ERR_LOADOUTS: 'a loadouts file cannot be read or holds bad loadouts',
  ERR_LOADOUT_SHAPE: 'a loadout is not an object of part lists or a loadout key',
  ERR_UNKNOWN_LOADOUT: 'no loadout of this name',
  ERR_UNKNOWN_PART: 'no part of this key in the catalogue',
  ERR_DUPLICATE_PART: 'a part listed twice in one loadout',
  ERR_WRONG_LIST: 'a part listed under another category than its own',
  ERR_EXPERIMENTAL_PART: 'an experimental part while they are off',
  ERR_OVER_BUDGET: 'a loadout over one of its budgets',
  ERR_ONE_MARK: 'two marks of one part in a loadout',
  ERR_ONE_SPECIAL_ARMOUR: 'two special armours in a loadout',
  ERR_ONE_CPU: 'two CPUs in a loadout',
  ERR_OPTION_REQUIRES: 'an option without the part it requires',
  // Sweep filters.
  ERR_FILTER: "a sweep's loadout or army filter is not well formed",
  ERR_UNKNOWN_TAG: 'a filter names a tag no part has',
  ERR_NO_LOADOUTS: 'no legal design passes the filter',
  // Data, configs and bots.
  ERR_CATALOGUE: "a ruleset's data file (NHM's parts, Hovercrafts' ship settings) cannot be read or is not valid",
  ERR_ROSTER: 'a Battle Engine roster cannot be read or is not valid',
  ERR_CONFIG: "a run config (or a ruleset's options in it) cannot be read or is not valid",
  ERR_STALE_SCHEMA: 'the schema file is not the one this version writes',
  ERR_RULESET: 'no such ruleset, or a ruleset module that does not load',
  ERR_BOT: 'no such bot, or a bot module that does not load or play',
  ERR_MANIFEST: 'a bot manifest (bot.json) cannot be read or is not valid',
  ERR_CONTEST: 'a contest file or folder cannot be used',
  // The command line and run folders.
  ERR_ARGS: 'a command-line argument or option is missing or not valid',
  ERR_RUN_FOLDER: 'a folder is not a run folder, or not one this command can use',
  ERR_MATCHES: "a run's matches.csv holds a match twice or one not in the run",
  ERR_MERGE: 'folders that cannot be merged',
  ERR_REPLAY: 'a replay cannot be read or is not valid',
  ERR_REPLAY_RULES: 'a replay played under other rules than these',
  ERR_REPLAY_CATALOGUE: 'a replay played with another catalogue than this',
  // Running.
  ERR_WORKER_SETUP: 'a worker thread could not set the run up or load its bots',
  ERR_ENVIRONMENT: 'the machine will not write a file (disk full, permissions): resume once fixed',
  ERR_QUEUE: "the Redis queue cannot be reached or a batch's files are not the coordinator's",
  // The contest server.
  ERR_UPLOAD: 'a submission is refused: too big, too many files, a path or link outside its folder, no manifest',
  ERR_ACCESS: "a request without the token it needs (an entrant's or the organiser's)",
  ERR_SERVE: "a contest server's file, database or storage cannot be used",
} as const);

/** An error code: one of ERROR_CODES. */
export type ErrorCode = keyof typeof ERROR_CODES;

/**
 * A structured error for bad input: a code, where it is, and what is wrong.
 * It carries no stack trace: it is a value (a search checks every action it
 * tries, and an illegal one's error cost 3.6 µs with a trace, 0.6 without),
 * and the command line prints its message alone.
 */
export class HavocError extends Error {
  /**
   * `instanceof` by a mark, not by the class object: the bundled CLI and a
   * module it loads by path (a ruleset, a trusted bot, importing dist/src)
   * hold two copies of this class, and an error thrown by one is the other's.
   */
  static readonly mark: symbol = Symbol.for('havoc-arena.HavocError');
  static override [Symbol.hasInstance](x: unknown): boolean {
    return typeof x === 'object' && x !== null && (x as Record<symbol, unknown>)[this.mark] === true;
  }

  readonly code: ErrorCode;
  readonly where: string;
  readonly problem: string;

  constructor(code: ErrorCode, where: string, problem: string) {
    const frames = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(where ? `${where}: ${problem}` : problem);
    Error.stackTraceLimit = frames;
    this.code = code;
    this.where = where;
    this.problem = problem;
    this.name = 'HavocError';
  }
}
// The mark is on the prototype: a HavocError costs nothing more to make (a search makes many).
Object.defineProperty(HavocError.prototype, HavocError.mark, { value: true });

/**
 * Several problems found at once. `message` lists them all, one per line;
 * `problems` holds each as its own HavocError (`where` = the part or path).
 */
export class HavocProblems extends HavocError {
  static override readonly mark: symbol = Symbol.for('havoc-arena.HavocProblems');

  constructor(
    code: ErrorCode,
    where: string,
    readonly problems: readonly HavocError[],
  ) {
    super(
      code,
      where,
      problems.length === 1 ? problems[0].message : `${problems.length} problems:\n  ${problems.map((p) => p.message).join('\n  ')}`,
    );
  }
}
Object.defineProperty(HavocProblems.prototype, HavocProblems.mark, { value: true });
