/**
 * An entrant's page: its current submission and its check; its decision
 * times (mean, p99, max, against the budget); its faults grouped by cause
 * with the file and line of its own code they came from; every match, its
 * losses first, each one click from its replay, with its stderr for the
 * entrant itself and the organiser; and its submissions.
 */
import { esc } from '../report/htmlKit.js';
import type { Viewer } from './access.js';
import type { Coordinator } from './coordinator.js';
import type { MatchRow } from './db.js';
import { groupFaults, type Fault } from '../report/faultCauses.js';
import { checkHtml, checkOf } from './pages.js';
import { decisionTimesHtml, timeFigures } from '../report/decisionTimes.js';
import { plural, shell, when } from './pageShell.js';
import type { SeatDetail } from './play.js';

/** Matches listed at most (losses first). */
const MAX_LISTED = 300;

/** One match from an entrant's side. */
export interface EntrantMatch {
  readonly id: string;
  readonly submission: number;
  readonly seat: number;
  readonly opponent: string;
  readonly result: 'loss' | 'draw' | 'win';
  readonly reason: string;
  readonly turns: number;
  readonly detail: SeatDetail | null;
  readonly replay: boolean;
  /** Its place in the queue (newer matches higher). */
  readonly queued: number;
}

/** Every played match of the entrant's submissions, losses first then draws then wins, newest first within each. */
export async function entrantMatches(c: Coordinator, name: string): Promise<EntrantMatch[]> {
  const subs = (await c.db.submissionsOf(name)).map((s) => s.id);
  const mine = new Set(subs);
  const order = { loss: 0, draw: 1, win: 2 } as const;
  const matches = await c.db.matchesOf(subs);
  const names = await c.db.entrantsOf([...new Set(matches.flatMap((m) => [m.s0, m.s1]))]);
  return matches
    .filter((m): m is MatchRow & { winner: number } => m.state === 'done')
    .map((m) => {
      const seat = mine.has(m.s0) ? 0 : 1;
      const other = names.get(seat === 0 ? m.s1 : m.s0);
      const detail = m.detail ? ((JSON.parse(m.detail) as { seats: SeatDetail[] }).seats[seat] ?? null) : null;
      return {
        id: m.id, submission: seat === 0 ? m.s0 : m.s1, seat, opponent: other ?? '?',
        result: m.winner === -1 ? 'draw' : m.winner === seat ? 'win' : 'loss', reason: m.reason ?? '', turns: m.turns ?? 0, detail, replay: m.replay !== null, queued: m.queued,
      } as EntrantMatch;
    })
    .sort((a, b) => order[a.result] - order[b.result] || b.queued - a.queued);
}

export async function entrantPage(c: Coordinator, name: string, v: Viewer): Promise<string | null> {
  const e = await c.db.entrant(name);
  if (!e) return null;
  const subs = await c.db.submissionsOf(name);
  const current = [...subs].reverse().find((s) => s.ok === 1) ?? null;
  const own = v.organiser || v.entrant === name;
  const matches = await entrantMatches(c, name);
  const budget = c.contest.run.budget;
  const cur = matches.filter((m) => m.submission === current?.id);
  const t = timeFigures(cur.flatMap((m) => m.detail?.times ?? []));
  // Matches played before the clock was recorded timed by the wall clock.
  const clock = cur.every((m) => !m.detail || m.detail.clock === 'cpu') ? 'cpu' : 'wall';
  const wall = cur.every((m) => !m.detail || m.detail.wallMs) ? timeFigures(cur.flatMap((m) => m.detail?.wallMs ?? [])) : null;
  const times = current ? `<h2>Decision time</h2>${decisionTimesHtml(t, clock, wall, budget.ms, budget.firstMs, 'of its current submission')}` : '';
  const faults = groupFaults(matches.flatMap((m) => (m.detail?.faults ?? []).map((f: Fault) => ({ ...f, match: m.id }))));
  const faultHtml = faults.length
    ? `<h2>Faults by cause</h2><table><thead><tr><th class="n">×</th><th>cause</th><th>where</th><th>first</th></tr></thead><tbody>${faults
        .map((f) => `<tr><td class="n">${f.count}</td><td class="wrap">${esc(f.message)}</td><td>${f.where ? `<code>${esc(f.where)}</code>` : ''}</td><td><a href="/matches/${esc(f.match)}">${esc(f.match)}</a>, turn ${f.turn}</td></tr>`)
        .join('')}</tbody></table>`
    : '';
  const listed = matches.slice(0, MAX_LISTED);
  const logged = own ? await c.db.loggedSeats(listed.map((m) => m.id)) : new Set<string>();
  const rows = listed
    .map((m) => {
      const stderr = logged.has(`${m.id}/${m.seat}`) ? ` <a href="/matches/${esc(m.id)}/stderr/${m.seat}">stderr</a>` : '';
      const watch = m.replay ? `<a href="/matches/${esc(m.id)}">▶ ${esc(m.id)}</a>` : esc(m.id);
      return `<tr class="${m.result}"><td class="wrap">${watch}${stderr}</td><td class="wrap">${esc(m.opponent)}</td><td>${m.result}</td><td class="wide">${esc(m.reason)}, ${m.turns}</td><td class="n">${m.detail?.faults.length || ''}</td></tr>`;
    })
    .join('');
  const more = matches.length > MAX_LISTED ? `<p class="note">The first ${MAX_LISTED} of ${matches.length} matches, losses first.</p>` : '';
  const finals = matches.filter((m) => m.id.startsWith('F')).length;
  const w = matches.filter((m) => m.result === 'win').length, d = matches.filter((m) => m.result === 'draw').length, l = matches.filter((m) => m.result === 'loss').length;
  const subRows = [...subs]
    .reverse()
    .map((s) => `<tr><td class="n">${s.id}</td><td class="n">${esc(when(s.at))}</td><td class="wide">${esc(s.language ?? '')}</td><td>${s.ok ? '<span class="ok">passed</span>' : '<span class="bad">refused</span>'}${s.id === current?.id ? ' (current)' : ''}</td></tr>`)
    .join('');
  const lastCheck = subs.length ? `<details class="card"${subs[subs.length - 1].ok ? '' : ' open'}><summary>Check of submission ${subs[subs.length - 1].id}</summary>${checkHtml(checkOf(subs[subs.length - 1]), budget.ms)}</details>` : '';
  return shell(
    c.contest.name,
    name,
    `<p>${e.house ? 'A house bot. ' : ''}${plural(matches.length, 'match', 'matches')}${finals ? ` (${finals} in the final: ids F…)` : ''}: ${w} won, ${d} drawn, ${l} lost${current ? `; current submission ${current.id}${current.language ? ` (${esc(current.language)})` : ''} of ${esc(when(current.at))}` : '; no submission has passed its check yet'}.${own ? '' : ' <span class="note">Its stderr is shown to its entrant (with its token) and the organiser.</span>'}</p>
${lastCheck}${times}${faultHtml}
<h2>Matches</h2><p class="note">Losses first; ▶ opens the replay.</p><table><thead><tr><th>match</th><th>against</th><th>result</th><th class="wide">end, turns</th><th class="n">faults</th></tr></thead><tbody>${rows}</tbody></table>${more}
<h2>Submissions</h2><table><thead><tr><th class="n">#</th><th class="n">at</th><th class="wide">language</th><th>check</th></tr></thead><tbody>${subRows}</tbody></table>`,
  );
}
