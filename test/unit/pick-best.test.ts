/** bots/lib/pickBest.ts: the k best as they come equal a full sort (higher first, the lower index on a tie). */
import { describe, expect, it } from 'vitest';
import { pickBest } from '../../bots/lib/pickBest.js';
import { makeRng } from '../../src/core/rng.js';

describe('pickBest', () => {
  it('keeps the k best of n by key, ties by index, skipping those taken, as a full sort would', () => {
    const rng = makeRng('pick-best');
    for (let round = 0; round < 200; round++) {
      const n = 1 + rng.int(300), k = rng.int(40);
      // Few distinct keys, so ties are common.
      const key = Float64Array.from({ length: n }, () => rng.int(12) - 6);
      const taken = Uint8Array.from({ length: n }, () => (rng.int(4) === 0 ? 1 : 0));
      for (const skip of [0, 1]) {
        const top = new Int32Array(Math.max(k, 1));
        const got = pickBest(key, n, k, top, taken, skip);
        const want = [...Array(n).keys()].filter((i) => !(skip && taken[i])).sort((a, b) => key[b] - key[a] || a - b).slice(0, Math.max(k, 0));
        expect([...top.slice(0, got)]).toEqual(want);
      }
    }
  });
});
