/**
 * The matchup heatmap, drawn at build time so the page needs no script to
 * show it: an HTML table coloured by win rate. (The parts' charts are drawn
 * with Plot: plots.ts.)
 */
import { columnsOf, num, type CsvTable } from './htmlCsv.js';
import { esc } from './htmlKit.js';

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
  // Most pairs never met (a sweep: each loadout meets a few of hundreds): a grid of blanks says nothing.
  let met = 0;
  for (const a of shown) for (const b of shown) if (a !== b && cells.has(key(a, b))) met++;
  const pairs = shown.length * (shown.length - 1);
  if (pairs > 0 && met * 2 < pairs)
    return {
      html: `<p class="note">No grid: only ${met / 2} of the ${pairs / 2} pairs among the ${shown.length} best rated entrants met (in a sweep each meets a few of the others). matchups.csv has every pair that did, with its win rate and interval.</p>`,
      names: shown,
    };
  const head = shown.map((n) => `<th scope="col" title="${esc(n)}">${esc(n)}</th>`).join('');
  const rows = shown
    .map((a) => {
      const tds = shown
        .map((b) => {
          if (a === b) return `<td class="self" data-row="${esc(a)}" data-col="${esc(b)}">–</td>`;
          const x = cells.get(key(a, b));
          if (!x) return `<td class="none" data-row="${esc(a)}" data-col="${esc(b)}" title="did not meet"></td>`;
          const tip = `${a} vs ${b}: ${(x.p * 100).toFixed(1)}%${x.lo !== null && x.hi !== null ? ` (95%: ${(x.lo * 100).toFixed(1)}–${(x.hi * 100).toFixed(1)})` : ''}${x.n !== null ? `, ${x.n} games` : ''}`;
          // Coloured by the rate drawn toward one half by one win and one loss more (a 2-0 is no 100%), paler with fewer than 10 games.
          const shrunk = x.n !== null ? (x.p * x.n + 1) / (x.n + 2) : x.p, pale = x.n !== null && x.n < 10 ? `;opacity:${(0.4 + (0.6 * x.n) / 10).toFixed(2)}` : '';
          return `<td class="cell" data-row="${esc(a)}" data-col="${esc(b)}" data-value="${x.p}"${x.n !== null ? ` data-games="${x.n}"` : ''} style="background:${rateColour(shrunk)}${pale}" title="${esc(tip)}">${Math.round(x.p * 100)}</td>`;
        })
        .join('');
      return `<tr><th scope="row" title="${esc(a)}">${esc(a)}</th>${tds}</tr>`;
    })
    .join('\n');
  const note = sorted.length > max ? `<p class="note">The ${max} best rated of ${sorted.length} entrants; matchups.csv has every pair.</p>` : '';
  const legend = `<div class="legend">row's win rate against the column, per cent (draws half); the colour counts one more win and loss each, and pale cells have fewer than 10 games:<span style="background:${rateColour(0)};padding:0 6px;color:#fff">0</span><span style="background:${rateColour(0.5)};padding:0 6px;border:1px solid #ddd">50</span><span style="background:${rateColour(1)};padding:0 6px;color:#fff">100</span></div>`;
  return { html: `${legend}<div class="scroll fit"><table class="heatmap" id="heatmap"><thead><tr><th></th>${head}</tr></thead><tbody>\n${rows}\n</tbody></table></div>${note}`, names: shown };
}
