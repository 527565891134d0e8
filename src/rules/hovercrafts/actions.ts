/**
 * Actions and programs. An action is a small integer code; a ship's program
 * is its actions for the turn, one per action its Energy check gave; a
 * seat's order is one program per ship it commands, in ship order.
 *
 * Notation: words separated by spaces (`Move Move Left Move`), one program
 * per ship separated by ` / `; a ship off the map writes `-`. Words are read
 * without regard to case, and the short forms M, R, L, N (landing), E (EMP)
 * and P (repair) are read too.
 */

export const MOVE = 0, RIGHT = 1, LEFT = 2, LAND = 3, EMP = 4, REPAIR = 5;
/** The actions' words, by code. */
export const ACTION_WORDS = ['Move', 'Right', 'Left', 'Landing', 'EMP', 'Repair'] as const;
export const ACTION_COUNT = 6;

/** What each action does, for a legend. */
export const ACTION_MEANINGS: readonly (readonly [string, string])[] = [
  ['Move', 'move to the hex in front (a wall: 1 damage, stay; off the map: out of the game; a ship: ram it)'],
  ['Right', 'turn 60° to the right'],
  ['Left', 'turn 60° to the left'],
  ['Landing', 'land: do nothing (a landed ship cannot shoot, and EMPs pass it by)'],
  ['EMP', 'land and pulse: neighbours (allies too) that lose an Energy check land on their next action (once a turn)'],
  ['Repair', 'land and remove 1 point of hull damage'],
  ['/', 'separates the programs of a seat\'s ships, in ship order; "-" for a ship off the map'],
];

const READ: Record<string, number> = {
  move: MOVE, m: MOVE, right: RIGHT, r: RIGHT, left: LEFT, l: LEFT,
  landing: LAND, land: LAND, n: LAND, emp: EMP, e: EMP, repair: REPAIR, p: REPAIR,
};

/** Whether an action lands the ship for its phase. */
export const lands = (a: number): boolean => a === LAND || a === EMP || a === REPAIR;

/** An order: per ship of the seat, its program (empty for a ship off the map). */
export type Order = readonly (readonly number[])[];

/** Reads an order's text into programs, or the problem. */
export function readOrder(text: string): number[][] | string {
  const parts = text.split('/').map((p) => p.trim());
  const out: number[][] = [];
  for (const [i, p] of parts.entries()) {
    if (p === '-') {
      out.push([]);
      continue;
    }
    if (p === '') return parts.length > 1 ? `program ${i + 1} is empty (write "-" for a ship off the map)` : 'an order is one program per ship, like "Move Move Left"';
    const prog: number[] = [];
    for (const w of p.split(/\s+/)) {
      const a = READ[w.toLowerCase()];
      if (a === undefined) return `"${w}" is not an action (${ACTION_WORDS.join(', ')})`;
      prog.push(a);
    }
    out.push(prog);
  }
  return out;
}

/** Writes an order. */
export const writeOrder = (order: Order): string => order.map((p) => (p.length ? p.map((a) => ACTION_WORDS[a]).join(' ') : '-')).join(' / ');
