/**
 * An NHM-engine replay as a board for a viewer (GameModule.boardView): the
 * game's description and step records turned into one compact frame per step
 * (the start first), pieces as small arrays, events already written out — a
 * hit names the shooter's weapon command and what it took — so a page with a
 * few dozen replays stays a few megabytes.
 */
import type { BoardFrame, BoardView, SeatTable } from '../../core/game.js';
import type { NhmGameDescription, NhmReplayStep } from './replay.js';
import { isObject } from '../../core/json.js';


/** Whether a description and records have the shape this view reads (older or foreign replays may not). */
function readable(g: unknown, records: readonly object[]): g is NhmGameDescription {
  if (!isObject(g) || !isObject(g.board) || !Number.isInteger(g.board.width) || !Number.isInteger(g.board.height) || !Array.isArray(g.machines)) return false;
  const machine = (m: unknown): boolean =>
    isObject(m) && typeof m.name === 'string' && typeof m.facing === 'string' && typeof m.hearts === 'number' && typeof m.shields === 'number' && typeof m.square === 'string';
  if (!g.machines.every(machine)) return false;
  return records.every((s) => isObject(s) && typeof s.turn === 'number' && typeof s.step === 'number' && Array.isArray(s.machines) && isObject(s.commands) && Array.isArray(s.hot));
}

/** What a flavour's board calls things: the seat table, and the legend's note (a sentence; `mines` says whether mines are offered). */
export interface BoardWords {
  readonly seats: SeatTable;
  note(mines: boolean): string;
}

/** NHM's words: machines with their loadouts, hearts and shields, and the turn's five-command program. */
export const NHM_WORDS: BoardWords = {
  seats: {
    piece: 'machine',
    build: 'loadout',
    figures: [
      { heading: '♥', about: 'hearts', of: 'hearts' },
      { heading: '◆', about: 'shields', of: 'shields' },
    ],
    program: 'program this turn',
  },
  note: (mines) =>
    `A hot square has the colour of the machine firing at it; pips under a piece are its hearts (red) and shields (blue), a red ring a hit this step; a wreck is a grey square${mines ? '; mines show per owner' : ''}.`,
};

/** The board view of an NHM-engine replay, or null when it is not one this view reads; `words`, the flavour's (Robo Battle Pigs has its own). */
export function nhmBoardView(desc: unknown, records: readonly object[], words: BoardWords = NHM_WORDS): BoardView | null {
  if (!readable(desc, records)) return null;
  const g = desc;
  const names = g.machines.map((m) => m.name);
  const frames: BoardFrame[] = [
    { t: 0, s: 0, m: g.machines.map((m) => [m.square, m.facing, m.hearts, m.shields, m.hearts > 0]), c: {}, hot: [], hit: [], mines: [], ev: ['start'] },
  ];
  for (const st of records as NhmReplayStep[]) {
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
      const shield = i >= 0 && now ? before[i][3] - now.shields : 0, hearts = i >= 0 && now ? before[i][2] - now.hearts : 0;
      const took = [shield > 0 ? `shield absorbed ${shield}` : '', hearts > 0 ? `−${hearts}♥` : ''].filter(Boolean);
      ev.push(`${x.machine} hit for ${x.damage}${x.by ? ` by ${x.by}` : ''}${weapon ? `'s ${weapon}` : ` (${x.source})`}${took.length ? `: ${took.join(', ')}` : ''}`);
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
  // Mines are offered only where a machine can lay them (Robo Battle Pigs' pigs cannot).
  const mines = g.machines.some((m) => m.loadout.split('/')[0].split('+').includes('mines'));
  return { board: { ...g.board, ...(mines ? { markers: 'Mines' } : {}), note: words.note(mines), seats: words.seats }, pieces: g.machines.map((m) => ({ name: m.name, loadout: m.loadout, loadoutName: m.loadoutName })), frames };
}
