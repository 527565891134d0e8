/**
 * A machine's weapons' reach, as its observation tells it (`reach`): for
 * each of its weapon commands, the squares one firing from where it stands
 * now can damage and the most damage on each, read from the catalogue's
 * tables for the board (tables.ts). Blocking is ignored (machines,
 * wreckage, shield spots and armour): it says which squares are in the
 * weapon's firing lines; the step engine settles the rest.
 */
import { DIRS8, squareName, squareAt } from '../../core/grid.js';
import { cmdOption, cmdPart } from './commands.js';
import type { Game } from './game.js';
import { formatCommand, type Notation } from './programs.js';

/** One weapon command's reach: the command in the notation, and square → the most damage one firing deals there. */
export interface WeaponReach {
  readonly command: string;
  readonly squares: Readonly<Record<string, number>>;
}

/** Machine m's weapons' reach from `sq` facing `facing` (none off the board). */
export function weaponReach(g: Game, m: number, sq: number, facing: number, notation: Notation): WeaponReach[] {
  if (sq < 0) return [];
  const b = g.board, p = facing * g.size + sq;
  return Array.from(g.weaponCmds[m], (c) => {
    const t = g.tables.weapons[cmdPart(c)]![cmdOption(c)];
    const dmg = new Map<number, number>();
    const hit = (s: number, d: number): void => void (d > 0 && d > (dmg.get(s) ?? 0) && dmg.set(s, d));
    for (let j = t.cellStart[p]; j < t.cellStart[p + 1]; j++) hit(t.cellSq[j], t.cellDmg[j]);
    for (let j = t.beamStart[p]; j < t.beamStart[p + 1]; j++) {
      const [df, dr] = DIRS8[t.beamDir[j]];
      // A beam runs from its origin to its range (0: the board's edge).
      let s: number = t.beamOrigin[j], left = t.beamRange[j] === 0 ? Infinity : t.beamRange[j];
      while (left-- > 0 && (s = squareAt(b, (s % b.width) + df, Math.floor(s / b.width) + dr)) >= 0) hit(s, t.beamDmg[j]);
    }
    const squares: Record<string, number> = {};
    for (const s of [...dmg.keys()].sort((x, y) => x - y)) squares[squareName(b, s)] = dmg.get(s)!;
    return { command: formatCommand(g, c, notation), squares };
  });
}
