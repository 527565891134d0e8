/**
 * The report's Entrants section: a page per entrant of a contest between
 * bots (entrants.ts) — its record, its decisions' times against the budget,
 * its faults by cause with the file and line of its code, and its forfeits,
 * then its games, losses first, each with ▶ watch when the report holds its
 * replay (a contest keeps every match someone lost; else the command that
 * plays it again) and a link to its bot's stderr log when one was kept.
 */
import type { EntrantPage } from './entrants.js';
import { esc } from './htmlKit.js';
import { decisionTimesHtml } from './decisionTimes.js';

/** Games listed at most per entrant (losses first: the rest are in matches.csv). */
export const MAX_ENTRANT_GAMES = 100;

/** The run's time budget (config.json's `budget`): ms a decision, and the first decision's when it has more. */
export interface BudgetMs {
  readonly ms: number;
  readonly firstMs?: number;
}

/** The anchor of an entrant's page. */
export const entrantAnchor = (name: string): string => `entrant-${name.replace(/[^A-Za-z0-9_-]/g, '_')}`;

const plural = (n: number, one: string, many = `${one}s`): string => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

/** errors.log's lines of one entrant, one per cause: `match 18: seat A (faulty) forfeits …` six times is one line naming the six matches. */
export function groupedForfeits(lines: readonly string[]): string[] {
  const groups = new Map<string, number[]>();
  const rest: string[] = [];
  for (const l of lines) {
    const m = /^match (\d+): seat [A-Z] \([^)]*\) (.*)$/.exec(l);
    if (m) groups.set(m[2], [...(groups.get(m[2]) ?? []), Number(m[1])]);
    else rest.push(l);
  }
  const said = [...groups].map(([what, ids]) => `${what} — in match${ids.length === 1 ? '' : 'es'} ${ids.sort((a, b) => a - b).join(', ')}`);
  return [...said, ...rest];
}

function entrantBlock(p: EntrantPage, saved: ReadonlySet<number>, dir: string, budget: BudgetMs | null): string {
  const times = budget && p.times.n ? `<div class="times-of">${decisionTimesHtml(p.times, p.times.clock, p.times.wall, budget.ms, budget.firstMs, 'in its games')}</div>` : '';
  const faults = p.faultMessages.length
    ? `<p>Faults by cause (from the saved replays; a message's numbers and quoted actions stand for any):</p><ul class="faults">${p.faultMessages
        .map((x) => `<li><b>${esc(x.kind)} ×${x.count}</b>${x.where ? ` at <code>${esc(x.where)}</code>` : ''}: ${esc(x.message)} <span class="note">(first in match ${x.match}, turn ${x.turn})</span></li>`)
        .join('')}</ul>`
    : '';
  const forfeits = p.errors.length ? `<p>Forfeits (errors.log):</p><ul class="faults">${groupedForfeits(p.errors).map((l) => `<li>${esc(l)}</li>`).join('')}</ul>` : '';
  const rows = p.list
    .slice(0, MAX_ENTRANT_GAMES)
    .map((g) => {
      const replay = saved.has(g.id) ? `<button type="button" data-watch="${g.id}">▶ watch</button>` : `<code>havoc replay ${esc(dir)} --match ${g.id}</code>`;
      const log = g.log ? `<a href="${esc(g.log)}">stderr</a>` : '';
      return `<tr class="${g.result}"><td>${g.id}</td><td class="wide">${g.seat}</td><td>${esc(g.opponents)}</td><td>${g.result}</td><td class="wide">${esc(g.reason)}</td><td class="wide">${g.turns}</td><td>${g.faults || ''}</td><td>${replay}</td><td>${log}</td></tr>`;
    })
    .join('');
  const more = p.list.length > MAX_ENTRANT_GAMES ? `<p class="note">The first ${MAX_ENTRANT_GAMES} of its ${p.list.length} games (losses first); matches.csv has them all.</p>` : '';
  return `<details class="entrant" id="${entrantAnchor(p.name)}">
<summary><b>${esc(p.name)}</b> — ${plural(p.games, 'game')}: ${p.wins} won, ${p.draws} drawn, ${p.losses} lost; ${plural(p.faults, 'fault')}</summary>
${times}${faults}${forfeits}<table class="entrant-games"><thead><tr><th>#</th><th class="wide">seat</th><th>against</th><th>result</th><th class="wide">end</th><th class="wide">turns</th><th>faults</th><th>replay</th><th>log</th></tr></thead><tbody>${rows}</tbody></table>${more}
</details>`;
}

/** The section: each entrant's page, folded, in name order; `budget` the run's (null: its config cannot be read, and no times are set against it). */
export function entrantsSection(pages: readonly EntrantPage[], saved: ReadonlySet<number>, dir: string, budget: BudgetMs | null): string {
  const note = `<p class="note">A page per entrant: its decisions' times against the budget, its faults by cause (with the file and line its stderr names), its forfeits, and its games, losses first — <b>▶ watch</b> opens a saved replay in the viewer, <b>stderr</b> what its bot wrote to stderr in that match.</p>`;
  return note + pages.map((p) => entrantBlock(p, saved, dir, budget)).join('\n');
}
