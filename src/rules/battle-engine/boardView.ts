/**
 * A Battle Engine replay as a board for the report's viewer
 * (GameModule.boardView). Its records hold steps, not positions, so the view
 * plays them again on the described game (the coin, the rules' one die, is
 * read from who moved first). Frames: the deployment as each side placed it,
 * then what each side saw of the other once it was revealed (squares and
 * officer or not), then one frame a step. Each piece: its rank (roster key)
 * as its label, hit points left of its own as hearts, bonus points as
 * shields, and badges: ★ officer, ➶N arrows left, ! panicked (or, off the
 * board, how it left).
 */
import type { BoardFrame, BoardPiece, BoardView, SeatTable } from '../../core/game.js';
import { isObject } from '../../core/json.js';
import { arrowsLeft, legalSteps, type BeAction } from './actions.js';
import { squareName } from './board.js';
import { parseDeploy, parseStep } from './notation.js';
import { baseType, bonus, COIN, DEAD, ESCAPED, newBeState, ON, PANIC, PLAY, type BeGame, type BeState } from './state.js';
import { applyStep, deploy, tossCoin } from './step.js';

/** What the badges mean, for the viewer's key. */
export const BADGES: [string, string][] = [
  ['★', 'an officer (all the other side sees of a piece once deployment is revealed)'],
  ['➶2', 'arrows left'],
  ['!', 'panicked: only panic moves and escape from now on'],
  ['red, blue pips', 'hit points of its own left; bonus hit points from neighbours'],
];

interface DeployRecord {
  deploy: string[];
  events?: string[];
}
interface StepRecord {
  turn: number;
  seat: string;
  action: string;
  events?: string[];
}

/** The pieces' names: seat, roster key and a number where the seat has several of a type (`A.pvt3`). */
function pieceNames(g: BeGame): string[] {
  return Array.from(g.type, (t, p) => {
    const s = g.owner[p], key = g.roster.pieces[t].key, n = g.armies[s][t];
    return `${'AB'[s]}.${key}${n > 1 ? p - g.type.findIndex((u, q) => u === t && g.owner[q] === s) + 1 : ''}`;
  });
}

/** The seat table: each piece's type, hit points and bonus, and the one step of the turn (only the piece that acted). */
const SEATS: SeatTable = {
  piece: 'piece',
  build: 'type',
  figures: [
    { heading: 'hp', about: 'hit points left: its HITPTS less the damage taken', of: 'hearts' },
    { heading: 'bonus', about: 'bonus hit points from its officers around it', of: 'shields' },
  ],
  program: 'step this turn',
};

/** A piece as a frame holds it. */
function framePiece(st: BeState, p: number, veiled: boolean): BoardPiece {
  const t = baseType(st, p), f = st.flags[p];
  if (!(f & ON)) return [null, '', 0, 0, false, [f & DEAD ? 'killed' : f & ESCAPED ? 'escaped' : 'surrendered']];
  const at = squareName(st.game.board, st.sq[p]);
  const arrows = arrowsLeft(st, p);
  const badges = [...(t.officer ? ['★'] : []), ...(arrows > 0 ? [`➶${arrows}`] : []), ...(f & PANIC ? ['!'] : [])];
  // Veiled (what the other side saw): the officer mark alone; the hit points stay for the viewer's table.
  return [at, '', Math.max(0, t.hp - st.dmg[p]), bonus(st, p), true, veiled ? badges.filter((x) => x === '★') : badges];
}

const frameOf = (st: BeState, veiled = false): BoardPiece[] => Array.from(st.game.type, (_, p) => framePiece(st, p, veiled));

/** The board view of a replay of `g` (read from its description), or null when its records do not replay on it. */
export function beBoardView(g: BeGame, records: readonly object[]): BoardView | null {
  const first = records[0] as DeployRecord | undefined;
  if (!first || !Array.isArray(first.deploy) || first.deploy.length !== 2) return null;
  const st = newBeState(g, 'view');
  const names = pieceNames(g), sqName = (q: number): string => squareName(g.board, q);
  const squares: number[][] = [];
  for (let s = 0; s < 2; s++) {
    const p = parseDeploy(g, s, first.deploy[s], 'deploy');
    if (!p.ok) return null;
    squares.push([...p.value.squares!]);
  }
  deploy(st, squares, null);
  const frames: BoardFrame[] = [
    {
      t: 0, s: 0, name: 'deployment, as placed', m: frameOf(st), c: {}, hot: [], hit: [], mines: [],
      ev: ['Both sides deploy at once and in secret: each placed its pieces without seeing the other\'s.', `A: ${first.deploy[0]}`, `B: ${first.deploy[1]}`],
    },
  ];
  const steps = records.slice(1) as StepRecord[];
  // The coin, when the rows tie: whoever moved first won it.
  if (st.phase === COIN) tossCoin(st, steps[0]?.seat === 'B' ? 1 : 0, null);
  frames.push({
    t: 0, s: 1, name: 'deployment, revealed', veiled: true, m: frameOf(st, true), c: {}, hot: [], hit: [], mines: [],
    ev: ['Revealed: each side sees where the other\'s pieces stand and which are officers (★), nothing more.', ...(first.events ?? [])],
  });
  const legal: BeAction[] = [];
  let turn = -1, step = 0;
  for (const r of steps) {
    if (!isObject(r) || typeof r.action !== 'string' || st.phase !== PLAY || r.seat !== 'AB'[st.toMove]) return null;
    const seat = st.toMove;
    const p = parseStep(g, r.action, 'act');
    if (!p.ok) return null;
    const a = p.value;
    if (!legalSteps(st, seat, legal).some((l) => l.t === a.t && l.from === a.from && l.to === a.to)) return null;
    const actor = st.active >= 0 ? st.active : a.from >= 0 ? st.occ[a.from] : -1;
    const target = a.to >= 0 ? st.occ[a.to] : -1;
    const attack = target >= 0 && g.owner[target] !== seat;
    const hpBefore = target >= 0 ? st.dmg[target] : 0;
    applyStep(st, a, null, sqName);
    if (r.turn !== turn) (turn = r.turn), (step = 0);
    step++;
    frames.push({
      t: r.turn + 1,
      s: step,
      m: frameOf(st),
      c: actor >= 0 ? { [names[actor]]: r.action } : {},
      hot: attack && actor >= 0 ? [[actor, sqName(a.to)]] : [],
      hit: attack && (st.dmg[target] !== hpBefore || !(st.flags[target] & ON)) ? [target] : [],
      mines: [],
      ev: r.events && r.events.length ? r.events : [`${r.seat}: ${r.action}`],
    });
  }
  const b = g.board;
  return {
    board: { width: b.width, height: b.height, bands: [{ row: b.rowsPerSide + 1, label: 'no man\'s land' }], badges: BADGES, programs: 'actors', seats: SEATS, note: 'A square attacked has the colour of the attacking side; pips under a piece are its hit points left (red) and bonus points (blue), a red ring a hit this step; the badges are in the key.' },
    pieces: names.map((name, p) => {
      const t = g.roster.pieces[g.type[p]];
      return { name, loadout: t.key, loadoutName: t.name, seat: g.owner[p], label: t.key };
    }),
    frames,
  };
}
