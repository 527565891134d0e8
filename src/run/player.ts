/**
 * Plays a run's matches by id: the spec from the schedule, the game from the
 * seats' loadouts, the bots from their modules, the result as a MatchRow.
 * Used inside the workers (and in-process with `workers: 0`).
 */
import { seatKeyOf, seatSeedsOf } from '../core/seatKey.js';
import type { AnyGameModule } from '../core/game.js';
import { HavocError } from '../core/errors.js';
import { loadRuleset, rulesetById } from '../rules/registry.js';
import { recordMatch, replayPath, startReplay, writeReplay } from '../store/replays.js';
import { type BotModule, loadBotModule } from '../match/bots.js';
import { matchFactory } from '../sandbox/remoteBot.js';
import { isolationOf, type Isolation } from '../sandbox/limits.js';
import { clearBotLogs, botLogPath } from '../store/botLogs.js';
import { clearMatchTimes, writeMatchTimes } from '../store/decisionTimes.js';
import { clockOf, noDecisions, timedBot, type DecisionTimes } from '../match/measuredBot.js';
import type { RunConfig } from '../config/index.js';
import { withRunData } from '../config/data.js';
import { playMatch, type BotGuard } from '../match/loop.js';
import { droppedRow } from './hangs.js';
import { sharedFirst, type MatchRow } from '../store/records.js';
import { botSpecOf, buildResolver, makeSchedule, type MatchSpec, type Schedule } from './schedule.js';

/**
 * Which matches get a replay file: none, all, every match someone lost
 * (written as it is played: a contest's default, so each entrant's every
 * loss can be watched), or N chosen for interest once the run is played.
 * Matches with a bot fault always do.
 */
export type ReplayChoice = 'none' | 'all' | 'losses' | number;

/** Where and which replays a player writes. */
export interface ReplayPlan {
  /** The run folder (replays go to DIR/replays/). */
  readonly dir: string;
  readonly save: ReplayChoice;
}

/** Parses `--save-replays all|none|losses|N`. */
export function parseReplayChoice(v: string | number | undefined, fallback: ReplayChoice): ReplayChoice {
  if (v === undefined) return fallback;
  if (v === 'all' || v === 'none' || v === 'losses') return v;
  const n = Number(v);
  if (Number.isInteger(n) && n >= 0) return n;
  throw new HavocError('ERR_ARGS', '--save-replays', `must be all, none, losses or a number of matches, not "${v}"`);
}

export class MatchPlayer {
  readonly schedule: Schedule;
  /** Lines for the run's errors.log since the last `takeNotes` (a bot that forfeited a match, and why). */
  private notes: string[] = [];
  /** The run's ruleset, bound to its data (NHM: the run's catalogue). */
  readonly module: AnyGameModule;
  private readonly build: (name: string) => unknown;
  private readonly games = new Map<string, unknown>();
  /** Per game: whether the ruleset's fast path plays it with these bots' native policies (checking costs more than a match). */
  private readonly fastFit = new WeakMap<object, Map<string, boolean>>();
  /** How the run's isolated bots' processes run (its `limits`). */
  private readonly isolation: Isolation;

  private constructor(
    readonly run: RunConfig,
    readonly data: unknown,
    private readonly bots: ReadonlyMap<string, BotModule>,
    private readonly replays: ReplayPlan | null,
  ) {
    const mod = rulesetById(run.ruleset);
    this.module = withRunData(mod, data);
    this.schedule = makeSchedule(run, data);
    this.build = buildResolver(run, this.module);
    this.isolation = isolationOf(run.limits);
  }

  /**
   * Loads the run's bots and builds its schedule; `data`: the run's data as
   * its ruleset read it (undefined: none); `trusted`: bots named by path run
   * in this thread (`--unsafe-bots`) rather than isolated; `botFiles`: where
   * a bot named by path loads from instead (a queue worker's copy).
   */
  static async create(run: RunConfig, data: unknown, replays: ReplayPlan | null = null, trusted = false, botFiles?: Readonly<Record<string, string>>): Promise<MatchPlayer> {
    if (run.rulesetModule) await loadRuleset(run.rulesetModule);
    const bots = new Map<string, BotModule>();
    for (const b of run.bots) bots.set(b.name, await loadBotModule(botFiles?.[b.bot] ?? b.bot, trusted));
    return new MatchPlayer(run, data, bots, replays);
  }

  /** Whether match `id` is recorded as it is played: every match under `all`, and under `losses` (kept once it is known to have a loser). */
  private wantsReplay(id: number): boolean {
    // A number of replays is chosen for interest once the run is played (rerun.ts saveChosenReplays).
    return this.replays?.save === 'all' || this.replays?.save === 'losses';
  }

  /** The game of a match's seats (cached by builds). */
  gameOf(spec: MatchSpec): unknown {
    const key = spec.seats.map((s) => s.loadout).join('\n');
    let g = this.games.get(key);
    if (g) return g;
    g = this.module.makeGame({ builds: spec.seats.map((s) => this.build(s.loadout)), turnLimit: this.run.turnLimit });
    if (this.games.size >= 4096) this.games.clear();
    this.games.set(key, g);
    return g;
  }

  /** Whether the ruleset's fast path takes this game with the seats' bots (cached per game and bots). */
  private fast(game: unknown, spec: MatchSpec, mods: readonly BotModule[]): boolean {
    const fast = this.module.fast;
    if (!fast || mods.some((m) => !m.policy)) return false;
    let byBots = this.fastFit.get(game as object);
    if (!byBots) this.fastFit.set(game as object, (byBots = new Map()));
    const key = spec.seats.length === 2 ? spec.seats[0].bot + '\n' + spec.seats[1].bot : spec.seats.map((s) => s.bot).join('\n');
    let ok = byBots.get(key);
    if (ok === undefined) byBots.set(key, (ok = fast.accepts(game, mods.map((m) => m.policy))));
    return ok;
  }

  /** The errors.log lines of the matches played since the last call. */
  takeNotes(): string[] {
    const n = this.notes;
    this.notes = [];
    return n;
  }

  /** The row of match `id` when bots of `dropped` play in it: lost by them, not played (hangs.ts). */
  dropped(id: number, dropped: ReadonlySet<string>): MatchRow {
    return droppedRow(this.schedule.spec(id), dropped, this.module.figures.length);
  }

  /** Plays match `id`; `guard` is told when bot code runs (the watchdog's marks). */
  play(id: number, guard?: BotGuard): MatchRow {
    const spec = this.schedule.spec(id);
    const game = this.gameOf(spec);
    const mods = spec.seats.map((s) => this.bots.get(s.bot)!);
    const row = {
      id,
      seed: spec.seed,
      bots: spec.seats.map((s) => s.bot),
      loadouts: spec.seats.map((s) => s.loadout),
    };
    // Bots with native policies the ruleset's fast path takes (RBP's two-pig kernel): the very
    // same match (test/unit/kernel.test.ts), about 20 times faster.
    const replay = this.wantsReplay(id);
    if (!replay && this.fast(game, spec, mods)) {
      guard?.enter(-1, 'decision');
      let r;
      try {
        r = this.module.fast!.play(game, seatSeedsOf(seatKeyOf(this.run.seed), spec.seed, mods.length).bots, mods.length === 2 ? [mods[0].policy, mods[1].policy] : mods.map((m) => m.policy));
      } finally {
        guard?.exit();
      }
      // A plain literal, not a spread: this runs a million times a run, and the spread's garbage doubled its cost.
      return { id, seed: row.seed, bots: row.bots, loadouts: row.loadouts, winner: r.winner ?? -1, turns: r.turns, reason: r.reason, figures: r.figures, faults: new Array(mods.length).fill(0) };
    }
    // An isolated bot's factory is made per match: it starts the bot's process for this game and seed.
    // Its stderr goes to the run folder's logs/ (a log an earlier try of this match left is removed first);
    // a match played again for its replay writes none.
    const logs = this.replays && mods.some((m) => m.isolated) ? clearBotLogs(this.replays.dir, id, mods.length) : null;
    if (logs) clearMatchTimes(this.replays!.dir, id);
    // An isolated bot's decisions are timed (by the budget's clock) into logs/ beside its stderr, for the entrant pages.
    const times: (DecisionTimes | null)[] = mods.map((m) => (logs && m.isolated ? noDecisions() : null));
    const bots = mods.map((m, s) => {
      const f = matchFactory(m, this.module, game, this.isolation, logs && m.isolated ? botLogPath(this.replays!.dir, id, s) : null);
      return times[s] ? timedBot(f, this.run.budget, times[s]) : f;
    });
    const again = () => mods.map((m) => matchFactory(m, this.module, game, this.isolation));
    const info = {
      botSpecs: spec.seats.map((s) => botSpecOf(this.run, s.bot)),
      match: { id, runSeed: this.run.seed },
      ...(this.run.rulesetModule ? { rulesetModule: this.run.rulesetModule } : {}),
    };
    const mod = this.module;
    // A match with an isolated bot is recorded as it is played, and kept if a bot faulted: its process's
    // fault (a crash, a timeout, the machine's doing) may not come again when the match is played again.
    const recorded = this.replays && (replay || mods.some((m) => m.isolated));
    const rec = recorded ? startReplay(mod, game, { ...info, seed: spec.seed, budget: this.run.budget, maxFaults: this.run.maxFaults }) : null;
    const r = playMatch({ module: mod, game, bots, seed: spec.seed, seatKey: seatKeyOf(this.run.seed), budget: this.run.budget, maxFaults: this.run.maxFaults, record: rec?.record, onBelief: rec?.belief, guard });
    if (logs) writeMatchTimes(this.replays!.dir, id, times.map((t) => t && { clock: clockOf(t), ms: t.times, wallMs: t.wallMs }));
    for (const s of r.forfeits) {
      const cause = r.faultLog.filter((f) => f.seat === s).pop();
      const why = cause ? `${cause.kind}, ${cause.message.replace(/^forfeits the match: |; forfeits the match$/g, '')}` : 'lost';
      this.notes.push(`match ${id}: seat ${mod.seatName(game, s)} (${spec.seats[s].bot}) forfeits the match: ${why}`);
    }
    const keep = this.replays?.save === 'losses' ? r.ranks.some((rank) => rank > 0) : replay;
    if (rec && (keep || r.faultLog.length > 0)) writeReplay(replayPath(this.replays!.dir, id), rec.finish(r));
    else if (!rec && this.replays && r.faultLog.length > 0) {
      // A match with a bot fault always gets its replay: played again with the same faults (its bots are in this thread).
      const replayed = recordMatch({ module: mod, game, bots: again(), seed: spec.seed, budget: this.run.budget, maxFaults: this.run.maxFaults, ...info, faultLog: r.faultLog });
      writeReplay(replayPath(this.replays.dir, id), replayed.lines);
    }
    return { ...row, winner: r.winner ?? -1, shared: sharedFirst(r.ranks), turns: r.turns, reason: r.reason, figures: r.figures, faults: r.faults };
  }
}

/** The end reason of a match that could not be played. */
export const FAULT = 'fault';

/** The row of a match that could not be played (its worker died): a draw with reason `fault`. */
export function faultRow(spec: MatchSpec, figures: number): MatchRow {
  const k = spec.seats.length;
  return {
    id: spec.id,
    seed: spec.seed,
    bots: spec.seats.map((s) => s.bot),
    loadouts: spec.seats.map((s) => s.loadout),
    winner: -1,
    turns: 0,
    reason: FAULT,
    figures: Array.from({ length: figures }, () => new Array<number>(k).fill(0)),
    faults: new Array(k).fill(0),
  };
}
