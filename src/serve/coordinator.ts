/**
 * The contest's coordinator: keeps the workers busy. Matches the database
 * holds as queued (a server restarted: those it had not written) go first,
 * then the ladder's next choices (ladder.ts) are queued — written before
 * they are played — and handed to the worker pool; each result is written
 * with the ratings in one transaction (db.ts). While a final is queued the
 * ladder waits; a frozen contest takes no submissions, and its ladder plays
 * on until the organiser starts the final.
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type { Piscina } from 'piscina';
import { builtFile } from '../core/paths.js';
import { canonicalJson } from '../core/json.js';
import { threadPool } from '../run/pool.js';
import type { ServedContest } from './contest.js';
import type { ContestDb, MatchRow, SubmissionRow } from './db.js';
import { finalMatches, matchOf, nextPairs, type LadderView } from './ladder.js';
import { rateResults } from './ratings.js';
import type { CheckResult, CheckTask, ContestSetup, PlayResult, PlayTask, SeatBot } from './play.js';
import type { WorkerTask } from './worker.js';

/** The compiled worker (from dist/ even when this module runs from src/ under a test runner). */
export function workerFile(): string {
  return builtFile('src/serve/worker.js');
}

/** Tries of a match whose worker died before it is written as a fault. */
const TRIES = 3;

export class Coordinator {
  private readonly pool: Piscina<WorkerTask, PlayResult | CheckResult>;
  readonly setup: ContestSetup;
  private readonly inFlight = new Set<string>();
  /** Matches handed to remote workers (havoc serve-worker), by id: until when the lease holds. */
  private readonly leases = new Map<string, { until: number; worker: string }>();
  private readonly tries = new Map<string, number>();
  private stopped = false;
  /** Matches written by this process (the load run's figure). */
  played = 0;

  constructor(
    readonly db: ContestDb,
    readonly contest: ServedContest,
    readonly storage: string,
    readonly workers: number,
    private readonly say: (line: string) => void = () => undefined,
  ) {
    // Checks run here whatever the remote workers: at least one thread.
    this.pool = threadPool<WorkerTask, PlayResult | CheckResult>(workerFile(), Math.max(1, workers));
    const key = createHash('sha256').update(canonicalJson(contest.run)).digest('hex').slice(0, 16);
    this.setup = { key, run: contest.run, dataText: contest.dataText, storage };
  }

  /** Matches queued at once: each local worker two, and room for the remote workers' leases. */
  get capacity(): number {
    return Math.max(2, this.workers * 2 + this.leases.size + 2);
  }

  get frozen(): boolean {
    return this.db.setting('frozen') === '1';
  }

  /** Pausing stops new ladder matches (queued ones still play). */
  get paused(): boolean {
    return this.db.setting('paused') === '1';
  }

  bot(s: SubmissionRow): SeatBot {
    return { name: s.entrant, spec: s.spec, root: s.dir ? join(this.storage, s.dir) : null };
  }

  /** Checks a submission in a worker. */
  check(submission: number, bot: SeatBot): Promise<CheckResult> {
    const task: CheckTask = { ...this.setup, kind: 'check', submission, bot, games: this.contest.serve.checkGames };
    return this.pool.run(task) as Promise<CheckResult>;
  }

  /** The ladder as of now, for the choice of the next matches. */
  private view(): LadderView {
    const current = this.db.current().map((s) => s.id);
    const ratings = rateResults(this.db.results('ladder'));
    const count = new Map<string, { all: number; pending: number }>();
    const key = (a: number, b: number): string => (a < b ? `${a},${b}` : `${b},${a}`);
    for (const m of this.db.db.prepare("SELECT s0, s1, state FROM matches WHERE kind = 'ladder'").all() as { s0: number; s1: number; state: string }[]) {
      const c = count.get(key(m.s0, m.s1)) ?? { all: 0, pending: 0 };
      c.all++;
      if (m.state === 'queued') c.pending++;
      count.set(key(m.s0, m.s1), c);
    }
    return {
      current,
      rating: (id) => ratings.bySubmission.get(id)?.elo ?? null,
      los: ratings.los,
      games: (a, b) => count.get(key(a, b))?.all ?? 0,
      pending: (a, b) => count.get(key(a, b))?.pending ?? 0,
    };
  }

  /** Queues the ladder's next matches when the queue runs low (not while a final is queued, nor when paused). */
  private refill(): void {
    if (this.paused) return;
    const queued = this.db.queued();
    if (queued.some((m) => m.kind === 'final') || queued.length >= this.capacity) return;
    const pairs = nextPairs(this.view(), Math.max(1, this.capacity - queued.length), { newGames: this.contest.serve.newGames, newOpponents: this.contest.serve.newOpponents, confidence: this.contest.confidence });
    const rows = pairs.flatMap((p) => {
      const had = this.db.pairCount('ladder', p.a, p.b);
      return Array.from({ length: p.games }, (_, k) => matchOf('ladder', this.contest.run.seed, p.a, p.b, had + k));
    });
    if (rows.length) this.db.queue(rows);
  }

  /** Whether a match is being played here or by a remote worker whose lease holds. */
  private busy(id: string): boolean {
    const l = this.leases.get(id);
    if (l && l.until < Date.now()) this.leases.delete(id);
    return this.inFlight.has(id) || this.leases.has(id);
  }

  /** Starts what there is room for on the local workers. */
  pump(): void {
    if (this.stopped) return;
    this.refill();
    if (this.workers === 0) return;
    for (const m of this.db.queued()) {
      if (this.inFlight.size >= this.workers * 2) break;
      if (this.busy(m.id)) continue;
      this.start(m);
    }
  }

  /**
   * A queued match for remote worker `worker`, leased to it for `seconds` (a worker killed mid-match: the match
   * is handed out again when its lease ends), or null when every queued match is under way.
   */
  lease(worker: string, seconds: number): { m: MatchRow; seats: [SubmissionRow, SubmissionRow] } | null {
    if (this.stopped) return null;
    this.refill();
    const m = this.db.queued().find((x) => !this.busy(x.id));
    if (!m) return null;
    this.leases.set(m.id, { until: Date.now() + seconds * 1000, worker });
    return { m, seats: [this.db.submission(m.s0)!, this.db.submission(m.s1)!] };
  }

  /** A remote worker's result: written once (false when the match was already written, by another worker or here). */
  remoteResult(id: string, r: PlayResult, worker: string): boolean {
    this.leases.delete(id);
    const ok = this.db.finish(id, { winner: r.winner, reason: r.reason, turns: r.turns, faults: r.faults, detail: JSON.stringify({ seats: r.seats, worker }), replay: r.replay, logs: r.logs }, new Date().toISOString());
    if (ok) this.played++;
    this.pump();
    return ok;
  }

  private start(m: MatchRow): void {
    const a = this.db.submission(m.s0)!, b = this.db.submission(m.s1)!;
    const task: PlayTask = { ...this.setup, kind: 'play', id: m.id, seed: m.seed, seats: [this.bot(a), this.bot(b)] };
    this.inFlight.add(m.id);
    (this.pool.run(task) as Promise<PlayResult>).then(
      (r) => {
        this.inFlight.delete(m.id);
        if (this.stopped) return;
        const detail = JSON.stringify({ seats: r.seats, worker: 'local' });
        if (this.db.finish(m.id, { winner: r.winner, reason: r.reason, turns: r.turns, faults: r.faults, detail, replay: r.replay, logs: r.logs }, new Date().toISOString())) this.played++;
        this.pump();
      },
      (e: Error) => {
        this.inFlight.delete(m.id);
        if (this.stopped) return;
        const n = (this.tries.get(m.id) ?? 0) + 1;
        this.tries.set(m.id, n);
        this.say(`match ${m.id}: its worker failed (${e.message})${n >= TRIES ? ': written as a fault' : ': tried again'}`);
        if (n >= TRIES) {
          const detail = JSON.stringify({ seats: [], error: e.message });
          this.db.finish(m.id, { winner: -1, reason: 'fault', turns: 0, faults: [0, 0], detail, replay: null, logs: [] }, new Date().toISOString());
        }
        setTimeout(() => this.pump(), 200);
      },
    );
  }

  /** Queues the final: every pair of the top `top` current submissions by rating, `games` games each. */
  startFinal(top: number, games: number): number {
    const ratings = rateResults(this.db.results('ladder'));
    const current = this.db.current().map((s) => s.id);
    const best = [...current].sort((x, y) => (ratings.bySubmission.get(y)?.elo ?? -Infinity) - (ratings.bySubmission.get(x)?.elo ?? -Infinity) || x - y).slice(0, top);
    this.db.setSetting('final', JSON.stringify({ submissions: best, games }));
    const n = this.db.queue(finalMatches(this.contest.run.seed, best, games));
    this.pump();
    return n;
  }

  /** Stops handing out matches and ends the workers (what they were playing is written by nobody: it stays queued). */
  async close(): Promise<void> {
    this.stopped = true;
    await this.pool.destroy();
  }
}
