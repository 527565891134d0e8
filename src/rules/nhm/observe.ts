/**
 * What one seat may see: everything but the squares of other machines' mines
 * (that a mine was laid is public, where is not). `Observation` is the stable
 * object bot authors read (docs/bots.md); `copyForSeat` is the same view as an
 * engine state, for bots that simulate.
 */
import { FACINGS, squareName } from '../../core/grid.js';
import { formatCommand, type Notation } from './programs.js';
import { copyState, requiredX, type State } from './state.js';

export interface MachineObservation {
  seat: number;
  name: string;
  /** Null once telefragged off the board. */
  square: string | null;
  facing: 'N' | 'E' | 'S' | 'W';
  hearts: number;
  shields: number;
  maxHearts: number;
  maxShields: number;
  alive: boolean;
  /** Part keys of its loadout (designs are public, FAQ "Can I keep my information secret?"). */
  parts: string[];
  /** Its program of the last turn, revealed (null before the first turn). */
  lastProgram: string | null;
}

export interface Observation {
  /** The seat this observation is for. */
  seat: number;
  ruleset: string;
  /** Turns completed so far. */
  turn: number;
  turnLimit: number;
  board: { width: number; height: number };
  machines: MachineObservation[];
  /** This seat's own mines: squares and whether armed. */
  ownMines: { square: string; armed: boolean }[];
  /** Mines laid and still on the board, per seat (squares hidden). */
  minesOnBoard: number[];
  /** X commands this seat must write this turn. */
  requiredX: number;
  /** Every command this seat's loadout has, in its notation. */
  commands: string[];
}

/** Builds seat `seat`'s observation of a state. */
export function observe(st: State, seat: number, notation: Notation, lastPrograms: (string | null)[] = []): Observation {
  const g = st.game, b = g.board;
  const ownMines: { square: string; armed: boolean }[] = [];
  const minesOnBoard = new Array<number>(g.n).fill(0);
  for (let s = 0; s < g.size; s++) {
    const owners = st.mineOwner[s];
    if (!owners) continue;
    for (let m = 0; m < g.n; m++) if (owners & (1 << m)) minesOnBoard[m]++;
    if (owners & (1 << seat)) ownMines.push({ square: squareName(b, s), armed: (st.mineArmed[s] & (1 << seat)) !== 0 });
  }
  return {
    seat,
    ruleset: g.rulesetId,
    turn: st.turn,
    turnLimit: g.turnLimit,
    board: { width: b.width, height: b.height },
    machines: g.names.map((name, m) => ({
      seat: m,
      name,
      square: st.sq[m] >= 0 ? squareName(b, st.sq[m]) : null,
      facing: FACINGS[st.facing[m]],
      hearts: st.hearts[m],
      shields: st.shields[m],
      maxHearts: g.maxHearts[m],
      maxShields: g.maxShields[m],
      alive: st.alive[m] === 1,
      parts: g.loadouts[m].parts.map((p) => p.key),
      lastProgram: lastPrograms[m] ?? null,
    })),
    ownMines,
    minesOnBoard,
    requiredX: requiredX(st, seat),
    commands: Array.from(g.commands[seat], (c) => formatCommand(g, c, notation)),
  };
}

/**
 * Copies `src` into `dst` as seat `seat` may know it: other machines' mines
 * removed. (The arena then gives the copy dice of the seat's own, so a
 * simulating bot cannot foresee a teleport's roll.)
 */
export function copyForSeat(src: State, dst: State, seat: number): void {
  copyState(src, dst);
  const keep = 1 << seat;
  let unarmed = 0;
  for (let s = 0; s < dst.game.size; s++) {
    dst.mineOwner[s] &= keep;
    dst.mineArmed[s] &= keep;
    if (dst.mineOwner[s] & ~dst.mineArmed[s]) unarmed++;
  }
  dst.minesUnarmed = unarmed;
}
