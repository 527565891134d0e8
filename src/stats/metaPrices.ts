/**
 * Prices aimed at a wider metagame (`havoc reprice --aim support`). A sweep's
 * fair costs are measured against its field, builds drawn uniformly from the
 * legal ones, and on NHM with skilled play pricing by them does not settle:
 * a dearer part leaves that field, and the field's change moves every other
 * estimate (docs/balance.md). The metagame asks a designer's other question:
 * which builds would a rational field play (`havoc meta`: the Nash
 * equilibrium of the top builds' matchups), and which parts does it never
 * touch? A wider equilibrium is a healthier game, and its parts' shares say
 * which prices narrow it:
 *
 * - a part in builds carrying at least `upShare` of the equilibrium's weight
 *   is what the rational field cannot do without: one point up;
 * - a part the top builds hold but no build of the equilibrium does is never
 *   worth its price there: one point down.
 *
 * One point a round, the smallest whole step: the equilibrium's shares say
 * which way, not how far. A price several parts share moves only where every
 * part voting on it agrees. The strongest votes first: raises by share (the
 * largest first), cuts by how many top builds hold the part (the most first),
 * taken in turn, so a round's few changes raise and cut together. Equal
 * shares (every part of an equilibrium of one build has share 1) are told
 * apart by α-Rank's mass over the same builds, which every build that wins
 * some of its matchups keeps a part of.
 */
import { clamp, type DataPrice, type PlannedChange } from './reprice.js';

/** A part as the metagame saw it (meta-parts.csv). */
export interface MetaPart {
  readonly key: string;
  /** The weight of the equilibrium's builds holding it (0 to 1). */
  readonly share: number;
  /** How many of the top builds hold it. */
  readonly builds: number;
  /** How many of the equilibrium's builds hold it. */
  readonly supportBuilds: number;
  /** Its share of α-Rank's mass over the same builds: breaks ties of `share` (every part of a lone equilibrium build has 1). */
  readonly alphaShare: number;
  /** What the part's cost is made of: each price's key with how many of it (null: the data cannot price it). */
  readonly makeup: ReadonlyMap<string, number> | null;
}

/** A price's vote: which way, how strong (raises: the share; cuts: the top builds holding it) and the parts that cast it. */
interface Vote {
  up: number;
  alpha: number;
  down: number;
  upParts: MetaPart[];
  downParts: MetaPart[];
}

const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;

/** A part's vote: up (in builds carrying at least `upShare` of the equilibrium's weight), down (in top builds, none of the equilibrium's), or none. */
export function voteOf(p: MetaPart, upShare: number): 'up' | 'down' | null {
  if (p.share >= upShare && p.supportBuilds > 0) return 'up';
  return p.builds > 0 && p.supportBuilds === 0 ? 'down' : null;
}

/**
 * The changes the metagame `parts` asks of `prices`, strongest first (raises
 * and cuts taken in turn); a price whose voters disagree, or whose range
 * allows no step its way, is not changed. `p` orders them (0, 1, 2, …: a
 * round takes the first few).
 */
export function metaChanges(parts: readonly MetaPart[], prices: ReadonlyMap<string, DataPrice>, upShare: number): PlannedChange[] {
  const votes = new Map<string, Vote>();
  const vote = (k: string): Vote => {
    let v = votes.get(k);
    if (!v) votes.set(k, (v = { up: 0, alpha: 0, down: 0, upParts: [], downParts: [] }));
    return v;
  };
  for (const p of parts) {
    if (!p.makeup || p.makeup.size === 0) continue;
    const way = voteOf(p, upShare), up = way === 'up';
    if (!way) continue;
    for (const k of p.makeup.keys()) {
      if (!prices.has(k)) continue;
      const v = vote(k);
      if (up) (v.up = Math.max(v.up, p.share)), (v.alpha = Math.max(v.alpha, p.alphaShare)), v.upParts.push(p);
      else (v.down = Math.max(v.down, p.builds)), v.downParts.push(p);
    }
  }
  const raises: PlannedChange[] = [], cuts: PlannedChange[] = [];
  for (const [k, v] of votes) {
    if (v.upParts.length > 0 && v.downParts.length > 0) continue;
    const price = prices.get(k)!, up = v.upParts.length > 0;
    const to = clamp(price.cost + (up ? 1 : -1), price.range);
    if (to === price.cost) continue;
    const voters = up ? v.upParts : v.downParts;
    const why = up
      ? `${voters.map((p) => `${p.key} is in builds carrying ${pct(p.share)} of the equilibrium's weight`).join('; ')} (at least ${pct(upShare)}): one point up`
      : `${voters.map((p) => `${p.key} is in ${p.builds} of the top builds and none of the equilibrium's`).join('; ')}: one point down`;
    const change: PlannedChange = { key: k, category: price.category, from: price.cost, to, fair: null, lo: null, hi: null, verdict: up ? 'under' : 'over', why, p: 0, parts: voters.map((p) => p.key) };
    (up ? raises : cuts).push(change);
  }
  // Strongest first; equal votes in the order of the prices.
  const order = [...prices.keys()];
  const at = (c: PlannedChange): number => order.indexOf(c.key);
  const va = (c: PlannedChange): Vote => votes.get(c.key)!;
  raises.sort((a, b) => va(b).up - va(a).up || va(b).alpha - va(a).alpha || at(a) - at(b));
  cuts.sort((a, b) => va(b).down - va(a).down || at(a) - at(b));
  const out: PlannedChange[] = [];
  for (let i = 0; i < Math.max(raises.length, cuts.length); i++) {
    if (i < raises.length) out.push({ ...raises[i], p: out.length });
    if (i < cuts.length) out.push({ ...cuts[i], p: out.length });
  }
  return out;
}
