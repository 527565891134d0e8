/**
 * `report.html`: one self-contained page per run folder (no server, no
 * network: CSS, script, charts and replays are all inline). It reads the
 * folder's outputs by name and tolerates their absence: each section says
 * "not in this run" when its file is missing, and tables are picked by column
 * name (htmlCsv.ts COLUMNS). The same folder gives the same bytes.
 */
import { writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { matchupHeatmap } from './htmlCharts.js';
import { columnsOf, num, type CsvTable } from './htmlCsv.js';
import { dataTable, esc, noteWords } from './htmlKit.js';
import { readRunFolder, type ReadOptions, type RunFolder } from './runFolder.js';
import { pageHtml } from './page.js';
import { entrantPages, runBudget } from './entrants.js';
import { entrantsSection } from './htmlEntrants.js';
import { UNINFORMATIVE_WIDTH } from './tables.js';
import { BEYOND, beyondPhrases, pooledLine, type Summary } from './summary.js';
import { priceFigure, priceSentences, priceSpan, type PriceRow } from './priceList.js';
import { isObject } from '../core/json.js';
import { refusedWrite } from '../core/environment.js';
import { rulesetById } from '../rules/registry.js';
import { bootstrapNote } from './meta/bootstrapNote.js';

export interface ReportOptions extends ReadOptions {
  /** At most this many rows per table; default 2000. */
  maxRows?: number;
  /** The charts drawn with Plot (plots.ts; `buildReport` draws them). */
  charts?: { partDeltas: string | null; meta?: string | null };
}

const missing = (file: string): string => `<p class="missing">Not in this run (no ${esc(file)}).</p>`;
/** A flagged part's bound where it has no fair cost (summary.json `atLeast` / `atMost`): its worth if a point of its category is worth anything. */
const worthBound = (x: Record<string, unknown>): string =>
  typeof x.atLeast === 'number' ? `; worth at least ${x.atLeast}` : typeof x.atMost === 'number' ? `; worth at most ${x.atMost}` : '';
const fmtVal = (v: unknown): string => (v === null || v === undefined ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v));

/** The last session's time: a resume says how many matches it played, or that it found none left (its time is not the run's). */
function timeOf(t: Record<string, unknown>, played: unknown): string {
  const now = t.playedThisSession;
  if (now === 0) return `${fmtVal(t.seconds)} s: the last session (a resume) found no match left to play`;
  const rate = `${fmtVal(t.seconds)} s, ${fmtVal(t.matchesPerSecond)} matches/s on ${fmtVal(t.workers)} workers`;
  return typeof now === 'number' && typeof played === 'number' && now < played ? `${rate}, for the ${now} matches the last session (a resume) played` : rate;
}

function summarySection(f: RunFolder): string {
  if (f.summaryError) return `<p class="missing">${esc(f.summaryError)}</p>`;
  const s = f.summary;
  if (!s) return missing('summary.json');
  const rows: [string, string][] = [];
  const add = (k: string, v: unknown): void => void (v !== undefined && rows.push([k, fmtVal(v)]));
  const m = isObject(s.matches) ? s.matches : null;
  add('name', s.name);
  add('ruleset', s.ruleset);
  add('rules version', s.rulesVersion);
  add('catalogue hash', s.catalogueHash);
  add('seed', s.seed);
  add('compared', s.between);
  if (isObject(s.shard)) add('shard', `${s.shard.index}/${s.shard.count}`);
  if (m) {
    add('matches', `${fmtVal(m.played)} played of ${fmtVal(m.scheduled)}${m.complete === false ? ' (incomplete)' : ''}`);
    if (isObject(m.reasons)) add('ended by', Object.entries(m.reasons).map(([k, v]) => `${v} ${k}`).join(', '));
    add('draws', m.draws);
    add('faults', m.faults);
    add('mean turns', m.meanTurns);
  }
  if (isObject(s.counts)) add('entrants', Object.entries(s.counts).map(([k, v]) => `${v} ${k}`).join(', '));
  if (isObject(s.ratings)) {
    const r = s.ratings;
    add('ratings', `${r.fitted ? `Bradley–Terry, fitted${typeof r.priorDraws === 'number' && r.priorDraws > 0 ? ` with ${r.priorDraws} virtual draws per pair that met` : ''}` : 'not fitted'}${r.note ? ` (${r.note})` : ''}`);
    if (isObject(r.seatAdvantage)) add('first-seat advantage (logit)', `${r.seatAdvantage.value} ± ${r.seatAdvantage.se}`);
  }
  // Parts are a question only when builds differed (a one-build ladder tests none).
  if (isObject(s.parts) && !(isObject(s.counts) && typeof s.counts.loadouts === 'number' && s.counts.loadouts <= 1)) {
    const p = s.parts;
    add('parts tested', p.tested);
    if (Array.isArray(p.mispriced))
      add(
        `mispriced (family-wise α ${fmtVal(p.alpha)}, Holm)`,
        p.mispriced.length ? p.mispriced.map((x) => (isObject(x) ? `${x.part}: ${x.flag}priced (listed ${x.listedCost}, ${x.fairCost === null || x.fairCost === undefined ? `no fair cost${worthBound(x)}` : `fair ${x.fairCost}`})` : String(x))).join('; ') : 'none',
      );
    const beyond = Array.isArray(p.beyondBudget) ? beyondPhrases(p.beyondBudget) : [];
    if (beyond.length) add('beyond their budgets', `${BEYOND}: ${beyond.join('; ')}`);
    if (Array.isArray(p.pointValues) && p.pointValues.length) add('win-rate logit per point', p.pointValues.map((x) => (isObject(x) ? `${x.category} ${x.pointValue} ± ${x.se}${x.pooled !== undefined ? ` (pooled across categories ${x.pooled} ± ${x.pooledSe})` : ''}` : String(x))).join(', '));
  }
  if (isObject(s.timing)) add('time', timeOf(s.timing, isObject(s.matches) ? s.matches.played : undefined));
  const known = new Set(['format', 'name', 'ruleset', 'rulesVersion', 'catalogueHash', 'seed', 'between', 'shard', 'matches', 'counts', 'ratings', 'parts', 'tables', 'config', 'timing']);
  for (const [k, v] of Object.entries(s)) if (!known.has(k) && (typeof v !== 'object' || v === null)) add(k, v);
  const kv = `<table class="kv" id="summary-table">${rows.map(([k, v]) => `<tr><th>${esc(k)}</th><td>${esc(v)}</td></tr>`).join('')}</table>`;
  return `${kv}<details><summary>summary.json</summary><pre>${esc(JSON.stringify(s, null, 2))}</pre></details>`;
}

function entitySection(t: CsvTable | null, file: string, id: string, maxRows: number): string {
  if (!t) return missing(file);
  if (t.rows.length === 0) return '<p class="missing">No rows.</p>';
  const c = columnsOf(t, 'entity');
  // A loadout named by its key says it once.
  const sameKey = c.key !== null && c.name !== null && t.rows.every((r) => r[c.key!] === r[c.name!]);
  return dataTable(t, {
    id,
    maxRows,
    omit: sameKey && c.key ? [c.key] : [],
    bars: [{ label: 'win rate, 95% interval', after: c.rate, point: c.rate, lo: c.rateLo, hi: c.rateHi, scale: [0, 1], ref: 0.5 }],
  });
}

/** Entrants most a report gives a page each. */
const MAX_ENTRANT_PAGES = 64;

/** Whether the run is a contest between bots few enough for a page each (a contest, a ladder). */
function hasEntrantPages(f: RunFolder): boolean {
  const s = f.summary;
  const counts = s && isObject(s.counts) ? s.counts : null;
  return f.matches !== null && s?.between === 'bots' && counts !== null && typeof counts.bots === 'number' && counts.bots <= MAX_ENTRANT_PAGES;
}

/** A contest's leaderboard, with how its rounds were chosen and why it stopped. */
function leaderboardSection(f: RunFolder, maxRows: number): string {
  const t = f.leaderboard!;
  const config = f.summary && isObject(f.summary.config) ? f.summary.config : null;
  const schedule = config && isObject(config.schedule) ? config.schedule : null;
  const rounds = schedule && Array.isArray(schedule.rounds) ? (schedule.rounds as { pairs?: unknown[]; games?: number; why?: string }[]) : [];
  const list = rounds.map((r, i) => `<li>round ${i + 1}: ${Array.isArray(r.pairs) ? r.pairs.length : '?'} pairs × ${esc(String(r.games))} games — ${esc(String(r.why ?? ''))}</li>`).join('');
  const note = `<p class="note">Ranked by rating (Bradley–Terry on the Elo scale, with its 95% interval); <b>los</b> is the likelihood that the entrant is stronger than the one below it. Every pair met first; then, round after round, the neighbours whose order was uncertain played again${f.contestStopped ? `. Stopped: ${esc(f.contestStopped)}` : ''}.</p>`;
  const c = columnsOf(t, 'ratings');
  const table = t.rows.length
    ? dataTable(t, { id: 'leaderboard-table', maxRows, bars: [{ label: 'rating, 95% interval', after: c.rating, point: c.rating, lo: c.lo, hi: c.hi, ref: 1500 }] })
    : '<p class="missing">No games yet.</p>';
  return `${note}${table}${list ? `<details><summary>${rounds.length} round${rounds.length === 1 ? '' : 's'}</summary><ul>${list}</ul></details>` : ''}`;
}

const teamsNote =
  '<p class="note">A contest between teams: each team\'s bots sit on one side\'s seats in the order of its key. A team wins when its side does; the bots table counts each bot\'s seats, and its ratings compare bots by the seats they met on the other side.</p>';

/** What the ratings are, and the prior the run fitted them with (summary.json's ratings.priorDraws). */
function ratingsNote(s: Record<string, unknown> | null): string {
  const prior = s && isObject(s.ratings) && typeof s.ratings.priorDraws === 'number' ? s.ratings.priorDraws : 0;
  const withPrior = prior > 0
    ? ` Every pair that met gets ${prior} virtual draw${prior === 1 ? '' : 's'} (the prior BayesElo uses), so an entrant that won or lost every game still has a finite rating and interval.`
    : '';
  return `<p class="note">Bradley–Terry ratings on the Elo scale (1500 = the average entrant), with 95% intervals.${withPrior} A rating's interval is about the distance from the average entrant, so it carries the whole field's uncertainty; to compare two neighbours read <b>gap</b>, the Elo difference to the one ranked below, with its own SE (<b>gap_se</b>), and <b>los</b>: the likelihood that the entrant is stronger than the one ranked below it (0.5: no telling them apart; above 0.95: clearly stronger).</p>`;
}

function ratingsSection(t: CsvTable | null, maxRows: number): string {
  if (!t) return missing('ratings.csv');
  if (t.rows.length === 0) return '<p class="missing">No ratings (see the summary for why).</p>';
  const c = columnsOf(t, 'ratings');
  return dataTable(t, {
    id: 'ratings-table',
    maxRows,
    bars: [{ label: 'rating, 95% interval', after: c.rating, point: c.rating, lo: c.lo, hi: c.hi, ref: 1500 }],
  });
}

function partsSection(t: CsvTable | null, maxRows: number): string {
  if (!t) return missing('parts.csv');
  if (t.rows.length === 0) return '<p class="missing">No rows.</p>';
  const c = columnsOf(t, 'parts');
  // By category, then by how much the part is worth above its price (parts without an estimate last).
  const delta = (r: Record<string, string>): number => (c.delta ? (num(r[c.delta]) ?? -Infinity) : 0);
  const cat = (r: Record<string, string>): string => (c.category ? r[c.category] : '');
  const rows = [...t.rows].sort((a, b) => (cat(a) < cat(b) ? -1 : cat(a) > cat(b) ? 1 : delta(b) - delta(a)));
  // The fair-minus-listed interval stays as numbers (readable without hovering); the raw difference's is its bar.
  const quiet = ['effect', 'effect_se', 'p_value', 'games_without', c.fairLo, c.fairHi];
  return dataTable({ header: t.header, rows }, {
    id: 'parts-table',
    maxRows,
    hide: [c.diffLo, c.diffHi].filter((x): x is string => x !== null),
    omit: quiet.filter((x): x is string => x !== null && t.header.includes(x)),
    rowClass: (r) => (c.mispriced && r[c.mispriced] ? `mispriced-${r[c.mispriced]}` : ''),
    cell: (col, v) => (col === c.mispriced && v ? `<span class="flag ${esc(v)}">${esc(v)}priced</span>` : col === c.note && v ? esc(noteWords(v)) : null),
    bars: [
      { label: 'fair − listed, interval', after: c.delta, point: c.delta, lo: c.deltaLo, hi: c.deltaHi, ref: 0 },
      { label: 'win-rate difference with/without', after: c.diff, point: c.diff, lo: c.diffLo, hi: c.diffHi, ref: 0 },
    ],
  });
}

/** What the additivity test (summary.json parts.additivity) says of the intervals. */
function additivityNote(p: Record<string, unknown> | null): string {
  const a = p && isObject(p.additivity) ? p.additivity : null;
  if (!a || typeof a.p !== 'number') return '';
  const test = `a likelihood-ratio test of one rating per loadout against the sum of its parts gives ${esc(a.lr)} on ${esc(a.df)} degrees of freedom, p = ${esc(a.p)}`;
  const spread = typeof p!.loadoutSpread === 'number' ? p!.loadoutSpread : null;
  const disp = typeof p!.dispersion === 'number' && p!.dispersion < 0.995
    ? ` Drawn games make a score less variable than wins and losses alone, and the intervals are narrowed for it (the variance times ${esc((p!.dispersion as number).toFixed(2))}).`
    : '';
  return (a.p < 0.05
    ? `<b>Loadouts are more than the sum of their parts here</b> (${test}).${spread !== null && spread > 0 ? ` Each loadout is worth something of its own beyond its parts (a spread of ${esc(spread.toFixed(2))} logit, as a standard deviation), and the intervals and flags above are widened for it (a loadout random effect, docs/statistics.md).` : ''}`
    : `No sign that loadouts are more than the sum of their parts (${test}).`) + disp;
}

/**
 * How the part figures were made, from summary.json and bots.csv: who played, how many games ran to the
 * turn limit, what the fair cost is relative to, and what the test corrects for.
 */
function partsMethod(f: RunFolder): string {
  const s = f.summary;
  const m = s && isObject(s.matches) ? s.matches : null;
  const p = s && isObject(s.parts) ? s.parts : null;
  const played = m && typeof m.played === 'number' ? m.played : null;
  const limit = m && isObject(m.reasons) && typeof m.reasons['turn-limit'] === 'number' ? m.reasons['turn-limit'] : 0;
  const bots = f.bots && f.bots.rows.length ? f.bots.rows.map((r) => r[f.bots!.header[1]]).filter(Boolean) : [];
  const who = bots.length ? `played by ${bots.length === 1 ? `the <b>${esc(bots[0])}</b> bot only` : `the bots ${bots.map((b) => `<b>${esc(b)}</b>`).join(', ')}`}` : 'played by the run\'s bots';
  const ended = played ? ` ${limit.toLocaleString('en')} of its ${played.toLocaleString('en')} games (${((100 * limit) / played).toFixed(0)}%) ended at the turn limit, as draws.` : '';
  const cycled = p && p.anchor === 'unflagged' && p.anchorConverged === false;
  const anchor =
    p && p.anchor === 'unflagged' && !cycled
      ? `the parts of its category that are not flagged (re-anchored until the flags settled${typeof p.anchorRounds === 'number' ? `, ${p.anchorRounds} rounds` : ''})`
      : `all estimated parts of its category${cycled ? ` (the configured "unflagged" anchor did not settle: its rounds went round in a cycle, ${esc(p!.anchorRounds)} rounds, so the verdicts rest on all parts)` : ''}`;
  const alpha = p && typeof p.alpha === 'number' ? p.alpha : 0.05;
  const tested = p && typeof p.tested === 'number' ? p.tested : null;
  return `<p class="note method"><b>How these numbers were made.</b> Each part's effect on the odds of winning is fitted from the loadouts' head-to-head results (a logistic model on the parts each side had, draws counted half, with a first-seat advantage), ${who}.${ended} A fair cost is relative: a category's points are worth what ${anchor} win per point, so a fair cost says how a part compares with its category, not that a whole category is too dear; negative fair costs mean the part loses games however cheap it is. <b>fair − listed</b> above 0: the part is worth more than it costs (underpriced); below 0: less (overpriced). A part is judged by its value above price — its effect less the category's point value times its listed cost — tested for the ${tested ?? 'parts'} parts together, Holm-corrected (family-wise α ${esc(alpha)}). Its fair cost's interval is Fieller's at the same corrected level, so a part is flagged exactly when its listed cost lies outside it; where the category's point value is not significantly positive at that level the interval has no bounds and the part says "point value not determined" (its verdict still stands), and, where its effect is clear of 0 at that level, what it is worth at least (or at most) if a point of its category is worth anything: the end of Fieller's set on the side of a positive point value. A part whose interval is wider than ${UNINFORMATIVE_WIDTH} times the largest listed cost of its category says "too little data" instead of a number (its verdict stands too). ${additivityNote(p)} The figures hold for these bots: a part good in skilled hands may look weak in random ones.</p>`;
}

/** A price-list row as summary.json holds it (priceList.ts PriceRow), or null when it is not one. */
function priceRowOf(x: unknown): PriceRow | null {
  if (!isObject(x) || typeof x.part !== 'string' || typeof x.status !== 'string') return null;
  const n = (v: unknown): number | null => (typeof v === 'number' ? v : null);
  return { part: x.part, category: String(x.category ?? ''), listed: Number(x.listed), suggested: n(x.suggested), worth: n(x.worth), lo: n(x.lo), hi: n(x.hi), games: Number(x.games), pooled: x.pooled === true, status: x.status as PriceRow['status'], sentence: String(x.sentence ?? '') };
}

/**
 * The answer a sweep is run for, first: what each part should cost (summary.json parts.prices), what to do in
 * words, then the table (key columns first: it fits a phone), and the statistics behind it folded away.
 */
function pricesSection(f: RunFolder, behind: string): string | null {
  const p = f.summary && isObject(f.summary.parts) ? f.summary.parts : null;
  const rows = p && Array.isArray(p.prices) ? p.prices.map(priceRowOf).filter((r): r is PriceRow => r !== null) : [];
  if (!rows.length) return null;
  const m = f.summary && isObject(f.summary.matches) ? f.summary.matches : null;
  const change = rows.filter((r) => r.status === 'underpriced' || r.status === 'overpriced').length;
  const priced = rows.filter((r) => r.worth !== null).length;
  const lead = `<p class="lead">Played by <b>${esc(p!.playedBy ?? 'the run\'s bots')}</b>${m ? `, ${esc(fmtVal(m.played))} matches` : ''}: <b>${change}</b> part${change === 1 ? '' : 's'} to change; ${priced} of ${rows.length} priced. <i>Worth</i> is the cost at which a part would play fair, in its category's points, with the interval its verdict was tested at.</p>`;
  const said = priceSentences(rows);
  const todo = said.length ? `<ul class="todo">${said.map((x) => `<li>${esc(x)}</li>`).join('')}</ul>` : '<p class="note">Every tested part plays like its price.</p>';
  const pv = Array.isArray(p!.pointValues) ? (p!.pointValues.filter(isObject) as unknown as Summary['parts']['pointValues']) : [];
  const pooledNote = pooledLine({ pointValues: pv, pooling: isObject(p!.pooling) ? (p!.pooling as unknown as Summary['parts']['pooling']) : null }, rows);
  const cell = (x: number | null): string => (x === null ? '' : esc(priceFigure(x)));
  const body = rows
    .map((r) => `<tr class="price-${esc(r.status)}"><td class="part">${esc(r.part)}</td><td class="num">${r.listed}</td><td class="num">${r.suggested === null ? '' : r.suggested}</td><td class="worth">${cell(r.worth)} <span class="span">${esc(priceSpan(r))}</span></td><td><span class="status">${esc(r.status)}</span></td><td class="num games">${r.games}</td><td class="cat">${esc(r.category)}</td></tr>`)
    .join('');
  const table = `<div class="scroll"><table class="prices" id="prices-table"><thead><tr><th>part</th><th>listed</th><th>new</th><th>worth [interval]</th><th>status</th><th class="games">games</th><th class="cat">category</th></tr></thead><tbody>${body}</tbody></table></div>`;
  return `${lead}${todo}${table}${pooledNote ? `<p class="note">${esc(pooledNote)}.</p>` : ''}<details class="behind"><summary>How this was computed</summary>${behind}</details>`;
}

/** A metagame's folder (havoc meta): how it was made, its charts and its two tables. */
function metaSection(f: RunFolder, charts: string | null, maxRows: number): string {
  const s = f.metaSummary;
  const e = s && isObject(s.equilibrium) ? s.equilibrium : null;
  const a = s && isObject(s.alphaRank) ? s.alphaRank : null;
  const heldOut = e && typeof e.heldOutExploitability === 'number' ? `, <b>${esc(e.heldOutExploitability)}</b> held out (each half of the games' equilibrium against the best reply on the other half)` : '';
  const how = s
    ? `<p class="note method"><b>How these numbers were made.</b> The top ${esc(s.top)} builds of <code>${esc(s.source)}</code> played each other, ${esc(s.gamesPerPair)} games a pair seat-swapped (${esc(s.games)} games; a cell's score rate is known to ±${esc(typeof s.cellHalfWidth === 'number' ? s.cellHalfWidth.toFixed(2) : s.cellHalfWidth)} at 95%). The matrix of score rates (a draw half) less ½ is a symmetric zero-sum game; its Nash equilibrium was solved as a linear program by ${esc(s.solver)}: ${e ? `<b>${esc(e.support)}</b> builds in its support, exploitability <b>${esc(e.exploitability)}</b> on these games${heldOut}` : ''}. Exploitability is what the best reply to the equilibrium mix scores against it above 50%. α-Rank (${a ? `α ${esc(a.alpha)}, population ${esc(a.m)}; ` : ''}${esc(a?.reference ?? 'Omidshafiei et al. 2019')}) ranks the same matrix by which builds invade which: unlike the equilibrium it is unique. A part's share is the equilibrium weight of the builds holding it: <b>in-every</b> parts are in every build the equilibrium plays, <b>never</b> parts are in the field but in none of them${s.bootstrap ? ' (each only where the resampled games agree: below)' : ''}.</p>${bootstrapNote(s, f.meta)}`
    : '<p class="missing">No meta.json.</p>';
  const builds = f.meta ? `<h3>Builds</h3>${dataTable(f.meta, { id: 'meta-table', maxRows, rowClass: (r) => (r.in_support === 'yes' ? 'meta-support' : '') })}` : '';
  const parts = f.metaParts ? `<h3>Parts</h3>${dataTable(f.metaParts, { id: 'meta-parts-table', maxRows, rowClass: (r) => (r.flag ? `meta-${r.flag}` : '') })}` : '';
  return `${how}${charts ?? ''}${builds}${parts}`;
}

/** Every pairing's W-D-L and the first-named's win rate with its interval (matchups.csv), below the heatmap. */
function matchupsTable(t: CsvTable, maxRows: number): string {
  if (t.rows.length === 0) return '';
  const c = columnsOf(t, 'matchups');
  return `<h3>Every pairing: wins, draws, losses</h3>${dataTable(t, {
    id: 'matchups-table',
    // A sweep has thousands of pairings, each a few games: the first 300 here, all in matchups.csv.
    maxRows: Math.min(maxRows, 300),
    bars: [{ label: 'a\'s win rate, 95% interval', after: c.rate, point: c.rate, lo: c.rateLo, hi: c.rateHi, scale: [0, 1], ref: 0.5 }],
  })}`;
}

/** Entrant names by rating, best first, from ratings.csv (for the heatmap's order). */
function ratingOrder(t: CsvTable | null): string[] {
  if (!t) return [];
  const c = columnsOf(t, 'ratings');
  if (!c.name) return [];
  const rated = c.rating ? t.rows.filter((r) => r[c.rating!] !== '').sort((a, b) => Number(b[c.rating!]) - Number(a[c.rating!])) : t.rows;
  return rated.map((r) => r[c.name!]);
}

function replaySection(f: RunFolder): string {
  const errs = f.replayErrors.length ? `<p class="note">Could not read: ${f.replayErrors.map(esc).join('; ')}</p>` : '';
  if (f.replayCount === 0) return `<p class="missing">Not in this run (no replays/*.jsonl; save some with --save-replays).</p>${errs}`;
  const played = f.matches?.total ?? null;
  const shown = f.replays.length + f.replayErrors.length;
  const saved = `${f.replayCount.toLocaleString('en')}${played !== null ? ` of ${played.toLocaleString('en')}` : ''} matches saved`;
  const more = `<p class="note">${saved}${shown < f.replayCount ? `, ${shown} of them here` : ''}; chosen for interest when the run chose them (each entrant's losses, upsets, long games), listed in that order. Any match plays in the terminal with <code>havoc replay ${esc(f.dir)} --match ID</code>.</p>`;
  const json = JSON.stringify(f.replays).replace(/</g, '\\u003c');
  // Each ruleset's board says what its colours and pips mean (a board without a note gets none).
  const notes = new Set(f.replays.flatMap((r) => (r.view === 'board' && r.board.note ? [r.board.note] : [])));
  const boards = [...notes].map((n) => ` ${esc(n)}`).join('');
  const records = f.replays.some((r) => r.view === 'records') ? ' A game without a board shows its records as text, the current one marked.' : '';
  return `<p class="note">Step with the slider, ◀ ▶ or the arrow keys; « » (Page Up, Page Down) go by turns, <b>next hit</b> (H) to the next step with a hit, Home and End to the start and the end; space plays and pauses. The keys work while the viewer is on screen.${boards}${records}</p>${more}${errs}
<div class="viewer" id="viewer"></div>
<script type="application/json" id="replay-data">${json}</script>`;
}

/**
 * Every match (the first MAX_MATCH_ROWS): id, the sides (bots, loadouts, or both as the run varied them),
 * winner, end, turns, faults; the client filters, sorts and pages it, and opens a saved replay.
 */
function matchesSection(f: RunFolder): string {
  const m = f.matches;
  if (!m) return missing('matches.csv');
  const col = (name: string): number => m.header.indexOf(name);
  const seats = [...'abcdefghijklmnopqrstuvwxyz'].filter((l) => col(`${l}_bot`) >= 0);
  const varies = (suffix: string): boolean => {
    const seen = new Set<string>();
    for (const r of m.rows) for (const l of seats) if (seen.add(r[col(`${l}_${suffix}`)]).size > 1) return true;
    return false;
  };
  const bots = varies('bot'), loadouts = varies('loadout');
  const side = (r: string[], l: string): string => {
    const b = r[col(`${l}_bot`)], lo = r[col(`${l}_loadout`)];
    return bots && loadouts ? `${b} (${lo})` : loadouts ? lo : b;
  };
  const [id, winner, reason, turns] = ['id', 'winner', 'reason', 'turns'].map(col);
  // Texts (sides, winners, reasons) are sent once each and referred to by number: a sweep's loadout names are long.
  const texts: string[] = [], textIndex = new Map<string, number>();
  const t = (v: string): number => {
    let i = textIndex.get(v);
    if (i === undefined) textIndex.set(v, (i = texts.push(v) - 1));
    return i;
  };
  // A ruleset played by sides (Hovercrafts): a side's win names the side before its seats'.
  const mod = sidedRuleset(f.summary?.ruleset);
  const sideName = (letters: string): string => {
    if (!mod || letters.length === 0) return '';
    const of = (l: string): number => mod.sideOf!('abcdefghijklmnopqrstuvwxyz'.indexOf(l.toLowerCase()), seats.length);
    const s = of(letters[0]);
    return [...letters].every((l) => of(l) === s) ? `${mod.sides![s]}: ` : '';
  };
  const rows = m.rows.map((r) => {
    const won = [...(r[winner] ?? '')].map((w) => side(r, w.toLowerCase()));
    const faults = seats.reduce((sum, l) => sum + (Number(r[col(`${l}_faults`)]) || 0), 0);
    return [Number(r[id]), ...seats.map((l) => t(side(r, l))), t(won.length ? sideName(r[winner]) + won.join(' and ') : 'draw'), t(r[reason]), Number(r[turns]), faults];
  });
  const data = {
    columns: ['#', ...seats.map((l) => l.toUpperCase()), 'winner', 'reason', 'turns', 'faults'],
    /** Which columns hold an index into `texts`. */
    textColumns: [...seats.map((_, i) => i + 1), seats.length + 1, seats.length + 2],
    texts,
    rows,
    saved: f.replays.map((r) => r.id).filter((x): x is number => x !== null),
    command: `havoc replay ${f.dir} --match ID`,
  };
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  const part = m.total > m.rows.length ? ` The first ${m.rows.length.toLocaleString('en')} of ${m.total.toLocaleString('en')} are here; matches.csv has them all.` : '';
  return `<p class="note">Every match of the run.${part} Type to filter (every word must appear: <code>nash kill</code>), click a header to sort; <b>▶ watch</b> opens a saved replay in the viewer below, and a match without one shows the command that plays it again.</p>
<div id="matches-view"></div>
<script type="application/json" id="matches-data">${json}</script>`;
}

/** The run's ruleset when it is played by sides and at hand, else null. */
function sidedRuleset(id: unknown): { sides?: readonly string[]; sideOf?(seat: number, seats: number): number } | null {
  if (typeof id !== 'string') return null;
  try {
    const mod = rulesetById(id);
    return mod.sides && mod.sideOf ? mod : null;
  } catch {
    return null;
  }
}

/** errors.log: matches that could not be played, and bots that forfeited a match, with the seat and the cause. */
function errorsSection(f: RunFolder): string {
  if (!f.errors || f.errors.total === 0) return '<p class="note">None: every match was played, and no bot forfeited one.</p>';
  const more = f.errors.total > f.errors.lines.length ? ` The first ${f.errors.lines.length} are shown.` : '';
  return `<p class="note">From errors.log, ${f.errors.total} line${f.errors.total === 1 ? '' : 's'}: matches that could not be played, and bots that forfeited a match (the seat, the bot and the cause).${more}</p>
<ul class="errors">${f.errors.lines.map((l) => `<li>${esc(l)}</li>`).join('')}</ul>`;
}

/** The page for a run folder. */
export function renderReport(f: RunFolder, opts: ReportOptions = {}): string {
  const maxRows = opts.maxRows ?? 2000;
  const s = f.summary;
  const title = `Havoc Arena report${s && typeof s.name === 'string' ? ` — ${s.name}` : ` — ${basename(f.dir)}`}`;
  const heat = f.matchups ? matchupHeatmap(f.matchups, ratingOrder(f.ratings)) : null;
  // Sections that do not apply are left out: loadouts and parts when every machine had one build (a bot
  // ladder), bots when one bot played them all (a loadout sweep). A folder without counts keeps them all.
  const counts = s && isObject(s.counts) ? s.counts : null;
  const single = (k: string): boolean => counts !== null && typeof counts[k] === 'number' && counts[k] <= 1;
  const left = new Set([...(single('loadouts') ? ['loadouts', 'parts'] : []), ...(single('bots') ? ['bots'] : [])]);
  const partsBehind = f.parts ? `${partsMethod(f)}${opts.charts?.partDeltas ?? '<p class="missing">No fair-cost estimates in parts.csv.</p>'}${partsSection(f.parts, maxRows)}` : missing('parts.csv');
  // A sweep's answer, what each part should cost, comes first, the statistics behind it folded under it.
  const prices = left.has('parts') ? null : pricesSection(f, partsBehind);
  const all: [string, string, string][] = [
    ...(prices ? [['parts', 'Parts: what each should cost', prices] as [string, string, string]] : []),
    ['summary', 'Summary', summarySection(f)],
    ...(f.meta ? [['meta', 'Metagame', metaSection(f, opts.charts?.meta ?? null, maxRows)] as [string, string, string]] : []),
    ...(f.leaderboard ? [['leaderboard', 'Leaderboard', leaderboardSection(f, maxRows)] as [string, string, string]] : []),
    ['errors', 'Errors', errorsSection(f)],
    ...(hasEntrantPages(f) ? [['entrants', 'Entrants', entrantsSection(entrantPages(f.dir, f.matches!.header, f.matches!.rows, f.errors?.lines ?? []), new Set(f.replays.map((r) => r.id).filter((x): x is number => x !== null)), f.dir, runBudget(f.dir))] as [string, string, string]] : []),
    ...(f.teams ? [['teams', 'Teams', `${teamsNote}${entitySection(f.teams, 'teams.csv', 'teams-table', maxRows)}`] as [string, string, string]] : []),
    ['loadouts', 'Loadouts', entitySection(f.loadouts, 'loadouts.csv', 'loadouts-table', maxRows)],
    ['bots', 'Bots', entitySection(f.bots, 'bots.csv', 'bots-table', maxRows)],
    ['ratings', 'Ratings', `${ratingsNote(s)}${ratingsSection(f.ratings, maxRows)}`],
    ['matchups', 'Matchups', f.matchups ? `${heat ? heat.html : '<p class="missing">No matchups to show.</p>'}${matchupsTable(f.matchups, maxRows)}` : missing('matchups.csv')],
    ...(prices ? [] : [['parts', 'Parts: by how much', partsBehind] as [string, string, string]]),
    ['matches', 'Matches', matchesSection(f)],
    ['replays', 'Replays', replaySection(f)],
  ];
  const sections = all.filter(([id]) => !left.has(id));
  const sub = s ? [s.ruleset, s.rulesVersion, s.seed !== undefined ? `seed ${s.seed}` : null].filter(Boolean).map(String).join(' · ') : basename(f.dir);
  return pageHtml(title, sub, sections);
}

/** The page for a run folder with its charts (Plot is loaded here, only when a report is made). */
export async function buildReport(f: RunFolder, opts: ReportOptions = {}): Promise<string> {
  const { partDeltaCharts, metaCharts } = await import('./plots.js');
  return renderReport(f, { ...opts, charts: { partDeltas: f.parts ? partDeltaCharts(f.parts) : null, meta: f.meta ? metaCharts(f.meta, f.metaParts) : null } });
}

/** Writes `dir/report.html` from the run folder's outputs; returns its path. */
export async function writeReport(dir: string, opts: ReportOptions = {}): Promise<string> {
  const path = join(dir, 'report.html');
  const html = await buildReport(readRunFolder(dir, opts), opts);
  refusedWrite(path, () => writeFileSync(path, html), 'the report');
  return path;
}
