/**
 * The game part of a scenario file for the NHM engine: the board, and the
 * machines placed by hand (square, facing, hearts, shields, loadout). The
 * script (programs turn by turn, scripted answers) is read by the arena's
 * scenario runner, the same for every ruleset.
 */
import { type Board, makeBoard, MAX_BOARD_HEIGHT, MAX_BOARD_WIDTH, parseFacing, parseSquare } from '../../core/grid.js';
import { HavocError } from '../../core/errors.js';
import { Game, type MachineSetup } from './game.js';
import { checkLoadout, loadNamedLoadouts } from './loadout.js';
import type { Catalogue, Loadout } from './parts.js';
import { isObject } from '../../core/json.js';

interface RawMachine {
  name: string;
  square: string;
  facing: string;
  hearts?: number;
  shields?: number;
  loadout?: unknown;
}


/** What one NHM-engine ruleset brings to reading a scenario: its id, and its one build when it has one. */
export interface ScenarioFlavour {
  readonly id: string;
  readonly title: string;
  readonly fixed?: (cat: Catalogue) => Loadout;
  /** Robo Battle Pigs: a repair turn is `R R R R R` whatever the damage. */
  readonly repairAllSlots: boolean;
}

/** Reads a scenario's board and machines into a game; every error names its path in the file. */
export function scenarioGame(json: Record<string, unknown>, file: string, cat: Catalogue, flavour: ScenarioFlavour): Game {
  const fail = (path: string, problem: string): never => {
    throw new HavocError('ERR_SCENARIO', `${file}: ${path}`, problem);
  };
  let board: Board = makeBoard(8, 8);
  if (json.board !== undefined) {
    const b = json.board as { width?: unknown; height?: unknown };
    const size = (v: unknown, most: number): boolean => Number.isInteger(v) && (v as number) >= 1 && (v as number) <= most;
    if (!isObject(b) || !size(b.width, MAX_BOARD_WIDTH) || !size(b.height, MAX_BOARD_HEIGHT))
      return fail('board', `must be {"width": W, "height": H}, W from 1 to ${MAX_BOARD_WIDTH} (files a–z), H from 1 to ${MAX_BOARD_HEIGHT}`);
    board = makeBoard(b.width as number, b.height as number);
  }
  if (json.turnLimit !== undefined && !(Number.isInteger(json.turnLimit) && (json.turnLimit as number) > 0)) return fail('turnLimit', 'must be a positive integer');
  if (json.parts !== undefined && typeof json.parts !== 'string') return fail('parts', 'must be the path of a parts catalogue');
  if (!Array.isArray(json.machines) || json.machines.length < 1) return fail('machines', 'must be a non-empty array');
  let named: Map<string, Loadout> | null = null;
  const names = new Set<string>();
  const machines: MachineSetup[] = (json.machines as unknown[]).map((raw, i) => {
    const at = `machines[${i}]`;
    if (!isObject(raw)) return fail(at, 'must be an object');
    const m = raw as unknown as RawMachine;
    if (typeof m.name !== 'string' || !m.name) return fail(`${at}.name`, 'must be a non-empty string');
    if (names.has(m.name)) return fail(`${at}.name`, `"${m.name}" is used twice`);
    names.add(m.name);
    const square = typeof m.square === 'string' ? parseSquare(board, m.square) : -1;
    if (square < 0) return fail(`${at}.square`, `"${m.square}" is not a square of the board`);
    const facing = typeof m.facing === 'string' ? parseFacing(m.facing) : -1;
    if (facing < 0) return fail(`${at}.facing`, 'must be N, E, S or W');
    for (const k of ['hearts', 'shields'] as const)
      if (m[k] !== undefined && (!Number.isInteger(m[k]) || (m[k] as number) < 0 || (m[k] as number) > 9))
        fail(`${at}.${k}`, 'must be an integer from 0 to 9');
    let loadout: Loadout;
    if (flavour.fixed) {
      if (m.loadout !== undefined) fail(`${at}.loadout`, `${flavour.title} machines are all alike: no loadout`);
      loadout = flavour.fixed(cat);
    } else if (typeof m.loadout === 'string') {
      named ??= loadNamedLoadouts(cat);
      loadout = named.get(m.loadout) ?? fail(`${at}.loadout`, `no loadout named "${m.loadout}" in configs/loadouts.json`);
    } else {
      const r = checkLoadout(cat, m.loadout ?? {}, `${at}.loadout`, { experimental: true });
      if (!r.ok) return fail(`${at}.loadout`, r.errors.map((e) => e.message).join('; '));
      loadout = r.loadout;
    }
    return { name: m.name, square, facing, hearts: m.hearts, shields: m.shields, loadout };
  });
  return new Game({
    catalogue: cat,
    board,
    machines,
    turnLimit: Number.isInteger(json.turnLimit) ? (json.turnLimit as number) : 100,
    repairAllSlots: flavour.repairAllSlots,
    rulesetId: flavour.id,
  });
}
