/**
 * Battle Engine's notation. A step: `m b2 b3` (move), `h b3 b4` (hit),
 * `s b3 b7` (shoot), `p b3 b2` (panic move), `e b1` (escape), `end`, `pass`.
 * A deployment: `piece@square` for every piece of the army, e.g.
 * `gen@d1 cpt@c1 pvt@a1 pvt@b1` (any order; written in army order, squares
 * rising within a piece type).
 */
import { HavocError } from '../../core/errors.js';
import type { Parsed } from '../../core/game.js';
import { parseSquare, squareName } from './board.js';
import { DEPLOY, END, ESCAPE, HIT, MOVE, PANIC_MOVE, PASS, SHOOT, stepAction, type BeAction } from './actions.js';
import type { BeGame } from './state.js';

const LETTERS = ['m', 'h', 's', 'p', 'e'];
const WORDS = [MOVE, HIT, SHOOT, PANIC_MOVE, ESCAPE];

const bad = (where: string, problem: string): Parsed<BeAction> => ({ ok: false, error: new HavocError('ERR_ACTION', where, problem) });

/** Writes a step or a deployment of `seat`. */
export function formatAction(g: BeGame, seat: number, a: BeAction): string {
  const name = (q: number): string => squareName(g.board, q);
  if (a.t === DEPLOY) return (a.squares ?? []).map((q, k) => `${g.roster.pieces[g.type[g.first[seat] + k]].key}@${name(q)}`).join(' ');
  if (a.t === END) return 'end';
  if (a.t === PASS) return 'pass';
  const letter = LETTERS[WORDS.indexOf(a.t)];
  return a.t === ESCAPE ? `${letter} ${name(a.from)}` : `${letter} ${name(a.from)} ${name(a.to)}`;
}

/** Reads a step. */
export function parseStep(g: BeGame, raw: unknown, where: string): Parsed<BeAction> {
  if (typeof raw !== 'string') return bad(where, `a step is text like "m b2 b3", "h b3 b4", "s b3 b7", "p b3 b2", "e b1", "end" or "pass", not ${raw === null ? 'null' : typeof raw}`);
  const w = raw.trim().toLowerCase().split(/\s+/);
  if (w.length === 1 && w[0] === 'end') return { ok: true, value: stepAction(END) };
  if (w.length === 1 && w[0] === 'pass') return { ok: true, value: stepAction(PASS) };
  const k = LETTERS.indexOf(w[0]);
  if (k < 0) return bad(where, `"${raw}": a step starts with m, h, s, p or e, or is end or pass`);
  const t = WORDS[k], need = t === ESCAPE ? 2 : 3;
  if (w.length !== need) return bad(where, `"${raw}": ${w[0]} takes ${need - 1} square${need === 2 ? '' : 's'}`);
  const from = parseSquare(g.board, w[1]), to = need === 3 ? parseSquare(g.board, w[2]) : -1;
  if (from < 0 || (need === 3 && to < 0)) return bad(where, `"${raw}": not a square of the ${g.board.width} x ${g.board.height} board`);
  return { ok: true, value: stepAction(t, from, to) };
}

/** Reads a deployment of `seat`: every piece of its army once, each on a square. */
export function parseDeploy(g: BeGame, seat: number, raw: unknown, where: string): Parsed<BeAction> {
  if (typeof raw !== 'string' || raw.trim() === '') return bad(where, 'a deployment is text like "gen@d1 pvt@a1 pvt@b1", every piece of the army once');
  const first = g.first[seat], n = g.first[seat + 1] - first;
  const byType = new Map<number, number[]>();
  for (const tok of raw.trim().split(/\s+/)) {
    const m = /^([a-z][a-z0-9-]*)@([a-z][0-9]+)$/.exec(tok.toLowerCase());
    const t = m ? g.roster.byKey.get(m[1]) : undefined;
    if (!m || t === undefined) return bad(where, `"${tok}" is not piece@square (pieces: ${g.roster.pieces.map((p) => p.key).join(', ')})`);
    const q = parseSquare(g.board, m[2]);
    if (q < 0) return bad(where, `"${tok}": ${m[2]} is not a square of the board`);
    let list = byType.get(t);
    if (!list) byType.set(t, (list = []));
    list.push(q);
  }
  const squares: number[] = [];
  for (let k = 0; k < n; k++) {
    const t = g.type[first + k];
    const list = byType.get(t);
    if (!list || list.length === 0) return bad(where, `the army's ${g.roster.pieces[t].key} pieces are not all placed`);
    // squares rise within a type: pieces of one type are interchangeable
    if (k === 0 || g.type[first + k - 1] !== t) list.sort((x, y) => x - y);
    squares.push(list.shift()!);
  }
  for (const [t, list] of byType) if (list.length > 0) return bad(where, `more ${g.roster.pieces[t].key} pieces placed than the army has`);
  return { ok: true, value: { t: DEPLOY, from: -1, to: -1, squares } };
}
