/**
 * The served pages, rendered on the server from the database: the
 * leaderboard (live: it reloads itself), an entrant's page, a match's replay
 * in the report's viewer, the submission form and its result, and the
 * organiser's page. Entrants are named by their names everywhere: a replay's
 * bots (paths in the storage, which `havoc replay --verify` needs) are
 * renamed before a page shows them.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { esc } from '../report/htmlKit.js';
import { clockWords } from '../report/decisionTimes.js';
import { pageHtml } from '../report/page.js';
import { viewerReplay } from '../report/viewer/data.js';
import { parseReplay } from '../store/replayFormat.js';
import { rulesetById } from '../rules/registry.js';
import type { Coordinator } from './coordinator.js';
import type { MatchRow, SubmissionRow } from './db.js';
import type { Viewer } from './access.js';
import type { CheckResult } from './play.js';
import { rateResults } from './ratings.js';
import { plural, shell, when } from './pageShell.js';

/** A leaderboard row. */
export interface Standing {
  readonly rank: number;
  readonly entrant: string;
  readonly submission: number;
  readonly language: string | null;
  readonly elo: number | null;
  readonly lo: number | null;
  readonly hi: number | null;
  readonly wins: number;
  readonly draws: number;
  readonly losses: number;
  readonly games: number;
  readonly submitted: string;
}

/** The leaderboard: each entrant's current submission by rating (unrated ones last, newest first). */
export async function standings(c: Coordinator): Promise<Standing[]> {
  const r = new Map((await c.db.ratings()).map((x) => [x.submission, x]));
  const rows = (await c.db.current()).map((s) => {
    const x = r.get(s.id);
    return { entrant: s.entrant, submission: s.id, language: s.language, elo: x?.elo ?? null, lo: x?.lo ?? null, hi: x?.hi ?? null, wins: x?.wins ?? 0, draws: x?.draws ?? 0, losses: x?.losses ?? 0, games: x?.games ?? 0, submitted: s.at };
  });
  rows.sort((a, b) => (b.elo ?? -Infinity) - (a.elo ?? -Infinity) || b.submission - a.submission);
  return rows.map((x, i) => ({ rank: i + 1, ...x }));
}

const link = (name: string): string => `<a href="/entrants/${encodeURIComponent(name)}">${esc(name)}</a>`;
const pm = (s: Standing): string => (s.elo === null ? '<span class="pm">unrated</span>' : `${Math.round(s.elo)} <span class="pm">±${Math.round((s.hi! - s.lo!) / 2)}</span>`);

export async function leaderboardPage(c: Coordinator): Promise<string> {
  const rows = await standings(c);
  const n = await c.db.counts();
  const state = [(await c.frozen()) ? 'frozen: no more submissions' : 'open for submissions', (await c.paused()) ? 'the ladder is paused' : null].filter(Boolean).join('; ');
  const table = rows.length
    ? `<table><thead><tr><th class="n">#</th><th>entrant</th><th class="n">rating</th><th class="n">W-D-L</th><th class="n">games</th><th>last submission</th></tr></thead><tbody>${rows
        .map((s) => `<tr><td class="n">${s.rank}</td><td class="wrap">${link(s.entrant)}${s.language ? ` <span class="pm wide">${esc(s.language)}</span>` : ''}</td><td class="n">${pm(s)}</td><td class="n">${s.wins}-${s.draws}-${s.losses}</td><td class="n">${s.games}</td><td class="n">${esc(when(s.submitted))}</td></tr>`)
        .join('')}</tbody></table>`
    : '<p>No entrant yet: <a href="/submit">submit a bot</a>.</p>';
  const fin = await finalSection(c);
  return shell(
    c.contest.name,
    'Leaderboard',
    `<p class="note">${esc(c.contest.run.ruleset)} · ${plural(n.done, 'match', 'matches')} played, ${n.queued} queued · ${esc(state)}. Rating: Bradley–Terry on the Elo scale over every game of the entrant's current submission, ± half its 95% interval; this page reloads every 20 s.</p>${fin}${table}`,
    20,
  );
}

/** The final round robin's standing, when the organiser has started one. */
async function finalSection(c: Coordinator): Promise<string> {
  const f = await c.db.setting('final');
  if (!f) return '';
  const { submissions, games } = JSON.parse(f) as { submissions: number[]; games: number };
  const results = await c.db.results('final');
  const r = rateResults(results);
  const total = (submissions.length * (submissions.length - 1)) / 2 * games;
  const named = await Promise.all(submissions.map(async (id) => ({ id, name: (await c.db.submission(id))?.entrant ?? String(id), x: r.bySubmission.get(id) })));
  const rows = named
    .sort((a, b) => (b.x?.elo ?? -Infinity) - (a.x?.elo ?? -Infinity));
  return `<h2>Final round robin</h2><p class="note">${results.length} of ${total} games played (top ${submissions.length}, ${games} games a pair).</p><table><thead><tr><th class="n">#</th><th>entrant</th><th class="n">rating</th><th class="n">W-D-L</th></tr></thead><tbody>${rows
    .map((s, i) => `<tr><td class="n">${i + 1}</td><td>${link(s.name)}</td><td class="n">${s.x ? `${Math.round(s.x.elo)} <span class="pm">±${Math.round((s.x.hi - s.x.lo) / 2)}</span>` : ''}</td><td class="n">${s.x ? `${s.x.wins}-${s.x.draws}-${s.x.losses}` : ''}</td></tr>`)
    .join('')}</tbody></table><h2>Ladder</h2>`;
}

/** A check's result as the entrant reads it. */
export function checkHtml(r: CheckResult, budgetMs: number): string {
  if (r.problem && r.games.length === 0) return `<p class="bad">Not entered: it cannot play.</p><pre>${esc(r.problem)}</pre>`;
  const head = r.ok ? '<p class="ok">Checked: it plays, and it entered the ladder.</p>' : `<p class="bad">Not entered: ${esc(r.problem ?? '')}</p>`;
  const games = r.games
    .map((g, i) => {
      const faults = g.faults.length ? `<ul>${g.faults.slice(0, 5).map((f) => `<li>${esc(f.kind)}, turn ${f.turn}${f.where ? ` at <code>${esc(f.where)}</code>` : ''}: ${esc(f.message)}</li>`).join('')}</ul>` : '';
      const log = g.log && g.faults.length ? `<details><summary>its stderr</summary><pre>${esc(g.log.slice(-4000))}</pre></details>` : '';
      return `<li>game ${i + 1} (seat ${g.seat === 0 ? 'A' : 'B'}) against random: ${g.result} (${esc(g.reason)}, turn ${g.turns})${faults}${log}</li>`;
    })
    .join('');
  return `${head}<ul>${games}</ul><p class="note">${r.decisions} decisions: ${r.meanMs.toFixed(2)} ms mean, ${r.maxMs.toFixed(2)} ms max ${esc(clockWords(r.clock ?? 'wall'))}, against a budget of ${budgetMs} ms.</p>`;
}

export async function submitPage(c: Coordinator, v: Viewer, message = ''): Promise<string> {
  const o = c.contest.serve;
  const frozen = (await c.frozen()) ? '<p class="bad">The contest is frozen: it takes no more submissions.</p>' : '';
  return shell(
    c.contest.name,
    'Submit a bot',
    `${message}${frozen}<form method="post" action="/submit" enctype="multipart/form-data" class="card">
<label for="files">Your bot: a .tar.gz or .zip of its folder, or its files (bot.json and the bot)</label>
<input id="files" name="files" type="file" multiple required>
<label for="name">Entrant name (default: the manifest's)</label><input id="name" name="name" type="text" maxlength="40" value="${esc(v.entrant ?? '')}">
<label for="token">Token (to submit again: the one your first submission gave)</label><input id="token" name="token" type="password" autocomplete="off">
<button type="submit">Submit</button></form>
<p class="note">A submission is a manifest folder (docs/contest.md): bot.json naming the bot (<code>"bot": "bot.js"</code> or <code>"command": ["python3", "bot.py"]</code>) and its files, any language the protocol allows. It is checked at once in the sandbox (${o.checkGames} games against random) and, if it plays cleanly, replaces your previous one for new matches; your earlier games stay. Limits: ${o.uploadKb} KiB uploaded, ${o.unpackedKb} KiB unpacked, ${o.files} files, ${o.submissions} submissions. From a terminal: <code>havoc submit URL FOLDER</code>.</p>`,
  );
}

/** The page after a submission: its check, and a new entrant's token (shown once). */
export function submittedPage(c: Coordinator, entrant: string, submission: number, token: string | null, check: CheckResult, files: readonly string[]): string {
  const tok = token
    ? `<div class="card"><p><b>Your token</b> (shown once: keep it; it is needed to submit again and to see your logs): </p><pre>${esc(token)}</pre></div>`
    : '';
  return shell(
    c.contest.name,
    `Submission ${submission} of ${entrant}`,
    `${tok}<div class="card">${checkHtml(check, c.contest.run.budget.ms)}</div><p class="note">Files: ${files.map(esc).join(', ')}</p><p><a href="/entrants/${encodeURIComponent(entrant)}">Your page</a></p>`,
  );
}

/** A match's replay in the report's viewer, its bots named by their entrants. */
export async function replayPage(c: Coordinator, m: MatchRow): Promise<string> {
  const names = [(await c.db.submission(m.s0))!.entrant, (await c.db.submission(m.s1))!.entrant];
  const r = parseReplay(readFileSync(join(c.storage, m.replay!), 'utf8'), `${m.id}.jsonl`);
  const named = { ...r, header: { ...r.header, bots: names } };
  let mod = null;
  try {
    mod = rulesetById(r.header.ruleset);
  } catch {
    mod = null;
  }
  let legend: (readonly [string, string])[] = [];
  try {
    if (mod?.present?.legend && mod.gameFromDescription) legend = [...mod.present.legend(mod.gameFromDescription(r.header.game, 'game'))];
  } catch {
    legend = [];
  }
  const v = { ...viewerReplay(`${m.id}.jsonl`, named, undefined, legend, mod?.present?.boardView?.(r.header.game, r.steps) ?? null), title: `${names[0]} vs ${names[1]} — ${m.winner === -1 ? 'draw' : `${names[m.winner!]} won`} (${m.reason}, turn ${m.turns})` };
  const json = JSON.stringify([v]).replace(/</g, '\\u003c');
  const back = `<p class="note"><a href="/entrants/${encodeURIComponent(names[0])}">${esc(names[0])}</a> vs <a href="/entrants/${encodeURIComponent(names[1])}">${esc(names[1])}</a>, match ${esc(m.id)}, seed ${esc(m.seed)}. Step with the slider, ◀ ▶ or the arrow keys; space plays.</p>`;
  return pageHtml(`${names[0]} vs ${names[1]}`, `${c.contest.name} · match ${m.id}`, [['replay', 'Replay', `${back}<div class="viewer" id="viewer"></div><script type="application/json" id="replay-data">${json}</script>`]]);
}

export async function organiserPage(c: Coordinator): Promise<string> {
  const n = await c.db.counts();
  const subs = await c.db.submissionSummary();
  const frozen = await c.frozen(), paused = await c.paused();
  const btn = (action: string, label: string, extra = ''): string => `<form method="post" action="/organiser/${action}" class="card">${extra}<button type="submit">${esc(label)}</button></form>`;
  return shell(
    c.contest.name,
    'Organiser',
    `<p>${plural(n.done, 'match', 'matches')} played, ${n.queued} queued; ${frozen ? 'frozen' : 'open'}; the ladder is ${paused ? 'paused' : 'playing'}; ${c.workers} workers.</p>
${frozen ? btn('unfreeze', 'Open submissions again') : btn('freeze', 'Freeze submissions')}
${paused ? btn('resume', 'Resume the ladder') : btn('pause', 'Pause the ladder')}
${btn('final', 'Start the final round robin', '<label for="top">Top N</label><input id="top" name="top" type="number" min="2" value="4"><label for="games">Games a pair (even)</label><input id="games" name="games" type="number" min="2" step="2" value="10">')}
<h2>Entrants</h2><table><thead><tr><th>entrant</th><th class="n">submissions</th><th class="n">passed</th><th>last</th></tr></thead><tbody>${subs
      .map((s) => `<tr><td>${link(s.entrant)}</td><td class="n">${s.n}</td><td class="n">${s.ok}</td><td class="n">${esc(when(s.last))}</td></tr>`)
      .join('')}</tbody></table>
<p class="note">Any match plays again from its seed: <code>havoc replay ${esc(join(c.storage, 'replays'))}/ID.jsonl --verify</code>.</p>`,
  );
}

/** A submission's check as JSON (for havoc submit). */
export const checkOf = (s: SubmissionRow): CheckResult => JSON.parse(s.report) as CheckResult;
