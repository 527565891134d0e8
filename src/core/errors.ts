/**
 * Bad input as a value: a code, where it is (a path a person can follow) and
 * what is wrong. Rulesets return these rather than throw them; loaders collect
 * several into one HavocProblems.
 */

/**
 * A structured error for bad input: a code, where it is, and what is wrong.
 * It carries no stack trace: it is a value (a search checks every action it
 * tries, and an illegal one's error cost 3.6 µs with a trace, 0.6 without),
 * and the command line prints its message alone.
 */
export class HavocError extends Error {
  readonly code: string;
  readonly where: string;
  readonly problem: string;

  constructor(code: string, where: string, problem: string) {
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

/**
 * Several problems found at once. `message` lists them all, one per line;
 * `problems` holds each as its own HavocError (`where` = the part or path).
 */
export class HavocProblems extends HavocError {
  constructor(
    code: string,
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
