/**
 * The `skilled` bot's search on the Ninja Havoc Machines engine (NHM and
 * RBP): `mcts`'s root game, without the interface's costs.
 *
 * `mcts` on NHM is, in effect, the root's matrix game sampled by decoupled
 * UCT: each seat's 64 candidate programs (the generator's, led by standing
 * still firing and last turn's program again), a joint cell valued by the
 * evaluator one turn on (a cell is expanded only after 60 visits, and never
 * expanding measured as strong: docs/bots.md), its move the root's visit
 * counts with a 15% floor. This searcher plays the same game directly on
 * the engine (bots/lib/sim.ts) and keeps every joint cell's value: a turn
 * of the NHM engine is deterministic but for the teleporter's dice, so a
 * cell visited again costs no simulation (a cell whose turn rolled the
 * dice is played again with fresh dice, up to DICE_SAMPLES times, then its
 * mean is used). Decoupled UCT visits the few cells that matter again and
 * again, so a search of 2,000 iterations simulates a few hundred turns.
 *
 * Budget: simulated turns are at most the decision's `budget.sims` and
 * iterations at most twice that (at the default 2,000: 4,000 iterations,
 * some 700 simulated turns); a wall-clock guard of half of `budget.ms`
 * (SimBudget) stops a search only on a machine too slow for that. So a
 * decision is a pure function of the position and the seat's RNG.
 */
import type { Budget } from '../../../src/core/bot.js';
import type { Rng } from '../../../src/core/rng.js';
import * as commands from '../../../src/rules/nhm/commands.js';
import type { Game } from '../../../src/rules/nhm/game.js';
import type { Notation } from '../../../src/rules/nhm/programs.js';
import type { State } from '../../../src/rules/nhm/state.js';
import { SimBudget } from '../budget.js';
import { CandidateGen } from '../candidates.js';
import { Evaluator } from '../evaluate.js';
import { repeatLast } from '../predict.js';
import { ProgramList } from '../programList.js';
import { reachOf } from '../reach.js';
import { Simulator } from '../sim.js';

const PROGRAM_LENGTH = commands.PROGRAM_LENGTH;

export interface FlatOptions {
  /** Candidate programs per seat. */
  readonly candidates: number;
  /** UCB1's exploration constant (values in [0, 1]). */
  readonly c: number;
  /** Progressive widening: ⌈k·(visits+1)^alpha⌉ candidates open, best first. */
  readonly widenK: number;
  readonly widenAlpha: number;
  /** Iterations of a decision at most (null: `perSim` times the decision's `budget.sims`). */
  readonly iterations: number | null;
  /** Iterations a simulation of the budget (most iterations revisit a cell kept, and simulate nothing). */
  readonly perSim: number;
  /** The move: actions under this share of the visits are dropped. */
  readonly floor: number;
  /** Evaluator difference over this is a logistic unit (two machines). */
  readonly scale: number;
  /** Samples of a cell whose turn rolled the dice, before its mean is reused. */
  readonly diceSamples: number;
}

export const FLAT_DEFAULTS: FlatOptions = {
  candidates: 64,
  c: 0.08,
  widenK: 2,
  widenAlpha: 0.5,
  iterations: null,
  perSim: 2,
  floor: 0.15,
  scale: 60,
  diceSamples: 8,
};

/** Visits up to which the widening and exploration terms are tabled. */
const TABLE_MAX = 1 << 15;

const squash = (x: number): number => 1 / (1 + Math.exp(-x));

/** The mixed strategy a search returns: programs (five codes) and weights. */
export interface FlatMove {
  readonly programs: number[][];
  readonly p: number[];
}

/** One seat's flat search of the joint turn, for one match. */
export class FlatSearcher {
  readonly game: Game;
  readonly seat: number;
  readonly opts: FlatOptions;
  private readonly n: number;
  private readonly gens: CandidateGen[];
  private readonly evs: Evaluator[];
  private readonly sim: Simulator;
  private readonly lists: ProgramList[];
  private readonly budget: SimBudget;
  private readonly still: number[] = [];
  /** Per seat: visits and summed values per candidate, and the seat's visits. */
  private readonly cn: Float64Array[];
  private readonly cw: Float64Array[];
  /** Per seat and candidate: its mean value and 1/√visits (kept up to date, so a pick is a multiply-add per candidate). */
  private readonly mean: Float64Array[];
  private readonly inv: Float64Array[];
  private readonly seatVisits: Float64Array;
  private readonly tried: Int32Array;
  /** Two machines: each cell's value for seat 0 (NaN: not yet played), and for cells with dice the samples so far. */
  private cell: Float64Array;
  private cellSamples: Uint8Array;
  /** More machines: cells by joint key, each seat's value. */
  private readonly cells = new Map<number, Float64Array>();
  private readonly cellDice = new Map<number, number>();
  private readonly picks: Int32Array;
  private readonly vals: Float64Array;
  private readonly acting: number[] = [];
  /** Figures of the last search. */
  iterationsDone = 0;
  simsDone = 0;

  constructor(game: Game, seat: number, private readonly rng: Rng, budget: Budget, opts: Partial<FlatOptions> = {}) {
    this.game = game;
    this.seat = seat;
    this.opts = { ...FLAT_DEFAULTS, ...opts };
    const n = (this.n = game.n), max = this.opts.candidates;
    const reach = reachOf(game);
    this.gens = Array.from({ length: n }, (_, s) => new CandidateGen(game, s, reach));
    this.evs = Array.from({ length: n }, (_, s) => new Evaluator(game, s, reach));
    this.sim = new Simulator(game);
    this.lists = Array.from({ length: n }, () => new ProgramList(max + 2));
    this.budget = new SimBudget(budget);
    this.cn = Array.from({ length: n }, () => new Float64Array(max + 2));
    this.cw = Array.from({ length: n }, () => new Float64Array(max + 2));
    this.mean = Array.from({ length: n }, () => new Float64Array(max + 2));
    this.inv = Array.from({ length: n }, () => new Float64Array(max + 2));
    this.seatVisits = new Float64Array(n);
    this.tried = new Int32Array(n);
    this.cell = new Float64Array(n === 2 ? (max + 2) * (max + 2) : 0);
    this.cellSamples = new Uint8Array(this.cell.length);
    this.picks = new Int32Array(n);
    this.vals = new Float64Array(n);
    this.played = new Float64Array(n);
  }

  /** By a seat's visits: how many candidates are open, and UCB1's exploration term's numerator (grown as iterations need). */
  private openTab = new Int32Array(0);
  private explore = new Float64Array(0);

  private tables(iterations: number): void {
    const len = Math.min(iterations + 1, TABLE_MAX);
    if (this.openTab.length >= len) return;
    const o = this.opts;
    this.openTab = new Int32Array(len);
    this.explore = new Float64Array(len);
    for (let v = 0; v < len; v++) {
      this.openTab[v] = Math.max(1, Math.ceil(o.widenK * Math.pow(v + 1, o.widenAlpha)));
      this.explore[v] = o.c * Math.sqrt(Math.log(v + 1));
    }
  }

  /** Searches the turn from `st` (the seat's view); `last`: each machine's program of last turn as the observation shows it. */
  search(st: State, last: readonly (string | null)[] | null, notation: Notation): FlatMove {
    const n = this.n, me = this.seat, o = this.opts, game = this.game, sim = this.sim;
    this.budget.begin();
    sim.reset(st);
    // Candidates: every seat's, still-and-fire first, then last turn's program again, then the generator's best first.
    const acting = this.acting;
    acting.length = 0;
    for (let s = 0; s < n; s++) {
      const list = this.lists[s];
      this.gens[s].generate(st, o.candidates, list);
      if (st.alive[s]) {
        this.gens[s].stillProgram(st, this.still);
        list.putFirst(this.still, last ? repeatLast(game, st, s, last[s], notation) : null);
        if (list.count > o.candidates) list.count = o.candidates;
        acting.push(s);
      }
      this.cn[s].fill(0);
      this.cw[s].fill(0);
      this.seatVisits[s] = 0;
      this.tried[s] = 0;
      sim.setProgram(s, list.codes, 0); // a dead machine's one program (all X)
    }
    const mine = this.lists[me];
    if (acting.length < 2 || !st.alive[me]) return { programs: [mine.get(0)], p: [1] };
    const two = n === 2;
    if (two) {
      this.cell.fill(NaN);
      this.cellSamples.fill(0);
    } else {
      this.cells.clear();
      this.cellDice.clear();
    }
    const stride = o.candidates + 2;
    const iterations = Math.max(0, Math.floor(o.iterations ?? o.perSim * this.budget.budget.sims));
    this.tables(iterations);
    let it = 0;
    for (; it < iterations; it++) {
      // Each acting seat picks by UCB1 among its open candidates (decoupled: blind to the others' picks).
      let key = 0;
      for (const s of acting) {
        const i = this.pick(s);
        this.picks[s] = i;
        key = key * stride + i;
      }
      if (!this.value(key, two)) break;
      // The wall-clock guard between simulations too (most iterations simulate nothing).
      if ((it & 1023) === 1023 && !this.budget.inTime()) break;
      for (const s of acting) {
        const i = this.picks[s], c = ++this.cn[s][i], w = (this.cw[s][i] += this.vals[s]);
        this.mean[s][i] = w / c;
        this.inv[s][i] = 1 / Math.sqrt(c);
        this.seatVisits[s]++;
        if (c === 1) this.tried[s]++;
      }
    }
    this.iterationsDone = it;
    this.simsDone = this.budget.used;
    return this.move(me);
  }

  /** UCB1 over the open candidates of seat s, an unvisited one first. */
  private pick(s: number): number {
    const size = this.lists[s].count, mean = this.mean[s], inv = this.inv[s], visits = this.seatVisits[s];
    const o = this.opts, tabled = visits < this.openTab.length;
    const k = Math.min(size, tabled ? this.openTab[visits] : Math.ceil(o.widenK * Math.pow(visits + 1, o.widenAlpha)));
    // Candidates are first tried in order (UCB1's unvisited first): those before `tried` have been.
    const t = this.tried[s];
    if (t < k) return t;
    let best = 0, bestV = -Infinity;
    const cl = tabled ? this.explore[visits] : o.c * Math.sqrt(Math.log(visits + 1));
    for (let i = 0; i < k; i++) {
      const v = mean[i] + cl * inv[i];
      if (v > bestV) (bestV = v), (best = i);
    }
    return best;
  }

  /** Each acting seat's value of the joint cell `key` (its picks in `picks`), into `vals`: kept, or played. False when the budget ran out. */
  private value(key: number, two: boolean): boolean {
    const o = this.opts, vals = this.vals;
    if (two) {
      const seen = this.cell[key], samples = this.cellSamples[key];
      // Seen, and either deterministic (no dice rolled: samples 0) or sampled enough.
      if (seen === seen && (samples === 0 || samples >= o.diceSamples)) {
        vals[0] = seen;
        vals[1] = 1 - seen;
        return true;
      }
      if (!this.play(seen === seen)) return false;
      const v = this.played;
      if (this.rolled) {
        const k = samples + 1;
        this.cell[key] = seen === seen ? seen + (v[0] - seen) / k : v[0];
        this.cellSamples[key] = k;
      } else this.cell[key] = v[0];
      vals[0] = v[0];
      vals[1] = v[1];
      return true;
    }
    const seen = this.cells.get(key), samples = this.cellDice.get(key) ?? 0;
    if (seen && (samples === 0 || samples >= o.diceSamples)) {
      vals.set(seen);
      return true;
    }
    if (!this.play(seen !== undefined)) return false;
    const v = this.played;
    if (this.rolled) {
      const k = samples + 1, m = seen ?? new Float64Array(this.n);
      for (let s = 0; s < this.n; s++) m[s] += (v[s] - m[s]) / k;
      this.cells.set(key, m);
      this.cellDice.set(key, k);
    } else this.cells.set(key, v.slice(0, this.n));
    for (let s = 0; s < this.n; s++) vals[s] = v[s];
    return true;
  }

  /** Whether the last play rolled the dice. */
  private rolled = false;
  /** Every seat's value of the last play. */
  private readonly played: Float64Array;

  /** Plays the picks' joint turn (fresh dice when `again`) and values it for every seat, into `played`; false when the budget ran out. */
  private play(again: boolean): boolean {
    if (!this.budget.take(1)) return false;
    const sim = this.sim, start = sim.start, d = start.dice;
    for (const s of this.acting) sim.setProgram(s, this.lists[s].codes, this.picks[s] * PROGRAM_LENGTH);
    let d0 = 0, d1 = 0, d2 = 0, d3 = 0;
    if (again) for (let i = 0; i < 4; i++) d[i] = (this.rng.next() * 4294967296) >>> 0;
    d0 = d[0], d1 = d[1], d2 = d[2], d3 = d[3];
    const after = sim.play();
    const ad = after.dice;
    this.rolled = ad[0] !== d0 || ad[1] !== d1 || ad[2] !== d2 || ad[3] !== d3;
    const out = this.played;
    if (this.n === 2) {
      const v = squash((this.evs[0].value(after) - this.evs[1].value(after)) / this.opts.scale);
      out[0] = v;
      out[1] = 1 - v;
    } else for (let s = 0; s < this.n; s++) out[s] = squash(this.evs[s].value(after) / (this.opts.scale / 2));
    return true;
  }

  /** The seat's move: its visit counts, candidates under the floor dropped (the likeliest stays). */
  private move(s: number): FlatMove {
    const nv = this.cn[s], list = this.lists[s], size = list.count;
    let total = 0, best = 0;
    for (let i = 0; i < size; i++) {
      total += nv[i];
      if (nv[i] > nv[best]) best = i;
    }
    const programs: number[][] = [], p: number[] = [];
    for (let i = 0; i < size; i++)
      if (i === best || nv[i] >= this.opts.floor * total) {
        programs.push(list.get(i));
        p.push(nv[i]);
      }
    return { programs, p };
  }
}
