/**
 * The game interface every ruleset implements, and the only way the arena,
 * scenarios, replays, the report and bots reach a game.
 *
 * A ruleset is a `GameModule`: it makes a `game` (the fixed facts of one
 * match: board, seats, their builds, limits) and `state`s of it (what changes),
 * and says at every moment what kind of node a state is:
 *
 * - `simultaneous`: every listed seat decides at once (NHM programs);
 * - `seat`: one seat decides (alternating turns);
 * - `chance`: the rules roll (`chance(state)`), with dice the state owns and
 *   seeds from the match seed, so a match replays exactly;
 * - `terminal`: `result(state)` ranks the seats.
 *
 * A rule may also need an answer in the middle of applying actions (NHM's
 * Dodge and Auto-Target, asked mid-step). The ruleset asks it as a `Question`
 * of one seat through the `Answerer` it is given, synchronously, at the moment
 * the rules need it: the match loop answers every question through the same
 * decision path as a node's decision (ask the bot, time, parse, check,
 * record a fault), and a null answer takes the rulebook's default. (Why not a
 * node of its own: the step engine would have to stop and resume inside a
 * step, and every simulated step of every bot would pay for it.)
 *
 * Hidden information is the ruleset's: `observe` gives a seat what it sees,
 * and `seatState` a state that seat may simulate, holding only what it knows
 * and dice of its own (a simulation never foresees a real roll).
 *
 * Untrusted input (a bot's answer, a script's token) goes through `parse` and
 * `check`, which return problems as values; `apply` never throws.
 */
import type { HavocError } from './errors.js';
import type { Rng } from './rng.js';
import type { BoardView } from './boardView.js';
import type { Outcome } from './outcome.js';
import type { BuildKit } from './builds.js';
import type { FastPath } from './fastPath.js';
import type { DataFile } from './dataFile.js';
import type { ActionNotation } from './notation.js';

/** A replay as a board (its own file): re-exported, as every ruleset's board view names them here. */
export type { BoardBand, BoardFrame, BoardPiece, BoardView, SeatFigure, SeatFrame, SeatLayer, SeatTable, SeatViews } from './boardView.js';
/** The interface's other parts, each in a file of its own, re-exported so rulesets and tools import the interface from one place. */
export { firstPlace, ranksOf, sharedOutcome, sharedRanks, winnerOf, type Outcome } from './outcome.js';
export type { BuildKit, BuildOptions } from './builds.js';
export type { FastPath, FastResult } from './fastPath.js';
export type { ActionNotation } from './notation.js';
export { dataBinder, type DataFile } from './dataFile.js';

/** A ruleset's recorder (see `GameModule.recorder`); the arena only hands it back. */
export interface Recorder {
  readonly ruleset: string;
}

/** What a state is waiting for. */
export type GameNode =
  | { readonly kind: 'simultaneous'; readonly seats: readonly number[] }
  | { readonly kind: 'seat'; readonly seat: number }
  | { readonly kind: 'chance' }
  | { readonly kind: 'terminal' };

/** The seats that act at a node: a simultaneous node's, a seat node's one; none at chance or the end. */
export const actingSeats = (node: GameNode): readonly number[] =>
  node.kind === 'simultaneous' ? node.seats : node.kind === 'seat' ? oneSeat(node.seat) : NO_SEATS;

/** A one-seat node's seats, one frozen list per seat (a search asks at every step of a game of turns). */
const ONE_SEAT: (readonly number[])[] = [];
const oneSeat = (seat: number): readonly number[] => (ONE_SEAT[seat] ??= Object.freeze([seat]));
const NO_SEATS: readonly number[] = Object.freeze([]);

/**
 * The seats that decide next: chance nodes are rolled on the way (`chance`),
 * and null means the game is over. Every loop that plays a game — the match
 * loop, the scenario runner, the bench's random play — starts its turn here.
 */
export function nextDeciders<S>(mod: { node(state: S): GameNode; chance(state: S): void }, state: S): readonly number[] | null {
  for (;;) {
    const node = mod.node(state);
    if (node.kind === 'terminal') return null;
    if (node.kind !== 'chance') return actingSeats(node);
    mod.chance(state);
  }
}

/**
 * A question the rules ask one seat while applying actions. `kind` names the
 * decision (and the bot method that answers it); `args` are what the rules
 * tell the seat along with it (NHM's Dodge: the hot squares). A question is
 * read while it is asked: a ruleset may ask the same object again later and
 * write its `args` out only when they are read.
 */
export interface Question {
  readonly seat: number;
  readonly kind: string;
  readonly args: readonly unknown[];
}

/** Answers questions for the rules: an action, or null for the rulebook's default. */
export type Answerer<A> = (q: Question) => A | null;

/** A ruleset's random player (`GameModule.randomBot`): per decision kind, an answer in the notation (or codes `parse` reads). */
export type RandomBot<O = unknown, S = unknown> = Readonly<Record<string, (obs: O, view: { readonly seat: number; readonly state: S }) => unknown>>;

/**
 * The legal actions of one decision or question, in a fixed order: `count`
 * of them, the i-th read with `at(i)` (0 <= i < count), each one `check`
 * accepts. A ruleset with many (NHM's five-command programs) decodes an
 * index instead of listing them, so counting costs nothing. Distinct
 * indices are distinct choices: an action the notation may write several
 * ways (NHM's codes, Blind Ninjas' tokens in another order) is listed once,
 * in one writing.
 */
export interface LegalActions<A> {
  /** Exact up to Number.MAX_SAFE_INTEGER; past it (a large Hovercrafts fleet's orders) rounded, and `at` still gives a legal action for every index below it. */
  readonly count: number;
  at(i: number): A;
}

/** Legal actions listed outright (a ruleset with few). */
export const listedActions = <A>(list: readonly A[]): LegalActions<A> => ({ count: list.length, at: (i) => list[i] });

/** A value or the problem that stopped it. */
export type Parsed<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: HavocError };

/** Per match: how a game is made. */
export interface MatchSetup<B> {
  /** One build per seat, in seat order. */
  readonly builds: readonly B[];
  /** Turns before the game is a draw; the ruleset's default when left out. */
  readonly turnLimit?: number;
}

/**
 * How a ruleset shows itself to people, apart from its rules: each member
 * optional, and without one the tools show records as JSON and games by
 * their seats' names.
 */
export interface Presentation<G, S> {
  /** A record (see `GameModule.recorder`) drawn for a terminal, with the state after it (`havoc match`, `havoc scenario --board`). */
  show?(state: S, record: object): string;
  /** One line about a seat at the start of a match, for people (NHM: `A: robo-pig on d8`). */
  describeSeat?(game: G, seat: number): string;
  /** The notation's words a game's seats may write, each with what it does (`TL` → turn left), for a viewer's legend. */
  legend?(game: G): readonly (readonly [string, string])[];
  /**
   * A replay as a board for a viewer to draw (the report's): the game's description and records (as
   * `describeGame` and `recorder` wrote them) as frames of pieces, marked cells and events; null when the
   * game has no such board. Without it a viewer shows the records as text.
   */
  boardView?(desc: unknown, records: readonly object[]): BoardView | null;
  /** A replay's record (null: the start) drawn for a terminal from it and the game's description alone, with the secrets of `view` (`all`, `none` or a seat's name). */
  showRecord?(desc: unknown, record: object | null, view: string): string;
}

/**
 * A ruleset. G is a game (fixed facts), S a state, A an action, O an
 * observation, B a build.
 */
export interface GameModule<G = unknown, S = unknown, A = unknown, O = unknown, B = unknown> extends ActionNotation<S, A> {
  /** Short id used in configs, records and replays (`rbp`). */
  readonly id: string;
  /** The rulebook's name, for people. */
  readonly title: string;
  /** Changes whenever a rule changes what a match does, so old results are never mixed with new. */
  readonly version: string;
  /** Seats a game may have (inclusive). */
  readonly seats: { readonly min: number; readonly max: number };
  /**
   * For a ruleset played by two teams (Hovercrafts): the side (0 or 1) seat `seat` plays on in a game of
   * `seats` seats made from builds. An arena contest between teams (`between: "teams"`) puts each team's
   * bots on one side's seats. Absent: every seat plays for itself.
   */
  sideOf?(seat: number, seats: number): number;
  /** The sides' names, in `sideOf`'s numbering (Hovercrafts: Zion, the Machines): a result whose first place is one side's seats names that side (`winner_side`). */
  readonly sides?: readonly string[];
  /** The side seat `seat` of this game plays on, when a game may place seats otherwise than `sideOf` (a scenario's ships name their teams). Absent: `sideOf`. */
  seatSide?(game: G, seat: number): number;
  /** Names of per-seat figures (damage dealt, pieces lost): each becomes a record column. Default: none. */
  readonly figures?: readonly string[];
  /** What a seat brings to a match. Default: one build, `standard`, which configs need not name. */
  readonly builds?: BuildKit<B>;

  /** The data file the rules read, when they read one (NHM: the parts catalogue). */
  readonly data?: DataFile;
  /**
   * The same rules bound to data `data.parse` read (NHM: a catalogue other
   * than configs/parts.json); present exactly when `data` is.
   */
  withData?(data: unknown): GameModule<G, S, A, O, B>;
  /** Makes a game from its builds. Throws a HavocError when the builds do not fit the rules. */
  makeGame(setup: MatchSetup<B>): G;
  /** The number of seats of a game. */
  seatCount(game: G): number;
  /** A seat's name in traces (`A`). Default: A, B, C, … */
  seatName?(game: G, seat: number): string;
  /** A new state at the start of a match; its chance is seeded from `seed`. */
  newState(game: G, seed: string): S;
  /** Copies `src` into `dst` (states of one game) without allocating. */
  copy(src: S, dst: S): void;

  /** What the state waits for. */
  node(state: S): GameNode;
  /** The kind of decision a seat makes at a node (and the bot method that makes it): NHM's `program`. Default: `move`. */
  decision?(state: S, seat: number): string;
  /** Resolves a chance node with the state's own dice. */
  chance(state: S): void;
  /**
   * Applies one action per seat of a decision node (null: the seat does not
   * act, or forfeits), each already `check`ed; questions the rules ask on the
   * way go to `answer`. Never throws.
   */
  apply(state: S, actions: readonly (A | null)[], answer: Answerer<A>, recorder?: Recorder | null): void;
  /** The ranking once the game is over, else null. */
  result(state: S): Outcome | null;
  /** Per-seat figures now, in `figures` order (each a list of one value a seat). Default: none. */
  figureValues?(state: S): number[][];
  /** Turns completed (the records' `turns`). */
  turns(state: S): number;

  /**
   * The whole state as JSON, secrets included, for a scenario's trace (`havoc scenario` prints it at the
   * start and after each record): pieces, hit points, ammunition, panic, marks — what the records only
   * tell in words. Absent: the trace has the records alone.
   */
  stateJson?(state: S): object;

  /** What `seat` sees. Never another seat's secrets. */
  observe(state: S, seat: number): O;
  /**
   * Writes into `into` the state `seat` may simulate: only what the seat knows,
   * and for chance, instead of the rules' own dice, `dice`: four fresh words
   * from the seat's own stream, an sfc32 state the view may take as its dice or
   * draw from (the caller draws them for every decision; it calls this only
   * when the bot reads its view, so it must depend on nothing else).
   */
  seatState(state: S, seat: number, into: S, dice: Uint32Array): void;

  /** What a seat does when it gives no legal answer to a decision (NHM: X X X X X). Default: its first legal action. */
  forfeit?(state: S, seat: number, kind: string): A;

  /** What a bot's factory is told of its game besides seat, RNG and budget (NHM: `{ game, notation }`). Default: nothing. */
  botContext?(game: G): Record<string, unknown>;
  /**
   * A recorder of what happens, for traces and replays: `onRecord` gets one
   * JSON object per event the ruleset reports (NHM: one per step). Pass it to
   * `apply`; without one, nothing is recorded and nothing is paid. Default:
   * a recorder `apply` may ignore (the ruleset reports nothing).
   */
  recorder?(state: () => S, onRecord: (record: object) => void): Recorder;

  /**
   * Reads the game part of a scenario file (`havoc scenario`: a board, seats
   * placed by hand); the script of actions is the arena's. A HavocError naming
   * the path in `file` for bad input.
   */
  scenario?(json: Readonly<Record<string, unknown>>, file: string): G;
  /**
   * A scenario's scripted dice (Hovercrafts' `dice`): how many were given and used, and the first roll
   * past them in words (null: none). The scenario runner warns of dice left over and refuses a roll past
   * them unless the scenario says `"diceRunOut": "seeded"`. Absent, or null: the game has no scripted dice.
   */
  scriptedDice?(state: S): { readonly given: number; readonly used: number; readonly overrun: string | null } | null;
  /** The top-level fields `scenario` reads (NHM: `board`, `machines`, `turnLimit`, `parts`): any other a scenario file has, beyond the arena's own, is refused. */
  readonly scenarioFields?: readonly string[];
  /** The game as JSON for a replay's header (`gameFromDescription` reads it back); absent: replays hold `game: null` and cannot be re-simulated. */
  describeGame?(game: G): object;
  /** The game `describeGame` described (`file`: the replay it was read from, near which the ruleset may look for data it names); a HavocError naming the field under `where` for bad input. */
  gameFromDescription?(desc: unknown, where: string, file?: string): G;
  /** A record (see `recorder`) as a replay keeps it, given the state after it: plus what only an omniscient viewer sees (NHM: the mines on the board); absent: the record itself. */
  replayRecord?(state: S, record: object): object;

  /** How the ruleset shows itself to people (terminals, the report's viewer); each part optional. */
  readonly present?: Presentation<G, S>;

  /** A fast path for whole matches, when the ruleset has one (RBP's two-pig kernel). */
  readonly fast?: FastPath<G>;

  /**
   * The ruleset's own random player, the one the `random` bot plays (its
   * draws are the benchmark's and the golden tables'): one method per
   * decision kind, answering as a bot does, from the seat's observation and
   * view, with `rng` (the seat's own). Absent: `random` draws uniformly from
   * `legal`.
   */
  randomBot?(game: G, seat: number, rng: Rng): RandomBot<O, S>;
  /** A random legal action (the conformance suite's player). Default: one of `legal`'s, drawn uniformly. */
  randomAction?(state: S, seat: number, kind: string, rng: Rng): A;
  /**
   * A random legal action for a playout, drawn as `randomAction` draws
   * (absent: `randomAction` is used). It may live in a buffer the ruleset
   * reuses, valid only until the next call for the same seat: a search that
   * applies it at once then allocates nothing per playout step.
   */
  playoutAction?(state: S, seat: number, kind: string, rng: Rng): A;
}

/** The members a ruleset may leave out, which `completeModule` (core/complete.ts) fills with the interface's defaults. */
export type DefaultedMember = 'figures' | 'builds' | 'seatName' | 'decision' | 'figureValues' | 'botContext' | 'recorder' | 'forfeit' | 'randomAction';

/**
 * A ruleset as the arena, bots and tools see it: its `GameModule` with every
 * defaulted member present (the registry completes each module it registers).
 */
export type Ruleset<G = unknown, S = unknown, A = unknown, O = unknown, B = unknown> = Omit<GameModule<G, S, A, O, B>, DefaultedMember | 'withData'> &
  Required<Pick<GameModule<G, S, A, O, B>, DefaultedMember>> & {
    /** The same rules bound to other data, completed too. */
    withData?(data: unknown): Ruleset<G, S, A, O, B>;
  };

/** Any ruleset, completed, for code that handles every ruleset alike. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyGameModule = Ruleset<any, any, any, any, any>;
