/**
 * Reach tables: how much damage a machine can put on a square from a pose
 * (facing, square), now or within a few commands. Built from the catalogue's
 * compiled weapon tables once per design and shared by every bot of every
 * match that design plays in, so a position is judged by a few array reads.
 *
 * The tables ignore blocking (machines, wreckage, shield spots and armour):
 * they say "this square is in my firing lines", which is what a quick
 * positional judgement wants; the engine settles the rest in simulation.
 */
import { CMD_FIRST_MOVE, CMD_LAST_MOVE, CMD_SPIN, CMD_TL, CMD_TR, cmdOption, cmdPart } from '../../src/rules/nhm/commands.js';
import type { Game } from '../../src/rules/nhm/game.js';

const DIR_DF = [0, 1, 1, 1, 0, -1, -1, -1];
const DIR_DR = [1, 1, 0, -1, -1, -1, 0, 1];

/** Pose successors of one machine: for each pose (facing * size + square), the poses one command away. */
export interface PoseGraph {
  /** Successors of pose p are next[start[p] .. start[p + 1]), with the command that leads there in cmd. */
  readonly start: Int32Array;
  readonly next: Int32Array;
  readonly cmd: Int32Array;
}

/** One machine's tables (see Reach): they depend only on its commands and the catalogue's tables for the board. */
interface MachineReach {
  readonly now: Uint8Array;
  readonly weaponNow: readonly (Uint8Array | null)[];
  readonly beamOnly: readonly boolean[];
  readonly soon: Float32Array;
  readonly poses: PoseGraph;
}

/** Reach tables of every machine of a game. */
export class Reach {
  readonly game: Game;
  readonly size: number;
  /** Per machine: [pose * size + target] = the most damage one firing of any of its weapons deals on target. */
  readonly now: readonly Uint8Array[];
  /** Per machine, per entry of `game.weaponCmds[m]`: that command's own table like `now`, or null when it deals no damage (mines, shields). */
  readonly weaponNow: readonly (readonly (Uint8Array | null)[])[];
  /** Per machine, per weapon command: whether it is all beam (special armour stops it). */
  readonly beamOnly: readonly (readonly boolean[])[];
  /** Per machine: [pose * size + target] = max over k <= levels of decay^k * damage after k turn/move commands. */
  readonly soon: readonly Float32Array[];
  /** Per machine: its pose graph over turns and step moves (teleports left out). */
  readonly poses: readonly PoseGraph[];

  constructor(game: Game) {
    this.game = game;
    this.size = game.size;
    const machines = Array.from({ length: game.n }, (_, m) => machineReachOf(game, m));
    this.now = machines.map((r) => r.now);
    this.weaponNow = machines.map((r) => r.weaponNow);
    this.beamOnly = machines.map((r) => r.beamOnly);
    this.soon = machines.map((r) => r.soon);
    this.poses = machines.map((r) => r.poses);
  }

  /** Damage machine m deals to square `target` firing now from (facing, sq). */
  hitNow(m: number, facing: number, sq: number, target: number): number {
    return this.now[m][(facing * this.size + sq) * this.size + target];
  }

  /** Discounted damage machine m can bring onto `target` within a few commands from (facing, sq). */
  threat(m: number, facing: number, sq: number, target: number): number {
    return this.soon[m][(facing * this.size + sq) * this.size + target];
  }
}

/**
 * The reach tables of `game`'s machines. Not kept with the game: a run keeps
 * thousands of games (arena/player.ts), and tables kept by each of them held
 * 3 GB at the peak of an 8,000-match greedy sweep (configs/sweep.json).
 */
export const reachOf = (game: Game): Reach => new Reach(game);

/**
 * Machines' tables by the catalogue's tables and the machine's commands,
 * the least recently used dropped first. A sweep plays each design in many
 * matches, each a new Game: building a machine's tables was a fifth of a
 * greedy sweep's time, and its garbage kept V8's collector threads busy.
 * 100 to 250 KB a design (a table per weapon option): MAX_MACHINES_CACHED
 * bounds a thread's share, about 60 MB at most.
 */
const machineCache = new WeakMap<object, Map<string, MachineReach>>();
const MAX_MACHINES_CACHED = 256;

function machineReachOf(game: Game, m: number): MachineReach {
  let byCommands = machineCache.get(game.tables);
  if (!byCommands) machineCache.set(game.tables, (byCommands = new Map()));
  const key = game.commands[m].join(',');
  let r = byCommands.get(key);
  if (r) {
    byCommands.delete(key); // to the back of the line
  } else {
    r = machineReach(game, m);
    if (byCommands.size >= MAX_MACHINES_CACHED) byCommands.delete(byCommands.keys().next().value!);
  }
  byCommands.set(key, r);
  return r;
}

/** Machine m's tables, `levels` commands ahead, each a further `decay`. */
function machineReach(game: Game, m: number, levels = 3, decay = 0.6): MachineReach {
  const size = game.size;
  const hit = new Uint8Array(4 * size * size);
  const weaponNow: (Uint8Array | null)[] = [], beamOnly: boolean[] = [];
  for (const c of game.weaponCmds[m]) {
    const t = firingTable(game, c);
    weaponNow.push(t);
    const opt = game.tables.weapons[cmdPart(c)]![cmdOption(c)];
    beamOnly.push(opt.cellStart[4 * size] === 0 && opt.beamStart[4 * size] > 0);
    if (t) for (let i = 0; i < t.length; i++) if (t[i] > hit[i]) hit[i] = t[i];
  }
  const poses = poseGraph(game, m);
  let cur = Float32Array.from(hit);
  for (let k = 0; k < levels; k++) {
    const nxt = Float32Array.from(cur);
    for (let p = 0; p < 4 * size; p++)
      for (let j = poses.start[p]; j < poses.start[p + 1]; j++) {
        const q = poses.next[j];
        for (let t = 0; t < size; t++) {
          const v = decay * cur[q * size + t];
          if (v > nxt[p * size + t]) nxt[p * size + t] = v;
        }
      }
    cur = nxt;
  }
  return { now: hit, weaponNow, beamOnly, soon: cur, poses };
}

/** Per pose and target square: the damage weapon command c deals there (blocking ignored), or null if none anywhere. */
function firingTable(game: Game, c: number): Uint8Array | null {
  const size = game.size, w = game.board.width, h = game.board.height;
  const out = new Uint8Array(4 * size * size);
  let any = false;
  {
    const t = game.tables.weapons[cmdPart(c)]![cmdOption(c)];
    for (let p = 0; p < 4 * size; p++) {
      const row = p * size;
      for (let j = t.cellStart[p]; j < t.cellStart[p + 1]; j++) {
        const d = t.cellDmg[j], s = t.cellSq[j];
        if (d > out[row + s]) (out[row + s] = d), (any = true);
      }
      for (let j = t.beamStart[p]; j < t.beamStart[p + 1]; j++) {
        let s = t.beamOrigin[j], left = t.beamRange[j] === 0 ? 1 << 20 : t.beamRange[j];
        const d = t.beamDir[j], dmg = t.beamDmg[j];
        while (left-- > 0) {
          const f = (s % w) + DIR_DF[d], r = ((s / w) | 0) + DIR_DR[d];
          if (f < 0 || r < 0 || f >= w || r >= h) break;
          s = r * w + f;
          if (dmg > out[row + s]) (out[row + s] = dmg), (any = true);
        }
      }
    }
  }
  return any ? out : null;
}

/** Machine m's poses one turn or step move apart, on an empty board. */
export function poseGraph(game: Game, m: number): PoseGraph {
  const size = game.size;
  const cmds: number[] = [];
  for (const c of game.commands[m]) if (c === CMD_TL || c === CMD_TR || c === CMD_SPIN || (c >= CMD_FIRST_MOVE && c <= CMD_LAST_MOVE)) cmds.push(c);
  const start = new Int32Array(4 * size + 1), next: number[] = [], cmd: number[] = [];
  for (let p = 0; p < 4 * size; p++) {
    start[p] = next.length;
    const f = (p / size) | 0, s = p % size;
    for (const c of cmds) {
      let q = -1;
      if (c === CMD_TL) q = ((f + 3) & 3) * size + s;
      else if (c === CMD_TR) q = ((f + 1) & 3) * size + s;
      else if (c === CMD_SPIN) q = ((f + 2) & 3) * size + s;
      else {
        const to = game.tables.moveTo[(c - CMD_FIRST_MOVE) * 4 * size + f * size + s];
        if (to >= 0) q = f * size + to;
      }
      if (q >= 0) next.push(q), cmd.push(c);
    }
  }
  start[4 * size] = next.length;
  return { start, next: Int32Array.from(next), cmd: Int32Array.from(cmd) };
}
