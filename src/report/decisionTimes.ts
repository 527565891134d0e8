/**
 * An entrant's decision times as its pages show them (the report's entrant
 * pages and the contest server's): mean, 99th percentile and max against
 * the budget, and by which clock (match/measuredBot.ts timedBot measures
 * them: an isolated bot's own CPU time under the budget's cpu clock, else
 * the wall clock's, the protocol's round trip included).
 */
import { esc } from './htmlKit.js';

/** Decision times: how many, mean, 99th percentile (nearest rank) and max, ms. */
export interface TimeFigures {
  readonly n: number;
  readonly mean: number;
  readonly p99: number;
  readonly max: number;
}

export function timeFigures(times: readonly number[]): TimeFigures {
  if (!times.length) return { n: 0, mean: 0, p99: 0, max: 0 };
  const s = [...times].sort((a, b) => a - b);
  return { n: s.length, mean: s.reduce((a, b) => a + b, 0) / s.length, p99: s[Math.max(0, Math.ceil(0.99 * s.length) - 1)], max: s[s.length - 1] };
}

/** What the milliseconds are, in words. */
export const clockWords = (clock: 'cpu' | 'wall'): string => (clock === 'cpu' ? "of the bot's own CPU time (the clock the budget counts)" : "by the wall clock around each decision, the protocol's round trip included");

const ms = (x: number): string => x.toLocaleString('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * The figures against the budget (`budgetMs` a decision, `firstMs` the first
 * decision's when it has more), `of` saying whose decisions: a row by the
 * budget's clock and, under the cpu clock, one by the wall clock (the
 * kernel counts CPU time in 10 ms ticks; the wall clock says how long the
 * bot kept the match waiting). A p99 or max over the budget is marked.
 */
export function decisionTimesHtml(t: TimeFigures, clock: 'cpu' | 'wall', wall: TimeFigures | null, budgetMs: number, firstMs: number | undefined, of: string): string {
  if (!t.n) return `<p>No decisions timed yet.</p>`;
  const first = firstMs !== undefined && firstMs > budgetMs ? ` (${firstMs.toLocaleString('en')} ms for its first)` : '';
  const flag = (x: TimeFigures): string => (x.p99 > budgetMs ? ' <span class="bad">p99 over the budget</span>' : x.max > Math.max(budgetMs, firstMs ?? 0) ? ' <span class="bad">max over the budget</span>' : '');
  const row = (label: string, x: TimeFigures): string => `<tr><th>${label}</th><td class="n">${ms(x.mean)}</td><td class="n">${ms(x.p99)}</td><td class="n">${ms(x.max)}${flag(x)}</td></tr>`;
  const rows = clock === 'cpu'
    ? row('CPU time (the budget\'s clock)', t) + (wall && wall.n ? row('wall clock', wall) : '')
    : row('wall clock', t);
  const note = clock === 'cpu'
    ? "CPU time is the bot's processes' own, as the kernel counts it (in 10 ms ticks); the wall clock's is around each decision, the protocol's round trip included."
    : "By the wall clock around each decision, the protocol's round trip included (the budget's clock).";
  return `<p class="times">${t.n.toLocaleString('en')} decision${t.n === 1 ? '' : 's'} ${esc(of)}, against a budget of <b>${budgetMs.toLocaleString('en')} ms</b> a decision${first}:</p>
<table class="times"><thead><tr><th>ms</th><th class="n">mean</th><th class="n">p99</th><th class="n">max</th></tr></thead><tbody>${rows}</tbody></table><p class="note">${note}</p>`;
}
