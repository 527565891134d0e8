/**
 * Each entrant of a contest between bots as the report shows it: its games
 * (its losses first: how it was beaten), each with the opponent, the end, its
 * faults, whether a replay is saved and its bot's stderr log when one was
 * kept; and its faults by cause (faultCauses.ts: numbers and quoted
 * actions made general, the file and line of its own code read from its
 * stderr in that match), gathered from the saved replays (every match with a
 * fault saves one) with how often and where each came first; and its
 * decisions' times (mean, p99, max) from logs/match-ID-times.json, which the
 * run writes for each sandboxed bot (store/decisionTimes.ts). Its bot's
 * folder is taken out of every message: entrants by names, not paths.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseReplay } from '../store/replayFormat.js';
import { replayId } from './viewer/data.js';
import { faultsOf, withoutPaths } from './faultCauses.js';
import { runBotNames } from './botNames.js';
import { readMatchTimes } from '../store/decisionTimes.js';
import { timeFigures, type TimeFigures } from './decisionTimes.js';

/** One game of an entrant. */
export interface EntrantGame {
  readonly id: number;
  /** Its seat's letter (A, B, …). */
  readonly seat: string;
  readonly opponents: string;
  readonly result: 'loss' | 'draw' | 'win';
  readonly reason: string;
  readonly turns: number;
  readonly faults: number;
  /** Its bot's stderr in this match (a file under the run folder), when one was kept. */
  readonly log: string | null;
}

/** A fault cause of an entrant (faultCauses.ts): its first message, where in its files, how often, and its first match and turn. */
export interface EntrantFault {
  readonly kind: string;
  /** The first message of the cause, its bot's folder taken out. */
  readonly message: string;
  /** `file:line` in the entrant's files, from its stderr in the match, or null. */
  readonly where: string | null;
  readonly count: number;
  readonly match: number;
  readonly turn: number;
}

export interface EntrantPage {
  readonly name: string;
  readonly games: number;
  readonly wins: number;
  readonly draws: number;
  readonly losses: number;
  readonly faults: number;
  /** Its games, losses first, then draws, then wins, each by match id. */
  readonly list: readonly EntrantGame[];
  readonly faultMessages: readonly EntrantFault[];
  /** errors.log's lines that name it (forfeits). */
  readonly errors: readonly string[];
  /** Its decisions' times over every game the run timed (a sandboxed bot's): by the budget's clock (`wall` if any is), and by the wall clock. */
  readonly times: TimeFigures & { readonly clock: 'cpu' | 'wall'; readonly wall: TimeFigures };
}

/** The run's time budget from its config.json (null when it cannot be read). */
export function runBudget(dir: string): { ms: number; firstMs?: number } | null {
  try {
    const b = (JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8')) as { run?: { budget?: { ms?: unknown; firstMs?: unknown } } }).run?.budget;
    if (typeof b?.ms !== 'number') return null;
    return typeof b.firstMs === 'number' ? { ms: b.ms, firstMs: b.firstMs } : { ms: b.ms };
  } catch {
    return null;
  }
}

/** Replay files read for fault messages at most (a contest saves one per match with a fault). */
const MAX_FAULT_REPLAYS = 500;

/** Where the stderr log of seat `letter` (lower case) in match `id` is kept, relative to the run folder. */
export const stderrLogPath = (id: number, letter: string): string => join('logs', `match-${id}-${letter.toUpperCase()}.txt`);

/**
 * The entrants' pages of a run folder from its matches.csv rows (`header`, `rows`: what the report holds),
 * its replays and errors.log's lines.
 */
export function entrantPages(dir: string, header: readonly string[], rows: readonly (readonly string[])[], errors: readonly string[]): EntrantPage[] {
  const col = (name: string): number => header.indexOf(name);
  const seats = [...'abcdefghijklmnopqrstuvwxyz'].filter((l) => col(`${l}_bot`) >= 0);
  const [idC, winC, reasonC, turnsC] = ['id', 'winner', 'reason', 'turns'].map(col);
  const pages = new Map<string, { games: EntrantGame[]; faults: Map<string, EntrantFault>; times: number[]; wallMs: number[]; wall: boolean }>();
  const page = (name: string) => {
    let p = pages.get(name);
    if (!p) pages.set(name, (p = { games: [], faults: new Map(), times: [], wallMs: [], wall: false }));
    return p;
  };
  const byId = new Map<number, readonly string[]>();
  for (const r of rows) {
    const id = Number(r[idC]);
    byId.set(id, r);
    const winner = (r[winC] ?? '').toLowerCase();
    const times = readMatchTimes(dir, id);
    for (const l of seats) {
      const name = r[col(`${l}_bot`)];
      const t = times[l.toUpperCase()];
      if (t) {
        const p = page(name);
        for (const ms of t.ms) p.times.push(ms);
        for (const ms of t.wallMs) p.wallMs.push(ms);
        p.wall ||= t.clock === 'wall';
      }
      const log = stderrLogPath(id, l);
      page(name).games.push({
        id,
        seat: l.toUpperCase(),
        opponents: seats.filter((o) => o !== l).map((o) => r[col(`${o}_bot`)]).join(', '),
        result: winner === '' ? 'draw' : winner.includes(l) ? 'win' : 'loss',
        reason: r[reasonC],
        turns: Number(r[turnsC]),
        faults: Number(r[col(`${l}_faults`)]) || 0,
        log: existsSync(join(dir, log)) ? log : null,
      });
    }
  }
  // Faults from the saved replays, charged to the seat's entrant by the match's row, grouped by cause and place.
  const names = runBotNames(dir);
  const rd = join(dir, 'replays');
  const files = existsSync(rd) ? readdirSync(rd).filter((f) => f.endsWith('.jsonl')).slice(0, MAX_FAULT_REPLAYS) : [];
  for (const f of files) {
    const id = replayId(f);
    const row = id === null ? undefined : byId.get(id);
    if (!row) continue;
    let log;
    try {
      log = parseReplay(readFileSync(join(rd, f), 'utf8'), f).result?.faultLog ?? [];
    } catch {
      continue; // the report's replay section names a replay it cannot read
    }
    for (const x of log) {
      const name = row[col(`${seats[x.seat]}_bot`)];
      if (name === undefined) continue;
      const stderr = join(dir, stderrLogPath(id!, seats[x.seat]));
      const [f] = faultsOf([x], existsSync(stderr) ? readFileSync(stderr, 'utf8') : null, names.rootOf(name), names.roots);
      const faults = page(name).faults, key = `${f.cause}\n${f.where ?? ''}`;
      const had = faults.get(key);
      if (!had) faults.set(key, { kind: x.kind, message: f.message, where: f.where, count: 1, match: id!, turn: x.turn });
      else faults.set(key, { ...had, count: had.count + 1, ...(id! < had.match ? { match: id!, turn: x.turn, message: f.message } : {}) });
    }
  }
  const order = { loss: 0, draw: 1, win: 2 } as const;
  return [...pages]
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .map(([name, p]) => {
      const count = (r: EntrantGame['result']) => p.games.filter((g) => g.result === r).length;
      return {
        name,
        games: p.games.length,
        wins: count('win'),
        draws: count('draw'),
        losses: count('loss'),
        faults: p.games.reduce((n, g) => n + g.faults, 0),
        list: [...p.games].sort((a, b) => order[a.result] - order[b.result] || a.id - b.id),
        faultMessages: [...p.faults.values()].sort((a, b) => b.count - a.count || a.match - b.match),
        errors: errors.filter((l) => l.includes(`(${name})`)).map((l) => withoutPaths(l, names.roots)),
        times: { ...timeFigures(p.times), clock: p.wall ? 'wall' : 'cpu', wall: timeFigures(p.wallMs) },
      };
    });
}
