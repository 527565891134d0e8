/**
 * The fixed facts of one match: the board, the catalogue's tables, and what
 * each machine's loadout lets it do, flattened into typed arrays indexed by
 * machine so the step loop reads numbers, never parts.
 */
import { type Board, BOARD_8X8 } from '../../core/grid.js';
import { HavocError } from '../../core/errors.js';
import type { Catalogue, Loadout } from './parts.js';
import { tablesFor, type Tables } from './tables.js';
import { CMD_R, CMD_TL, CMD_TR, CMD_X, CMD_DODGE, CMD_TARGET, moveCode, weaponCmd } from './commands.js';

/** Weapon kinds per catalogue part, as numbers for the step loop. */
export const WK_NONE = 0;
export const WK_PATTERN = 1;
export const WK_MINES = 2;
export const WK_SHIELD = 3;
export const WK_JUMP = 4;
export const WK_PASSIVE = 5;
const WEAPON_KINDS = { pattern: WK_PATTERN, mines: WK_MINES, shield: WK_SHIELD, jump: WK_JUMP, passive: WK_PASSIVE } as const;

export const ARMOUR_NONE = 0;
export const ARMOUR_REFLECTO = 1;
export const ARMOUR_REFRACTO = 2;

/** Where and how a machine starts. */
export interface MachineSetup {
  readonly name: string;
  readonly loadout: Loadout;
  readonly square: number;
  readonly facing: number;
  /** Defaults: 5 hearts, the Mark's shield markers. */
  readonly hearts?: number;
  readonly shields?: number;
}

/** Everything that stays the same for the whole match. */
export interface GameSetup {
  readonly catalogue: Catalogue;
  readonly board?: Board;
  readonly machines: readonly MachineSetup[];
  /** Turns before the match is a draw; default 100. */
  readonly turnLimit?: number;
  /** Robo Battle Pigs: a repair turn is `R R R R R` whatever the damage. */
  readonly repairAllSlots?: boolean;
  readonly rulesetId?: string;
}

export const START_HEARTS = 5;
/** Machines in one match at most: mine and shield masks hold one bit per machine in a byte. */
export const MAX_MACHINES = 8;

/** A match's fixed facts, computed once from its setup. */
export class Game {
  readonly board: Board;
  readonly size: number;
  readonly tables: Tables;
  readonly n: number;
  readonly names: readonly string[];
  readonly loadouts: readonly Loadout[];
  readonly turnLimit: number;
  readonly repairAllSlots: boolean;
  readonly rulesetId: string;
  readonly startSq: Int16Array;
  readonly startFacing: Uint8Array;
  readonly startHearts: Int8Array;
  readonly startShields: Int8Array;
  readonly maxHearts: Int8Array;
  readonly maxShields: Int8Array;
  readonly armour: Uint8Array;
  readonly hover: Uint8Array;
  readonly bonkDamage: Uint8Array;
  readonly repairAmount: Uint8Array;
  /** Missing hearts per required X: 1, or 2 with Advanced Damage Control. */
  readonly heartsPerX: Uint8Array;
  readonly telefrag: Uint8Array;
  /** Number of command codes; legal[m * cmdCount + code] says whether machine m may write code. */
  readonly cmdCount: number;
  readonly legal: Uint8Array;
  /** Per machine, every command code it may write, ascending. */
  readonly commands: readonly Int32Array[];
  /** Per machine, its weapon command codes (fireable options). */
  readonly weaponCmds: readonly Int32Array[];
  readonly catalogue: Catalogue;
  /** Per catalogue part index: WK_* kind, and whether it penetrates, is lobbed, pushes. */
  readonly weaponKind: Uint8Array;
  readonly penetrates: Uint8Array;
  readonly lobbed: Uint8Array;
  readonly pushes: Uint8Array;
  /** Whether any machine has a Rhino-Horn (bonks then need pairing up). */
  readonly anyRhino: boolean;

  constructor(setup: GameSetup) {
    const board = setup.board ?? BOARD_8X8;
    const n = setup.machines.length;
    if (n < 1 || n > MAX_MACHINES) throw new HavocError('ERR_MACHINES', 'machines', `a match needs 1 to ${MAX_MACHINES} machines, not ${n}`);
    this.catalogue = setup.catalogue;
    const parts = setup.catalogue.parts;
    this.weaponKind = Uint8Array.from(parts, (p) => (p.weapon ? WEAPON_KINDS[p.weapon.kind] : WK_NONE));
    this.penetrates = Uint8Array.from(parts, (p) => (p.weapon?.penetrate ? 1 : 0));
    this.lobbed = Uint8Array.from(parts, (p) => (p.weapon?.lobbed ? 1 : 0));
    this.pushes = Uint8Array.from(parts, (p) => (p.weapon?.push ? 1 : 0));
    this.board = board;
    this.size = board.size;
    this.tables = tablesFor(setup.catalogue, board, setup.machines.flatMap((m) => m.loadout.parts));
    this.n = n;
    this.names = setup.machines.map((m) => m.name);
    this.loadouts = setup.machines.map((m) => m.loadout);
    this.turnLimit = setup.turnLimit ?? 100;
    this.repairAllSlots = setup.repairAllSlots ?? false;
    this.rulesetId = setup.rulesetId ?? 'nhm';
    this.startSq = new Int16Array(n);
    this.startFacing = new Uint8Array(n);
    this.startHearts = new Int8Array(n);
    this.startShields = new Int8Array(n);
    this.maxHearts = new Int8Array(n);
    this.maxShields = new Int8Array(n);
    this.armour = new Uint8Array(n);
    this.hover = new Uint8Array(n);
    this.bonkDamage = new Uint8Array(n);
    this.repairAmount = new Uint8Array(n);
    this.heartsPerX = new Uint8Array(n);
    this.telefrag = new Uint8Array(n);
    this.cmdCount = 16 + setup.catalogue.parts.length * 16;
    this.legal = new Uint8Array(n * this.cmdCount);
    const commands: Int32Array[] = [];
    const weaponCmds: Int32Array[] = [];
    const seen = new Set<number>();
    setup.machines.forEach((m, i) => {
      if (m.square < 0 || m.square >= board.size) throw new HavocError('ERR_START', `machines[${i}]`, 'start square is off the board');
      if (seen.has(m.square)) throw new HavocError('ERR_START', `machines[${i}]`, 'two machines start on the same square');
      seen.add(m.square);
      this.startSq[i] = m.square;
      this.startFacing[i] = m.facing & 3;
      let shields = 0;
      const cmds = [CMD_X, CMD_R, CMD_TL, CMD_TR];
      const wcmds: number[] = [];
      for (const p of m.loadout.parts) {
        if (p.armour?.kind === 'mark') shields = p.armour.shields;
        if (p.armour?.kind === 'reflecto') this.armour[i] = ARMOUR_REFLECTO;
        if (p.armour?.kind === 'refracto') this.armour[i] = ARMOUR_REFRACTO;
        if (p.engine?.hover) this.hover[i] = 1;
        for (const mv of p.engine?.moves ?? []) cmds.push(moveCode(mv));
        if (p.cpu === 'dodge') cmds.push(CMD_DODGE);
        if (p.cpu === 'autotarget') cmds.push(CMD_TARGET);
        if (p.option?.effect === 'telefrag') this.telefrag[i] = 1;
        if (p.weapon) {
          this.bonkDamage[i] += p.weapon.bonkDamage;
          if (p.weapon.kind !== 'passive') p.weapon.options.forEach((_, o) => wcmds.push(weaponCmd(p.index, o)));
        }
      }
      this.repairAmount[i] = m.loadout.cpu?.cpu === 'repair2' ? 2 : 1;
      this.heartsPerX[i] = m.loadout.cpu?.cpu === 'half-x' ? 2 : 1;
      this.maxHearts[i] = START_HEARTS;
      this.maxShields[i] = shields;
      this.startHearts[i] = m.hearts ?? START_HEARTS;
      this.startShields[i] = m.shields ?? shields;
      const all = [...new Set([...cmds, ...wcmds])].filter((c) => c >= 0).sort((a, b) => a - b);
      for (const c of all) this.legal[i * this.cmdCount + c] = 1;
      commands.push(Int32Array.from(all));
      weaponCmds.push(Int32Array.from(wcmds.sort((a, b) => a - b)));
    });
    this.anyRhino = this.bonkDamage.some((d) => d > 0);
    this.commands = commands;
    this.weaponCmds = weaponCmds;
  }

  /** Whether machine `m` may write command `code`. */
  isLegal(m: number, code: number): boolean {
    return code >= 0 && code < this.cmdCount && this.legal[m * this.cmdCount + code] === 1;
  }
}
