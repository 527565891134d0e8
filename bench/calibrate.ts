/**
 * Calibration of the part verdicts (issues 22 and 47): sweeps simulated with
 * part values that are known, on the design a sweep really draws — 400
 * builds from the shipped NHM catalogue, drawn by the run's own
 * `balancedPool` with a sweep's default design, spread (or part-balanced
 * alone, or uniform by the ruleset's `sample`, where a case says so), paired
 * at random for 4,000 matches — then priced by `partEffects`
 * exactly as a run prices them (anchor `robust`, family-wise α 0.05).
 *
 * The worlds simulated do not share the estimator's assumptions. Beside the
 * parts' own values they can have:
 *
 * - **pair effects**: rock–paper–scissors between three weapons (a machine
 *   holding the first gains `gamma` logits against one holding the second,
 *   the second against the third, the third against the first);
 * - **draws whose rate depends on strength**: a game is drawn with
 *   probability `max`·exp(−Δ²/2w²), Δ the two sides' difference in logits,
 *   so close games are drawn most (else won with probability σ(Δ));
 * - **non-additive interactions**: pairs of parts worth more (or less)
 *   together than their sum, and each build a value of its own (normal, sd
 *   `spread`);
 * - **rare parts**: the uniform design, which starves the expensive parts;
 * - **a badly priced catalogue**: several parts far off their prices.
 *
 * **The truth.** A part's true fair cost is defined the way the estimator
 * defines it: its effect in the best additive model of the simulated world
 * (the logistic fit to the exact expected score of each of the design's
 * matches, the quantity the estimator converges to on that design) over the
 * point value its category's fairly priced majority implies (the summed
 * effects of the parts of the category planted fair and in no pair effect or
 * interaction, over their summed listed costs):
 *     fair*_p = β*_p / λ*_c,  λ*_c = Σ_{q fair} β*_q / Σ_{q fair} cost_q.
 * A part is **fairly priced** when |fair*_p − cost_p| < 0.25 point (a pair
 * effect or an interaction can leave a part a little off in the additive
 * model; such a part is neither counted as a false flag nor as power). A
 * CPU's point value cannot be identified (every machine has one), and CPUs
 * are planted fair: they count for false flags, not for coverage.
 *
 * For each case: the share of sweeps with any fairly priced part flagged
 * (family-wise, with a 95% Wilson interval), the share flagging each planted
 * part the right way by its machine-games, and how often the printed fair-cost
 * interval (Fieller's, at the part's Holm level: between α/m and α, so at
 * least 95%) holds the true fair cost, with the delta-method 95% interval
 * (fair cost ± 1.96 SE) beside it.
 *
 *   node dist/bench/calibrate.js [--reps N] [--seed S] [--cases 0,3]     (npm run calibrate)
 */
import { pathToFileURL } from 'node:url';
import { deriveSeed, makeRng, type Rng } from '../src/core/rng.js';
import { rulesetById } from '../src/rules/registry.js';
import { sweepFilter } from '../src/config/types.js';
import { balancedPool } from '../src/run/balancedPool.js';
import { partEffects, sigmoid, wilson, type PartMatch } from '../src/stats/index.js';

/** Logits per point in each budget category (any positive values: only ratios are judged). */
const POINT_VALUE: Record<string, number> = { weapon: 0.3, 'armour-engine': 0.25, cpu: 0.4 };
/** How far a part's true fair cost may be from its listed cost and still be fairly priced. */
export const FAIR_TOLERANCE = 0.25;

export interface Case {
  readonly name: string;
  /** The sweep's design: the run's default pool (part-balanced, half of it with each budget's spend spread over its levels), part-balanced alone, or uniform draws. */
  readonly design?: 'spread' | 'balanced' | 'uniform';
  /** Logits a point of each category is worth, where not POINT_VALUE's. */
  readonly pointValue?: Readonly<Record<string, number>>;
  /** Logits added to a part's fair worth (its planted mispricing). */
  readonly off?: Readonly<Record<string, number>>;
  /** SD of each build's own value beyond its parts (0: none). */
  readonly spread?: number;
  /** Draws: a constant rate, or `max`·exp(−Δ²/2·width²) for a difference Δ in logits. */
  readonly draws?: { readonly rate: number } | { readonly max: number; readonly width: number };
  /** Pair effects: each of `parts` beats the next (the last the first) by `gamma` logits. */
  readonly rps?: { readonly parts: readonly string[]; readonly gamma: number };
  /** Interactions: a build holding both parts is worth `delta` logits more than its parts. */
  readonly combos?: readonly { readonly parts: readonly [string, string]; readonly delta: number }[];
}

/** Four planted mispricings of 1 logit, from a common part to the rarest: power by frequency. */
const PLANTED: Record<string, number> = { bazooka: 1, minigun: 1, 'dragon-breath': 1, 'mark-iv': -1 };
const RPS = { parts: ['mines', 'mortar', 'drill'], gamma: 1 };
const CLOSE_DRAWS = { max: 0.6, width: 1 };
const COMBOS = [
  { parts: ['lazor', 'mark-ii'] as const, delta: 0.8 },
  { parts: ['hammer-fist', 'drill'] as const, delta: 0.8 },
  { parts: ['buzz-saw', 'tank-treads'] as const, delta: -0.8 },
];

export const CASES: readonly Case[] = [
  { name: 'every part fair' },
  { name: 'four parts 1 logit off', off: PLANTED },
  { name: 'the same, uniform design (rare parts)', off: PLANTED, design: 'uniform' },
  { name: 'pair effects: rock-paper-scissors, 1 logit', off: PLANTED, rps: RPS },
  { name: 'draws up to 60%, most when close', off: PLANTED, draws: CLOSE_DRAWS },
  { name: 'combos ±0.8 and builds ±0.58 of their own', off: PLANTED, combos: COMBOS, spread: 0.58 },
  {
    name: 'badly priced: 7 parts 1.2 to 2 logits off',
    off: { bazooka: 2, mines: 1.5, minigun: -1.2, 'flame-thrower': -1.2, 'tank-treads': 1.5, 'crabwalk-drive': 1.5, 'mark-iv': -1.5 },
  },
  { name: 'all of these at once (spread design)', off: PLANTED, rps: RPS, draws: CLOSE_DRAWS, combos: COMBOS, spread: 0.58 },
  // npm start's weapons: a point worth about 0.16 logit, so their point value rests on few machines' unspent points.
  { name: 'the four, a weapon point worth 0.16 logit', off: PLANTED, pointValue: { weapon: 0.16 } },
  { name: 'the same, balanced design (no spread)', off: PLANTED, pointValue: { weapon: 0.16 }, design: 'balanced' },
];

/** The design: builds drawn as a sweep draws them (their part keys) and `matches` random pairs of them. */
export interface Design {
  readonly sides: string[][];
  readonly pairs: [number, number][];
  readonly listing: Map<string, { cost: number; category: string }>;
  /** Machine-games holding each part (a copy counted once per side). */
  readonly games: Map<string, number>;
}

export function design(seed: string, kind: 'spread' | 'balanced' | 'uniform' = 'spread', builds = 400, matches = 4000): Design {
  const kit = rulesetById('nhm').builds;
  const filter = sweepFilter({ excludeTags: [], includeParts: [], excludeParts: [], minSpent: null, maxSpent: null }, false);
  const poolSeed = deriveSeed(seed, 'pool');
  const drawn = (kind !== 'uniform' ? balancedPool(kit, builds, poolSeed, filter, kind === 'spread') : null) ?? kit.sample!(builds, poolSeed, filter);
  const sides = drawn.map((b) => [...kit.components!(b as never)]);
  const rng = makeRng(`${seed}/pairs`);
  const pairs: [number, number][] = [];
  for (let i = 0; i < matches; i++) {
    const a = rng.int(builds);
    let b = rng.int(builds - 1);
    if (b >= a) b++;
    pairs.push([a, b]);
  }
  const games = new Map<string, number>();
  for (const [a, b] of pairs) for (const s of [a, b]) for (const k of new Set(sides[s])) games.set(k, (games.get(k) ?? 0) + 1);
  const listing = new Map([...kit.listing!()].map(([k, v]) => [k, { cost: v.cost, category: v.category }]));
  return { sides, pairs, listing, games };
}

/** A standard normal draw from `rng` (Box–Muller). */
export const normal = (rng: Rng): number => Math.sqrt(-2 * Math.log(1 - rng.next())) * Math.cos(2 * Math.PI * rng.next());

/** The world of case `c` on design `d`: each build's value from its parts and combos, and a match's pair effect. */
function world(d: Design, c: Case) {
  const worth = (key: string): number => {
    const l = d.listing.get(key)!;
    return (c.pointValue?.[l.category] ?? POINT_VALUE[l.category] ?? 0.3) * l.cost + (c.off?.[key] ?? 0);
  };
  const base = d.sides.map((s) => {
    let v = s.reduce((t, k) => t + worth(k), 0);
    for (const combo of c.combos ?? []) if (s.includes(combo.parts[0]) && s.includes(combo.parts[1])) v += combo.delta;
    return v;
  });
  const count = (s: string[], k: string): number => s.reduce((n, x) => n + (x === k ? 1 : 0), 0);
  const pair = (a: number, b: number): number => {
    if (!c.rps) return 0;
    const ps = c.rps.parts;
    let t = 0;
    for (let i = 0; i < ps.length; i++) {
      const x = ps[i]!, y = ps[(i + 1) % ps.length]!;
      t += c.rps.gamma * (count(d.sides[a]!, x) * count(d.sides[b]!, y) - count(d.sides[a]!, y) * count(d.sides[b]!, x));
    }
    return t;
  };
  const pairTerm = d.pairs.map(([a, b]) => pair(a, b));
  const drawP = (delta: number): number => {
    const dr = c.draws;
    if (!dr) return 0;
    return 'rate' in dr ? dr.rate : dr.max * Math.exp(-(delta * delta) / (2 * dr.width * dr.width));
  };
  return { base, pairTerm, drawP };
}

const SEAT = 0.05;

/** Each part's true fair cost (NaN for CPUs and parts the design cannot price) and whether it is fairly priced: see the file's comment. */
export function truth(d: Design, c: Case): { fair: Map<string, number>; fairlyPriced: Map<string, boolean>; pointValue: Map<string, number> } {
  const w = world(d, c);
  // The best additive model of this world on this design: the logistic fit to each match's exact expected score.
  const matches: PartMatch[] = d.pairs.map(([a, b], i) => {
    const delta = SEAT + w.base[a]! - w.base[b]! + w.pairTerm[i]!;
    const dp = w.drawP(delta);
    return { a: d.sides[a]!, b: d.sides[b]!, score: (1 - dp) * sigmoid(delta) + dp / 2 };
  });
  const fit = partEffects(matches, d.listing, { anchor: 'all' });
  const touched = new Set([...Object.keys(c.off ?? {}), ...(c.rps?.parts ?? []), ...(c.combos ?? []).flatMap((x) => x.parts)]);
  const lambda = new Map<string, number>();
  for (const cat of new Set([...d.listing.values()].map((l) => l.category))) {
    let b = 0, cost = 0;
    for (const p of fit.parts) if (p.category === cat && !touched.has(p.key) && Number.isFinite(p.beta)) (b += p.beta), (cost += p.listedCost);
    lambda.set(cat, b / cost);
  }
  const fair = new Map<string, number>(), fairlyPriced = new Map<string, boolean>();
  for (const p of fit.parts) {
    if (!Number.isFinite(p.beta)) continue;
    if (p.category === 'cpu') {
      fair.set(p.key, Number.NaN);
      fairlyPriced.set(p.key, true);
      continue;
    }
    const f = p.beta / lambda.get(p.category)!;
    fair.set(p.key, f);
    fairlyPriced.set(p.key, Math.abs(f - p.listedCost) < FAIR_TOLERANCE);
  }
  return { fair, fairlyPriced, pointValue: lambda };
}

/** What one priced sweep said, against the truth. */
export interface SweepOutcome {
  readonly falseFlag: boolean;
  /** The fairly priced parts flagged. */
  readonly falselyFlagged: string[];
  /** Planted parts flagged the right way. */
  readonly found: string[];
  /** Parts with a true fair cost (tested), those with a printed fair-cost interval, and how many held the truth; the same for fair cost ± 1.96 SE. */
  readonly priceable: number;
  readonly intervals: number;
  readonly covered: number;
  readonly covered95: number;
  readonly spread: number;
  readonly dispersion: number;
  /** Each category's point value found, in standard errors from the true one. */
  readonly pointValueZ: Map<string, number>;
}

/** One simulated sweep of case `c` on design `d`, priced and judged against `t`. */
export function runOnce(d: Design, c: Case, t: ReturnType<typeof truth>, rng: Rng): SweepOutcome {
  const w = world(d, c);
  const own = d.sides.map(() => (c.spread ? c.spread * normal(rng) : 0));
  const matches: PartMatch[] = d.pairs.map(([a, b], i) => {
    const delta = SEAT + w.base[a]! + own[a]! - w.base[b]! - own[b]! + w.pairTerm[i]!;
    const drawn = rng.next() < w.drawP(delta);
    const score = drawn ? 0.5 : rng.next() < sigmoid(delta) ? 1 : 0;
    return { a: d.sides[a]!, b: d.sides[b]!, score, draws: drawn ? 1 : 0, loadoutA: a, loadoutB: b };
  });
  const res = partEffects(matches, d.listing, { anchor: 'robust', alpha: 0.05 });
  let intervals = 0, covered = 0, covered95 = 0, priceable = 0;
  const found: string[] = [];
  const falselyFlagged: string[] = [];
  for (const p of res.parts) {
    const off = c.off?.[p.key] ?? 0;
    if (p.mispriced !== null && t.fairlyPriced.get(p.key) === true) falselyFlagged.push(p.key);
    if (off !== 0 && p.mispriced === (off > 0 ? 'under' : 'over')) found.push(p.key);
    const f = t.fair.get(p.key);
    if (f !== undefined && !Number.isNaN(f) && !Number.isNaN(p.level)) priceable++;
    if (f === undefined || Number.isNaN(f) || !Number.isFinite(p.lo) || !Number.isFinite(p.hi)) continue;
    intervals++;
    if (p.lo <= f && f <= p.hi) covered++;
    if (Math.abs(p.fairCost - f) <= 1.959964 * p.fairCostSe) covered95++;
  }
  const pointValueZ = new Map<string, number>();
  for (const cp of res.categories) {
    const truthL = t.pointValue.get(cp.category);
    if (cp.category !== 'cpu' && truthL !== undefined && Number.isFinite(cp.pointValue)) pointValueZ.set(cp.category, (cp.pointValue - truthL) / cp.pointValueSe);
  }
  return { pointValueZ, falseFlag: falselyFlagged.length > 0, falselyFlagged, found, priceable, intervals, covered, covered95, spread: res.loadoutSpread, dispersion: res.dispersion };
}

export interface CaseResult {
  readonly name: string;
  readonly reps: number;
  /** Sweeps with at least one fairly priced part flagged. */
  readonly falseFlagged: number;
  /** How often each fairly priced part was flagged. */
  readonly falseBy: Map<string, number>;
  /** Each planted part: its machine-games in the design and the sweeps that flagged it the right way. */
  readonly power: { key: string; off: number; games: number; found: number }[];
  /** Tested parts with a true fair cost, printed intervals over all sweeps, and those holding the true fair cost (at the part's level; and ± 1.96 SE). */
  readonly priceable: number;
  readonly intervals: number;
  readonly covered: number;
  readonly covered95: number;
  /** Parts in the truth that are not fairly priced but were not planted (an interaction moved them), and the largest |fair* − cost| of the fairly priced. */
  readonly movedByWorld: string[];
  readonly fairSlack: number;
  readonly meanSpread: number;
  readonly meanDispersion: number;
  /** Each category's point value: the mean and the SD, over the sweeps, of its distance from the true one in its standard errors. */
  readonly pointValueZ: Map<string, { mean: number; sd: number }>;
}

/** `reps` simulated sweeps of each case. */
export function calibrate(reps: number, seed: string, cases: readonly Case[] = CASES): CaseResult[] {
  const designs = new Map<string, Design>();
  return cases.map((c) => {
    const kind = c.design ?? 'spread';
    if (!designs.has(kind)) designs.set(kind, design(seed, kind));
    const d = designs.get(kind)!;
    const t = truth(d, c);
    const rng = makeRng(`${seed}/${c.name}`);
    const found = new Map<string, number>(), falseBy = new Map<string, number>();
    const zs = new Map<string, number[]>();
    let falseFlagged = 0, priceable = 0, intervals = 0, covered = 0, covered95 = 0, spread = 0, dispersion = 0;
    for (let r = 0; r < reps; r++) {
      const o = runOnce(d, c, t, rng);
      if (o.falseFlag) falseFlagged++;
      for (const k of o.falselyFlagged) falseBy.set(k, (falseBy.get(k) ?? 0) + 1);
      for (const k of o.found) found.set(k, (found.get(k) ?? 0) + 1);
      priceable += o.priceable;
      intervals += o.intervals;
      covered += o.covered;
      covered95 += o.covered95;
      spread += o.spread;
      dispersion += o.dispersion;
      for (const [k, z] of o.pointValueZ) zs.set(k, [...(zs.get(k) ?? []), z]);
    }
    const planted = Object.entries(c.off ?? {}).filter(([, v]) => v !== 0);
    let fairSlack = 0;
    for (const [k, fp] of t.fairlyPriced) if (fp && !Number.isNaN(t.fair.get(k)!)) fairSlack = Math.max(fairSlack, Math.abs(t.fair.get(k)! - d.listing.get(k)!.cost));
    return {
      name: c.name,
      reps,
      falseFlagged,
      falseBy,
      power: planted.map(([key, off]) => ({ key, off, games: d.games.get(key) ?? 0, found: found.get(key) ?? 0 })),
      priceable,
      intervals,
      covered,
      covered95,
      movedByWorld: [...t.fairlyPriced].filter(([k, fp]) => !fp && !(k in (c.off ?? {}))).map(([k]) => k),
      fairSlack,
      meanSpread: spread / reps,
      meanDispersion: dispersion / reps,
      pointValueZ: new Map(
        [...zs].map(([k, v]) => {
          const mean = v.reduce((a, b) => a + b, 0) / v.length;
          return [k, { mean, sd: Math.sqrt(v.reduce((a, b) => a + (b - mean) ** 2, 0) / Math.max(1, v.length - 1)) }];
        }),
      ),
    };
  });
}

/** A rate with its 95% Wilson interval, as text. */
export function rate(k: number, n: number, digits = 1): string {
  const w = wilson(k, n);
  return `${(100 * w.p).toFixed(digits)}% [${(100 * w.lo).toFixed(digits)}, ${(100 * w.hi).toFixed(digits)}]`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const opt = (f: string, d: string): string => (args.includes(f) ? args[args.indexOf(f) + 1] : d);
  const reps = Number(opt('--reps', '200')), seed = opt('--seed', 'plant-1');
  const t0 = Date.now();
  console.log(
    `calibration: ${reps} simulated sweeps a case, 4,000 matches between 400 builds drawn as a sweep draws them (seed ${seed}); ` +
      `anchor robust, family-wise α 0.05; fairly priced: true fair cost within ${FAIR_TOLERANCE} point of the listed cost`,
  );
  console.log('| case | sweeps with a fairly priced part flagged | planted part (machine-games): flagged | tested parts priced | fair cost held by the printed interval (Holm level) | by fair cost ± 1.96 SE | mean σ̂, φ |');
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  const only = opt('--cases', '');
  const chosen = only ? only.split(',').map((i) => CASES[Number(i)]!) : CASES;
  for (const r of calibrate(reps, seed, chosen)) {
    const power = r.power.map((p) => `${p.key} ${p.off > 0 ? '+' : ''}${p.off} (${p.games}): ${((100 * p.found) / r.reps).toFixed(0)}%`).join('; ') || '—';
    console.log(
      `| ${r.name} | ${rate(r.falseFlagged, r.reps)} | ${power} | ${((100 * r.intervals) / r.priceable).toFixed(1)}% of ${r.priceable} | ${rate(r.covered, r.intervals)} of ${r.intervals} | ${rate(r.covered95, r.intervals)} | ${r.meanSpread.toFixed(2)}, ${r.meanDispersion.toFixed(2)} |`,
    );
    console.log(`|   (point value found − true, in its SEs: ${[...r.pointValueZ].map(([k, z]) => `${k} ${z.mean.toFixed(2)} ± ${z.sd.toFixed(2)}`).join(', ')}) | | | | | | |`);
    if (r.falseBy.size > 0) console.log(`|   (fairly priced parts flagged: ${[...r.falseBy].map(([k, n]) => `${k} ×${n}`).join(', ')}) | | | | | | |`);
    if (r.movedByWorld.length > 0 || r.fairSlack > 0.1)
      console.log(`|   (truth: moved off fair by the world: ${r.movedByWorld.join(', ') || 'none'}; fairly priced parts within ${r.fairSlack.toFixed(2)} point) | | | | | | |`);
  }
  console.log(`${((Date.now() - t0) / 1000).toFixed(1)} s`);
}
