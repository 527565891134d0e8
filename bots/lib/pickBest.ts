/**
 * The few best of a few hundred, kept as they come: the candidate
 * generator's last step (candidates.ts `select`) takes its lists' best by
 * score, then the safest of the rest, with this rather than sorting every
 * program twice.
 */

/**
 * The `k` best of programs 0..n-1 by `key` (higher first, the lower index
 * on a tie), skipping those `taken` marks with `skip`, into `top` in order;
 * how many. An insertion into the few kept: the programs number a few
 * hundred and `k` a few dozen.
 */
export function pickBest(key: Float64Array, n: number, k: number, top: Int32Array, taken: Uint8Array, skip: number): number {
  let count = 0;
  if (k <= 0) return 0;
  for (let i = 0; i < n; i++) {
    if (skip && taken[i]) continue;
    const v = key[i];
    // Programs come in index order, so one equal to a kept one ranks after it.
    if (count === k && !(v > key[top[k - 1]])) continue;
    let at = count < k ? count++ : k - 1;
    while (at > 0 && v > key[top[at - 1]]) (top[at] = top[at - 1]), at--;
    top[at] = i;
  }
  return count;
}
