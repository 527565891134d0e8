/**
 * Records, replays and the viewer's board. A record is one player's turn as
 * the arena's (omniscient) trace keeps it: the orders, the slashes with the
 * ninjas they slew and who grunted, who went out, and where every ninja
 * stands after it. `roomBoardView` turns a replay into the viewer's frames;
 * `drawRoom` draws a state as text (`havoc scenario --board`).
 */
import { FACINGS, squareName } from '../../core/grid.js';
import type { BoardFrame, BoardView, Recorder, SeatTable } from '../../core/game.js';
import { isObject } from '../../core/json.js';
import { type BnGameDescription, NINJAS, ninjaName, SEAT_NAMES } from './room.js';
import { type BnState, H_GRUNTS, H_SQ, HEARD_STRIDE } from './state.js';
import type { TurnEvents } from './turn.js';
import { heardViews } from './seatViews.js';

/** One slash in a record. */
export interface SlashRecord {
  ninja: string;
  square: string;
  /** The ninjas it slew. */
  slain: string[];
  /** The players who grunted; empty: it swished. */
  grunts: string[];
}

/** One turn's record. */
export interface TurnRecord {
  round: number;
  seat: string;
  orders: string;
  slashes: SlashRecord[];
  /** Players who went out this turn. */
  out: string[];
  /** Every ninja after the turn, in seat order (A1…A4, B1…): `[square, facing]`, or null once slain. */
  ninjas: ([string, string] | null)[];
  /** The game's end reason, on the last turn. */
  end?: string;
}

export class BnRecorder implements Recorder {
  readonly ruleset = 'blind-ninjas';
  constructor(readonly onRecord: (record: object) => void) {}
}

/** Where every ninja stands: `[square, facing]` or null. */
export const ninjaPlaces = (st: BnState): ([string, string] | null)[] =>
  Array.from(st.sq, (q, i) => (q >= 0 ? [squareName(st.game.board, q), FACINGS[st.facing[i]]] : null));

/** The record of the turn just played in round `round` (1-based): `heardFrom` the log's length before it, `outBefore` who was out before it. */
export function turnRecord(st: BnState, seat: number, round: number, orders: string, heardFrom: number, outBefore: Uint8Array, ev: TurnEvents, end: string | null): TurnRecord {
  const b = st.game.board, n = st.game.players;
  const slashes: SlashRecord[] = [];
  for (let j = heardFrom; j < st.heardLen; j++) {
    const h = j * HEARD_STRIDE, g = st.heard[h + H_GRUNTS];
    const grunts: string[] = [];
    for (let v = 0; v < n; v++) if (g & (1 << v)) grunts.push(SEAT_NAMES[v]);
    slashes.push({ ninja: ninjaName(ev.slashers[j - heardFrom]), square: squareName(b, st.heard[h + H_SQ]), slain: ev.slain[j - heardFrom].map(ninjaName), grunts });
  }
  const out: string[] = [];
  for (let v = 0; v < n; v++) if (st.out[v] && !outBefore[v]) out.push(SEAT_NAMES[v]);
  const rec: TurnRecord = { round, seat: SEAT_NAMES[seat], orders, slashes, out, ninjas: ninjaPlaces(st) };
  if (end) rec.end = end;
  return rec;
}

/** A state drawn as text: rank 8 at the top; a square shows the seat letter of the ninja on it, `*` for several players, `.` for none. */
export function drawRoom(st: BnState): string {
  const b = st.game.board, lines: string[] = [];
  for (let r = b.height - 1; r >= 0; r--) {
    let line = String(r + 1).padStart(2) + ' ';
    for (let f = 0; f < b.width; f++) {
      const q = r * b.width + f;
      const here = new Set<number>();
      for (let i = 0; i < st.sq.length; i++) if (st.sq[i] === q) here.add(Math.floor(i / NINJAS));
      line += ' ' + (here.size === 0 ? '.' : here.size > 1 ? '*' : SEAT_NAMES[[...here][0]]);
    }
    lines.push(line);
  }
  lines.push('   ' + Array.from({ length: b.width }, (_, f) => ' ' + String.fromCharCode(97 + f)).join(''));
  return lines.join('\n');
}

/** The seat table: a row a ninja, how many of its player's are alive, and the orders its player gave this turn. A ninja has no hit points (a frame gives it no hearts, so no pips): one slash slays it. */
const SEATS: SeatTable = {
  piece: 'ninja',
  build: null,
  figures: [{ heading: 'ninjas alive', about: "its player's ninjas still alive", of: 'alive' }],
  program: 'orders this turn',
};

/** Whether a description and records have the shape the board view reads. */
function readable(g: unknown, records: readonly object[]): g is BnGameDescription {
  if (!isObject(g) || !Number.isInteger(g.players) || !isObject(g.board) || !Array.isArray(g.ninjas)) return false;
  return records.every((r) => isObject(r) && typeof r.seat === 'string' && typeof r.orders === 'string' && Array.isArray(r.ninjas) && Array.isArray(r.slashes));
}

/** The board view of a replay: a piece a ninja, a frame a turn (slashed squares hot, slain ninjas hit), and the room as each seat heard it (seatViews.ts). */
export function roomBoardView(desc: unknown, records: readonly object[]): BoardView | null {
  if (!readable(desc, records)) return null;
  const g = desc;
  const names: string[] = [];
  const start: BoardFrame['m'] = [];
  g.ninjas.forEach((list, s) =>
    list.forEach((x, k) => {
      names.push(ninjaName(s * NINJAS + k));
      start.push(x ? [x[0], x[1], 0, 0, true] : [null, 'N', 0, 0, false]); // null: slain before the game starts
    }),
  );
  const frames: BoardFrame[] = [{ t: 0, s: 0, m: start, c: {}, hot: [], hit: [], mines: [], ev: ['start'] }];
  let step = 0, round = 0;
  for (const r of records as TurnRecord[]) {
    if (r.round !== round) (round = r.round), (step = 0);
    step++;
    const c: Record<string, string> = {};
    for (const tok of r.orders.split(/\s+/).filter(Boolean)) c[`${r.seat}${tok[0]}`] = tok.slice(1);
    const ev: string[] = [`${r.seat}: ${r.orders}`];
    for (const x of r.slashes) ev.push(`${x.ninja} slashes ${x.square}: ${x.grunts.length ? `${x.grunts.join(', ')} grunt${x.grunts.length > 1 ? '' : 's'}${x.slain.length ? ` (${x.slain.join(', ')} slain)` : ''}` : 'swish'}`);
    for (const p of r.out) ev.push(`${p} is out`);
    if (r.end) ev.push(`the game ends: ${r.end}`);
    frames.push({
      t: r.round,
      s: step,
      m: r.ninjas.map((x, i) => (x ? [x[0], x[1], 0, 0, true] : [null, start[i]?.[1] ?? 'N', 0, 0, false])),
      c,
      hot: r.slashes.map((x): [number, string] => [names.indexOf(x.ninja), x.square]),
      hit: r.slashes.flatMap((x) => x.slain.map((n) => names.indexOf(n))),
      mines: [],
      ev,
    });
  }
  return {
    board: { width: g.board.width, height: g.board.height, seats: SEATS, programs: 'actors', note: "A slashed square has the colour of the slasher's player, a red ring a ninja slain there this turn; “as one seat knew it” shows only that player's own ninjas and the slashes it heard." },
    pieces: names.map((name, i) => ({ name, loadout: 'ninjas', loadoutName: 'ninja', seat: Math.floor(i / NINJAS) })),
    frames,
    seatViews: heardViews(g.players, records as TurnRecord[]),
  };
}
