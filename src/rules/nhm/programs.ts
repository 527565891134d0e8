/**
 * Programs: five commands, parsed from and written to the two notations, and
 * checked against the rules (X for damage, how repair is written, what the
 * loadout allows). Errors name the machine, the slot and the rule.
 */
import { HavocError } from '../../core/errors.js';
import {
  CMD_BACK, CMD_FL, CMD_FR, CMD_FWD, CMD_R, CMD_TL, CMD_TR, CMD_WEAPON, CMD_X, NHM_NAMES, PROGRAM_LENGTH, cmdOption, cmdPart, weaponCmd,
} from './commands.js';
import type { Game } from './game.js';
import { requiredX, type State } from './state.js';

export type Notation = 'rbp' | 'nhm';

// Local copies for checkProgram's loop (V8 folds a module's own constants; an imported binding is loaded from its cell).
const X = CMD_X, R = CMD_R, LENGTH = PROGRAM_LENGTH;

/** Robo Battle Pigs tokens for the fixed commands; F and H are the pig's weapons' shorthands. */
const RBP_FIXED: Record<string, number> = { '^': CMD_FWD, v: CMD_BACK, '\\': CMD_FL, '/': CMD_FR, TL: CMD_TL, TR: CMD_TR, R: CMD_R, X: CMD_X };
const RBP_NAMES: Record<number, string> = Object.fromEntries(Object.entries(RBP_FIXED).map(([k, v]) => [v, k]));

/** Parses one token into a command code for machine m, or returns an error text. */
export function parseCommand(game: Game, m: number, token: string, notation: Notation): number | string {
  if (notation === 'rbp' && token in RBP_FIXED) return RBP_FIXED[token];
  if (notation === 'nhm') {
    const i = NHM_NAMES.indexOf(token as (typeof NHM_NAMES)[number]);
    if (i >= 0) return i;
  }
  // A weapon: `name` or `name:option`, by key, name or shorthand.
  const [name, option] = token.split(':');
  const part = game.catalogue.byKey.get(name) ?? game.catalogue.byKey.get(name.toLowerCase());
  if (!part?.weapon || part.weapon.kind === 'passive') return `unknown command "${token}"`;
  const opts = part.weapon.options;
  if (option === undefined) {
    if (opts.length === 1) return weaponCmd(part.index, 0);
    return `${part.name} needs an option (${opts.map((o) => `${name}:${o.label}`).join(', ')})`;
  }
  const o = opts.findIndex((x) => x.label === option.toLowerCase());
  if (o < 0) return `${part.name} has no option "${option}" (options: ${opts.map((x) => x.label).join(', ')})`;
  return weaponCmd(part.index, o);
}

/** Writes a command code in a notation. */
export function formatCommand(game: Game, code: number, notation: Notation): string {
  if (code < CMD_WEAPON) return notation === 'rbp' && code in RBP_NAMES ? RBP_NAMES[code] : NHM_NAMES[code];
  const part = game.catalogue.parts[cmdPart(code)];
  if (notation === 'rbp' && part.short) return part.short;
  const opts = part.weapon!.options;
  return opts.length === 1 ? part.key : `${part.key}:${opts[cmdOption(code)].label}`;
}

/** Writes a whole program. */
export function formatProgram(game: Game, codes: ArrayLike<number>, notation: Notation, offset = 0): string {
  const out: string[] = [];
  for (let k = 0; k < PROGRAM_LENGTH; k++) out.push(formatCommand(game, codes[offset + k], notation));
  return out.join(' ');
}

/** Parses a program for machine m. Throws HavocError naming the machine, the slot and the rule. */
export function parseProgram(game: Game, m: number, text: string, notation: Notation): number[] {
  const tokens = text.trim().split(/\s+/).filter(Boolean);
  const who = `machine ${game.names[m]}`;
  if (tokens.length !== PROGRAM_LENGTH)
    throw new HavocError('ERR_PROGRAM_LENGTH', who, `a program has exactly ${PROGRAM_LENGTH} commands, got ${tokens.length} ("${text}")`);
  return tokens.map((tok, k) => {
    const c = parseCommand(game, m, tok, notation);
    if (typeof c === 'string') throw new HavocError('ERR_COMMAND', `${who}, slot ${k + 1}`, c);
    return c;
  });
}

/**
 * Checks a parsed program against the rules for machine m in state st.
 * Returns null when legal, else the error.
 */
export function checkProgram(st: State, m: number, codes: ArrayLike<number>, notation: Notation = 'nhm'): HavocError | null {
  const g = st.game, count = g.cmdCount, legal = g.legal, row = m * count;
  let x = 0, r = 0;
  for (let k = 0; k < LENGTH; k++) {
    const c = codes[k];
    // Game.isLegal, read straight from its table: this runs at every decision.
    if (!(c >= 0 && c < count && legal[row + c] === 1)) {
      const name = c >= 0 && c < g.cmdCount ? formatCommand(g, c, notation) : String(c);
      return new HavocError('ERR_NOT_EQUIPPED', `${who(g, m)}, slot ${k + 1}`, `"${name}" is not a command its loadout has`);
    }
    if (c === X) x++;
    if (c === R) r++;
  }
  if (r > 0) {
    if (g.repairAllSlots && r !== PROGRAM_LENGTH)
      return new HavocError('ERR_REPAIR', `${who(g, m)}, slot ${firstNot(codes, CMD_R) + 1}`, 'a repair turn is R R R R R: R cannot be mixed with other commands');
    if (!g.repairAllSlots && r + x !== PROGRAM_LENGTH)
      return new HavocError('ERR_REPAIR', `${who(g, m)}, slot ${firstNotRX(codes) + 1}`, 'a repair program has R in every slot that is not X: R cannot be mixed with other commands');
    if (g.repairAllSlots) return null;
  }
  const need = requiredX(st, m);
  if (x < need)
    return new HavocError('ERR_DAMAGE_X', `${who(g, m)}, slot ${firstNot(codes, CMD_X) + 1}`, `missing ${need} heart(s): the program needs at least ${need} X, it has ${x}`);
  return null;
}

/** Where a program's error is: written only for an error, since checkProgram runs at every decision. */
const who = (g: Game, m: number): string => `machine ${g.names[m]}`;

function firstNot(codes: ArrayLike<number>, c: number): number {
  for (let k = 0; k < PROGRAM_LENGTH; k++) if (codes[k] !== c) return k;
  return 0;
}

function firstNotRX(codes: ArrayLike<number>): number {
  for (let k = 0; k < PROGRAM_LENGTH; k++) if (codes[k] !== CMD_R && codes[k] !== CMD_X) return k;
  return 0;
}
