/**
 * A set of program keys (five codes as one number below 2^50): open
 * addressing in a Float64Array, emptied by a new generation rather than
 * cleared. A Set of such numbers boxed each key, a fifth of what a greedy
 * match allocated.
 */
export class KeySet {
  private keys = new Float64Array(512);
  private stamp = new Uint32Array(512);
  private gen = 1;
  private size = 0;

  clear(): void {
    this.gen++;
    this.size = 0;
  }

  /** Adds the key; false if it was there. */
  add(key: number): boolean {
    if (2 * (this.size + 1) > this.keys.length) this.grow();
    const mask = this.keys.length - 1;
    // Fold the key's high bits (above 2^30) onto its low ones, then spread (integer arithmetic: a float modulo was most of it).
    const hi = (key / 0x40000000) | 0, lo = (key - hi * 0x40000000) | 0;
    for (let i = Math.imul(lo ^ hi, 0x9e3779b1) & mask; ; i = (i + 1) & mask) {
      if (this.stamp[i] !== this.gen) {
        this.stamp[i] = this.gen;
        this.keys[i] = key;
        this.size++;
        return true;
      }
      if (this.keys[i] === key) return false;
    }
  }

  private grow(): void {
    const keys = this.keys, stamp = this.stamp, gen = this.gen;
    this.keys = new Float64Array(keys.length * 2);
    this.stamp = new Uint32Array(keys.length * 2);
    this.gen = 1;
    this.size = 0;
    for (let i = 0; i < keys.length; i++) if (stamp[i] === gen) this.add(keys[i]);
  }
}
