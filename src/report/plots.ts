/**
 * The report's charts, drawn with Observable Plot when the report is written
 * (into linkedom's document, so the page holds static SVG: it needs no
 * script, no network, and scales to the screen). Plot chooses the scales,
 * ticks and margins; one row a part means labels cannot collide.
 *
 * Loaded only when a report is written (html.ts imports it dynamically):
 * Plot and its DOM take about 170 ms to load, which every other command of
 * the CLI would pay.
 */
import * as Plot from '@observablehq/plot';
import { parseHTML } from 'linkedom';
import { columnsOf, num, type CsvTable } from './htmlCsv.js';
import { esc, noteWords } from './htmlKit.js';

const { document } = parseHTML('<!doctype html><html><head></head><body></body></html>');

/** The verdicts' colours: one meaning each (the chart has no other red or blue). */
export const VERDICT_COLOURS = { under: '#c4320a', fair: '#667085', over: '#1849a9' } as const;
const VERDICT_LABELS = { under: 'underpriced: worth more than it costs', fair: 'listed cost inside the interval', over: 'overpriced: worth less than it costs' } as const;

interface DeltaPoint {
  part: string;
  delta: number;
  lo: number;
  hi: number;
  listed: number;
  fair: number;
  verdict: keyof typeof VERDICT_COLOURS;
}

/**
 * Per budget category, fair − listed cost of each estimated part with its
 * corrected interval, sorted (most underpriced first); a part's row says its
 * listed and fair cost in its tooltip. Parts without an estimate are named
 * below their category's chart with the reason, and their verdict where
 * flagged. Null when parts.csv has no delta columns (a folder written before
 * them).
 */
export function partDeltaCharts(t: CsvTable): string | null {
  const c = columnsOf(t, 'parts');
  if (!c.part || !c.delta || !c.deltaLo || !c.deltaHi || !c.listed) return null;
  const categories = new Map<string, { points: DeltaPoint[]; missing: string[]; bounds: boolean }>();
  for (const r of t.rows) {
    const category = c.category ? r[c.category] : 'parts';
    const entry = categories.get(category) ?? { points: [], missing: [], bounds: false };
    categories.set(category, entry);
    const delta = num(r[c.delta]), lo = num(r[c.deltaLo]), hi = num(r[c.deltaHi]), listed = num(r[c.listed]);
    if (delta === null || lo === null || hi === null || listed === null) {
      // A verdict without an estimate (point value not determined, too little data) is still said.
      const note = c.note ? noteWords(r[c.note]) : '', flag = c.mispriced ? r[c.mispriced] : '';
      // A bound without a fair cost (the point value not determined): fair_cost_lo alone is "at least", fair_cost_hi alone "at most".
      const atLeast = c.fairLo ? num(r[c.fairLo]) : null, atMost = c.fairHi ? num(r[c.fairHi]) : null;
      const bound = atLeast !== null && atMost === null ? `worth at least ${atLeast}` : atMost !== null && atLeast === null ? `worth at most ${atMost}` : '';
      if (bound) entry.bounds = true;
      const why = [note, bound, flag === 'under' || flag === 'over' ? `${flag}priced` : ''].filter(Boolean).join('; ');
      entry.missing.push(`${r[c.part]}${why ? ` (${why})` : ''}`);
      continue;
    }
    const flag = c.mispriced ? r[c.mispriced] : '';
    entry.points.push({ part: r[c.part], delta, lo, hi, listed, fair: listed + delta, verdict: flag === 'under' ? 'under' : flag === 'over' ? 'over' : 'fair' });
  }
  const out: string[] = [];
  for (const [category, { points, missing, bounds }] of categories) {
    const atLeast = bounds ? ' (Worth at least or at most: if a point of the category is worth anything.)' : '';
    const none = missing.length ? `<p class="note">No estimate: ${missing.map(esc).join(', ')}.${atLeast}</p>` : '';
    if (points.length === 0) {
      out.push(`<div class="delta-chart" data-category="${esc(category)}"><h3>${esc(category)}</h3>${none}</div>`);
      continue;
    }
    points.sort((a, b) => b.delta - a.delta || (a.part < b.part ? -1 : 1));
    // Drawn twice, for a desktop and a phone width (CSS shows one): scaled down, the wide one's text would be unreadable.
    out.push(
      `<div class="delta-chart" data-category="${esc(category)}"><h3>${esc(category)}</h3>` +
        `<div class="wide">${deltaSvg(points, 720)}</div><div class="narrow">${deltaSvg(points, 370)}</div>${none}</div>`,
    );
  }
  const legend = `<div class="legend verdicts">${(Object.keys(VERDICT_COLOURS) as (keyof typeof VERDICT_COLOURS)[])
    .map((k) => `<span><i style="background:${VERDICT_COLOURS[k]}"></i>${esc(VERDICT_LABELS[k])}</span>`)
    .join('')}<span>black line: the listed cost (fair − listed = 0)</span></div>`;
  return `${legend}${out.join('\n')}`;
}

/** One category's chart, `width` pixels wide: a row per part, its interval, its point, the listed cost as the zero line. */
function deltaSvg(points: readonly DeltaPoint[], width: number): string {
  const longest = Math.max(...points.map((p) => p.part.length));
  const svg = Plot.plot({
    document,
    width,
    height: 56 + 22 * points.length,
    marginLeft: 10 + Math.min(7 * longest, width / 2),
    marginRight: 16,
    marginBottom: 40,
    style: { fontSize: '12px', overflow: 'visible' },
    x: { label: 'fair − listed cost (points)', labelAnchor: 'center', labelArrow: 'none', grid: true, nice: true, tickSpacing: 70 },
    y: { label: null, domain: points.map((p) => p.part) },
    color: { domain: Object.keys(VERDICT_COLOURS), range: Object.values(VERDICT_COLOURS) },
    marks: [
      Plot.ruleX([0], { stroke: '#101828', strokeWidth: 1.5 }),
      Plot.ruleY(points, { y: 'part', x1: 'lo', x2: 'hi', stroke: 'verdict', strokeWidth: 2 }),
      Plot.dot(points, {
        y: 'part',
        x: 'delta',
        fill: 'verdict',
        r: 4.5,
        title: (p: DeltaPoint) => `${p.part}: listed ${p.listed}, fair ${p.fair.toFixed(2)} (${p.delta >= 0 ? '+' : ''}${p.delta.toFixed(2)}; interval ${p.lo.toFixed(2)} to ${p.hi.toFixed(2)})`,
      }),
    ],
  }) as unknown as { outerHTML: string };
  return svg.outerHTML;
}

/** A metagame's flags and their colours (meta-parts.csv's `flag`). */
export const META_COLOURS = { 'in-every': '#1849a9', shared: '#667085', never: '#c4320a' } as const;
const META_LABELS = { 'in-every': 'in every build of the equilibrium', shared: 'in some of its builds, or not settled', never: 'in the field, never in the equilibrium' } as const;
/** Bootstrapped, the flags hold across the resamples: the legend says so. */
const META_SETTLED_LABELS = { ...META_LABELS, 'in-every': 'in every build of the equilibrium, in 95%+ of resamples', never: 'never in the equilibrium, in under 5% of resamples' } as const;

interface ShareRow {
  name: string;
  share: number;
  /** The second measure drawn as a tick: α-Rank's mass (builds) or the run's win rate with the part (parts). */
  other: number | null;
  kind: keyof typeof META_COLOURS;
  /** The share of bootstrap resamples whose equilibrium plays it (null: not bootstrapped). */
  often: number | null;
  /** The share's 95% range over the resamples (parts; null: not bootstrapped). */
  lo: number | null;
  hi: number | null;
}

/** Most rows a metagame chart draws (the tables below it list every one). */
export const META_CHART_ROWS = 40;

/**
 * A metagame's charts (havoc meta; meta.csv, meta-parts.csv): each build's
 * equilibrium weight as a bar with its α-Rank mass as a tick, the builds with
 * weight or α-Rank mass first; each part's share of the equilibrium as a bar
 * coloured by its flag, with the run's win rate with it as a tick. When
 * bootstrapped, each row says at its right how often the resampled games'
 * equilibrium plays it, and a part's bar carries its share's 95% range over
 * them. Null when meta.csv lacks its columns.
 */
export function metaCharts(builds: CsvTable, parts: CsvTable | null): string | null {
  const has = (t: CsvTable, ...cols: string[]): boolean => cols.every((c) => t.header.includes(c));
  if (!has(builds, 'loadout', 'equilibrium_weight', 'alpha_rank')) return null;
  const booted = builds.rows.some((r) => num(r.support_frequency) !== null);
  const b: ShareRow[] = builds.rows
    .map((r) => ({ name: r.loadout, share: num(r.equilibrium_weight) ?? 0, other: num(r.alpha_rank), kind: 'shared' as const, often: num(r.support_frequency), lo: null, hi: null }))
    // A build the resamples often play is drawn too: the next in line.
    .filter((r) => r.share > 0 || (r.other ?? 0) >= 0.01 || (r.often ?? 0) >= 0.05)
    .slice(0, META_CHART_ROWS);
  const right = booted ? ', and at the right how often resampled games put it in the equilibrium' : '';
  const out = [
    `<div class="meta-chart" id="meta-builds-chart"><h3>Builds: equilibrium weight (bar) and α-Rank mass (tick)${right}</h3>` +
      `<div class="wide">${shareSvg(b, 720, 'equilibrium weight; tick: α-Rank mass')}</div><div class="narrow">${shareSvg(b, 370, 'weight; tick: α-Rank')}</div></div>`,
  ];
  if (parts && has(parts, 'part', 'equilibrium_share', 'flag', 'builds_in_field')) {
    const p: ShareRow[] = parts.rows
      .filter((r) => (num(r.builds_in_field) ?? 0) > 0)
      .map((r) => ({
        name: r.part,
        share: num(r.equilibrium_share) ?? 0,
        other: num(r.run_win_rate_with),
        kind: r.flag === 'in-every' ? ('in-every' as const) : r.flag === 'never' ? ('never' as const) : ('shared' as const),
        often: num(r.support_frequency),
        lo: num(r.equilibrium_share_lo),
        hi: num(r.equilibrium_share_hi),
      }))
      .sort((x, y) => y.share - x.share || (x.name < y.name ? -1 : 1))
      .slice(0, META_CHART_ROWS);
    const labels = booted ? META_SETTLED_LABELS : META_LABELS;
    const legend = `<div class="legend verdicts">${(Object.keys(META_COLOURS) as (keyof typeof META_COLOURS)[])
      .map((k) => `<span><i style="background:${META_COLOURS[k]}"></i>${esc(labels[k])}</span>`)
      .join('')}<span>black tick: the run's win rate with the part</span>${booted ? "<span>thin line: the share's 95% range over the resamples</span>" : ''}</div>`;
    out.push(
      `<div class="meta-chart" id="meta-parts-chart"><h3>Parts: share of the equilibrium (bar) and win rate in the run (tick)${right.replace(' it ', ' a build holding it ')}</h3>${legend}` +
        `<div class="wide">${shareSvg(p, 720, 'share of the equilibrium; tick: win rate with it')}</div><div class="narrow">${shareSvg(p, 370, 'share; tick: win rate')}</div></div>`,
    );
  }
  return out.join('\n');
}

/**
 * A frequency as a percent: whole, but to a tenth below 10% (a part in 4.5% of resamples, flagged for being
 * under 5%, must not read "5%"), and a near-certain one not rounded up to 100%.
 */
export const pctWords = (x: number): string => (x < 0.1 ? `${Number((x * 100).toFixed(1))}%` : x > 0.99 && x < 1 ? '>99%' : `${Math.round(x * 100)}%`);

/**
 * A row a name: a bar from 0 to its share, coloured by kind, and a tick at its other measure; x from 0 to 1.
 * Bootstrapped, a thin line over the bar for the share's range, and at the right how often the resamples play it.
 */
function shareSvg(rows: readonly ShareRow[], width: number, label: string): string {
  if (rows.length === 0) return '<p class="missing">Nothing to draw.</p>';
  const narrow = width < 500;
  const often = rows.filter((r) => r.often !== null);
  // In words where there is room ("in 62% of resamples"); narrow, the figure alone, the heading saying what it is.
  const oftenText = (r: ShareRow): string => (narrow ? pctWords(r.often!) : `in ${pctWords(r.often!)} of resamples`);
  // Long names (a sweep's build keys) are written whole above their bars, wrapped to the chart's width; short ones
  // (parts) label the axis. A name is ~0.6 em a character at 11 px.
  const longest = Math.max(...rows.map((r) => r.name.length));
  const above = longest > 28;
  const perLine = Math.max(20, Math.floor((width - 20) / 6.6));
  const lines = above ? Math.max(...rows.map((r) => Math.ceil(r.name.length / perLine))) : 0;
  const rowH = 20 + 13 * lines;
  // The bar sits under its name: the marks drawn on it move down with it.
  const shift = (13 * lines) / 2;
  const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;
  const svg = Plot.plot({
    document,
    width,
    height: 56 + rowH * rows.length,
    marginLeft: above ? 10 : 10 + Math.min(6.5 * longest, width * 0.55),
    marginRight: often.length ? (narrow ? 44 : 136) : 16,
    marginBottom: 40,
    style: { fontSize: '11px', overflow: 'visible' },
    x: { label, labelAnchor: 'center', labelArrow: 'none', grid: true, domain: [0, 1], tickFormat: '.0%', tickSpacing: 70 },
    y: above ? { axis: null, domain: rows.map((r) => r.name), paddingInner: 0.1 } : { label: null, domain: rows.map((r) => r.name) },
    color: { domain: Object.keys(META_COLOURS), range: Object.values(META_COLOURS) },
    marks: [
      ...(above ? [Plot.text(rows, { ariaLabel: 'name', y: 'name', x: 0, text: 'name', textAnchor: 'start', lineAnchor: 'top', lineWidth: perLine * 0.6, dy: -rowH / 2 + 2, fill: '#344054' })] : []),
      Plot.barX(rows, { y: 'name', x: 'share', fill: 'kind', insetTop: 13 * lines, title: (r: ShareRow) => `${r.name}: ${pct(r.share)}${r.lo !== null && r.hi !== null ? ` [${pct(r.lo)}, ${pct(r.hi)} over the resamples]` : ''}${r.other !== null ? ` (${pct(r.other)})` : ''}` }),
      Plot.ruleY(rows.filter((r) => r.lo !== null && r.hi !== null), { y: 'name', dy: shift, x1: 'lo', x2: 'hi', stroke: '#101828', strokeWidth: 1.5, strokeOpacity: 0.7 }),
      Plot.tickX(rows.filter((r) => r.other !== null), { y: 'name', insetTop: 13 * lines, x: 'other', stroke: '#101828', strokeWidth: 2 }),
      // A part never in the equilibrium has no bar: a red dot at 0 marks it.
      Plot.dot(rows.filter((r) => r.kind === 'never'), { y: 'name', dy: shift, x: 0, fill: 'kind', r: 3.5, title: (r: ShareRow) => `${r.name}: never in the equilibrium` }),
      Plot.text(often, { y: 'name', dy: shift, x: 1, dx: 8, text: oftenText, textAnchor: 'start', fill: '#344054', title: (r: ShareRow) => `${r.name}: in the equilibrium of ${pct(r.often!)} of the resampled games` }),
    ],
  }) as unknown as { outerHTML: string };
  return svg.outerHTML;
}

/** A score with its interval, for scoreChart: `flag` drawn dark (a dominant build). */
export interface ScorePoint {
  readonly label: string;
  readonly p: number;
  readonly lo: number;
  readonly hi: number;
  readonly flag: boolean;
}

/** Scores in [0, 1] with their intervals, one row each in the order given, one half marked. */
export function scoreChart(points: readonly ScorePoint[], label: string): string {
  const longest = Math.max(...points.map((p) => p.label.length));
  const draw = (width: number): string =>
    (
      Plot.plot({
        document,
        width,
        height: 56 + 22 * points.length,
        marginLeft: 10 + Math.min(6.5 * longest, width * 0.6),
        marginRight: 16,
        marginBottom: 40,
        style: { fontSize: '12px', overflow: 'visible' },
        x: { label, labelAnchor: 'center', labelArrow: 'none', domain: [0, 1], grid: true },
        y: { label: null, domain: points.map((p) => p.label) },
        marks: [
          Plot.ruleX([0.5], { stroke: '#101828', strokeWidth: 1.5 }),
          Plot.ruleY(points, { y: 'label', x1: 'lo', x2: 'hi', stroke: (p: ScorePoint) => (p.flag ? '#101828' : '#98a2b3'), strokeWidth: 2 }),
          Plot.dot(points, { y: 'label', x: 'p', fill: (p: ScorePoint) => (p.flag ? '#101828' : '#2e86ab'), r: 4.5, title: (p: ScorePoint) => `${p.label}: ${p.p.toFixed(3)} [${p.lo.toFixed(3)}, ${p.hi.toFixed(3)}]` }),
        ],
      }) as unknown as { outerHTML: string }
    ).outerHTML;
  return `<div class="score-chart"><div class="wide">${draw(900)}</div><div class="narrow">${draw(370)}</div></div>`;
}
