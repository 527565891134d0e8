/**
 * The contest's coordinator: keeps the workers busy. Matches the database
 * holds as queued (a server restarted: those it had not written) go first,
 * then the ladder's next choices (ladder.ts) are queued — written before
 * they are played — and handed to the worker pool; each result is written
 * with the ratings in one transaction (db.ts). While a final is queued the
 * ladder waits; a frozen contest takes no submissions, and its ladder plays
 * on until the organiser starts the final. Several servers may share one
 * contest's database (PostgreSQL): each plays only the matches it claims in
 * the database (db.ts `claim`), chooses the ladder's next matches in a
 * transaction of its own, and looks at the queue every second for what the
 * others queued and for claims whose time ran out (a server killed).
 */
import { createHash, randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
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

/** How long a claim of this server's own threads holds without renewal, and how often it is renewed. */
export const LOCAL_CLAIM_MS = 10_000;
const RENEW_MS = 2_000;
/** How often the queue is looked at for matches other servers queued or let go. */
const LOOK_MS = 1_000;

/** Whether a match's claim (as last read) still holds: not worth trying to claim it. */
const held = (m: MatchRow, now: number): boolean => m.claimer !== null && (m.claim_until ?? 0) >= now;

/** A pair of submissions as one key, whichever seat each has: `LO,HI`. */
const pairKey = (a: number, b: number): string => (a < b ? `${a},${b}` : `${b},${a}`);
const pairOf = (m: Pick<MatchRow, 's0' | 's1'>): string => pairKey(m.s0, m.s1);

export class Coordinator {
  private readonly pool: Piscina<WorkerTask, PlayResult | CheckResult>;
  readonly setup: ContestSetup;
  /** Matches played here now, by id: their pair (`LO,HI`). */
  private readonly inFlight = new Map<string, string>();
  private readonly tries = new Map<string, number>();
  private stopped = false;
  private timers: NodeJS.Timeout[] = [];
  /** The pump running now (one at a time), and whether another was asked for meanwhile. */
  private pumping: Promise<void> | null = null;
  private again = false;
  /**
   * This server as its claims name it: HOST:PORT once it listens (`listening`), so the same server started again
   * knows its own claims and takes them back at once; a process's random name until then.
   */
  me = `${hostname()}:${randomBytes(4).toString('hex')}`;
  /** Matches written by this process (the load run's figure). */
  played = 0;
  /** Matches this process played whose result another had written first (a claim that ran out mid-match). */
  discarded = 0;

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

  /** Unclaimed matches kept queued: each local worker two, and two for the remote workers. */
  get capacity(): number {
    return this.workers * 2 + 2;
  }

  /**
   * Whether to leave match `m` to the other servers for now: on a shared database (PostgreSQL) a server plays one
   * game of a pair at a time. Else a server whose match ends would queue the pair's next games and claim them all
   * at once (two a thread: the next is waiting when one ends), keeping the ladder's few open pairs to itself while
   * the other servers' threads wait. Alone on its database (SQLite) it takes them all.
   */
  private leave(m: MatchRow): boolean {
    return this.db.engine === 'postgres' && [...this.inFlight.values()].includes(pairOf(m));
  }

  async frozen(): Promise<boolean> {
    return (await this.db.setting('frozen')) === '1';
  }

  /** Pausing stops new ladder matches (queued ones still play). */
  async paused(): Promise<boolean> {
    return (await this.db.setting('paused')) === '1';
  }

  bot(s: SubmissionRow): SeatBot {
    return { name: s.entrant, spec: s.spec, root: s.dir ? join(this.storage, s.dir) : null };
  }

  /** Checks a submission in a worker. */
  check(submission: number, bot: SeatBot): Promise<CheckResult> {
    const task: CheckTask = { ...this.setup, kind: 'check', submission, bot, games: this.contest.serve.checkGames };
    return this.pool.run(task) as Promise<CheckResult>;
  }

  /**
   * Starts playing under the name `me` (HOST:PORT): takes back the claims a previous process of this server left
   * (killed: it renews them no more), then keeps its claims renewed and looks at the queue every second.
   */
  async listening(me: string): Promise<void> {
    this.me = me;
    await this.db.releaseClaims(me);
    const renew = (): void => void this.db.renewClaims(this.me, Date.now() + LOCAL_CLAIM_MS).catch((e: Error) => this.say(`renewing claims: ${e.message}`));
    this.timers.push(setInterval(renew, RENEW_MS), setInterval(() => this.pump(), LOOK_MS));
    this.pump();
  }

  /** The ladder as of now, for the choice of the next matches. */
  private async view(db: ContestDb): Promise<LadderView> {
    const current = (await db.current()).map((s) => s.id);
    const ratings = rateResults(await db.results('ladder'));
    const count = new Map<string, { all: number; pending: number }>();
    for (const m of await db.ladderPairs()) {
      const c = count.get(pairOf(m)) ?? { all: 0, pending: 0 };
      c.all++;
      if (m.state === 'queued') c.pending++;
      count.set(pairOf(m), c);
    }
    return {
      current,
      rating: (id) => ratings.bySubmission.get(id)?.elo ?? null,
      los: ratings.los,
      games: (a, b) => count.get(pairKey(a, b))?.all ?? 0,
      pending: (a, b) => count.get(pairKey(a, b))?.pending ?? 0,
    };
  }

  /**
   * Queues the ladder's next matches when fewer than `capacity` wait unclaimed (not while a final is queued, nor when
   * paused): chosen and written in one transaction, so two servers choosing at once neither number two matches alike
   * nor both fill the queue.
   */
  private async refill(): Promise<void> {
    if (await this.paused()) return;
    const now = Date.now();
    const waiting = (q: MatchRow[]): number => q.filter((m) => !held(m, now)).length;
    const first = await this.db.queued();
    if (first.some((m) => m.kind === 'final') || waiting(first) >= this.capacity) return;
    await this.db.alone(async (db) => {
      const queued = await db.queued();
      if (queued.some((m) => m.kind === 'final') || waiting(queued) >= this.capacity) return;
      const pairs = nextPairs(await this.view(db), Math.max(1, this.capacity - waiting(queued)), { newGames: this.contest.serve.newGames, newOpponents: this.contest.serve.newOpponents, confidence: this.contest.confidence });
      const rows = [];
      for (const p of pairs) {
        const had = await db.pairCount('ladder', p.a, p.b);
        for (let k = 0; k < p.games; k++) rows.push(matchOf('ladder', this.contest.run.seed, p.a, p.b, had + k));
      }
      if (rows.length) await db.queue(rows);
    });
  }

  /** Starts what there is room for on the local workers (one pump at a time; asked again meanwhile, it runs again). */
  pump(): void {
    if (this.stopped) return;
    if (this.pumping) {
      this.again = true;
      return;
    }
    this.again = false;
    this.pumping = this.pumpOnce()
      .catch((e: Error) => this.say(`the ladder: ${e.message.split('\n')[0]}`))
      .finally(() => {
        this.pumping = null;
        if (this.again) this.pump();
      });
  }

  private async pumpOnce(): Promise<void> {
    await this.refill();
    if (this.workers === 0) return;
    for (const m of await this.db.queued()) {
      if (this.stopped || this.inFlight.size >= this.workers * 2) break;
      const now = Date.now();
      if (this.inFlight.has(m.id) || held(m, now) || this.leave(m)) continue;
      if (await this.db.claim(m.id, this.me, now + LOCAL_CLAIM_MS, now)) await this.start(m);
    }
  }

  /**
   * A queued match for remote worker `worker`, claimed for it for `seconds` (a worker killed mid-match: the match
   * is handed out again when its claim ends), or null when every queued match is under way.
   */
  async lease(worker: string, seconds: number): Promise<{ m: MatchRow; seats: [SubmissionRow, SubmissionRow] } | null> {
    if (this.stopped) return null;
    await this.refill();
    for (const m of await this.db.queued()) {
      const now = Date.now();
      if (this.inFlight.has(m.id) || held(m, now)) continue;
      if (!(await this.db.claim(m.id, `${this.me}/${worker}`, now + seconds * 1000, now))) continue;
      return { m, seats: [(await this.db.submission(m.s0))!, (await this.db.submission(m.s1))!] };
    }
    return null;
  }

  /** A result played anywhere, written once: false when the match was already written (by another worker or server). */
  private async write(id: string, r: PlayResult, worker: string): Promise<boolean> {
    const detail = JSON.stringify({ seats: r.seats, worker, server: this.me });
    const ok = await this.db.finish(id, { winner: r.winner, reason: r.reason, turns: r.turns, faults: r.faults, detail, replay: r.replay, logs: r.logs }, new Date().toISOString());
    if (ok) this.played++;
    else {
      this.discarded++;
      this.say(`match ${id}: played again by ${worker === 'local' ? 'this server' : worker} after its result was written (its claim had run out): not written twice`);
    }
    return ok;
  }

  /** A remote worker's result: written once (false when the match was already written, by another worker or here). */
  async remoteResult(id: string, r: PlayResult, worker: string): Promise<boolean> {
    const ok = await this.write(id, r, worker);
    this.pump();
    return ok;
  }

  private async start(m: MatchRow): Promise<void> {
    const a = (await this.db.submission(m.s0))!, b = (await this.db.submission(m.s1))!;
    const task: PlayTask = { ...this.setup, kind: 'play', id: m.id, seed: m.seed, seats: [this.bot(a), this.bot(b)] };
    this.inFlight.set(m.id, pairOf(m));
    (this.pool.run(task) as Promise<PlayResult>).then(
      async (r) => {
        if (!this.stopped)
          await this.write(m.id, r, 'local').catch(async (e: Error) => {
            this.say(`match ${m.id}: its result could not be written (${e.message.split('\n')[0]}): it stays queued, to be played again`);
            await this.db.releaseClaims(this.me, m.id).catch(() => undefined);
          });
        this.inFlight.delete(m.id);
        this.pump();
      },
      async (e: Error) => {
        this.inFlight.delete(m.id);
        if (this.stopped) return;
        const n = (this.tries.get(m.id) ?? 0) + 1;
        this.tries.set(m.id, n);
        this.say(`match ${m.id}: its worker failed (${e.message})${n >= TRIES ? ': written as a fault' : ': tried again'}`);
        try {
          // Let go, so it is claimed again (here or by another server).
          if (n < TRIES) await this.db.releaseClaims(this.me, m.id);
          if (n >= TRIES) {
            const detail = JSON.stringify({ seats: [], error: e.message, server: this.me });
            await this.db.finish(m.id, { winner: -1, reason: 'fault', turns: 0, faults: [0, 0], detail, replay: null, logs: [] }, new Date().toISOString());
          }
        } catch (x) {
          this.say(`match ${m.id}: ${(x as Error).message.split('\n')[0]}`);
        }
        setTimeout(() => this.pump(), 200);
      },
    );
  }

  /** Queues the final: every pair of the top `top` current submissions by rating, `games` games each. */
  async startFinal(top: number, games: number): Promise<number> {
    const ratings = rateResults(await this.db.results('ladder'));
    const current = (await this.db.current()).map((s) => s.id);
    const best = [...current].sort((x, y) => (ratings.bySubmission.get(y)?.elo ?? -Infinity) - (ratings.bySubmission.get(x)?.elo ?? -Infinity) || x - y).slice(0, top);
    await this.db.setSetting('final', JSON.stringify({ submissions: best, games }));
    const n = await this.db.queue(finalMatches(this.contest.run.seed, best, games));
    this.pump();
    return n;
  }

  /**
   * Stops handing out matches and ends the workers; what they were playing is written by nobody: it stays queued,
   * its claims let go so another server (or this one, started again) plays it at once.
   */
  async close(): Promise<void> {
    this.stopped = true;
    for (const t of this.timers) clearInterval(t);
    await this.pumping;
    await this.pool.destroy();
    await this.db.releaseClaims(this.me).catch(() => undefined);
  }
}
