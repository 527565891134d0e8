/**
 * The report's Entrants section: a page per entrant of a contest between
 * bots (entrants.ts) — its record, its faults by cause and its forfeits,
 * then its games, losses first, each with ▶ watch when the report holds its
 * replay (else the command that plays it again) and a link to its bot's
 * stderr log when one was kept.
 */
import type { EntrantPage } from './entrants.js';
import { esc } from './htmlKit.js';

/** Games listed at most per entrant (losses first: the rest are in matches.csv). */
export const MAX_ENTRANT_GAMES = 100;

/** The anchor of an entrant's page. */
export const entrantAnchor = (name: string): string => `entrant-${name.replace(/[^A-Za-z0-9_-]/g, '_')}`;

const plural = (n: number, one: string, many = `${one}s`): string => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

function entrantBlock(p: EntrantPage, saved: ReadonlySet<number>, dir: string): string {
  const faults = p.faultMessages.length
    ? `<p>Faults by cause (from the saved replays; a message's numbers and quoted actions stand for any):</p><ul class="errors">${p.faultMessages
        .map((x) => `<li>${esc(x.kind)} ×${x.count}${x.where ? ` at <code>${esc(x.where)}</code>` : ''}: ${esc(x.message)} (first in match ${x.match}, turn ${x.turn})</li>`)
        .join('')}</ul>`
    : '';
  const forfeits = p.errors.length ? `<p>From errors.log:</p><ul class="errors">${p.errors.map((l) => `<li>${esc(l)}</li>`).join('')}</ul>` : '';
  const rows = p.list
    .slice(0, MAX_ENTRANT_GAMES)
    .map((g) => {
      const replay = saved.has(g.id) ? `<button type="button" data-watch="${g.id}">▶ watch</button>` : `<code>havoc replay ${esc(dir)} --match ${g.id}</code>`;
      const log = g.log ? `<a href="${esc(g.log)}">stderr</a>` : '';
      return `<tr class="${g.result}"><td>${g.id}</td><td>${g.seat}</td><td>${esc(g.opponents)}</td><td>${g.result}</td><td>${esc(g.reason)}</td><td>${g.turns}</td><td>${g.faults || ''}</td><td>${replay}</td><td>${log}</td></tr>`;
    })
    .join('');
  const more = p.list.length > MAX_ENTRANT_GAMES ? `<p class="note">The first ${MAX_ENTRANT_GAMES} of its ${p.list.length} games (losses first); matches.csv has them all.</p>` : '';
  return `<details class="entrant" id="${entrantAnchor(p.name)}">
<summary><b>${esc(p.name)}</b> — ${plural(p.games, 'game')}: ${p.wins} won, ${p.draws} drawn, ${p.losses} lost; ${plural(p.faults, 'fault')}</summary>
${faults}${forfeits}<table class="entrant-games"><thead><tr><th>#</th><th>seat</th><th>against</th><th>result</th><th>end</th><th>turns</th><th>faults</th><th>replay</th><th>log</th></tr></thead><tbody>${rows}</tbody></table>${more}
</details>`;
}

/** The section: each entrant's page, folded, in name order. */
export function entrantsSection(pages: readonly EntrantPage[], saved: ReadonlySet<number>, dir: string): string {
  const note = `<p class="note">A page per entrant: its faults by cause (with the file and line its stderr names), its forfeits, and its games, losses first — <b>▶ watch</b> opens a saved replay in the viewer, <b>stderr</b> what its bot wrote to stderr in that match.</p>`;
  return note + pages.map((p) => entrantBlock(p, saved, dir)).join('\n');
}
