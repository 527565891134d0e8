/**
 * The state: what changes in a match, all typed arrays (per ship: hex,
 * facing, damage, actions this turn; per hex: walls), so a bot can copy and
 * simulate a turn without allocating. The dice are an sfc32 state of the
 * state's own; a scenario's scripted dice come first (`script` counts those
 * used).
 */
import { sfc32Seed, sfc32Top24, diceSeed } from '../../core/rng.js';
import type { HoverGame } from './game.js';
import { startCells } from './game.js';
import { drawWalls } from './map.js';
import { HULL } from './ships.js';

/** Why a game ended (`over`). */
export const PLAYING = 0, WON = 1, DRAWN = 2, TURN_LIMIT = 3;

export class HoverState {
  readonly dice = new Uint32Array(4);
  /** Scripted dice used so far. */
  script = 0;
  /** With scripted dice: the first check a die past them went to, in words (the scenario runner refuses it unless told), else null. */
  overrun: string | null = null;
  /** Turns completed. */
  turn = 0;
  /** Whether this turn's Energy checks are made. */
  rolled = 0;
  over = PLAYING;
  /** The winning team when `over` is WON. */
  winner = -1;
  readonly walls: Uint8Array;
  /** Hex per ship; -1 once out of the game. */
  readonly cell: Int16Array;
  readonly facing: Uint8Array;
  readonly damage: Uint8Array;
  /** 0 on the map, 1 destroyed, 2 left the map. */
  readonly out: Uint8Array;
  /** Actions this turn (the Energy check), and the die that gave them. */
  readonly actions: Uint8Array;
  readonly energyDie: Uint8Array;
  /** Where each Energy die came from: its index in the scripted dice, or -1 (seeded). */
  readonly energySource: Int16Array;
  /** Damage dealt to enemy ships, per seat (the `dealt` figure). */
  readonly dealt: Int32Array;

  constructor(readonly game: HoverGame) {
    const n = game.ships;
    this.walls = new Uint8Array(game.hex.size);
    this.cell = new Int16Array(n);
    this.facing = new Uint8Array(n);
    this.damage = new Uint8Array(n);
    this.out = new Uint8Array(n);
    this.actions = new Uint8Array(n);
    this.energyDie = new Uint8Array(n);
    this.energySource = new Int16Array(n);
    this.dealt = new Int32Array(game.seats);
  }
}

/** A new state at the start of a match: a random map's walls and the starts drawn from the seed. */
export function newHoverState(g: HoverGame, seed: string): HoverState {
  const st = new HoverState(g);
  sfc32Seed(st.dice, 0, diceSeed(seed));
  if (g.map.walls) st.walls.set(g.map.walls);
  else drawWalls(g.map, seed, st.walls);
  st.cell.set(g.startCell);
  st.facing.set(g.startFacing);
  st.damage.set(g.startDamage);
  if (!g.map.walls)
    for (let t = 0; t < 2; t++) {
      const mine: number[] = [];
      for (let s = 0; s < g.ships; s++) if (g.team[s] === t && g.startCell[s] < 0) mine.push(s);
      const cells = startCells(g.hex, st.walls, t, mine.length);
      mine.forEach((s, i) => (st.cell[s] = cells[i]));
    }
  return st;
}

export function copyHoverState(src: HoverState, dst: HoverState): void {
  dst.dice.set(src.dice);
  dst.script = src.script;
  dst.overrun = src.overrun;
  dst.energySource.set(src.energySource);
  dst.turn = src.turn;
  dst.rolled = src.rolled;
  dst.over = src.over;
  dst.winner = src.winner;
  dst.walls.set(src.walls);
  dst.cell.set(src.cell);
  dst.facing.set(src.facing);
  dst.damage.set(src.damage);
  dst.out.set(src.out);
  dst.actions.set(src.actions);
  dst.energyDie.set(src.energyDie);
  dst.dealt.set(src.dealt);
}

/** Rolls the die: the next scripted die, else the state's own. */
export function rollDie(st: HoverState): number {
  const g = st.game;
  if (st.script < g.dice.length) return g.dice[st.script++];
  // The top 24 bits mod 6 (a bias under one in a million), in small-integer arithmetic: a roll allocates nothing.
  return 1 + (sfc32Top24(st.dice, 0) % 6);
}

/** A check's result: the die halved, rounded up, plus the stat. */
export const checkResult = (die: number, stat: number): number => Math.ceil(die / 2) + stat;

/** A ship's stat. */
export const stat = (g: HoverGame, s: number, i: number): number => g.stats[4 * s + i];
/** Hull left. */
export const hullLeft = (st: HoverState, s: number): number => stat(st.game, s, HULL) - st.damage[s];
/** Whether a ship is on the map. */
export const onMap = (st: HoverState, s: number): boolean => st.out[s] === 0;

/** The ship on hex `c`, or -1. */
export function shipAt(st: HoverState, c: number): number {
  for (let s = 0; s < st.game.ships; s++) if (st.cell[s] === c && st.out[s] === 0) return s;
  return -1;
}
