/**
 * Small pieces of the HTML report: escaping, number cells, interval bars as
 * inline SVG, and a sortable table drawn from a CSV table with bars added
 * beside the columns they picture.
 */
import { num, type CsvTable } from './htmlCsv.js';

/** Escapes text for HTML content and attribute values. */
export const esc = (s: unknown): string =>
  String(s ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A number rounded for SVG coordinates. */
export const r2 = (x: number): string => String(Math.round(x * 100) / 100);

/** A value range for bars: every finite value given, widened to include `ref`, never empty. */
export function rangeOf(values: Iterable<number | null>, ref?: number): [number, number] {
  let lo = Infinity, hi = -Infinity;
  for (const v of values) if (v !== null && Number.isFinite(v)) (lo = Math.min(lo, v)), (hi = Math.max(hi, v));
  if (ref !== undefined) (lo = Math.min(lo, ref)), (hi = Math.max(hi, ref));
  if (!Number.isFinite(lo)) return [0, 1];
  if (hi - lo < 1e-9) return [lo - 0.5, hi + 0.5];
  const pad = (hi - lo) * 0.04;
  return [lo - pad, hi + pad];
}

export interface BarSpec {
  /** Header of the bar's column. */
  label: string;
  /** Insert after this column (else at the end). */
  after?: string | null;
  point: string | null;
  lo: string | null;
  hi: string | null;
  /** Fixed scale; default: the range of the table's values. */
  scale?: [number, number];
  /** A dashed reference line (0.5 for win rates, 0 for differences). */
  ref?: number;
  /** A second marker per row, e.g. the listed cost beside a fair-cost estimate. */
  marker?: string | null;
  markerLabel?: string;
}

/** An interval as a small SVG: whisker lo..hi, a dot at the point, an optional marker. */
export function intervalBar(point: number | null, lo: number | null, hi: number | null, scale: [number, number], ref?: number, marker?: number | null, markerLabel = ''): string {
  const W = 150, H = 14, pad = 5;
  const x = (v: number): number => pad + ((Math.max(scale[0], Math.min(scale[1], v)) - scale[0]) / (scale[1] - scale[0])) * (W - 2 * pad);
  const parts: string[] = [];
  if (ref !== undefined && ref >= scale[0] && ref <= scale[1]) parts.push(`<line class="ref" x1="${r2(x(ref))}" x2="${r2(x(ref))}" y1="1" y2="${H - 1}"/>`);
  if (lo !== null && hi !== null) parts.push(`<line class="whisker" x1="${r2(x(lo))}" x2="${r2(x(hi))}" y1="${H / 2}" y2="${H / 2}"/>`);
  if (marker !== null && marker !== undefined)
    parts.push(`<path class="listed" d="M${r2(x(marker))} 1 l4 6 l-4 6 l-4 -6 z"><title>${esc(markerLabel)} ${esc(marker)}</title></path>`);
  if (point !== null) parts.push(`<circle class="pt" cx="${r2(x(point))}" cy="${H / 2}" r="3.5"/>`);
  const title = point === null ? 'no estimate' : `${point}${lo !== null && hi !== null ? ` (95%: ${lo} to ${hi})` : ''}`;
  const attrs = `data-point="${point ?? ''}" data-lo="${lo ?? ''}" data-hi="${hi ?? ''}"`;
  return `<svg class="ibar" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" ${attrs}><title>${esc(title)}</title>${parts.join('')}</svg>`;
}

export interface DataTableOptions {
  id: string;
  bars?: BarSpec[];
  /** Extra class per row. */
  rowClass?: (row: Record<string, string>) => string;
  /** Columns to leave out (shown through a bar instead, say). */
  hide?: readonly string[];
  /** Columns to leave out that say nothing another column does not (not mentioned under the table). */
  omit?: readonly string[];
  maxRows?: number;
  /** Formats a cell's text (default: as written). */
  cell?: (col: string, value: string, row: Record<string, string>) => string | null;
}

/** A sortable HTML table of a CSV table, with interval bars. */
export function dataTable(t: CsvTable, o: DataTableOptions): string {
  const rows = o.maxRows !== undefined ? t.rows.slice(0, o.maxRows) : t.rows;
  const bars = (o.bars ?? []).filter((b) => b.point !== null);
  const scales = bars.map((b) =>
    b.scale ?? rangeOf(t.rows.flatMap((r) => [num(r[b.point!]), b.lo ? num(r[b.lo]) : null, b.hi ? num(r[b.hi]) : null, b.marker ? num(r[b.marker]) : null]), b.ref),
  );
  const cols: ({ kind: 'col'; name: string } | { kind: 'bar'; i: number })[] = [];
  const hidden = new Set([...(o.hide ?? []), ...(o.omit ?? [])]);
  for (const h of t.header) {
    if (!hidden.has(h)) cols.push({ kind: 'col', name: h });
    bars.forEach((b, i) => b.after === h && cols.push({ kind: 'bar', i }));
  }
  bars.forEach((b, i) => (!b.after || !t.header.includes(b.after)) && cols.push({ kind: 'bar', i }));
  const head = cols.map((c) => (c.kind === 'col' ? `<th>${esc(c.name)}</th>` : `<th class="bar">${esc(bars[c.i].label)}</th>`)).join('');
  const body = rows
    .map((r) => {
      const tds = cols
        .map((c) => {
          if (c.kind === 'bar') {
            const b = bars[c.i];
            const p = num(r[b.point!]);
            return `<td class="bar" data-v="${p ?? ''}">${intervalBar(p, b.lo ? num(r[b.lo]) : null, b.hi ? num(r[b.hi]) : null, scales[c.i], b.ref, b.marker ? num(r[b.marker]) : null, b.markerLabel)}</td>`;
          }
          const v = r[c.name] ?? '';
          const shown = o.cell?.(c.name, v, r) ?? esc(v);
          const cls = num(v) !== null ? ' class="num"' : v.length > 36 ? ` class="long" title="${esc(v)}"` : '';
          return `<td${cls} data-col="${esc(c.name)}">${shown}</td>`;
        })
        .join('');
      const cls = o.rowClass?.(r);
      return `<tr${cls ? ` class="${esc(cls)}"` : ''}>${tds}</tr>`;
    })
    .join('\n');
  const more = o.maxRows !== undefined && t.rows.length > o.maxRows ? `<p class="note">Showing the first ${o.maxRows} of ${t.rows.length} rows; the CSV has them all.</p>` : '';
  const drawn = t.header.filter((h) => (o.hide ?? []).includes(h));
  const left = t.header.filter((h) => (o.omit ?? []).includes(h));
  const asBars = drawn.length ? `<p class="note">${drawn.map(esc).join(', ')}: drawn as bars (hover a bar for its numbers); the CSV has every column.</p>` : '';
  const inCsv = left.length ? `<p class="note">Also in the CSV: ${left.map(esc).join(', ')}.</p>` : '';
  return `<div class="scroll"><table class="data sortable" id="${esc(o.id)}"><thead><tr>${head}</tr></thead><tbody>\n${body}\n</tbody></table></div>${more}${asBars}${inCsv}`;
}

/**
 * A parts.csv note in words. `alone-in-category` means the category's point
 * value was read from this part alone (its anchor: the one part of the
 * category with a price to measure by), not that the category has no other
 * part: Hovercrafts' upgrade category has four.
 */
export function noteWords(note: string): string {
  return note === 'alone-in-category' ? "its category's point value is read from it alone, so it is at its listed cost by construction" : note.replace(/-/g, ' ');
}
