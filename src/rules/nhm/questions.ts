/**
 * What the NHM module keeps beside a state while bots are asked things:
 * the decision kinds, and per state (State.memo, made on first use, never
 * copied) the programs of the turn before as observations show them, what
 * every seat's observation of the turn shows, and the run-time questions
 * (Auto-Target, Dodge) a step asks through the match's answerer, falling
 * back on the documented defaults (choices.ts). Made so that a step that
 * asks a question allocates nothing.
 */
import { squareName } from '../../core/grid.js';
import { HavocError } from '../../core/errors.js';
import type { Answerer, Question } from '../../core/game.js';
import { defaultChooser } from './choices.js';
import { PROGRAM_LENGTH } from './commands.js';
import type { LastPrograms, Seen } from './observe.js';
import type { State } from './state.js';
import type { Chooser } from './step.js';

/** A program (five command codes), or one command answering a question. */
export type NhmAction = readonly number[] | number;

/** The decision kinds: a turn's program, and the two run-time questions (docs/rules.md 7.3). */
export const PROGRAM = 'program';
export const AUTO_TARGET = 'autoTarget';
export const DODGE = 'dodge';

/** What the module keeps per state (State.memo), made on first use and never copied. */
export interface Memo {
  /** The turn `programs` are of (-1: none yet). */
  turn: number;
  /** The programs of the turn before, as an observation shows them. */
  programs: LastPrograms | null;
  /** The turn `seen` is of (-1: none), and what every seat's observation of it shows. */
  seenTurn: number;
  seen: Seen | null;
  /** While a turn is applied: true, and `before` holds the programs of the turn before. */
  applying: boolean;
  before: Uint16Array;
  /** Who answers questions while a turn is applied. */
  answer: Answerer<NhmAction>;
  /** The engine's Chooser: the answerer first, then the documented defaults. */
  chooser: Chooser;
  /** Each seat's Dodge question, asked again at every dodge. */
  dodge: readonly DodgeQuestion[];
}

/**
 * Seat m's Dodge question. Its argument, the hot squares by name, is written
 * out when read, while the question is asked: an answerer that does not read
 * it (a search's, taking the defaults) costs no allocation per step.
 */
class DodgeQuestion implements Question {
  readonly kind = DODGE;
  /** While asked: the state and its hot squares. */
  st: State | null = null;
  hot: Uint8Array | null = null;

  constructor(readonly seat: number) {}

  get args(): readonly unknown[] {
    if (!this.st || !this.hot) throw new HavocError('ERR_QUESTION', 'dodge', 'a Dodge question is read only while it is asked');
    return [hotSquares(this.st, this.hot)];
  }
}

export const NO_ANSWER: Answerer<NhmAction> = () => null;
/** Seat m's Auto-Target question, made once (it has no arguments): a step asks it without allocating. */
const AUTO_TARGET_QUESTIONS: readonly Question[] = Array.from({ length: 8 }, (_, seat) => Object.freeze({ seat, kind: AUTO_TARGET, args: Object.freeze([]) }));

export function memoOf(st: State): Memo {
  return (st.memo as Memo | null) ?? newMemo(st);
}

// Apart from memoOf: the chooser's closures capture `memo`, and V8 makes a function's closure context on
// entry, so a memoOf that made them would allocate on every call (40 bytes a simulated turn, measured).
function newMemo(st: State): Memo {
  const memo: Memo = {
    turn: -1,
    programs: null,
    seenTurn: -1,
    seen: null,
    applying: false,
    before: new Uint16Array(st.game.n * PROGRAM_LENGTH),
    answer: NO_ANSWER,
    dodge: Array.from({ length: st.game.n }, (_, m) => new DodgeQuestion(m)),
    chooser: {
      autoTarget: (s, m) => {
        const a = memo.answer(AUTO_TARGET_QUESTIONS[m]);
        return typeof a === 'number' ? a : defaultChooser.autoTarget(s, m);
      },
      dodge: (s, m, hot) => {
        const q = memo.dodge[m];
        q.st = s;
        q.hot = hot;
        const a = memo.answer(q);
        q.hot = null;
        return typeof a === 'number' ? a : defaultChooser.dodge(s, m, hot);
      },
    },
  };
  st.memo = memo;
  return memo;
}

function hotSquares(st: State, hot: Uint8Array): string[] {
  const out: string[] = [];
  for (let s = 0; s < hot.length; s++) if (hot[s]) out.push(squareName(st.game.board, s));
  return out;
}
