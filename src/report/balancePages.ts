/**
 * The balance lab's pages (issue 28), each a report.html beside the files
 * its command wrote, drawn with the run report's parts (page.ts, Observable
 * Plot through plots.ts, sortable tables):
 *
 * - `havoc reprice`'s: the parts' fair − listed costs before and after (the
 *   first sweep's and the kept round's charts side by side), the rounds and
 *   the comparison;
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

/**
 * `havoc reprice`'s page in `out`: before and after (the kept round, or the
 * last played, kept by `aim`), rounds, comparison; `caution`, when the kept
 * prices made the metagame or the strongest builds worse, above them all.
 */
export async function writeRepricePage(out: string, before: CsvTable, afterDir: string | null, kept: boolean, aim: 'flags' | 'support' = 'flags', caution: string | null = null): Promise<string> {
  const { partDeltaCharts } = await import('./plots.js');
  const after = afterDir ? readCsv(join(afterDir, 'parts.csv')) : null;
  const chart = (t: CsvTable | null): string => (t ? (partDeltaCharts(t) ?? '<p class="missing">No fair-cost estimates.</p>') : '<p class="missing">No sweep after.</p>');
  const pair = `<div class="before-after"><div><h3>Before: the sweep given</h3>${chart(before)}</div><div><h3>After: ${kept ? 'the catalogue kept' : `the last round (not kept: ${aim === 'support' ? 'its equilibrium was no wider' : 'it flagged no fewer'})`}</h3>${chart(after)}</div></div>`;
  const sections: Section[] = [
    ['before-after', 'Fair − listed cost, before and after', `${caution ? `<p class="caution">${esc(caution.replace(/^caution: /, 'Caution: '))}</p>` : ''}<p class="note">Each part's fair cost less its listed cost with its interval, per category, from each sweep's own fit (a cost's verdict is made at the same level before and after).</p>${pair}`],
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
