/** The data file a ruleset reads and a run may replace (`GameModule.data`), and how a module is bound to other data. */

/**
 * A data file a ruleset reads and a run may replace (NHM: the parts
 * catalogue, configs/parts.json). A config names it in `parts`; the arena
 * reads it, records its hash with the run, keeps a copy in the run folder
 * (`parts.json`), and binds the rules to it with `withData`. A ruleset
 * without one reads nothing, and a config naming `parts` for it is refused.
 */
export interface DataFile {
  /** What the file is, for people (`parts catalogue`). */
  readonly title: string;
  /** The file a run that names none reads. */
  defaultPath(): string;
  /** The data in a file's text; a HavocError (several: HavocProblems) naming `path` for bad data. Never a stack trace. */
  parse(text: string, path: string): unknown;
  /** The data's hash (a run records it and refuses other data on resume, merge and replay). */
  hash(data: unknown): string;
  /**
   * Where the data sets prices, so `havoc reprice` can change them: NHM a cost per part, Hovercrafts a cost
   * per point of each stat, Battle Engine a price per pay grade. `prices`: each by key with its whole cost
   * and the whole costs it may take while the budgets stay meaningful, every price and budget multiplied by
   * `scale` (finer steps: at scale 2 a price can move by half a point of today's), and what it prices
   * (NHM: the part's budget category); `makeup`: what a component's cost (`BuildKit.components`) is made
   * of, each price's key with how many of it (null: no such component); `withCosts`: the file's text at
   * that scale with new costs (in the scaled points). Absent where the data sets no prices.
   */
  readonly prices?: {
    prices(data: unknown, scale: number): ReadonlyMap<string, { readonly cost: number; readonly range: readonly [number, number]; readonly category: string }>;
    makeup(data: unknown, component: string): ReadonlyMap<string, number> | null;
    withCosts(text: string, costs: ReadonlyMap<string, number>, scale: number, path: string): string;
  };
  /**
   * The data as `havoc parts` shows it to a person (`text`) and a script (`json`), `experimental` parts
   * included or not. Absent: `havoc parts` lists `BuildKit.listing` (key, category, cost).
   */
  show?(data: unknown, opts: { readonly experimental: boolean }): { readonly text: string; readonly json: unknown };
}

/**
 * A ruleset's `withData`: the module itself for its own data (`own()`, read
 * at each call: a module may read its data only when first needed) or for
 * none, else the module `make` builds for that data, made once per data
 * object and dropped with it.
 */
export function dataBinder<D extends object, M>(own: () => D | undefined, self: () => M, make: (data: D) => M): (data: unknown) => M {
  const bound = new WeakMap<D, M>();
  return (data) => {
    const d = data as D | undefined;
    if (!d || d === own()) return self();
    let m = bound.get(d);
    if (!m) bound.set(d, (m = make(d)));
    return m;
  };
}
