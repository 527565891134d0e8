/**
 * Candidate programs for one seat: a few hundred sensible programs instead of
 * every 5-slot combination, each legal (exactly the X commands the damage
 * demands, repair written as the rules want, only the loadout's commands).
 *
 * The families, built in a world where the other machines stand still:
 *   - go:        the shortest turns and moves to each pose within reach, then
 *                fire the best weapon (or the second best, Auto-Target, Dodge)
 *                in every slot left;
 *   - shoot-and-scoot: fire first, then move to a nearby pose and fire again;
 *   - strike-and-step: move, fire, one more move, fire;
 *   - wait:      the required X first, then fire (when damage forces X);
 *   - repair, teleport, mines, shield, when the loadout has them.
 * Each is given a quick static score (damage dealt to standing enemies,
 * exposure to their firing lines on the way, reach at the end); the list is
 * the best by score plus the safest, best first.
 */
import {
  CMD_DODGE, CMD_R, CMD_SPIN, CMD_TARGET, CMD_TEL, CMD_TL, CMD_TR, CMD_X, cmdOption, cmdPart,
} from '../../src/rules/nhm/commands.js';
import * as commands from '../../src/rules/nhm/commands.js';
import { ARMOUR_NONE, type Game } from '../../src/rules/nhm/game.js';
import { CELL_TARGET } from '../../src/rules/nhm/parts.js';
import { requiredX, type State } from '../../src/rules/nhm/state.js';
import { KeySet } from './keySet.js';
import { pickBest } from './pickBest.js';
import { ProgramList } from './programList.js';
import type { Reach } from './reach.js';

// Module-local copies of imported constants for the hot loops: V8 folds a
// module's own unexported `const`s into optimised code, but loads an imported
// (or exported) binding from its cell at every use.
const PROGRAM_LENGTH = commands.PROGRAM_LENGTH;
const isMove = commands.isMove;

// Fill choices (CandidateGen.best / second, and the fills of generate): an
// index into the seat's weaponCmds (>= 0) or one of these codes. Local to
// this file: they are not the step engine's target codes.
/** Nothing to fire: the slot is filled with X. */
const FILL_NONE = -1;
/** Auto-Target (A): the engine picks the weapon at run time. */
const FILL_TARGET = -2;
/** Dodge (D). */
const FILL_DODGE = -3;

const NEAR = 0.15; // weight of damage on squares next to an enemy when choosing what to fire

export class CandidateGen {
  readonly game: Game;
  readonly seat: number;
  readonly reach: Reach;
  private readonly size: number;
  private readonly dist: Int8Array;
  private readonly parent: Int32Array;
  private readonly parentCmd: Int32Array;
  private readonly order: Int32Array;
  /** Per pose: index into weaponCmds of the best / second-best fill, FILL_NONE for none; hits of the best. */
  private readonly best: Int16Array;
  private readonly second: Int16Array;
  private readonly bestHits: Float32Array;
  /** Per pose: the `prepared` count when its fills were last chosen (they hold until the next `prepare`). */
  private readonly filled: Int32Array;
  private prepared = 0;
  private readonly weapons: Int32Array;
  private readonly mines: number[] = [];
  private readonly shields: number[] = [];
  private readonly hasA: boolean;
  private readonly hasD: boolean;
  private readonly hasTel: boolean;
  private enemies: number[] = [];
  private neighbours: number[][] = [];
  private readonly seen = new KeySet();
  /** The program being built (its commands before the X), and how many it has. */
  private readonly acts = new Int32Array(PROGRAM_LENGTH);
  private nActs = 0;
  /** The whole program emit records, the fill choices of `fills`, and the programs recorded with their static scores. */
  private readonly prog = new Int32Array(PROGRAM_LENGTH);
  private readonly fillBuf = new Int32Array(4);
  private readonly raw = new ProgramList(64);
  private safety = new Float64Array(64);
  /** select's picks: the best by score, then by safety (sorted as they are found), and which programs the first took. */
  private top = new Int32Array(64);
  private taken = new Uint8Array(64);
  /** Per weapon command code: its index in `weapons` (-1: none), and whether it is a shield or mines (staticScore's per-slot look-ups). */
  private readonly weaponIndex: Int16Array;
  private readonly weaponIsShield: Uint8Array;
  private readonly weaponIsMines: Uint8Array;
  /** Per enemy (as `prepare` lists them): the offset of its pose's row in the reach tables. */
  private enemyRow: number[] = [];
  /** Per enemy: its table of damage firing now (reach.now). */
  private enemyNow: Uint8Array[] = [];

  constructor(game: Game, seat: number, reach: Reach) {
    this.game = game;
    this.seat = seat;
    this.reach = reach;
    const size = (this.size = game.size);
    this.dist = new Int8Array(4 * size);
    this.parent = new Int32Array(4 * size);
    this.parentCmd = new Int32Array(4 * size);
    this.order = new Int32Array(4 * size);
    this.best = new Int16Array(4 * size);
    this.second = new Int16Array(4 * size);
    this.bestHits = new Float32Array(4 * size);
    this.filled = new Int32Array(4 * size);
    this.weapons = game.weaponCmds[seat];
    let maxCmd = 0;
    for (const c of this.weapons) maxCmd = Math.max(maxCmd, c);
    this.weaponIndex = new Int16Array(maxCmd + 1).fill(-1);
    this.weaponIsShield = new Uint8Array(maxCmd + 1);
    this.weaponIsMines = new Uint8Array(maxCmd + 1);
    this.weapons.forEach((c, i) => {
      const kind = game.catalogue.parts[cmdPart(c)].weapon!.kind;
      if (kind === 'mines') this.mines.push(c);
      if (kind === 'shield') this.shields.push(c);
      // The first entry of a command, as indexOf finds it.
      if (this.weaponIndex[c] < 0) this.weaponIndex[c] = i;
      this.weaponIsShield[c] = kind === 'shield' ? 1 : 0;
      this.weaponIsMines[c] = kind === 'mines' ? 1 : 0;
    });
    this.hasA = game.isLegal(seat, CMD_TARGET);
    this.hasD = game.isLegal(seat, CMD_DODGE);
    this.hasTel = game.isLegal(seat, CMD_TEL);
  }

  /**
   * Fills `out` with up to `max` candidate programs for this seat in `st`,
   * best static score first. Always at least one (all X for a dead machine).
   */
  generate(st: State, max: number, out: ProgramList = new ProgramList(max)): ProgramList {
    out.clear();
    const me = this.seat, g = this.game, size = this.size;
    if (!st.alive[me]) {
      out.add(ALL_X);
      return out;
    }
    const need = requiredX(st, me), free = PROGRAM_LENGTH - need;
    this.prepare(st);
    const nPoses = this.bfs(st, free);
    for (let i = 0; i < nPoses; i++) this.chooseFill(st, this.order[i]);
    this.raw.clear();
    this.seen.clear();
    const pose0 = this.order[0];
    /** The command of a fill choice: a weapon index, FILL_TARGET, FILL_DODGE or FILL_NONE (X). */
    const fill = (w: number): number => (w === FILL_TARGET ? CMD_TARGET : w === FILL_DODGE ? CMD_DODGE : w >= 0 ? this.weapons[w] : CMD_X);
    const firstFill = (p: number): number =>
      this.hasA && this.bestHits[p] <= 0 ? FILL_TARGET : this.best[p] >= 0 ? this.best[p] : this.hasA ? FILL_TARGET : FILL_NONE;
    // Each program is built in `acts` (start, put, path) and recorded by emit.

    // go: move to each pose, then fire.
    for (let i = 0; i < nPoses; i++) {
      const p = this.order[i], len = this.pathLength(p), rest = free - len;
      if (rest === 0) this.start().path(p).emit(need);
      else for (let f = 0, nf = this.fills(p, len); f < nf; f++) this.start().path(p).put(fill(this.fillBuf[f]), rest).emit(need);
    }
    // wait: X first, then fire from here.
    if (need > 0) for (let f = 0, nf = this.fills(pose0, 0); f < nf; f++) this.start().put(fill(this.fillBuf[f]), free).emit(need, true);
    // shoot-and-scoot: fire from here, then move up to two commands and fire again.
    if (this.bestHits[pose0] > 0 || this.hasA)
      for (let a = 1; a <= Math.min(2, free - 1); a++)
        for (let i = 1; i < nPoses; i++) {
          const p = this.order[i], len = this.pathLength(p);
          if (len > Math.min(2, free - a)) continue;
          const rest = free - a - len;
          this.start().put(fill(firstFill(pose0)), a).path(p).put(fill(firstFill(p)), rest).emit(need);
        }
    // strike-and-step: move (1-2), fire once or twice, one more command, fire.
    const graph = this.reach.poses[me];
    for (let i = 1; i < nPoses; i++) {
      const p = this.order[i], len = this.pathLength(p);
      if (len > 2 || this.bestHits[p] <= 0) continue;
      for (let a = 1; a <= free - len - 1; a++)
        for (let j = graph.start[p]; j < graph.start[p + 1]; j++) {
          const q = graph.next[j], c = graph.cmd[j];
          if (q % size !== p % size && this.blocked(st, q % size)) continue;
          const rest = free - len - a - 1;
          const w2 = this.dist[q] >= 0 ? firstFill(q) : this.best[p];
          this.start().path(p).put(fill(this.best[p]), a).put(c, 1).put(fill(w2), rest).emit(need);
        }
    }
    // repair
    if (st.hearts[me] < g.maxHearts[me] || st.shields[me] < g.maxShields[me]) {
      if (g.repairAllSlots) this.start().put(CMD_R, PROGRAM_LENGTH).emit(0);
      else if (free > 0) this.start().put(CMD_R, free).emit(need);
    }
    // teleport: jump away, then fire whatever bears.
    if (this.hasTel && free > 0) {
      const w = this.hasA ? CMD_TARGET : fill(this.best[pose0]);
      this.start().put(CMD_TEL, 1).put(w, free - 1).emit(need);
      if (free > 1) this.start().put(w, free - 1).put(CMD_TEL, 1).emit(need);
    }
    // mines: lay one where an enemy is likeliest to step, then go.
    if (this.mines.length > 0 && free > 1) {
      const mine = this.bestMine(st, pose0);
      if (mine >= 0)
        for (let i = 0; i < nPoses; i++) {
          const p = this.order[i], len = this.pathLength(p);
          if (len > Math.min(2, free - 1)) continue;
          this.start().put(mine, 1).path(p).put(fill(firstFill(p)), free - 1 - len).emit(need);
        }
    }
    // shield: raise it and hold position, or turn and raise it.
    for (const sh of this.shields) {
      this.start().put(sh, free).emit(need);
      if (free > 1) for (const c of TURNS) if (g.isLegal(me, c)) this.start().put(c, 1).put(sh, free - 1).emit(need);
    }

    this.select(st, out, max);
    return out;
  }

  /** The fill choices to try from pose p after `len` commands, into fillBuf; how many. */
  private fills(p: number, len: number): number {
    const f = this.fillBuf;
    let n = 0;
    if (this.best[p] >= 0) f[n++] = this.best[p];
    if (this.second[p] >= 0) f[n++] = this.second[p];
    if (this.hasA) f[n++] = FILL_TARGET;
    if (this.hasD && len <= 2) f[n++] = FILL_DODGE;
    if (n === 0) f[n++] = FILL_NONE;
    return n;
  }

  /** Starts a program. */
  private start(): this {
    this.nActs = 0;
    return this;
  }

  /** Appends command c `n` times (none for n <= 0). Past PROGRAM_LENGTH only the count grows: emit drops such a program. */
  private put(c: number, n: number): this {
    for (let k = 0; k < n; k++, this.nActs++) if (this.nActs < PROGRAM_LENGTH) this.acts[this.nActs] = c;
    return this;
  }

  /** Appends the shortest commands from the search's start to pose p. */
  private path(p: number): this {
    const len = this.pathLength(p);
    let q = p;
    for (let k = len - 1; k >= 0; k--, q = this.parent[q]) if (this.nActs + k < PROGRAM_LENGTH) this.acts[this.nActs + k] = this.parentCmd[q];
    this.nActs += len;
    return this;
  }

  /** Commands from the search's start to pose p, one the search reached: its breadth-first distance. */
  private pathLength(p: number): number {
    return this.dist[p];
  }

  /** What this seat would do standing still: fire its best weapon (or Auto-Target) where it is. */
  stillProgram(st: State, out: number[]): number[] {
    const me = this.seat;
    out.length = PROGRAM_LENGTH;
    out.fill(CMD_X);
    if (!st.alive[me]) return out;
    const need = requiredX(st, me);
    this.prepare(st);
    const pose0 = st.facing[me] * this.size + st.sq[me];
    this.chooseFill(st, pose0);
    const w = this.hasA ? CMD_TARGET : this.best[pose0] >= 0 ? this.weapons[this.best[pose0]] : CMD_X;
    for (let k = 0; k < PROGRAM_LENGTH - need; k++) out[k] = w;
    return out;
  }

  private prepare(st: State): void {
    const g = this.game, me = this.seat, w = g.board.width, h = g.board.height;
    // The fills chosen so far were against the last position's enemies.
    if (++this.prepared === 0x40000000) (this.prepared = 1), this.filled.fill(0);
    this.enemies = [];
    this.neighbours = [];
    this.enemyRow = [];
    this.enemyNow = [];
    for (let o = 0; o < g.n; o++) {
      if (o === me || !st.alive[o] || st.sq[o] < 0) continue;
      this.enemies.push(o);
      this.enemyRow.push((st.facing[o] * this.size + st.sq[o]) * this.size);
      this.enemyNow.push(this.reach.now[o]);
      const s = st.sq[o], f = s % w, r = (s / w) | 0, ns: number[] = [];
      for (let df = -1; df <= 1; df++)
        for (let dr = -1; dr <= 1; dr++) {
          if ((df || dr) && f + df >= 0 && f + df < w && r + dr >= 0 && r + dr < h) ns.push((r + dr) * w + f + df);
        }
      this.neighbours.push(ns);
    }
  }

  private blocked(st: State, sq: number): boolean {
    const o = st.occ[sq];
    return o >= 0 && o !== this.seat;
  }

  /** Breadth-first search over poses reachable in at most `depth` commands; returns how many. */
  private bfs(st: State, depth: number): number {
    const me = this.seat, size = this.size, graph = this.reach.poses[me];
    this.dist.fill(-1);
    const start = st.facing[me] * size + st.sq[me];
    this.dist[start] = 0;
    this.parent[start] = -1;
    let head = 0, tail = 0;
    this.order[tail++] = start;
    while (head < tail) {
      const p = this.order[head++], d = this.dist[p];
      if (d >= depth) continue;
      for (let j = graph.start[p]; j < graph.start[p + 1]; j++) {
        const q = graph.next[j];
        if (this.dist[q] >= 0) continue;
        if (q % size !== p % size && this.blocked(st, q % size)) continue;
        this.dist[q] = d + 1;
        this.parent[q] = p;
        this.parentCmd[q] = graph.cmd[j];
        this.order[tail++] = q;
      }
    }
    return tail;
  }

  /** Picks the best and second-best weapon to fire from pose p at the standing enemies (once a pose a position: Auto-Target's slots ask again). */
  private chooseFill(st: State, p: number): void {
    if (this.filled[p] === this.prepared) return;
    this.filled[p] = this.prepared;
    const g = this.game, size = this.size, r = this.reach, me = this.seat;
    let b = FILL_NONE, bv = -1, bh = 0, s = FILL_NONE, sv = -1;
    for (let i = 0; i < this.weapons.length; i++) {
      const t = r.weaponNow[me][i];
      if (!t) continue;
      let hits = 0, near = 0;
      for (let e = 0; e < this.enemies.length; e++) {
        const o = this.enemies[e];
        if (r.beamOnly[me][i] && g.armour[o] !== ARMOUR_NONE) continue;
        hits += t[p * size + st.sq[o]];
        for (const n of this.neighbours[e]) near += t[p * size + n];
      }
      // Jump-Blade fires only with an enemy on the front square: its table already says so.
      const v = hits + NEAR * near;
      if (v > bv) (s = b), (sv = bv), (b = i), (bv = v), (bh = hits);
      else if (v > sv) (s = i), (sv = v);
    }
    this.best[p] = b;
    this.bestHits[p] = bh;
    this.second[p] = sv > 0 && s >= 0 ? s : FILL_NONE;
  }

  private bestMine(st: State, pose0: number): number {
    const g = this.game, size = this.size, wd = g.board.width;
    let best = -1, bd = 1 << 20;
    const f = (pose0 / size) | 0, sq = pose0 % size;
    for (const c of this.mines) {
      const t = g.tables.weapons[cmdPart(c)]![cmdOption(c)], i = f * size + sq;
      for (let j = t.cellStart[i]; j < t.cellStart[i + 1]; j++) {
        if (!(t.cellFlags[j] & CELL_TARGET)) continue;
        const to = t.cellSq[j];
        if (st.occ[to] >= 0 || st.mineOwner[to] & (1 << this.seat)) continue;
        for (const o of this.enemies) {
          const d = Math.max(Math.abs((to % wd) - (st.sq[o] % wd)), Math.abs(((to / wd) | 0) - ((st.sq[o] / wd) | 0)));
          if (d < bd) (bd = d), (best = c);
        }
      }
    }
    return best;
  }

  /** Records the program built: its commands then X (or X first), deduplicated. */
  private emit(need: number, xFirst = false): void {
    const n = this.nActs;
    if (n > PROGRAM_LENGTH) return;
    const xs = PROGRAM_LENGTH - n;
    let x = 0, key = 0;
    for (let k = 0; k < PROGRAM_LENGTH; k++) {
      const c = xFirst ? (k < xs ? CMD_X : this.acts[k - xs]) : k < n ? this.acts[k] : CMD_X;
      if (c === CMD_X) x++;
      key = key * 1024 + c;
      this.prog[k] = c;
    }
    if (x >= need && this.seen.add(key)) this.raw.add(this.prog);
  }

  /**
   * Scores every recorded program statically and keeps the best `max` (three
   * quarters by score, the rest by safety). Each order is total (ties by
   * index), so picking the few best as they come gives the lists a full sort
   * would: sorting every program twice was most of this.
   */
  private select(st: State, out: ProgramList, max: number): void {
    const n = this.raw.count;
    if (this.safety.length < n) this.safety = new Float64Array(2 * n);
    if (this.taken.length < n) this.taken = new Uint8Array(2 * n);
    if (this.top.length < max) this.top = new Int32Array(2 * max);
    const score = this.raw.score, safety = this.safety, taken = this.taken, top = this.top;
    for (let i = 0; i < n; i++) this.staticScore(st, i);
    const take = Math.min(n, max), byScore = Math.min(take, Math.ceil(max * 0.75));
    taken.fill(0, 0, n);
    const k1 = pickBest(score, n, byScore, top, taken, 0);
    for (let i = 0; i < k1; i++) out.add(this.raw.codes, score[top[i]], top[i] * PROGRAM_LENGTH);
    for (let i = 0; i < k1; i++) taken[top[i]] = 1;
    const k2 = pickBest(safety, n, take - byScore, top, taken, 1);
    for (let i = 0; i < k2; i++) out.add(this.raw.codes, score[top[i]], top[i] * PROGRAM_LENGTH);
  }

  /** Plays a program alone against standing enemies: damage dealt, exposure on the way, reach at the end. */
  private staticScore(st: State, i: number): void {
    const g = this.game, me = this.seat, size = this.size, r = this.reach, graph = r.poses[me], prog = this.raw.codes, at = i * PROGRAM_LENGTH;
    let pose = st.facing[me] * size + st.sq[me];
    let dealt = 0, exposure = 0, heal = 0, mines = 0;
    let repairing = false;
    for (let k = 0; k < PROGRAM_LENGTH; k++) if (prog[at + k] === CMD_R) repairing = true;
    for (let k = 0; k < PROGRAM_LENGTH; k++) {
      const c = prog[at + k];
      let shield = 1;
      if (c === CMD_TL || c === CMD_TR || c === CMD_SPIN || isMove(c)) {
        for (let j = graph.start[pose]; j < graph.start[pose + 1]; j++)
          if (graph.cmd[j] === c) {
            const q = graph.next[j];
            if (q % size === pose % size || !this.blocked(st, q % size)) pose = q;
            break;
          }
      } else if (c === CMD_TARGET) {
        this.chooseFill(st, pose);
        dealt += this.bestHits[pose];
      } else if (c === CMD_DODGE) shield = 0.4;
      else if (c >= 16) {
        const wi = this.weaponIndex[c], t = r.weaponNow[me][wi];
        if (t)
          for (const o of this.enemies) if (!(r.beamOnly[me][wi] && g.armour[o] !== ARMOUR_NONE)) dealt += t[pose * size + st.sq[o]];
        if (this.weaponIsShield[c]) shield = 0.5;
        if (this.weaponIsMines[c]) mines += 0.5;
      }
      if (repairing) shield *= 0.6;
      const sq = pose % size;
      for (let e = 0; e < this.enemies.length; e++) exposure += shield * this.enemyNow[e][this.enemyRow[e] + sq];
    }
    if (repairing) heal = g.repairAmount[me];
    const sq = pose % size;
    let out = 0, inn = 0;
    for (const o of this.enemies) {
      out += r.soon[me][pose * size + st.sq[o]];
      inn += r.soon[o][(st.facing[o] * size + st.sq[o]) * size + sq];
    }
    this.raw.score[i] = 10 * dealt - 2 * exposure + 3 * out - 4 * inn + 10 * heal + mines;
    this.safety[i] = -2 * exposure - 4 * inn + 2 * dealt + out;
  }
}

/** A dead machine's program. */
const ALL_X: readonly number[] = new Array<number>(PROGRAM_LENGTH).fill(CMD_X);
const TURNS = [CMD_TL, CMD_TR];
