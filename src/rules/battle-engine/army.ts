/**
 * Armies as builds: a multiset of the roster's piece types, priced by the pay
 * column (the roster's price per grade) within a points budget. An army is
 * legal when it costs at most the budget, holds 1 to `maxPieces` pieces, at
 * least one officer (the surrender and panic rules turn on officers) and at
 * most one General (the army's CO). Its key lists the types in roster order
 * (`gen+cpt+pvt*4`). Counting, listing and uniform sampling share one
 * memoised count of the ways to finish an army from a type onwards.
 */
import { HavocError, HavocProblems } from '../../core/errors.js';
import type { BuildKit, Parsed } from '../../core/game.js';
import { makeRng } from '../../core/rng.js';
import type { Roster } from './roster.js';

/** An army: how many of each roster type (in roster order). */
export type Army = readonly number[];

/** What a sweep may ask of armies (`schedule.filter`: the NHM filter's fields that mean something here). */
export interface ArmyFilter {
  readonly includeParts?: readonly string[];
  readonly excludeParts?: readonly string[];
  readonly minSpent?: number;
  readonly maxSpent?: number;
}

const GENERAL = 'gen';
const fail = (error: HavocError): Parsed<Army> => ({ ok: false, error });

/** The army's cost in points. */
export const armyCost = (roster: Roster, army: Army): number => army.reduce((s, n, t) => s + n * roster.pieces[t].price, 0);
/** Its number of pieces. */
export const armySize = (army: Army): number => army.reduce((s, n) => s + n, 0);

/** The canonical key: `type*count` joined by `+`, in roster order (a count of 1 unwritten). */
export const armyKey = (roster: Roster, army: Army): string =>
  army
    .map((n, t) => (n === 0 ? '' : n === 1 ? roster.pieces[t].key : `${roster.pieces[t].key}*${n}`))
    .filter((s) => s !== '')
    .join('+');

/** Every rule an army breaks (empty: legal). */
export function armyProblems(roster: Roster, army: Army, where: string): HavocError[] {
  const out: HavocError[] = [];
  const size = armySize(army), cost = armyCost(roster, army);
  if (size < 1 || size > roster.maxPieces) out.push(new HavocError('ERR_ARMY', where, `an army has 1 to ${roster.maxPieces} pieces, not ${size}`));
  if (cost > roster.budget) out.push(new HavocError('ERR_ARMY', where, `costs ${cost} points, over the budget of ${roster.budget}`));
  if (!army.some((n, t) => n > 0 && roster.pieces[t].officer)) out.push(new HavocError('ERR_ARMY', where, 'an army needs at least one officer (pay N5 or above)'));
  const g = roster.byKey.get(GENERAL);
  if (g !== undefined && army[g] > 1) out.push(new HavocError('ERR_ARMY', where, `an army has one General at most, not ${army[g]}`));
  return out;
}

/**
 * Reads an army as a config writes it: a key (`gen+pvt*3`), or an array of
 * piece keys (`["gen", "pvt", "pvt"]`); every problem at once.
 */
export function checkArmy(roster: Roster, raw: unknown, where: string): Parsed<Army> {
  const words: string[] | null = typeof raw === 'string' ? (raw.trim() === '' ? [] : raw.split('+').map((w) => w.trim())) : Array.isArray(raw) && raw.every((w) => typeof w === 'string') ? (raw as string[]) : null;
  if (words === null) return fail(new HavocError('ERR_ARMY', where, `an army is a key like "gen+cpt+pvt*4" or an array of piece keys, not ${JSON.stringify(raw) ?? 'nothing'}`));
  const counts = new Array<number>(roster.pieces.length).fill(0);
  const problems: HavocError[] = [];
  for (const w of words) {
    const m = /^([a-z][a-z0-9-]*)(?:\*([1-9][0-9]?))?$/.exec(w);
    const t = m ? roster.byKey.get(m[1]) : undefined;
    if (!m || t === undefined) {
      problems.push(new HavocError('ERR_ARMY', where, `"${w}" is not a piece (pieces: ${roster.pieces.map((p) => p.key).join(', ')}), optionally *count`));
      continue;
    }
    counts[t] += m[2] ? Number(m[2]) : 1;
  }
  if (problems.length === 0) problems.push(...armyProblems(roster, counts, where));
  if (problems.length > 0) return fail(problems.length === 1 ? problems[0] : new HavocProblems('ERR_ARMY', where, problems));
  return { ok: true, value: counts };
}

/** Per type: the fewest and most of it a filtered army may hold. */
function bounds(roster: Roster, filter: ArmyFilter | undefined): { lo: number[]; hi: number[]; minSpent: number; maxSpent: number } {
  const lo = roster.pieces.map(() => 0), hi = roster.pieces.map(() => roster.maxPieces);
  const g = roster.byKey.get(GENERAL);
  if (g !== undefined) hi[g] = 1;
  for (const k of filter?.includeParts ?? []) {
    const t = roster.byKey.get(k);
    if (t !== undefined) lo[t] = Math.max(lo[t], 1);
  }
  for (const k of filter?.excludeParts ?? []) {
    const t = roster.byKey.get(k);
    if (t !== undefined) hi[t] = 0;
  }
  return { lo, hi, minSpent: filter?.minSpent ?? 0, maxSpent: Math.min(filter?.maxSpent ?? Infinity, roster.budget) };
}

/** The legal armies passing a filter, counted, listed and sampled. */
export class ArmySpace {
  private readonly memo = new Map<number, number>();
  private readonly b: ReturnType<typeof bounds>;

  constructor(
    private readonly roster: Roster,
    filter?: ArmyFilter,
  ) {
    this.b = bounds(roster, filter);
  }

  /** Ways to finish an army with types t.. given the pieces, points and officer so far. */
  private ways(t: number, pieces: number, spent: number, officer: number): number {
    const { roster, b } = this;
    if (t === roster.pieces.length) return officer && pieces >= 1 && spent >= b.minSpent ? 1 : 0;
    const id = ((t * (roster.maxPieces + 1) + pieces) * (roster.budget + 1) + spent) * 2 + officer;
    const hit = this.memo.get(id);
    if (hit !== undefined) return hit;
    let total = 0;
    const p = roster.pieces[t];
    for (let n = b.lo[t]; n <= b.hi[t] && pieces + n <= roster.maxPieces && spent + n * p.price <= b.maxSpent; n++)
      total += this.ways(t + 1, pieces + n, spent + n * p.price, officer | (n > 0 && p.officer ? 1 : 0));
    this.memo.set(id, total);
    return total;
  }

  count(): number {
    return this.ways(0, 0, 0, 0);
  }

  /** Every army, in key order of counts (roster order, fewest first). */
  *enumerate(): Generator<Army> {
    const { roster, b } = this;
    const counts = new Array<number>(roster.pieces.length).fill(0);
    const self = this;
    function* walk(t: number, pieces: number, spent: number, officer: number): Generator<Army> {
      if (t === roster.pieces.length) {
        if (officer && pieces >= 1 && spent >= b.minSpent) yield counts.slice();
        return;
      }
      const p = roster.pieces[t];
      for (let n = b.lo[t]; n <= b.hi[t] && pieces + n <= roster.maxPieces && spent + n * p.price <= b.maxSpent; n++) {
        const o = officer | (n > 0 && p.officer ? 1 : 0);
        if (self.ways(t + 1, pieces + n, spent + n * p.price, o) === 0) continue;
        counts[t] = n;
        yield* walk(t + 1, pieces + n, spent + n * p.price, o);
      }
      counts[t] = 0;
    }
    yield* walk(0, 0, 0, 0);
  }

  /** `count` armies drawn uniformly (with replacement) from a seed. */
  sample(count: number, seed: string): Army[] {
    const { roster, b } = this;
    if (this.count() === 0) return [];
    const rng = makeRng(`battle-engine/armies/${seed}`);
    const out: Army[] = [];
    for (let i = 0; i < count; i++) {
      const counts = new Array<number>(roster.pieces.length).fill(0);
      let pieces = 0, spent = 0, officer = 0;
      for (let t = 0; t < roster.pieces.length; t++) {
        const p = roster.pieces[t];
        let u = rng.next() * this.ways(t, pieces, spent, officer);
        // the last count with completions, should rounding leave u past the end
        let n = b.lo[t], good = -1;
        for (; ; n++) {
          const w = this.ways(t + 1, pieces + n, spent + n * p.price, officer | (n > 0 && p.officer ? 1 : 0));
          if (w > 0) good = n;
          if ((u -= w) < 0 || n >= b.hi[t] || pieces + n + 1 > roster.maxPieces || spent + (n + 1) * p.price > b.maxSpent) break;
        }
        if (u >= 0) n = good;
        counts[t] = n;
        pieces += n;
        spent += n * p.price;
        officer |= n > 0 && p.officer ? 1 : 0;
      }
      out.push(counts);
    }
    return out;
  }
}

/** Battle Engine's build kit over a roster. */
export function armyKit(roster: Roster): BuildKit<Army> {
  const spaces = new Map<string, ArmySpace>();
  const space = (filter: unknown): ArmySpace => {
    const f = (filter ?? {}) as ArmyFilter;
    const id = JSON.stringify([f.includeParts ?? [], f.excludeParts ?? [], f.minSpent ?? null, f.maxSpent ?? null]);
    let s = spaces.get(id);
    if (!s) spaces.set(id, (s = new ArmySpace(roster, f)));
    return s;
  };
  return {
    check: (raw, where) => checkArmy(roster, raw, where),
    key: (army) => armyKey(roster, army),
    cost: (army) => armyCost(roster, army),
    filterProblems(filter, where) {
      const f = (filter ?? {}) as ArmyFilter & { excludeTags?: string[] };
      const out: HavocError[] = [];
      for (const field of ['includeParts', 'excludeParts'] as const)
        (f[field] ?? []).forEach((k, i) => {
          if (!roster.byKey.has(k)) out.push(new HavocError('ERR_FILTER', `${where}.${field}[${i}]`, `no piece "${k}" in the roster`));
        });
      if ((f.excludeTags ?? []).length > 0) out.push(new HavocError('ERR_FILTER', `${where}.excludeTags`, 'Battle Engine pieces have no tags'));
      return out;
    },
    sample: (count, seed, filter) => space(filter).sample(count, seed),
    sampleHolding(count, seed, piece, filter) {
      const f = (filter ?? {}) as ArmyFilter;
      const s = space({ ...f, includeParts: [...(f.includeParts ?? []), piece] });
      return s.count() === 0 ? [] : s.sample(count, seed);
    },
    enumerate: (filter) => space(filter).enumerate(),
    count: (filter) => space(filter).count(),
    components: (army) => army.flatMap((n, t) => Array<string>(n).fill(roster.pieces[t].key)),
    listing: () => new Map(roster.pieces.map((p) => [p.key, { cost: p.price, category: 'piece' }])),
  };
}
