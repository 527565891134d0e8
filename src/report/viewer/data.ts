/**
 * Replays as the report's viewer reads them. A replay whose game is a square
 * board with machines (the NHM engine's description: `board`, `machines`
 * with squares and facings; records with `turn`, `step`, `machines`) becomes
 * one compact frame per step (the start first), machines as small arrays,
 * events already written out, so a page with a few dozen replays stays a few
 * megabytes. Any other replay is its records as text, one per frame.
 */
import type { Replay } from '../../arena/replayFormat.js';
import type { NhmGameDescription, NhmReplayStep } from '../../rules/nhm/replay.js';
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
  /** Hot squares of the step: [shooter index, square] (a square two machines fire at appears twice). */
  hot: [number, string][];
  /** Indices of the machines hit this step (the viewer flashes them). */
  hit: number[];
  /** Mines on the board after the step: [owner index, square, armed]. */
  mines: [number, string, boolean][];
  /** What happened, in words. */
  ev: string[];
}

interface ViewerCommon {
  /** File name under replays/. */
  file: string;
  /** The match id (from the file name), or null. */
  id: number | null;
  /** What the dropdown shows: `#10 minimax vs nash — nash lost (kill, turn 23)`. */
  title: string;
  /** The notation's words the seats may write and what each does (the ruleset's `legend`); empty when unknown. */
  legend: (readonly [string, string])[];
  ruleset: string;
  rulesVersion: string;
  result: string;
  faults: { seat: number; turn: number; kind: string; message: string }[];
}

/** A replay on a board. */
export interface BoardReplay extends ViewerCommon {
  view: 'board';
  board: { width: number; height: number };
  machines: { name: string; bot: string; loadout: string; loadoutName: string }[];
  frames: ViewerFrame[];
}

/** A replay as its records: the start and then one record (JSON text) per frame. */
export interface RecordsReplay extends ViewerCommon {
  view: 'records';
  seats: { name: string; bot: string }[];
  /** Per frame: the turn it belongs to (the record's `turn`, else its place) and the record as JSON; the start is `[0, ""]`. */
  records: [number, string][];
}

export type ViewerReplay = BoardReplay | RecordsReplay;

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Whether a replay's game and records have the board shape the board viewer draws. */
function onBoard(r: Replay): boolean {
  const g = r.header.game;
  if (!isObj(g) || !isObj(g.board) || !Number.isInteger(g.board.width) || !Number.isInteger(g.board.height) || !Array.isArray(g.machines)) return false;
  const machine = (m: unknown): boolean => isObj(m) && typeof m.name === 'string' && typeof m.facing === 'string' && typeof m.hearts === 'number' && typeof m.shields === 'number';
  if (!g.machines.every((m) => machine(m) && typeof (m as { square?: unknown }).square === 'string')) return false;
  return r.steps.every((s) => typeof s.turn === 'number' && typeof s.step === 'number' && Array.isArray(s.machines) && isObj(s.commands) && Array.isArray(s.hot));
}

/** Why the run chose a match (replays/chosen.json, arena/interest.ts). */
export interface ChosenNote {
  readonly why: string;
  readonly loser?: string;
}

/**
 * A replay's title: its id, the sides (bots, or loadouts when every seat had
 * the same bot, or both when both differ), and how it ended — "X lost" when
 * it was chosen as X's loss, else the winner.
 */
export function replayTitle(id: number | null, r: Replay, chosen?: ChosenNote): string {
  const h = r.header, g = h.game as { machines?: { loadoutName?: string; loadout?: string }[] } | null;
  const loadouts = h.seats.map((_, i) => g?.machines?.[i]?.loadoutName ?? g?.machines?.[i]?.loadout ?? null);
  const differ = (xs: readonly (string | null)[]): boolean => new Set(xs).size > 1;
  const botsDiffer = differ(h.bots), loadoutsDiffer = loadouts.every((l) => l !== null) && differ(loadouts);
  const side = (i: number): string =>
    botsDiffer && loadoutsDiffer ? `${h.bots[i]} (${loadouts[i]})` : loadoutsDiffer ? String(loadouts[i]) : botsDiffer || !loadouts[i] ? (h.bots[i] ?? h.seats[i]) : String(loadouts[i]);
  const res = r.result;
  const win = res?.winner ? h.seats.indexOf(res.winner) : -1;
  const outcome = !res
    ? 'cut short'
    : chosen?.why === 'loss' && chosen.loser
      ? `${chosen.loser} lost`
      : win >= 0
        ? `${side(win)} won`
        : res.ranks.filter((x) => x === 0).length < res.ranks.length
          ? `${h.seats.map((_, i) => i).filter((i) => res.ranks[i] === 0).map(side).join(' and ')} won`
          : 'draw';
  const sides = h.seats.map((_, i) => side(i)).join(' vs ');
  return `${id === null ? '' : `#${id} `}${sides} — ${outcome}${res ? ` (${res.reason}, turn ${res.turns})` : ''}${chosen && chosen.why !== 'loss' ? ` · ${chosen.why}` : ''}`;
}

/** The match id of a replay file `match-ID.jsonl`, or null. */
export const replayId = (file: string): number | null => {
  const m = /^match-(\d+)\.jsonl$/.exec(file);
  return m ? Number(m[1]) : null;
};

/** Converts a replay for the viewer. */
export function viewerReplay(file: string, r: Replay, chosen?: ChosenNote, legend: readonly (readonly [string, string])[] = []): ViewerReplay {
  const h = r.header, id = replayId(file);
  const common: ViewerCommon = {
    file,
    id,
    title: replayTitle(id, r, chosen),
    legend: [...legend],
    ruleset: h.ruleset,
    rulesVersion: h.rulesVersion,
    result: resultLine(r.result, h.seats),
    faults: r.result?.faultLog ?? [],
  };
  if (!onBoard(r)) {
    return {
      ...common,
      view: 'records',
      seats: h.seats.map((name, i) => ({ name, bot: h.bots[i] ?? '' })),
      records: [[0, ''], ...r.steps.map((s, i): [number, string] => [typeof s.turn === 'number' ? s.turn : i + 1, JSON.stringify(s)])],
    };
  }
  const g = h.game as NhmGameDescription;
  const names = g.machines.map((m) => m.name);
  const frames: ViewerFrame[] = [
    {
      t: 0,
      s: 0,
      m: g.machines.map((m) => [m.square, m.facing, m.hearts, m.shields, m.hearts > 0]),
      c: {},
      hot: [],
      hit: [],
      mines: [],
      ev: ['start'],
    },
  ];
  for (const st of r.steps as unknown as NhmReplayStep[]) {
    const byName = new Map(st.machines.map((m) => [m.name, m]));
    const before = frames[frames.length - 1].m;
    const ev: string[] = [];
    for (const x of st.choices ?? []) ev.push(`${x.machine} ${x.kind}: ${x.command}`);
    for (const x of st.teleports ?? []) ev.push(`${x.machine} teleports to ${x.roll}`);
    for (const x of st.moves ?? []) ev.push(`${x.machine} ${x.from}→${x.to}`);
    for (const x of st.bonks ?? []) ev.push(`${x.machine} bonks ${x.with ?? 'the edge'}`);
    for (const x of st.hits ?? []) {
      // The weapon is the command its machine wrote this step; what the hit took, from the machine before and after.
      const weapon = x.by && x.source === 'weapon' ? st.commands[x.by] : null;
      const i = names.indexOf(x.machine), now = byName.get(x.machine);
      const lost = i >= 0 && now ? [before[i][3] - now.shields > 0 ? `shield absorbed ${before[i][3] - now.shields}` : '', before[i][2] - now.hearts > 0 ? `−${before[i][2] - now.hearts}♥` : ''].filter(Boolean) : [];
      ev.push(`${x.machine} hit for ${x.damage}${x.by ? ` by ${x.by}` : ''}${weapon ? `'s ${weapon}` : ` (${x.source})`}${lost.length ? `: ${lost.join(', ')}` : ''}`);
    }
    for (const x of st.mines ?? []) ev.push(`${x.owner}'s mine ${x.event} on ${x.square}`);
    for (const x of st.repairs ?? []) ev.push(`${x.machine} repairs ${x.hearts}♥ ${x.shields}◆`);
    for (const x of st.deaths ?? []) ev.push(`${x} is wrecked`);
    frames.push({
      t: st.turn,
      s: st.step,
      m: names.map((n) => {
        const v = byName.get(n);
        return v ? [v.square, v.facing, v.hearts, v.shields, v.alive] : [null, 'N', 0, 0, false];
      }),
      c: st.commands,
      hot: st.hot.flatMap((x) => x.squares.map((q): [number, string] => [names.indexOf(x.by), q])),
      hit: [...new Set((st.hits ?? []).map((x) => names.indexOf(x.machine)).filter((i) => i >= 0))],
      mines: (st.minefield ?? []).map((e) => [names.indexOf(e.owner), e.square, e.armed]),
      ev,
    });
  }
  return {
    ...common,
    view: 'board',
    board: g.board,
    machines: g.machines.map((m, i) => ({ name: m.name, bot: h.bots[i] ?? '', loadout: m.loadout, loadoutName: m.loadoutName })),
    frames,
  };
}
