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

/** A list of programs, PROGRAM_LENGTH (five) codes each, in a flat array. */
export class ProgramList {
  count = 0;
  codes: Uint16Array;
  score: Float64Array;

  constructor(capacity = 64) {
    this.codes = new Uint16Array(capacity * PROGRAM_LENGTH);
    this.score = new Float64Array(capacity);
  }

  clear(): void {
    this.count = 0;
  }

  /** Appends codes[offset..offset+PROGRAM_LENGTH] with a score. */
  add(codes: ArrayLike<number>, score = 0, offset = 0): void {
    if ((this.count + 1) * PROGRAM_LENGTH > this.codes.length) {
      const c = new Uint16Array(this.codes.length * 2);
      c.set(this.codes);
      this.codes = c;
      const s = new Float64Array(this.score.length * 2);
      s.set(this.score);
      this.score = s;
    }
    for (let k = 0; k < PROGRAM_LENGTH; k++) this.codes[this.count * PROGRAM_LENGTH + k] = codes[offset + k];
    this.score[this.count++] = score;
  }

  /** Whether the list holds these PROGRAM_LENGTH codes. */
  has(codes: ArrayLike<number>, offset = 0): boolean {
    outer: for (let i = 0; i < this.count; i++) {
      for (let k = 0; k < PROGRAM_LENGTH; k++) if (this.codes[i * PROGRAM_LENGTH + k] !== codes[offset + k]) continue outer;
      return true;
    }
    return false;
  }

  /** Moves (or adds) the given programs to the front, in order, keeping the rest in order; nulls are skipped. */
  putFirst(...programs: (readonly number[] | null)[]): void {
    const first = programs.filter((p): p is readonly number[] => p !== null);
    const rest: number[][] = [], scores: number[] = [];
    for (let i = 0; i < this.count; i++) {
      const p = this.get(i);
      if (!first.some((f) => f.every((c, k) => c === p[k]))) rest.push(p), scores.push(this.score[i]);
    }
    this.clear();
    for (const p of first) if (!this.has(p)) this.add(p, 0);
    rest.forEach((p, i) => this.add(p, scores[i]));
  }

  /** Program i as a fresh array. */
  get(i: number): number[] {
    return Array.from(this.codes.subarray(i * PROGRAM_LENGTH, (i + 1) * PROGRAM_LENGTH));
  }
}

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
  private readonly weapons: Int32Array;
  private readonly mines: number[] = [];
  private readonly shields: number[] = [];
  private readonly hasA: boolean;
  private readonly hasD: boolean;
  private readonly hasTel: boolean;
  private enemies: number[] = [];
  private neighbours: number[][] = [];
  private readonly seen = new Set<number>();
  private raw: number[][] = [];

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
    this.weapons = game.weaponCmds[seat];
    for (const c of this.weapons) {
      const kind = game.catalogue.parts[cmdPart(c)].weapon!.kind;
      if (kind === 'mines') this.mines.push(c);
      if (kind === 'shield') this.shields.push(c);
    }
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
      out.add(rep(CMD_X, PROGRAM_LENGTH));
      return out;
    }
    const need = requiredX(st, me), free = PROGRAM_LENGTH - need;
    this.prepare(st);
    const nPoses = this.bfs(st, free);
    for (let i = 0; i < nPoses; i++) this.chooseFill(st, this.order[i]);
    this.raw = [];
    this.seen.clear();
    const pose0 = this.order[0];
    /** The command of a fill choice: a weapon index, FILL_TARGET, FILL_DODGE or FILL_NONE (X). */
    const fill = (w: number): number => (w === FILL_TARGET ? CMD_TARGET : w === FILL_DODGE ? CMD_DODGE : w >= 0 ? this.weapons[w] : CMD_X);
    const fills = (p: number, len: number): number[] => {
      const f: number[] = [];
      if (this.best[p] >= 0) f.push(this.best[p]);
      if (this.second[p] >= 0) f.push(this.second[p]);
      if (this.hasA) f.push(FILL_TARGET);
      if (this.hasD && len <= 2) f.push(FILL_DODGE);
      if (f.length === 0) f.push(FILL_NONE);
      return f;
    };
    const firstFill = (p: number): number =>
      this.hasA && this.bestHits[p] <= 0 ? FILL_TARGET : this.best[p] >= 0 ? this.best[p] : this.hasA ? FILL_TARGET : FILL_NONE;

    // go: move to each pose, then fire.
    for (let i = 0; i < nPoses; i++) {
      const p = this.order[i], path = this.path(p), rest = free - path.length;
      if (rest === 0) this.emit(path, need);
      else for (const w of fills(p, path.length)) this.emit([...path, ...rep(fill(w), rest)], need);
    }
    // wait: X first, then fire from here.
    if (need > 0) for (const w of fills(pose0, 0)) this.emit(rep(fill(w), free), need, true);
    // shoot-and-scoot: fire from here, then move up to two commands and fire again.
    if (this.bestHits[pose0] > 0 || this.hasA)
      for (let a = 1; a <= Math.min(2, free - 1); a++)
        for (let i = 1; i < nPoses; i++) {
          const p = this.order[i], path = this.path(p);
          if (path.length > Math.min(2, free - a)) continue;
          const rest = free - a - path.length;
          this.emit([...rep(fill(firstFill(pose0)), a), ...path, ...rep(fill(firstFill(p)), rest)], need);
        }
    // strike-and-step: move (1-2), fire once or twice, one more command, fire.
    const graph = this.reach.poses[me];
    for (let i = 1; i < nPoses; i++) {
      const p = this.order[i], path = this.path(p);
      if (path.length > 2 || this.bestHits[p] <= 0) continue;
      for (let a = 1; a <= free - path.length - 1; a++)
        for (let j = graph.start[p]; j < graph.start[p + 1]; j++) {
          const q = graph.next[j], c = graph.cmd[j];
          if (q % size !== p % size && this.blocked(st, q % size)) continue;
          const rest = free - path.length - a - 1;
          const w2 = this.dist[q] >= 0 ? firstFill(q) : this.best[p];
          this.emit([...path, ...rep(fill(this.best[p]), a), c, ...rep(fill(w2), rest)], need);
        }
    }
    // repair
    if (st.hearts[me] < g.maxHearts[me] || st.shields[me] < g.maxShields[me]) {
      if (g.repairAllSlots) this.emit(rep(CMD_R, PROGRAM_LENGTH), 0);
      else if (free > 0) this.emit(rep(CMD_R, free), need);
    }
    // teleport: jump away, then fire whatever bears.
    if (this.hasTel && free > 0) {
      const w = this.hasA ? CMD_TARGET : fill(this.best[pose0]);
      this.emit([CMD_TEL, ...rep(w, free - 1)], need);
      if (free > 1) this.emit([...rep(w, free - 1), CMD_TEL], need);
    }
    // mines: lay one where an enemy is likeliest to step, then go.
    if (this.mines.length > 0 && free > 1) {
      const mine = this.bestMine(st, pose0);
      if (mine >= 0)
        for (let i = 0; i < nPoses; i++) {
          const p = this.order[i], path = this.path(p);
          if (path.length > Math.min(2, free - 1)) continue;
          this.emit([mine, ...path, ...rep(fill(firstFill(p)), free - 1 - path.length)], need);
        }
    }
    // shield: raise it and hold position, or turn and raise it.
    for (const sh of this.shields) {
      this.emit(rep(sh, free), need);
      if (free > 1) for (const c of [CMD_TL, CMD_TR]) if (g.isLegal(me, c)) this.emit([c, ...rep(sh, free - 1)], need);
    }

    this.select(st, out, max);
    return out;
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
    this.enemies = [];
    this.neighbours = [];
    for (let o = 0; o < g.n; o++) {
      if (o === me || !st.alive[o] || st.sq[o] < 0) continue;
      this.enemies.push(o);
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

  private path(p: number): number[] {
    const out: number[] = [];
    for (let q = p; this.parent[q] >= 0 && this.dist[q] > 0; q = this.parent[q]) out.push(this.parentCmd[q]);
    return out.reverse();
  }

  /** Picks the best and second-best weapon to fire from pose p at the standing enemies. */
  private chooseFill(st: State, p: number): void {
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

  /** Records a program: `actions` then X (or X first), deduplicated. */
  private emit(actions: number[], need: number, xFirst = false): void {
    const xs = rep(CMD_X, PROGRAM_LENGTH - actions.length);
    const prog = xFirst ? [...xs, ...actions] : [...actions, ...xs];
    if (prog.length !== PROGRAM_LENGTH) return;
    let x = 0, key = 0;
    for (let k = 0; k < PROGRAM_LENGTH; k++) {
      if (prog[k] === CMD_X) x++;
      key = key * 1024 + prog[k];
    }
    if (x < need || this.seen.has(key)) return;
    this.seen.add(key);
    this.raw.push(prog);
  }

  /** Scores every recorded program statically and keeps the best `max` (three quarters by score, the rest by safety). */
  private select(st: State, out: ProgramList, max: number): void {
    const n = this.raw.length;
    const score = new Float64Array(n), safety = new Float64Array(n);
    for (let i = 0; i < n; i++) this.staticScore(st, this.raw[i], score, safety, i);
    const idx = Array.from({ length: n }, (_, i) => i);
    idx.sort((a, b) => score[b] - score[a] || a - b);
    const take = Math.min(n, max), byScore = Math.min(take, Math.ceil(max * 0.75));
    const chosen = new Uint8Array(n);
    for (let i = 0; i < byScore; i++) chosen[idx[i]] = 1;
    const bySafety = idx.slice(byScore).sort((a, b) => safety[b] - safety[a] || a - b);
    for (let i = 0; i < byScore; i++) out.add(this.raw[idx[i]], score[idx[i]]);
    for (let i = 0; i < take - byScore; i++) out.add(this.raw[bySafety[i]], score[bySafety[i]]);
  }

  /** Plays a program alone against standing enemies: damage dealt, exposure on the way, reach at the end. */
  private staticScore(st: State, prog: number[], score: Float64Array, safety: Float64Array, i: number): void {
    const g = this.game, me = this.seat, size = this.size, r = this.reach, graph = r.poses[me];
    let pose = st.facing[me] * size + st.sq[me];
    let dealt = 0, exposure = 0, heal = 0, mines = 0;
    const repairing = prog.includes(CMD_R);
    for (let k = 0; k < PROGRAM_LENGTH; k++) {
      const c = prog[k];
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
        const wi = this.weapons.indexOf(c), t = r.weaponNow[me][wi];
        const kind = g.catalogue.parts[cmdPart(c)].weapon!.kind;
        if (t)
          for (const o of this.enemies) if (!(r.beamOnly[me][wi] && g.armour[o] !== ARMOUR_NONE)) dealt += t[pose * size + st.sq[o]];
        if (kind === 'shield') shield = 0.5;
        if (kind === 'mines') mines += 0.5;
      }
      if (repairing) shield *= 0.6;
      const sq = pose % size;
      for (const o of this.enemies) exposure += shield * r.now[o][(st.facing[o] * size + st.sq[o]) * size + sq];
    }
    if (repairing) heal = g.repairAmount[me];
    const sq = pose % size;
    let out = 0, inn = 0;
    for (const o of this.enemies) {
      out += r.soon[me][pose * size + st.sq[o]];
      inn += r.soon[o][(st.facing[o] * size + st.sq[o]) * size + sq];
    }
    score[i] = 10 * dealt - 2 * exposure + 3 * out - 4 * inn + 10 * heal + mines;
    safety[i] = -2 * exposure - 4 * inn + 2 * dealt + out;
  }
}

function rep(c: number, n: number): number[] {
  return n > 0 ? new Array<number>(n).fill(c) : [];
}
