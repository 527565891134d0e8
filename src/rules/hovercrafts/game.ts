/**
 * A game: the fixed facts of one match, flattened into typed arrays per ship
 * (team, seat, stats, start) beside the map, the seats, the options and the
 * scripted dice of a scenario.
 *
 * Teams: 0 is Zion, 1 the Machines. In a game made from builds (a fleet per
 * seat) seats alternate teams, seat A Zion, seat B the Machines, seat C Zion,
 * …; Zion starts on the left column facing E, the Machines on the right
 * column facing W, each team's ships spread down its column (starts.ts).
 */
import { HavocError } from '../../core/errors.js';
import { HEX_FACINGS, hexName, type HexMap } from '../../core/hex.js';
import { DEFAULT_MAP, type MapSpec } from './map.js';
import type { HoverOptions } from './options.js';
import { type Fleet, MAX_TEAM, type HoverSettings, type Ship, shipKey } from './ships.js';

export const TEAMS = ['Zion', 'Machines'] as const;

/** The turns a game lasts at most before it is a draw, unless a run says otherwise. */
export const DEFAULT_TURN_LIMIT = 30;

/** One ship as a game is made from it. */
export interface ShipSetup {
  readonly name: string;
  readonly team: number;
  readonly seat: number;
  readonly stats: Ship;
  /** Start hex and facing; -1 to place by the default starts. */
  readonly cell: number;
  readonly facing: number;
  /** Damage taken before the game starts (scenarios). */
  readonly damage: number;
}

export interface HoverGame {
  readonly map: MapSpec;
  readonly hex: HexMap;
  readonly ships: number;
  readonly shipName: readonly string[];
  readonly team: Uint8Array;
  readonly seatOf: Uint8Array;
  /** Stats, 4 per ship (STATS order). */
  readonly stats: Uint8Array;
  readonly startCell: Int16Array;
  readonly startFacing: Uint8Array;
  readonly startDamage: Uint8Array;
  readonly seats: number;
  readonly seatNames: readonly string[];
  /** Each seat's ships, in ship order. */
  readonly seatShips: readonly (readonly number[])[];
  /** A ship's place among its seat's ships (its program's place in the seat's order). */
  readonly shipIndex: Uint8Array;
  readonly seatTeam: Uint8Array;
  /** The fleet each seat brings (its build). */
  readonly fleets: readonly Fleet[];
  readonly options: HoverOptions;
  readonly turnLimit: number;
  /** A scenario's scripted dice, consumed before the seeded ones (docs/rules-hovercrafts.md, "Dice"). */
  readonly dice: Uint8Array;
  readonly settings: HoverSettings;
}

/** Start hexes for `n` ships of a team: spread down its edge column, then the next column in; walls skipped. */
export function startCells(hex: HexMap, walls: Uint8Array | null, team: number, n: number): number[] {
  const out: number[] = [];
  const { width, height } = hex;
  for (let depth = 0; depth < width && out.length < n; depth++) {
    const col = team === 0 ? depth : width - 1 - depth;
    const want = n - out.length;
    const rows: number[] = [];
    for (let i = 0; i < Math.min(want, height); i++) rows.push(Math.floor(((i + 0.5) * height) / Math.min(want, height)));
    for (const r of rows) {
      // the first free row from the spread one down, wrapping
      for (let k = 0; k < height; k++) {
        const c = ((r + k) % height) * width + col;
        if ((walls === null || !walls[c]) && !out.includes(c)) {
          out.push(c);
          break;
        }
      }
    }
  }
  return out;
}

export interface GameParts {
  readonly map?: MapSpec;
  readonly ships: readonly ShipSetup[];
  readonly seatNames: readonly string[];
  readonly seatTeam: readonly number[];
  readonly fleets: readonly Fleet[];
  readonly options: HoverOptions;
  readonly turnLimit?: number;
  readonly dice?: readonly number[];
  readonly settings: HoverSettings;
}

/** Makes a game; places ships without a start hex (a random map places them in the state: starts depend on its walls). */
export function makeHoverGame(p: GameParts): HoverGame {
  const map = p.map ?? DEFAULT_MAP;
  const n = p.ships.length;
  for (let t = 0; t < 2; t++) {
    const k = p.ships.filter((s) => s.team === t).length;
    if (k < 1 || k > MAX_TEAM) throw new HavocError('ERR_SHIPS', 'ships', `${TEAMS[t]} has ${k} ships; a team has 1 to ${MAX_TEAM}`);
  }
  const team = Uint8Array.from(p.ships, (s) => s.team);
  const startCell = Int16Array.from(p.ships, (s) => s.cell);
  const startFacing = Uint8Array.from(p.ships, (s) => (s.cell >= 0 ? s.facing : s.team === 0 ? 0 : 3));
  if (map.walls) {
    // Fixed walls: default starts now, per team in ship order.
    for (let t = 0; t < 2; t++) {
      const mine = p.ships.flatMap((s, i) => (s.team === t && s.cell < 0 ? [i] : []));
      const taken = new Set(p.ships.filter((s) => s.cell >= 0).map((s) => s.cell));
      const cells = startCells(map.hex, Uint8Array.from(map.walls, (w, c) => (w || taken.has(c) ? 1 : 0)), t, mine.length);
      if (cells.length < mine.length) throw new HavocError('ERR_SHIPS', 'map', `no room to start ${mine.length} ${TEAMS[t]} ships`);
      mine.forEach((s, i) => (startCell[s] = cells[i]));
    }
    const seen = new Map<number, number>();
    for (let s = 0; s < n; s++) {
      const c = startCell[s];
      if (map.walls[c]) throw new HavocError('ERR_SHIPS', `ships[${s}]`, `${p.ships[s].name} starts on a wall (${hexName(map.hex, c)})`);
      if (seen.has(c)) throw new HavocError('ERR_SHIPS', `ships[${s}]`, `${p.ships[s].name} starts on ${hexName(map.hex, c)}, where ${p.ships[seen.get(c)!].name} is`);
      seen.set(c, s);
    }
  }
  return {
    map,
    hex: map.hex,
    ships: n,
    shipName: p.ships.map((s) => s.name),
    team,
    seatOf: Uint8Array.from(p.ships, (s) => s.seat),
    stats: Uint8Array.from(p.ships.flatMap((s) => [...s.stats])),
    startCell,
    startFacing,
    startDamage: Uint8Array.from(p.ships, (s) => s.damage),
    seats: p.seatNames.length,
    seatNames: p.seatNames,
    seatShips: p.seatNames.map((_, seat) => p.ships.flatMap((s, i) => (s.seat === seat ? [i] : []))),
    shipIndex: Uint8Array.from(p.ships, (s, i) => p.ships.slice(0, i).filter((x) => x.seat === s.seat).length),
    seatTeam: Uint8Array.from(p.seatTeam),
    fleets: p.fleets,
    options: p.options,
    turnLimit: p.turnLimit ?? DEFAULT_TURN_LIMIT,
    dice: Uint8Array.from(p.dice ?? []),
    settings: p.settings,
  };
}

/** Seat names of a game made from builds: A, B, …, Z. */
export const seatLetter = (seat: number): string => String.fromCharCode(65 + seat);

/** A game from one fleet per seat: seats alternate Zion and the Machines; ship k of seat A is `A1`, …. */
export function gameOfFleets(fleets: readonly Fleet[], settings: HoverSettings, turnLimit?: number, map?: MapSpec): HoverGame {
  if (fleets.length < 2) throw new HavocError('ERR_SEATS', 'builds', `Hovercrafts needs 2 or more seats (two teams), not ${fleets.length}`);
  const ships: ShipSetup[] = [];
  fleets.forEach((f, seat) =>
    f.forEach((stats, k) => ships.push({ name: `${seatLetter(seat)}${k + 1}`, team: seat % 2, seat, stats, cell: -1, facing: 0, damage: 0 })),
  );
  return makeHoverGame({
    map: map ?? settings.map,
    ships,
    seatNames: fleets.map((_, s) => seatLetter(s)),
    seatTeam: fleets.map((_, s) => s % 2),
    fleets,
    options: settings.options,
    turnLimit,
    settings,
  });
}

/** One line about a seat: its team and ships. */
export function describeSeatOf(g: HoverGame, seat: number): string {
  const ships = g.seatShips[seat].map((s) => {
    const at = g.startCell[s] >= 0 ? ` on ${hexName(g.hex, g.startCell[s])} facing ${HEX_FACINGS[g.startFacing[s]]}` : '';
    return `${g.shipName[s]} ${shipKey([g.stats[4 * s], g.stats[4 * s + 1], g.stats[4 * s + 2], g.stats[4 * s + 3]])}${at}`;
  });
  return `${g.seatNames[seat]} (${TEAMS[g.seatTeam[seat]]}): ${ships.join(', ')}`;
}
