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
 * the engine (two machines: bots/lib/prefixSim.ts, a pair of candidates
 * resumed from the longest prefix of steps played before; more: sim.ts)
 * and keeps every joint cell's value: a turn
 * of the NHM engine is deterministic but for the teleporter's dice, so a
 * cell visited again costs no simulation (a cell whose turn rolled the
 * dice is played again with fresh dice, up to DICE_SAMPLES times, then its
 * mean is used). Decoupled UCT visits the few cells that matter again and
 * again, so a search of 2,000 iterations simulates a few hundred turns.
 *
 * Cost: UCB1's argmax is kept in a tournament tree per seat (ucbTree.ts),
 * so an iteration that revisits a kept cell costs a few dozen nanoseconds
 * rather than a scan of every candidate (it was 70% of a decision's CPU).
 * (Stopping once the move was the same one program at 1,000 and 2,000
 * iterations was tried: it left 99.9% of self-play moves as they were but
 * cost 11 points of decided games against nash, 61.0% against 72.2% on the
 * same 504 games, so every iteration is played.)
 *
 * Self-play: both seats' searches of one position are one root game, so
 * the second takes the first's candidate lists and dice-free cells' values,
 * and, when none of the first's turns rolled the dice, its visit counts
 * (sharedRoot.ts): the same moves, byte for byte, and in self-play a second
 * decision that costs a copy. On recorded self-play positions a decision
 * costs 0.60-0.63x of its CPU before (flatDecisions, builds alternated),
 * the lists and cells alone 0.77x; a self-play match on the ladder 43.2 ms
 * against 88.4 (docs/performance.md, "The fifth round"). A profile before it (the
 * same positions, `--cpu-prof`): UCB1's iterations 42% of a decision (the
 * trees' walks most of it), the engine's simulated turns 23%, the candidate
 * generator for both seats 24%, the evaluator 2%. Keeping the best's
 * runner-up to skip a walk was tried and dropped: the best changes nearly
 * every visit (12% of walks skipped, no gain), and a branch-free walk was
 * no faster on a recorded trace.
 *
 * Budget: simulated turns are at most the decision's `budget.sims` and
 * iterations at most twice that (at the default 2,000: 4,000 iterations,
 * some 700 simulated turns). The wall clock never shortens a search: a
 * decision still running past its whole budget (`budget.ms` and the
 * overage bank) fails, a fault the match records (SimBudget's `fault`
 * guard). So a decision is a pure function of the position, the seat's RNG
 * and the count, on any machine under any load.
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
import { PrefixSimulator } from '../prefixSim.js';
import { Simulator } from '../sim.js';
import { sharedRootOf, type SharedRoot } from './sharedRoot.js';
import { UcbTree } from './ucbTree.js';
import { VisitSchedule } from './visitSchedule.js';

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
  /** The engine: two machines' pairs sharing their prefixes, or (more machines) a turn played whole. */
  private readonly pair: PrefixSimulator | null;
  private readonly sim: Simulator | null;
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
  /**
   * Per seat, UCB1's argmax kept in a tournament tree (ucbTree.ts) over its
   * candidates' scores (−∞ until first visited): a pick reads the root and a
   * visit updates one leaf's path, where a scan of 64 candidates each
   * iteration was 70% of a decision. The exploration constant a score holds
   * is refreshed for every candidate once it has drifted (visitSchedule.ts).
   */
  private readonly trees: UcbTree[];
  /** By a seat's visits: the candidates open, the exploration term, 1/√visits, when to score the trees again. */
  private readonly schedule: VisitSchedule;
  private readonly treeCl: Float64Array;
  /** Two machines: each cell's value for seat 0 (NaN: not yet played), and for cells with dice the samples so far. */
  private cell: Float64Array;
  private cellSamples: Uint8Array;
  /** More machines: cells by joint key, each seat's value. */
  private readonly cells = new Map<number, Float64Array>();
  private readonly cellDice = new Map<number, number>();
  /** Two machines: the lists and dice-free cells of the position last searched, shared with the other seat's search (sharedRoot.ts). */
  private readonly shared: SharedRoot | null;
  private readonly picks: Int32Array;
  private readonly vals: Float64Array;
  private readonly acting: number[] = [];
  /** Figures of the last search. */
  iterationsDone = 0;
  simsDone = 0;
  /** Whether the last search took its lists from the other seat's search of the position, how many cells' values, and whether its visit counts. */
  listsShared = false;
  cellsShared = 0;
  searchShared = false;

  constructor(game: Game, seat: number, private readonly rng: Rng, budget: Budget, opts: Partial<FlatOptions> = {}) {
    this.game = game;
    this.seat = seat;
    this.opts = { ...FLAT_DEFAULTS, ...opts };
    const n = (this.n = game.n), max = this.opts.candidates;
    const reach = reachOf(game);
    this.gens = Array.from({ length: n }, (_, s) => new CandidateGen(game, s, reach));
    this.evs = Array.from({ length: n }, (_, s) => new Evaluator(game, s, reach));
    this.pair = n === 2 ? new PrefixSimulator(game) : null;
    this.sim = n === 2 ? null : new Simulator(game);
    this.lists = Array.from({ length: n }, () => new ProgramList(max + 2));
    this.budget = new SimBudget(budget, 0.5, 'fault');
    this.cn = Array.from({ length: n }, () => new Float64Array(max + 2));
    this.cw = Array.from({ length: n }, () => new Float64Array(max + 2));
    this.mean = Array.from({ length: n }, () => new Float64Array(max + 2));
    this.inv = Array.from({ length: n }, () => new Float64Array(max + 2));
    this.seatVisits = new Float64Array(n);
    this.tried = new Int32Array(n);
    this.trees = Array.from({ length: n }, () => new UcbTree(max));
    this.schedule = new VisitSchedule(this.opts.widenK, this.opts.widenAlpha, this.opts.c);
    this.treeCl = new Float64Array(n);
    this.cell = new Float64Array(n === 2 ? (max + 2) * (max + 2) : 0);
    this.cellSamples = new Uint8Array(this.cell.length);
    this.shared = n === 2 ? sharedRootOf(this.opts) : null;
    this.picks = new Int32Array(n);
    this.vals = new Float64Array(n);
    this.played = new Float64Array(n);
  }

  /** Searches the turn from `st` (the seat's view); `last`: each machine's program of last turn as the observation shows it. */
  search(st: State, last: readonly (string | null)[] | null, notation: Notation): FlatMove {
    const n = this.n, me = this.seat, o = this.opts, game = this.game, sim = this.sim;
    this.budget.begin();
    sim?.reset(st);
    this.pair?.reset(st);
    // Candidates: every seat's, still-and-fire first, then last turn's program again, then the generator's best first
    // (or the other seat's search's of this position).
    const acting = this.acting, shared = this.shared, known = shared !== null && shared.holds(st, last, notation);
    acting.length = 0;
    for (let s = 0; s < n; s++) {
      const list = this.lists[s];
      if (known) list.copyFrom(shared.lists[s]);
      else {
        this.gens[s].generate(st, o.candidates, list);
        if (st.alive[s]) {
          this.gens[s].stillProgram(st, this.still);
          list.putFirst(this.still, last ? repeatLast(game, st, s, last[s], notation) : null);
          if (list.count > o.candidates) list.count = o.candidates;
        }
      }
      if (st.alive[s]) acting.push(s);
      this.cn[s].fill(0);
      this.cw[s].fill(0);
      this.seatVisits[s] = 0;
      this.tried[s] = 0;
      this.trees[s].clear();
      this.treeCl[s] = -1;
      sim?.setProgram(s, list.codes, 0); // a dead machine's one program (all X)
    }
    if (shared && !known) shared.record(st, last, notation, this.lists);
    this.listsShared = known;
    this.cellsShared = 0;
    this.searchShared = false;
    const mine = this.lists[me];
    if (acting.length < 2 || !st.alive[me]) return { programs: [mine.get(0)], p: [1] };
    const stride = o.candidates + 2, sims = this.budget.budget.sims;
    const iterations = Math.max(0, Math.floor(o.iterations ?? o.perSim * sims));
    if (known && shared.searchedWith(iterations, sims)) {
      // The other seat's search rolled no dice: this one would be it again (sharedRoot.ts).
      for (let s = 0; s < n; s++) this.cn[s].set(shared.counts[s]);
      this.iterationsDone = shared.iterationsDone;
      this.simsDone = shared.simsDone;
      this.searchShared = true;
      return this.move(me);
    }
    const two = n === 2;
    if (two) {
      this.cell.fill(NaN);
      this.cellSamples.fill(0);
      this.pair!.setCandidates(this.lists[0].codes, this.lists[0].count, this.lists[1].codes, this.lists[1].count);
    } else {
      this.cells.clear();
      this.cellDice.clear();
    }
    this.schedule.cover(iterations);
    this.anyRolled = false;
    const it = two ? this.iterate2(iterations, stride) : this.iterateN(iterations, stride);
    this.iterationsDone = it;
    this.simsDone = this.budget.used;
    if (shared && !known && !this.anyRolled) shared.keep(this.cn, iterations, sims, it, this.budget.used);
    return this.move(me);
  }

  /** The search's iterations with more than two machines; how many were played. */
  private iterateN(iterations: number, stride: number): number {
    const acting = this.acting;
    let it = 0;
    for (; it < iterations; it++) {
      // Each acting seat picks by UCB1 among its open candidates (decoupled: blind to the others' picks).
      let key = 0;
      for (const s of acting) {
        const i = this.pick(s);
        this.picks[s] = i;
        key = key * stride + i;
      }
      if (!this.value(key)) break;
      // The wall-clock guard between simulations too (most iterations simulate nothing).
      if ((it & 1023) === 1023 && !this.budget.inTime()) break;
      for (const s of acting) {
        const i = this.picks[s], c = ++this.cn[s][i], w = (this.cw[s][i] += this.vals[s]);
        const m = (this.mean[s][i] = w / c), inv = (this.inv[s][i] = 1 / Math.sqrt(c));
        this.trees[s].set(i, m + this.treeCl[s] * inv);
        this.seatVisits[s]++;
        if (c === 1) this.tried[s]++;
      }
    }
    return it;
  }

  /**
   * The same with two machines, the hot case, written out: both seats act
   * (else there is nothing to search), one value is seat 0's and seat 1's is
   * its complement.
   */
  private iterate2(iterations: number, stride: number): number {
    const cn0 = this.cn[0], cn1 = this.cn[1], cw0 = this.cw[0], cw1 = this.cw[1];
    const mean0 = this.mean[0], mean1 = this.mean[1], inv0 = this.inv[0], inv1 = this.inv[1];
    const tree0 = this.trees[0], tree1 = this.trees[1], cell = this.cell, samples = this.cellSamples;
    const schedule = this.schedule, invSqrt = schedule.invSqrt, openTab = schedule.open, explore = schedule.explore;
    const diceSamples = this.opts.diceSamples, picks = this.picks, played = this.played;
    const size0 = this.lists[0].count, size1 = this.lists[1].count;
    const shared = this.shared!.cell;
    let it = 0, cl = -1, refreshAt = 0;
    for (; it < iterations; it++) {
      // Both seats have had `it` visits: the same candidates open and the same exploration term (pick's, written out).
      const tabled = it < openTab.length, open = tabled ? openTab[it] : schedule.openAt(it);
      let i = this.tried[0], j = this.tried[1];
      if (i >= size0 || i >= open || j >= size1 || j >= open) {
        if (it >= refreshAt) {
          const c = tabled ? explore[it] : schedule.exploreAt(it);
          if (schedule.moved(c, cl)) {
            this.rescore(0, c);
            this.rescore(1, c);
            cl = c;
          }
          refreshAt = tabled ? schedule.nextRefresh(it, cl) : it + 1;
        }
        if (i >= size0 || i >= open) i = tree0.best();
        if (j >= size1 || j >= open) j = tree1.best();
      }
      const key = i * stride + j;
      let v = cell[key];
      // Seen, and either deterministic (no dice rolled: samples 0) or sampled enough: kept; else played.
      const k = samples[key];
      if (!(v === v && (k === 0 || k >= diceSamples))) {
        const seen = v === v, other = seen ? NaN : shared[key];
        if (other === other) {
          // The other seat's search played it, and no dice were rolled: its value, at a simulation's price in the budget.
          if (!this.budget.take(1)) break;
          cell[key] = v = other;
          this.cellsShared++;
        } else {
          picks[0] = i;
          picks[1] = j;
          if (!this.play(seen)) break;
          if (this.rolled) {
            cell[key] = seen ? v + (played[0] - v) / (k + 1) : played[0];
            samples[key] = k + 1;
          } else cell[key] = shared[key] = played[0];
          v = played[0];
        }
      }
      // The wall-clock guard between simulations too (most iterations simulate nothing).
      if ((it & 1023) === 1023 && !this.budget.inTime()) break;
      const c0 = ++cn0[i], c1 = ++cn1[j];
      const m0 = (mean0[i] = (cw0[i] += v) / c0), m1 = (mean1[j] = (cw1[j] += 1 - v) / c1);
      const s0 = (inv0[i] = c0 < invSqrt.length ? invSqrt[c0] : 1 / Math.sqrt(c0)), s1 = (inv1[j] = c1 < invSqrt.length ? invSqrt[c1] : 1 / Math.sqrt(c1));
      tree0.set(i, m0 + cl * s0);
      tree1.set(j, m1 + cl * s1);
      if (c0 === 1) this.tried[0]++;
      if (c1 === 1) this.tried[1]++;
    }
    this.seatVisits[0] = this.seatVisits[1] = it;
    return it;
  }

  /** Seat s's tree scored again with the exploration term `cl` (its visited candidates: those before `tried`). */
  private rescore(s: number, cl: number): void {
    const mean = this.mean[s], inv = this.inv[s], tree = this.trees[s];
    for (let i = 0, t = this.tried[s]; i < t; i++) tree.put(i, mean[i] + cl * inv[i]);
    tree.rebuild();
    this.treeCl[s] = cl;
  }

  /** UCB1 over the open candidates of seat s, an unvisited one first. */
  private pick(s: number): number {
    const schedule = this.schedule, size = this.lists[s].count, visits = this.seatVisits[s], tabled = visits < schedule.open.length;
    const k = Math.min(size, tabled ? schedule.open[visits] : schedule.openAt(visits));
    // Candidates are first tried in order (UCB1's unvisited first): those before `tried` have been, and only they have scores.
    const t = this.tried[s];
    if (t < k) return t;
    const cl = tabled ? schedule.explore[visits] : schedule.exploreAt(visits);
    if (schedule.moved(cl, this.treeCl[s])) this.rescore(s, cl);
    return this.trees[s].best();
  }

  /** Each acting seat's value of the joint cell `key` (its picks in `picks`; more than two machines), into `vals`: kept, or played. False when the budget ran out. */
  private value(key: number): boolean {
    const o = this.opts, vals = this.vals;
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

  /** Whether the last play rolled the dice, and whether any of this search's did. */
  private rolled = false;
  private anyRolled = false;
  /** Every seat's value of the last play. */
  private readonly played: Float64Array;

  /** Plays the picks' joint turn (fresh dice when `again`) and values it for every seat, into `played`; false when the budget ran out. */
  private play(again: boolean): boolean {
    if (!this.budget.take(1)) return false;
    const sim = this.sim, pair = this.pair, d = (pair ?? sim!).start.dice;
    let d0 = 0, d1 = 0, d2 = 0, d3 = 0;
    if (again) {
      for (let i = 0; i < 4; i++) d[i] = (this.rng.next() * 4294967296) >>> 0;
      pair?.diceChanged();
    }
    d0 = d[0], d1 = d[1], d2 = d[2], d3 = d[3];
    let after: State;
    if (pair) after = pair.playPair(this.picks[0], this.picks[1]);
    else {
      for (const s of this.acting) sim!.setProgram(s, this.lists[s].codes, this.picks[s] * PROGRAM_LENGTH);
      after = sim!.play();
    }
    const ad = after.dice;
    this.rolled = ad[0] !== d0 || ad[1] !== d1 || ad[2] !== d2 || ad[3] !== d3;
    if (this.rolled) this.anyRolled = true;
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
