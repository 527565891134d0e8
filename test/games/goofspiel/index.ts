/**
 * Goofspiel as a `GameModule`, for tests only: a game of a shape no other
 * ruleset has — two to four seats deciding at once every round (a
 * simultaneous node of more than two seats), a chance node before each
 * round (the prize turned up from a shuffled deck), and a secret no seat
 * holds (the deck's order), which `seatState` shuffles anew from the seat's
 * own dice.
 *
 * Rules: each seat holds the cards 1..5; the prizes 1..5 are shuffled face
 * down. Each round the top prize is turned up and every seat bids a card
 * from its hand, all at once; the highest bid alone takes the prize (a tie
 * for the highest: nobody does), and the bids are spent. After five rounds
 * the seats are ranked by the prizes they took.
 */
import type { Budget } from '../../../src/core/bot.js';
import { HavocError } from '../../../src/core/errors.js';
import { listedActions, sharedOutcome, sharedRanks, type GameModule, type GameNode, type Outcome, type Parsed, type Recorder } from '../../../src/core/game.js';
import { diceSeed, sfc32Next, sfc32Seed, type Rng } from '../../../src/core/rng.js';

/** Cards in each hand and prizes in the deck. */
export const CARDS = 5;
/** An action: the card bid (1..CARDS). */
export type GoofAction = number;
/** The only build. */
export type GoofBuild = 'standard';
/** A game's fixed facts: how many seats. */
export interface GoofGame {
  readonly seats: number;
}
/** What a seat sees: the prize up, its own hand, every round's prize and bids so far, the points. */
export interface GoofObservation {
  readonly seat: number;
  readonly prize: number | null;
  readonly hand: readonly number[];
  readonly rounds: readonly { readonly prize: number; readonly bids: readonly number[] }[];
  readonly points: readonly number[];
}
/** The view a bot gets with its observation. */
export interface GoofView {
  readonly seat: number;
  readonly state: GoofState;
}
/** A Goofspiel bot: answers each `bid` decision with a card. */
export interface GoofBot {
  bid(obs: GoofObservation, view: GoofView): number | string;
}
/** A Goofspiel bot module's default export. */
export type GoofBotFactory = (ctx: { readonly seat: number; readonly rng: Rng; readonly budget: Budget }) => GoofBot;

/** A state: the dice, the deck (its order secret), the round, each seat's spent cards (a bit a card), bids and points. */
export class GoofState {
  readonly dice = new Uint32Array(4);
  /** The prizes in the order they come up; `round` of them are up (the last is the one bid on while `up`). */
  readonly deck = new Int8Array(CARDS);
  /** Rounds whose prize is turned up. */
  round = 0;
  /** Whether the prize of round `round` - 1 is up and not yet bid on. */
  up = false;
  readonly spent: Uint8Array;
  /** Bids by round, `seats` a round. */
  readonly bids: Int8Array;
  readonly points: Int16Array;
  constructor(readonly seats: number) {
    this.spent = new Uint8Array(seats);
    this.bids = new Int8Array(seats * CARDS);
    this.points = new Int16Array(seats);
  }
}

class GoofRecorder implements Recorder {
  readonly ruleset = 'goofspiel';
  constructor(readonly onRecord: (record: object) => void) {}
}

const NAMES = 'ABCD';
const CHANCE: GameNode = { kind: 'chance' };
const TERMINAL: GameNode = { kind: 'terminal' };
const ALL: readonly GameNode[] = [2, 3, 4].map((n) => ({ kind: 'simultaneous', seats: Array.from({ length: n }, (_, s) => s) }));
const over = (st: GoofState): boolean => st.round === CARDS && !st.up;
const holds = (st: GoofState, seat: number, card: number): boolean => Number.isInteger(card) && card >= 1 && card <= CARDS && (st.spent[seat] & (1 << card)) === 0;
const hand = (st: GoofState, seat: number): number[] => Array.from({ length: CARDS }, (_, i) => i + 1).filter((c) => holds(st, seat, c));
const where = (seat: number, kind: string): string => `seat ${NAMES[seat] ?? seat} ${kind}`;
/** The deck's unplayed part shuffled by `dice` (Fisher–Yates from the top prize not yet up). */
function shuffleRest(deck: Int8Array, from: number, dice: Uint32Array): void {
  for (let i = CARDS - 1; i > from; i--) {
    const j = from + (sfc32Next(dice, 0) % (i - from + 1));
    const t = deck[i];
    deck[i] = deck[j];
    deck[j] = t;
  }
}

/** Goofspiel (test-only). */
const goofspiel: GameModule<GoofGame, GoofState, GoofAction, GoofObservation, GoofBuild> = {
  id: 'goofspiel',
  title: 'Goofspiel (test-only)',
  version: '1',
  seats: { min: 2, max: 4 },
  figures: ['points'],
  // No builds, seat names, bot context, forfeit or random action of its own: the interface's defaults
  // (one build "standard"; A, B, C, D; nothing; the first legal card; a legal card at random).

  makeGame({ builds }) {
    if (builds.length < 2 || builds.length > 4) throw new HavocError('ERR_SEATS', 'builds', `Goofspiel is for 2 to 4 seats, not ${builds.length}`);
    builds.forEach((b, i) => {
      if (b !== 'standard') throw new HavocError('ERR_BUILD', `builds[${i}]`, 'Goofspiel has one build: "standard"');
    });
    return { seats: builds.length };
  },
  seatCount: (game) => game.seats,
  newState(game, seed) {
    const st = new GoofState(game.seats);
    sfc32Seed(st.dice, 0, diceSeed(seed));
    for (let i = 0; i < CARDS; i++) st.deck[i] = i + 1;
    shuffleRest(st.deck, 0, st.dice);
    return st;
  },
  copy(src, dst) {
    dst.dice.set(src.dice);
    dst.deck.set(src.deck);
    dst.round = src.round;
    dst.up = src.up;
    dst.spent.set(src.spent);
    dst.bids.set(src.bids);
    dst.points.set(src.points);
  },

  node: (st) => (st.up ? ALL[st.seats - 2] : over(st) ? TERMINAL : CHANCE),
  decision: () => 'bid',
  // The deck was shuffled from the state's dice at the start: chance turns the next prize up.
  chance(st) {
    if (st.up || over(st)) return;
    st.round++;
    st.up = true;
  },
  apply(st, actions, _answer, recorder) {
    if (!st.up) return;
    const r = st.round - 1, n = st.seats;
    let best = 0, winners = 0, winner = -1;
    for (let s = 0; s < n; s++) {
      const a = actions[s];
      // A forfeit (null, or a card not held) bids the lowest card still held.
      const bid = a !== null && holds(st, s, a) ? a : hand(st, s)[0];
      st.bids[r * n + s] = bid;
      st.spent[s] |= 1 << bid;
      if (bid > best) (best = bid), (winners = 1), (winner = s);
      else if (bid === best) winners++;
    }
    const prize = st.deck[r];
    if (winners === 1) st.points[winner] += prize;
    st.up = false;
    if (recorder instanceof GoofRecorder) recorder.onRecord({ round: st.round, prize, bids: Array.from(st.bids.subarray(r * n, r * n + n)), winner: winners === 1 ? NAMES[winner] : null });
  },
  result(st): Outcome | null {
    if (!over(st)) return null;
    // Places by points, seats with equal points sharing one (every seat first: a draw).
    const order = [...new Set(Array.from(st.points))].sort((a, b) => b - a);
    const ranks = sharedRanks(Array.from(st.points, (p) => order.indexOf(p)));
    return sharedOutcome(ranks, order.length === 1 ? 'tie' : 'points');
  },
  figureValues: (st) => [Array.from(st.points)],
  turns: (st) => st.round - (st.up ? 1 : 0),

  observe(st, seat) {
    const rounds = [];
    const played = st.round - (st.up ? 1 : 0);
    for (let r = 0; r < played; r++) rounds.push({ prize: st.deck[r], bids: Array.from(st.bids.subarray(r * st.seats, (r + 1) * st.seats)) });
    return { seat, prize: st.up ? st.deck[st.round - 1] : null, hand: hand(st, seat), rounds, points: Array.from(st.points) };
  },
  seatState(st, _seat, into, dice) {
    goofspiel.copy(st, into);
    // The prizes not yet up are in an order nobody knows: put in order (so nothing of the real one
    // is left), then shuffled anew from the seat's own dice.
    into.deck.subarray(st.round).sort();
    shuffleRest(into.deck, st.round, dice);
    for (let i = 0; i < 4; i++) into.dice[i] = sfc32Next(dice, 0);
    if ((into.dice[0] | into.dice[1] | into.dice[2] | into.dice[3]) === 0) into.dice[0] = 1;
  },

  parse(_st, seat, kind, raw): Parsed<GoofAction> {
    if (kind !== 'bid') return { ok: false, error: new HavocError('ERR_DECISION', where(seat, kind), `Goofspiel has one decision, "bid", not "${kind}"`) };
    const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\s*\d+\s*$/.test(raw) ? Number(raw) : NaN;
    if (!Number.isInteger(n) || n < 1 || n > CARDS) return { ok: false, error: new HavocError('ERR_ACTION', where(seat, kind), `a bid is a card, a whole number from 1 to ${CARDS}, not ${JSON.stringify(raw)}`) };
    return { ok: true, value: n };
  },
  check(st, seat, kind, action) {
    const at = where(seat, kind);
    if (over(st)) return new HavocError('ERR_TURN', at, 'the game is over');
    if (!st.up) return new HavocError('ERR_TURN', at, 'no prize is up yet');
    if (seat < 0 || seat >= st.seats) return new HavocError('ERR_TURN', at, 'no such seat');
    if (kind !== 'bid') return new HavocError('ERR_DECISION', at, `Goofspiel has one decision, "bid", not "${kind}"`);
    return holds(st, seat, action) ? null : new HavocError('ERR_ACTION', at, `${action} is not in the hand (${hand(st, seat).join(' ')})`);
  },
  format: (_st, _seat, _kind, action) => String(action),
  // The cards in the hand, lowest first; none when no prize is up.
  legal: (st, seat, kind) => listedActions(kind === 'bid' && st.up && seat >= 0 && seat < st.seats ? hand(st, seat) : []),

  recorder: (_state, onRecord) => new GoofRecorder(onRecord),
  describeGame: (game) => ({ seats: game.seats }),
  gameFromDescription(desc, at) {
    const d = desc as { seats?: unknown } | null;
    if (typeof d !== 'object' || d === null || Array.isArray(d)) throw new HavocError('ERR_REPLAY', at, 'must be an object {"seats": N}');
    if (d.seats !== 2 && d.seats !== 3 && d.seats !== 4) throw new HavocError('ERR_REPLAY', `${at}.seats`, `Goofspiel is for 2 to 4 seats, not ${JSON.stringify(d.seats)}`);
    return { seats: d.seats };
  },
  // A replay is omniscient: its records show the deck.
  replayRecord: (st, record) => ({ ...record, deck: Array.from(st.deck) }),
};

export default goofspiel;
