/**
 * The metagame of a played field (docs/balance.md, "havoc meta"): its Nash
 * equilibrium (HiGHS, stats/zeroSum.ts) with its exploitability in sample and
 * held out, α-Rank beside it (stats/alphaRank.ts), each build's weight and
 * score, and each part's share of the equilibrium next to its win rate in
 * the run the field came from; bootstrapped (stats/metaBootstrap.ts), how
 * often each build and part is in the equilibrium and the parts' shares'
 * intervals, the flags kept only where the resamples agree. Written as
 * meta.csv, meta-parts.csv and meta.json in the meta run's folder; numbers
 * with fixed decimals, so the same games give the same bytes.
 */
import { join } from 'node:path';
import type { RunConfig } from '../../config/index.js';
import { writeAtomic } from '../../store/folder.js';
import { buildResolver } from '../../run/schedule.js';
import { withRunData } from '../../config/data.js';
import { rulesetById } from '../../rules/registry.js';
import { ALPHA_RANK_DEFAULTS, alphaRank } from '../../stats/alphaRank.js';
import { bootstrapNash, partBootstrap, partFlag, SETTLED_BELOW, type NashBootstrap, type PartBootstrap, type PartFlag } from '../../stats/metaBootstrap.js';
import { deriveSeed, makeRng } from '../../core/rng.js';
import { partShares } from '../../stats/partShares.js';
import { scoreInterval } from '../../stats/wilson.js';
import { exploitability, symmetricNash } from '../../stats/zeroSum.js';
import { columnsOf, num, readCsv } from '../htmlCsv.js';
import { fmt, tableCsv, type Table } from '../tables.js';
import type { FieldBuild } from './field.js';
import { payoffOf, readMatchupMatrix } from './matrix.js';

export const META_FORMAT = 'havoc-meta/1';

export type { PartFlag };

export interface MetaSummary {
  readonly format: typeof META_FORMAT;
  /** The run the field was taken from. */
  readonly source: string;
  readonly top: number;
  readonly gamesPerPair: number;
  readonly games: number;
  /** Pairs that never met (their cell counts as an even game). */
  readonly missingPairs: number;
  /** The 95% interval's half-width of one cell's score rate at 50%, no draws (Wilson): how finely a cell is measured. */
  readonly cellHalfWidth: number;
  readonly solver: string;
  readonly equilibrium: {
    readonly support: number;
    /** The best reply's score rate against the equilibrium above ½, on the games it was solved from (0 up to round-off). */
    readonly exploitability: number;
    /** The same for the equilibrium of each half of the games, measured on the other half, averaged: what sampling noise leaves exploitable. */
    readonly heldOutExploitability: number | null;
    readonly value: number;
    readonly bestResponse: string;
  };
  readonly alphaRank: { readonly alpha: number; readonly m: number; readonly reference: string };
  /** The equilibrium over resamples of the games (null with --bootstrap 0). */
  readonly bootstrap: {
    readonly resamples: number;
    readonly seed: string;
    readonly unit: string;
    /** The share of resamples whose support is exactly the equilibrium's. */
    readonly sameSupport: number;
    readonly supportSize: { readonly median: number; readonly lo: number; readonly hi: number };
    /** A flag stands only where fewer than this share of the resamples contradict it. */
    readonly settledBelow: number;
    /** Per build (meta.csv's order): the share of resamples whose equilibrium plays it. */
    readonly supportFrequency: Readonly<Record<string, number>>;
  } | null;
  /** The flagged parts; `unsettled`: never in this equilibrium but in SETTLED_BELOW or more of the resamples'. */
  readonly parts: { readonly inEvery: readonly string[]; readonly never: readonly string[]; readonly unsettled?: readonly string[] } | null;
}

export interface MetaResult {
  readonly summary: MetaSummary;
  readonly builds: Table;
  readonly parts: Table | null;
  /** Builds in the order of meta.csv, for the printed summary. */
  readonly rows: readonly { name: string; weight: number; alpha: number; vsField: number; supportFrequency: number | null }[];
  /** Each part's share of the equilibrium, how many of the top builds and of the equilibrium's hold it, its run win rate and flag; bootstrapped, the resamples'. */
  readonly partRows: readonly { part: string; share: number; alphaShare: number; builds: number; supportBuilds: number; winRate: number | null; flag: PartFlag; boot: PartBootstrap | null }[];
}

/** The parent run's win rate with each part (its parts.csv), by part. */
function partWinRates(parent: string): Map<string, number | null> {
  const t = readCsv(join(parent, 'parts.csv'));
  const out = new Map<string, number | null>();
  if (!t) return out;
  const part = columnsOf(t, 'parts').part;
  const rate = t.header.includes('win_rate_with') ? 'win_rate_with' : null;
  if (part) for (const r of t.rows) out.set(r[part], rate ? num(r[rate]) : null);
  return out;
}

/** The bootstrap's seed: the meta run's, for this purpose alone. */
export const bootstrapSeed = (run: RunConfig): string => deriveSeed(run.seed, 'meta-bootstrap');

/**
 * The metagame of the meta run `run` played in `dir` over `field` (the parent run's builds, in the
 * meta run's loadout order) from the run in `parent`; `data` is the run's data (its ruleset reads builds with it).
 * `resamples` bootstrap resamples of the games (0: none, the flags the point equilibrium's alone).
 */
export async function metagame(dir: string, run: RunConfig, data: unknown, parent: string, field: readonly FieldBuild[], resamples = 0): Promise<MetaResult> {
  const m = readMatchupMatrix(dir, run);
  const k = m.names.length;
  const payoff = payoffOf(m.score);
  const nash = await symmetricNash(payoff);
  const alpha = alphaRank(payoff, ALPHA_RANK_DEFAULTS);
  // Held out: each half's equilibrium measured on the other half's games.
  const [h0, h1] = m.halves.map(payoffOf);
  const split = run.schedule.type === 'round-robin' && run.schedule.games >= 4;
  const seed = bootstrapSeed(run);
  const boot: NashBootstrap | null = resamples > 0 ? await bootstrapNash(k, m.rotations, nash.support, resamples, (r) => makeRng(deriveSeed(seed, r))) : null;
  const heldOut = split ? (exploitability(h1, (await symmetricNash(h0)).weights).gain + exploitability(h0, (await symmetricNash(h1)).weights).gain) / 2 : null;

  const mod = withRunData(rulesetById(run.ruleset), data);
  const build = buildResolver(run, mod);
  const kit = mod.builds;
  let games = 0, missing = 0;
  for (let i = 0; i < k; i++) for (let j = i + 1; j < k; j++) (games += m.games[i][j]), (missing += m.games[i][j] === 0 ? 1 : 0);
  const vsField = m.score.map((row, i) => (k > 1 ? row.reduce((a, s, j) => a + (j === i ? 0 : s), 0) / (k - 1) : 0.5));
  const vsEq = payoff.map((row) => 0.5 + row.reduce((a, p, j) => a + p * nash.weights[j], 0));
  // Outside the support, the builds the resamples play most often first: the next in line.
  const often = (i: number): number => boot?.supportFrequency[i] ?? 0;
  const order = m.names.map((_, i) => i).sort((a, b) => nash.weights[b] - nash.weights[a] || often(b) - often(a) || alpha[b] - alpha[a] || a - b);

  const builds: Table = {
    header: ['rank', 'loadout', 'key', 'points', 'equilibrium_weight', 'alpha_rank', 'score_vs_field', 'score_vs_equilibrium', 'games', 'in_support', 'support_frequency', 'run_win_rate', 'run_rating'],
    rows: order.map((i, r) => {
      const b = build(m.names[i]);
      const f = field[i];
      const n = m.games[i].reduce((a, g) => a + g, 0);
      return [
        String(r + 1), m.names[i], kit.key(b), String(kit.cost(b)), fmt(nash.weights[i], 6), fmt(alpha[i], 6), fmt(vsField[i], 4), fmt(vsEq[i], 4), String(n),
        nash.weights[i] > 0 ? 'yes' : '', fmt(boot?.supportFrequency[i], 4), fmt(f?.winRate, 4), fmt(f?.rating, 1),
      ];
    }),
  };

  let parts: Table | null = null;
  let partRows: MetaResult['partRows'] = [];
  let flags: MetaSummary['parts'] = null;
  if (kit.components) {
    const listing = kit.listing ? kit.listing() : new Map<string, { cost: number; category: string }>();
    const comps = m.names.map((n) => kit.components!(build(n)));
    const eq = partShares(comps.map((c, i) => ({ components: c, weight: nash.weights[i] })), [...listing.keys()]);
    const ar = new Map(partShares(comps.map((c, i) => ({ components: c, weight: alpha[i] }))).map((s) => [s.part, s.share]));
    const rates = partWinRates(parent);
    const pb = boot ? partBootstrap(comps, boot, [...listing.keys()]) : null;
    partRows = eq.map((s, i) => ({
      part: s.part,
      share: s.share,
      alphaShare: ar.get(s.part) ?? 0,
      builds: s.builds,
      supportBuilds: s.supportBuilds,
      winRate: rates.get(s.part) ?? null,
      flag: partFlag(s, pb?.[i] ?? null),
      boot: pb?.[i] ?? null,
    }));
    parts = {
      header: [
        'part', 'category', 'listed_cost', 'builds_in_field', 'builds_in_support', 'equilibrium_share', 'equilibrium_share_lo', 'equilibrium_share_hi',
        'support_frequency', 'in_every_frequency', 'alpha_rank_share', 'run_win_rate_with', 'flag',
      ],
      rows: eq.map((s, i) => {
        const l = listing.get(s.part);
        const b = partRows[i].boot;
        return [
          s.part, l?.category ?? '', l ? String(l.cost) : '', String(s.builds), String(s.supportBuilds), fmt(s.share, 6), fmt(b?.shareLo, 6), fmt(b?.shareHi, 6),
          fmt(b?.supportFrequency, 4), fmt(b?.inEveryFrequency, 4), fmt(ar.get(s.part) ?? 0, 6), fmt(partRows[i].winRate, 4), partRows[i].flag,
        ];
      }),
    };
    const named = (f: (p: (typeof partRows)[number]) => boolean): string[] => partRows.filter(f).map((p) => p.part);
    flags = {
      inEvery: named((p) => p.flag === 'in-every'),
      never: named((p) => p.flag === 'never'),
      ...(boot ? { unsettled: named((p) => p.builds > 0 && p.supportBuilds === 0 && p.flag !== 'never') } : {}),
    };
  }

  const perPair = run.schedule.type === 'round-robin' ? run.schedule.games : 0;
  const cell = scoreInterval(perPair / 2, 0, perPair);
  const summary: MetaSummary = {
    format: META_FORMAT,
    source: parent,
    top: k,
    gamesPerPair: perPair,
    games,
    missingPairs: missing,
    cellHalfWidth: Number(((cell.hi - cell.lo) / 2).toFixed(4)),
    solver: nash.solver,
    equilibrium: {
      support: nash.support.length,
      exploitability: Number(nash.exploitability.toFixed(6)),
      heldOutExploitability: heldOut === null ? null : Number(heldOut.toFixed(4)),
      value: Number(nash.value.toFixed(6)) || 0,
      bestResponse: m.names[nash.bestResponse],
    },
    alphaRank: { ...ALPHA_RANK_DEFAULTS, reference: 'Omidshafiei et al., α-Rank: Multi-Agent Evaluation by Evolution, Sci. Rep. 9, 9937 (2019); single population' },
    bootstrap: boot && {
      resamples: boot.resamples,
      seed,
      unit: "a pair's rotation (its games sharing a seed), resampled within each pair",
      sameSupport: Number(boot.sameSupport.toFixed(4)),
      supportSize: { median: Number(boot.supportSize.median.toFixed(2)), lo: Number(boot.supportSize.lo.toFixed(2)), hi: Number(boot.supportSize.hi.toFixed(2)) },
      settledBelow: SETTLED_BELOW,
      supportFrequency: Object.fromEntries(order.map((i) => [m.names[i], Number(boot.supportFrequency[i].toFixed(4))])),
    },
    parts: flags,
  };
  const rows = order.map((i) => ({ name: m.names[i], weight: nash.weights[i], alpha: alpha[i], vsField: vsField[i], supportFrequency: boot ? boot.supportFrequency[i] : null }));
  return { summary, builds, parts, rows, partRows };
}

/** Writes meta.csv, meta-parts.csv (when builds have parts) and meta.json into `dir`. */
export function writeMeta(dir: string, r: MetaResult): string[] {
  const files = ['meta.csv', ...(r.parts ? ['meta-parts.csv'] : []), 'meta.json'];
  writeAtomic(join(dir, 'meta.csv'), tableCsv(r.builds));
  if (r.parts) writeAtomic(join(dir, 'meta-parts.csv'), tableCsv(r.parts));
  writeAtomic(join(dir, 'meta.json'), JSON.stringify(r.summary, null, 2) + '\n');
  return files;
}

const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;
const pct0 = (x: number): string => `${Math.round(x * 100)}%`;

/** The printed summary: the equilibrium, its top builds and the flagged parts; bootstrapped, how often each is in it. */
export function formatMeta(dir: string, r: MetaResult, show = 10): string {
  const s = r.summary, e = s.equilibrium, b = s.bootstrap;
  const lines = [
    `metagame of the top ${s.top} builds of ${s.source}: ${s.games} games, ${s.gamesPerPair} a pair seat-swapped (a cell's score rate ±${s.cellHalfWidth.toFixed(2)} at 95%)${s.missingPairs ? `; ${s.missingPairs} pairs never met (counted even)` : ''}`,
    `Nash equilibrium by ${s.solver}: ${e.support} of ${s.top} builds in its support; exploitability ${e.exploitability.toFixed(4)} on these games${e.heldOutExploitability !== null ? `, ${e.heldOutExploitability.toFixed(4)} held out (a half's equilibrium against the best reply on the other half: score rate above 50%)` : ''}`,
  ];
  if (b) {
    const z = b.supportSize;
    lines.push(
      `bootstrap: ${b.resamples} resamples of the games (each pair's seat-swapped games drawn again): this support came back exactly in ${pct(b.sameSupport)} of them; ` +
        `support size ${z.median} (95%: ${z.lo} to ${z.hi}); "in support": how often a build is in a resample's`,
    );
  } else lines.push('not bootstrapped (--bootstrap 0): the support and the flags rest on this one equilibrium');
  lines.push(
    `  weight  ${b ? 'in support  ' : ''}α-Rank  vs field  build`,
    ...r.rows.slice(0, show).map((x) => `  ${x.weight.toFixed(4).padStart(6)}  ${x.supportFrequency !== null ? `${pct(x.supportFrequency).padStart(10)}  ` : ''}${x.alpha.toFixed(4)}  ${pct(x.vsField).padStart(8)}  ${x.name}`),
  );
  if (r.rows.length > show) lines.push(`  … ${r.rows.length - show} more in meta.csv`);
  if (s.parts) {
    const named = (xs: readonly string[]): string => (xs.length ? xs.join(', ') : 'none');
    const settled = b ? ` (so in ${pct0(1 - b.settledBelow)} or more of the resamples)` : '';
    lines.push(`parts in every build of the equilibrium${settled}: ${named(s.parts.inEvery)}`);
    lines.push(`parts in the field but never in the equilibrium${b ? ` (nor in ${pct0(b.settledBelow)} or more of the resamples')` : ''}: ${named(s.parts.never)}`);
    const unsettled = r.partRows.filter((p) => s.parts!.unsettled?.includes(p.part));
    if (unsettled.length) lines.push(`not in this equilibrium but in ${pct0(b!.settledBelow)} or more of the resamples' (not flagged): ${unsettled.map((p) => `${p.part} ${pct(p.boot!.supportFrequency)}`).join(', ')}`);
    const top = [...r.partRows].filter((p) => p.share > 0).sort((x, y) => y.share - x.share).slice(0, 8);
    const interval = (p: (typeof top)[number]): string => (p.boot ? ` [${pct0(p.boot.shareLo)}–${pct0(p.boot.shareHi)}]` : '');
    if (top.length) lines.push(`largest shares${b ? ' [95% over the resamples]' : ''}: ${top.map((p) => `${p.part} ${pct(p.share)}${interval(p)}${p.winRate !== null ? ` (wins ${pct(p.winRate)})` : ''}`).join(', ')}`);
  }
  lines.push(`meta: ${join(dir, 'meta.csv')}${r.parts ? `, meta-parts.csv` : ''}, meta.json`);
  return lines.join('\n') + '\n';
}
