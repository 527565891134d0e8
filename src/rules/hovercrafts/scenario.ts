/**
 * The game part of a scenario file (`havoc scenario`), which is also how a
 * replay describes its game:
 *
 *     "map": ["......."," ......", …] | {"width": 7, "height": 4, "walls": 0.1} | "maps/x.txt",
 *     "ships": [{"name": "Minx", "team": "Zion", "at": "a3", "facing": "E",
 *                "ship": "base", "seat": "Minx", "damage": 0}, …],
 *     "dice": [5, 1, …], "options": {"shots": "in-order"}, "turnLimit": 10
 *
 * `ship` is a ship's name in the settings or a key (`h3s1b1e1`; default the
 * base ship); `seat` groups ships under one seat (default: each ship is its
 * own seat, named after it); `at` and `facing` go together (default: the
 * team's start column). `dice` are used, in the documented order, before the
 * seeded dice (docs/rules-hovercrafts.md, "Dice").
 */
import { HavocError, type ErrorCode } from '../../core/errors.js';
import { HEX_FACINGS, hexName, parseHex, parseHexFacing } from '../../core/hex.js';
import { isObject } from '../../core/json.js';
import { makeHoverGame, TEAMS, type HoverGame, type ShipSetup } from './game.js';
import { parseMapSpec, wallRows } from './map.js';
import { readOptions } from './options.js';
import { checkFleet, HULL, MAX_TEAM, type HoverSettings, type Ship, shipKey } from './ships.js';

export const SCENARIO_FIELDS: readonly string[] = ['map', 'ships', 'dice', 'options', 'turnLimit'];

/** Reads a game from a scenario's (or a replay's) fields; every problem names its place under `where`. */
export function readGame(json: Readonly<Record<string, unknown>>, where: string, settings: HoverSettings, code: ErrorCode = 'ERR_SCENARIO'): HoverGame {
  const at = (path: string): string => (where ? `${where}: ${path}` : path);
  const fail = (path: string, problem: string): never => {
    throw new HavocError(code, at(path), problem);
  };
  let map;
  try {
    map = parseMapSpec(json.map, 'map');
  } catch (e) {
    if (e instanceof HavocError) return fail(e.where, e.problem);
    throw e;
  }
  if (!Array.isArray(json.ships)) return fail('ships', 'must be a list of ships {"name", "team": "Zion" or "Machines", "at", "facing", "ship", "seat", "damage"}');
  if (json.ships.length > 2 * MAX_TEAM) return fail('ships', `at most ${2 * MAX_TEAM} ships (${MAX_TEAM} a team)`);
  const seatNames: string[] = [];
  const seatTeam: number[] = [];
  const ships: ShipSetup[] = [];
  const names = new Set<string>();
  (json.ships as unknown[]).forEach((raw, i) => {
    const p = `ships[${i}]`;
    if (!isObject(raw)) return fail(p, 'a ship is an object {"name", "team", …}');
    const known = ['name', 'team', 'at', 'facing', 'ship', 'seat', 'damage'];
    for (const k of Object.keys(raw)) if (!known.includes(k)) fail(`${p}.${k}`, `unknown field (expected ${known.join(', ')})`);
    const name = raw.name;
    if (typeof name !== 'string' || !/^[A-Za-z][A-Za-z0-9_-]{0,23}$/.test(name)) return fail(`${p}.name`, 'a name is a letter then up to 23 letters, digits, "-" or "_"');
    if (names.has(name)) return fail(`${p}.name`, `two ships are named ${name}`);
    names.add(name);
    const team = TEAMS.findIndex((t) => typeof raw.team === 'string' && t.toLowerCase() === raw.team.toLowerCase());
    if (team < 0) return fail(`${p}.team`, 'must be "Zion" or "Machines"');
    let stats: Ship = settings.base;
    if (raw.ship !== undefined) {
      const f = checkFleet(settings, raw.ship, `${p}.ship`);
      if (!f.ok) return fail(`${p}.ship`, f.error.problem);
      if (f.value.length !== 1) return fail(`${p}.ship`, 'names one ship, not a fleet');
      stats = f.value[0];
    }
    let cell = -1, facing = 0;
    if ((raw.at === undefined) !== (raw.facing === undefined)) return fail(`${p}`, '"at" and "facing" go together');
    if (raw.at !== undefined) {
      cell = typeof raw.at === 'string' ? parseHex(map.hex, raw.at) : -1;
      if (cell < 0) return fail(`${p}.at`, `not a hex of the ${map.hex.width}x${map.hex.height} map (a1 is the top-left hex)`);
      if (map.walls && map.walls[cell]) return fail(`${p}.at`, `${raw.at} is a wall`);
      facing = typeof raw.facing === 'string' ? parseHexFacing(raw.facing) : -1;
      if (facing < 0) return fail(`${p}.facing`, `must be one of ${HEX_FACINGS.join(', ')}`);
    }
    const damage = raw.damage ?? 0;
    if (!Number.isInteger(damage) || (damage as number) < 0 || (damage as number) >= stats[HULL])
      return fail(`${p}.damage`, `must be an integer from 0 to ${stats[HULL] - 1} (its hull is ${stats[HULL]})`);
    const seatName = raw.seat ?? name;
    if (typeof seatName !== 'string' || seatName === '') return fail(`${p}.seat`, 'a seat is a name');
    let seat = seatNames.indexOf(seatName);
    if (seat < 0) (seat = seatNames.length), seatNames.push(seatName), seatTeam.push(team);
    else if (seatTeam[seat] !== team) return fail(`${p}.seat`, `seat ${seatName} is ${TEAMS[seatTeam[seat]]}'s; a seat commands one team's ships`);
    ships.push({ name, team, seat, stats, cell, facing, damage: damage as number });
  });
  if (json.dice !== undefined && (!Array.isArray(json.dice) || json.dice.some((d) => !Number.isInteger(d) || d < 1 || d > 6)))
    return fail('dice', 'must be a list of die rolls, each 1 to 6');
  if (json.turnLimit !== undefined && !(Number.isInteger(json.turnLimit) && (json.turnLimit as number) > 0)) return fail('turnLimit', 'must be a positive integer');
  const options = readOptions(json.options, (p, problem) => fail(`options${p}`, problem), settings.options);
  const taken = new Map<number, string>();
  for (const s of ships)
    if (s.cell >= 0) {
      if (taken.has(s.cell)) return fail('ships', `${s.name} and ${taken.get(s.cell)} both start on ${hexName(map.hex, s.cell)}`);
      taken.set(s.cell, s.name);
    }
  try {
    return makeHoverGame({
      map,
      ships,
      seatNames,
      seatTeam,
      fleets: seatNames.map((_, seat) => ships.filter((s) => s.seat === seat).map((s) => s.stats)),
      options,
      turnLimit: json.turnLimit as number | undefined,
      dice: json.dice as number[] | undefined,
      settings,
    });
  } catch (e) {
    if (e instanceof HavocError) return fail(e.where, e.problem);
    throw e;
  }
}

/** A game as a scenario (and a replay) writes it: readGame reads it back. */
export function describeHoverGame(g: HoverGame): Record<string, unknown> {
  return {
    map: g.map.walls ? wallRows(g.hex, g.map.walls) : { width: g.hex.width, height: g.hex.height, walls: g.map.density },
    ships: g.shipName.map((name, s) => ({
      name,
      team: TEAMS[g.team[s]],
      ...(g.startCell[s] >= 0 ? { at: hexName(g.hex, g.startCell[s]), facing: HEX_FACINGS[g.startFacing[s]] } : {}),
      ship: shipKey([g.stats[4 * s], g.stats[4 * s + 1], g.stats[4 * s + 2], g.stats[4 * s + 3]]),
      seat: g.seatNames[g.seatOf[s]],
      ...(g.startDamage[s] ? { damage: g.startDamage[s] } : {}),
    })),
    ...(g.dice.length ? { dice: Array.from(g.dice) } : {}),
    options: { ...g.options },
    turnLimit: g.turnLimit,
  };
}
