/**
 * Monte Carlo tree search through the game interface alone (src/core/game.ts):
 * one searcher plays every ruleset, whatever the shape of its nodes.
 *
 * The tree is open-loop: a node is the sequence of joint actions from the
 * root, not a state, so the same tree serves every determinization and every
 * roll of the dice. Each iteration
 *
 * 1. draws a world the seat could be in: `seatState` of the seat's own view
 *    with fresh dice (rulesets that hide identities draw them afresh there:
 *    Battle Engine, Kuhn poker), then the ruleset's belief sampler where the
 *    searcher has one (`Knowledge.determinize`: What Blind Ninjas?). The true
 *    state is never seen (information-set MCTS, Cowling, Powley and
 *    Whitehouse 2012);
 * 2. walks down: chance nodes are rolled by the world's own dice (sampling),
 *    and at a decision node every acting seat picks from its own statistics
 *    (select.ts: decoupled UCT or regret matching at simultaneous nodes,
 *    plain UCT where one seat acts). A candidate the drawn world does not
 *    allow (`check`) is replaced by a random legal action for that iteration;
 * 3. at the first node not yet visited, plays `rolloutDepth` random steps and
 *    values the position (`Knowledge.evaluate`, or the game's result; a
 *    ruleset with no evaluator is played out to its end);
 * 4. adds every seat's value to the picks on the way.
 *
 * Between decisions the tree is kept where the observation shows the joint
 * action played since (NHM: every machine's last program): the next search
 * starts from the node it leads to, with its statistics.
 *
 * Budget: every simulated step (an `apply`) is one simulation of the
 * decision's `sims`; a wall-clock guard of half its milliseconds stops a
 * search on a machine too slow for that.
 */
import type { Budget, Mixed } from '../../../src/core/bot.js';
import { actingSeats, nextDeciders, type AnyGameModule, type Question } from '../../../src/core/game.js';
import type { Rng } from '../../../src/core/rng.js';
import { SimBudget, type TimeGuard } from '../budget.js';
import { SeatStats, type SelectOptions } from './select.js';


/** What a searcher may know of a ruleset beyond the interface (knowledge.ts); every part optional. */
export interface Knowledge {
  /** Up to `max` distinct legal actions of `seat` (decision `kind`), best first; `root`: at the node searched from (where the observation holds). */
  candidates?(state: unknown, seat: number, kind: string, max: number, rng: Rng, root: boolean): unknown[];
  /** Each seat's value of a state that is not over, in [0, 1], into `out`. */
  evaluate?(state: unknown, out: Float64Array): void;
  /** Fills in what the seat's view leaves unknown (a world drawn from the seat's belief). */
  determinize?(state: unknown, rng: Rng): void;
  /** Told each decision's observation before the search (a belief catches up). */
  observe?(obs: unknown): void;
  /**
   * Per seat, the action it played since the last decision, in the
   * ruleset's notation (null: not known), as the last observation tells:
   * the search then goes on from the node those actions lead to.
   */
  played?(): readonly (string | null)[] | null;
  /** Random steps before `evaluate` (default 0 with an evaluator). */
  readonly rolloutDepth?: number;
  /** Candidates per seat per node (default 24). */
  readonly maxCandidates?: number;
  /** UCB1's exploration constant for this ruleset's values (default the search's). */
  readonly c?: number;
  /**
   * Where one seat acts, play the most visited action rather than the visit
   * counts' mixture (a game whose hidden information does not call for
   * mixing: Battle Engine). Simultaneous nodes are always mixed.
   */
  readonly pure?: boolean;
  /** Implicit minimax backups' weight at one-seat nodes (default 0: none; Searcher.backupImplicit). */
  readonly implicit?: number;
  /** Whether candidates open progressively (default yes; no where a node's candidates are every legal action, in no order of merit). */
  readonly widen?: boolean;
  /** Times a node is valued as a leaf before it is expanded (default the search's `expandAfter`). */
  readonly expandAfter?: number;
  /** The final strategy's floor: actions under this share of the weight are dropped (default the search's `floor`). */
  readonly floor?: number;
}

export interface SearchOptions extends SelectOptions {
  /** Steps walked in the tree at most before a leaf is valued. */
  readonly maxDepth: number;
  /** Random steps of a playout when the ruleset has no evaluator. */
  readonly playout: number;
  /** Final strategy: actions under this share of the weight are dropped. */
  readonly floor: number;
  /** Times a node is reached and valued as a leaf before it is expanded (on the next). */
  readonly expandAfter: number;
  /** What the wall clock does to a search (budget.ts): shorten it past half the budget (`mcts`), or only fault a decision past the whole (`skilled`). */
  readonly timeGuard?: TimeGuard;
}

export const DEFAULT_SEARCH: SearchOptions = {
  selection: 'uct',
  c: 0.5,
  gamma: 0.1,
  widenK: 2,
  widenAlpha: 0.5,
  maxDepth: 12,
  playout: 400,
  floor: 0.03,
  expandAfter: 4,
};

/** A node: the stats of the seats acting there, and the children by joint pick. */
export class TreeNode {
  visits = 0;
  /** Times valued as a leaf before it was expanded. */
  leafVisits = 0;
  /** The acting seats (set the first time the node is walked through) and their stats. */
  seats: readonly number[] | null = null;
  kinds: string[] = [];
  stats: SeatStats[] = [];
  readonly children = new Map<number, TreeNode>();
  /** Implicit minimax (backupImplicit): each seat's heuristic value here, and how many values its mean holds. */
  hv: Float64Array | null = null;
  hvN = 0;
}

const NO_ANSWER = (_q: Question): null => null;

/** A searcher for one seat of one game; its states and buffers are made once. */
export class Searcher {
  private readonly mod: AnyGameModule;
  private readonly n: number;
  private readonly world: unknown;
  private readonly dice = new Uint32Array(4);
  private readonly actions: unknown[];
  private readonly values: Float64Array;
  private readonly budget: SimBudget;
  private readonly maxCandidates: number;
  /** The path of one iteration: nodes and each acting seat's pick. */
  private readonly pathNodes: TreeNode[] = [];
  private readonly pathPicks: Int32Array[] = [];
  /** Iterations of the last search, and whether it went on from the tree of the search before. */
  iterations = 0;
  reused = false;
  root: TreeNode | null = null;

  constructor(
    mod: AnyGameModule,
    game: unknown,
    readonly seat: number,
    private readonly rng: Rng,
    budget: Budget,
    readonly know: Knowledge,
    public opts: SearchOptions = DEFAULT_SEARCH,
  ) {
    this.mod = mod;
    this.n = mod.seatCount(game);
    this.world = mod.newState(game, 'mcts');
    this.actions = new Array(this.n).fill(null);
    this.values = new Float64Array(this.n);
    this.budget = new SimBudget(budget, 0.5, opts.timeGuard ?? 'cap');
    this.maxCandidates = know.maxCandidates ?? 24;
    if (know.c !== undefined) this.opts = { ...this.opts, c: know.c };
    if (know.implicit !== undefined) this.opts = { ...this.opts, implicit: know.implicit };
    if (know.expandAfter !== undefined) this.opts = { ...this.opts, expandAfter: know.expandAfter };
    if (know.floor !== undefined) this.opts = { ...this.opts, floor: know.floor };
    if (know.widen === false) this.opts = { ...this.opts, widenK: this.maxCandidates, widenAlpha: 0 };
    for (let d = 0; d <= opts.maxDepth; d++) this.pathPicks.push(new Int32Array(this.n));

  }

  private get implicit(): boolean {
    return (this.opts.implicit ?? 0) > 0;
  }

  /** Simulations the last search took. */
  get sims(): number {
    return this.budget.used;
  }

  /**
   * Searches from the seat's view for its decision `kind` and returns its
   * strategy: the actions in the ruleset's notation with their weights.
   */
  search(view: unknown, kind: string): Mixed<string> {
    const mod = this.mod, me = this.seat;
    const root = (this.root = this.kept(view));
    this.budget.begin();
    this.iterations = 0;
    // (Iterations are capped too: one that only values a leaf takes no simulation.)
    while (this.budget.left > 0 && !this.budget.capped && this.iterations < this.budget.budget.sims) {
      this.drawWorld(view);
      if (!this.iterate(root)) break;
      this.iterations++;
    }
    const j = root.seats ? root.seats.indexOf(me) : -1;
    if (j < 0) {
      // Nothing searched (no budget, or the seat does not act in its own view): any legal action.
      return { mixed: [{ action: mod.format(view, me, kind, mod.randomAction(view, me, kind, this.rng)), p: 1 }] };
    }
    const st = root.stats[j];
    // Only actions the seat's own view allows: a root kept from the last search was expanded in a world the dice
    // made otherwise (NHM: more damage there or here, so another count of X).
    const legal = (i: number): boolean => mod.check(view, me, kind, st.actions[i]) === null;
    const pure = this.know.pure && root.seats!.length === 1;
    let mixed = st.strategy(this.opts, pure ? 1 : this.opts.floor).filter((e) => legal(e.index));
    if (mixed.length === 0) {
      // None of them: the most visited legal candidate, else any legal action.
      let best = -1;
      for (let i = 0; i < st.size; i++) if (legal(i) && (best < 0 || st.n[i] > st.n[best])) best = i;
      if (best < 0) return { mixed: [{ action: mod.format(view, me, kind, mod.randomAction(view, me, kind, this.rng)), p: 1 }] };
      mixed = [{ index: best, p: 1 }];
    }
    // A ruleset whose one-seat nodes the searcher treats as perfect information (Knowledge.pure): the most visited action.
    if (pure) mixed = [{ index: mixed[0].index, p: 1 }];
    return { mixed: mixed.map(({ index, p }) => ({ action: st.keys[index], p })) };
  }

  /**
   * The root to search from: the last search's node reached by the joint
   * action played since (Knowledge.played: the observation tells it), so
   * its statistics carry over; else a new one.
   */
  private kept(view: unknown): TreeNode {
    const prev = this.root, played = this.know.played?.() ?? null;
    this.reused = false;
    if (!prev || !prev.seats || !played) return new TreeNode();
    let key = 0;
    for (let j = 0; j < prev.seats.length; j++) {
      const a = played[prev.seats[j]];
      const i = a === null || a === undefined ? -1 : prev.stats[j].keys.indexOf(a);
      if (i < 0) return new TreeNode();
      key = key * (this.maxCandidates + 1) + (i + 1);
    }
    const child = prev.children.get(key);
    const node = this.mod.node(view);
    if (!child || (child.seats !== null && (node.kind === 'chance' || node.kind === 'terminal' || !sameSeats(child.seats, actingSeats(node))))) return new TreeNode();
    // Its candidates were made in a world the dice may have made otherwise: kept only if the view allows every one of the seat's.
    if (child.seats !== null) {
      const j = child.seats.indexOf(this.seat), st = j >= 0 ? child.stats[j] : null;
      if (st) for (let i = 0; i < st.size; i++) if (this.mod.check(view, this.seat, child.kinds[j], st.actions[i]) !== null) return new TreeNode();
    }
    this.reused = true;
    return child;
  }

  /** A world the seat could be in: its view with fresh dice, and what it does not know drawn from its belief. */
  private drawWorld(view: unknown): void {
    const d = this.dice, rng = this.rng;
    for (let i = 0; i < 4; i++) d[i] = (rng.next() * 4294967296) >>> 0;
    this.mod.seatState(view, this.seat, this.world, d);
    this.know.determinize?.(this.world, rng);
  }

  /** One iteration from the root in `this.world`; false when the budget ran out before a step. */
  private iterate(root: TreeNode): boolean {
    const mod = this.mod, st = this.world, o = this.opts, acts = this.actions;
    let node: TreeNode | null = root, depth = 0, valued = false;
    for (;;) {
      const seats = nextDeciders(mod, st);
      if (!seats) {
        this.terminal();
        valued = true;
        break;
      }
      if (node === null || depth >= o.maxDepth || (node.seats !== null && !sameSeats(node.seats, seats))) break;
      // A node is valued as a leaf until it has been reached `expandAfter` times: only then are its candidates made.
      if (node !== root && node.seats === null && node.leafVisits < o.expandAfter) {
        node.leafVisits++;
        break;
      }
      if (node.seats === null) this.expand(node, seats, node === root);
      const picks = this.pathPicks[depth];
      let key = 0, inTree = true;
      for (let j = 0; j < seats.length; j++) {
        const s = seats[j], stats = node.stats[j], kind = node.kinds[j];
        let i = stats.pick(o, this.rng.next());
        let a = stats.actions[i];
        if (mod.check(st, s, kind, a) !== null) {
          // The drawn world does not allow this candidate (a hidden piece stands elsewhere): a random legal action, outside the tree.
          a = mod.randomAction(st, s, kind, this.rng);
          i = -1;
          inTree = false;
        }
        picks[j] = i;
        acts[s] = a;
        key = key * (this.maxCandidates + 1) + (i + 1);
      }
      if (!this.budget.take(1)) return false;
      mod.apply(st, acts, NO_ANSWER);
      for (let j = 0; j < seats.length; j++) acts[seats[j]] = null;
      node.visits++;
      this.pathNodes[depth++] = node;
      if (!inTree) {
        node = null;
        continue;
      }
      let child = node.children.get(key);
      if (!child) node.children.set(key, (child = new TreeNode()));
      node = child;
    }
    if (!valued && !this.value()) return false;
    const v = this.values;
    if (this.implicit) this.backupImplicit(node, depth);
    for (let d = 0; d < depth; d++) {
      const nd = this.pathNodes[d], picks = this.pathPicks[d], seats = nd.seats!;
      for (let j = 0; j < seats.length; j++) if (picks[j] >= 0) nd.stats[j].update(o, picks[j], v[seats[j]]);
    }
    return true;
  }

  /**
   * Implicit minimax backups (Lanctot, Winands, Pepels and Sturtevant 2014):
   * besides its mean, every node keeps each seat's heuristic value — a
   * leaf's mean evaluation until it is expanded; then, where one seat acts,
   * its best child's for that seat (the minimax of the evaluations below),
   * and where seats act together, the mean of what passed through it. One-seat
   * selection weighs a candidate's child value `implicit` against its mean.
   */
  private backupImplicit(leaf: TreeNode | null, depth: number): void {
    const v = this.values, n = this.n;
    if (leaf && leaf.seats === null) meanInto(leaf, v, n);
    for (let d = depth - 1; d >= 0; d--) {
      const nd = this.pathNodes[d], seats = nd.seats!;
      if (seats.length !== 1) {
        meanInto(nd, v, n);
        continue;
      }
      const stats = nd.stats[0], s = seats[0];
      const h = (stats.h ??= new Float64Array(stats.size).fill(NaN));
      let best: Float64Array | null = null;
      for (let i = 0; i < stats.size; i++) {
        const child = nd.children.get(i + 1); // one seat: a child's key is its pick + 1
        if (!child || !child.hv) continue;
        h[i] = child.hv[s];
        if (!best || child.hv[s] > best[s]) best = child.hv;
      }
      if (best) (nd.hv ??= new Float64Array(n)).set(best);
    }
  }

  /** Gives a node its acting seats and their candidates in the world as it is now. */
  private expand(node: TreeNode, seats: readonly number[], root: boolean): void {
    const mod = this.mod, st = this.world, max = this.maxCandidates;
    node.seats = seats.slice();
    for (const s of seats) {
      const kind = mod.decision(st, s);
      const stats = new SeatStats(max);
      const list = this.know.candidates ? this.know.candidates(st, s, kind, max, this.rng, root) : legalCandidates(mod, st, s, kind, max, this.rng);
      for (const a of list) if (stats.size < max) stats.add(a, mod.format(st, s, kind, a));
      if (stats.size === 0) {
        const a = mod.randomAction(st, s, kind, this.rng);
        stats.add(a, mod.format(st, s, kind, a));
      }
      node.kinds.push(kind);
      node.stats.push(stats);
    }
  }

  /** Every seat's value of the world as it is now, into `values`: a playout or the evaluator. False when the budget ran out. */
  private value(): boolean {
    const mod = this.mod, st = this.world, acts = this.actions, ev = this.know.evaluate;
    const steps = ev ? (this.know.rolloutDepth ?? 0) : this.opts.playout;
    // The ruleset's allocation-free playout action where it has one (applied at once, before the seat's next is drawn).
    const draw = mod.playoutAction ?? mod.randomAction;
    for (let k = 0; k < steps; k++) {
      const seats = nextDeciders(mod, st);
      if (!seats) return this.terminal(), true;
      for (let j = 0; j < seats.length; j++) acts[seats[j]] = draw(st, seats[j], mod.decision(st, seats[j]), this.rng);
      if (!this.budget.take(1)) return false;
      mod.apply(st, acts, NO_ANSWER);
      for (let j = 0; j < seats.length; j++) acts[seats[j]] = null;
    }
    if (nextDeciders(mod, st) === null) return this.terminal(), true;
    if (ev) ev(st, this.values);
    else this.values.fill(0.5);
    return true;
  }

  /** Every seat's value of a finished world: the share of other seats it finished ahead of, ties counting half. */
  private terminal(): void {
    const ranks = this.mod.result(this.world)!.ranks, n = this.n, v = this.values;
    for (let s = 0; s < n; s++) {
      let x = 0;
      for (let t = 0; t < n; t++) if (t !== s) x += ranks[s] < ranks[t] ? 1 : ranks[s] === ranks[t] ? 0.5 : 0;
      v[s] = n > 1 ? x / (n - 1) : 1;
    }
  }
}

/** Adds `v` to a node's running mean heuristic value. */
function meanInto(node: TreeNode, v: Float64Array, n: number): void {
  const hv = (node.hv ??= new Float64Array(n));
  node.hvN++;
  for (let s = 0; s < n; s++) hv[s] += (v[s] - hv[s]) / node.hvN;
}

function sameSeats(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * A ruleset's candidates where the searcher knows nothing of it: its legal
 * actions, every one when they are `max` or fewer, else `max` distinct ones
 * drawn uniformly (a few draws over, so never stuck on a repeat).
 */
export function legalCandidates(mod: AnyGameModule, st: unknown, seat: number, kind: string, max: number, rng: Rng): unknown[] {
  const legal = mod.legal(st, seat, kind), out: unknown[] = [];
  if (legal.count <= max) {
    for (let i = 0; i < legal.count; i++) out.push(legal.at(i));
    return out;
  }
  const seen = new Set<number>();
  for (let t = 0; t < 4 * max && out.length < max; t++) {
    const i = rng.int(legal.count);
    if (!seen.has(i)) seen.add(i), out.push(legal.at(i));
  }
  return out;
}

/** Up to `max` distinct random legal actions (distinct by notation), the ruleset's own `randomAction` drawn a few times over. */
export function randomCandidates(mod: AnyGameModule, st: unknown, seat: number, kind: string, max: number, rng: Rng): unknown[] {
  const seen = new Set<string>(), out: unknown[] = [];
  for (let t = 0; t < 4 * max && out.length < max; t++) {
    const a = mod.randomAction(st, seat, kind, rng);
    const k = mod.format(st, seat, kind, a);
    if (!seen.has(k)) seen.add(k), out.push(a);
  }
  return out;
}
