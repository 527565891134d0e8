/**
 * Terminal playback: each step of a replay drawn as the board (rules/nhm
 * board.ts, from the recorded machines, hot squares and mines, so old replays
 * play back without their bots or catalogue), and a driver that prints the
 * frames all at once, on a timer, or one per key press.
 */
import { FACINGS, makeBoard, parseSquare } from '../core/grid.js';
import { HavocError } from '../core/errors.js';
import { drawBoard } from '../rules/nhm/board.js';
import type { State } from '../rules/nhm/state.js';
import type { MachineView } from '../rules/nhm/record.js';
import type { MinefieldEntry, Replay, ReplayResult } from '../arena/replayFormat.js';

/** One picture: the board after a step (turn 0 step 0 is the start). */
export interface Frame {
  turn: number;
  step: number;
  text: string;
}

/** Whose mines to show: every owner's, none, or one owner's (as that owner saw them). */
export type MineView = 'all' | 'none' | string;

/** Draws every step of a replay, the start first. */
export function replayFrames(replay: Replay, mines: MineView = 'all'): Frame[] {
  const h = replay.header;
  const start: MachineView[] = h.machines.map((m) => ({ name: m.name, square: m.square, facing: m.facing, hearts: m.hearts, shields: m.shields, alive: m.hearts > 0 }));
  const cmds = (c: Record<string, string>): string => Object.entries(c).map(([k, v]) => `${k}: ${v}`).join('  ');
  const frames: Frame[] = [{ turn: 0, step: 0, text: `start   ${h.machines.map((m, i) => `${m.name}: ${h.bots[i]} as ${m.loadoutName}`).join('  ')}\n${board(replay, start, [], [], mines)}` }];
  for (const r of replay.steps) {
    const hot = r.hot.flatMap((x) => x.squares);
    const ev = events(r);
    frames.push({ turn: r.turn, step: r.step, text: `turn ${r.turn} step ${r.step}   ${cmds(r.commands)}\n${board(replay, r.machines, hot, r.minefield, mines)}${ev ? '\n' + ev : ''}` });
  }
  return frames;
}

/** The result in one line. */
export function resultLine(r: ReplayResult | null): string {
  if (!r) return 'result: none recorded (the replay was cut short)';
  return `result: ${r.winner ? `${r.winner} wins` : 'draw'} (${r.reason}) after ${r.turns} turns; damage dealt ${r.dealt.join('/')}; faults ${r.faults.join('/')}`;
}

function events(r: Replay['steps'][number]): string {
  const out: string[] = [];
  for (const x of r.choices) out.push(`${x.machine} ${x.kind} → ${x.command}`);
  for (const x of r.teleports) out.push(`${x.machine} teleports to ${x.roll}`);
  for (const x of r.bonks) out.push(`${x.machine} bonks ${x.with ?? 'the edge'}`);
  for (const x of r.hits) out.push(`${x.machine} hit for ${x.damage}${x.by ? ` by ${x.by}` : ''} (${x.source})`);
  for (const x of r.mines) out.push(`${x.owner}'s mine ${x.event} on ${x.square}`);
  for (const x of r.repairs) out.push(`${x.machine} repairs ${x.hearts}♥ ${x.shields}◆`);
  for (const x of r.deaths) out.push(`${x} is wrecked`);
  return out.join('; ');
}

/**
 * The fields of a State that drawBoard reads, filled from records. drawBoard
 * is a pure function of these, so a replay draws without its catalogue.
 */
type BoardState = Pick<State, 'occ' | 'alive' | 'facing' | 'sq' | 'hearts' | 'shields' | 'mineOwner'> & { game: { board: State['game']['board']; names: readonly string[] } };

function board(replay: Replay, machines: readonly MachineView[], hot: readonly string[], field: readonly MinefieldEntry[], mines: MineView): string {
  const h = replay.header;
  const b = makeBoard(h.board.width, h.board.height);
  const names = h.machines.map((m) => m.name);
  const n = names.length;
  const st: BoardState = {
    game: { board: b, names },
    occ: new Int16Array(b.size).fill(-1),
    alive: new Uint8Array(n),
    facing: new Uint8Array(n),
    sq: new Int16Array(n).fill(-1),
    hearts: new Int8Array(n),
    shields: new Int8Array(n),
    mineOwner: new Uint8Array(b.size),
  };
  for (const v of machines) {
    const m = names.indexOf(v.name);
    if (m < 0) continue;
    const s = v.square ? parseSquare(b, v.square) : -1;
    st.sq[m] = s;
    if (s >= 0) st.occ[s] = m;
    st.alive[m] = v.alive ? 1 : 0;
    st.facing[m] = Math.max(0, FACINGS.indexOf(v.facing as (typeof FACINGS)[number]));
    st.hearts[m] = v.hearts;
    st.shields[m] = v.shields;
  }
  if (mines !== 'none')
    for (const e of field) {
      const s = parseSquare(b, e.square), m = names.indexOf(e.owner);
      if (s >= 0 && m >= 0 && (mines === 'all' || mines === e.owner)) st.mineOwner[s] |= 1 << m;
    }
  const hotSet = new Set(hot.map((s) => parseSquare(b, s)).filter((s) => s >= 0));
  return drawBoard(st as unknown as State, hotSet, true);
}

/** A viewer's wish between frames. */
export type Control = { kind: 'next' } | { kind: 'back' } | { kind: 'quit' } | { kind: 'turn'; turn: number };

export interface PlaybackOptions {
  out: (s: string) => void;
  /** Start at this turn (its first step); 0 or absent: the start. */
  turn?: number;
  /** Milliseconds between frames; 0 prints everything at once. */
  delay?: number;
  /** When given, wait for a control after every frame (`--step`). */
  controls?: () => Promise<Control>;
  /** Clear the screen before each frame (a terminal watching). */
  clear?: boolean;
  /** Where to say what keys do (stderr). */
  hint?: (s: string) => void;
}

/** Index of the first frame of turn `turn` (the start for 0); -1 when the replay has no such turn. */
export function frameOfTurn(frames: readonly Frame[], turn: number): number {
  if (turn <= 0) return 0;
  return frames.findIndex((f) => f.turn === turn);
}

/** Plays frames back: all at once, on a timer, or under `controls`. Ends with the result line. */
export async function playFrames(frames: readonly Frame[], result: ReplayResult | null, opts: PlaybackOptions): Promise<void> {
  let i = frameOfTurn(frames, opts.turn ?? 0);
  if (i < 0) throw new HavocError('ERR_ARGS', '--turn', `no turn ${opts.turn}: the replay has turns 1 to ${frames[frames.length - 1].turn}`);
  let first = true;
  const show = (k: number): void => {
    opts.out(`${opts.clear ? '\x1b[2J\x1b[H' : first ? '' : '\n'}${frames[k].text}\n`);
    first = false;
  };
  if (!opts.controls) {
    for (let k = i; k < frames.length; k++) {
      if (k > i && opts.delay) await new Promise((r) => setTimeout(r, opts.delay));
      show(k);
    }
    opts.out(`\n${resultLine(result)}\n`);
    return;
  }
  opts.hint?.('keys: enter/space/n next, b back, q quit, a number then enter jumps to that turn\n');
  for (;;) {
    show(i);
    if (i === frames.length - 1) opts.out(`\n${resultLine(result)}\n`);
    const c = await opts.controls();
    if (c.kind === 'quit') return;
    if (c.kind === 'next') {
      if (i === frames.length - 1) return;
      i++;
    } else if (c.kind === 'back') i = Math.max(0, i - 1);
    else {
      const j = frameOfTurn(frames, c.turn);
      if (j < 0) opts.hint?.(`no turn ${c.turn}\n`);
      else i = j;
    }
  }
}
