/**
 * Match results turned into the data of the part-effects model: one
 * differenced row x_A − x_B per match, and per-part tallies for the raw
 * (model-free) win rates that are printed beside the model's verdicts.
 */
import { Z95 } from './normal.js';
import { newcombeDiff } from './wilson.js';

/** One match (or `weight` identical ones) between loadouts A and B. */
export interface PartMatch {
  /** Part keys of side A's loadout; a key listed twice counts as two copies. */
  readonly a: readonly string[];
  readonly b: readonly string[];
  /** From A's side: 1 A wins, 0 B wins, 0.5 draw. */
  readonly score: number;
  /** Default 1. */
  readonly weight?: number;
  /** How much of `weight` was drawn games (default 0): draws make a score less variable than a win or a loss. */
  readonly draws?: number;
  /** Ids of the two loadouts (any integers), when known: their games share the loadout's own value (loadoutSpread.ts). */
  readonly loadoutA?: number;
  readonly loadoutB?: number;
}

/** Descriptive statistics of a part, per side-game (each match has two sides). */
export interface PartRawStats {
  /** Side-games (weighted) whose loadout has the part, and those without it. */
  readonly nWith: number;
  readonly nWithout: number;
  /** Mean score of those sides (draw = 0.5); 0.5 when there are none. */
  readonly winRateWith: number;
  readonly winRateWithout: number;
  /** winRateWith − winRateWithout with a Newcombe (Wilson-based) interval; NaN if either side is empty. */
  readonly diff: number;
  readonly diffLo: number;
  readonly diffHi: number;
}

/** One match's differenced row. */
export interface DesignRow {
  readonly idx: number[];
  readonly val: number[];
  readonly y: number;
  readonly w: number;
  readonly draws: number;
  readonly la: number;
  readonly lb: number;
}

/** The differenced rows and tallies, over the parts of `keys` by index. */
export interface PartDesign {
  /** Sparse rows over part indices (sorted), y = A's score, w = weight, the draws among w, the two loadouts' ids (-1: unknown). */
  readonly rows: DesignRow[];
  /** Side-games with each part (weighted), and their total score. */
  readonly nWith: Float64Array;
  readonly sWith: Float64Array;
  /** 1 where some match has different copy counts of the part on its two sides. */
  readonly contrast: Uint8Array;
  readonly totalWeight: number;
  readonly matches: number;
}

/**
 * Reads matches in one pass. Throws on a part key not in `keys`, a score
 * outside [0, 1] or a bad weight; zero-weight matches are checked and skipped.
 */
export function buildPartDesign(matches: Iterable<PartMatch>, keys: readonly string[]): PartDesign {
  const P = keys.length;
  const col = new Map(keys.map((k, i) => [k, i]));
  // One pass: per-part raw tallies and the differenced rows x_A − x_B. Copies are counted in
  // scratch arrays indexed by part, reset after each match, to keep 100k matches cheap.
  const nWith = new Float64Array(P);
  const sWith = new Float64Array(P);
  const contrast = new Uint8Array(P);
  const cntA = new Float64Array(P);
  const cntB = new Float64Array(P);
  const touched: number[] = [];
  let totalW = 0;
  let nMatches = 0;
  const rows: DesignRow[] = [];
  for (const m of matches) {
    const w = m.weight ?? 1;
    if (!(m.score >= 0 && m.score <= 1)) throw new RangeError(`partEffects: score must be in [0, 1], got ${m.score}`);
    if (!(w >= 0) || !Number.isFinite(w)) throw new RangeError(`partEffects: bad weight ${w}`);
    const draws = m.draws ?? 0;
    if (!(draws >= 0 && draws <= w)) throw new RangeError(`partEffects: draws must be in [0, weight], got ${draws}`);
    touched.length = 0;
    for (const [keysOfSide, cnt] of [[m.a, cntA], [m.b, cntB]] as const) {
      for (const key of keysOfSide) {
        const p = col.get(key);
        if (p === undefined) throw new RangeError(`partEffects: part '${key}' is not in the catalogue`);
        if (cntA[p] === 0 && cntB[p] === 0) touched.push(p);
        cnt[p]!++;
      }
    }
    if (w > 0) {
      nMatches++;
      totalW += w;
      touched.sort((p, q) => p - q); // sorted rows skip a sort in the fit
      const idx: number[] = [];
      const val: number[] = [];
      for (const p of touched) {
        const inA = cntA[p]! > 0 ? 1 : 0;
        const inB = cntB[p]! > 0 ? 1 : 0;
        nWith[p]! += w * (inA + inB);
        sWith[p]! += w * (inA * m.score + inB * (1 - m.score));
        const d = cntA[p]! - cntB[p]!;
        if (d === 0) continue;
        contrast[p] = 1;
        idx.push(p);
        val.push(d);
      }
      rows.push({ idx, val, y: m.score, w, draws, la: m.loadoutA ?? -1, lb: m.loadoutB ?? -1 });
    }
    for (const p of touched) cntA[p] = cntB[p] = 0;
  }

  return { rows, nWith, sWith, contrast, totalWeight: totalW, matches: nMatches };
}

/**
 * Raw statistics of part `p`: win rates of the sides with and without it and
 * their difference with a Newcombe interval. Sides of one match are not
 * independent (and mirror matches add 0.5s), so the interval is indicative.
 */
export function rawStats(d: PartDesign, p: number, z: number = Z95): PartRawStats {
  const nIn = d.nWith[p]!;
  const sIn = d.sWith[p]!;
  const nOut = 2 * d.totalWeight - nIn;
  const sOut = d.totalWeight - sIn; // every match hands out a total score of 1 between its sides
  const diff = newcombeDiff(sIn, nIn, sOut, nOut, z);
  return {
    nWith: nIn,
    nWithout: nOut,
    winRateWith: nIn > 0 ? sIn / nIn : 0.5,
    winRateWithout: nOut > 0 ? sOut / nOut : 0.5,
    diff: diff.diff,
    diffLo: diff.lo,
    diffHi: diff.hi,
  };
}
