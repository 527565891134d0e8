/**
 * Terminal playback of a replay of any ruleset: each record drawn by the
 * ruleset's `showRecord` from the record and the header's game description
 * alone (NHM: the board, from the recorded machines, hot squares and mines, so
 * old replays play back without their bots or catalogue), else as one JSON
 * line per record; and a driver that prints the frames all at once, on a
 * timer, or one per key press.
 */
import { HavocError } from '../core/errors.js';
import type { AnyGameModule } from '../core/game.js';
import type { Replay, ReplayResult } from '../store/replayFormat.js';

/** One picture: the game after a record (turn 0 step 0 is the start). */
export interface Frame {
  turn: number;
  step: number;
  text: string;
}

/** Whose secrets to show (NHM: mines): every seat's, none, or one seat's (as that seat saw them). */
export type MineView = 'all' | 'none' | string;

/**
 * Draws every record of a replay, the start first, with `mod.showRecord`
 * (null or a module without it: JSON lines). A record's turn is its `turn`
 * field when it has one, else its place (the first record is turn 1).
 */
export function replayFrames(replay: Replay, mod: AnyGameModule | null, view: MineView = 'all'): Frame[] {
  const h = replay.header;
  const show = mod?.present?.showRecord && h.game !== null && h.game !== undefined ? mod.present.showRecord : null;
  const seats = h.seats.map((s, i) => `${s}: ${h.bots[i] ?? ''}`).join('  ');
  const frames: Frame[] = [{ turn: 0, step: 0, text: `start   ${seats}${show ? `\n${show(h.game, null, view)}` : ''}` }];
  replay.steps.forEach((r, i) => {
    const turn = typeof r.turn === 'number' ? r.turn : i + 1;
    const step = typeof r.step === 'number' ? r.step : 0;
    frames.push({ turn, step, text: show ? show(h.game, r, view) : JSON.stringify(r) });
  });
  return frames;
}

/** The result in one line: the winner (or a draw, or who shares first place), the reason, turns, the ruleset's figures and the faults. */
export function resultLine(r: ReplayResult | null, seats?: readonly string[]): string {
  if (!r) return 'result: none recorded (the replay was cut short)';
  const firsts = seats && r.ranks ? seats.filter((_, i) => r.ranks[i] === 0) : [];
  const shared = firsts.length > 0 && seats && firsts.length < seats.length;
  const outcome = r.winner ? `${r.winner} wins${r.winner_side ? ` (${r.winner_side})` : ''}` : shared ? (r.winner_side ? `${r.winner_side} wins (${firsts.join(' and ')})` : `${firsts.join(', ')} share first place`) : 'draw';
  const figures = Object.entries(r.figures ?? {}).map(([k, v]) => `; ${k} ${v.join('/')}`).join('');
  return `result: ${outcome} (${r.reason}) after ${r.turns} turns${figures}; faults ${r.faults.join('/')}`;
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
  /** The seats' names (the result line names a shared first place). */
  seats?: readonly string[];
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
    opts.out(`\n${resultLine(result, opts.seats)}\n`);
    return;
  }
  opts.hint?.('keys: enter/space/n next, b back, q quit, a number then enter jumps to that turn\n');
  for (;;) {
    show(i);
    if (i === frames.length - 1) opts.out(`\n${resultLine(result, opts.seats)}\n`);
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
