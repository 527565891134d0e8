/**
 * What a decoupled-UCT seat's visit count decides in the flat search
 * (flat.ts), tabled once a searcher: how many candidates are open
 * (progressive widening, ⌈k·(visits+1)^α⌉, best first), UCB1's exploration
 * term c·√ln(visits+1), a candidate's 1/√visits, and when the exploration
 * term a seat's tree holds has moved enough to score the tree again.
 */

/**
 * UCB1's exploration term grows with the seat's visits; the scores kept in a
 * seat's tree are made again once it has moved by this share (every few
 * visits early on, every few hundred by 4,000).
 */
const REFRESH = 0.01;

/** Visits up to which the widening and exploration terms are tabled. */
const TABLE_MAX = 1 << 15;

export class VisitSchedule {
  /** By a seat's visits: how many candidates are open, and the exploration term (grown as iterations need). */
  open = new Int32Array(0);
  explore = new Float64Array(0);
  /** 1/√c by a candidate's visits c. */
  invSqrt = new Float64Array(0);

  constructor(
    private readonly widenK: number,
    private readonly widenAlpha: number,
    private readonly c: number,
  ) {}

  /** Tables long enough for a search of `iterations` (up to TABLE_MAX; beyond it openAt and exploreAt compute). */
  cover(iterations: number): void {
    const len = Math.min(iterations + 1, TABLE_MAX);
    if (this.open.length >= len) return;
    this.open = new Int32Array(len);
    this.explore = new Float64Array(len);
    this.invSqrt = new Float64Array(len + 1);
    for (let c = 1; c <= len; c++) this.invSqrt[c] = 1 / Math.sqrt(c);
    for (let v = 0; v < len; v++) {
      this.open[v] = this.openAt(v);
      this.explore[v] = this.exploreAt(v);
    }
  }

  /** Candidates open at `visits` (the table's value, computed). */
  openAt(visits: number): number {
    return Math.max(1, Math.ceil(this.widenK * Math.pow(visits + 1, this.widenAlpha)));
  }

  /** UCB1's exploration term at `visits` (the table's value, computed). */
  exploreAt(visits: number): number {
    return this.c * Math.sqrt(Math.log(visits + 1));
  }

  /** Whether the exploration term `term` has moved from `held` (a tree's) enough to score the tree again. */
  moved(term: number, held: number): boolean {
    return Math.abs(term - held) > REFRESH * term;
  }

  /**
   * The first visit count after `it` at which the exploration term has moved from `held` (the table's length if
   * none): the term grows with the visits, so a binary search of the table asks the test the loop would.
   */
  nextRefresh(it: number, held: number): number {
    const explore = this.explore;
    let lo = it + 1, hi = explore.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.moved(explore[mid], held)) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }
}
