/**
 * Schedules: a run's matches as a deterministic list of specs
 * {id, seed, seats: [{bot, loadout}]}, computed from the match id alone, so a
 * worker given a range of ids rebuilds its specs from the config and nothing
 * is held per match (a million-match run costs no memory here).
 *
 * Matches come in sets of `k` (the machines per match): one seat rotation
 * each, all on the seed of the set's first id, so every pairing is played
 * seat-swapped on the same dice. Sets cycle through the pairings (pairing =
 * set mod pairings), so a run stopped early has played them all evenly.
 *
 * A sweep's pool is every legal loadout passing the filter (enumerated) or a
 * seeded sample; set `s` is slot `s mod ⌊N/k⌋` of round `⌊s / ⌊N/k⌋⌋`, whose
 * groups are consecutive runs of a seeded random permutation of the pool, so
 * every loadout plays once per round.
 */
import { deriveSeed, makeRng, matchSeed } from '../core/rng.js';
import { HavocError } from '../core/errors.js';
import type { AnyGameModule } from '../core/game.js';
import { rulesetById } from '../rules/registry.js';
import { scheduleTotal } from '../config/total.js';
import { sweepFilter, type ContestRound, type RunConfig } from '../config/types.js';
import { withRunData } from '../config/data.js';
import { balancedPool } from './balancedPool.js';

/** One machine of a match: the bot's name and the loadout's name in the run. */
export interface SeatSpec {
  readonly bot: string;
  readonly loadout: string;
}

/** One match of a run. */
export interface MatchSpec {
  readonly id: number;
  readonly seed: string;
  readonly seats: readonly SeatSpec[];
}

/** A run's matches, by id. */
export interface Schedule {
  readonly total: number;
  /** Machines per match. */
  readonly seats: number;
  /** The spec of match `id` (0 <= id < total). */
  spec(id: number): MatchSpec;
}

/** Machines per match in a run (a contest between teams: both sides' seats). */
export const seatsOf = (run: RunConfig): number =>
  run.between === 'teams' ? 2 * run.teams![0].bots.length : run.schedule.type === 'free-for-all' || run.schedule.type === 'sweep' ? run.schedule.seats : 2;

/** Each seat's side in a contest between teams (GameModule.sideOf), else null: every seat plays for itself. */
export function sidesOf(run: RunConfig): Uint8Array | null {
  if (run.between !== 'teams') return null;
  const k = seatsOf(run), mod = rulesetById(run.ruleset);
  return Uint8Array.from({ length: k }, (_, s) => mod.sideOf!(s, k));
}

/** The names of a run's per-seat figures (its ruleset's: NHM `dealt`), the record columns after `reason`. */
export const figuresOf = (run: RunConfig): readonly string[] => rulesetById(run.ruleset).figures;

/** What a run's bot name stands for: its spec (a built-in name, a path or a command). */
export const botSpecOf = (run: RunConfig, name: string): string => run.bots.find((b) => b.name === name)?.bot ?? name;

/** Builds a run's schedule (a sweep enumerates or samples its pool here). */
export function makeSchedule(run: RunConfig, data: unknown): Schedule {
  const k = seatsOf(run);
  const total = scheduleTotal(run);
  const s = run.schedule;
  if (s.type === 'sweep') {
    const pool = sweepPool(run, data);
    const perRound = Math.floor(pool.length / k);
    let round = -1;
    let perm: Permutation | null = null;
    const bot = run.bots[0].name;
    return {
      total,
      seats: k,
      spec: rotations(run, k, (set) => {
        const r = Math.floor(set / perRound);
        if (r !== round) (round = r), (perm = new Permutation(pool.length, deriveSeed(run.seed, 'round', r)));
        const slot = (set % perRound) * k;
        return (j) => ({ bot, loadout: pool[perm!.at(slot + j)] });
      }),
    };
  }
  if (run.between === 'teams') return teamSchedule(run, total);
  if (s.type === 'rounds') return roundsSchedule(run, s.rounds, s.builds ?? {}, total);
  if (s.type === 'duel') return duelSchedule(run, duelOpenings(run, data), total);
  const entrants: SeatSpec[] =
    run.between === 'bots'
      ? run.bots.map((b) => ({ bot: b.name, loadout: run.loadouts[0].name }))
      : run.loadouts.map((l) => ({ bot: run.bots[0].name, loadout: l.name }));
  const names = entrants.map((e) => (run.between === 'bots' ? e.bot : e.loadout));
  let groups: number[][];
  if (s.type === 'gauntlet') {
    const ch = s.challengers.map((c) => names.indexOf(c));
    groups = ch.flatMap((c) => names.map((_, f) => f).filter((f) => !ch.includes(f)).map((f) => [c, f]));
  } else groups = combinations(entrants.length, k);
  return {
    total,
    seats: k,
    spec: rotations(run, k, (set) => {
      const g = groups[set % groups.length];
      return (j) => entrants[g[j]];
    }),
  };
}

/**
 * Match specs by id. Match `id` is seat rotation `id % k` of seat set
 * `floor(id / k)`: seat j gets the set's member (j + rotation) % k, and every
 * rotation of a set plays on the set's seed (that of its first match id).
 * The last set's seed and seat lists are kept: a batch asks for each set k
 * times running.
 */
function rotations(run: RunConfig, k: number, setOf: (set: number) => (member: number) => SeatSpec): (id: number) => MatchSpec {
  let last = -1, seed = '';
  let seats: SeatSpec[][] = [];
  return (id) => {
    const set = Math.floor(id / k);
    if (set !== last) {
      const member = setOf(set);
      seed = matchSeed(run.seed, set * k);
      seats = [];
      for (let rot = 0; rot < k; rot++) {
        const s: SeatSpec[] = [];
        for (let j = 0; j < k; j++) s.push(member((j + rot) % k));
        seats.push(s);
      }
      last = set;
    }
    return { id, seed, seats: seats[id % k] };
  };
}

/**
 * A contest between teams: sets cycle through the pairings of teams (round
 * robin, or each challenger against each other team), and a set's two matches
 * put its first team on side 0 then on side 1, on the set's seed. A team's bots
 * take its side's seats in seat order.
 */
function teamSchedule(run: RunConfig, total: number): Schedule {
  const teams = run.teams!, k = seatsOf(run), side = sidesOf(run)!, loadout = run.loadouts[0].name;
  const names = teams.map((t) => t.name);
  const s = run.schedule;
  const groups =
    s.type === 'gauntlet'
      ? s.challengers.map((c) => names.indexOf(c)).flatMap((c, _, ch) => names.map((_, f) => f).filter((f) => !ch.includes(f)).map((f) => [c, f]))
      : combinations(teams.length, 2);
  // A seat's place among its side's seats: which of its team's bots sits there.
  const place = Array.from({ length: k }, (_, seat) => side.subarray(0, seat).filter((x) => x === side[seat]).length);
  return {
    total,
    seats: k,
    spec: (id) => {
      const set = Math.floor(id / 2), g = groups[set % groups.length], swap = id % 2;
      const onSide = [teams[g[swap]], teams[g[1 - swap]]];
      return { id, seed: matchSeed(run.seed, set * 2), seats: place.map((p, seat) => ({ bot: onSide[side[seat]].bots[p], loadout })) };
    },
  };
}

/**
 * A contest's rounds: round r holds ids [start_r, start_r + pairs × games); its sets of two cycle through its
 * pairs, the pair's first bot in seat A then in seat B, on the seed of the set's first id. A round added later
 * changes no id or seed of the rounds before it.
 */
function roundsSchedule(run: RunConfig, rounds: readonly ContestRound[], builds: Readonly<Record<string, string>>, total: number): Schedule {
  const starts: number[] = [];
  let at = 0;
  for (const r of rounds) starts.push(at), (at += r.pairs.length * r.games);
  // An entrant that brings its own build plays it; the others the run's first loadout.
  const loadoutOf = (bot: string): string => builds[bot] ?? run.loadouts[0].name;
  return {
    total,
    seats: 2,
    spec: (id) => {
      let r = starts.length - 1;
      while (starts[r] > id) r--;
      const { pairs } = rounds[r], set = Math.floor((id - starts[r]) / 2), pair = pairs[set % pairs.length], swap = id % 2;
      return { id, seed: matchSeed(run.seed, id - swap), seats: [{ bot: pair[swap], loadout: loadoutOf(pair[swap]) }, { bot: pair[1 - swap], loadout: loadoutOf(pair[1 - swap]) }] };
    },
  };
}

/**
 * A duel (`havoc duel`): pair p is matches 2p and 2p+1 on the seed of 2p, the first bot in seat A then in
 * seat B; each seat keeps its build of the pair's opening (openings[p mod n]) whichever bot sits there, so
 * both bots play both builds of every opening.
 */
function duelSchedule(run: RunConfig, openings: readonly (readonly [string, string])[], total: number): Schedule {
  const [a, b] = run.bots.map((x) => x.name);
  const fixed: readonly [string, string] = [run.loadouts[0].name, run.loadouts[0].name];
  return {
    total,
    seats: 2,
    spec: (id) => {
      const pair = Math.floor(id / 2), swap = id % 2;
      const [l0, l1] = openings.length ? openings[pair % openings.length] : fixed;
      return { id, seed: matchSeed(run.seed, id - swap), seats: [{ bot: swap ? b : a, loadout: l0 }, { bot: swap ? a : b, loadout: l1 }] };
    },
  };
}

/** A duel's openings: 2n builds drawn by the ruleset from the run's seed (build keys), taken two at a time; none for a run without openings. */
export function duelOpenings(run: RunConfig, data: unknown): [string, string][] {
  const s = run.schedule;
  if (s.type !== 'duel' || s.openings === 0) return [];
  const mod = rulesetById(run.ruleset);
  return sampleOpenings(withRunData(mod, data), s.openings, run.seed, run.experimental);
}

/** n openings of `mod` (with its data bound) for a duel of seed `seed`: 2n builds drawn from the legal ones, taken two at a time. */
export function sampleOpenings(mod: AnyGameModule, n: number, seed: string, experimental: boolean): [string, string][] {
  const kit = mod.builds;
  if (!kit.sample) throw new HavocError('ERR_ARGS', '--openings', `${mod.title} cannot draw builds for openings: give --openings 0`);
  const none = { excludeTags: [], includeParts: [], excludeParts: [], minSpent: null, maxSpent: null };
  const keys = kit.sample(2 * n, deriveSeed(seed, 'openings'), sweepFilter(none, experimental)).map((x) => kit.key(x));
  if (!keys.length) throw new HavocError('ERR_ARGS', '--openings', `${mod.title} has no legal build to draw`);
  return Array.from({ length: n }, (_, i) => [keys[(2 * i) % keys.length], keys[(2 * i + 1) % keys.length]]);
}

/** Every k-subset of 0..n-1, lexicographic. */
function combinations(n: number, k: number): number[][] {
  const out: number[][] = [];
  const pick: number[] = [];
  const walk = (from: number): void => {
    if (pick.length === k) return void out.push([...pick]);
    for (let i = from; i < n; i++) pick.push(i), walk(i + 1), pick.pop();
  };
  walk(0);
  return out;
}

/** A sweep's pool of build names (build keys), in a fixed order: drawn by the ruleset from the run's seed, or every build passing the filter. */
export function sweepPool(run: RunConfig, data: unknown): string[] {
  const s = run.schedule;
  if (s.type !== 'sweep') return [];
  const mod = rulesetById(run.ruleset), kit = withRunData(mod, data).builds;
  const filter = sweepFilter(s.filter, run.experimental);
  if (!kit.sample || !kit.enumerate) throw new HavocError('ERR_CONFIG', run.name, `${mod.title} cannot draw builds for a sweep`);
  if (s.sample !== null) {
    const seed = deriveSeed(run.seed, 'pool');
    const drawn = (s.design !== 'uniform' ? balancedPool(kit, s.sample, seed, filter, s.design === 'spread') : null) ?? kit.sample(s.sample, seed, filter);
    return drawn.map((b) => kit.key(b));
  }
  const out: string[] = [];
  for (const b of kit.enumerate(filter)) out.push(kit.key(b));
  return out;
}

/**
 * A seeded permutation of 0..n-1 with O(1) lookups and no table: a 4-round
 * Feistel network on the smallest even number of bits covering n, walked
 * until it lands below n (cycle walking keeps it a bijection).
 */
export class Permutation {
  private readonly half: number;
  private readonly mask: number;
  private readonly keys: Uint32Array;

  constructor(
    readonly n: number,
    seed: string,
  ) {
    const bits = Math.max(2, Math.ceil(Math.log2(Math.max(2, n))));
    this.half = Math.ceil(bits / 2);
    this.mask = (1 << this.half) - 1;
    const rng = makeRng(seed);
    this.keys = Uint32Array.from({ length: 4 }, () => rng.uint32());
  }

  /** The image of `i`. */
  at(i: number): number {
    let x = i;
    do x = this.encrypt(x);
    while (x >= this.n);
    return x;
  }

  private encrypt(x: number): number {
    let l = x >>> this.half;
    let r = x & this.mask;
    for (let k = 0; k < 4; k++) {
      const t = l ^ (mix(r ^ this.keys[k]) & this.mask);
      l = r;
      r = t;
    }
    return ((l << this.half) | r) >>> 0;
  }
}

function mix(x: number): number {
  x = Math.imul(x ^ (x >>> 16), 0x7feb352d);
  x = Math.imul(x ^ (x >>> 15), 0x846ca68b);
  return (x ^ (x >>> 16)) >>> 0;
}

/**
 * Resolves a run's build names to builds of its ruleset: the ruleset's fixed
 * build, the run's own named builds, else build keys (a sweep's names) checked
 * by the ruleset. Cached.
 */
export function buildResolver(run: RunConfig, mod: AnyGameModule): (name: string) => unknown {
  const cache = new Map<string, unknown>();
  const fixed = mod.builds.fixed;
  if (fixed) cache.set(fixed.name, fixed.build);
  for (const e of run.loadouts) {
    if (cache.has(e.name)) continue;
    const r = mod.builds.check(e.spec, e.name);
    if (!r.ok) throw r.error;
    cache.set(e.name, r.value);
  }
  const fixedCount = cache.size;
  return (name) => {
    let b = cache.get(name);
    if (b !== undefined) return b;
    const r = mod.builds.check(name, name);
    if (!r.ok) throw r.error;
    if (cache.size > fixedCount + 50000) {
      for (const k of [...cache.keys()].slice(fixedCount)) cache.delete(k);
    }
    cache.set(name, (b = r.value));
    return b;
  };
}
