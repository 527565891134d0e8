/**
 * A tracer that writes each step as a plain JSON-ready object: the board
 * after the step plus what happened in it (moves, bonks, hot squares, hits,
 * deaths, mines, run-time choices). Used by `havoc scenario`, replays and the
 * terminal board; the engine itself never builds these objects.
 */
import { FACINGS, squareName } from '../../core/grid.js';
import { DAMAGE_SOURCES, type Tracer } from './trace.js';
import { formatCommand, type Notation } from './programs.js';
import type { State } from './state.js';

export interface MachineView {
  name: string;
  square: string | null;
  facing: string;
  hearts: number;
  shields: number;
  alive: boolean;
}

export interface StepRecord {
  turn: number;
  step: number;
  commands: Record<string, string>;
  machines: MachineView[];
  moves: { machine: string; from: string; to: string; phase: number }[];
  bonks: { machine: string; with: string | null; phase: number }[];
  teleports: { machine: string; roll: string }[];
  choices: { machine: string; kind: string; command: string }[];
  hot: { by: string; squares: string[] }[];
  hits: { machine: string; by: string | null; damage: number; source: string }[];
  deaths: string[];
  mines: { owner: string; square: string; event: string }[];
  /** End of turn (step 5): hearts and shield markers regained by repairing machines. */
  repairs: { machine: string; hearts: number; shields: number }[];
}

/** The machines of a state as plain objects. */
export function machineViews(st: State): MachineView[] {
  const g = st.game;
  return g.names.map((name, m) => ({
    name,
    square: st.sq[m] >= 0 ? squareName(g.board, st.sq[m]) : null,
    facing: FACINGS[st.facing[m]],
    hearts: st.hearts[m],
    shields: st.shields[m],
    alive: st.alive[m] === 1,
  }));
}

/** A state as JSON for a scenario's trace: the turn, the machines, and every mine (owner, armed), secrets included. */
export function stateJson(st: State): object {
  const g = st.game, mines: { square: string; owner: string; armed: boolean }[] = [];
  for (let q = 0; q < st.mineOwner.length; q++)
    for (let m = 0; m < g.n; m++) if (st.mineOwner[q] & (1 << m)) mines.push({ square: squareName(g.board, q), owner: g.names[m], armed: (st.mineArmed[q] & (1 << m)) !== 0 });
  return { turn: st.turn, machines: machineViews(st), mines };
}

/** Collects a StepRecord per step and hands it to `onStep`. */
export class RecordingTracer implements Tracer {
  private rec: StepRecord | null = null;
  private hotBy = new Map<number, Set<number>>();

  constructor(
    private readonly st: () => State,
    private readonly notation: Notation,
    private readonly onStep: (r: StepRecord) => void,
    /** Whether mine squares are shown (an omniscient trace) or hidden (a seat's view). */
    private readonly showMines = true,
  ) {}

  private name(m: number): string {
    return this.st().game.names[m];
  }

  private sq(s: number): string {
    return squareName(this.st().game.board, s);
  }

  beginStep(turn: number, step: number, cmds: ArrayLike<number>): void {
    const g = this.st().game;
    const commands: Record<string, string> = {};
    for (let m = 0; m < g.n; m++) if (this.st().alive[m]) commands[g.names[m]] = formatCommand(g, cmds[m], this.notation);
    this.rec = { turn, step, commands, machines: [], moves: [], bonks: [], teleports: [], choices: [], hot: [], hits: [], deaths: [], mines: [], repairs: [] };
    this.hotBy.clear();
  }

  move(m: number, from: number, to: number, phase: number): void {
    this.rec!.moves.push({ machine: this.name(m), from: this.sq(from), to: this.sq(to), phase });
  }

  bonk(m: number, other: number, phase: number): void {
    this.rec!.bonks.push({ machine: this.name(m), with: other >= 0 ? this.name(other) : null, phase });
  }

  teleport(m: number, sq: number): void {
    this.rec!.teleports.push({ machine: this.name(m), roll: this.sq(sq) });
  }

  choice(m: number, kind: 'target' | 'dodge', cmd: number): void {
    this.rec!.choices.push({ machine: this.name(m), kind, command: formatCommand(this.st().game, cmd, this.notation) });
  }

  hot(by: number, sq: number): void {
    let set = this.hotBy.get(by);
    if (!set) this.hotBy.set(by, (set = new Set()));
    set.add(sq);
  }

  hit(victim: number, by: number, amount: number, source: number): void {
    this.rec!.hits.push({ machine: this.name(victim), by: by >= 0 ? this.name(by) : null, damage: amount, source: DAMAGE_SOURCES[source] });
  }

  mine(owner: number, sq: number, event: 'laid' | 'armed' | 'triggered'): void {
    const square = this.showMines || event === 'triggered' ? this.sq(sq) : '?';
    this.rec!.mines.push({ owner: this.name(owner), square, event });
  }

  repair(m: number, hearts: number, shields: number): void {
    this.rec!.repairs.push({ machine: this.name(m), hearts, shields });
  }

  death(m: number): void {
    this.rec!.deaths.push(this.name(m));
  }

  endStep(): void {
    const r = this.rec!;
    for (const [by, set] of this.hotBy) r.hot.push({ by: this.name(by), squares: [...set].map((s) => this.sq(s)) });
    r.machines = machineViews(this.st());
    this.onStep(r);
    this.rec = null;
  }
}
