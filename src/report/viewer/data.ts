/**
 * Replays as the report's viewer reads them. A replay whose ruleset draws it
 * as a board (`GameModule.boardView`, through the game interface: the NHM
 * engine's square board with machines, say) becomes that board's frames;
 * any other replay is its records as text, one per frame.
 */
import type { Replay } from '../../store/replayFormat.js';
import type { BoardFrame, BoardPiece, BoardView, SeatViews } from '../../core/game.js';
import { resultLine } from '../../replay/play.js';
import { seatViewsWithBeliefs } from './beliefs.js';

/** A machine in a frame: square (null when gone), facing N/E/S/W, hearts, shields, alive. */
export type ViewerMachine = BoardPiece;

export type ViewerFrame = BoardFrame;

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
  board: BoardView['board'];
  machines: (BoardView['pieces'][number] & { bot: string })[];
  frames: ViewerFrame[];
  /** What each seat knew, frame by frame, with its bot's beliefs, and each seat's name and bot (a hidden-information game's board view); absent otherwise. */
  seatViews?: SeatViews & { names: string[]; bots: string[] };
}

/** A replay as its records: the start and then one record (JSON text) per frame. */
export interface RecordsReplay extends ViewerCommon {
  view: 'records';
  seats: { name: string; bot: string }[];
  /** Per frame: the turn it belongs to (the record's `turn`, else its place) and the record as JSON; the start is `[0, ""]`. */
  records: [number, string][];
}

export type ViewerReplay = BoardReplay | RecordsReplay;

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
          ? `${res.winner_side ? `${res.winner_side}: ` : ''}${h.seats.map((_, i) => i).filter((i) => res.ranks[i] === 0).map(side).join(' and ')} won`
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
export function viewerReplay(
  file: string, r: Replay, chosen?: ChosenNote, legend: readonly (readonly [string, string])[] = [], board: BoardView | null = null,
): ViewerReplay {
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
  if (!board) {
    return {
      ...common,
      view: 'records',
      seats: h.seats.map((name, i) => ({ name, bot: h.bots[i] ?? '' })),
      records: [[0, ''], ...r.steps.map((s, i): [number, string] => [typeof s.turn === 'number' ? s.turn : i + 1, JSON.stringify(s)])],
    };
  }
  return {
    ...common,
    view: 'board',
    board: board.board,
    machines: board.pieces.map((p, i) => ({ ...p, bot: h.bots[p.seat ?? i] ?? '' })),
    frames: board.frames,
    ...(board.seatViews ? { seatViews: { ...seatViewsWithBeliefs(board.seatViews, r, board.frames.length), names: h.seats, bots: h.seats.map((_, s) => h.bots[s] ?? '') } } : {}),
  };
}
