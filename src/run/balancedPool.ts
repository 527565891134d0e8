/**
 * A sweep's part-balanced design: its pool of builds drawn so that every
 * part of the listing is held by its share of them.
 *
 * Drawn uniformly from every legal build, a part that only fits a narrow
 * corner of the design space is starved: in `configs/sweep.json`'s 800 NHM
 * designs, minigun was in 220 of 16,000 machine-games, mark-iv in 120,
 * dragon-breath in none, and nothing could be said of their prices. Here each
 * part that some legal build holds is given n / H of the pool's n builds (H
 * such parts; the remainder to the first parts of a seeded order), each drawn
 * uniformly from the legal builds holding that part (`BuildKit.sampleHolding`).
 * Every part is then in at least n / H builds, and as often again as it
 * turns up beside the part a build was drawn for.
 *
 * The part effects stay unbiased: the model compares machines that hold a
 * part with machines that do not, whichever way the machines were drawn.
 * What changes is the field a part is judged against, richer in the parts
 * a uniform draw hardly ever meets (docs/statistics.md, "The design").
 *
 * `spread` (the default design, "spread"): every second build of a part's
 * share is drawn with each budget's spend spread evenly over the levels it can
 * take (`BuildKit.spreadsSpend`; NHM). Drawn uniformly, most builds spend
 * their whole budgets (289 of 399 all four weapon points on npm start's
 * sweep), and a category's point value, read from the machines that spend
 * less, rests on the few that do: spread, the weapons' point value on the
 * same sweep went from 0.164 ± 0.072 logits a point to 0.240 ± 0.049.
 */
import { deriveSeed, makeRng } from '../core/rng.js';
import type { AnyGameModule } from '../core/game.js';

/** `n` builds of `kit` passing `filter`, part-balanced, as a pure function of `seed`; null when the kit cannot draw builds by part. */
export function balancedPool(kit: AnyGameModule['builds'], n: number, seed: string, filter: unknown, spread = false): unknown[] | null {
  if (!kit.sampleHolding || !kit.listing) return null;
  const parts = [...kit.listing().keys()];
  // A seeded order of the parts: which ones take the remainder, and the pool's interleaving.
  const rng = makeRng(deriveSeed(seed, 'balanced-order'));
  for (let i = parts.length - 1; i > 0; i--) {
    const j = rng.uint32() % (i + 1);
    [parts[i], parts[j]] = [parts[j], parts[i]];
  }
  // Each part's draws, as many as its share: one build first tells whether any legal build holds it.
  const holdable = parts.filter((p) => kit.sampleHolding!(1, deriveSeed(seed, `holds/${p}`), p, filter).length > 0);
  if (holdable.length === 0) return null;
  const H = holdable.length;
  const share = (i: number): number => Math.floor(n / H) + (i < n % H ? 1 : 0);
  // Spread: every second build of a part's share drawn with its budgets' spend spread evenly over their levels.
  const spreading = spread && kit.spreadsSpend === true;
  const draws = holdable.map((p, i) => {
    const k = share(i);
    const plain = kit.sampleHolding!(spreading ? Math.ceil(k / 2) : k, deriveSeed(seed, `part/${p}`), p, filter);
    if (!spreading) return plain;
    const spent = kit.sampleHolding!(Math.floor(k / 2), deriveSeed(seed, `part/${p}/spread`), p, filter, true);
    return plain.flatMap((b, j) => (j < spent.length ? [b, spent[j]] : [b]));
  });
  // Interleaved part by part, so any prefix of the pool is balanced too.
  const out: unknown[] = [];
  for (let k = 0; out.length < n; k++) for (const d of draws) if (k < d.length) out.push(d[k]);
  return out;
}
