/**
 * Plays a run's matches by id: the spec from the schedule, the game from the
 * seats' loadouts, the bots from their modules, the result as a MatchRow.
 * Used inside the workers (and in-process with `workers: 0`).
 */
import { join } from 'node:path';
import { makeBoard } from '../core/grid.js';
import type { Catalogue } from '../rules/nhm/parts.js';
import { kernelBridge, kernelResult, kernelSetupOf } from '../rules/rbp/bridge.js';
import { type KernelSetup, newKState, newRngPair, playSeededMatchK } from '../rules/rbp/kernel.js';
import { recordMatch, replayPath, startReplay, writeReplay } from '../replay/record.js';
import { Game } from '../rules/nhm/game.js';
import { defaultStarts } from '../rules/nhm/starts.js';
import { rbpGame } from '../rules/rbp/index.js';
import { type BotModule, loadBotModule } from './bots.js';
import type { RunConfig } from './config.js';
import { playMatch, type BotGuard } from './match.js';
import type { MatchRow } from './records.js';
import { loadoutResolver, makeSchedule, type MatchSpec, type Schedule } from './schedule.js';

const NAMES = 'ABCD';

/** Which matches get a replay file: none, all, or the first N match ids. Matches with a bot fault always do. */
export type ReplayChoice = 'none' | 'all' | number;

/** Where and which replays a player writes. */
export interface ReplayPlan {
  /** The run folder (replays go to DIR/replays/). */
  readonly dir: string;
  readonly save: ReplayChoice;
}

/** Parses `--save-replays all|none|N`. */
export function parseReplayChoice(v: string | number | undefined, fallback: ReplayChoice): ReplayChoice {
  if (v === undefined) return fallback;
  if (v === 'all' || v === 'none') return v;
  const n = Number(v);
  if (Number.isInteger(n) && n >= 0) return n;
  throw new Error(`--save-replays must be all, none or a number of matches, not "${v}"`);
}

export class MatchPlayer {
  readonly schedule: Schedule;
  private readonly loadout: (name: string) => import('../rules/nhm/parts.js').Loadout;
  private readonly games = new Map<string, Game>();
  private readonly board = makeBoard(8, 8);

  /** The two-pig kernel's working memory, for RBP matches between bots with native policies. */
  private readonly kstate = newKState();
  private readonly krngs = newRngPair();
  /** Per game: its kernel setup when the two-pig kernel can play it, else null (checking costs more than a match). */
  private readonly kernelFit = new WeakMap<Game, KernelSetup | null>();

  private constructor(
    readonly run: RunConfig,
    readonly cat: Catalogue,
    private readonly bots: ReadonlyMap<string, BotModule>,
    private readonly replays: ReplayPlan | null,
  ) {
    this.schedule = makeSchedule(run, cat);
    this.loadout = loadoutResolver(run, cat);
  }

  /** Loads the run's bots and builds its schedule. */
  static async create(run: RunConfig, cat: Catalogue, replays: ReplayPlan | null = null): Promise<MatchPlayer> {
    const bots = new Map<string, BotModule>();
    for (const b of run.bots) bots.set(b.name, await loadBotModule(b.bot));
    return new MatchPlayer(run, cat, bots, replays);
  }

  private kernelSetup(game: Game): KernelSetup | null {
    let fit = this.kernelFit.get(game);
    if (fit === undefined) this.kernelFit.set(game, (fit = kernelBridge(game) ? kernelSetupOf(game) : null));
    return fit;
  }

  private wantsReplay(id: number): boolean {
    const save = this.replays?.save ?? 'none';
    return save === 'all' || (typeof save === 'number' && id < save);
  }

  /** The game of a match's seats (cached by loadouts). */
  gameOf(spec: MatchSpec): Game {
    const key = spec.seats.map((s) => s.loadout).join('\n');
    let g = this.games.get(key);
    if (g) return g;
    if (this.run.ruleset === 'rbp') g = rbpGame(this.cat, { turnLimit: this.run.turnLimit });
    else {
      const starts = defaultStarts(this.board, spec.seats.length);
      g = new Game({
        catalogue: this.cat,
        board: this.board,
        turnLimit: this.run.turnLimit,
        rulesetId: 'nhm',
        machines: spec.seats.map((s, i) => ({ name: NAMES[i], loadout: this.loadout(s.loadout), ...starts[i] })),
      });
    }
    if (this.games.size >= 4096) this.games.clear();
    this.games.set(key, g);
    return g;
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
    // Two pigs whose bots both have native policies: the kernel plays the very
    // same match (test/kernel.test.ts) about 20 times faster.
    const replay = this.wantsReplay(id);
    if (!replay && mods.length === 2 && mods[0].policy && mods[1].policy && this.kernelSetup(game)) {
      const k = this.kstate;
      guard?.enter(-1, 'decision');
      try {
        playSeededMatchK(k, spec.seed, mods[0].policy, mods[1].policy, this.krngs, this.kernelSetup(game)!);
      } finally {
        guard?.exit();
      }
      const r = kernelResult(k);
      // A plain literal, not a spread: this runs a million times a run, and the spread's garbage doubled its cost.
      return { id, seed: row.seed, bots: row.bots, loadouts: row.loadouts, winner: r.winner ?? -1, turns: r.turns, reason: r.reason, dealt: r.dealt, faults: [0, 0] };
    }
    const bots = mods.map((m) => m.factory);
    const info = {
      botSpecs: spec.seats.map((s) => this.run.bots.find((b) => b.name === s.bot)!.bot),
      catalogue: this.replays ? join(this.replays.dir, 'parts.json') : undefined,
      match: { id, runSeed: this.run.seed },
    };
    const rec = replay && this.replays ? startReplay(game, { ...info, seed: spec.seed, budget: this.run.budget }) : null;
    const r = playMatch({ game, bots, seed: spec.seed, budget: this.run.budget, tracer: rec?.tracer, guard });
    if (rec) writeReplay(replayPath(this.replays!.dir, id), rec.finish(r));
    else if (this.replays && r.faultLog.length > 0) {
      // A match with a bot fault always gets its replay: played again with the same faults.
      const again = recordMatch({ game, bots, seed: spec.seed, budget: this.run.budget, ...info, faultLog: r.faultLog });
      writeReplay(replayPath(this.replays.dir, id), again.lines);
    }
    return { ...row, winner: r.winner ?? -1, turns: r.turns, reason: r.reason, dealt: r.dealt, faults: r.faults };
  }
}

/** The row of a match that could not be played (its worker died): a draw with reason `fault`. */
export function faultRow(spec: MatchSpec): MatchRow {
  const k = spec.seats.length;
  return {
    id: spec.id,
    seed: spec.seed,
    bots: spec.seats.map((s) => s.bot),
    loadouts: spec.seats.map((s) => s.loadout),
    winner: -1,
    turns: 0,
    reason: 'fault',
    dealt: new Array(k).fill(0),
    faults: new Array(k).fill(0),
  };
}
