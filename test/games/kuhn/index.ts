/**
 * Kuhn poker as a `GameModule`, for tests only: the proof that a game of
 * another shape fits the interface of src/core/game.ts — a chance node (the
 * deal, from the state's own sfc32 dice), alternating one-seat turns, and
 * hidden information (each seat sees its own card; `seatState` guesses the
 * other's from the seat's own dice).
 *
 * Rules: cards J < Q < K, two seats, ante 1 each. Seat 0 checks or bets 1;
 * after a check, seat 1 checks (showdown) or bets; after a bet, the other
 * seat folds or calls. At a showdown the higher card takes the pot.
 * Actions are `check` (pass: check or fold) and `bet` (bet or call).
 */
import type { Budget } from '../../../src/core/bot.js';
import { HavocError } from '../../../src/core/errors.js';
import { listedActions, ranksOf, type GameModule, type LegalActions, type Outcome, type Parsed, type Recorder } from '../../../src/core/game.js';
import { diceSeed, sfc32Next, sfc32Seed, type Rng } from '../../../src/core/rng.js';

/** An action: pass (check or fold) or bet (bet or call). */
export type KuhnAction = 'check' | 'bet';
/** The only build. */
export type KuhnBuild = 'standard';
/** A game's fixed facts (there are none beyond two seats). */
export interface KuhnGame {
  readonly seats: 2;
}
/** What a seat sees: its own card, the public betting and whose turn it is. */
export interface KuhnObservation {
  readonly seat: number;
  readonly card: string | null;
  readonly history: readonly string[];
  readonly toAct: number | null;
}
/** The view a bot gets with its observation. */
export interface KuhnView {
  readonly seat: number;
  readonly state: KuhnState;
}
/** A Kuhn bot: answers each `bet` decision with action text. */
export interface KuhnBot {
  bet(obs: KuhnObservation, view: KuhnView): string;
}
/** A Kuhn bot module's default export. */
export type KuhnBotFactory = (ctx: { readonly seat: number; readonly rng: Rng; readonly budget: Budget }) => KuhnBot;

const CARDS = ['J', 'Q', 'K'];
const BET = 1, PASS = 0;

/** A state: the dice, the cards (-1 before the deal) and the betting so far (0 pass, 1 bet). */
export class KuhnState {
  readonly dice = new Uint32Array(4);
  readonly cards = new Int8Array([-1, -1]);
  readonly hist = new Uint8Array(3);
  len = 0;
}

class KuhnRecorder implements Recorder {
  readonly ruleset = 'kuhn';
  constructor(readonly onRecord: (record: object) => void) {}
}

const betOpen = (st: KuhnState): boolean => st.len > 0 && st.hist[st.len - 1] === BET;
const isOver = (st: KuhnState): boolean =>
  st.len === 3 || (st.len === 2 && !(st.hist[0] === PASS && st.hist[1] === BET));
/** The word for an action where it is taken (`call`/`fold` answer a bet). */
const word = (st: KuhnState, a: KuhnAction): string => (betOpen(st) ? (a === 'bet' ? 'call' : 'fold') : a);
const history = (st: KuhnState): string[] => {
  const out: string[] = [];
  for (let i = 0; i < st.len; i++) out.push((i > 0 && st.hist[i - 1] === BET ? ['fold', 'call'] : ['check', 'bet'])[st.hist[i]]);
  return out;
};
/** Seat 0's net chips at the end (seat 1's is its negative). */
function payoff(st: KuhnState): number {
  const last = st.hist[st.len - 1];
  if (last === PASS && st.len >= 2 && st.hist[st.len - 2] === BET) return st.len === 2 ? 1 : -1; // a fold
  const stake = st.hist.subarray(0, st.len).includes(BET) ? 2 : 1;
  return st.cards[0] > st.cards[1] ? stake : -stake;
}
const WORDS: Record<string, KuhnAction> = { check: 'check', fold: 'check', bet: 'bet', call: 'bet' };
const err = (where: string, problem: string): HavocError => new HavocError('ERR_ACTION', where, problem);

/** The legal actions: check (or fold) and bet (or call), or none off the seat's turn. */
const ACTIONS: LegalActions<KuhnAction> = listedActions<KuhnAction>(['check', 'bet']);
const NONE: LegalActions<KuhnAction> = listedActions<KuhnAction>([]);

/** Kuhn poker (test-only). */
const kuhn: GameModule<KuhnGame, KuhnState, KuhnAction, KuhnObservation, KuhnBuild> = {
  id: 'kuhn',
  title: 'Kuhn poker (test-only)',
  version: '1',
  seats: { min: 2, max: 2 },
  figures: ['chips'],
  builds: {
    fixed: { name: 'standard', build: 'standard' },
    check: (raw, where) =>
      raw === 'standard' ? { ok: true, value: 'standard' } : { ok: false, error: new HavocError('ERR_BUILD', where, 'Kuhn poker has one build: "standard"') },
    key: () => 'standard',
    cost: () => 0,
  },

  makeGame({ builds }) {
    if (builds.length !== 2) throw new HavocError('ERR_SEATS', 'builds', `Kuhn poker is for 2 seats, not ${builds.length}`);
    builds.forEach((b, i) => {
      const c = kuhn.builds!.check(b, `builds[${i}]`);
      if (!c.ok) throw c.error;
    });
    return { seats: 2 };
  },
  seatCount: () => 2,
  newState(_game, seed) {
    const st = new KuhnState();
    sfc32Seed(st.dice, 0, diceSeed(seed));
    return st;
  },
  copy(src, dst) {
    dst.dice.set(src.dice);
    dst.cards.set(src.cards);
    dst.hist.set(src.hist);
    dst.len = src.len;
  },

  node: (st) => (st.cards[0] < 0 ? { kind: 'chance' } : isOver(st) ? { kind: 'terminal' } : { kind: 'seat', seat: st.len % 2 }),
  decision: () => 'bet',
  chance(st) {
    if (st.cards[0] >= 0) return;
    st.cards[0] = sfc32Next(st.dice, 0) % 3;
    st.cards[1] = (st.cards[0] + 1 + (sfc32Next(st.dice, 0) % 2)) % 3;
  },
  apply(st, actions, _answer, recorder) {
    if (st.cards[0] < 0 || isOver(st)) return;
    const seat = st.len % 2;
    const a: KuhnAction = actions[seat] === 'bet' ? 'bet' : 'check'; // null (or anything else) is the forfeit
    const action = word(st, a);
    st.hist[st.len++] = a === 'bet' ? BET : PASS;
    if (recorder instanceof KuhnRecorder) recorder.onRecord({ seat, action, history: history(st) });
  },
  result(st): Outcome | null {
    if (st.cards[0] < 0 || !isOver(st)) return null;
    const p = payoff(st);
    const folded = st.hist[st.len - 1] === PASS && st.hist[st.len - 2] === BET;
    return { ranks: ranksOf(2, p > 0 ? 0 : 1), reason: folded ? 'fold' : 'showdown' };
  },
  figureValues(st) {
    const p = kuhn.result(st) ? payoff(st) : 0;
    return [[p, -p]];
  },
  turns: (st) => st.len,

  observe: (st, seat) => ({
    seat,
    card: st.cards[seat] >= 0 ? CARDS[st.cards[seat]] : null,
    history: history(st),
    toAct: st.cards[0] >= 0 && !isOver(st) ? st.len % 2 : null,
  }),
  seatState(st, seat, into, dice) {
    kuhn.copy(st, into);
    const own = st.cards[seat];
    if (own >= 0) into.cards[1 - seat] = (own + 1 + (sfc32Next(dice, 0) % 2)) % 3; // one of the two cards the seat does not hold
    for (let i = 0; i < 4; i++) into.dice[i] = sfc32Next(dice, 0);
    if ((into.dice[0] | into.dice[1] | into.dice[2] | into.dice[3]) === 0) into.dice[0] = 1;
  },

  parse(_st, seat, kind, raw): Parsed<KuhnAction> {
    const where = `seat ${'AB'[seat] ?? seat} ${kind}`;
    if (kind !== 'bet') return { ok: false, error: new HavocError('ERR_DECISION', where, `Kuhn poker has one decision, "bet", not "${kind}"`) };
    if (typeof raw !== 'string') return { ok: false, error: err(where, `an action is a word (check, bet, call or fold), not ${raw === null ? 'null' : typeof raw}`) };
    const a = WORDS[raw.trim().toLowerCase()];
    return a ? { ok: true, value: a } : { ok: false, error: err(where, `"${raw}" is not check, bet, call or fold`) };
  },
  legal: (st, seat, kind) => (kind === 'bet' && st.cards[0] >= 0 && !isOver(st) && seat === st.len % 2 ? ACTIONS : NONE),
  check(st, seat, kind, action) {
    const where = `seat ${'AB'[seat] ?? seat} ${kind}`;
    if (st.cards[0] < 0) return new HavocError('ERR_TURN', where, 'the cards are not dealt yet');
    if (isOver(st)) return new HavocError('ERR_TURN', where, 'the hand is over');
    if (seat !== st.len % 2) return new HavocError('ERR_TURN', where, `it is seat ${'AB'[st.len % 2]}'s turn`);
    if (kind !== 'bet') return new HavocError('ERR_DECISION', where, `Kuhn poker has one decision, "bet", not "${kind}"`);
    return action === 'check' || action === 'bet' ? null : err(where, `not an action: ${String(action)}`);
  },
  format: (st, _seat, _kind, action) => word(st, action),

  recorder: (_state, onRecord) => new KuhnRecorder(onRecord),
  // Replays: the game is two seats and nothing else; a replay is omniscient, so its records show the cards.
  describeGame: (game) => ({ seats: game.seats }),
  gameFromDescription(desc, where) {
    const d = desc as { seats?: unknown } | null;
    if (typeof d !== 'object' || d === null || Array.isArray(d)) throw new HavocError('ERR_REPLAY', where, 'must be an object {"seats": 2}');
    if (d.seats !== 2) throw new HavocError('ERR_REPLAY', `${where}.seats`, `Kuhn poker is for 2 seats, not ${JSON.stringify(d.seats)}`);
    return { seats: 2 };
  },
  replayRecord: (st, record) => ({ ...record, cards: Array.from(st.cards, (c) => CARDS[c]) }),
};

export default kuhn;
