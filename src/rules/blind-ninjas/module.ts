/**
 * What Blind Ninjas? behind the game interface (src/core/game.ts): one seat
 * decides at a time (`orders`), no chance, hidden information through
 * `observe` and `seatState` (knowledge.ts). The rules' readings are in
 * docs/rules-blind-ninjas.md.
 */
import { HavocError } from '../../core/errors.js';
import { dataBinder, sharedOutcome, type DataFile, type GameModule, type GameNode, type Outcome, type Parsed } from '../../core/game.js';
import type { Rng } from '../../core/rng.js';
import { type BnObservation, observeSeat, seatView, stateJson } from './knowledge.js';
import { ahead, type BnGame, describeRoom, makeRoom, NINJAS, placedRoom, SEAT_NAMES } from './room.js';
import { checkOrders, DECISION, formatOrders, makeOrders, MOVE, type Orders, parseOrders, SLASH, STAND, standOrders, TURN } from './orders.js';
import { legalOrders } from './legal.js';
import { BnRecorder, drawRoom, roomBoardView, turnRecord } from './record.js';
import { BnState, copyState, END_REASONS, FIGURES, ranksOf, RUNNING } from './state.js';
import { playTurn, type TurnEvents } from './turn.js';
import { defaultRoomFile, defaultRoomPath, parseRoomFile, type RoomFile } from './rules.js';

/** The one build: four ninjas. */
export type BnBuild = 'ninjas';

/** The nodes, made once (a simulation asks for a node every turn). */
const TERMINAL: GameNode = Object.freeze({ kind: 'terminal' });
const SEAT_NODES: readonly GameNode[] = [0, 1, 2, 3].map((seat) => Object.freeze({ kind: 'seat', seat }));

const seatWhere = (seat: number, kind: string): string => `seat ${SEAT_NAMES[seat] ?? seat} ${kind}`;

export type BlindNinjasModule = GameModule<BnGame, BnState, Orders, BnObservation, BnBuild>;

/** The room file: the starts' readings (rules.ts), configs/blind-ninjas-room.json or a run's own (`parts`). */
const ROOM_FILE: DataFile = {
  title: 'What Blind Ninjas? room file',
  defaultPath: defaultRoomPath,
  parse: (text, path) => parseRoomFile(text, path),
  hash: (data) => (data as RoomFile).hash,
};

/** The module bound to a room file (its rules for the starts); without one, the shipped file's, read when first needed. */
export function blindNinjasFor(file?: RoomFile): BlindNinjasModule {
  const room = (): RoomFile => file ?? defaultRoomFile();
  const mod: BlindNinjasModule = {
    id: 'blind-ninjas',
    title: 'What Blind Ninjas?',
    version: 'blind-ninjas-1',
    seats: { min: 2, max: 4 },
    figures: FIGURES,
    builds: {
      fixed: { name: 'ninjas', build: 'ninjas' },
      check: (raw, where) =>
        raw === 'ninjas' ? { ok: true, value: 'ninjas' } : { ok: false, error: new HavocError('ERR_BUILD', where, 'What Blind Ninjas? has one build: "ninjas" (four ninjas a player)') },
      key: () => 'ninjas',
      cost: () => 0,
    },

    data: ROOM_FILE,
    withData: dataBinder(room, () => mod, blindNinjasFor),

    makeGame({ builds, turnLimit }) {
      builds.forEach((b, i) => {
        const c = mod.builds!.check(b, `builds[${i}]`);
        if (!c.ok) throw c.error;
      });
      return makeRoom(builds.length, turnLimit, room().rules);
    },
    seatCount: (g) => g.players,
    seatName: (_g, seat) => SEAT_NAMES[seat] ?? `#${seat}`,
    newState: (g) => new BnState(g),
    copy: copyState,

    node: (st) => (st.end !== RUNNING ? TERMINAL : SEAT_NODES[st.toAct]),
    decision: () => DECISION,
    chance: () => {},
    apply(st, actions, _answer, recorder) {
      if (st.end !== RUNNING) return;
      const seat = st.toAct;
      const o = (actions[seat] as Orders | null | undefined) ?? null;
      if (!(recorder instanceof BnRecorder)) return playTurn(st, seat, o);
      const round = st.round + 1, heardFrom = st.heardLen, outBefore = st.out.slice();
      const orders = formatOrders(o ?? standOrders(st, seat));
      const ev: TurnEvents = { slashers: [], slain: [] };
      playTurn(st, seat, o, ev);
      recorder.onRecord(turnRecord(st, seat, round, orders, heardFrom, outBefore, ev, st.end !== RUNNING ? END_REASONS[st.end] : null));
    },
    result(st): Outcome | null {
      if (st.end === RUNNING) return null;
      return sharedOutcome(ranksOf(st), END_REASONS[st.end]);
    },
    figureValues: (st) => [Array.from(st.kills), Array.from(st.lost), Array.from(st.slashes)],
    turns: (st) => st.round,

    observe: observeSeat,
    stateJson,
    seatState: (st, seat, into) => seatView(st, seat, into),

    parse(_st, seat, kind, raw): Parsed<Orders> {
      const where = seatWhere(seat, kind);
      if (kind !== DECISION) return { ok: false, error: new HavocError('ERR_DECISION', where, `What Blind Ninjas? has one decision, "${DECISION}", not "${kind}"`) };
      return parseOrders(raw, where);
    },
    legal: legalOrders,
    check(st, seat, kind, action) {
      const where = seatWhere(seat, kind);
      if (st.end !== RUNNING) return new HavocError('ERR_TURN', where, 'the game is over');
      if (seat !== st.toAct) return new HavocError('ERR_TURN', where, `it is ${SEAT_NAMES[st.toAct]}'s turn`);
      if (kind !== DECISION) return new HavocError('ERR_DECISION', where, `What Blind Ninjas? has one decision, "${DECISION}", not "${kind}"`);
      return checkOrders(st, seat, action, where);
    },
    format: (_st, _seat, _kind, action) => formatOrders(action),
    forfeit: (st, seat) => standOrders(st, seat),

    botContext: (game) => ({ blindNinjas: { game } }),
    recorder: (_state, onRecord) => new BnRecorder(onRecord),
    scenario(json, file) {
      const players = json.players ?? (Array.isArray(json.ninjas) ? json.ninjas.length : 2);
      const board = (json.board ?? {}) as { width?: unknown; height?: unknown };
      if (typeof board !== 'object' || board === null) throw new HavocError('ERR_SCENARIO', `${file}: board`, 'must be {"width": W, "height": H}');
      return placedRoom(
        { players, width: board.width, height: board.height, ninjas: json.ninjas, turnLimit: json.turnLimit, rules: json.rules },
        `${file}: `,
        'ERR_SCENARIO',
        room().rules,
      );
    },
    scenarioFields: ['players', 'board', 'ninjas', 'rules', 'turnLimit'],
    describeGame: describeRoom,
    gameFromDescription(desc, where) {
      const d = desc as { players?: unknown; board?: { width?: unknown; height?: unknown }; ninjas?: unknown; turnLimit?: unknown } | null;
      if (typeof d !== 'object' || d === null) throw new HavocError('ERR_REPLAY', where, 'must be the game object a replay holds');
      return placedRoom({ players: d.players, width: d.board?.width, height: d.board?.height, ninjas: d.ninjas, turnLimit: d.turnLimit }, `${where}.`, 'ERR_REPLAY');
    },

    // The random player: random legal orders of its view (randomOrders: each living ninja Move, Turn, Stand or Slash!, at even odds among the legal).
    // How it shows itself to people (core/game.ts Presentation).
    present: {
      show: (st) => drawRoom(st),
      describeSeat: (g, seat) => {
        const alive = describeRoom(g).ninjas[seat].filter((x) => x !== null);
        return `${SEAT_NAMES[seat]}: ${alive.length} ninja${alive.length === 1 ? '' : 's'}, ${alive.map(([q, f]) => `${q}${f}`).join(' ')}`;
      },
      legend: () => [
        ['1M … 4M', 'the ninja moves one square ahead (never off the room, never onto its own side\'s ninja)'],
        ['TN TE TS TW', 'turns to face north, east, south or west'],
        ['S', 'stands'],
        ['X', 'Slash! at the square ahead: every ninja there is slain; everyone hears the square and who grunts'],
      ],
      boardView: roomBoardView,
    },
    randomBot: (_game, seat, rng) => ({ orders: (_obs, view) => formatOrders(randomOrders(view.state, seat, rng)) }),
    randomAction: (st, seat, _kind, rng) => randomOrders(st, seat, rng),
    playoutAction: (st, seat, _kind, rng) => playoutOrders(st, seat, rng),
  };
  return mod;
}

export const blindNinjasModule = blindNinjasFor();

/** Per seat: orders a playout reuses, and the scratch it draws them with. */
const playoutBufs = SEAT_NAMES.map(() => ({ count: 0, ninja: new Int8Array(NINJAS), code: new Int8Array(NINJAS) }));
const pSq = new Int16Array(NINJAS), pOrder = new Int8Array(NINJAS), pCode = new Int8Array(NINJAS);

/** `randomOrders`, drawn the same way, into the seat's buffer (valid until the seat's next): no allocation. */
function playoutOrders(st: BnState, seat: number, rng: Rng): Orders {
  const b = st.game.board, base = seat * NINJAS, out = playoutBufs[seat];
  for (let k = 0; k < NINJAS; k++) (pSq[k] = st.sq[base + k]), (pOrder[k] = k), (pCode[k] = -1);
  for (let i = NINJAS - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    const t = pOrder[i];
    pOrder[i] = pOrder[j];
    pOrder[j] = t;
  }
  for (let i = 0; i < NINJAS; i++) {
    const k = pOrder[i];
    if (pSq[k] < 0) continue;
    const front = ahead(b, pSq[k], st.facing[base + k]);
    const choice = rng.int(4);
    if (choice === 0 && front >= 0 && !pSq.includes(front)) {
      pSq[k] = front;
      pCode[k] = MOVE;
    } else if (choice === 1 && front >= 0) pCode[k] = SLASH;
    else if (choice === 2) pCode[k] = TURN + rng.int(4);
    else pCode[k] = STAND;
  }
  // As makeOrders lays them out: the others in the order drawn, then the slashes in the order drawn.
  let c = 0;
  for (const slash of [false, true])
    for (let i = 0; i < NINJAS; i++) {
      const k = pOrder[i];
      if (pCode[k] < 0 || (pCode[k] === SLASH) !== slash) continue;
      out.ninja[c] = k;
      out.code[c++] = pCode[k];
    }
  out.count = c;
  return out;
}

/**
 * Random legal orders: each living ninja, in a random order, draws Move,
 * Stand, Slash! or Turn (a random facing) among those legal when its turn
 * comes; slashes go last, as the rules carry them out.
 */
export function randomOrders(st: BnState, seat: number, rng: Rng): Orders {
  const b = st.game.board, base = seat * NINJAS;
  const sq = [st.sq[base], st.sq[base + 1], st.sq[base + 2], st.sq[base + 3]];
  const order = [0, 1, 2, 3];
  for (let i = 3; i > 0; i--) {
    const j = rng.int(i + 1);
    [order[i], order[j]] = [order[j], order[i]];
  }
  const pairs: [number, number][] = [];
  const slashes: [number, number][] = [];
  for (const k of order) {
    if (sq[k] < 0) continue;
    const f = st.facing[base + k];
    const front = ahead(b, sq[k], f);
    const choice = rng.int(4);
    if (choice === 0 && front >= 0 && !sq.includes(front)) {
      sq[k] = front;
      pairs.push([k, MOVE]);
    } else if (choice === 1 && front >= 0) slashes.push([k, SLASH]);
    else if (choice === 2) pairs.push([k, TURN + rng.int(4)]);
    else pairs.push([k, STAND]);
  }
  // A slash's square is fixed by where its ninja ends up: a ninja that slashes does not move, so `front` stays right.
  return makeOrders([...pairs, ...slashes]);
}
