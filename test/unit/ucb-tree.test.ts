/**
 * bots/lib/mcts/ucbTree.ts: the skilled bot's argmax over a seat's
 * candidates. It must answer what a scan keeping the first best answers,
 * ties included, after any mix of single sets and batched puts.
 */
import { describe, expect, it } from 'vitest';
import { makeRng } from '../../src/core/rng.js';
import { UcbTree } from '../../bots/lib/mcts/ucbTree.js';

/** The first index of the highest score, as a scan finds it. */
function scan(scores: number[]): number {
  let best = 0;
  for (let i = 1; i < scores.length; i++) if (scores[i] > scores[best]) best = i;
  return best;
}

describe('UcbTree', () => {
  for (const n of [1, 5, 64]) {
    it(`${n} candidates: the best is the scan's first best after every set, put and rebuild`, () => {
      const rng = makeRng(`ucb-tree/${n}`), tree = new UcbTree(n), scores = new Array<number>(n).fill(-Infinity);
      expect(tree.best()).toBe(0);
      for (let k = 0; k < 5000; k++) {
        // Scores from a few values, so that ties are common.
        const i = Math.floor(rng.next() * n), v = Math.floor(rng.next() * 6) / 4;
        if (k % 500 === 499) {
          for (let j = 0; j < n; j++) tree.put(j, (scores[j] = Math.floor(rng.next() * 3)));
          tree.rebuild();
        } else tree.set(i, (scores[i] = v));
        expect(tree.best()).toBe(scan(scores));
      }
      tree.clear();
      expect(tree.best()).toBe(0);
    });
  }
});
