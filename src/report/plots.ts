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
import { esc } from './htmlKit.js';

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
 * below their category's chart with the reason. Null when parts.csv has no
 * delta columns (a folder written before them).
 */
export function partDeltaCharts(t: CsvTable): string | null {
  const c = columnsOf(t, 'parts');
  if (!c.part || !c.delta || !c.deltaLo || !c.deltaHi || !c.listed) return null;
  const categories = new Map<string, { points: DeltaPoint[]; missing: string[] }>();
  for (const r of t.rows) {
    const category = c.category ? r[c.category] : 'parts';
    const entry = categories.get(category) ?? { points: [], missing: [] };
    categories.set(category, entry);
    const delta = num(r[c.delta]), lo = num(r[c.deltaLo]), hi = num(r[c.deltaHi]), listed = num(r[c.listed]);
    if (delta === null || lo === null || hi === null || listed === null) {
      const note = c.note ? r[c.note] : '';
      entry.missing.push(`${r[c.part]}${note ? ` (${note.replace(/-/g, ' ')})` : ''}`);
      continue;
    }
    const flag = c.mispriced ? r[c.mispriced] : '';
    entry.points.push({ part: r[c.part], delta, lo, hi, listed, fair: listed + delta, verdict: flag === 'under' ? 'under' : flag === 'over' ? 'over' : 'fair' });
  }
  const out: string[] = [];
  for (const [category, { points, missing }] of categories) {
    const none = missing.length ? `<p class="note">No estimate: ${missing.map(esc).join(', ')}.</p>` : '';
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
