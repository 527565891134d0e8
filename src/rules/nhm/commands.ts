/**
 * Commands as small integer codes, the only form the engine sees. Strings
 * exist at the edges (parsing, traces); inside, a program is PROGRAM_LENGTH (five) codes.
 *
 * Codes 0..15 are the fixed commands; a weapon command is
 * `CMD_WEAPON + partIndex * 16 + option`, so it names the catalogue part and
 * the option (direction, range or square) the program chose.
 */
export const CMD_X = 0; // nothing: a slot lost to damage
export const CMD_R = 1; // repair
export const CMD_TL = 2;
export const CMD_TR = 3;
export const CMD_SPIN = 4; // `@`, turn 180°
export const CMD_FWD = 5; // `^`
export const CMD_BACK = 6; // `v`
export const CMD_LEFT = 7; // `<`
export const CMD_RIGHT = 8; // `>`
export const CMD_FL = 9; // `F\`
export const CMD_FR = 10; // `F/`
export const CMD_BL = 11; // `B/`
export const CMD_BR = 12; // `B\`
export const CMD_TEL = 13;
export const CMD_DODGE = 14; // `D`
export const CMD_TARGET = 15; // `A`
export const CMD_WEAPON = 16;

/** Commands in a program: one per step of a turn. */
export const PROGRAM_LENGTH = 5;

export const CMD_FIRST_MOVE = CMD_FWD;
export const CMD_LAST_MOVE = CMD_BR;

/** (right, forward) of each step move, indexed by command code. */
export const MOVE_VECTORS: readonly (readonly [number, number] | undefined)[] = (() => {
  const v: ([number, number] | undefined)[] = [];
  v[CMD_FWD] = [0, 1];
  v[CMD_BACK] = [0, -1];
  v[CMD_LEFT] = [-1, 0];
  v[CMD_RIGHT] = [1, 0];
  v[CMD_FL] = [-1, 1];
  v[CMD_FR] = [1, 1];
  v[CMD_BL] = [-1, -1];
  v[CMD_BR] = [1, -1];
  return v;
})();

/** NHM notation of the fixed commands, by code. */
export const NHM_NAMES = ['X', 'R', 'TL', 'TR', '@', '^', 'v', '<', '>', 'F\\', 'F/', 'B/', 'B\\', 'TEL', 'D', 'A'] as const;

/** The engine-move code of a catalogue move name (`^`, `F\`, `@`, `TEL`, …). */
export function moveCode(name: string): number {
  const i = NHM_NAMES.indexOf(name as (typeof NHM_NAMES)[number]);
  return i >= CMD_SPIN && i <= CMD_TEL ? i : -1;
}

export const weaponCmd = (partIndex: number, option: number): number => CMD_WEAPON + partIndex * 16 + option;
export const cmdPart = (cmd: number): number => (cmd - CMD_WEAPON) >> 4;
export const cmdOption = (cmd: number): number => (cmd - CMD_WEAPON) & 15;
export const isMove = (cmd: number): boolean => cmd >= CMD_FIRST_MOVE && cmd <= CMD_LAST_MOVE;
