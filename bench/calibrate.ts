/**
 * Calibration of the part verdicts (issue 22): sweeps simulated on a real
 * design — 400 loadouts sampled from the shipped catalogue, as a sweep
 * samples them, paired at random for 4,000 matches — with part values that
 * are known, then priced by `partEffects` exactly as a run prices them
 * (anchor `robust`, family-wise α 0.05). Three cases:
 *
 * - **all fair**: every part worth its listed cost at its category's point
 *   value; any flag is a false one, and the family-wise rate must stay ≤ 5%;
 * - **one part off**: the same, with the Bazooka worth 1 logit more; how
 *   often it is flagged `under` is the power;
 * - **non-additive**: all fair, but each loadout has a value of its own
 *   beyond its parts (normal, sd 0.58 logit, the spread the issue measured
 *   under greedy play): the false-flag rate when the model's additivity
 *   fails, and with the Bazooka off, the power then;
 * - **draws**: 36% of games drawn (random play's share), all fair and with
 *   the Bazooka off: the dispersion must not cost the test its level or power.
 *
 *   node dist/bench/calibrate.js [--reps N] [--seed S]     (npm run calibrate)
 */
import { pathToFileURL } from 'node:url';
import { makeRng, type Rng } from '../src/core/rng.js';
import { defaultCatalogue } from '../src/rules/nhm/catalogue.js';
import { sampleLoadouts } from '../src/rules/nhm/designSpace.js';
import { partEffects, sigmoid, wilson, type PartMatch } from '../src/stats/index.js';

/** Logits per point in each budget category (any positive values: only ratios are judged). */
const POINT_VALUE: Record<string, number> = { weapon: 0.3, 'armour-engine': 0.25, cpu: 0.4 };
export const OFF_PART = 'bazooka';

export interface Case {
  readonly name: string;
  /** Logits added to OFF_PART's worth (0: all fair). */
  readonly off: number;
  /** SD of each loadout's own value beyond its parts (0: additive). */
  readonly spread: number;
  /** Probability that a game is drawn (0: none). */
  readonly draws?: number;
}

export const CASES: readonly Case[] = [
  { name: 'all fair', off: 0, spread: 0 },
  { name: `${OFF_PART} worth 1 logit more`, off: 1, spread: 0 },
  { name: 'all fair, loadouts not additive (sd 0.58)', off: 0, spread: 0.58 },
  { name: `${OFF_PART} worth 1 logit more, not additive`, off: 1, spread: 0.58 },
  { name: 'all fair, 36% of games drawn', off: 0, spread: 0, draws: 0.36 },
  { name: `${OFF_PART} worth 1 logit more, 36% drawn`, off: 1, spread: 0, draws: 0.36 },
];

export interface CaseResult {
  readonly name: string;
  readonly reps: number;
  /** Repetitions with at least one part flagged that is fairly priced. */
  readonly falseFlagged: number;
  /** Repetitions that flagged OFF_PART `under` (the case's power; 0 when nothing is off). */
  readonly offFound: number;
  /** Mean estimates of the loadouts' own spread σ̂ and of the dispersion φ. */
  readonly meanSpread: number;
  readonly meanDispersion: number;
}

/** The design: `loadouts` sampled designs (their part keys) and `matches` random pairs of them. */
export function design(seed: string, loadouts = 400, matches = 4000): { sides: string[][]; pairs: [number, number][]; listing: Map<string, { cost: number; category: string }> } {
  const cat = defaultCatalogue();
  const sides = sampleLoadouts(cat, loadouts, seed).map((l) => l.parts.map((p) => p.key));
  const rng = makeRng(`${seed}/pairs`);
  const pairs: [number, number][] = [];
  for (let i = 0; i < matches; i++) {
    const a = rng.int(loadouts);
    let b = rng.int(loadouts - 1);
    if (b >= a) b++;
    pairs.push([a, b]);
  }
  return { sides, pairs, listing: new Map(cat.parts.map((p) => [p.key, { cost: p.cost, category: p.budget }])) };
}

/** A standard normal draw from `rng` (Box–Muller). */
export const normal = (rng: Rng): number => Math.sqrt(-2 * Math.log(1 - rng.next())) * Math.cos(2 * Math.PI * rng.next());

/** One simulated sweep of case `c` on design `d`, priced: what was flagged. */
export function runOnce(d: ReturnType<typeof design>, c: Case, rng: Rng): { falseFlag: boolean; offFound: boolean; spread: number; dispersion: number } {
  const worth = (key: string): number => {
    const l = d.listing.get(key)!;
    return (POINT_VALUE[l.category] ?? 0.3) * l.cost + (key === OFF_PART ? c.off : 0);
  };
  const own = d.sides.map(() => (c.spread > 0 ? c.spread * normal(rng) : 0));
  const value = d.sides.map((s, i) => s.reduce((t, k) => t + worth(k), 0) + own[i]);
  // A drawn game is drawn whatever the loadouts; the others are won with the model's probability.
  const matches: PartMatch[] = d.pairs.map(([a, b]) => {
    const drawn = (c.draws ?? 0) > 0 && rng.next() < c.draws!;
    const score = drawn ? 0.5 : rng.next() < sigmoid(0.05 + value[a] - value[b]) ? 1 : 0;
    return { a: d.sides[a], b: d.sides[b], score, draws: drawn ? 1 : 0, loadoutA: a, loadoutB: b };
  });
  const res = partEffects(matches, d.listing, { anchor: 'robust', alpha: 0.05 });
  return {
    falseFlag: res.parts.some((p) => p.mispriced !== null && !(p.key === OFF_PART && c.off !== 0)),
    offFound: res.parts.some((p) => p.key === OFF_PART && p.mispriced === 'under'),
    spread: res.loadoutSpread,
    dispersion: res.dispersion,
  };
}

/** `reps` simulated sweeps of each case on one design. */
export function calibrate(reps: number, seed: string, cases: readonly Case[] = CASES): CaseResult[] {
  const d = design(seed);
  return cases.map((c, ci) => {
    const rng = makeRng(`${seed}/case-${ci}`);
    let falseFlagged = 0, offFound = 0, spread = 0, dispersion = 0;
    for (let r = 0; r < reps; r++) {
      const o = runOnce(d, c, rng);
      if (o.falseFlag) falseFlagged++;
      if (o.offFound) offFound++;
      spread += o.spread;
      dispersion += o.dispersion;
    }
    return { name: c.name, reps, falseFlagged, offFound, meanSpread: spread / reps, meanDispersion: dispersion / reps };
  });
}

/** A rate with its 95% Wilson interval, as text. */
function rate(k: number, n: number): string {
  const w = wilson(k, n);
  return `${(100 * w.p).toFixed(1)}% [${(100 * w.lo).toFixed(1)}, ${(100 * w.hi).toFixed(1)}]`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const opt = (f: string, d: string): string => (args.includes(f) ? args[args.indexOf(f) + 1] : d);
  const reps = Number(opt('--reps', '200')), seed = opt('--seed', 'plant-1');
  const t0 = Date.now();
  console.log(`calibration: ${reps} simulated sweeps a case, 4,000 matches between 400 loadouts sampled with seed ${seed}; anchor robust, family-wise α 0.05`);
  for (const r of calibrate(reps, seed))
    console.log(
      `  ${r.name.padEnd(50)} false flags (any fair part): ${rate(r.falseFlagged, r.reps).padEnd(19)}` +
        `${r.name.includes(' more') ? `${OFF_PART} flagged under: ${rate(r.offFound, r.reps)}` : ''.padEnd(43)}   mean σ̂ ${r.meanSpread.toFixed(3)}, φ ${r.meanDispersion.toFixed(3)}`,
    );
  console.log(`${((Date.now() - t0) / 1000).toFixed(1)} s`);
}
