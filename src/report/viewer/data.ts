/**
 * Replays as the report's viewer reads them: one compact frame per step (the
 * start first), machines as small arrays, events already written out, so a
 * page with a few dozen replays stays a few megabytes.
 */
import type { Replay } from '../../arena/replayFormat.js';
import { resultLine } from '../../replay/play.js';

/** A machine in a frame: square (null when gone), facing N/E/S/W, hearts, shields, alive. */
export type ViewerMachine = [string | null, string, number, number, boolean];

export interface ViewerFrame {
  /** Turn and step; 0, 0 for the start. */
  t: number;
  s: number;
  /** Machines in header order. */
  m: ViewerMachine[];
  /** Command per machine name this step. */
  c: Record<string, string>;
  /** Hot squares of the step. */
  hot: string[];
  /** Mines on the board after the step: [owner index, square, armed]. */
  mines: [number, string, boolean][];
  /** What happened, in words. */
  ev: string[];
}

export interface ViewerReplay {
  /** File name under replays/. */
  file: string;
  ruleset: string;
  rulesVersion: string;
  board: { width: number; height: number };
  machines: { name: string; bot: string; loadout: string; loadoutName: string }[];
  frames: ViewerFrame[];
  result: string;
  faults: { seat: number; turn: number; kind: string; message: string }[];
}

/** Converts a replay for the viewer. */
export function viewerReplay(file: string, r: Replay): ViewerReplay {
  const h = r.header;
  const names = h.machines.map((m) => m.name);
  const frames: ViewerFrame[] = [
    {
      t: 0,
      s: 0,
      m: h.machines.map((m) => [m.square, m.facing, m.hearts, m.shields, m.hearts > 0]),
      c: {},
      hot: [],
      mines: [],
      ev: ['start'],
    },
  ];
  for (const st of r.steps) {
    const byName = new Map(st.machines.map((m) => [m.name, m]));
    const ev: string[] = [];
    for (const x of st.choices) ev.push(`${x.machine} ${x.kind}: ${x.command}`);
    for (const x of st.teleports) ev.push(`${x.machine} teleports to ${x.roll}`);
    for (const x of st.moves) ev.push(`${x.machine} ${x.from}→${x.to}`);
    for (const x of st.bonks) ev.push(`${x.machine} bonks ${x.with ?? 'the edge'}`);
    for (const x of st.hits) ev.push(`${x.machine} hit for ${x.damage}${x.by ? ` by ${x.by}` : ''} (${x.source})`);
    for (const x of st.mines) ev.push(`${x.owner}'s mine ${x.event} on ${x.square}`);
    for (const x of st.repairs) ev.push(`${x.machine} repairs ${x.hearts}♥ ${x.shields}◆`);
    for (const x of st.deaths) ev.push(`${x} is wrecked`);
    frames.push({
      t: st.turn,
      s: st.step,
      m: names.map((n) => {
        const v = byName.get(n);
        return v ? [v.square, v.facing, v.hearts, v.shields, v.alive] : [null, 'N', 0, 0, false];
      }),
      c: st.commands,
      hot: [...new Set(st.hot.flatMap((x) => x.squares))],
      mines: (st.minefield ?? []).map((e) => [names.indexOf(e.owner), e.square, e.armed]),
      ev,
    });
  }
  return {
    file,
    ruleset: h.ruleset,
    rulesVersion: h.rulesVersion,
    board: h.board,
    machines: h.machines.map((m, i) => ({ name: m.name, bot: h.bots[i] ?? '', loadout: m.loadout, loadoutName: m.loadoutName })),
    frames,
    result: resultLine(r.result),
    faults: r.result?.faultLog ?? [],
  };
}
