/**
 * UCB1's argmax over one seat's candidates as a tournament tree: each leaf a
 * candidate's score, each inner node the best score below it and that
 * leaf's index (the lower index on a tie, as a scan that keeps the first
 * best does). Reading the best is one load; changing a score walks its
 * leaf's path to the root (log₂ of the leaves), where a scan reads every
 * candidate.
 *
 * An inner node keeps its winner's score beside its index, so a step of the
 * walk reads one number, the sibling's, rather than two indices and the two
 * scores they point at (a set took 0.85x the time, measured in isolation).
 */
export class UcbTree {
  /** Leaves: a power of two at least the candidates. */
  private readonly size: number;
  /** Nodes 1..size-1 (inner) and size..2·size-1 (leaves): the best score below, and its leaf's index. */
  private readonly score: Float64Array;
  private readonly win: Int32Array;

  constructor(candidates: number) {
    let size = 1;
    while (size < candidates) size <<= 1;
    this.size = size;
    this.score = new Float64Array(2 * size);
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
    let node = i + this.size, w = i;
    score[node] = v;
    for (; node > 1; node >>= 1) {
      // The sibling's best beats this side's on a higher score, or on a tie from the left (every index there is lower).
      const sib = node ^ 1, s = score[sib];
      if (node & 1 ? s >= v : s > v) (v = s), (w = win[sib]);
      score[node >> 1] = v;
      win[node >> 1] = w;
    }
  }

  /** Sets leaf i's score without mending the tree (a batch of them, then `rebuild`). */
  put(i: number, v: number): void {
    this.score[i + this.size] = v;
  }

  /** Mends every inner node, bottom up. */
  rebuild(): void {
    const score = this.score, win = this.win;
    for (let node = this.size - 1; node >= 1; node--) {
      const l = 2 * node, r = l + 1, from = score[r] > score[l] ? r : l;
      score[node] = score[from];
      win[node] = win[from];
    }
  }
}
