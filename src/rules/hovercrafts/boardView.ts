/**
 * A Hovercrafts replay as a board for the report's viewer
 * (GameModule.boardView): a hex board (`board.shape` "hex", its walls), one
 * frame per record — the Energy checks and orders of a turn (step 0), then
 * each phase (step = phase; the end of the game is told on the last) — with each ship's hex, facing and hull, the
 * hexes shot at in the shooter's colour, the ships hit, and every check and
 * event in words.
 */
import type { BoardFrame, BoardView, SeatTable } from '../../core/game.js';
import { isObject } from '../../core/json.js';
import { readShipKey } from './ships.js';
import { checkText, type CheckRecord } from './turn.js';

/** The seat table: each ship's team, its hull left and its other three stats (fixed all game), and its actions of the turn. */
const SEATS: SeatTable = {
  piece: 'ship',
  build: 'team',
  figures: [
    { heading: 'hull', about: 'hull left: its Hull less the damage taken', of: 'hearts' },
    { heading: 'shield', about: 'Shield: added to its die against shots and EMPs', of: 0 },
    { heading: 'ballistic', about: 'Ballistic: added to its die when it shoots', of: 1 },
    { heading: 'energy', about: 'Energy: added to its die for the actions of a turn', of: 2 },
  ],
  program: 'actions this turn',
};

interface Rec {
  t: number;
  p: number;
  orders?: Record<string, string>;
  acts?: Record<string, string>;
  walls?: string[];
  checks: CheckRecord[];
  ev: string[];
  shots: [string, string, boolean, string][];
  ships: [string, string | null, string, number][];
}

const readable = (desc: unknown, records: readonly object[]): desc is { ships: { name: string; seat: string; ship: string; team?: string }[] } =>
  isObject(desc) &&
  Array.isArray(desc.ships) &&
  desc.ships.every((s) => isObject(s) && typeof s.name === 'string') &&
  records.every((r) => isObject(r) && typeof r.t === 'number' && typeof r.p === 'number' && Array.isArray(r.ships) && Array.isArray(r.checks));


/** The board view of a Hovercrafts replay, or null when it is not one this view reads. */
export function hoverBoardView(desc: unknown, records: readonly object[]): BoardView | null {
  if (!readable(desc, records) || records.length === 0) return null;
  const recs = records as Rec[];
  const first = recs[0];
  const walls = first.walls ?? [];
  const names = desc.ships.map((s) => s.name);
  const seats = [...new Set(desc.ships.map((s) => s.seat))];
  const frames: BoardFrame[] = [];
  for (const r of recs) {
    if (r.p < 0 && frames.length) {
      // The end of the game: said on the last phase's frame.
      frames[frames.length - 1].ev.push(...r.ev);
      continue;
    }
    const at = new Map(r.ships.map((x) => [x[0], x]));
    const ev = r.p === 0 ? [`turn ${r.t}: Energy checks`, ...r.checks.map(checkText)] : [...r.ev];
    if (r.p === 0 && r.orders) for (const [seat, o] of Object.entries(r.orders)) ev.push(`${seat} writes ${o}`);
    frames.push({
      t: r.t,
      s: r.p,
      m: names.map((n) => {
        const x = at.get(n);
        return x && x[1] ? [x[1], x[2], x[3], 0, true] : [null, 'E', 0, 0, false];
      }),
      c: r.acts ? Object.fromEntries(Object.entries(r.acts).filter(([, a]) => a !== '-')) : {},
      hot: (r.shots ?? []).flatMap(([by, , , c]) => {
        const i = names.indexOf(by);
        return i >= 0 ? [[i, c] as [number, string]] : [];
      }),
      hit: [...new Set((r.shots ?? []).filter((s) => s[2]).map((s) => names.indexOf(s[1])).filter((i) => i >= 0))],
      mines: [],
      ev,
    });
  }
  const first0 = frames[0];
  first0.t = 0;
  const cells = walls.flatMap((row, r) => [...row].flatMap((ch, c) => (ch === '#' ? [String.fromCharCode(97 + c) + (r + 1)] : [])));
  return {
    board: { width: walls[0]?.length ?? 0, height: walls.length, shape: 'hex', note: 'A hex shot at has the colour of the ship firing at it; pips under a ship are its hull left (red), a red ring a hit this phase; a dark hex is a wall.', walls: cells, seats: SEATS },
    pieces: desc.ships.map((s) => {
      const stats = readShipKey(s.ship);
      return { name: s.name, loadout: s.ship, loadoutName: `${s.team ?? s.seat} (${s.seat})`, seat: seats.indexOf(s.seat), ...(stats ? { figures: stats.slice(1) } : {}) };
    }),
    frames,
  };
}
