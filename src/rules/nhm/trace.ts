/**
 * What the engine reports while it runs, for traces, replays and the terminal
 * board. The step loop calls a tracer only when one is given, so plain play
 * and bot simulations pay nothing for it.
 */

/** Why a machine took damage. */
export const SRC_WEAPON = 0;
export const SRC_MINE = 1;
export const SRC_RHINO = 2;
export const SRC_TELEFRAG = 3;
export const DAMAGE_SOURCES = ['weapon', 'mine', 'rhino-horn', 'telefrag'] as const;

/** Phases of a step, numbered as in RULES.md section 2. */
export const PHASE_MOVE = 1;
export const PHASE_CHOICE = 3;
export const PHASE_EXTRA = 6;

export interface Tracer {
  /** A step is about to run with these commands (codes per machine; dead machines X). */
  beginStep(turn: number, step: number, cmds: ArrayLike<number>): void;
  /** Machine m completed a move (or teleport, leap, push, pull) in a phase. */
  move(m: number, from: number, to: number, phase: number): void;
  /** Machine m was blocked; `other` is the machine it bonked into, or -1 (board edge, own square). */
  bonk(m: number, other: number, phase: number): void;
  /** Teleporter of machine m rolled square sq. */
  teleport(m: number, sq: number): void;
  /** A run-time choice was made: `kind` 'target' or 'dodge', the command it became. */
  choice(m: number, kind: 'target' | 'dodge', cmd: number): void;
  /** Square sq was hot for `dmg` during machine `by`'s firing. */
  hot(by: number, sq: number, dmg: number): void;
  /** Machine `victim` took `amount` raw damage from `by` (-1: none) of a source. */
  hit(victim: number, by: number, amount: number, source: number): void;
  /** A mine of `owner` was laid, armed or triggered on sq. */
  mine(owner: number, sq: number, event: 'laid' | 'armed' | 'triggered'): void;
  death(m: number): void;
  /** At the end of the turn machine m repaired this many hearts and shield markers. */
  repair(m: number, hearts: number, shields: number): void;
  /** The step is over; the state shows its result. */
  endStep(turn: number, step: number): void;
}
