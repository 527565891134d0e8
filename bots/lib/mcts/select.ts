/**
 * One seat's statistics at one node of the search tree, and how the seat
 * picks an action there. At a simultaneous node every acting seat keeps its
 * own (decoupled selection: Lanctot, Lisý and Winands 2013; Tak, Lanctot and
 * Winands 2014), blind to what the others pick; at a one-seat node it is the
 * acting seat's alone, which is plain UCT.
 *
 * - `uct`: UCB1 on the seat's mean value, each action tried once first.
 *   Its final strategy is the visit counts.
 * - `rm`: regret matching with γ-uniform exploration and importance-weighted
 *   rewards; its final strategy is the average strategy, which converges to
 *   a Nash equilibrium of the simultaneous node in self-play.
 *
 * Progressive widening: a seat's candidates are listed best first (the
 * ruleset's generator, or random draws), and only the first
 * ⌈k·visits^α⌉ of them may be picked, so the tree stays over a few dozen
 * actions per seat even where there are millions.
 */

export type Selection = 'uct' | 'rm';

export interface SelectOptions {
  readonly selection: Selection;
  /** UCB1's exploration constant (values are in [0, 1]). */
  readonly c: number;
  /** Regret matching's share of uniform exploration. */
  readonly gamma: number;
  /** Progressive widening: candidates open = ceil(k * visits^alpha), at least 1. */
  readonly widenK: number;
  readonly widenAlpha: number;
  /** Implicit minimax backups' weight at one-seat nodes (0: none). */
  readonly implicit?: number;
}

export class SeatStats {
  /** Candidate actions, best first, and their keys (the ruleset's notation). */
  readonly actions: unknown[] = [];
  readonly keys: string[] = [];
  /** Visits and summed values per action. */
  n: Float64Array;
  w: Float64Array;
  /** Regret matching: cumulative regrets, summed strategies, the strategy of the last pick. */
  regret: Float64Array;
  avg: Float64Array;
  sigma: Float64Array;
  /** Times this seat picked here. */
  visits = 0;
  /** Implicit minimax: each candidate's heuristic minimax value for this seat (NaN: not yet known). */
  h: Float64Array | null = null;

  constructor(capacity: number) {
    this.n = new Float64Array(capacity);
    this.w = new Float64Array(capacity);
    this.regret = new Float64Array(capacity);
    this.avg = new Float64Array(capacity);
    this.sigma = new Float64Array(capacity);
  }

  get size(): number {
    return this.actions.length;
  }

  /** Adds a candidate (the arrays were sized for every candidate the generator gives). */
  add(action: unknown, key: string): void {
    this.actions.push(action);
    this.keys.push(key);
  }

  /** How many candidates may be picked now. */
  open(o: SelectOptions): number {
    return Math.min(this.actions.length, Math.max(1, Math.ceil(o.widenK * Math.pow(this.visits + 1, o.widenAlpha))));
  }

  /** Picks an action index (`u` uniform in [0, 1) from the searcher's RNG). */
  pick(o: SelectOptions, u: number): number {
    const k = this.open(o);
    if (o.selection === 'uct') {
      let best = 0, bestV = -Infinity;
      const logN = Math.log(this.visits + 1);
      const a = this.h ? (o.implicit ?? 0) : 0, h = this.h;
      for (let i = 0; i < k; i++) {
        if (this.n[i] === 0) return i;
        const q = a > 0 && h![i] === h![i] ? (1 - a) * (this.w[i] / this.n[i]) + a * h![i] : this.w[i] / this.n[i];
        const v = q + o.c * Math.sqrt(logN / this.n[i]);
        if (v > bestV) (bestV = v), (best = i);
      }
      return best;
    }
    // Regret matching over the open candidates, mixed with γ-uniform.
    let pos = 0;
    for (let i = 0; i < k; i++) if (this.regret[i] > 0) pos += this.regret[i];
    const g = o.gamma;
    // sigma: what is played (with exploration); avg sums the regret-matching part alone, the strategy that converges.
    for (let i = 0; i < k; i++) {
      const rm = pos > 0 ? Math.max(0, this.regret[i]) / pos : 1 / k;
      this.avg[i] += rm;
      this.sigma[i] = (1 - g) * rm + g / k;
    }
    for (let i = k; i < this.actions.length; i++) this.sigma[i] = 0;
    let x = u;
    for (let i = 0; i < k; i++) if ((x -= this.sigma[i]) < 0) return i;
    return k - 1;
  }

  /** Records the value `v` (this seat's, in [0, 1]) that picking `i` led to. */
  update(o: SelectOptions, i: number, v: number): void {
    const k = this.open(o); // the candidates open when `i` was picked
    this.visits++;
    this.n[i]++;
    this.w[i] += v;
    if (o.selection !== 'rm') return;
    // Importance-weighted reward of the picked action, 0 for the others; regret against the value got.
    const s = this.sigma[i] > 0 ? this.sigma[i] : 1 / k;
    for (let j = 0; j < k; j++) this.regret[j] += (j === i ? v / s : 0) - v;
  }

  /**
   * The seat's final strategy here: visit counts (uct) or the average
   * strategy (rm), without actions under `floor` of the total (the
   * exploration's leftovers); the likeliest action always stays.
   */
  strategy(o: SelectOptions, floor: number): { index: number; p: number }[] {
    const weight = o.selection === 'rm' ? this.avg : this.n;
    let total = 0, best = 0;
    for (let i = 0; i < this.actions.length; i++) {
      total += weight[i];
      if (weight[i] > weight[best]) best = i;
    }
    if (!(total > 0)) return [{ index: 0, p: 1 }];
    const out: { index: number; p: number }[] = [];
    let kept = 0;
    for (let i = 0; i < this.actions.length; i++) if (i === best || weight[i] >= floor * total) kept += weight[i];
    for (let i = 0; i < this.actions.length; i++) if (i === best || weight[i] >= floor * total) out.push({ index: i, p: weight[i] / kept });
    return out;
  }
}
