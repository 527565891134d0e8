/**
 * The bot protocol, `havoc-bot/1` (docs/protocol.md): JSON lines over the bot
 * process's stdin and stdout, one process per seat per match. The arena
 * speaks first; each of its messages but `end` wants exactly one line back.
 *
 *   arena → bot  {"type":"start","protocol":"havoc-bot/1","ruleset":{...},"game":…,"seat":0,"seats":["A","B"],"seed":"…","budget":{"ms":…,"sims":…}}
 *   bot → arena  {"type":"ready"}            (or {"type":"ready","legal":true}: every decide then carries `legal`)
 *   arena → bot  {"type":"decide","id":1,"kind":"program","observation":{…},"view":{…},"args":[…]}
 *   bot → arena  {"type":"action","id":1,"action":"F F X X X"}
 *   arena → bot  {"type":"end","result":{…}}
 *
 * A bot that cannot answer sends {"type":"action","id":N,"action":null} (the
 * forfeit of that decision). Anything else — another id, a line that is not
 * JSON, a line longer than MAX_LINE bytes — is garbage: the bot loses the match.
 */
import type { Budget } from '../core/bot.js';

export const PROTOCOL = 'havoc-bot/1';

/** The longest line a bot may write (bytes, newline excluded). */
export const MAX_LINE = 1 << 20;

export interface StartMessage {
  readonly type: 'start';
  readonly protocol: typeof PROTOCOL;
  /** The ruleset's id, version, and its module's path when it was loaded by path. */
  readonly ruleset: { readonly id: string; readonly version: string; readonly module?: string };
  /** The game as the ruleset describes it (`GameModule.describeGame`, as in a replay's header). */
  readonly game: unknown;
  readonly seat: number;
  readonly seats: readonly string[];
  /** This seat's own seed (core/seatKey.ts), its RNG's: the arena seeds an in-process bot's `makeRng(seed)`. Never the match seed: no seat can derive another's streams. */
  readonly seed: string;
  /** The run's budget (budgetFields: `firstMs`, `overageMs` and `clock` only when the run sets them). */
  readonly budget: Budget;
}

export interface DecideMessage {
  readonly type: 'decide';
  readonly id: number;
  /** The decision or question (the bot method's name: NHM `program`, `dodge`, `autoTarget`). */
  readonly kind: string;
  readonly observation: unknown;
  /** The seat's view state (its typed arrays and numbers, viewCodec.ts), for bots that simulate. */
  readonly view: unknown;
  /** A question's arguments (NHM's Dodge: the hot squares). */
  readonly args: readonly unknown[];
  /** The legal actions of this decision or question in the seat's view (GameModule.legal), only for a bot whose `ready` asked for them. */
  readonly legal?: LegalField;
}

/** Decisions with this many legal actions or fewer have them listed in `legal.actions`; above it only counted (NHM's programs run to hundreds of thousands). */
export const LEGAL_LISTED = 1000;

/** A decision's legal actions: how many, and each in the notation (in `legal`'s order) when there are LEGAL_LISTED or fewer. */
export interface LegalField {
  readonly count: number;
  readonly actions?: readonly string[];
}

/** The bot's answer to start: ready, and whether it wants each decision's legal actions (absent: no, and nothing is spent on them). */
export interface ReadyMessage {
  readonly type: 'ready';
  readonly legal?: boolean;
}

export interface EndMessage {
  readonly type: 'end';
  readonly result: unknown;
}

export type ArenaMessage = StartMessage | DecideMessage | EndMessage;

/** The bot's answer to a decide message. */
export interface ActionMessage {
  readonly type: 'action';
  readonly id: number;
  readonly action: unknown;
}
