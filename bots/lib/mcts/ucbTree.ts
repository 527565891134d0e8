/**
 * UCB1's argmax over one seat's candidates as a tournament tree: each leaf a
 * candidate's score, each inner node the index of the better of its two
 * children (the lower index on a tie, as a scan that keeps the first best
 * does). Reading the best is one load; changing a score walks its leaf's
 * path to the root (log₂ of the leaves), where a scan reads every candidate.
 */
export class UcbTree {
  /** Leaves: a power of two at least the candidates. */
  private readonly size: number;
  private readonly score: Float64Array;
  /** Inner nodes 1..size-1 and leaves size..2·size-1: the index of the best leaf below. */
  private readonly win: Int32Array;

  constructor(candidates: number) {
    let size = 1;
    while (size < candidates) size <<= 1;
    this.size = size;
    this.score = new Float64Array(size);
    this.win = new Int32Array(2 * size);
    for (let i = 0; i < size; i++) this.win[size + i] = i;
    this.clear();
  }

  /** Every score −∞ (no candidate open): the best is leaf 0. */
  clear(): void {
    this.score.fill(-Infinity);
    this.rebuild();
  }

  /** The index of the best score (the lowest index among equals). */
  best(): number {
    return this.win[1];
  }

  /** Sets leaf i's score and mends its path. */
  set(i: number, v: number): void {
    const score = this.score, win = this.win;
    score[i] = v;
    for (let node = (i + this.size) >> 1; node >= 1; node >>= 1) {
      const l = win[2 * node], r = win[2 * node + 1];
      win[node] = score[r] > score[l] ? r : l;
    }
  }

  /** Sets leaf i's score without mending the tree (a batch of them, then `rebuild`). */
  put(i: number, v: number): void {
    this.score[i] = v;
  }

  /** Mends every inner node, bottom up. */
  rebuild(): void {
    const score = this.score, win = this.win;
    for (let node = this.size - 1; node >= 1; node--) {
      const l = win[2 * node], r = win[2 * node + 1];
      win[node] = score[r] > score[l] ? r : l;
    }
  }
}
