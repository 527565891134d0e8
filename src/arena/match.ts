/**
 * One match between bots: a pure function of the game, the bots and the seed.
 * A bot that throws, answers with an illegal program or overruns its budget
 * loses that turn (all X) and the fault is recorded; the match goes on. A bad
 * run-time answer (Dodge, Auto-Target) is recorded too (docs/rules.md 7.3).
 *
 * What a bot sees is its seat's observation and a SeatView whose state is the
 * seat's knowledge: other seats' mines removed, and the rules' dice replaced by
 * a stream of the seat's own, so simulating a teleport does not foretell the
 * real roll.
 */
import { type Budget, DEFAULT_BUDGET, isMixed, sampleMixed } from '../core/bot.js';
import { squareName } from '../core/grid.js';
import { deriveSeed, diceSeed, makeRng, seatSeed, sfc32Next, sfc32Seed, type Rng } from '../core/rng.js';
import type { Bot, BotFactory, Program, SeatView } from '../rules/nhm/botApi.js';
import { defaultChooser } from '../rules/nhm/choices.js';
import { CMD_TEL, CMD_X, isMove } from '../rules/nhm/commands.js';
import type { Game } from '../rules/nhm/game.js';
import { copyForSeat, observe } from '../rules/nhm/observe.js';
import { checkProgram, formatProgram, parseCommand, parseProgram, type Notation } from '../rules/nhm/programs.js';
import { END_REASONS, State } from '../rules/nhm/state.js';
import { playTurn, type Chooser } from '../rules/nhm/step.js';
import type { Tracer } from '../rules/nhm/trace.js';

export interface MatchOptions {
  game: Game;
  bots: readonly BotFactory[];
  seed: string;
  notation?: Notation;
  budget?: Budget;
  tracer?: (st: () => State) => Tracer;
  /** Called after every turn, with the programs played. */
  onTurn?: (st: State, programs: string[]) => void;
  /** Measures time for budgets; injected so tests can be exact. Default: performance.now. */
  clock?: () => number;
  /** Told when a seat's bot code starts running and when it returns (the arena's watchdog for bots that never return). */
  guard?: BotGuard;
}

/** Brackets every call into a bot's code: making the bot (which may warm up at length), or a decision or run-time answer. */
export interface BotGuard {
  enter(seat: number, call: 'factory' | 'decision'): void;
  exit(): void;
}

export interface FaultRecord {
  seat: number;
  turn: number;
  kind: 'throw' | 'illegal' | 'timeout' | 'choice';
  message: string;
}

export interface MatchResult {
  /** Winning seat, or null for a draw. */
  winner: number | null;
  reason: string;
  turns: number;
  dealt: number[];
  faults: number[];
  faultLog: FaultRecord[];
  /** Mean milliseconds per program decision, per seat. */
  decisionMs: number[];
}

/** Plays a match to its end. */
export function playMatch(opts: MatchOptions): MatchResult {
  const { game, seed } = opts;
  const notation = opts.notation ?? (game.rulesetId === 'rbp' ? 'rbp' : 'nhm');
  const budget = opts.budget ?? DEFAULT_BUDGET;
  const clock = opts.clock ?? (() => performance.now());
  const st = new State(game, diceSeed(seed));
  const n = game.n;
  const rngs: Rng[] = [];
  const bots: (Bot | null)[] = [];
  const faultLog: FaultRecord[] = [];
  const fault = (seat: number, kind: FaultRecord['kind'], message: string): void => {
    st.faults[seat]++;
    faultLog.push({ seat, turn: st.turn + 1, kind, message });
  };
  const guard = opts.guard;
  for (let s = 0; s < n; s++) {
    const rng = makeRng(seatSeed(seed, s));
    rngs.push(rng);
    guard?.enter(s, 'factory');
    try {
      bots.push(opts.bots[s]({ seat: s, rng, budget, game, notation }));
    } catch (e) {
      bots.push(null);
      fault(s, 'throw', `bot factory threw: ${(e as Error).message}`);
    } finally {
      guard?.exit();
    }
  }
  const views: SeatView[] = Array.from({ length: n }, (_, s) => ({ seat: s, state: new State(game) }));
  const last: (string | null)[] = new Array(n).fill(null);
  const codes = new Array<number>(n * 5).fill(CMD_X);
  const spent = new Array<number>(n).fill(0);
  const decisions = new Array<number>(n).fill(0);
  const tracer = opts.tracer ? opts.tracer(() => st) : null;

  const chooser: Chooser = {
    autoTarget: (s, m) => runtime(m, 'autoTarget', (b, obs, v) => b.autoTarget?.(obs, v)) ?? defaultChooser.autoTarget(s, m),
    dodge: (s, m, hot) =>
      runtime(m, 'dodge', (b, obs, v) => b.dodge?.(obs, v, hotSquares(s, hot))) ?? defaultChooser.dodge(s, m, hot),
  };
  /** A seat's view of the state now: its knowledge, with dice of its own. */
  function viewFor(m: number): SeatView {
    const v = views[m];
    copyForSeat(st, v.state, m);
    // Fresh dice from the seat's view stream: seeded once per match, four draws per view.
    const d = v.state.dice;
    for (let i = 0; i < 4; i++) d[i] = sfc32Next(viewDice, 4 * m);
    if ((d[0] | d[1] | d[2] | d[3]) === 0) d[0] = 1;
    return v;
  }
  const viewDice = new Uint32Array(4 * n);
  for (let m = 0; m < n; m++) sfc32Seed(viewDice, 4 * m, deriveSeed(seed, 'view-dice', m));
  /**
   * Asks seat m's bot a run-time question (docs/rules.md 7.3): null (or no
   * bot) is the default; an answer that throws or cannot be parsed is a fault
   * and the default; one that parses but is not legal is a fault and X.
   */
  function runtime(m: number, what: 'autoTarget' | 'dodge', ask: (b: Bot, obs: ReturnType<typeof observe>, v: SeatView) => string | number | null | undefined): number | null {
    const b = bots[m];
    if (!b) return null;
    let c: number | string;
    try {
      const v = viewFor(m);
      guard?.enter(m, 'decision');
      let ans: string | number | null | undefined;
      try {
        ans = ask(b, observe(st, m, notation, last), v);
      } finally {
        guard?.exit();
      }
      if (ans === null || ans === undefined) return null;
      c = typeof ans === 'number' ? ans : parseCommand(game, m, String(ans), notation);
      if (typeof c === 'string') throw new Error(c);
    } catch (e) {
      fault(m, 'choice', `${what}: ${(e as Error)?.message ?? String(e)}`);
      return null;
    }
    const ok = what === 'autoTarget' ? c === CMD_X || game.weaponCmds[m].includes(c) : c === CMD_X || ((isMove(c) || c === CMD_TEL) && game.isLegal(m, c));
    if (ok) return c;
    fault(m, 'choice', `${what}: ${c} is not a ${what === 'autoTarget' ? 'weapon command' : 'move'} this machine has`);
    return CMD_X;
  }

  while (!st.isOver()) {
    for (let m = 0; m < n; m++) {
      codes.fill(CMD_X, m * 5, m * 5 + 5);
      const b = bots[m];
      if (!st.alive[m] || !b) continue;
      const view = viewFor(m);
      const obs = observe(st, m, notation, last);
      const t0 = clock();
      let prog: Program | null | undefined = null;
      let threw = false, error: unknown = null;
      guard?.enter(m, 'decision');
      try {
        const ans = b.program(obs, view);
        prog = isMixed<Program>(ans) ? sampleMixed(ans, rngs[m]) : ans;
      } catch (e) {
        threw = true;
        error = e;
      } finally {
        guard?.exit();
      }
      const dt = clock() - t0;
      spent[m] += dt;
      decisions[m]++;
      if (threw) {
        fault(m, 'throw', error instanceof Error ? error.message : String(error));
        continue;
      }
      if (dt > budget.ms) {
        fault(m, 'timeout', `took ${dt.toFixed(1)} ms, budget ${budget.ms} ms`);
        continue;
      }
      if (prog === null || prog === undefined) {
        fault(m, 'illegal', `returned no program (${String(prog)})`);
        continue;
      }
      try {
        if (typeof prog !== 'string' && !Array.isArray(prog) && !ArrayBuffer.isView(prog))
          throw new Error(`a program is a string or five command codes, not ${typeof prog}`);
        const p = typeof prog === 'string' ? parseProgram(game, m, prog, notation) : Array.from(prog as ArrayLike<number>, Number);
        if (p.length !== 5) throw new Error(`a program has 5 commands, got ${p.length}`);
        const err = checkProgram(st, m, p, notation);
        if (err) throw err;
        for (let k = 0; k < 5; k++) codes[m * 5 + k] = p[k];
      } catch (e) {
        fault(m, 'illegal', (e as Error).message);
      }
    }
    playTurn(st, codes, chooser, tracer);
    for (let m = 0; m < n; m++) last[m] = formatProgram(game, codes, notation, m * 5);
    opts.onTurn?.(st, [...last] as string[]);
  }
  return {
    winner: st.winner >= 0 ? st.winner : null,
    reason: END_REASONS[st.end],
    turns: st.turn,
    dealt: Array.from(st.dealt),
    faults: Array.from(st.faults),
    faultLog,
    decisionMs: spent.map((t, m) => (decisions[m] ? t / decisions[m] : 0)),
  };
}

function hotSquares(st: State, hot: Uint8Array): string[] {
  const out: string[] = [];
  for (let s = 0; s < hot.length; s++) if (hot[s]) out.push(squareName(st.game.board, s));
  return out;
}
