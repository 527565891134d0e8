/**
 * The report's two charts, drawn at build time so the page needs no script
 * to show them: the matchup heatmap (an HTML table coloured by win rate) and
 * the fair-cost chart (SVG: listed cost against estimated cost per part).
 */
import { columnsOf, num, type CsvTable } from './htmlCsv.js';
import { esc, r2 } from './htmlKit.js';

/** A colour for a win rate: red below one half, white at one half, green above. */
export function rateColour(p: number): string {
  const t = Math.max(0, Math.min(1, p));
  const mix = (a: number[], b: number[], f: number): string => `rgb(${a.map((x, i) => Math.round(x + (b[i] - x) * f)).join(',')})`;
  return t < 0.5 ? mix([214, 69, 65], [255, 255, 255], t / 0.5) : mix([255, 255, 255], [46, 139, 87], (t - 0.5) / 0.5);
}

export interface Heatmap {
  html: string;
  names: string[];
}

/**
 * The matchup heatmap: row entrant's win rate (draws half) against the
 * column entrant. Reads the long form (a, b, a_win_rate; b's rate against a
 * is the complement) or a matrix (first column names the row, the others are
 * opponents). `order` puts the best first (by rating); at most `max` entrants.
 */
export function matchupHeatmap(t: CsvTable, order: readonly string[] = [], max = 40): Heatmap | null {
  const c = columnsOf(t, 'matchups');
  const cells = new Map<string, { p: number; n: number | null; lo: number | null; hi: number | null }>();
  const names = new Set<string>();
  const key = (a: string, b: string): string => `${a}\n${b}`;
  if (c.a && c.b && c.rate) {
    for (const r of t.rows) {
      const a = r[c.a], b = r[c.b], p = num(r[c.rate]);
      if (!a || !b || p === null) continue;
      names.add(a).add(b);
      const n = c.games ? num(r[c.games]) : null;
      const lo = c.rateLo ? num(r[c.rateLo]) : null, hi = c.rateHi ? num(r[c.rateHi]) : null;
      cells.set(key(a, b), { p, n, lo, hi });
      if (!cells.has(key(b, a))) cells.set(key(b, a), { p: 1 - p, n, lo: hi === null ? null : 1 - hi, hi: lo === null ? null : 1 - lo });
    }
  } else if (t.header.length > 1) {
    const first = t.header[0];
    for (const r of t.rows) {
      const a = r[first];
      if (!a) continue;
      names.add(a);
      for (const b of t.header.slice(1)) {
        const p = num(r[b]);
        if (p === null) continue;
        names.add(b);
        cells.set(key(a, b), { p, n: null, lo: null, hi: null });
      }
    }
  }
  if (names.size === 0) return null;
  const rank = new Map(order.map((n, i) => [n, i]));
  const sorted = [...names].sort((x, y) => (rank.get(x) ?? 1e9) - (rank.get(y) ?? 1e9) || (x < y ? -1 : x > y ? 1 : 0));
  const shown = sorted.slice(0, max);
  const head = shown.map((n) => `<th scope="col" title="${esc(n)}">${esc(n)}</th>`).join('');
  const rows = shown
    .map((a) => {
      const tds = shown
        .map((b) => {
          if (a === b) return `<td class="self" data-row="${esc(a)}" data-col="${esc(b)}">–</td>`;
          const x = cells.get(key(a, b));
          if (!x) return `<td class="none" data-row="${esc(a)}" data-col="${esc(b)}" title="did not meet"></td>`;
          const tip = `${a} vs ${b}: ${(x.p * 100).toFixed(1)}%${x.lo !== null && x.hi !== null ? ` (95%: ${(x.lo * 100).toFixed(1)}–${(x.hi * 100).toFixed(1)})` : ''}${x.n !== null ? `, ${x.n} games` : ''}`;
          return `<td class="cell" data-row="${esc(a)}" data-col="${esc(b)}" data-value="${x.p}" style="background:${rateColour(x.p)}" title="${esc(tip)}">${Math.round(x.p * 100)}</td>`;
        })
        .join('');
      return `<tr><th scope="row" title="${esc(a)}">${esc(a)}</th>${tds}</tr>`;
    })
    .join('\n');
  const note = sorted.length > max ? `<p class="note">The ${max} best rated of ${sorted.length} entrants; matchups.csv has every pair.</p>` : '';
  const legend = `<div class="legend">row's win rate against the column, per cent (draws half):<span style="background:${rateColour(0)};padding:0 6px;color:#fff">0</span><span style="background:${rateColour(0.5)};padding:0 6px;border:1px solid #ddd">50</span><span style="background:${rateColour(1)};padding:0 6px;color:#fff">100</span></div>`;
  return { html: `${legend}<div class="scroll fit"><table class="heatmap" id="heatmap"><thead><tr><th></th>${head}</tr></thead><tbody>\n${rows}\n</tbody></table></div>${note}`, names: shown };
}

/** The fair-cost chart: per part, estimated cost (with its interval) against listed cost; the diagonal is a fair price. */
export function fairCostChart(t: CsvTable): string | null {
  const c = columnsOf(t, 'parts');
  if (!c.part || !c.listed || !c.fair) return null;
  const pts = t.rows
    .map((r) => ({
      part: r[c.part!],
      listed: num(r[c.listed!]),
      fair: num(r[c.fair!]),
      lo: c.fairLo ? num(r[c.fairLo]) : null,
      hi: c.fairHi ? num(r[c.fairHi]) : null,
      flag: c.mispriced ? (r[c.mispriced] ?? '').trim() : '',
    }))
    .filter((p): p is typeof p & { listed: number; fair: number } => p.listed !== null && p.fair !== null);
  if (pts.length === 0) return null;
  const W = 640, H = 460, L = 52, R = 16, T = 16, B = 44;
  let lo = 0, hi = 1;
  for (const p of pts) for (const v of [p.listed, p.fair, p.lo, p.hi]) if (v !== null) (lo = Math.min(lo, v)), (hi = Math.max(hi, v));
  hi = Math.ceil(hi + 0.5);
  lo = Math.floor(lo);
  const x = (v: number): number => L + ((v - lo) / (hi - lo)) * (W - L - R);
  const y = (v: number): number => H - B - ((v - lo) / (hi - lo)) * (H - T - B);
  const out: string[] = [];
  const step = Math.max(1, Math.ceil((hi - lo) / 10));
  for (let v = lo; v <= hi; v += step) {
    out.push(`<line class="grid" x1="${r2(x(v))}" x2="${r2(x(v))}" y1="${T}" y2="${H - B}"/><line class="grid" x1="${L}" x2="${W - R}" y1="${r2(y(v))}" y2="${r2(y(v))}"/>`);
    out.push(`<text x="${r2(x(v))}" y="${H - B + 16}" text-anchor="middle">${v}</text><text x="${L - 8}" y="${r2(y(v) + 4)}" text-anchor="end">${v}</text>`);
  }
  out.push(`<line class="axis" x1="${L}" x2="${W - R}" y1="${H - B}" y2="${H - B}"/><line class="axis" x1="${L}" x2="${L}" y1="${T}" y2="${H - B}"/>`);
  out.push(`<line class="diag" x1="${r2(x(lo))}" y1="${r2(y(lo))}" x2="${r2(x(hi))}" y2="${r2(y(hi))}"><title>fair price: estimated = listed</title></line>`);
  out.push(`<text x="${(L + W - R) / 2}" y="${H - 8}" text-anchor="middle">listed cost (points)</text>`);
  out.push(`<text transform="translate(14 ${(T + H - B) / 2}) rotate(-90)" text-anchor="middle">estimated fair cost (points, 95% interval)</text>`);
  const colour = (f: string): string => (f === 'under' ? '#b42318' : f === 'over' ? '#175cd3' : '#475467');
  // Parts sharing a listed cost are spread a little sideways so their bars stay apart.
  const seen = new Map<number, number>();
  for (const p of pts) {
    const k = seen.get(p.listed) ?? 0;
    seen.set(p.listed, k + 1);
    const dx = ((k % 5) - 2) * 5;
    const cx = x(p.listed) + dx, cy = y(p.fair), col = colour(p.flag);
    const tip = `${p.part}: listed ${p.listed}, estimated ${p.fair}${p.lo !== null && p.hi !== null ? ` (95%: ${p.lo} to ${p.hi})` : ''}${p.flag ? `, ${p.flag}priced` : ''}`;
    out.push(
      `<g class="fc-point" data-part="${esc(p.part)}" data-listed="${p.listed}" data-fair="${p.fair}" data-flag="${esc(p.flag)}"><title>${esc(tip)}</title>` +
        (p.lo !== null && p.hi !== null ? `<line class="err" x1="${r2(cx)}" x2="${r2(cx)}" y1="${r2(y(p.lo))}" y2="${r2(y(p.hi))}" stroke="${col}"/>` : '') +
        `<circle cx="${r2(cx)}" cy="${r2(cy)}" r="4" fill="${col}"/>` +
        `<text x="${r2(cx + 6)}" y="${r2(cy - 5)}">${esc(p.part)}</text></g>`,
    );
  }
  const legend = `<div class="legend"><span><i style="background:#b42318"></i>underpriced (listed below the interval)</span><span><i style="background:#175cd3"></i>overpriced (listed above it)</span><span><i style="background:#475467"></i>fairly priced</span><span>dashed: estimated = listed</span></div>`;
  const missing = t.rows.length - pts.length;
  const note = missing > 0 ? `<p class="note">${missing} part${missing === 1 ? ' has' : 's have'} no estimate (not identifiable in this run, or not played).</p>` : '';
  return `${legend}<svg class="chart" id="fair-cost-chart" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" role="img" aria-label="fair-cost chart">${out.join('')}</svg>${note}`;
}
