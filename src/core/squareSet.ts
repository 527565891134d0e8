/**
 * A set of squares of a board of up to 64 squares, held in two 32-bit halves
 * (the shape of chessops' SquareSet): immutable, cheap to copy, and iterable by
 * clearing the lowest bit. Used where whole sets are compared or stored (hot
 * squares in traces, observations); the step loop itself accumulates damage in
 * a per-square byte array.
 */
export class SquareSet {
  constructor(readonly lo: number, readonly hi: number) {}

  static empty(): SquareSet {
    return new SquareSet(0, 0);
  }

  static fromSquare(sq: number): SquareSet {
    return sq >= 32 ? new SquareSet(0, 1 << (sq - 32)) : new SquareSet(1 << sq, 0);
  }

  static fromSquares(squares: Iterable<number>): SquareSet {
    let lo = 0, hi = 0;
    for (const sq of squares) {
      if (sq >= 32) hi |= 1 << (sq - 32);
      else lo |= 1 << sq;
    }
    return new SquareSet(lo, hi);
  }

  has(sq: number): boolean {
    return sq >= 32 ? (this.hi & (1 << (sq - 32))) !== 0 : (this.lo & (1 << sq)) !== 0;
  }

  with(sq: number): SquareSet {
    return sq >= 32 ? new SquareSet(this.lo, this.hi | (1 << (sq - 32))) : new SquareSet(this.lo | (1 << sq), this.hi);
  }

  without(sq: number): SquareSet {
    return sq >= 32 ? new SquareSet(this.lo, this.hi & ~(1 << (sq - 32))) : new SquareSet(this.lo & ~(1 << sq), this.hi);
  }

  union(o: SquareSet): SquareSet {
    return new SquareSet(this.lo | o.lo, this.hi | o.hi);
  }

  intersect(o: SquareSet): SquareSet {
    return new SquareSet(this.lo & o.lo, this.hi & o.hi);
  }

  diff(o: SquareSet): SquareSet {
    return new SquareSet(this.lo & ~o.lo, this.hi & ~o.hi);
  }

  equals(o: SquareSet): boolean {
    return this.lo === o.lo && this.hi === o.hi;
  }

  isEmpty(): boolean {
    return this.lo === 0 && this.hi === 0;
  }

  size(): number {
    return popcount(this.lo) + popcount(this.hi);
  }

  *[Symbol.iterator](): Iterator<number> {
    let lo = this.lo, hi = this.hi;
    while (lo !== 0) {
      const idx = 31 - Math.clz32(lo & -lo);
      lo ^= 1 << idx;
      yield idx;
    }
    while (hi !== 0) {
      const idx = 31 - Math.clz32(hi & -hi);
      hi ^= 1 << idx;
      yield 32 + idx;
    }
  }
}

function popcount(n: number): number {
  n = n - ((n >>> 1) & 0x55555555);
  n = (n & 0x33333333) + ((n >>> 2) & 0x33333333);
  return Math.imul((n + (n >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}
