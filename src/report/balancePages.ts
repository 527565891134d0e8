/**
 * The balance lab's pages (issue 28), each a report.html beside the files
 * its command wrote, drawn with the run report's parts (page.ts, Observable
 * Plot through plots.ts, sortable tables):
 *
 * - `havoc reprice`'s: each part judged first (prices.csv: listed, kept,
 *   worth [interval], what became of it, in words), then the parts' fair −
 *   listed costs before and after (the first sweep's and the kept
 *   catalogue's charts side by side), the rounds and the comparison;
 * - `havoc optimize`'s: the top builds' scores against the field with their
 *   intervals, the dominant ones marked, and the table;
 * - `havoc sweep --bots a,b`'s: the robustness table, the parts whose verdict
 *   changes between bots first.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readCsv, type CsvTable } from './htmlCsv.js';
import { dataTable, esc } from './htmlKit.js';
import { pageHtml, type Section } from './page.js';

/** A CSV as a sortable table, or a line saying it is missing. */
const table = (t: CsvTable | null, id: string, file: string): string => (t ? dataTable(t, { id, maxRows: 2000 }) : `<p class="missing">No ${esc(file)}.</p>`);

/** The status of a part as prices.csv gives it, as a class name: "still flagged" → judged-still-flagged. */
const judgedClass = (status: string): string => `judged-${status.replace(/[^a-z]+/g, '-')}`;

/**
 * prices.csv as the page leads with it: what became of each part in words (every part but the fair ones), then a
 * table whose key columns come first (part, status, cost given → kept, worth [interval]; games and category drop
 * out on a phone), every part in it.
 */
function partsSection(t: CsvTable | null, lead: string | null): string {
  if (!t || !t.rows.length) return '<p class="missing">No prices.csv.</p>';
  // Each part to act on, or fixed, in its own words; the parts only a bigger sweep would say more of, a line each way.
  const quiet = ['needs more games', 'no price yet', 'fair'];
  const said = [
    ...t.rows.filter((r) => r.sentence && !quiet.includes(r.status)).map((r) => r.sentence),
    ...quiet.slice(0, 2).flatMap((q) => {
      const parts = t.rows.filter((r) => r.status === q).map((r) => r.part);
      return parts.length ? [`${q}: ${parts.join(', ')}`] : [];
    }),
  ];
  const fig = (v: string): string => (v === '' ? '' : String(Number(Number(v).toFixed(Math.abs(Number(v)) < 10 && Number(v) !== 0 ? 1 : 0))));
  const span = (r: Record<string, string>): string =>
    r.worth_lo !== '' && r.worth_hi !== '' ? `[${fig(r.worth_lo)}, ${fig(r.worth_hi)}]` : r.worth_lo !== '' ? `at least ${fig(r.worth_lo)}` : r.worth_hi !== '' ? `at most ${fig(r.worth_hi)}` : '';
  const cost = (r: Record<string, string>): string => (r.listed === r.kept ? esc(r.kept) : `${esc(r.listed)} → <b>${esc(r.kept)}</b>`);
  const body = t.rows
    .map((r) => `<tr class="${judgedClass(r.status)}"><td class="part">${esc(r.part)}</td><td><span class="status">${esc(r.status)}</span></td><td class="num cost">${cost(r)}</td><td class="worth">${esc(fig(r.worth))} <span class="span">${esc(span(r))}</span></td><td class="num games">${esc(r.games)}</td><td class="cat">${esc(r.category)}</td></tr>`)
    .join('');
  const table = `<div class="scroll"><table class="prices" id="judged-table"><thead><tr><th>part</th><th>status</th><th>cost</th><th>worth [interval]</th><th class="games">games</th><th class="cat">category</th></tr></thead><tbody>${body}</tbody></table></div>`;
  const todo = said.length ? `<ul class="todo">${said.map((x) => `<li>${esc(x)}</li>`).join('')}</ul>` : '<p class="note">Every tested part plays like its price.</p>';
  const note = `<p class="note">Judged in the kept catalogue's own sweep: <i>worth</i> is the cost at which a part would play fair there, in its category's points, with the interval its verdict was tested at. A change is kept when it brings its part within the tolerance, whatever the other parts do; a part beyond its budget (no price it may take mends it) is reported, never a reason to keep or drop a change. prices.csv has every column.</p>`;
  return `${lead ? `<p class="lead">${esc(lead)}</p>` : ''}${todo}${table}${note}`;
}

/**
 * `havoc reprice`'s page in `out`: each part judged (prices.csv) first, under `lead` (what was kept); before and after
 * (the kept catalogue's sweep, or none when the catalogue given stands), rounds, comparison; `caution`, when the kept
 * prices made the metagame or the strongest builds worse, above them all.
 */
export async function writeRepricePage(out: string, before: CsvTable, afterDir: string | null, kept: boolean, aim: 'flags' | 'support' = 'flags', caution: string | null = null, lead: string | null = null): Promise<string> {
  const { partDeltaCharts } = await import('./plots.js');
  const after = afterDir ? readCsv(join(afterDir, 'parts.csv')) : null;
  const chart = (t: CsvTable | null): string => (t ? (partDeltaCharts(t) ?? '<p class="missing">No fair-cost estimates.</p>') : '<p class="missing">No sweep after.</p>');
  const afterName = kept ? 'the catalogue kept' : aim === 'support' ? 'the catalogue given (no round widened its equilibrium)' : 'the catalogue given (no change was kept)';
  const pair = `<div class="before-after"><div><h3>Before: the sweep given</h3>${chart(before)}</div><div><h3>After: ${afterName}</h3>${after ? chart(after) : '<p class="missing">The same sweep: nothing changed.</p>'}</div></div>`;
  const cautionHtml = caution ? `<p class="caution">${esc(caution.replace(/^caution: /, 'Caution: '))}</p>` : '';
  const sections: Section[] = [
    ['parts', 'Each part, before and after', `${cautionHtml}${partsSection(readCsv(join(out, 'prices.csv')), lead)}`],
    ['before-after', 'Fair − listed cost, before and after', `<p class="note">Each part's fair cost less its listed cost with its interval, per category, from each sweep's own fit (a cost's verdict is made at the same level before and after).</p>${pair}`],
    ['rounds', 'Rounds', table(readCsv(join(out, 'rounds.csv')), 'rounds-table', 'rounds.csv')],
  ];
  const beyond = readCsv(join(out, 'beyond.csv'));
  if (beyond && beyond.rows.length)
    sections.push([
      'beyond',
      'Beyond their budgets',
      `<p class="note">Parts that no price within their budget makes fair, by each sweep's own intervals (round 0 is the sweep given): flagged under with the least they are worth above the most their price may be, or over with the most they are worth below the least. A price cannot mend them; their budget, or what they do, can.</p>${table(beyond, 'beyond-table', 'beyond.csv')}`,
    ]);
  const recheck = readCsv(join(out, 'recheck.csv'));
  if (recheck) {
    // --recheck-seeds N: a pair of rows a seed, the second seed's folders -2 and so on.
    const several = new Set(recheck.rows.map((r) => r.seed)).size > 1;
    const folders = several ? '<code>recheck-before/</code>, <code>recheck-after/</code>, then <code>-2</code> and on for each seed after the first' : '<code>recheck-before/</code>, <code>recheck-after/</code>';
    sections.push([
      'recheck',
      several ? 'Re-checked on new samples' : 'Re-checked on a new sample',
      `<p class="note">The catalogue given and the one kept, swept again with ${several ? 'new seeds' : 'another seed'} (${folders}): the kept round is the fewest of several noisy counts, so ${several ? 'these pairs' : 'this pair'}, on ${several ? 'samples' : 'a sample'} neither was chosen on, ${several ? 'are' : 'is'} the before and after to go by.</p>${table(recheck, 'recheck-table', 'recheck.csv')}`,
    ]);
  }
  const meta = readCsv(join(out, 'metagame.csv'));
  if (meta)
    sections.push([
      'metagame',
      'The metagame, before and after',
      `<p class="note">Each sweep's top builds played each other (havoc meta, in the folders the table names): how many builds the Nash equilibrium mixes (its support), and how exploitable it is on games it was not solved from.</p>${table(meta, 'metagame-table', 'metagame.csv')}`,
    ]);
  const dominant = readCsv(join(out, 'dominant.csv'));
  if (dominant)
    sections.push([
      'dominant',
      'The strongest builds, before and after',
      `<p class="note">havoc optimize under the prices given and the prices kept (<code>optimize-before/</code>, <code>optimize-after/</code>): the best builds found, each one's score against a field of 20 drawn builds with its interval; dominant: it beats at least 90% of the field.</p>${table(dominant, 'dominant-table', 'dominant.csv')}`,
    ]);
  sections.push(['comparison', 'Before and after, part by part', table(readCsv(join(out, 'comparison.csv')), 'comparison-table', 'comparison.csv')]);
  const path = join(out, 'report.html');
  writeFileSync(path, pageHtml('Havoc Arena — new prices, re-checked', 'havoc reprice', sections));
  return path;
}

/** `havoc optimize`'s page in `dir` (from top.csv): the top builds' scores with intervals, and the table. */
export async function writeOptimizePage(dir: string): Promise<string> {
  const { scoreChart } = await import('./plots.js');
  const top = readCsv(join(dir, 'top.csv'));
  const points = (top?.rows ?? []).map((r) => ({ label: r.build, p: Number(r.score), lo: Number(r.lo), hi: Number(r.hi), flag: r.dominant === 'true' }));
  const sections: Section[] = [
    [
      'top',
      'Top builds',
      `<p class="note">Each build's score against the field (wins and half the draws) over the final games, with its 95% interval; dark: dominant (it beats at least 90% of the field's builds).</p>${points.length ? scoreChart(points, 'score against the field') : '<p class="missing">No builds.</p>'}${table(top, 'top-table', 'top.csv')}`,
    ],
    ['history', 'The search', table(readCsv(join(dir, 'history.csv')), 'history-table', 'history.csv')],
  ];
  const path = join(dir, 'report.html');
  writeFileSync(path, pageHtml('Havoc Arena — the strongest builds', 'havoc optimize', sections));
  return path;
}

/** `havoc sweep --bots`'s page in `dir` (from robustness.csv): the parts whose verdict changes first. */
export function writeRobustnessPage(dir: string, bots: readonly string[]): string {
  const t = readCsv(join(dir, 'robustness.csv'));
  const changes = t?.header.find((h) => h === 'verdict_changes');
  const sorted = t && changes ? { header: t.header, rows: [...t.rows].sort((a, b) => (a[changes] === b[changes] ? 0 : a[changes] === 'yes' ? -1 : 1)) } : t;
  const n = t && changes ? t.rows.filter((r) => r[changes] === 'yes').length : 0;
  const sections: Section[] = [
    [
      'robustness',
      'Verdicts by bot',
      `<p class="note">The same sweep played by ${bots.map((b) => `<b>${esc(b)}</b>`).join(', ')}: each part's fair cost and verdict under each. ${n} part${n === 1 ? '' : 's'} change verdict between them (first below): those verdicts describe how the bots play as much as the part.</p>${table(sorted, 'robustness-table', 'robustness.csv')}`,
    ],
  ];
  const path = join(dir, 'report.html');
  writeFileSync(path, pageHtml('Havoc Arena — robustness across bots', `havoc sweep --bots ${bots.join(',')}`, sections));
  return path;
}
