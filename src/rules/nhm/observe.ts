/**
 * What one seat may see: everything but the squares of other machines' mines
 * (that a mine was laid is public, where is not). `Observation` is the stable
 * object bot authors read (docs/bots.md); `copyForSeat` is the same view as an
 * engine state, for bots that simulate.
 */
import { FACINGS, squareName } from '../../core/grid.js';
import { PROGRAM_LENGTH } from './commands.js';
import type { Game } from './game.js';
import { formatCommand, formatProgram, type Notation } from './programs.js';
import { copyState, requiredX, type State } from './state.js';
import { weaponReach, type WeaponReach } from './reach.js';

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
  /** Where each of this seat's weapon commands fires from where it stands now, blocking ignored: square → most damage (reach.ts). */
  reach: WeaponReach[];
}

/**
 * The programs of the turn before, as observations show them: their codes
 * copied once a turn (the engine overwrites its own), written out as text
 * only when an observation's `lastProgram` is first read.
 */
export class LastPrograms {
  private texts: (string | null)[] | null = null;

  /** `codes`: the turn's programs, five codes per machine (null before the first turn). */
  constructor(
    private readonly game: Game,
    private readonly codes: readonly number[] | null,
    private readonly notation: Notation,
  ) {}

  of(m: number): string | null {
    const codes = this.codes;
    if (!codes) return null;
    this.texts ??= this.game.names.map((_, i) => formatProgram(this.game, codes, this.notation, i * PROGRAM_LENGTH));
    return this.texts[m];
  }
}

/**
 * What every seat's observation of one moment shares: the state's numbers,
 * copied when it is made (so an observation stays what the seat saw), and the
 * programs of the turn before. The module makes one per turn for all seats.
 */
export class Seen {
  /** Per machine: square, facing, hearts, shields, alive. */
  readonly pose: number[];
  /** Per mined square: the square, its owners' bits, its armed bits. */
  readonly mines: number[];

  constructor(
    st: State,
    readonly notation: Notation,
    readonly last: LastPrograms | readonly (string | null)[],
  ) {
    const n = st.game.n, pose = new Array<number>(5 * n);
    for (let m = 0; m < n; m++) {
      pose[5 * m] = st.sq[m];
      pose[5 * m + 1] = st.facing[m];
      pose[5 * m + 2] = st.hearts[m];
      pose[5 * m + 3] = st.shields[m];
      pose[5 * m + 4] = st.alive[m];
    }
    this.pose = pose;
    const mines: number[] = [], owner = st.mineOwner, words = st.mineWords;
    for (let w = 0; w < words.length; w++) {
      if (words[w] === 0) continue; // four squares without a mine
      for (let s = 4 * w, end = Math.min(s + 4, owner.length); s < end; s++) if (owner[s] !== 0) mines.push(s, owner[s], st.mineArmed[s]);
    }
    this.mines = mines;
  }
}

/** Builds seat `seat`'s observation of a state; `last`: the programs of the turn before (as text per machine, or LastPrograms); `seen`: the moment's shared numbers, when already copied. */
export function observe(
  st: State, seat: number, notation: Notation, last: LastPrograms | readonly (string | null)[] = [], seen: Seen = new Seen(st, notation, last),
): Observation {
  return new NhmObservation(st, seat, seen);
}

/**
 * An observation that costs little unless read: the state's numbers are
 * copied when it is made (Seen, shared by the seats), the objects
 * and strings bots read (machines, mines, commands) are made on first read.
 * `JSON.stringify` gives the plain object (toJSON), as the bot protocol sends it.
 */
class NhmObservation implements Observation {
  readonly seat: number;
  readonly ruleset: string;
  readonly turn: number;
  readonly turnLimit: number;
  readonly requiredX: number;
  private readonly g: Game;
  private readonly seen: Seen;
  private board_?: { width: number; height: number };
  private machines_?: MachineObservation[];
  private ownMines_?: { square: string; armed: boolean }[];
  private minesOnBoard_?: number[];
  private commands_?: string[];

  constructor(st: State, seat: number, seen: Seen) {
    const g = st.game;
    this.seat = seat;
    this.ruleset = g.rulesetId;
    this.turn = st.turn;
    this.turnLimit = g.turnLimit;
    this.requiredX = requiredX(st, seat);
    this.g = g;
    this.seen = seen;
  }

  get board(): { width: number; height: number } {
    return (this.board_ ??= { width: this.g.board.width, height: this.g.board.height });
  }

  get machines(): MachineObservation[] {
    if (this.machines_) return this.machines_;
    const g = this.g, b = g.board, pose = this.seen.pose, last = this.seen.last;
    return (this.machines_ = g.names.map((name, m) => ({
      seat: m,
      name,
      square: pose[5 * m] >= 0 ? squareName(b, pose[5 * m]) : null,
      facing: FACINGS[pose[5 * m + 1]],
      hearts: pose[5 * m + 2],
      shields: pose[5 * m + 3],
      maxHearts: g.maxHearts[m],
      maxShields: g.maxShields[m],
      alive: pose[5 * m + 4] === 1,
      parts: g.loadouts[m].parts.map((p) => p.key),
      lastProgram: (last instanceof LastPrograms ? last.of(m) : last[m]) ?? null,
    })));
  }

  get ownMines(): { square: string; armed: boolean }[] {
    if (this.ownMines_) return this.ownMines_;
    const out: { square: string; armed: boolean }[] = [], me = 1 << this.seat, mines = this.seen.mines;
    for (let i = 0; i < mines.length; i += 3) if (mines[i + 1] & me) out.push({ square: squareName(this.g.board, mines[i]), armed: (mines[i + 2] & me) !== 0 });
    return (this.ownMines_ = out);
  }

  get minesOnBoard(): number[] {
    if (this.minesOnBoard_) return this.minesOnBoard_;
    const n = this.g.n, out = new Array<number>(n).fill(0), mines = this.seen.mines;
    for (let i = 0; i < mines.length; i += 3) for (let m = 0; m < n; m++) if (mines[i + 1] & (1 << m)) out[m]++;
    return (this.minesOnBoard_ = out);
  }

  get commands(): string[] {
    return (this.commands_ ??= Array.from(this.g.commands[this.seat], (c) => formatCommand(this.g, c, this.seen.notation)));
  }

  // Made at each read, not kept: a field more would be paid by every observation, and bots read it seldom.
  get reach(): WeaponReach[] {
    const pose = this.seen.pose, m = this.seat;
    return weaponReach(this.g, m, pose[5 * m + 4] === 1 ? pose[5 * m] : -1, pose[5 * m + 1], this.seen.notation);
  }

  toJSON(): Observation {
    return {
      seat: this.seat,
      ruleset: this.ruleset,
      turn: this.turn,
      turnLimit: this.turnLimit,
      board: this.board,
      machines: this.machines,
      ownMines: this.ownMines,
      minesOnBoard: this.minesOnBoard,
      requiredX: this.requiredX,
      commands: this.commands,
      reach: this.reach,
    };
  }
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
