/**
 * Robo Battle Pigs (RULES.md section 7): Ninja Havoc Machines with the
 * Bazooka (`F`), Hammer-Fist (`H`) and Tank Treads, no armour, no CPU, two
 * pigs on the default starts, its own notation, and a repair turn that is
 * `R R R R R` whatever the damage.
 */
import { BOARD_8X8 } from '../../core/grid.js';
import { HavocError } from '../../core/errors.js';
import { Game } from '../nhm/game.js';
import type { Catalogue, Loadout, Part } from '../nhm/parts.js';
import { defaultStarts } from '../nhm/starts.js';

export const RBP_PARTS = { weapons: ['bazooka', 'hammer-fist'], engines: ['tank-treads'] } as const;

/** The Robo Battle Pig as a loadout of `cat`. */
export function roboPig(cat: Catalogue): Loadout {
  const get = (key: string): Part => {
    const p = cat.byKey.get(key);
    if (!p) throw new HavocError('ERR_CATALOGUE', cat.source, `Robo Battle Pigs needs the part "${key}"`);
    return p;
  };
  const weapons = RBP_PARTS.weapons.map(get);
  const engines = RBP_PARTS.engines.map(get);
  return { name: 'robo-pig', parts: [...weapons, ...engines], weapons, armour: [], engines, cpu: null, options: [] };
}

/** A Robo Battle Pigs match: two pigs, A on d8 facing S and B on e1 facing N, unless told otherwise. */
export function rbpGame(
  cat: Catalogue,
  opts: { turnLimit?: number; machines?: { name: string; square: number; facing: number; hearts?: number; shields?: number }[] } = {},
): Game {
  const pig = roboPig(cat);
  const machines = opts.machines ?? defaultStarts(BOARD_8X8, 2).map((s, i) => ({ name: 'AB'[i], ...s }));
  return new Game({
    catalogue: cat,
    machines: machines.map((m) => ({ ...m, loadout: pig })),
    turnLimit: opts.turnLimit,
    repairAllSlots: true,
    rulesetId: 'rbp',
  });
}
