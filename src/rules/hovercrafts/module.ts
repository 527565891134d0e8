/**
 * Hovercrafts behind the game interface (src/core/game.ts).
 *
 * A seat commands a fleet (its build: 1 to 5 ships) of one team; seats
 * alternate Zion and the Machines, so a 2-seat game is fleet against fleet
 * (2v2 with two ships each) and a 4-seat game is two players a team, each
 * with a bot of its own. Each turn is a chance node (every ship's Energy
 * check: its number of actions) then one simultaneous decision, `program`:
 * each seat writes one program per ship (actions.ts). Results rank teams:
 * the winning team's seats share first place.
 */
import { HavocError, type ErrorCode } from '../../core/errors.js';
import { dataBinder, ranksOf, sharedOutcome, sharedRanks, type DataFile, type GameModule, type GameNode, type Outcome, type Parsed, type Recorder } from '../../core/game.js';
import { HEX_FACINGS, hexName } from '../../core/hex.js';
import { isObject } from '../../core/json.js';
import { makeRng, sfc32Next, type Rng } from '../../core/rng.js';
import { ACTION_COUNT, ACTION_MEANINGS, ACTION_WORDS, EMP, LAND, readOrder, writeOrder, type Order } from './actions.js';
import { hoverBoardView } from './boardView.js';
import { legalOrders } from './legal.js';
import { hoverRandomBot } from './randomBot.js';
import { describeSeatOf, gameOfFleets, TEAMS, type HoverGame } from './game.js';
import { wallRows } from './map.js';
import { describeHoverGame, readGame, SCENARIO_FIELDS } from './scenario.js';
import {
  allShips,
  checkFleet,
  defaultSettings,
  defaultSettingsPath,
  type Fleet,
  fleetCost,
  fleetKey,
  fleetNeighbours,
  type HoverSettings,
  parseSettings,
  settingsPrices,
  shipKey,
  STATS,
} from './ships.js';
import { copyHoverState, DRAWN, HoverState, hullLeft, newHoverState, TURN_LIMIT, WON } from './state.js';
import { checkText, playPhases, rollEnergy, type CheckRecord } from './turn.js';

/** Changes whenever a rule changes what a match does. */
export const HOVERCRAFTS_VERSION = '2';

/** What a seat sees: everything (the game has no secrets but the orders being written). */
export interface HoverObservation {
  readonly seat: number;
  readonly team: string;
  readonly turn: number;
  readonly map: { readonly width: number; readonly height: number; readonly walls: readonly string[] };
  readonly ships: readonly {
    readonly name: string;
    readonly team: string;
    readonly seat: string;
    /** Its hex, or null once out of the game. */
    readonly at: string | null;
    readonly facing: string;
    /** Hull left. */
    readonly hull: number;
    readonly stats: Readonly<Record<string, number>>;
    /** Actions this turn. */
    readonly actions: number;
  }[];
  /** The indices (in `ships`) of this seat's ships, in the order its programs are written. */
  readonly mine: readonly number[];
}

/** What a Hovercrafts bot's factory gets besides seat, RNG and budget. */
export interface HoverContext {
  readonly hovercrafts: HoverGame;
}

class HoverRecorder implements Recorder {
  readonly ruleset = 'hovercrafts';
  constructor(readonly onRecord: (record: object) => void) {}
}

/** A finished game's places per seat, written before the shared list is looked up. */
const places: number[] = [];

const TERMINAL: GameNode = { kind: 'terminal' };
const CHANCE: GameNode = { kind: 'chance' };

const where = (g: HoverGame, seat: number, kind: string): string => `seat ${g.seatNames[seat] ?? seat} ${kind}`;
const problem = (code: ErrorCode, at: string, text: string): { ok: false; error: HavocError } => ({ ok: false, error: new HavocError(code, at, text) });

/** The node of each set of seats with a ship on the map (a bit each), made once: a search asks for nodes by the million. */
const SIMULTANEOUS = new Map<number, GameNode>();
function simultaneous(st: HoverState): GameNode {
  const g = st.game;
  let mask = 0;
  for (let s = 0; s < g.ships; s++) if (st.out[s] === 0) mask |= 1 << g.seatOf[s];
  let node = SIMULTANEOUS.get(mask);
  if (!node) {
    const seats: number[] = [];
    for (let seat = 0; seat < 16; seat++) if (mask & (1 << seat)) seats.push(seat);
    SIMULTANEOUS.set(mask, (node = Object.freeze({ kind: 'simultaneous' as const, seats: Object.freeze(seats) })));
  }
  return node;
}

/** The seats with a ship on the map. */
function actingSeats(st: HoverState): number[] {
  const g = st.game, out: number[] = [];
  for (let seat = 0; seat < g.seats; seat++) if (g.seatShips[seat].some((s) => st.out[s] === 0)) out.push(seat);
  return out;
}

/** Whether an order fits the seat now: a program per ship, each as long as its actions; a problem otherwise. */
function orderProblem(st: HoverState, seat: number, order: Order): string | null {
  const g = st.game, ships = g.seatShips[seat];
  if (order.length !== ships.length) return `seat ${g.seatNames[seat]} commands ${ships.length} ship${ships.length > 1 ? 's' : ''} (${ships.map((s) => g.shipName[s]).join(', ')}): write one program each, separated by "/"`;
  for (const [i, s] of ships.entries()) {
    const prog = order[i];
    if (!Array.isArray(prog) || prog.some((a) => !Number.isInteger(a) || a < 0 || a >= ACTION_COUNT)) return `program ${i + 1} is not a list of actions`;
    const want = st.out[s] ? 0 : st.actions[s];
    if (prog.length !== want)
      return st.out[s] ? `${g.shipName[s]} is out of the game: write "-"` : `${g.shipName[s]} has ${want} actions this turn, and its program has ${prog.length}`;
    if (g.options.secondEmp === 'refuse' && prog.filter((a) => a === EMP).length > 1) return `${g.shipName[s]} may use its EMP once a turn`;
  }
  return null;
}

const statsOf = (g: HoverGame, s: number): Record<string, number> => Object.fromEntries(STATS.map((k, i) => [k, g.stats[4 * s + i]]));

/** Hovercrafts with these ship settings. */
export function hovercraftsModule(settings: HoverSettings = defaultSettings()): GameModule<HoverGame, HoverState, Order, HoverObservation, Fleet> {
  const ships = allShips(settings);
  const mod: GameModule<HoverGame, HoverState, Order, HoverObservation, Fleet> = {
    id: 'hovercrafts',
    title: 'Hovercrafts',
    version: HOVERCRAFTS_VERSION,
    seats: { min: 2, max: 10 },
    // Seats alternate teams (game.ts): A Zion, B the Machines, C Zion, …
    sideOf: (seat) => seat % 2,
    sides: TEAMS,
    scriptedDice: (st) => (st.game.dice.length ? { given: st.game.dice.length, used: st.script, overrun: st.overrun } : null),
    // A scenario's ships name their teams: a seat plays on its ships' team.
    seatSide: (g, seat) => g.seatTeam[seat],
    figures: ['dealt'],
    builds: {
      check: (raw, at) => checkFleet(settings, raw, at),
      name: (f) => [...settings.fleets].find(([, v]) => fleetKey(v) === fleetKey(f))?.[0] ?? fleetKey(f),
      named: () => ({ ok: true, value: settings.fleets }),
      key: fleetKey,
      cost: (f) => fleetCost(settings, f),
      // Sweeps draw one-ship fleets (every seat a player, as the rulebook plays): any number of seats up to 10 fits two teams.
      sample: (count, seed) => {
        const rng = makeRng(seed);
        return Array.from({ length: count }, () => [ships[rng.int(ships.length)]]);
      },
      enumerate: () => ships.map((s) => [s]),
      count: () => ships.length,
      neighbours: (f) => fleetNeighbours(settings, f),
      // What the settings price: each point of a stat above the base ship's, in every ship of the fleet.
      components: (f) => f.flatMap((s) => STATS.flatMap((name, i) => Array<string>(Math.max(0, s[i] - settings.base[i])).fill(name))),
      listing: () => new Map(STATS.map((name, i) => [name, { cost: settings.cost[i], category: 'upgrade' }])),
    },

    makeGame({ builds, turnLimit }) {
      const fleets = builds.map((b, i) => {
        const c = checkFleet(settings, b, `builds[${i}]`);
        if (!c.ok) throw c.error;
        return c.value;
      });
      return gameOfFleets(fleets, settings, turnLimit);
    },
    seatCount: (g) => g.seats,
    seatName: (g, seat) => g.seatNames[seat] ?? `#${seat}`,
    newState: (g, seed) => newHoverState(g, seed),
    copy: copyHoverState,

    node: (st) => (st.over ? TERMINAL : !st.rolled ? CHANCE : simultaneous(st)),
    decision: () => 'program',
    chance(st) {
      if (!st.over && !st.rolled) rollEnergy(st, null);
    },
    apply(st, actions, _answer, recorder) {
      if (st.over || !st.rolled) return;
      // Actions come checked; a missing or short program lands (turn.ts), so apply never throws.
      if (recorder instanceof HoverRecorder) recordedTurn(st, actions, recorder, mod);
      else playPhases(st, actions, null);
    },
    result(st): Outcome | null {
      if (!st.over) return null;
      const g = st.game;
      if (st.over !== WON) return sharedOutcome(ranksOf(g.seats, null), st.over === TURN_LIMIT ? 'turn-limit' : 'mutual-destruction');
      for (let s = 0; s < g.seats; s++) places[s] = g.seatTeam[s] === st.winner ? 0 : 1;
      return sharedOutcome(sharedRanks(places, g.seats), 'kill');
    },
    figureValues: (st) => [Array.from(st.dealt)],
    turns: (st) => st.turn,

    stateJson(st) {
      const g = st.game;
      return {
        turn: st.turn + 1,
        walls: wallRows(g.hex, st.walls),
        ships: g.shipName.map((name, s) => ({
          name,
          team: TEAMS[g.team[s]],
          at: st.out[s] ? null : hexName(g.hex, st.cell[s]),
          facing: HEX_FACINGS[st.facing[s]],
          damage: st.damage[s],
          hull: st.out[s] ? 0 : hullLeft(st, s),
          out: st.out[s] === 1 ? 'destroyed' : st.out[s] === 2 ? 'left the map' : null,
          actions: st.out[s] || !st.rolled ? 0 : st.actions[s],
        })),
      };
    },
    observe(st, seat): HoverObservation {
      const g = st.game;
      return {
        seat,
        team: TEAMS[g.seatTeam[seat]],
        turn: st.turn + 1,
        map: { width: g.hex.width, height: g.hex.height, walls: wallRows(g.hex, st.walls) },
        ships: g.shipName.map((name, s) => ({
          name,
          team: TEAMS[g.team[s]],
          seat: g.seatNames[g.seatOf[s]],
          at: st.out[s] ? null : hexName(g.hex, st.cell[s]),
          facing: HEX_FACINGS[st.facing[s]],
          hull: st.out[s] ? 0 : hullLeft(st, s),
          stats: statsOf(g, s),
          actions: st.out[s] ? 0 : st.actions[s],
        })),
        mine: [...g.seatShips[seat]],
      };
    },
    seatState(st, _seat, into, dice) {
      copyHoverState(st, into);
      // The seat's own dice, and none of a scenario's script: a simulation never foresees a real roll.
      for (let i = 0; i < 4; i++) into.dice[i] = sfc32Next(dice, 0);
      if ((into.dice[0] | into.dice[1] | into.dice[2] | into.dice[3]) === 0) into.dice[0] = 1;
      into.script = st.game.dice.length;
    },

    parse(st, seat, kind, raw): Parsed<Order> {
      const g = st.game, at = where(g, seat, kind);
      if (kind !== 'program') return problem('ERR_DECISION', at, `Hovercrafts has one decision, "program", not "${kind}"`);
      if (typeof raw !== 'string') return problem('ERR_PROGRAM', at, `an order is text like "Move Move Left" (one program per ship, separated by "/"), not ${raw === null ? 'null' : typeof raw}`);
      const o = readOrder(raw);
      if (typeof o === 'string') return problem('ERR_PROGRAM', at, o);
      if (seat < 0 || seat >= g.seats) return problem('ERR_TURN', at, 'no such seat');
      if (o.length !== g.seatShips[seat].length) return problem('ERR_PROGRAM', at, orderProblem(st, seat, o) ?? 'wrong number of programs');
      return { ok: true, value: o };
    },
    legal: legalOrders,
    check(st, seat, kind, order) {
      const g = st.game, at = where(g, seat, kind);
      if (st.over) return new HavocError('ERR_TURN', at, 'the game is over');
      if (!st.rolled) return new HavocError('ERR_TURN', at, 'the Energy checks are not made yet');
      if (kind !== 'program') return new HavocError('ERR_DECISION', at, `Hovercrafts has one decision, "program", not "${kind}"`);
      if (!actingSeats(st).includes(seat)) return new HavocError('ERR_TURN', at, 'this seat has no ship on the map');
      const p = Array.isArray(order) ? orderProblem(st, seat, order) : 'not an order';
      return p ? new HavocError('ERR_PROGRAM_LENGTH', at, p) : null;
    },
    format: (_st, _seat, _kind, order) => writeOrder(order),
    forfeit: (st, seat) => forfeitOrder(st, seat),

    botContext: (g): Record<string, unknown> => ({ hovercrafts: g }),
    recorder: (_state, onRecord) => new HoverRecorder(onRecord),

    scenario: (json, file) => readGame(json, file, settings),
    scenarioFields: SCENARIO_FIELDS,
    describeGame: (g) => describeHoverGame(g),
    gameFromDescription(desc, at) {
      if (!isObject(desc)) throw new HavocError('ERR_REPLAY', at, 'must be a Hovercrafts game (map, ships, options, turnLimit)');
      // A description is a game the engine made, perhaps under a run's own settings: its ships' stats are read as they are, whatever this module's limits.
      return readGame(desc, at, { ...settings, base: [1, 0, 0, 0], max: [99, 99, 99, 99] }, 'ERR_REPLAY');
    },
    // How it shows itself to people (core/game.ts Presentation).
    present: {
      show: (_st, record) => showRecord(record),
      describeSeat: describeSeatOf,
      legend: () => ACTION_MEANINGS,
      boardView: hoverBoardView,
      // A replay's record drawn from itself alone (the game has no secrets, so every view is the same).
      showRecord: (_desc, record) => (record ? showRecord(record) : 'start'),
    },
    randomBot: hoverRandomBot,
    randomAction: (st, seat, _kind, rng) => randomOrder(st, seat, rng),
    playoutAction: (st, seat, _kind, rng) => playoutOrder(st, seat, rng),

    data: SETTINGS_FILE,
    withData: dataBinder(() => settings, () => mod, hovercraftsModule),
  };
  return mod;
}

/** A turn played with its records: the orders and Energy checks, each phase, and the end (kept apart from apply, whose simulations allocate nothing). */
function recordedTurn(st: HoverState, orders: readonly (Order | null)[], rec: HoverRecorder, mod: GameModule<HoverGame, HoverState, Order, HoverObservation, Fleet>): void {
  const g = st.game;
  const t = st.turn + 1;
  const checks: CheckRecord[] = [];
  for (let s = 0; s < g.ships; s++) {
    if (st.out[s]) continue;
    const c: CheckRecord = { who: g.shipName[s], stat: 'energy', die: st.energyDie[s], result: st.actions[s], for: 'actions' };
    if (g.dice.length) c.source = st.energySource[s] >= 0 ? `dice[${st.energySource[s]}]` : 'seeded';
    checks.push(c);
  }
  const written: Record<string, string> = {};
  for (const seat of actingSeats(st)) {
    const o = orders[seat];
    written[g.seatNames[seat]] = writeOrder(Array.isArray(o) && orderProblem(st, seat, o) === null ? o : forfeitOrder(st, seat));
  }
  rec.onRecord({ t, p: 0, orders: written, checks, ev: [], shots: [], ships: shipRows(st), ...(st.turn === 0 ? { walls: wallRows(g.hex, st.walls) } : {}) });
  playPhases(st, orders, (p, act, log) =>
    rec.onRecord({
      t,
      p: p + 1,
      acts: Object.fromEntries(g.shipName.map((n, s) => [n, act[s] < 0 ? '-' : ACTION_WORDS[act[s]]])),
      checks: log.checks,
      ev: log.ev,
      shots: log.shots.map(([a, b, hit, c]) => [g.shipName[a], g.shipName[b], hit, hexName(g.hex, c)]),
      ships: shipRows(st),
    }),
  );
  if (st.over) {
    const o = mod.result(st)!;
    const text = st.over === WON ? `${TEAMS[st.winner]} wins` : st.over === DRAWN ? 'every ship is out: a draw' : `turn limit (${g.turnLimit}): a draw`;
    rec.onRecord({ t: st.turn, p: -1, end: o.reason, ev: [text], checks: [], shots: [], ships: shipRows(st) });
  }
}

/** Every ship lands for every action: a seat's forfeit. */
function forfeitOrder(st: HoverState, seat: number): Order {
  return st.game.seatShips[seat].map((s) => new Array<number>(st.out[s] ? 0 : st.actions[s]).fill(LAND));
}

/** A random order: every action of every ship drawn uniformly. */
export function randomOrder(st: HoverState, seat: number, rng: Rng): Order {
  return st.game.seatShips[seat].map((s) => Array.from({ length: st.out[s] ? 0 : st.actions[s] }, () => rng.int(ACTION_COUNT)));
}

/** Per game: per seat, an order a playout reuses: per ship, a program of each length (made once, when first needed). */
const playoutBufs = new WeakMap<HoverGame, number[][][][]>();

/** `randomOrder`, drawn the same way, into the seat's buffers (valid until the seat's next): no allocation once warm. */
function playoutOrder(st: HoverState, seat: number, rng: Rng): Order {
  const g = st.game;
  let bufs = playoutBufs.get(g);
  if (!bufs) playoutBufs.set(g, (bufs = g.seatShips.map((ships) => ships.map(() => []))));
  const mine = g.seatShips[seat], byShip = bufs[seat], order = playoutOrders[seat] ?? (playoutOrders[seat] = []);
  order.length = mine.length;
  for (let i = 0; i < mine.length; i++) {
    const s = mine[i], k = st.out[s] ? 0 : st.actions[s];
    const prog = byShip[i][k] ?? (byShip[i][k] = new Array<number>(k).fill(0));
    for (let a = 0; a < k; a++) prog[a] = rng.int(ACTION_COUNT);
    order[i] = prog;
  }
  return order;
}
/** Per seat: the order array a playout reuses. */
const playoutOrders: number[][][] = [];

/** Per ship: [name, hex or null, facing, hull left]. */
function shipRows(st: HoverState): [string, string | null, string, number][] {
  const g = st.game;
  return g.shipName.map((n, s) => [n, st.out[s] ? null : hexName(g.hex, st.cell[s]), HEX_FACINGS[st.facing[s]], st.out[s] ? 0 : hullLeft(st, s)]);
}

/** A record for a terminal: its checks and events. */
function showRecord(record: object): string {
  const r = record as { t: number; p: number; orders?: Record<string, string>; acts?: Record<string, string>; checks: CheckRecord[]; ev: string[]; ships: [string, string | null, string, number][] };
  const lines: string[] = [];
  if (r.p === 0) {
    lines.push(`turn ${r.t}`);
    for (const c of r.checks) lines.push(`  ${checkText(c)}`);
    for (const [seat, o] of Object.entries(r.orders ?? {})) lines.push(`  ${seat}: ${o}`);
    return lines.join('\n');
  }
  if (r.p < 0) return `end of turn ${r.t}: ${r.ev.join('; ')}`;
  lines.push(`  phase ${r.p}: ${Object.entries(r.acts ?? {}).map(([n, a]) => `${n} ${a}`).join(', ')}`);
  for (const e of r.ev) lines.push(`    ${e}`);
  lines.push(`    ${r.ships.map(([n, at, f, h]) => (at ? `${n} ${at} ${f} hull ${h}` : `${n} out`)).join(', ')}`);
  return lines.join('\n');
}

/** The ship settings: configs/hovercrafts-ships.json, or a run's own (`parts`). */
const SETTINGS_FILE: DataFile = {
  title: 'Hovercrafts ship settings',
  defaultPath: defaultSettingsPath,
  parse: (text, path) => parseSettings(text, path),
  hash: (data) => (data as HoverSettings).hash,
  prices: settingsPrices,
};

export const hoverModule = hovercraftsModule();
